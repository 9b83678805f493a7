// Answers one core request against an initialised Wasm module. Kept apart
// from the Worker glue so Vitest can run it on the real module in Node.
import type { CoreMethod, CoreRequest, CoreRequests, CoreResponse } from './protocol';
import type {
  CatalogFormat,
  ImportChoices,
  InputIssue,
  InventoryPreview,
  NamedProject,
  PartSlot,
  StepTaken,
  WorkloadsCsvOptions,
} from './types';

/** The module the Worker loads at start. */
export interface CoreModule {
  evaluateProject(projectJson: string): unknown;
  checkProjectFile(projectJson: string): unknown;
  importWorkloadsCsv(bytes: Uint8Array, options: WorkloadsCsvOptions): unknown;
  importUserCatalog(bytes: Uint8Array, fileName: string): unknown;
  catalogListing(userCatalogJson: string | null): unknown;
  exportCatalog(userCatalogJson: string | null, format: CatalogFormat): string;
  priceProject(projectJson: string, userCatalogJson: string | null): unknown;
  customiseDesign(
    optimumJson: string,
    currentJson: string,
    clusterIndex: number,
    step: StepTaken | null,
    userCatalogJson: string | null,
  ): unknown;
  useCatalogPart(
    projectJson: string,
    partId: string,
    slot: PartSlot,
    userCatalogJson: string | null,
  ): unknown;
  stretchCurve(maxRttMs: number, steps: number): unknown;
  xBrickModels(): unknown;
  defaultSettings(): unknown;
  selfTestPanic(): void;
  takePanicMessage(): string | undefined;
}

/**
 * The second module, loaded on first use: the reports and the inventory
 * import's choices, whose crates and types would double the start-up
 * module (inventories themselves are read in import-worker.ts).
 */
export interface ExchangeModule {
  exportXlsx(projectJson: string, paper: string): Uint8Array;
  exportPdf(projectJson: string, paper: string): Uint8Array;
  exportCsvTables(projectJson: string): unknown;
  exportWorkloadsCsv(projectJson: string): string;
  exportXlsxComparison(variants: NamedProject[], paper: string): Uint8Array;
  applyImportChoices(
    preview: InventoryPreview,
    choices: ImportChoices,
    fileName: string,
    userCatalogJson: string | null,
  ): unknown;
  takePanicMessage(): string | undefined;
}

const EXCHANGE_METHODS = new Set<CoreMethod>([
  'report/xlsx',
  'report/csv',
  'report/pdf',
  'report/comparison',
  'import/apply',
  'export/workloads-csv',
]);

/** Whether answering `method` needs the exchange module. */
export const needsExchange = (method: CoreMethod) => EXCHANGE_METHODS.has(method);

/**
 * Answers `request`; `exchange` must be loaded for the methods
 * `needsExchange` names. A trap is reported with the panic message of the
 * module that ran the call.
 */
export function handleRequest(
  core: CoreModule,
  request: CoreRequest,
  exchange?: ExchangeModule,
): CoreResponse {
  try {
    return { id: request.id, ok: true, result: dispatch(core, exchange, request) };
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) {
      let message = error.message;
      try {
        const trapped = needsExchange(request.method) ? exchange : core;
        message = trapped?.takePanicMessage() ?? message;
      } catch {
        // The trapped instance may refuse even this; keep the trap's message.
      }
      return { id: request.id, ok: false, kind: 'panic', message };
    }
    const message = error instanceof Error ? error.message : String(error);
    const issues = inputIssues(error);
    if (issues) return { id: request.id, ok: false, kind: 'invalid', message, issues };
    return { id: request.id, ok: false, kind: 'failure', message };
  }
}

/**
 * The input problems a core call threw, each with its JSON path, value and
 * allowed range (the core's `CallError`); undefined for any other error.
 */
export function inputIssues(error: unknown): InputIssue[] | undefined {
  if (!(error instanceof Error) || !('issues' in error)) return undefined;
  const { issues } = error as { issues: unknown };
  return Array.isArray(issues) && issues.length > 0 ? (issues as InputIssue[]) : undefined;
}

const params = <M extends keyof CoreRequests>(request: CoreRequest, _method: M) =>
  (request as CoreRequest<M>).params;

function loaded(exchange: ExchangeModule | undefined, method: CoreMethod): ExchangeModule {
  if (!exchange) throw new Error(`${method} needs the exchange module, which is not loaded`);
  return exchange;
}

function dispatch(
  core: CoreModule,
  exchange: ExchangeModule | undefined,
  request: CoreRequest,
): unknown {
  switch (request.method) {
    case 'project/evaluate':
      return core.evaluateProject(params(request, 'project/evaluate').projectJson);
    case 'project/check-file':
      return core.checkProjectFile(params(request, 'project/check-file').projectJson);
    case 'report/xlsx': {
      const { projectJson, paper } = params(request, 'report/xlsx');
      return loaded(exchange, request.method).exportXlsx(projectJson, paper);
    }
    case 'report/pdf': {
      const { projectJson, paper } = params(request, 'report/pdf');
      return loaded(exchange, request.method).exportPdf(projectJson, paper);
    }
    case 'report/csv':
      return loaded(exchange, request.method).exportCsvTables(
        params(request, 'report/csv').projectJson,
      );
    case 'report/comparison': {
      const { variants, paper } = params(request, 'report/comparison');
      return loaded(exchange, request.method).exportXlsxComparison(variants, paper);
    }
    case 'import/apply': {
      const { preview, choices, fileName, userCatalogJson } = params(request, 'import/apply');
      return loaded(exchange, request.method).applyImportChoices(
        preview,
        choices,
        fileName,
        userCatalogJson,
      );
    }
    case 'export/workloads-csv':
      return loaded(exchange, request.method).exportWorkloadsCsv(
        params(request, 'export/workloads-csv').projectJson,
      );
    case 'import/workloads-csv': {
      const { bytes, options } = params(request, 'import/workloads-csv');
      return core.importWorkloadsCsv(bytes, options);
    }
    case 'catalog/import': {
      const { bytes, fileName } = params(request, 'catalog/import');
      return core.importUserCatalog(bytes, fileName);
    }
    case 'design/customise': {
      const { optimumJson, currentJson, clusterIndex, step, userCatalogJson } = params(
        request,
        'design/customise',
      );
      return core.customiseDesign(optimumJson, currentJson, clusterIndex, step, userCatalogJson);
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
    case 'catalog/use-part': {
      const { projectJson, partId, slot, userCatalogJson } = params(request, 'catalog/use-part');
      return core.useCatalogPart(projectJson, partId, slot, userCatalogJson);
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
