//! The one place a drift finding becomes spec YAML: the patch to the spec file that makes it
//! describe what was seen (`contango drift --patch`), with the types the runtime's drift check
//! suggests for each sample (`contango_runtime::drift::suggest`).
//!
//! The patch is a unified diff of the spec text (`git apply` or `patch -p1` applies it): new
//! fields under the right type, new enum values, new error codes, new events and channels with
//! their payload types, a required field made optional, a type changed; each edit with a
//! `# drift:` comment saying where it was seen. The spec is read with the generator's own located
//! YAML tree ([`locate`]); each edit is a splice of the original text at the bytes the tree
//! gives ([`plan`]), indented at the columns the tree gives, so everything else (comments, blank
//! lines, layout) stays byte for byte. The patched text is then read back by the generator
//! ([`read_back`]): a finding whose edit would make the spec fail to build is left out, with the
//! generator's reason. What is not placed is listed as a comment at the top of the patch.

mod diff;
mod locate;
mod plan;
mod read_back;
mod splice;
mod yaml_text;

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

use contango_runtime::drift::Finding;

use locate::Spec;
use plan::Plan;
use splice::Splice;

/// The patch making `spec` (the text of the spec file, shown as `path` in the diff headers)
/// describe `findings`: comments on what was not placed, then the diff (none when nothing is
/// placed).
pub fn patch(spec: &str, path: &str, findings: &[Finding]) -> String {
    let Patched { splices, notes } = patched(spec, path, findings);
    let mut out: String = notes.iter().map(|n| format!("# drift: {n}\n")).collect();
    if !splices.is_empty() {
        out.push_str(&diff::unified(spec, &splices, path));
    }
    out
}

/// What the patch does to the spec's text, and the notes heading it.
struct Patched {
    splices: Vec<Splice>,
    notes: Vec<String>,
}

/// The splices placing every finding that keeps the spec valid. When all of them together do
/// not, they are taken one at a time in order, each kept if the spec still builds with it and
/// those kept before it, and left out otherwise with the generator's first new mistake as the
/// reason.
fn patched(spec: &str, path: &str, findings: &[Finding]) -> Patched {
    let not_placed = |i: usize, why: Option<&String>| {
        let seen = yaml_text::seen(&findings[i]);
        match why {
            Some(why) => {
                format!("not placed in the spec: {seen} (the patched spec would not build: {why})")
            }
            None => format!("not placed in the spec: {seen}"),
        }
    };
    let doc = match Spec::parse(spec, path) {
        Ok(doc) => doc,
        Err(why) => {
            let notes = std::iter::once(format!("the spec does not parse: {why}"))
                .chain((0..findings.len()).map(|i| not_placed(i, None)))
                .collect();
            return Patched {
                splices: Vec::new(),
                notes,
            };
        }
    };
    let before = read_back::mistakes(spec);
    let breaks = |plan: &Plan| {
        let patched = splice::apply(spec, &plan.splices);
        read_back::new_mistakes(&before, &patched)
            .into_iter()
            .next()
    };
    let mut plan = Plan::make(&doc, findings, |_| false);
    let mut rejected = BTreeMap::new();
    if breaks(&plan).is_some() {
        let mut kept = BTreeSet::new();
        plan = Plan::make(&doc, findings, |_| true);
        for i in 0..findings.len() {
            let with = Plan::make(&doc, findings, |j| j != i && !kept.contains(&j));
            // A finding that adds no splice (not placed, or placed already) breaks nothing.
            let why = (with.splices.len() > plan.splices.len())
                .then(|| breaks(&with))
                .flatten();
            match why {
                Some(why) => {
                    rejected.insert(i, why);
                }
                None => {
                    kept.insert(i);
                    plan = with;
                }
            }
        }
    }
    let mut notes: Vec<(usize, Option<&String>)> =
        plan.unplaced.iter().map(|&i| (i, None)).collect();
    notes.extend(rejected.iter().map(|(&i, why)| (i, Some(why))));
    notes.sort_by_key(|(i, _)| *i);
    Patched {
        notes: notes
            .into_iter()
            .map(|(i, why)| not_placed(i, why))
            .collect(),
        splices: plan.splices,
    }
}
