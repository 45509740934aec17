//! The repository reads on its own: no text names the project's work process (an issue or a
//! stop by number, a section of a design file outside the repository; docs/design.md holds the
//! design), the README stays a front page, and the README's and the guides' relative links lead
//! somewhere.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Paths (relative to the repository, `/`-separated) whose text may name the work process: the
/// changelog is history, the spec-mistake cases' expected output and the fuzz corpus are data.
const EXEMPT: &[&str] = &["CHANGELOG.md", "tests/ui/", "fuzz/corpus"];

const README_MAX_LINES: usize = 400;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's files, relative to `root`: the ones git tracks, or, without git, every file
/// below `root` but build output and git's own.
fn files(root: &Path) -> Vec<String> {
    let tracked = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output();
    if let Some(out) = tracked.ok().filter(|o| o.status.success()) {
        return String::from_utf8_lossy(&out.stdout)
            .split('\0')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect();
    }
    let mut found = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if name == "target" || name == ".git" {
                continue;
            }
            match entry.file_type() {
                Ok(t) if t.is_dir() => dirs.push(path),
                Ok(_) => {
                    let rel = path.strip_prefix(root).unwrap_or(&path);
                    found.push(rel.to_string_lossy().replace('\\', "/"));
                }
                Err(_) => {}
            }
        }
    }
    found
}

/// A file's text, or `None` for what is not text (unreadable, a directory, not UTF-8, a NUL).
fn text(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    if bytes.contains(&0) {
        return None;
    }
    String::from_utf8(bytes).ok()
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where `line` names the work process: a word `issue` or `stop` (first letter in either case)
/// followed by a space and a number, as whole words; or a section sign after `DESIGN`.
fn process_references(line: &str) -> Vec<String> {
    let design_section = concat!("DESIGN", " §");
    let mut hits = Vec::new();
    if line.contains(design_section) {
        hits.push(design_section.to_owned());
    }
    for word in ["issue", "stop"] {
        let mut from = 0;
        while let Some(at) = find_word(line, word, from) {
            from = at + word.len();
            let rest = &line[from..];
            let Some(digits) = rest.strip_prefix(' ') else {
                continue;
            };
            let number: String = digits.chars().take_while(char::is_ascii_digit).collect();
            let after = digits[number.len()..].chars().next();
            if !number.is_empty() && !after.is_some_and(is_word) {
                hits.push(format!("{} {number}", &line[at..from]));
            }
        }
    }
    hits
}

/// The next place from `from` where `word` starts a word, its first letter in either case.
fn find_word(line: &str, word: &str, from: usize) -> Option<usize> {
    let (first, tail) = word.split_at(1);
    let capital = first.to_uppercase() + tail;
    let mut at = from;
    loop {
        let rest = line.get(at..)?;
        let next = [rest.find(word), rest.find(&capital)]
            .into_iter()
            .flatten()
            .min()?;
        let start = at + next;
        let before = line[..start].chars().next_back();
        if !before.is_some_and(is_word) {
            return Some(start);
        }
        at = start + word.len();
    }
}

#[test]
fn no_text_names_the_work_process() {
    let root = root();
    let mut hits = Vec::new();
    for file in files(&root) {
        if EXEMPT.iter().any(|e| file == *e || file.starts_with(e)) {
            continue;
        }
        let Some(text) = text(&root.join(&file)) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            for hit in process_references(line) {
                hits.push(format!("{file}:{}: `{hit}`", n + 1));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "these lines name the work process; say what is meant, and cite docs/design.md (by \
         section) for a decision:\n{}",
        hits.join("\n")
    );
}

#[test]
fn process_references_are_found() {
    let issue = format!("{} {}", "issue", 6);
    let stop = format!("{} {}", "Stop", 23);
    let design = format!("{} §8", "DESIGN");
    for line in [
        format!("see {issue}, point 3"),
        format!("({issue})"),
        format!("{stop}: the figures"),
        format!("budgets: {design}"),
    ] {
        assert!(!process_references(&line).is_empty(), "missed in {line:?}");
    }
    for line in [
        "tissue 6",
        "stop 6th",
        "stops 3 times",
        "the issue was 6",
        "ISSUE 6",
        "stop_1",
    ] {
        assert!(process_references(line).is_empty(), "false hit in {line:?}");
    }
}

#[test]
fn readme_is_a_front_page() {
    let path = root().join("README.md");
    let readme = text(&path).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: move the long material into \
         a guide under docs/ and leave a paragraph and a link"
    );
}

#[test]
fn readme_and_guide_links_lead_somewhere() {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    let mut guides: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    guides.sort();
    assert!(!guides.is_empty(), "docs/ holds no guide");
    pages.extend(guides);

    let mut broken = Vec::new();
    for page in &pages {
        let body = text(page).unwrap_or_else(|| panic!("read {}", page.display()));
        let shown = page.strip_prefix(&root).unwrap_or(page).display();
        for (n, target) in relative_links(&body) {
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap_or(&root).join(path)
            };
            if !file.exists() {
                broken.push(format!("{shown}:{n}: `{target}`: no such file"));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if file.extension().is_some_and(|x| x == "md") {
                let headings = text(&file).map(|t| anchors(&t)).unwrap_or_default();
                if !headings.contains(anchor) {
                    broken.push(format!("{shown}:{n}: `{target}`: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The relative link targets of a Markdown page, with their line numbers: inline links
/// `[text](target)` and reference definitions `[label]: target`, outside fenced code blocks;
/// addresses with a scheme (`https:`, `mailto:`) are not relative.
fn relative_links(page: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut fenced = false;
    for (i, line) in page.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut targets = Vec::new();
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                targets.push(rest[..end].to_owned());
            }
        }
        let trimmed = line.trim_start();
        if let Some(at) = trimmed.find("]: ").filter(|_| trimmed.starts_with('[')) {
            targets.push(trimmed[at + 3..].trim().to_owned());
        }
        for target in targets {
            let target = target.split_whitespace().next().unwrap_or("").to_owned();
            let scheme = target
                .split_once(':')
                .is_some_and(|(s, _)| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic()));
            if !target.is_empty() && !scheme {
                links.push((i + 1, target));
            }
        }
    }
    links
}

/// The anchors of a Markdown page's headings, as GitHub makes them: lower case, spaces to `-`,
/// punctuation other than `-` and `_` dropped, and `-1`, `-2` after a repeated one.
fn anchors(page: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    let mut fenced = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let Some(title) = line.strip_prefix('#') else {
            continue;
        };
        if fenced {
            continue;
        }
        let title = title.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let mut unique = slug.clone();
        let mut k = 0;
        while !seen.insert(unique.clone()) {
            k += 1;
            unique = format!("{slug}-{k}");
        }
    }
    seen
}
