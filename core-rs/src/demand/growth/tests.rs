use super::*;
use crate::demand::footprint::growth_factor;
use crate::demand::io::{front_end_io, working_set_gb};

/// A cluster whose usable capacity is 32.5 GB per host (130 GB on 4 hosts)
/// holding data that needs 100 GB today and grows 20 % a year: the issue's
/// example, 30 % headroom against 1.2^n growth.
fn twenty_pct_on_thirty_pct_headroom(topology: &Topology, year: u32) -> GrowthYear {
    let hosts = f64::from(topology.host_count());
    GrowthYear {
        year,
        capacity_required: Capacity::from_gb(100.0 * growth_factor(20.0, year)),
        capacity_usable: Capacity::from_gb(32.5 * hosts),
        front_end_iops: 1_000.0 * growth_factor(20.0, year),
        iops_limit: Some(1_000.0 * hosts),
        cpu_pct: Some(50.0),
        ram_pct: None,
    }
}

fn single(host_count: u32) -> Topology {
    Topology::Single { host_count }
}

#[test]
fn thirty_pct_headroom_at_twenty_pct_growth_runs_out_in_year_2() {
    // 1.3 >= 1.2 in year 1; 1.3 < 1.2^2 = 1.44 in year 2.
    let g = assess_growth(&single(4), 3, 1, &twenty_pct_on_thirty_pct_headroom);
    assert_eq!(g.years.len(), 4);
    assert!(!GrowthLimit::Capacity.crossed(&g.years[1]));
    assert!(GrowthLimit::Capacity.crossed(&g.years[2]));
    let capacity = g
        .first_crossing
        .iter()
        .find(|c| c.limit == GrowthLimit::Capacity)
        .expect("capacity is crossed");
    assert_eq!(capacity.year, 2);
    // Year 3 needs 172.8 GB: 32.5 GB per host -> 6 hosts (195 GB), 5 give 162.5.
    assert_eq!(capacity.hosts_to_add, Some(2));
}

#[test]
fn limits_never_crossed_are_not_listed_and_absent_figures_never_cross() {
    // IOPS 1,728 in year 3 against 4,000; CPU 50 %; RAM unknown.
    let g = assess_growth(&single(4), 3, 1, &twenty_pct_on_thirty_pct_headroom);
    let limits: Vec<GrowthLimit> = g.first_crossing.iter().map(|c| c.limit).collect();
    assert_eq!(limits, vec![GrowthLimit::Capacity]);
}

#[test]
fn a_stretched_cluster_grows_by_one_host_per_site() {
    let stretched = Topology::Stretched {
        hosts_per_site: 2,
        inter_site_rtt_ms: 1.0,
        inter_site_link_gbps: 10.0,
        witness_rtt_ms: 50.0,
        witness_link_mbps: 100.0,
        site_mirroring: true,
    };
    let g = assess_growth(&stretched, 3, 1, &twenty_pct_on_thirty_pct_headroom);
    let capacity = &g.first_crossing[0];
    assert_eq!(capacity.year, 2);
    // 6 hosts carry year 3, reached as 3 + 3.
    assert_eq!(capacity.hosts_to_add, Some(2));
    assert_eq!(enlarged(&stretched, 1).host_count(), 6);
}

#[test]
fn no_hosts_to_add_when_adding_hosts_cannot_help() {
    let flat = |_: &Topology, year: u32| GrowthYear {
        year,
        cpu_pct: Some(90.0 + 10.0 * f64::from(year)),
        ..twenty_pct_on_thirty_pct_headroom(&single(8), 0)
    };
    let g = assess_growth(&single(4), 3, 1, &flat);
    let cpu = &g.first_crossing[0];
    assert_eq!(
        (cpu.limit, cpu.year, cpu.hosts_to_add),
        (GrowthLimit::Cpu, 2, None)
    );
}

#[test]
fn findings_name_the_year_and_the_fix_but_skip_today() {
    let g = assess_growth(&single(4), 3, 1, &twenty_pct_on_thirty_pct_headroom);
    let f = growth_findings("clusters[0]", "sql", &g);
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "growth.capacity_crossed");
    assert!(f[0].message.contains("year 2 of 3"), "{}", f[0].message);
    assert!(f[0].message.contains("add 2 host(s)"), "{}", f[0].message);
    let today = ClusterGrowth {
        first_crossing: vec![GrowthCrossing::new(GrowthLimit::Ram, 0, Some(1), 3, 1)],
        ..g
    };
    assert!(growth_findings("clusters[0]", "sql", &today).is_empty());
}

#[test]
fn a_limit_crossed_in_year_0_is_short_today_not_running_out() {
    // 80 GB usable on 4 hosts against 100 GB today: short before any growth.
    let short = |t: &Topology, year: u32| GrowthYear {
        capacity_usable: Capacity::from_gb(20.0 * f64::from(t.host_count())),
        ..twenty_pct_on_thirty_pct_headroom(t, year)
    };
    let g = assess_growth(&single(4), 3, 1, &short);
    let capacity = &g.first_crossing[0];
    assert_eq!((capacity.limit, capacity.year), (GrowthLimit::Capacity, 0));
    // Year 3 needs 172.8 GB: 9 hosts (180 GB), 5 more than today.
    assert_eq!(
        capacity.summary,
        "Usable capacity is already short today (year 0): add 5 host(s) of the same shape now \
         to carry it to year 3"
    );
}

#[test]
fn a_limit_crossed_later_runs_out_in_its_year_of_the_horizon() {
    let g = assess_growth(&single(4), 3, 1, &twenty_pct_on_thirty_pct_headroom);
    assert_eq!(
        g.first_crossing[0].summary,
        "Usable capacity runs out in year 2 of 3: add 2 host(s) of the same shape by year 2 \
         to carry it to year 3"
    );
    let never = GrowthCrossing::new(GrowthLimit::Cpu, 0, None, 5, 1);
    assert_eq!(
        never.summary,
        format!(
            "CPU after N+1 is already short today (year 0): no cluster of up to \
             {MAX_HOSTS_PER_CLUSTER} hosts of this shape carries it to year 5"
        )
    );
}

#[test]
fn cpu_and_ram_name_the_design_s_own_host_failures() {
    // The limits are judged after the design's N+x: N+2 says so, and an
    // N+0 design's CPU is its CPU with every host up, not "after N+x".
    assert_eq!(GrowthLimit::Ram.describe(2), "RAM after N+2");
    assert_eq!(GrowthLimit::Cpu.describe(0), "CPU with every host up");
    assert_eq!(GrowthLimit::Capacity.describe(0), "usable capacity");
    let today = GrowthCrossing::new(GrowthLimit::Cpu, 0, Some(2), 3, 0);
    assert!(
        today
            .summary
            .starts_with("CPU with every host up is already short today"),
        "{}",
        today.summary
    );
    assert_eq!(today.limit_label, "CPU with every host up");
}

#[test]
fn io_grows_at_the_data_rate_and_nothing_else_changes() {
    let spec = WorkloadSpec::VmGroup {
        vm_count: 10,
        vcpu_per_vm: 2,
        ram_gb_per_vm: 8.0,
        memory_reservation_gb_per_vm: None,
        disk_gb_per_vm: 100.0,
        iops_per_vm: 50.0,
        read_pct: 70.0,
        annual_growth_pct: 20.0,
    };
    let WorkloadSpec::VmGroup {
        iops_per_vm,
        vm_count,
        disk_gb_per_vm,
        ..
    } = grown_io(&spec, 2)
    else {
        unreachable!("a VM group stays a VM group")
    };
    assert!((iops_per_vm - 50.0 * 1.44).abs() < 1e-9);
    // The data grows, and with it the working set the read cache sees; the VMs stay.
    assert_eq!(vm_count, 10);
    assert!((disk_gb_per_vm - 100.0 * 1.44).abs() < 1e-9);
    assert_eq!(grown_io(&spec, 0), spec);
    assert_eq!(front_end_io_in(&spec, 2), front_end_io(&grown_io(&spec, 2)));
    assert_eq!(front_end_io_in(&spec, 0), front_end_io(&spec));
    // The timeline's year: today's working set and I/O times the growth factor.
    let g = growth_factor(20.0, 2);
    let ws = working_set_gb(&grown_io(&spec, 2));
    assert!((ws - working_set_gb(&spec) * g).abs() <= 1e-15 * ws);
    let io = front_end_io(&grown_io(&spec, 2));
    assert!((io.read_iops - front_end_io(&spec).read_iops * g).abs() <= 1e-15 * io.read_iops);
}
