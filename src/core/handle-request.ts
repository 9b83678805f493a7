// Answers one core request against an initialised Wasm module. Kept apart
// from the Worker glue so Vitest can run it on the real module in Node.
import type { CoreRequest, CoreRequests, CoreResponse } from './protocol';
import type { NamedProject, RvtoolsOptions } from './types';

export interface CoreModule {
  evaluateProject(projectJson: string): unknown;
  checkProjectFile(projectJson: string): unknown;
  exportXlsx(projectJson: string): Uint8Array;
  exportCsvTables(projectJson: string): unknown;
  exportXlsxComparison(variants: NamedProject[]): Uint8Array;
  importRvtools(bytes: Uint8Array, fileName: string, options: RvtoolsOptions): unknown;
  stretchCurve(maxRttMs: number, steps: number): unknown;
  selfTestPanic(): void;
  takePanicMessage(): string | undefined;
}

export function handleRequest(core: CoreModule, request: CoreRequest): CoreResponse {
  try {
    return { id: request.id, ok: true, result: dispatch(core, request) };
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) {
      let message = error.message;
      try {
        message = core.takePanicMessage() ?? message;
      } catch {
        // The trapped instance may refuse even this; keep the trap's message.
      }
      return { id: request.id, ok: false, kind: 'panic', message };
    }
    return {
      id: request.id,
      ok: false,
      kind: 'failure',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

function dispatch(core: CoreModule, request: CoreRequest): unknown {
  switch (request.method) {
    case 'project/evaluate':
      return core.evaluateProject((request as CoreRequest<'project/evaluate'>).params.projectJson);
    case 'project/check-file':
      return core.checkProjectFile(
        (request as CoreRequest<'project/check-file'>).params.projectJson,
      );
    case 'core/self-test-panic':
      core.selfTestPanic();
      return null;
  }
}
