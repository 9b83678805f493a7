//! Runs the native CLI built for these tests.

use std::process::{Command, Output};

/// `stacksizer ARGS...`: its exit status, stdout and stderr.
pub fn stacksizer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stacksizer"))
        .args(args)
        .output()
        .expect("the CLI runs")
}
