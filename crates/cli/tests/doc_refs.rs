//! The repository's cross-references stay true: wherever a file cites a
//! section of one of the project's documents (`docs/ENGINE.md "Barriers"`,
//! `README.md "Tests, in tiers"`), that document must name it, as a
//! heading, a bold title or the first cell of a table row. Renamed
//! sections left such citations pointing nowhere (seven were found when
//! this test was written, among them ENGINE.md's old "Divergence" and
//! "Fences").

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text files to read: sources, documents and scripts, not build
/// output, fuzzing corpora or data.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if p.is_dir() {
            let skip = name.starts_with('.') && name != ".ci"
                || ["target", "corpus", "artifacts", "node_modules"].contains(&name.as_str());
            if !skip {
                files(&p, out);
            }
        } else if [".rs", ".md", ".py", ".h", ".toml", ".sh"]
            .iter()
            .any(|x| name.ends_with(x))
            || (p
                .parent()
                .is_some_and(|d| d.ends_with("scripts") || d.ends_with("xcheck"))
                && !name.contains('.'))
        {
            out.push(p);
        }
    }
}

/// What a citation's text is compared as: no backticks or asterisks, a
/// comment's line prefixes dropped, spaces collapsed, lower case.
fn norm(s: &str) -> String {
    let mut t = String::new();
    for (i, line) in s.lines().enumerate() {
        let mut l = line.trim();
        if i > 0 {
            for p in ["///", "//!", "//", "#"] {
                if let Some(r) = l.strip_prefix(p) {
                    l = r;
                    break;
                }
            }
        }
        t.push(' ');
        t.push_str(l);
    }
    t.replace(['`', '*'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The names a document gives its parts: headings, bold titles, the first
/// cells of table rows.
fn names(doc: &str) -> Vec<String> {
    let mut v = Vec::new();
    for line in doc.lines() {
        let l = line.trim_start();
        if l.starts_with('#') {
            v.push(norm(l.trim_start_matches('#')));
        }
        if let Some(cell) = l.strip_prefix('|').and_then(|r| r.split('|').next()) {
            v.push(norm(cell));
        }
        let mut rest = l;
        while let Some(i) = rest.find("**") {
            let after = &rest[i + 2..];
            let Some(j) = after.find("**") else { break };
            v.push(norm(&after[..j]));
            rest = &after[j + 2..];
        }
    }
    v
}

/// Each `NAME.md "text"` in `text` (the path before `NAME.md` included,
/// a `:` or `,` and at least one space before the quote; a name quoted
/// itself, `"NAME.md"`, is a file name, not a citation): (byte offset,
/// path, quoted text).
fn citations(text: &str) -> Vec<(usize, &str, &str)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(k) = text[from..].find(".md") {
        let end = from + k + 3;
        from = end;
        let mut start = end - 3;
        while start > 0 && (b[start - 1].is_ascii_alphanumeric() || b"_./-".contains(&b[start - 1]))
        {
            start -= 1;
        }
        let path = &text[start..end];
        let stem = path
            .rsplit('/')
            .next()
            .unwrap_or(path)
            .trim_end_matches(".md");
        if stem.is_empty() || !stem.bytes().all(|c| c.is_ascii_uppercase() || c == b'_') {
            continue;
        }
        if start > 0 && b[start - 1] == b'"' {
            continue;
        }
        let sep = text[end..].trim_start_matches([':', ',']);
        let after = sep.trim_start();
        if after.len() == sep.len() {
            continue;
        }
        let Some(q) = after.strip_prefix('"') else {
            continue;
        };
        let Some(close) = q.find('"') else { continue };
        if close > 200 {
            continue;
        }
        out.push((start, path, &q[..close]));
    }
    out
}

#[test]
fn every_cited_section_exists() {
    let root = root();
    let mut all = Vec::new();
    files(&root, &mut all);
    assert!(all.len() > 100, "{} files", all.len());
    let mut bad = Vec::new();
    let mut seen = 0;
    for f in &all {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        for (at, path, section) in citations(&text) {
            // A bare name is the citing file's neighbour, else docs/'s, else
            // the root's; a path is from the root.
            let dir = f.parent().unwrap_or(&root);
            let doc = if path.contains('/') {
                vec![root.join(path)]
            } else {
                vec![
                    dir.join(path),
                    root.join("docs").join(path),
                    root.join(path),
                ]
            }
            .into_iter()
            .find(|p| p.is_file());
            let Some(doc) = doc else {
                // A project document that is gone (renamed) is a broken
                // citation too; a name no document ever had is not one
                // of these (`FOO.md "x"` in prose about other projects).
                if path.starts_with("docs/") || ["README.md", "BENCHMARKS.md"].contains(&path) {
                    let line = text[..at].matches('\n').count() + 1;
                    bad.push(format!(
                        "{}:{line}: {path} does not exist",
                        f.strip_prefix(&root).unwrap_or(f).display()
                    ));
                }
                continue;
            };
            if section == "SECTION" {
                continue; // the documents' own placeholder
            }
            seen += 1;
            let want = norm(section);
            let doc_text = std::fs::read_to_string(&doc).unwrap();
            if !names(&doc_text).iter().any(|n| n.contains(&want)) {
                let line = text[..at].matches('\n').count() + 1;
                bad.push(format!(
                    "{}:{line}: {path} \"{}\"",
                    f.strip_prefix(&root).unwrap_or(f).display(),
                    section.split_whitespace().collect::<Vec<_>>().join(" ")
                ));
            }
        }
    }
    assert!(
        seen > 300,
        "only {seen} citations found: is the scan broken?"
    );
    assert!(
        bad.is_empty(),
        "{} citation(s) of sections that do not exist:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The test's own reading: a citation split over comment lines, and one
/// of a section that is not there.
#[test]
fn citations_are_read_across_comment_lines() {
    let text =
        "/// see docs/ENGINE.md \"Why this model: lock step\n/// with min-PC reconvergence\" here";
    let c = citations(text);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].1, "docs/ENGINE.md");
    let doc = std::fs::read_to_string(root().join("docs/ENGINE.md")).unwrap();
    let n = names(&doc);
    assert!(n.iter().any(|x| x.contains(&norm(c[0].2))));
    assert!(!n.iter().any(|x| x.contains(&norm("Divergence"))));
    assert!(citations("README.md, \"Tests, in tiers\"").len() == 1);
    assert!(
        citations("foo.md \"x\"").is_empty(),
        "lower-case names are not the project's documents"
    );
    assert!(
        citations("readme = \"README.md\"\nx = \"y\"").is_empty(),
        "a quoted file name"
    );
}

/// The test names a `cargo test` command gives before `--` (the flags
/// and their values are not names).
fn names_before_separator(rest: &str) -> usize {
    let before = rest.split(" -- ").next().unwrap_or("");
    let mut names = 0;
    let mut words = before.split_whitespace();
    while let Some(w) = words.next() {
        if matches!(
            w,
            "-p" | "--package"
                | "--test"
                | "--bin"
                | "--example"
                | "--bench"
                | "--features"
                | "--target-dir"
                | "-j"
                | "--manifest-path"
        ) {
            words.next();
        } else if !w.starts_with('-') && !w.starts_with('+') {
            names += 1;
        }
    }
    names
}

/// Every `cargo test` command the documents give in backticks is one cargo
/// takes: at most one test name before `--` (`cargo test -p X --test Y a
/// b` is refused, "unexpected argument"; two names go after `--`). Two
/// rows of docs/TESTING.md gave such commands.
#[test]
fn documented_test_commands_take_one_name_before_the_separator() {
    let mut bad = Vec::new();
    for doc in ["README.md", "BENCHMARKS.md"]
        .iter()
        .map(|d| root().join(d))
        .chain(
            std::fs::read_dir(root().join("docs"))
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "md")),
        )
    {
        let text = std::fs::read_to_string(&doc).unwrap();
        for cmd in text.split('`').skip(1).step_by(2) {
            let Some(rest) = cmd.trim().strip_prefix("cargo test") else {
                continue;
            };
            if names_before_separator(rest) > 1 {
                bad.push(format!("{}: `{cmd}`", doc.display()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The count the rule above uses: the flags' values are not names.
#[test]
fn test_names_are_counted_without_the_flags_values() {
    assert_eq!(
        names_before_separator(" -p ptxfp-cli --test engine_cluster a b"),
        2
    );
    assert_eq!(
        names_before_separator(" -p ptxfp-cli --test engine_cluster -- a b"),
        0
    );
    assert_eq!(
        names_before_separator(" --release -p ptxfp-fast --test exhaustive -- --ignored"),
        0
    );
    assert_eq!(names_before_separator(" +nightly -p x --lib fused"), 1);
}
