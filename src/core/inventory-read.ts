// Reading an inventory in its own Worker: how far it has got, the preview
// at the end, and cancellation by ending the Worker.
import type { InventoryPreviewOutcome } from './types';

/** One file the user gave; the RVTools CSV tabs are told apart by their names. */
export interface InventoryFile {
  name: string;
  bytes: Uint8Array;
}

export interface InventoryReadRequest {
  files: InventoryFile[];
}

/**
 * `loading`: the importer module is being fetched and started; `reading`:
 * the core is reading the files, `fraction` (0 to 1) of the way through.
 */
export type ReadProgress = { stage: 'loading' } | { stage: 'reading'; fraction: number };

export type InventoryReadMessage =
  | ({ type: 'progress' } & ReadProgress)
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
  onProgress: (progress: ReadProgress) => void,
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
      if (data.type === 'progress') {
        onProgress(
          data.stage === 'loading'
            ? { stage: 'loading' }
            : { stage: 'reading', fraction: data.fraction },
        );
      } else if (data.type === 'result') settle(() => resolve(data.outcome));
      else settle(() => reject(new Error(data.message)));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle(() => reject(new Error(event.message || 'reading the file failed')));
    };
    // The bytes move to the Worker rather than being copied.
    worker.postMessage(
      request,
      request.files.map((file) => file.bytes.buffer),
    );
  });
  return { result, cancel: () => stop() };
}
