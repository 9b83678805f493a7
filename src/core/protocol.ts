// The one typed map of requests the core Worker answers.
import type {
  ApplyImportOutcome,
  CatalogFormat,
  CatalogListing,
  CsvExport,
  Customised,
  LiveOutcome,
  ImportChoices,
  InputIssue,
  InventoryPreview,
  NamedProject,
  PartSlot,
  PartUseOutcome,
  PriceOutcome,
  StepTaken,
  ProjectFileOutcome,
  RttCurve,
  Settings,
  UserCatalogOutcome,
  WorkloadsCsvOptions,
  WorkloadsCsvOutcome,
  XBrickCatalog,
} from './types';

export interface CoreRequests {
  'project/evaluate': { params: { projectJson: string }; result: LiveOutcome };
  /** Parses and validates a file's text before the app adopts it. */
  'project/check-file': { params: { projectJson: string }; result: ProjectFileOutcome };
  /** `paper`: `a4` or `letter`, the paper the workbook prints on. */
  'report/xlsx': { params: { projectJson: string; paper: string }; result: Uint8Array };
  'report/csv': { params: { projectJson: string }; result: CsvExport };
  'report/pdf': { params: { projectJson: string; paper: string }; result: Uint8Array };
  'report/comparison': {
    params: { variants: NamedProject[]; paper: string };
    result: Uint8Array;
  };
  /**
   * The project an inventory preview makes with the user's choices.
   * `userCatalogJson`: the user's catalog (as `catalog/import` kept it), or null for the shipped one.
   */
  'import/apply': {
    params: {
      preview: InventoryPreview;
      choices: ImportChoices;
      fileName: string;
      userCatalogJson: string | null;
    };
    result: ApplyImportOutcome;
  };
  'import/workloads-csv': {
    params: { bytes: Uint8Array; options: WorkloadsCsvOptions };
    result: WorkloadsCsvOutcome;
  };
  /** The project's workloads as the workloads CSV `import/workloads-csv` reads back. */
  'export/workloads-csv': { params: { projectJson: string }; result: string };
  /** Checks a user catalog file (CSV or JSON, by its name) against the shipped catalog. */
  'catalog/import': { params: { bytes: Uint8Array; fileName: string }; result: UserCatalogOutcome };
  'catalog/listing': { params: { userCatalogJson: string | null }; result: CatalogListing };
  'catalog/export': {
    params: { userCatalogJson: string | null; format: CatalogFormat };
    result: string;
  };
  /** The project with its catalog parts priced from the catalog in use. */
  'project/price': {
    params: { projectJson: string; userCatalogJson: string | null };
    result: PriceOutcome;
  };
  /**
   * A design customised from a proposal (`optimumJson`), `step` away from
   * where the user left it (`currentJson`; null: as it is): its project,
   * the steps' values, figures against the optimum and verdict, from the core.
   */
  'design/customise': {
    params: {
      optimumJson: string;
      currentJson: string;
      clusterIndex: number;
      step: StepTaken | null;
      userCatalogJson: string | null;
    };
    result: Customised;
  };
  /** The project with a catalog part used in one slot of a cluster's design. */
  'catalog/use-part': {
    params: { projectJson: string; partId: string; slot: PartSlot; userCatalogJson: string | null };
    result: PartUseOutcome;
  };
  'stretch/curve': { params: { maxRttMs: number; steps: number }; result: RttCurve };
  'catalog/x-bricks': { params: Record<string, never>; result: XBrickCatalog };
  /** What the core uses for every setting a project leaves out. */
  'project/default-settings': { params: Record<string, never>; result: Settings };
  /** Diagnostic: makes the core panic, so tests can prove recovery. */
  'core/self-test-panic': { params: Record<string, never>; result: null };
}

export type CoreMethod = keyof CoreRequests;

export interface CoreRequest<M extends CoreMethod = CoreMethod> {
  id: number;
  method: M;
  params: CoreRequests[M]['params'];
}

/**
 * `panic`: the Rust core panicked (the Worker is replaced); `invalid`: the
 * input has problems, each with its JSON path in `issues`; `failure`:
 * anything else.
 */
export type CoreErrorKind = 'panic' | 'invalid' | 'failure';

export type CoreResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; kind: CoreErrorKind; message: string; issues?: InputIssue[] };
