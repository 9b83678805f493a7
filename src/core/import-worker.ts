/// <reference lib="webworker" />
// A Worker of its own for reading an inventory file into its preview, so
// the read can be cancelled by ending the Worker while the main core
// stays available (as the design search does, search-worker.ts).
import type { InventoryReadMessage, InventoryReadRequest } from './inventory-read';

const post = (message: InventoryReadMessage) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<InventoryReadRequest>) => {
  try {
    post({ type: 'progress', stage: 'loading' });
    const exchange = await import('./pkg/stacksizer_exchange.js');
    await exchange.default();
    const { files } = event.data;
    post({ type: 'progress', stage: 'reading', fraction: 0 });
    const outcome = exchange.previewInventory(
      files.map((file) => file.bytes),
      files.map((file) => file.name),
      (fraction: number) => post({ type: 'progress', stage: 'reading', fraction }),
    );
    post({ type: 'result', outcome });
  } catch (error) {
    let message = error instanceof Error ? error.message : String(error);
    if (error instanceof WebAssembly.RuntimeError) {
      const exchange = await import('./pkg/stacksizer_exchange.js');
      message = exchange.takePanicMessage() ?? message;
    }
    post({ type: 'error', message });
  }
};
