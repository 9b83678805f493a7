import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreClient, CoreError } from './client';
import type { CoreRequest, CoreResponse } from './protocol';

/** A stand-in Worker answering each request with `answer`. */
class FakeWorker {
  onmessage: ((event: MessageEvent<CoreResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor(private readonly answer: (request: CoreRequest) => CoreResponse) {}
  postMessage(request: CoreRequest) {
    queueMicrotask(() =>
      this.onmessage?.({ data: this.answer(request) } as MessageEvent<CoreResponse>),
    );
  }
  terminate() {
    this.terminated = true;
  }
}

function clientWith(answer: (request: CoreRequest) => CoreResponse) {
  const workers: FakeWorker[] = [];
  const client = new CoreClient(() => {
    const worker = new FakeWorker(answer);
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { client, workers };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CoreClient', () => {
  it('resolves a call with the Worker result', async () => {
    const { client } = clientWith((r) => ({
      id: r.id,
      ok: true,
      result: { status: 'invalid', issues: [] },
    }));
    await expect(client.call('project/evaluate', { projectJson: '{}' })).resolves.toEqual({
      status: 'invalid',
      issues: [],
    });
  });

  it('rejects a panic with a CoreError and replaces the Worker for the next call', async () => {
    let panic = true;
    const { client, workers } = clientWith((r) =>
      panic
        ? { id: r.id, ok: false, kind: 'panic', message: 'boom' }
        : { id: r.id, ok: true, result: 42 },
    );
    const failed = client.call('core/self-test-panic', {});
    await expect(failed).rejects.toBeInstanceOf(CoreError);
    await expect(failed).rejects.toMatchObject({ kind: 'panic', message: 'boom' });
    expect(workers[0]?.terminated).toBe(true);
    panic = false;
    await expect(client.call('project/evaluate', { projectJson: '{}' })).resolves.toBe(42);
    expect(workers).toHaveLength(2);
  });

  it('keeps the Worker after an ordinary failure', async () => {
    const { client, workers } = clientWith((r) => ({
      id: r.id,
      ok: false,
      kind: 'failure',
      message: 'bad',
    }));
    await expect(client.call('project/evaluate', { projectJson: '' })).rejects.toMatchObject({
      kind: 'failure',
    });
    await expect(client.call('project/evaluate', { projectJson: '' })).rejects.toBeInstanceOf(
      Error,
    );
    expect(workers).toHaveLength(1);
  });

  it('rejects refused input with every issue and keeps the Worker', async () => {
    const issue = {
      path: 'clusters[0].topology.host_count',
      message: 'clusters[0].topology.host_count must be between 1 and 64 (got 0)',
      value: 0,
      allowed: { min: 1, max: 64 },
    };
    const { client, workers } = clientWith((r) => ({
      id: r.id,
      ok: false,
      kind: 'invalid',
      message: issue.message,
      issues: [issue],
    }));
    const failed = client.call('report/xlsx', { projectJson: '{}', paper: 'a4' });
    await expect(failed).rejects.toBeInstanceOf(CoreError);
    await expect(failed).rejects.toMatchObject({ kind: 'invalid', issues: [issue] });
    expect(workers[0]?.terminated).toBe(false);
  });

  it('fails pending calls when the Worker itself errors', async () => {
    const { client, workers } = clientWith(() => {
      throw new Error('unused');
    });
    vi.spyOn(FakeWorker.prototype, 'postMessage').mockImplementation(function (this: FakeWorker) {
      queueMicrotask(() =>
        this.onerror?.({ message: 'script failed', preventDefault() {} } as ErrorEvent),
      );
    });
    await expect(client.call('project/evaluate', { projectJson: '{}' })).rejects.toMatchObject({
      kind: 'failure',
      message: 'script failed',
    });
    expect(workers[0]?.terminated).toBe(true);
  });
});
