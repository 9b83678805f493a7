import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import example from '../assets/examples/seed-001-all-flash-sql.json';
import { App } from './App';
import { createCoreClient } from './core/client';
import type { Project } from './core/types';
import { createAppStore } from './store';
import { StoreProvider } from './store/context';
import { evaluateOnChange } from './store/liveEvaluation';
import './styles.css';

const core = createCoreClient();
const store = createAppStore(example as Project);
evaluateOnChange(store, (projectJson) => core.call('project/evaluate', { projectJson }));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
createRoot(rootElement).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
