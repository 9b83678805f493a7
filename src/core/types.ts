// The core's types, generated from the Rust definitions by tsify and
// wasm-bindgen. Only types are imported here; the Worker owns the module.
export type {
  Capacity,
  Cluster,
  ClusterEvaluation,
  DiskGroup,
  Evaluation,
  EvaluateOutcome,
  InputIssue,
  Project,
  ProjectFileOutcome,
  RawCapacity,
  Topology,
} from './pkg/stacksizer_core';
