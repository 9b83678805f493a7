/// <reference lib="webworker" />
// The Worker that owns the Wasm core. After a panic the instance is
// unusable, so the client replaces the whole Worker.
import init, * as core from './pkg/stacksizer_core.js';
import { handleRequest, needsExchange, type ExchangeModule } from './handle-request';
import type { CoreRequest, CoreResponse } from './protocol';

const ready = init();
let exchange: Promise<ExchangeModule> | undefined;

/** The exchange module (imports and reports), fetched and started on first use. */
const loadExchange = () =>
  (exchange ??= import('./pkg/stacksizer_exchange.js').then(async (module) => {
    await module.default();
    return module;
  }));

async function answer(request: CoreRequest): Promise<CoreResponse> {
  await ready;
  if (!needsExchange(request.method)) return handleRequest(core, request);
  try {
    return handleRequest(core, request, await loadExchange());
  } catch (error) {
    exchange = undefined; // the next call tries again
    const reason = error instanceof Error ? error.message : String(error);
    return {
      id: request.id,
      ok: false,
      kind: 'failure',
      message: `the import and report module could not be loaded: ${reason}`,
    };
  }
}

self.onmessage = async (event: MessageEvent<CoreRequest>) => {
  self.postMessage(await answer(event.data));
};
