//! The app's door into the core: a few coarse calls taking project JSON
//! (so errors carry JSON paths) and returning tsify-typed results.

use std::sync::Mutex;

use tsify::{Ts, Tsify};
use wasm_bindgen::prelude::*;

use crate::evaluate::{evaluate_json, EvaluateOutcome};
use crate::parse::{check_project_file, ProjectFileOutcome};

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Records a panic's message before the module traps, so the worker can
/// report it as a typed error instead of a bare `unreachable`.
#[wasm_bindgen(start)]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut slot) = LAST_PANIC.lock() {
            *slot = Some(info.to_string());
        }
    }));
}

/// The message of the panic that trapped the module, if any.
#[wasm_bindgen(js_name = takePanicMessage)]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.lock().ok().and_then(|mut slot| slot.take())
}

#[wasm_bindgen(js_name = evaluateProject)]
pub fn evaluate_project(project_json: &str) -> Result<Ts<EvaluateOutcome>, JsError> {
    Ok(evaluate_json(project_json).into_ts()?)
}

/// Checks a project file before the app opens it.
#[wasm_bindgen(js_name = checkProjectFile)]
pub fn check_project_file_js(project_json: &str) -> Result<Ts<ProjectFileOutcome>, JsError> {
    Ok(check_project_file(project_json).into_ts()?)
}

/// Deliberately panics: lets tests prove a core panic reaches the UI as an
/// error while the app keeps working.
#[wasm_bindgen(js_name = selfTestPanic)]
pub fn self_test_panic() {
    panic!("self-test panic requested");
}
