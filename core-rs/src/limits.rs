//! Product maxima: the vendor limits a design or an input must stay within,
//! each with its source, in one place so validation, the rules, the design
//! search and the importers agree on them. Bounds that only catch typos
//! (a dedup ratio of 100:1) are marked as such.

// vSAN (VMware vSAN Configuration Maximums; seed 001).
pub const MAX_HOSTS_PER_CLUSTER: u32 = 64;
pub const MAX_DISK_GROUPS_PER_HOST: usize = 5;
pub const MAX_CAPACITY_DEVICES_PER_DISK_GROUP: u32 = 7;
/// NVMe devices per host for a vSAN ESA storage pool (assumption: 24, a
/// 2U ReadyNode's NVMe bays; no public per-host ESA device maximum is cited).
pub const MAX_ESA_DEVICES_PER_HOST: u32 = 24;
/// Components one vSAN ESA host may hold (`source::ESA_COMPONENTS`).
pub const MAX_ESA_COMPONENTS_PER_HOST: u64 = 27_000;
/// Components one vSAN ESA NVMe device may hold (`source::ESA_COMPONENTS`).
pub const MAX_ESA_COMPONENTS_PER_DEVICE: u64 = 3_000;
/// Seed 000 §3.4: vSAN stretched clusters support up to 5 ms RTT between sites.
pub const MAX_SUPPORTED_RTT_MS: f64 = 5.0;
/// VMware: witness RTT < 500 ms with 1 host per site (a 2-node cluster),
/// <= 200 ms up to 10 hosts per site (seed 000 §3.4 tested 200 ms), < 100
/// ms for 11-15 hosts per site.
pub const WITNESS_RTT_TWO_NODE_MS: f64 = 500.0;
pub const WITNESS_RTT_SMALL_MS: f64 = 200.0;
pub const WITNESS_RTT_LARGE_MS: f64 = 100.0;
pub const WITNESS_SMALL_MAX_HOSTS_PER_SITE: u32 = 10;
/// VMware vSAN design guide: a component holds at most 255 GB.
pub const MAX_COMPONENT_GB: f64 = 255.0;

/// XtremIO clusters hold up to 8 X-Bricks (X2-R; first generation and X2-S: 4).
pub const MAX_X_BRICKS: u32 = 8;

// vSphere iSCSI target service (seed 002, vSAN iSCSI target limits).
pub const MAX_ISCSI_TARGETS_PER_CLUSTER: u32 = 16;
pub const MAX_ISCSI_LUNS_PER_CLUSTER: u32 = 128;
pub const MAX_ISCSI_SESSIONS_PER_HOST: u32 = 128;

// vSphere 8 and vCenter Server 8 (VMware Configuration Maximums).
/// vSphere's smallest VM memory, 4 MB.
pub const MIN_VM_RAM_GB: f64 = 4.0 / 1024.0;
pub const MAX_VM_VCPU: f64 = 768.0;
pub const MAX_VM_MEMORY_MIB: f64 = 24.0 * 1024.0 * 1024.0;
pub const MAX_VIRTUAL_DISK_MIB: f64 = 62.0 * 1024.0 * 1024.0;
/// A VM may have up to 256 virtual disks (NVMe controllers).
pub const MAX_VIRTUAL_DISKS_PER_VM: f64 = 256.0;
pub const MAX_VM_STORAGE_MIB: f64 = MAX_VIRTUAL_DISKS_PER_VM * MAX_VIRTUAL_DISK_MIB;
/// The largest VM storage in decimal GB.
pub const MAX_VM_STORAGE_GB: f64 = MAX_VM_STORAGE_MIB * 1.048_576 / 1_000.0;
/// VMs one vCenter Server registers: an inventory of one vCenter holds no more.
pub const MAX_VCENTER_VMS: u32 = 45_000;
/// Hosts one vCenter Server manages.
pub const MAX_VCENTER_HOSTS: u32 = 2_500;

// Typo guards: inputs beyond these are mistakes, not designs.
/// Seed 001: vSAN space efficiency "up to 10x"; a higher expected ratio is a typo.
pub const MAX_DEDUP_RATIO: f64 = 10.0;
/// XtremIO dedup or compression above 20:1 on its own is beyond seed 004's
/// 1.8:1 with five snapshots by an order of magnitude.
pub const MAX_ARRAY_REDUCTION: f64 = 20.0;
/// A price of one X-Brick or VPLEX engine above this.
pub const MAX_ARRAY_UNIT_PRICE: f64 = 100_000_000.0;
/// The highest inter-site RTT an input may state, in ms (validation and
/// the CLI); support limits are findings, well below it.
pub const MAX_RTT_INPUT_MS: f64 = 100.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_vm_storage_is_256_disks_of_62_tib_in_decimal_gb() {
        let tib_in_gb = 1_099.511_627_776;
        assert!((MAX_VM_STORAGE_GB - 256.0 * 62.0 * tib_in_gb).abs() < 1e-6);
    }
}
