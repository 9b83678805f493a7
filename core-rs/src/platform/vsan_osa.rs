//! vSAN OSA: disk groups of a cache device in front of capacity devices.

pub mod cache;
pub mod capacity;
pub mod performance;
