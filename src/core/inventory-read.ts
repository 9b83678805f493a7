// Reading an inventory file in its own Worker: the stage it is at, the
// preview at the end, and cancellation by ending the Worker.
import type { InventoryPreviewOutcome } from './types';

export interface InventoryReadRequest {
  bytes: Uint8Array;
}

/** `loading`: the importer module is being fetched and started; `reading`: the file is being read. */
export type ReadStage = 'loading' | 'reading';

export type InventoryReadMessage =
  | { type: 'progress'; stage: ReadStage }
  | { type: 'result'; outcome: InventoryPreviewOutcome }
  | { type: 'error'; message: string };

export class ReadCancelled extends Error {
  constructor() {
    super('the import was cancelled');
    this.name = 'ReadCancelled';
  }
}

export interface RunningRead {
  result: Promise<InventoryPreviewOutcome>;
  cancel: () => void;
}

export function startInventoryRead(
  request: InventoryReadRequest,
  onStage: (stage: ReadStage) => void,
  createWorker: () => Worker = () =>
    new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' }),
): RunningRead {
  const worker = createWorker();
  let stop = () => {};
  const result = new Promise<InventoryPreviewOutcome>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      worker.terminate();
      outcome();
    };
    stop = () => settle(() => reject(new ReadCancelled()));
    worker.onmessage = ({ data }: MessageEvent<InventoryReadMessage>) => {
      if (data.type === 'progress') onStage(data.stage);
      else if (data.type === 'result') settle(() => resolve(data.outcome));
      else settle(() => reject(new Error(data.message)));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle(() => reject(new Error(event.message || 'reading the file failed')));
    };
    // The bytes move to the Worker rather than being copied.
    worker.postMessage(request, [request.bytes.buffer]);
  });
  return { result, cancel: () => stop() };
}
