//! The simulator's one random generator: seeded and reproducible, so a driver's market and a
//! latency model's draws are the same run after run.

/// SplitMix64: a tiny, seeded, reproducible generator (not for cryptography).
#[derive(Debug, Clone)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 when `n` is 0; the modulo bias is below 2^-40 for the small `n`
    /// used here).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }

    /// Uniform in `-k..=k`.
    pub fn symmetric(&mut self, k: i64) -> i64 {
        let k = k.clamp(0, 1 << 40);
        let span = u64::try_from(2 * k + 1).unwrap_or(1);
        i64::try_from(self.below(span)).unwrap_or(0) - k
    }
}
