/// <reference lib="webworker" />
// The Worker that owns the Wasm core. After a panic the instance is
// unusable, so the client replaces the whole Worker.
import init, * as core from './pkg/stacksizer_core.js';
import { handleRequest } from './handle-request';
import type { CoreRequest } from './protocol';

const ready = init();

self.onmessage = async (event: MessageEvent<CoreRequest>) => {
  await ready;
  self.postMessage(handleRequest(core, event.data));
};
