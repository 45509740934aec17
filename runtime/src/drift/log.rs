//! The client's record of drift: bounded, de-duplicated, each new finding logged once.

use std::collections::HashMap;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::{Finding, FindingKind};

/// At most this many distinct findings are kept; later new ones are only counted.
pub const MAX_FINDINGS: usize = 256;

type Key = (FindingKind, String, String, String);

#[derive(Debug, Default)]
struct Kept {
    index: HashMap<Key, usize>,
    findings: Vec<Finding>,
    dropped: u64,
    /// Per source (endpoint, `stream`, `market_stream`): checks in a row that found nothing new,
    /// and answers noticed since the last check.
    quiet: HashMap<&'static str, (u32, u32)>,
}

/// After this many checks in a row of a source that found nothing new, only one noticed answer
/// in [`SAMPLE_EVERY`] is checked: a field the exchange added to every depth frame must not
/// make each frame pay for a walk until the spec is patched.
const QUIET_CHECKS: u32 = 8;
/// See [`QUIET_CHECKS`].
const SAMPLE_EVERY: u32 = 64;

/// The findings of one client (its REST answers and both streams), bounded and de-duplicated:
/// the same finding (kind, endpoint, path, wire) is counted, not stored twice.
#[derive(Debug, Default)]
pub struct DriftLog {
    state: Mutex<Kept>,
}

/// A snapshot of a [`DriftLog`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DriftReport {
    /// The findings, in the order first seen.
    pub findings: Vec<Finding>,
    /// New findings not kept because the log was full.
    pub dropped: u64,
}

impl DriftReport {
    /// Whether nothing drifted.
    pub fn is_empty(&self) -> bool {
        self.findings.is_empty() && self.dropped == 0
    }
}

impl DriftLog {
    /// An empty log.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a noticed answer of `source` is to be checked: always, until its checks found
    /// nothing new `QUIET_CHECKS` times in a row; then one in `SAMPLE_EVERY` (counts of
    /// steady drift are then of the answers checked).
    pub fn should_check(&self, source: &'static str) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let (quiet, since) = state.quiet.entry(source).or_default();
        if *quiet < QUIET_CHECKS {
            return true;
        }
        *since += 1;
        if *since >= SAMPLE_EVERY {
            *since = 0;
            return true;
        }
        false
    }

    /// Records how a check of `source` went: `new` when it noted a finding not seen before.
    pub fn checked(&self, source: &'static str, new: bool) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let (quiet, _) = state.quiet.entry(source).or_default();
        *quiet = if new { 0 } else { quiet.saturating_add(1) };
    }

    /// Records `finding` (its `count` is ignored): counted when known, kept and logged with
    /// `tracing::warn!` when new, counted as dropped when the log is full. True when new.
    pub fn note(&self, mut finding: Finding) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let key = (
            finding.kind,
            std::mem::take(&mut finding.endpoint),
            std::mem::take(&mut finding.path),
            std::mem::take(&mut finding.wire),
        );
        if let Some(&i) = state.index.get(&key) {
            if let Some(f) = state.findings.get_mut(i) {
                f.count += 1;
            }
            return false;
        }
        if state.findings.len() >= MAX_FINDINGS {
            state.dropped += 1;
            return true;
        }
        (finding.endpoint, finding.path, finding.wire) =
            (key.1.clone(), key.2.clone(), key.3.clone());
        finding.count = 1;
        tracing::warn!(
            kind = finding.kind.as_str(),
            endpoint = %finding.endpoint,
            path = %finding.path,
            wire = %finding.wire,
            suggested_type = finding.suggested_type.as_deref().unwrap_or(""),
            "contango.drift: the server sent what the spec does not describe"
        );
        let at = state.findings.len();
        state.findings.push(finding);
        state.index.insert(key, at);
        true
    }

    /// What was found so far.
    pub fn report(&self) -> DriftReport {
        let state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        DriftReport {
            findings: state.findings.clone(),
            dropped: state.dropped,
        }
    }

    /// Forgets everything found so far.
    pub fn clear(&self) {
        *self.state.lock().unwrap_or_else(|p| p.into_inner()) = Kept::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(key: &str) -> Finding {
        Finding {
            kind: FindingKind::UnknownField,
            endpoint: "account".into(),
            path: key.into(),
            wire: key.into(),
            sample: Some("1".into()),
            suggested_type: Some("decimal".into()),
            spec_type: Some("Account".into()),
            message: None,
            count: 0,
        }
    }

    #[test]
    fn the_same_finding_is_counted_not_stored_twice() {
        let log = DriftLog::new();
        for _ in 0..3 {
            log.note(field("bonus"));
        }
        log.note(field("other"));
        let r = log.report();
        assert_eq!(r.findings.len(), 2);
        assert_eq!(r.findings[0].count, 3);
        assert_eq!(r.findings[0].wire, "bonus");
        assert_eq!(r.findings[1].count, 1);
        assert_eq!(r.dropped, 0);
    }

    #[test]
    fn steady_drift_is_sampled_and_new_drift_checked_again() {
        let log = DriftLog::new();
        for _ in 0..QUIET_CHECKS {
            assert!(log.should_check("depth"));
            log.checked("depth", false);
        }
        let checked = (0..SAMPLE_EVERY * 4)
            .filter(|_| log.should_check("depth"))
            .count();
        assert_eq!(checked, 4, "one in {SAMPLE_EVERY}");
        assert!(log.should_check("account"), "per source");
        log.checked("depth", true);
        assert!(log.should_check("depth"), "something new: checked again");
    }

    #[test]
    fn a_full_log_counts_new_findings_as_dropped() {
        let log = DriftLog::new();
        for i in 0..100_000 {
            log.note(field(&format!("k{i}")));
        }
        let r = log.report();
        assert_eq!(r.findings.len(), MAX_FINDINGS);
        assert_eq!(r.dropped, 100_000 - MAX_FINDINGS as u64);
        // Known ones are still counted.
        log.note(field("k0"));
        assert_eq!(log.report().findings[0].count, 2);
        log.clear();
        assert!(log.report().is_empty());
    }
}
