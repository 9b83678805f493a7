import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createCoreClient } from './core/client';
import type { Project } from './core/types';
import { defaultExample, examples } from './examples';
import { findRecovery, startAutosave } from './files/recovery';
import { detectPlatform } from './platform';
import { ServicesProvider } from './services';
import { createAppStore, openDocument } from './store';
import { evaluateOnChange } from './store/liveEvaluation';
import './styles.css';

const example = examples.find((e) => e.fileName === defaultExample);
if (!example) throw new Error(`the built-in example ${defaultExample} is missing`);
const initial = JSON.parse(example.text) as Project;

const core = createCoreClient();
const store = createAppStore(initial);
openDocument(store, initial, example.fileName);
evaluateOnChange(store, (projectJson) => core.call('project/evaluate', { projectJson }));
const platform = detectPlatform();
void findRecovery(platform).then((offer) => store.getState().setRecoveryOffer(offer));
startAutosave(store, platform);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
createRoot(rootElement).render(
  <StrictMode>
    <ServicesProvider services={{ core, store, platform }}>
      <App />
    </ServicesProvider>
  </StrictMode>,
);
