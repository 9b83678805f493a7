//! What the workloads ask of any platform: their footprint and growth, the
//! protection their policies apply, the writes that protection makes, and
//! CPU and memory.

pub mod compute;
pub mod footprint;
pub mod growth;
pub mod io;
pub mod placement;
pub mod protection;
pub mod unmeasured;
pub mod write_load;
