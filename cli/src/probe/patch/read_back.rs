//! The patched spec read back by the generator before the patch is printed: a patch that would
//! break the build is worse than none. The mistakes compared are the generator's for both targets
//! (the SDK's and the command line's), by key path and message: the positions move with the
//! patch, and a spec may have had mistakes of its own before it.

use contango_codegen::{Target, check};

/// Every mistake the generator reports for `text`, as `path: message`.
pub fn mistakes(text: &str) -> Vec<String> {
    let mut all: Vec<String> = [Target::Sdk, Target::Cli]
        .into_iter()
        .flat_map(|t| check(text, t))
        .map(|d| match d.path.as_str() {
            "" => d.message,
            path => format!("{path}: {}", d.message),
        })
        .collect();
    all.sort();
    all
}

/// The mistakes of `patched` the original (whose mistakes are `before`, sorted) did not have,
/// counting repeats.
pub fn new_mistakes(before: &[String], patched: &str) -> Vec<String> {
    let mut before = before.iter().peekable();
    mistakes(patched)
        .into_iter()
        .filter(|m| {
            while before.next_if(|b| *b < m).is_some() {}
            before.next_if(|b| *b == m).is_none()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_mistakes_the_patch_made_count() {
        let broken = "info: { title: T }\n";
        let before = mistakes(broken);
        assert!(!before.is_empty());
        assert_eq!(new_mistakes(&before, broken), Vec::<String>::new());
        let worse = "info: { title: T, nonsense: 1 }\n";
        let new = new_mistakes(&before, worse);
        assert!(
            new.iter().any(|m| m.contains("nonsense")),
            "{new:?} after {before:?}"
        );
    }
}
