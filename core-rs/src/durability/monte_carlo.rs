//! An independent check of the Markov chain: simulate hosts failing at
//! random and count the years in which more hosts were down at once than
//! the policy tolerates.
//!
//! Unlike the chain it keeps every event kind apart, gives each a fixed
//! (not exponential) rebuild window, and lets a failure in a host already
//! down extend its window. It needs about 1 / p simulated years per loss,
//! so it can only check cases with high failure rates; real designs lose
//! data once in 10^5-10^9 years, which is why the product uses the chain.

/// xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift
/// generators, scrambled", 2016): small, fast, deterministic per seed.
pub struct XorShift64Star(u64);

impl XorShift64Star {
    pub fn new(seed: u64) -> Self {
        // A zero state would stay zero.
        XorShift64Star(seed.max(1))
    }

    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in (0, 1]: the top 53 bits, never 0 (so ln is finite).
    pub fn next_unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }
}

/// One failure kind of a host: its rate per host-year and fixed window.
#[derive(Debug, Clone, Copy)]
pub struct SimEvent {
    pub rate_per_year: f64,
    pub window_years: f64,
}

/// Share of `trials` simulated horizons in which, in every one of `sites`
/// sites of `hosts_per_site` hosts, more than `tolerated` hosts were down
/// at the same moment.
pub fn simulate_loss_probability(
    sites: usize,
    hosts_per_site: usize,
    tolerated: usize,
    events: &[SimEvent],
    horizon_years: f64,
    trials: u32,
    seed: u64,
) -> f64 {
    let hosts = sites * hosts_per_site;
    let per_host: f64 = events.iter().map(|e| e.rate_per_year).sum();
    let total_rate = per_host * hosts as f64;
    let mut rng = XorShift64Star::new(seed);
    let mut down_until = vec![0.0_f64; hosts];
    let mut losses = 0u32;
    for _ in 0..trials {
        down_until.iter_mut().for_each(|t| *t = 0.0);
        let mut now = 0.0;
        loop {
            // Superposed Poisson processes of every host and event kind.
            now += -rng.next_unit().ln() / total_rate;
            if now > horizon_years {
                break;
            }
            let host = ((rng.next_unit() * hosts as f64).ceil() as usize).clamp(1, hosts) - 1;
            let window = pick(events, per_host, rng.next_unit()).window_years;
            down_until[host] = down_until[host].max(now + window);
            let lost = down_until
                .chunks(hosts_per_site)
                .all(|site| site.iter().filter(|&&t| t > now).count() > tolerated);
            if lost {
                losses += 1;
                break;
            }
        }
    }
    f64::from(losses) / f64::from(trials)
}

/// The event whose share of `total` rate covers `u` in (0, 1].
fn pick(events: &[SimEvent], total: f64, u: f64) -> SimEvent {
    let mut threshold = u * total;
    for e in events {
        if threshold <= e.rate_per_year {
            return *e;
        }
        threshold -= e.rate_per_year;
    }
    events[events.len() - 1]
}
