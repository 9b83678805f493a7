// Start-up. The core's start-up module, and its check of the example the
// app opens on, start before anything else: the rest of the app (React, the
// views) is imported afterwards, so the module is fetched and compiled
// while the page evaluates that bundle (docs/performance.md). The live
// evaluation runs on the page (core/pageCore.ts); the Worker starts on the
// first call that needs it.
import { createCoreClient } from './core/client';
import { callOnPage, loadPageCore } from './core/pageCore';
import { defaultExample, examples } from './examples';
import { followOsTheme } from './theme';
import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import './styles/editors.css';

followOsTheme(document.body, window.matchMedia('(prefers-color-scheme: dark)'));

const example = examples.find((e) => e.fileName === defaultExample);
if (!example) throw new Error(`the built-in example ${defaultExample} is missing`);

const loading = loadPageCore();
const { startApp, bundledIconsLoaded } = await import('./startApp');
const page = await loading;
await bundledIconsLoaded;
// The core checks the example and fills in every default, so each settings
// field shows its value from the first frame.
const checked = callOnPage(page, 'project/check-file', { projectJson: example.text });
startApp({ worker: createCoreClient(), page }, example.fileName, checked);
