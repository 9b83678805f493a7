import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { CoreClient } from './core/client';
import type { CoreModule } from './core/handle-request';
import { liveEvaluate } from './core/pageCore';
import { warmSearch } from './core/search';
import type { ProjectFileOutcome } from './core/types';
import { loadUserCatalog } from './files/catalog';
import { attempt } from './files/failures';
import { loadBundledIcons } from './icons';
import { findRecovery, startAutosave } from './files/recovery';
import { holdSessionLock, liveSessions } from './files/sessionLock';
import { detectPlatform } from './platform';
import { ServicesProvider } from './services';
import { createAppStore, openDocument } from './store';
import { evaluateOnChange } from './store/liveEvaluation';

/**
 * The app's icons, loaded while main.tsx waits for the core: main.tsx
 * awaits this before `startApp`, so the first render draws them.
 */
export const bundledIconsLoaded = loadBundledIcons();

/**
 * Everything after the core's check of the example: the store, the files,
 * the window. `worker` answers every call but the live evaluation, which
 * `page` (the module on the page) answers where it can.
 */
export function startApp(
  { worker: core, page }: { worker: CoreClient; page: CoreModule },
  fileName: string,
  checked: ProjectFileOutcome,
) {
  if (checked.status !== 'valid') {
    throw new Error(
      `the built-in example is invalid: ${checked.issues.map((i) => i.message).join('; ')}`,
    );
  }
  const store = createAppStore(checked.project);
  openDocument(store, checked.project, fileName);
  evaluateOnChange(store, liveEvaluate(page, core));
  // The design search's Worker compiles its core once the first figures are
  // up (not before: it would compete with them for the CPU), so that a
  // search starts at once instead of waiting for the compile.
  const stopWaiting = store.subscribe((state) => {
    if (!state.evaluation) return;
    stopWaiting();
    if ('requestIdleCallback' in window) requestIdleCallback(warmSearch, { timeout: 2000 });
    else setTimeout(warmSearch, 0);
  });
  // Each page load is a window session with its own recovery copy, alive
  // while it holds its lock.
  const sessionId = crypto.randomUUID();
  holdSessionLock(sessionId);
  const platform = detectPlatform(sessionId);
  attempt(store, 'Looking for a recovery copy', async () =>
    store.getState().setRecoveryOffer(await findRecovery(platform, () => liveSessions())),
  );
  startAutosave(store, platform);
  attempt(store, 'Loading your kept catalog', async () => {
    const issues = await loadUserCatalog({ core, store, platform });
    if (issues.length > 0) {
      store.getState().showFileProblem({ fileName: 'Your kept catalog', issues });
    }
  });

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  createRoot(rootElement).render(
    <StrictMode>
      <ServicesProvider services={{ core, store, platform }}>
        <App />
      </ServicesProvider>
    </StrictMode>,
  );
}
