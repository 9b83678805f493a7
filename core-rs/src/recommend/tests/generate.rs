//! Small generated catalogs and projects: a host model or two with few
//! drive bays, one or two devices per tier (flash or spinning), an X-Brick
//! and a VPLEX engine; one or two workloads under one or two policies, on
//! a single-site or stretched cluster.

use proptest::prelude::*;

use crate::catalog::{
    Catalog, DeviceRole, DeviceSpec, HostPartSpec, Part, PartSpec, PriceBasis, SpecBasis,
    VplexEngineSpec, VplexIops, XBrickSpec, CATALOG_SCHEMA_VERSION,
};
use crate::model::{
    Cluster, CommitMode, DedupRatios, DeviceKind, FlashClass, HostSpec, Project, ProtectionMethod,
    Settings, SqlDeployment, Storage, StoragePolicy, Topology, Workload, WorkloadSpec,
    SCHEMA_VERSION,
};
use crate::platform::xtremio_vplex::X_BRICK_MODELS;

fn part(id: String, price: f64, spec: PartSpec) -> Part {
    Part {
        vendor: "Test".into(),
        model: id.clone(),
        id,
        part_number: String::new(),
        unit_price: price,
        currency: "USD".into(),
        price_basis: PriceBasis::IndicativeList,
        source: "generated".into(),
        price_source: "generated".into(),
        legacy: false,
        spec,
    }
}

fn host(i: usize) -> impl Strategy<Value = Part> {
    (
        1u32..=2,
        8u32..=32,
        128.0..768.0f64,
        4u32..=8,
        4_000.0..30_000.0f64,
    )
        .prop_map(move |(sockets, cores, ram, bays, price)| {
            part(
                format!("host-{i}"),
                price.round(),
                PartSpec::Host(HostPartSpec {
                    cpu: "test".into(),
                    sockets,
                    cores_per_socket: cores,
                    ghz: 2.5,
                    ram_gb: ram.round(),
                    nics: 2,
                    nic_gbps: 25.0,
                    drive_bays: bays,
                    rack_units: 1 + sockets,
                    generation: "test".into(),
                    ram_price_per_gb: None,
                    price_per_core: None,
                    power_w: Some(f64::from(sockets) * 250.0 + 150.0),
                }),
            )
        })
}

fn flash_kind() -> impl Strategy<Value = DeviceKind> {
    prop_oneof![
        Just(DeviceKind::SataSsd),
        Just(DeviceKind::SasSsd),
        Just(DeviceKind::Nvme)
    ]
}

fn cache(i: usize) -> impl Strategy<Value = Part> {
    (
        flash_kind(),
        100.0..2_000.0f64,
        2_000.0..400_000.0f64,
        500.0..150_000.0f64,
        proptest::option::of(prop_oneof![
            Just(FlashClass::A),
            Just(FlashClass::C),
            Just(FlashClass::E),
            Just(FlashClass::F)
        ]),
        100.0..1_500.0f64,
        // Down to a read-intensive 0.1 DWPD, so some designs wear their
        // cache out within the horizon (`cache.endurance_exceeded`).
        proptest::option::of(prop_oneof![Just(0.1), Just(1.0), Just(3.0)]),
    )
        .prop_map(move |(kind, gb, read, write, class, price, dwpd)| {
            part(
                format!("cache-{i}"),
                price.round(),
                PartSpec::Device(DeviceSpec {
                    kind,
                    role: DeviceRole::Cache,
                    capacity_gb: gb.round(),
                    read_iops: read.round(),
                    write_iops: write.round(),
                    iops_basis: SpecBasis::Assumed,
                    endurance_dwpd: dwpd,
                    flash_class: class,
                    endurance_tbw: None,
                    esa_certified: false,
                    generation: "test".into(),
                }),
            )
        })
}

fn capacity(i: usize) -> impl Strategy<Value = Part> {
    (
        prop_oneof![
            Just((DeviceKind::Hdd10k, 140.0)),
            Just((DeviceKind::Hdd7200, 80.0)),
            (flash_kind(), 5_000.0..300_000.0f64),
        ],
        400.0..8_000.0f64,
        50.0..1_500.0f64,
    )
        .prop_map(move |((kind, iops), gb, price)| {
            part(
                format!("capacity-{i}"),
                price.round(),
                PartSpec::Device(DeviceSpec {
                    kind,
                    role: DeviceRole::Capacity,
                    capacity_gb: gb.round(),
                    read_iops: iops.round(),
                    write_iops: (iops / 3.0).round().max(1.0),
                    iops_basis: SpecBasis::Assumed,
                    endurance_dwpd: None,
                    flash_class: None,
                    endurance_tbw: None,
                    esa_certified: false,
                    generation: "test".into(),
                }),
            )
        })
}

fn array_parts() -> impl Strategy<Value = Vec<Part>> {
    (0..X_BRICK_MODELS.len(), 1u32..=2, 50_000.0..300_000.0f64).prop_map(|(m, max, price)| {
        let model = &X_BRICK_MODELS[m];
        let iops = |engines: u32, f: f64| VplexIops {
            engines,
            write_only: 35_000.0 * f,
            read_only: 50_000.0 * f,
            mixed_90_10_peak: 45_000.0 * f,
            mixed_90_10_average: 30_000.0 * f,
        };
        vec![
            part(
                model.id.into(),
                price.round(),
                PartSpec::XBrick(XBrickSpec {
                    generation: "test".into(),
                    ssd_count: model.ssds,
                    ssd_gb: model.ssd_gb,
                    raw_tb: f64::from(model.ssds) * model.ssd_gb / 1000.0,
                    usable_tb: f64::from(model.ssds) * model.ssd_gb / 1000.0 * 0.747,
                    usable_basis: SpecBasis::Assumed,
                    max_per_cluster: max,
                    oltp_iops: model.oltp_iops,
                    iops_basis: SpecBasis::Assumed,
                    rack_units: 4,
                }),
            ),
            part(
                "engine".into(),
                100_000.0,
                PartSpec::VplexEngine(VplexEngineSpec {
                    generation: "VS2".into(),
                    directors: 2,
                    front_end_iops: vec![iops(1, 1.0), iops(2, 2.0), iops(4, 4.0)],
                    iops_basis: SpecBasis::Assumed,
                    rack_units: 2,
                }),
            ),
        ]
    })
}

/// One host model, one or two devices per tier, and the array parts.
pub fn catalog() -> impl Strategy<Value = Catalog> {
    (
        host(0),
        proptest::collection::vec(0..1usize, 1..=2),
        proptest::collection::vec(0..1usize, 1..=2),
        array_parts(),
    )
        .prop_flat_map(|(h, caches, capacities, array)| {
            let caches: Vec<_> = (0..caches.len()).map(cache).collect();
            let capacities: Vec<_> = (0..capacities.len()).map(capacity).collect();
            (Just(h), caches, capacities, Just(array))
        })
        .prop_map(|(h, caches, capacities, array)| {
            let mut parts = vec![h];
            parts.extend(caches);
            parts.extend(capacities);
            parts.extend(array);
            Catalog {
                schema_version: CATALOG_SCHEMA_VERSION,
                price_note: String::new(),
                defaults: None,
                parts,
            }
        })
}

fn deployment() -> impl Strategy<Value = SqlDeployment> {
    prop_oneof![
        Just(SqlDeployment::Standalone),
        Just(SqlDeployment::AvailabilityGroup {
            replicas: 2,
            commit: CommitMode::Sync
        }),
        any::<bool>().prop_map(|iscsi_target| SqlDeployment::FailoverCluster { iscsi_target }),
    ]
}

fn spec() -> impl Strategy<Value = WorkloadSpec> {
    prop_oneof![
        (
            1u32..=2,
            2u32..=16,
            8.0..96.0f64,
            50.0..1_500.0f64,
            0.0..30.0f64,
            100.0..20_000.0f64,
            50.0..95.0f64,
            deployment()
        )
            .prop_map(|(vms, vcpu, ram, db, growth, iops, read, deployment)| {
                WorkloadSpec::SqlServer {
                    vm_count: vms,
                    vcpu_per_vm: vcpu,
                    ram_gb_per_vm: ram.round(),
                    memory_reservation_gb_per_vm: None,
                    db_size_gb: db.round(),
                    log_size_gb: (db / 5.0).round(),
                    tempdb_size_gb: 50.0,
                    annual_growth_pct: growth.round(),
                    working_set_pct: 20.0,
                    target_iops: iops.round(),
                    read_pct: read.round(),
                    io_size_kb: 8.0,
                    deployment,
                }
            }),
        (1u32..=4, 100u32..=8_000, 0.2..2.0f64).prop_map(|(vms, mailboxes, gb)| {
            WorkloadSpec::Exchange {
                vm_count: vms,
                vcpu_per_vm: 4,
                ram_gb_per_vm: 32.0,
                memory_reservation_gb_per_vm: None,
                mailboxes,
                mailbox_gb: gb,
                iops_per_mailbox: 1.0,
                database_copies: 2,
                read_pct: 70.0,
                io_size_kb: 32.0,
                annual_growth_pct: 5.0,
            }
        }),
        (1u32..=20, 20.0..500.0f64, 5.0..100.0f64).prop_map(|(vms, disk, iops)| {
            WorkloadSpec::VmGroup {
                vm_count: vms,
                vcpu_per_vm: 2,
                ram_gb_per_vm: 8.0,
                memory_reservation_gb_per_vm: None,
                disk_gb_per_vm: disk.round(),
                iops_per_vm: iops.round(),
                read_pct: 70.0,
                annual_growth_pct: 0.0,
            }
        }),
    ]
}

fn policy(i: usize) -> impl Strategy<Value = StoragePolicy> {
    prop_oneof![Just(0.0), Just(100.0)].prop_map(move |osr| StoragePolicy {
        id: format!("p{i}").into(),
        name: format!("p{i}"),
        method: ProtectionMethod::Raid1,
        ftt: 1,
        stripe_width: 1,
        object_space_reservation_pct: osr,
        checksum: true,
        iops_limit: None,
        compression: None,
    })
}

fn topology() -> impl Strategy<Value = Topology> {
    prop_oneof![
        Just(Topology::Single { host_count: 4 }),
        (
            0.5..5.5f64,
            0.5..20.0f64,
            60.0..210.0f64,
            1.0..50.0f64,
            any::<bool>()
        )
            .prop_map(|(rtt, link, witness_rtt, witness_link, mirroring)| {
                Topology::Stretched {
                    hosts_per_site: 2,
                    inter_site_rtt_ms: rtt,
                    inter_site_link_gbps: link,
                    witness_rtt_ms: witness_rtt,
                    witness_link_mbps: witness_link,
                    site_mirroring: mirroring,
                }
            }),
    ]
}

fn settings() -> impl Strategy<Value = Settings> {
    (
        0.0..35.0f64,
        0u32..=2,
        60.0..100.0f64,
        1.0..3.0f64,
        1u32..=3,
    )
        .prop_map(|(slack, reserve, ceiling, dedup, years)| Settings {
            slack_pct: slack.round(),
            reserve_hosts: reserve,
            device_utilisation_ceiling_pct: ceiling.round(),
            planning_horizon_years: years,
            dedup_ratios: DedupRatios {
                sql_server: dedup,
                ..DedupRatios::default()
            },
            ..Settings::default()
        })
}

/// A one-cluster project of one or two workloads.
pub fn project() -> impl Strategy<Value = Project> {
    (
        settings(),
        topology(),
        proptest::collection::vec((spec(), 0..2usize), 1..=2),
        policy(0),
        policy(1),
    )
        .prop_map(|(settings, topology, specs, p0, p1)| Project {
            schema_version: SCHEMA_VERSION,
            name: "generated".into(),
            description: String::new(),
            facts: Default::default(),
            settings,
            devices: Vec::new(),
            clusters: vec![Cluster {
                id: "c".into(),
                name: "c".into(),
                host: HostSpec {
                    model: "placeholder".into(),
                    sockets: 2,
                    cores_per_socket: 16,
                    ghz: 2.5,
                    ram_gb: 256.0,
                    nics: 2,
                    nic_gbps: 25.0,
                    unit_price: None,
                },
                topology,
                storage: Storage::VsanOsa {
                    disk_groups: Vec::new(),
                    dedup_compression: false,
                },
            }],
            policies: vec![p0, p1],
            workloads: specs
                .into_iter()
                .enumerate()
                .map(|(i, (spec, policy))| Workload {
                    id: format!("w{i}").into(),
                    name: format!("w{i}"),
                    cluster_id: "c".into(),
                    policy_id: format!("p{policy}").into(),
                    spec,
                })
                .collect(),
            pricing: Default::default(),
            scenarios: Vec::new(),
            origin: None,
        })
}
