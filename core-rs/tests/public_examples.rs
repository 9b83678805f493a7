//! Held-out checks: worked examples that VMware, Broadcom and Dell EMC
//! publish with their inputs and results, none of them a seed's, rebuilt as
//! projects (`tests/public_examples/`) and run through the CLI. Each test
//! fails when the core's figure leaves the tolerance the source's own
//! rounding allows (`public_examples/examples.rs` states it per figure).

#[path = "public_examples/examples.rs"]
mod examples;

use examples::{all, Example, Published};

fn example(test: &str) -> Example {
    all()
        .into_iter()
        .find(|e| e.test == test)
        .unwrap_or_else(|| panic!("no public example {test}"))
}

/// The core's figure against the published one.
fn check(test: &str) {
    let e = example(test);
    let tool = e.tool(&e.run.json());
    match e.published {
        Published::Number(published, unit, tolerance) => {
            let tool = tool.as_f64().expect("a number");
            assert!(
                tolerance.allows(published, tool),
                "{}: published {published} {unit} ({}), StackSizer {tool} {unit} from {} at {}; \
                 tolerance {} ({})",
                e.figure,
                e.source,
                e.run.shown(),
                e.pointer,
                tolerance.text(unit),
                tolerance.why()
            );
        }
        Published::Text(published) => assert_eq!(
            tool.as_str(),
            Some(published),
            "{}: published {published} ({}), from {}",
            e.figure,
            e.source,
            e.run.shown()
        ),
    }
}

macro_rules! public_examples {
    ($($test:ident),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                check(stringify!($test));
            }
        )*

        /// Every example of the list has its test, and every test its example.
        #[test]
        fn every_example_is_tested() {
            let mut tested = vec![$(stringify!($test)),*];
            let mut listed: Vec<&str> = all().iter().map(|e| e.test).collect();
            tested.sort_unstable();
            listed.sort_unstable();
            assert_eq!(tested, listed);
        }
    };
}

public_examples!(
    inter_site_bandwidth_of_10000_writes_at_4_kb,
    witness_components_of_100_vms,
    witness_bandwidth_of_600_components,
    witness_appliance_for_100_vms,
    witness_appliance_for_10_vms,
    witness_rtt_limit_with_1_host_per_site,
    witness_rtt_limit_with_11_hosts_per_site,
    witness_at_100_ms_is_beyond_the_11_host_limit,
    swap_of_100_vms_with_half_their_memory_reserved,
    vsan_memory_of_kb_2113954_example,
    hybrid_cache_is_10_pct_of_data_before_replicas,
    hybrid_cache_buffers_30_pct_of_writes,
    cache_endurance_of_a_400_gb_10_dwpd_device,
    all_flash_write_buffer_stops_at_600_gb,
    esa_raid1_thin_object,
    esa_raid5_4_1_thin_object,
    esa_raid6_thin_object,
    esa_raid1_thick_object,
    esa_raid5_4_1_thick_object,
    esa_raid6_thick_object,
    esa_raid5_2_1_thin_object,
    esa_raid5_2_1_thick_object,
    esa_host_rebuild_reserve_is_the_largest_host,
    esa_operations_reserve_for_objects_under_8_tb,
    esa_operations_reserve_for_an_8_tb_object,
    raid1_ftt1_uses_half_of_raw,
    raid1_ftt2_uses_a_third_of_raw,
    raid1_ftt3_uses_a_quarter_of_raw,
    raid5_uses_three_quarters_of_raw,
    raid6_uses_two_thirds_of_raw,
);

/// A loose tolerance would make a check that cannot fail: none may allow
/// a figure 3 % off the published one.
#[test]
fn every_tolerance_is_tight() {
    for e in all() {
        if let Published::Number(published, unit, tolerance) = e.published {
            assert!(
                !tolerance.allows(published, published * 1.03),
                "{}: {} allows 3 % over {published} {unit}",
                e.test,
                tolerance.text(unit)
            );
        }
    }
}
