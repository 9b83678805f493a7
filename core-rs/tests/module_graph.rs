//! The core's top-level modules form a layered tree (README, "Repository
//! map"): no two of them reach each other through `crate::` paths, directly
//! or around a loop; nor do the platform folders (`platform/vsan_osa`,
//! `platform/two_sites`, ...) through `crate::platform::` paths. A cycle
//! means two modules can only be understood, and changed, together; this
//! test names the loop and a file behind each step.
//!
//! Read from the sources, not from the compiler: every such path in
//! production code counts. Test code is left out (a test may evaluate a
//! whole project), as are `lib.rs`, `wasm.rs` and the CLI (`bin/`), which
//! sit above everything.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Module -> module it uses -> a file of the first that does.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The modules in `src/<folder>` and the path prefix that names them.
const TOP_LEVEL: (&str, &str) = ("", "crate::");
const PLATFORMS: (&str, &str) = ("platform", "crate::platform::");

#[test]
fn top_level_modules_have_no_import_cycle() {
    let graph = module_graph(&src(), TOP_LEVEL);
    assert!(
        graph.len() > 10,
        "expected the core's top-level modules, found {:?}",
        graph.keys().collect::<Vec<_>>()
    );
    assert_acyclic(&graph, "top-level modules");
}

#[test]
fn platform_folders_have_no_import_cycle() {
    let graph = module_graph(&src(), PLATFORMS);
    let platforms: Vec<&str> = graph.keys().map(String::as_str).collect();
    assert_eq!(
        platforms,
        [
            "two_sites",
            "vsan_esa",
            "vsan_iscsi",
            "vsan_osa",
            "xtremio_vplex"
        ],
        "expected the five platform folders"
    );
    assert!(
        graph.values().any(|edges| !edges.is_empty()),
        "expected the platforms to use one another"
    );
    assert_acyclic(&graph, "platform folders");
}

#[test]
fn platform_paths_name_the_folder_after_the_prefix() {
    let line = "use crate::platform::{two_sites::Sites, vsan_osa}; crate::platform::vsan_esa::f(crate::model::X)";
    assert_eq!(
        crate_paths(line, PLATFORMS.1),
        ["two_sites", "vsan_osa", "vsan_esa"]
    );
    assert_eq!(
        crate_paths(line, TOP_LEVEL.1),
        ["platform", "platform", "model"]
    );
}

fn assert_acyclic(graph: &Graph, between: &str) {
    if let Some(cycle) = find_cycle(graph) {
        panic!(
            "import cycle between {between}:\n{}",
            describe(graph, &cycle)
        );
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn a_loop_through_three_modules_is_found() {
    let graph = graph_of(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]);
    let cycle = find_cycle(&graph).expect("a -> b -> c -> a");
    assert_eq!(cycle, ["a", "b", "c", "a"]);
    assert!(describe(&graph, &cycle).contains("c -> a (c.rs)"));
}

#[test]
fn a_layered_graph_has_no_cycle() {
    let graph = graph_of(&[("a", "b"), ("a", "c"), ("b", "c"), ("d", "a")]);
    assert_eq!(find_cycle(&graph), None);
}

#[test]
fn test_code_and_comments_add_no_edge() {
    let text = "\
//! Uses `crate::report` in a comment only.
use crate::model::Project;
use crate::{rules, source::SEED_001};

#[cfg(test)]
use crate::evaluate::evaluate;

impl X {
    #[cfg(test)]
    #[allow(dead_code)]
    fn helper() {
        crate::parse::parse_project(\"{}\");
    }
}

#[cfg(test)]
mod tests {
    use crate::evaluate::evaluate;
}
";
    let used: BTreeSet<String> = used_modules(text, TOP_LEVEL.1).into_iter().collect();
    let expected: BTreeSet<String> = ["model", "rules", "source"].map(String::from).into();
    assert_eq!(used, expected);
}

/// The graph of references between the modules in `src/<folder>`, each
/// named after `prefix`.
fn module_graph(src: &Path, (folder, prefix): (&str, &str)) -> Graph {
    let mut tops = BTreeMap::new();
    for entry in fs::read_dir(src.join(folder)).expect("read the module folder") {
        let path = entry.expect("src entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let top = name.strip_suffix(".rs").unwrap_or(&name).to_string();
        if ["lib", "wasm", "bin"].contains(&top.as_str()) {
            continue;
        }
        tops.entry(top).or_insert_with(Vec::new).push(path);
    }
    let names: BTreeSet<String> = tops.keys().cloned().collect();
    let mut graph = Graph::new();
    for (top, roots) in &tops {
        let edges = graph.entry(top.clone()).or_default();
        for file in roots.iter().flat_map(|root| rust_files(root)) {
            if is_test_file(&file, src) {
                continue;
            }
            let text = fs::read_to_string(&file).expect("read a source file");
            for used in used_modules(&text, prefix) {
                if used != *top && names.contains(&used) {
                    let shown = file.strip_prefix(src).unwrap().display().to_string();
                    edges.entry(used).or_insert(shown);
                }
            }
        }
    }
    graph
}

fn rust_files(root: &Path) -> Vec<PathBuf> {
    if root.is_file() {
        return vec![root.to_path_buf()];
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(root).expect("read a module folder") {
        let path = entry.expect("folder entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// `tests.rs`, `*_tests.rs` and anything in a `tests/` folder.
fn is_test_file(file: &Path, src: &Path) -> bool {
    let relative = file.strip_prefix(src).unwrap();
    let name = relative.file_stem().unwrap().to_string_lossy();
    name == "tests"
        || name.ends_with("_tests")
        || relative
            .parent()
            .is_some_and(|dir| dir.components().any(|c| c.as_os_str() == "tests"))
}

/// The module names after `prefix` in `text`, leaving out comment lines
/// and `#[cfg(test)]` items. Relies on rustfmt's layout: a block item closes
/// with `}` at the indentation it opened at.
fn used_modules(text: &str, prefix: &str) -> Vec<String> {
    let mut used = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        if trimmed == "#[cfg(test)]" {
            skip_item(&mut lines);
            continue;
        }
        used.extend(crate_paths(line, prefix));
    }
    used
}

fn skip_item<'a>(lines: &mut impl Iterator<Item = &'a str>) {
    let Some(first) = lines.find(|line| !line.trim_start().starts_with("#[")) else {
        return;
    };
    if first.trim_end().ends_with(';') {
        return;
    }
    if first.trim_end().ends_with('{') {
        let close = format!("{}}}", &first[..first.len() - first.trim_start().len()]);
        for line in lines.by_ref() {
            if line.trim_end() == close {
                return;
            }
        }
        return;
    }
    for line in lines.by_ref() {
        if line.trim_end().ends_with(';') {
            return;
        }
    }
}

/// With the prefix `crate::`, `crate::a::b` gives `a` and `crate::{a, b::c}`
/// gives `a` and `b`; likewise below `crate::platform::`.
fn crate_paths(line: &str, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find(prefix) {
        let preceded_by_ident = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[at + prefix.len()..];
        if preceded_by_ident {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or_default();
            found.extend(inner.split(',').filter_map(|item| ident(item.trim_start())));
        } else if let Some(name) = ident(rest) {
            found.push(name);
        }
    }
    found
}

fn ident(text: &str) -> Option<String> {
    let name: String = text
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// A loop of modules, first one repeated at the end, or none.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(|edges| edges.keys()) {
            match marks.get(next) {
                Some(Mark::Open) => {
                    let from = path.iter().position(|n| n == next).unwrap();
                    let mut cycle = path[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(Mark::Done) => {}
                None => {
                    if let Some(cycle) = visit(next, graph, marks, path) {
                        return Some(cycle);
                    }
                }
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if !marks.contains_key(node) {
            if let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

fn describe(graph: &Graph, cycle: &[String]) -> String {
    cycle
        .windows(2)
        .map(|step| {
            format!(
                "  {} -> {} ({})",
                step[0], step[1], graph[&step[0]][&step[1]]
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn graph_of(edges: &[(&str, &str)]) -> Graph {
    let mut graph = Graph::new();
    for (from, to) in edges {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), format!("{from}.rs"));
        graph.entry(to.to_string()).or_default();
    }
    graph
}
