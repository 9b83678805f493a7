//! The durability chain: a birth-death Markov chain over the hosts
//! (fault domains) of a cluster.
//!
//! State i = hosts whose components are being rebuilt (0 <= i <= k + 1
//! for a policy tolerating k failures). From state i:
//! - a further host fails at rate λ_i = (n - i) λ, where λ is one host's
//!   failure rate (the host itself plus its devices);
//! - one of the i rebuilds ends at rate μ_i = i / T, T the mean rebuild
//!   window (rebuilds of different hosts run in parallel).
//!
//! State k + 1 (FTT+1 hosts down together) is data loss and absorbing.
//! The mean time to reach it from i = 0 (MTTDL) is the sum of the mean
//! times m_i to climb from i to i + 1, which first-step analysis gives in
//! closed form:
//!
//!   m_0 = 1 / λ_0,   m_i = (1 + μ_i m_{i-1}) / λ_i.
//!
//! When failures are rare against rebuilds (λ T << 1) this tends to the
//! familiar MTTDL ≈ k! / (n (n-1) ... (n-k) λ^(k+1) T^k), and with k = 0
//! to 1 / (n λ) exactly.
//!
//! A site-mirrored stretched cluster keeps a copy in each site, so data is
//! lost only when both sites have lost theirs at once. Each site runs the
//! chain above, except that its top state k + 1 (its copy lost) is left
//! again as its hosts are rebuilt (from the other site). The pair of
//! independent site chains is one chain of (k + 2)^2 states, absorbing
//! when both are at k + 1; its mean time to absorption solves the linear
//! system Σ_t q(s,t) (m_s - m_t) = 1 over the transient states s. We solve
//! it by eliminating states one at a time, keeping each row's exit rate as
//! the sum of its rates (Grassmann, Taksar and Heyman, 1985), so no
//! subtraction loses the tiny absorption rates.

/// Mean time to data loss, in years, of `n` fault domains each failing at
/// `rate_per_year`, with mean rebuild window `window_years`, under a policy
/// tolerating `tolerated` concurrent failures. None when loss cannot happen
/// in the model: fewer fault domains than `tolerated + 1`, no failures, an
/// instant rebuild with something to tolerate, or a time beyond f64.
pub fn mttdl_years(n: u32, tolerated: u32, rate_per_year: f64, window_years: f64) -> Option<f64> {
    if n <= tolerated || rate_per_year <= 0.0 || (tolerated > 0 && window_years <= 0.0) {
        return None;
    }
    let climb_rate = |i: u32| f64::from(n - i) * rate_per_year;
    let mut climb = 1.0 / climb_rate(0);
    let mut total = climb;
    for i in 1..=tolerated {
        let repair_rate = f64::from(i) / window_years;
        climb = (1.0 + repair_rate * climb) / climb_rate(i);
        total += climb;
    }
    total.is_finite().then_some(total)
}

/// MTTDL in years of a site-mirrored cluster: two sites of
/// `hosts_per_site` fault domains, each failing at `rate_per_year`, mean
/// rebuild window `window_years`, each site's copy tolerating `tolerated`
/// concurrent failures. None when loss cannot happen in the model.
pub fn mirrored_mttdl_years(
    hosts_per_site: u32,
    tolerated: u32,
    rate_per_year: f64,
    window_years: f64,
) -> Option<f64> {
    if hosts_per_site <= tolerated || rate_per_year <= 0.0 || window_years <= 0.0 {
        return None;
    }
    let top = tolerated as usize + 1;
    let side = top + 1;
    // States (a, b) at a * side + b; the last one, (top, top), is loss.
    let transient = side * side - 1;
    let up = |i: usize| f64::from(hosts_per_site - i as u32) * rate_per_year;
    let down = |i: usize| i as f64 / window_years;
    // rates[s][t]: rate from s to transient t; leak[s]: rate from s to loss.
    let mut rates = vec![vec![0.0_f64; transient]; transient];
    let mut leak = vec![0.0_f64; transient];
    for s in 0..transient {
        let (a, b) = (s / side, s % side);
        let mut to = |t: usize, rate: f64| {
            if t == transient {
                leak[s] += rate;
            } else {
                rates[s][t] += rate;
            }
        };
        if a < top {
            to((a + 1) * side + b, up(a));
        }
        if a > 0 {
            to((a - 1) * side + b, down(a));
        }
        if b < top {
            to(a * side + b + 1, up(b));
        }
        if b > 0 {
            to(a * side + b - 1, down(b));
        }
    }
    mean_absorption_time(rates, leak)
}

/// Mean time to absorption from state 0 of a chain with `rates[s][t]`
/// between transient states and `leak[s]` into the absorbing set.
///
/// Each transient state s satisfies E_s m_s = c_s + Σ_t q(s,t) m_t, with
/// E_s its exit rate and c_s = 1 to start. Eliminating state p (the chain
/// censored on the states left) turns s -> p -> t into direct rates
/// q(s,t) += q(s,p) q(p,t) / E_p, moves p's leak and time to s the same
/// way, and drops the loop s -> p -> s; the new E_s is then the sum of s's
/// rates, never a difference. With every other state gone,
/// m_0 = c_0 / E_0 (Grassmann, Taksar and Heyman, 1985).
pub(super) fn mean_absorption_time(mut rates: Vec<Vec<f64>>, mut leak: Vec<f64>) -> Option<f64> {
    let n = leak.len();
    let mut time = vec![1.0_f64; n];
    for p in (1..n).rev() {
        let exit_p = leak[p] + rates[p][..p].iter().sum::<f64>();
        if exit_p <= 0.0 {
            return None;
        }
        for s in 0..p {
            let via = rates[s][p] / exit_p;
            if via == 0.0 {
                continue;
            }
            time[s] += via * time[p];
            leak[s] += via * leak[p];
            for t in (0..p).filter(|&t| t != s) {
                rates[s][t] += via * rates[p][t];
            }
        }
    }
    let m = time[0] / leak[0];
    (leak[0] > 0.0 && m.is_finite()).then_some(m)
}

/// Probability of at least one loss within `horizon_years`, treating the
/// time to loss as exponential with mean MTTDL: exact for k = 0, and for
/// k >= 1 the chain forgets its start within a few rebuild windows, far
/// shorter than a year.
pub fn loss_probability(mttdl_years: Option<f64>, horizon_years: f64) -> f64 {
    match mttdl_years {
        Some(m) if m > 0.0 => -(-horizon_years / m).exp_m1(),
        _ => 0.0,
    }
}
