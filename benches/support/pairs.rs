//! What the benchmarks that alternate two subjects call by call print: each subject's latencies,
//! and the median of the pairs' cost ratios with its 95% interval (a neighbour's burst on a
//! shared machine hits both of a pair alike, so the ratio holds where criterion's two means,
//! taken minutes apart, drift). Included by path (`#[path]`) where it is used.

// Each benchmark that includes it uses what it needs.
#![allow(dead_code)]

use std::time::Duration;

/// p50 / p99 / requests per second of one subject's calls, printed.
pub fn print_latencies(label: &str, lat: &mut [Duration]) {
    let total: Duration = lat.iter().sum();
    lat.sort_unstable();
    let at = |q: f64| lat[((lat.len() as f64 * q) as usize).min(lat.len() - 1)];
    println!(
        "p99 {label:<36} p50 {:>8.1} µs  p99 {:>8.1} µs  {:>8.0} req/s",
        at(0.50).as_secs_f64() * 1e6,
        at(0.99).as_secs_f64() * 1e6,
        lat.len() as f64 / total.as_secs_f64()
    );
}

/// The median of `ratios` with its distribution-free 95% interval (the order statistics
/// n/2 ∓ 1.96·√n/2), printed.
pub fn print_ratio(label: &str, ratios: &mut [f64]) {
    let n = ratios.len();
    ratios.sort_by(f64::total_cmp);
    let half = (0.98 * (n as f64).sqrt()).ceil() as usize;
    let (lo, hi) = ((n / 2).saturating_sub(half), (n / 2 + half).min(n - 1));
    println!(
        "p99 {label:<36} median {:.3}, 95% CI {:.3} to {:.3}, over {n} pairs",
        ratios[n / 2],
        ratios[lo],
        ratios[hi]
    );
}
