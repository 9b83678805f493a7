import { describe, expect, it } from 'vitest';
import {
  ReadCancelled,
  startInventoryRead,
  type InventoryReadMessage,
  type ReadProgress,
} from './inventory-read';
import type { InventoryPreviewOutcome } from './types';

/** A stand-in Worker that answers with the scripted messages and records what it was sent. */
function scriptedWorker(messages: InventoryReadMessage[]) {
  const worker = {
    terminated: false,
    transferred: [] as Transferable[],
    onmessage: null as ((e: MessageEvent<InventoryReadMessage>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage(_request: unknown, transfer: Transferable[]) {
      worker.transferred = transfer;
      queueMicrotask(() => {
        for (const data of messages) {
          if (!worker.terminated)
            worker.onmessage?.({ data } as MessageEvent<InventoryReadMessage>);
        }
      });
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

const outcome = { status: 'workloads_csv' } as InventoryPreviewOutcome;
const start = (worker: ReturnType<typeof scriptedWorker>, seen: ReadProgress[] = []) =>
  startInventoryRead(
    {
      files: [
        { name: 'RVTools_tabvInfo.csv', bytes: new Uint8Array([1, 2, 3]) },
        { name: 'RVTools_tabvDisk.csv', bytes: new Uint8Array([4]) },
      ],
    },
    (progress) => seen.push(progress),
    () => worker as unknown as Worker,
  );

describe('startInventoryRead', () => {
  it('reports its progress, resolves with the preview and ends the Worker', async () => {
    const worker = scriptedWorker([
      { type: 'progress', stage: 'loading' },
      { type: 'progress', stage: 'reading', fraction: 0 },
      { type: 'progress', stage: 'reading', fraction: 0.5 },
      { type: 'result', outcome },
    ]);
    const seen: ReadProgress[] = [];
    await expect(start(worker, seen).result).resolves.toBe(outcome);
    expect(seen).toEqual([
      { stage: 'loading' },
      { stage: 'reading', fraction: 0 },
      { stage: 'reading', fraction: 0.5 },
    ]);
    expect(worker.terminated).toBe(true);
    // Each file's bytes move to the Worker.
    expect(worker.transferred).toHaveLength(2);
  });

  it('cancels by ending the Worker, whatever it was doing', async () => {
    const worker = scriptedWorker([{ type: 'result', outcome }]);
    const read = start(worker);
    read.cancel();
    await expect(read.result).rejects.toBeInstanceOf(ReadCancelled);
    expect(worker.terminated).toBe(true);
  });

  it('rejects with the reader message when the read fails', async () => {
    const worker = scriptedWorker([{ type: 'error', message: 'the zip archive is damaged' }]);
    await expect(start(worker).result).rejects.toThrow('the zip archive is damaged');
    expect(worker.terminated).toBe(true);
  });
});
