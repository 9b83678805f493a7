// The core's types, generated from the Rust definitions by tsify and
// wasm-bindgen. Only types are re-exported; the Worker owns the module.
export type * from './pkg/stacksizer_core';
