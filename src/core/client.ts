// Promise-based access to the core Worker, with typed errors. A panic
// rejects the pending call with a CoreError and the next call gets a fresh
// Worker, so the app keeps working.
import type { CoreErrorKind, CoreMethod, CoreRequests, CoreResponse } from './protocol';
import type { InputIssue } from './types';

export class CoreError extends Error {
  constructor(
    readonly kind: CoreErrorKind,
    message: string,
    /** Every problem of the input, each with its JSON path (kind `invalid`). */
    readonly issues: InputIssue[] = [],
  ) {
    super(message);
    this.name = 'CoreError';
  }
}

/** A response's result, or its failure thrown as a CoreError. */
export function resultOf(response: CoreResponse): unknown {
  if (response.ok) return response.result;
  throw new CoreError(response.kind, response.message, response.issues);
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export type WorkerFactory = () => Worker;

export class CoreClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly createWorker: WorkerFactory) {}

  call<M extends CoreMethod>(
    method: M,
    params: CoreRequests[M]['params'],
  ): Promise<CoreRequests[M]['result']> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, method, params });
    });
  }

  dispose(): void {
    this.replaceWorker(new CoreError('failure', 'the core was shut down'));
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event: MessageEvent<CoreResponse>) => this.settle(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.replaceWorker(new CoreError('failure', event.message || 'the core worker failed'));
    };
    this.worker = worker;
    return worker;
  }

  private settle(response: CoreResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
    try {
      pending.resolve(resultOf(response));
    } catch (error) {
      pending.reject(error as CoreError);
      if (!response.ok && response.kind === 'panic') this.replaceWorker(error as CoreError);
    }
  }

  /** Drops the current Worker and fails every call it still owed. */
  private replaceWorker(reason: CoreError): void {
    this.worker?.terminate();
    this.worker = null;
    for (const { reject } of this.pending.values()) reject(reason);
    this.pending.clear();
  }
}

export function createCoreClient(): CoreClient {
  return new CoreClient(
    () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }),
  );
}
