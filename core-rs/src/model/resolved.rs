//! Parts of the project looked up by id, as the sizing reads them.

use super::Device;

/// A disk group with its devices looked up in the project.
#[derive(Debug, Clone, Copy)]
pub struct ResolvedDiskGroup<'a> {
    pub cache: &'a Device,
    pub capacity: &'a Device,
    pub capacity_device_count: u32,
}
