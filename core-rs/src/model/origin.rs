//! Where a design came from when the design search proposed it, and the
//! user's steps away from that proposal: the reports say so, because a
//! customised proposal is no longer the optimum the search found.

use serde::{Deserialize, Serialize};

/// At most this many customisation steps are kept (the oldest are the
/// ones that matter least once a design has moved this far).
pub const MAX_CUSTOMISATIONS: usize = 50;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct DesignOrigin {
    /// The proposal as the search described it, e.g. "All-flash OSA:
    /// 4 x Dell PowerEdge R760, 2 disk groups, RAID-5".
    pub proposal: String,
    /// The user's steps away from the proposal, in order ("+1 host"); empty
    /// when the design was taken as proposed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub customisations: Vec<String>,
}

impl DesignOrigin {
    pub fn is_customised(&self) -> bool {
        !self.customisations.is_empty()
    }
}
