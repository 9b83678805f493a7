//! One result per project cluster, whatever its kind: the figures every
//! kind shares (`KeyFigures`) and the kind's own evaluation (`ClusterDetail`).

use serde::{Serialize, Serializer};

use super::key_figures::KeyFigures;
use super::utilisation::ClusterUtilisation;
use super::{ArrayClusterEvaluation, ClusterEvaluation, EsaClusterEvaluation};
use crate::evaluate::shares::WorkloadShare;
use crate::verdict::Verdict;

/// A project cluster's evaluation, in project order in `Evaluation::clusters`.
///
/// Serialised as `{ id, name, kind, key_figures, utilisation, verdict, workload_shares?, detail }`
/// with `kind` telling which evaluation `detail` holds (see `shape`).
#[derive(Debug, Clone, PartialEq)]
pub struct ClusterResult {
    pub id: String,
    pub name: String,
    pub key_figures: KeyFigures,
    /// Each resource against its limit at N, after N+x and after a site
    /// failure, with its rule and source.
    pub utilisation: ClusterUtilisation,
    /// Pass, pass with warnings or fail from this cluster's own findings.
    pub verdict: Verdict,
    /// Each workload's share of the cluster's consumed capacity and
    /// front-end IOPS; `None` where the kind does not model it (see
    /// `key_figures.not_modelled`).
    pub workload_shares: Option<Vec<WorkloadShare>>,
    pub detail: ClusterDetail,
}

/// The kind-specific evaluation of a cluster (boxed: the kinds differ in size).
#[derive(Debug, Clone, PartialEq)]
pub enum ClusterDetail {
    VsanOsa(Box<ClusterEvaluation>),
    VsanEsa(Box<EsaClusterEvaluation>),
    XtremioVplex(Box<ArrayClusterEvaluation>),
}

impl ClusterDetail {
    pub fn vsan_osa(&self) -> Option<&ClusterEvaluation> {
        match self {
            ClusterDetail::VsanOsa(e) => Some(e),
            _ => None,
        }
    }

    pub fn vsan_esa(&self) -> Option<&EsaClusterEvaluation> {
        match self {
            ClusterDetail::VsanEsa(e) => Some(e),
            _ => None,
        }
    }

    pub fn xtremio_vplex(&self) -> Option<&ArrayClusterEvaluation> {
        match self {
            ClusterDetail::XtremioVplex(e) => Some(e),
            _ => None,
        }
    }

    pub fn into_vsan_osa(self) -> Option<ClusterEvaluation> {
        match self {
            ClusterDetail::VsanOsa(e) => Some(*e),
            _ => None,
        }
    }

    pub fn into_xtremio_vplex(self) -> Option<ArrayClusterEvaluation> {
        match self {
            ClusterDetail::XtremioVplex(e) => Some(*e),
            _ => None,
        }
    }
}

impl ClusterResult {
    pub fn vsan_osa(&self) -> Option<&ClusterEvaluation> {
        self.detail.vsan_osa()
    }

    pub fn vsan_esa(&self) -> Option<&EsaClusterEvaluation> {
        self.detail.vsan_esa()
    }

    pub fn xtremio_vplex(&self) -> Option<&ArrayClusterEvaluation> {
        self.detail.xtremio_vplex()
    }
}

/// The serialised shape of a `ClusterResult`, under its name so that tsify
/// declares the TypeScript type `ClusterResult`.
mod shape {
    use serde::Serialize;

    use super::{
        ArrayClusterEvaluation, ClusterEvaluation, ClusterUtilisation, EsaClusterEvaluation,
        KeyFigures, Verdict, WorkloadShare,
    };

    /// A union tagged by `kind`, so that TypeScript narrows `detail` by
    /// `kind`. Borrowed: serialising copies nothing.
    #[derive(Serialize)]
    #[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
    #[serde(tag = "kind", rename_all = "snake_case")]
    pub(super) enum ClusterResult<'a> {
        VsanOsa {
            id: &'a str,
            name: &'a str,
            key_figures: &'a KeyFigures,
            utilisation: &'a ClusterUtilisation,
            verdict: &'a Verdict,
            #[serde(skip_serializing_if = "Option::is_none")]
            #[cfg_attr(feature = "wasm", tsify(optional))]
            workload_shares: Option<&'a [WorkloadShare]>,
            detail: &'a ClusterEvaluation,
        },
        VsanEsa {
            id: &'a str,
            name: &'a str,
            key_figures: &'a KeyFigures,
            utilisation: &'a ClusterUtilisation,
            verdict: &'a Verdict,
            #[serde(skip_serializing_if = "Option::is_none")]
            #[cfg_attr(feature = "wasm", tsify(optional))]
            workload_shares: Option<&'a [WorkloadShare]>,
            detail: &'a EsaClusterEvaluation,
        },
        XtremioVplex {
            id: &'a str,
            name: &'a str,
            key_figures: &'a KeyFigures,
            utilisation: &'a ClusterUtilisation,
            verdict: &'a Verdict,
            #[serde(skip_serializing_if = "Option::is_none")]
            #[cfg_attr(feature = "wasm", tsify(optional))]
            workload_shares: Option<&'a [WorkloadShare]>,
            detail: &'a ArrayClusterEvaluation,
        },
    }
}

impl Serialize for ClusterResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (id, name, key_figures) = (self.id.as_str(), self.name.as_str(), &self.key_figures);
        let (verdict, utilisation) = (&self.verdict, &self.utilisation);
        let workload_shares = self.workload_shares.as_deref();
        match &self.detail {
            ClusterDetail::VsanOsa(detail) => shape::ClusterResult::VsanOsa {
                id,
                name,
                key_figures,
                utilisation,
                verdict,
                workload_shares,
                detail,
            },
            ClusterDetail::VsanEsa(detail) => shape::ClusterResult::VsanEsa {
                id,
                name,
                key_figures,
                utilisation,
                verdict,
                workload_shares,
                detail,
            },
            ClusterDetail::XtremioVplex(detail) => shape::ClusterResult::XtremioVplex {
                id,
                name,
                key_figures,
                utilisation,
                verdict,
                workload_shares,
                detail,
            },
        }
        .serialize(serializer)
    }
}
