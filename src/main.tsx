import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createCoreClient } from './core/client';
import { defaultExample, examples } from './examples';
import { loadUserCatalog } from './files/catalog';
import { findRecovery, startAutosave } from './files/recovery';
import { detectPlatform } from './platform';
import { ServicesProvider } from './services';
import { createAppStore, openDocument } from './store';
import { evaluateOnChange } from './store/liveEvaluation';
import './styles.css';

const example = examples.find((e) => e.fileName === defaultExample);
if (!example) throw new Error(`the built-in example ${defaultExample} is missing`);

const core = createCoreClient();
// The core checks the example and fills in every default, so each settings
// field shows its value from the first frame.
const checked = await core.call('project/check-file', { projectJson: example.text });
if (checked.status !== 'valid') {
  throw new Error(
    `the built-in example is invalid: ${checked.issues.map((i) => i.message).join('; ')}`,
  );
}
const store = createAppStore(checked.project);
openDocument(store, checked.project, example.fileName);
evaluateOnChange(store, (projectJson) => core.call('project/evaluate', { projectJson }));
const platform = detectPlatform();
void findRecovery(platform).then((offer) => store.getState().setRecoveryOffer(offer));
startAutosave(store, platform);
void loadUserCatalog({ core, store, platform }).then((issues) => {
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
