// Answers one core request against an initialised Wasm module. Kept apart
// from the Worker glue so Vitest can run it on the real module in Node.
import type { CoreRequest, CoreRequests, CoreResponse } from './protocol';
import type { CatalogFormat, NamedProject, RvtoolsOptions, WorkloadsCsvOptions } from './types';

export interface CoreModule {
  evaluateProject(projectJson: string): unknown;
  checkProjectFile(projectJson: string): unknown;
  exportXlsx(projectJson: string): Uint8Array;
  exportCsvTables(projectJson: string): unknown;
  exportXlsxComparison(variants: NamedProject[]): Uint8Array;
  importRvtools(
    bytes: Uint8Array,
    fileName: string,
    options: RvtoolsOptions,
    userCatalogJson: string | null,
  ): unknown;
  importWorkloadsCsv(bytes: Uint8Array, options: WorkloadsCsvOptions): unknown;
  importUserCatalog(bytes: Uint8Array, fileName: string): unknown;
  catalogListing(userCatalogJson: string | null): unknown;
  exportCatalog(userCatalogJson: string | null, format: CatalogFormat): string;
  priceProject(projectJson: string, userCatalogJson: string | null): unknown;
  stretchCurve(maxRttMs: number, steps: number): unknown;
  xBrickModels(): unknown;
  defaultSettings(): unknown;
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

const params = <M extends keyof CoreRequests>(request: CoreRequest, _method: M) =>
  (request as CoreRequest<M>).params;

function dispatch(core: CoreModule, request: CoreRequest): unknown {
  switch (request.method) {
    case 'project/evaluate':
      return core.evaluateProject(params(request, 'project/evaluate').projectJson);
    case 'project/check-file':
      return core.checkProjectFile(params(request, 'project/check-file').projectJson);
    case 'report/xlsx':
      return core.exportXlsx(params(request, 'report/xlsx').projectJson);
    case 'report/csv':
      return core.exportCsvTables(params(request, 'report/csv').projectJson);
    case 'report/comparison':
      return core.exportXlsxComparison(params(request, 'report/comparison').variants);
    case 'import/rvtools': {
      const { bytes, fileName, options, userCatalogJson } = params(request, 'import/rvtools');
      return core.importRvtools(bytes, fileName, options, userCatalogJson);
    }
    case 'import/workloads-csv': {
      const { bytes, options } = params(request, 'import/workloads-csv');
      return core.importWorkloadsCsv(bytes, options);
    }
    case 'catalog/import': {
      const { bytes, fileName } = params(request, 'catalog/import');
      return core.importUserCatalog(bytes, fileName);
    }
    case 'catalog/listing':
      return core.catalogListing(params(request, 'catalog/listing').userCatalogJson);
    case 'catalog/export': {
      const { userCatalogJson, format } = params(request, 'catalog/export');
      return core.exportCatalog(userCatalogJson, format);
    }
    case 'project/price': {
      const { projectJson, userCatalogJson } = params(request, 'project/price');
      return core.priceProject(projectJson, userCatalogJson);
    }
    case 'stretch/curve': {
      const { maxRttMs, steps } = params(request, 'stretch/curve');
      return core.stretchCurve(maxRttMs, steps);
    }
    case 'catalog/x-bricks':
      return core.xBrickModels();
    case 'project/default-settings':
      return core.defaultSettings();
    case 'core/self-test-panic':
      core.selfTestPanic();
      return null;
  }
}
