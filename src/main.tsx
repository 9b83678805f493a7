// Start-up. The core's Worker, and its check of the example the app opens
// on, start before anything else: the rest of the app (React, Recharts, the
// views) is imported afterwards, so the Worker fetches and compiles the Wasm
// module while the page evaluates that bundle (the page used to create the
// Worker only after evaluating it; docs/performance.md).
import { createCoreClient } from './core/client';
import { defaultExample, examples } from './examples';
import { followOsTheme } from './theme';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import './styles/editors.css';

followOsTheme(document.body, window.matchMedia('(prefers-color-scheme: dark)'));

const example = examples.find((e) => e.fileName === defaultExample);
if (!example) throw new Error(`the built-in example ${defaultExample} is missing`);

const core = createCoreClient();
// The core checks the example and fills in every default, so each settings
// field shows its value from the first frame.
const checking = core.call('project/check-file', { projectJson: example.text });
const { startApp } = await import('./startApp');
startApp(core, example.fileName, await checking);
