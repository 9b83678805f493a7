//! A workload placed on a cluster: its policy looked up and its protection
//! as that cluster applies it.

use std::rc::Rc;

use crate::demand::protection::{protection, site_mirrored, Protection};
use crate::model::{StoragePolicy, Workload};

/// A workload on a cluster, with its policy looked up and the indices its
/// findings point at.
#[derive(Debug, Clone)]
pub struct PlacedWorkload<'a> {
    pub index: usize,
    pub workload: &'a Workload,
    pub policy_index: usize,
    pub policy: &'a StoragePolicy,
    /// The policy's protection as the cluster applies it (a copy in each
    /// site on a site-mirrored stretched cluster), worked out once:
    /// capacity, cache, performance and the growth timeline each ask for it
    /// per workload. Shared by the policy's workloads: a copy each made the
    /// placed list several times larger, and every pass over it slower.
    protection: Rc<Protection>,
}

impl<'a> PlacedWorkload<'a> {
    /// `site_mirrored`: the cluster keeps a copy in each of two sites
    /// (stretched, site-mirrored).
    pub fn new(
        index: usize,
        workload: &'a Workload,
        policy_index: usize,
        policy: &'a StoragePolicy,
        site_mirrored: bool,
    ) -> Self {
        let protection = Rc::new(Self::protection_of(policy, site_mirrored));
        Self::with_protection(index, workload, policy_index, policy, protection)
    }

    /// A policy's protection on a cluster that is or is not site-mirrored.
    pub(crate) fn protection_of(policy: &StoragePolicy, site_mirrored: bool) -> Protection {
        let local = protection(policy);
        if site_mirrored {
            self::site_mirrored(local)
        } else {
            local
        }
    }

    /// `new` with the protection already worked out (`protection_of`), for
    /// callers placing many workloads under a few policies.
    pub(crate) fn with_protection(
        index: usize,
        workload: &'a Workload,
        policy_index: usize,
        policy: &'a StoragePolicy,
        protection: Rc<Protection>,
    ) -> Self {
        PlacedWorkload {
            index,
            workload,
            policy_index,
            policy,
            protection,
        }
    }

    /// The policy's protection as the cluster applies it.
    pub fn protection(&self) -> &Protection {
        &self.protection
    }

    /// The same workload and policy on a cluster that keeps one copy: what
    /// runs in the surviving site after a site failure.
    pub fn in_one_site(&self) -> Self {
        PlacedWorkload::new(
            self.index,
            self.workload,
            self.policy_index,
            self.policy,
            false,
        )
    }

    /// `workload` in this one's place, under the same policy (the growth
    /// references re-size grown copies of the workloads).
    #[cfg(test)]
    pub fn with_workload(&self, workload: &'a Workload) -> Self {
        PlacedWorkload {
            workload,
            protection: Rc::clone(&self.protection),
            ..*self
        }
    }
}
