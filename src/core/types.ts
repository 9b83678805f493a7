// The core's types, generated from the Rust definitions by tsify and
// wasm-bindgen. Only types are re-exported; the Worker owns the modules.
// The exchange module's own types are those its exports take and return.
export type * from './pkg/stacksizer_core';
export type {
  AppliedImport,
  ApplyImportOutcome,
  CsvExport,
  CsvFile,
  GroupBy,
  ImportChoices,
  InventoryPreview,
  InventoryPreviewOutcome,
  PreviewVm,
  NamedProject,
} from './pkg/stacksizer_exchange';
