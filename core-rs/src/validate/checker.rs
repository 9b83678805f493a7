//! The checking mechanism the validation rules use: a `Checker` that
//! collects every problem (not just the first) with its JSON path and
//! allowed range, the project's lists indexed by id, and paths that are
//! formatted only when an issue names them.

use std::cell::OnceCell;
use std::fmt::{self, Display};

use foldhash::HashSet;

use crate::cell_text::cell_text_problem;
use crate::model::ids::IdIndex;
use crate::model::issue::{AllowedRange, InputIssue};
use crate::model::{Device, Project};

#[derive(Default)]
pub(super) struct Checker {
    pub(super) issues: Vec<InputIssue>,
}

impl Checker {
    pub(super) fn push(&mut self, path: impl Display, message: impl Display) {
        self.issues.push(InputIssue::new(path.to_string(), message));
    }

    // The range checks run a dozen times per workload and almost always
    // pass: the check is inlined, the issue it reports is not.
    #[inline(always)]
    pub(super) fn u32_in(&mut self, path: impl Display, value: u32, min: u32, max: u32) {
        if value < min || value > max {
            self.u32_outside(path, value, min, max);
        }
    }

    #[cold]
    fn u32_outside(&mut self, path: impl Display, value: u32, min: u32, max: u32) {
        self.push_outside(
            path,
            format!("must be between {min} and {max} (got {value})"),
            value.into(),
            (min.into(), max.into()),
        );
    }

    fn push_outside(
        &mut self,
        path: impl Display,
        message: String,
        value: f64,
        (min, max): (f64, f64),
    ) {
        self.issues.push(InputIssue::outside(
            path.to_string(),
            message,
            value,
            AllowedRange { min, max },
        ));
    }

    #[inline(always)]
    pub(super) fn f64_in(&mut self, path: impl Display, value: f64, min: f64, max: f64) {
        if !(value.is_finite() && value >= min && value <= max) {
            self.f64_outside(path, value, min, max);
        }
    }

    #[cold]
    fn f64_outside(&mut self, path: impl Display, value: f64, min: f64, max: f64) {
        let message = if value.is_finite() {
            format!("must be between {min} and {max} (got {value})")
        } else {
            format!("must be a number between {min} and {max}")
        };
        self.push_outside(path, message, value, (min, max));
    }

    pub(super) fn non_empty(&mut self, path: impl Display, value: &str) {
        // `trim().is_empty()` without scanning a non-empty id from both ends.
        if value.chars().all(char::is_whitespace) {
            self.push(path, "must not be empty");
        }
    }

    /// Text the reports put in a cell (names, ids, models, descriptions).
    /// References to ids need no check of their own: they must equal an
    /// id, which is checked.
    #[inline(always)]
    pub(super) fn text(&mut self, path: impl Display, value: &str) {
        if let Some(problem) = cell_text_problem(value) {
            self.push(path, problem);
        }
    }

    pub(super) fn device_ref(&mut self, index: &Index, path: impl Display, id: &str) {
        if !index.devices.contains(id) {
            self.push(
                path,
                format!("must name a device in `devices` (got \"{id}\")"),
            );
        }
    }

    pub(super) fn unique_ids(&mut self, list: &str, ids: &IdIndex) {
        for (i, id) in ids.repeats() {
            self.push(
                format!("{list}[{i}].id"),
                format!("must be unique within {list} (\"{id}\" is used twice)"),
            );
        }
    }
}

/// The project's lists by id, built once per validation.
pub(super) struct Index<'a> {
    project: &'a Project,
    pub(super) devices: IdIndex<'a>,
    pub(super) clusters: IdIndex<'a>,
    pub(super) policies: IdIndex<'a>,
    /// (workload id, cluster id) of every workload; built on first use
    /// (XtremIO volume placements).
    placements: OnceCell<HashSet<(&'a str, &'a str)>>,
}

impl<'a> Index<'a> {
    pub(super) fn new(project: &'a Project) -> Self {
        Index {
            project,
            devices: IdIndex::new(project.devices.iter().map(|d| d.id.as_str())),
            clusters: IdIndex::new(project.clusters.iter().map(|c| c.id.as_str())),
            policies: IdIndex::new(project.policies.iter().map(|p| p.id.as_str())),
            placements: OnceCell::new(),
        }
    }

    pub(super) fn device(&self, id: &str) -> Option<&'a Device> {
        self.devices.position(id).map(|i| &self.project.devices[i])
    }

    /// Whether a workload `workload_id` is on cluster `cluster_id`.
    pub(super) fn places(&self, workload_id: &str, cluster_id: &str) -> bool {
        self.placements
            .get_or_init(|| {
                self.project
                    .workloads
                    .iter()
                    .map(|w| (w.id.as_str(), w.cluster_id.as_str()))
                    .collect()
            })
            .contains(&(workload_id, cluster_id))
    }
}

/// `list[index]`: a JSON path, formatted only when an issue names it.
#[derive(Clone, Copy)]
pub(super) struct Item<P>(pub(super) P, pub(super) usize);

impl<P: Display> Display for Item<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.0, self.1)
    }
}

/// `parent.name`.
#[derive(Clone, Copy)]
pub(super) struct Field<P>(pub(super) P, pub(super) &'static str);

impl<P: Display> Display for Field<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0, self.1)
    }
}
