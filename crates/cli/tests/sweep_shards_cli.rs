//! `ptxfp sweep ... --shard K/N --out DIR` and `ptxfp sweep merge`: the real
//! binary. Shards merge into the unsharded digest; what is missing, doubled,
//! foreign or different is named with exit code 1; usage errors exit 2; the
//! JSON outputs and the record files match docs/schemas.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run ptxfp")
}

fn out(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs `ptxfp ARGS` and checks its exit code; its stdout and stderr.
fn run(args: &[&str], code: i32) -> String {
    let o = ptxfp(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", out(&o));
    out(&o)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The line of `text` that starts with `key`.
fn line<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(key))
        .unwrap_or_else(|| panic!("no `{key}` line in:\n{text}"))
}

const BASE: &str = "https://example.invalid/ptxfp/schemas/";

fn schema(name: &str) -> Value {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../docs/schemas/{name}.schema.json"));
    serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()
}

fn validator(name: &str) -> jsonschema::Validator {
    let registry = ["common", "error"]
        .iter()
        .fold(jsonschema::Registry::new(), |r, n| {
            r.add(format!("{BASE}{n}.schema.json"), schema(n)).unwrap()
        })
        .prepare()
        .unwrap();
    jsonschema::options()
        .offline()
        .with_registry(&registry)
        .build(&schema(name))
        .unwrap()
}

fn valid(name: &str, v: &Value) {
    let errors: Vec<String> = validator(name)
        .iter_errors(v)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{name}: {errors:#?}\n{v:#}");
}

/// The records of `dir`, sorted.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    v.sort();
    v
}

#[test]
fn exhaustive_add_f16_in_8_and_in_3_shards_merges_to_the_pinned_digest() {
    for n in [8u64, 3] {
        let dir = tempfile::tempdir().unwrap();
        for k in 0..n {
            let t = run(
                &[
                    "sweep",
                    "add.rn.f16",
                    "--exhaustive",
                    "--shard",
                    &format!("{k}/{n}"),
                    "--out",
                    s(dir.path()),
                ],
                0,
            );
            assert!(
                t.starts_with(&format!(
                    "shard {k}/{n} of add.rn.f16 --exhaustive: chunks "
                )),
                "{t}"
            );
        }
        assert_eq!(records(dir.path()).len(), n as usize);
        let t = run(
            &[
                "sweep",
                "merge",
                s(dir.path()),
                "--expect",
                "0x0fc1cd6525d8d1e4",
            ],
            0,
        );
        assert_eq!(line(&t, "digest"), "digest    0x0fc1cd6525d8d1e4", "{t}");
        assert_eq!(line(&t, "results"), "results   4294967296");
        assert!(t.contains("expected  0x0fc1cd6525d8d1e4: equal"), "{t}");
    }
}

#[test]
fn random_shards_merge_to_the_unsharded_sweeps_lines() {
    let args = [
        "fma.rn.relu.f16x2",
        "--random",
        "50000001",
        "--seed",
        "11",
        "--target",
        "sm_90",
    ];
    let whole = run(&[&["sweep"], &args[..]].concat(), 0);
    let dir = tempfile::tempdir().unwrap();
    for k in 0..3 {
        let shard = format!("{k}/3");
        run(
            &[
                &["sweep"],
                &args[..],
                &["--shard", &shard, "--out", s(dir.path())],
            ]
            .concat(),
            0,
        );
    }
    let merged = run(&["sweep", "merge", s(dir.path())], 0);
    // The lines scripts compare are the same, byte for byte.
    for key in ["form", "setup", "operands", "results", "digest"] {
        assert_eq!(line(&merged, key), line(&whole, key), "{key}");
    }
}

#[test]
fn a_missing_shard_is_named_with_the_command_that_makes_it() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "sweep",
        "add.rn.bf16",
        "--random",
        "67108864",
        "--seed",
        "5",
    ];
    for k in [0, 1, 3] {
        run(
            &[
                &args[..],
                &["--shard", &format!("{k}/4"), "--out", s(dir.path())],
            ]
            .concat(),
            0,
        );
    }
    let t = run(&["sweep", "merge", s(dir.path())], 1);
    assert_eq!(line(&t, "missing"), "missing   1 of 4 shards: 2/4");
    assert!(!t.contains("\ndigest"), "{t}");
    let cmd = t
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("ptxfp sweep add.rn.bf16"))
        .unwrap_or_else(|| panic!("{t}"));
    assert!(
        cmd.ends_with(&format!("--shard 2/4 --out {}", s(dir.path()))),
        "{cmd}"
    );
    // The command it names, run, completes the sweep.
    let words: Vec<&str> = cmd.split_whitespace().skip(1).collect();
    run(&words, 0);
    let t = run(&["sweep", "merge", s(dir.path())], 0);
    let whole = run(&args, 0);
    assert_eq!(line(&t, "digest"), line(&whole, "digest"));
}

#[test]
fn duplicates_foreign_records_and_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = s(dir.path());
    for k in 0..2 {
        run(
            &[
                "sweep",
                "mul.rn.f16",
                "--random",
                "33554432",
                "--shard",
                &format!("{k}/2"),
                "--out",
                d,
            ],
            0,
        );
    }
    // A killed worker's temporary file, cut short: ignored, mentioned.
    std::fs::write(
        dir.path()
            .join(".mul.rn.f16.random-33554432-s1.1-of-2.json.tmp.99.1"),
        "{\"sche",
    )
    .unwrap();
    let t = run(&["sweep", "merge", d], 0);
    assert!(t.contains("note      ignored "), "{t}");
    assert!(t.contains("temporary file of an unfinished write"), "{t}");
    let good = line(&t, "digest").to_string();

    // A record of another ptxfp version, and of another form.
    let recs = records(dir.path());
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&recs[0]).unwrap()).unwrap();
    v["ptxfp_version"] = "0.0.1".into();
    std::fs::write(dir.path().join("old.json"), v.to_string()).unwrap();
    let t = run(&["sweep", "merge", d], 1);
    assert!(
        t.contains("old.json: a record of another sweep: ptxfp version 0.0.1"),
        "{t}"
    );
    assert_eq!(line(&t, "digest"), good, "the agreeing records still merge");
    std::fs::remove_file(dir.path().join("old.json")).unwrap();
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&recs[1]).unwrap()).unwrap();
    v["form"] = "add.rn.f16".into();
    v["profile_hash"] = "0x0000000000000001".into();
    std::fs::write(dir.path().join("z-foreign.json"), v.to_string()).unwrap();
    let t = run(&["sweep", "merge", d], 1);
    assert!(
        t.contains("form add.rn.f16 (the other 2 record(s): mul.rn.f16)"),
        "{t}"
    );
    assert!(
        t.contains("hardware-profile hash 0x0000000000000001"),
        "{t}"
    );
    std::fs::remove_file(dir.path().join("z-foreign.json")).unwrap();

    // A duplicate (overlapping) shard: both copies refused, the shard missing.
    std::fs::copy(&recs[1], dir.path().join("copy.json")).unwrap();
    let t = run(&["sweep", "merge", d], 1);
    assert!(t.contains("shard 1/2 is also in"), "{t}");
    assert_eq!(line(&t, "missing"), "missing   1 of 2 shards: 1/2");
    std::fs::remove_file(dir.path().join("copy.json")).unwrap();

    // Not a record at all.
    std::fs::write(dir.path().join("notes.json"), "[1, 2]").unwrap();
    let t = run(&["sweep", "merge", d], 1);
    assert!(
        t.contains("notes.json: not a ptxfp sweep shard record"),
        "{t}"
    );
}

/// A record is text someone else may have written: its form and setup go
/// into the re-run commands a merge prints, and its other texts are
/// printed as they are. A form or target that is not one word (`add.rn.f16\n;
/// rm -rf ~`, `sm_100$(id)`) and a text with a terminal's escape sequence
/// are refused; a file name's control characters are printed escaped.
/// (The form went into "re-run them:" commands unquoted, and the escape
/// sequences to the terminal.)
#[test]
fn records_with_shell_or_terminal_text_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = s(dir.path());
    run(
        &[
            "sweep",
            "mul.rn.f16",
            "--random",
            "33554432",
            "--shard",
            "0/2",
            "--out",
            d,
        ],
        0,
    );
    let rec = records(dir.path()).remove(0);
    let good: Value = serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    std::fs::remove_file(&rec).unwrap();
    let cases: [(&str, &str, &str); 4] = [
        (
            "form",
            "mul.rn.f16\n; rm -rf ~",
            r#"its form "mul.rn.f16\n; rm -rf ~" is not a word of letters, digits, `.` and `_`"#,
        ),
        (
            "target",
            "sm_100$(id)",
            r#"its target "sm_100$(id)" is not a word"#,
        ),
        (
            "ptx",
            "8.8 --out /",
            r#"its ptx "8.8 --out /" is not a word"#,
        ),
        (
            "host",
            "box\u{1b}[2J",
            r#"its host "box\u{1b}[2J" holds control characters"#,
        ),
    ];
    for (key, value, want) in cases {
        let mut v = good.clone();
        if key == "target" || key == "ptx" {
            v["setup"][key] = value.into();
        } else {
            v[key] = value.into();
        }
        let f = dir.path().join("bad.json");
        std::fs::write(&f, v.to_string()).unwrap();
        let t = run(&["sweep", "merge", d], 2);
        assert!(
            t.contains(&format!("bad.json: an inconsistent record: {want}")),
            "{key}: {t}"
        );
        assert!(!t.contains("rm -rf ~ --"), "{t}");
    }
    // The good record under a file name with an escape sequence: merged,
    // and the name printed escaped where a later merge refuses it.
    std::fs::write(dir.path().join("a\u{1b}[2J.json"), good.to_string()).unwrap();
    let t = run(&["sweep", "merge", d], 1);
    assert!(!t.contains('\u{1b}'), "{t:?}");
    std::fs::write(dir.path().join("bad.json"), "[1]").unwrap();
    std::fs::write(dir.path().join("b\u{1b}[2J.json"), "[1]").unwrap();
    // A temporary file's and a duplicate's names too.
    std::fs::write(dir.path().join(".t\u{1b}[2J.json.tmp.9.1"), "{").unwrap();
    std::fs::write(dir.path().join("c\u{1b}[2J.json"), good.to_string()).unwrap();
    let t = run(&["sweep", "merge", d], 1);
    assert!(
        t.contains("b\\u{1b}[2J.json: not a ptxfp sweep shard record"),
        "{t:?}"
    );
    assert!(!t.contains('\u{1b}'), "{t:?}");
}

#[test]
fn expect_and_against_name_the_first_differing_chunk() {
    let args = ["sweep", "sub.rn.f16", "--random", "83886080", "--seed", "2"];
    let dir = tempfile::tempdir().unwrap();
    let d = s(dir.path());
    for k in 0..2 {
        run(
            &[&args[..], &["--shard", &format!("{k}/2"), "--out", d]].concat(),
            0,
        );
    }
    // The unsharded sweep's chunk digests, with chunk 3 changed.
    let o = ptxfp(&[&args[..], &["--chunks", "--json"]].concat());
    let mut v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let right = v["digest"].as_str().unwrap().to_string();
    run(&["sweep", "merge", d, "--expect", &right], 0);
    v["chunks"][3] = "0x0123456789abcdef".into();
    v["digest"] = "0x0000000000000000".into();
    let file = dir.path().join("expected.txt");
    std::fs::write(&file, v.to_string()).unwrap();
    let t = run(&["sweep", "merge", d, "--expect", s(&file)], 1);
    assert!(t.contains("expected  0x0000000000000000: DIFFERENT"), "{t}");
    assert!(t.contains("first differing chunk 3 (shard 1/2;"), "{t}");
    assert!(
        t.contains("chunk 3 is results 50331648..=67108863 of the random stream, seed 2"),
        "{t}"
    );
    assert!(t.contains("--shard 3/5 --out DIR"), "{t}");
    // A digest alone says that it differs, and what would say where.
    let t = run(&["sweep", "merge", d, "--expect", "0x0fc1cd6525d8d1e4"], 1);
    assert!(
        t.contains("a digest alone cannot say which chunk differs"),
        "{t}"
    );

    // --against: a second set with one chunk's digest planted.
    let other = tempfile::tempdir().unwrap();
    for r in records(dir.path()) {
        std::fs::copy(&r, other.path().join(r.file_name().unwrap())).unwrap();
    }
    let t = run(&["sweep", "merge", d, "--against", s(other.path())], 0);
    assert!(t.contains("all 5 chunks both hold are equal"), "{t}");
    let rec = &records(other.path())[1];
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(rec).unwrap()).unwrap();
    assert_eq!(v["chunks"]["first"], 2);
    v["chunk_digests"][2] = "0x0123456789abcdef".into();
    // Keep the record consistent with itself: its partial digest is the
    // fold of its chunk digests.
    let ds: Vec<u64> = v["chunk_digests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| u64::from_str_radix(&x.as_str().unwrap()[2..], 16).unwrap())
        .collect();
    v["partial_digest"] = format!("{:#018x}", ptxfp::sweep::combine(&ds)).into();
    std::fs::write(rec, v.to_string()).unwrap();
    let t = run(&["sweep", "merge", d, "--against", s(other.path())], 1);
    assert!(
        t.contains("1 of 5 chunks compared differ; the first is chunk 4 (shard 1/2 here)"),
        "{t}"
    );
    assert!(t.contains("chunk 4 is results 67108864..=83886079"), "{t}");
    let j = ptxfp(&["sweep", "merge", d, "--against", s(other.path()), "--json"]);
    assert_eq!(j.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&j)).unwrap();
    valid("sweep-merge", &v);
    assert_eq!(v["against"]["first_difference"], 4);
    assert_eq!(v["first_difference"]["chunk"], 4);
    assert_eq!(v["ok"], false);
}

#[test]
fn three_operand_exhaustive_sweeps_run_in_shards() {
    // Unsharded: refused with how to shard it.
    let t = run(&["sweep", "fma.rn.f16", "--exhaustive"], 2);
    assert!(t.contains("2^48 results"), "{t}");
    assert!(
        t.contains("--shard K/65536 --out DIR` for K = 0 .. 65535"),
        "{t}"
    );
    // One chunk of the 2^24: shard 5/16777216.
    let dir = tempfile::tempdir().unwrap();
    let o = ptxfp(&[
        "sweep",
        "fma.rn.bf16",
        "--exhaustive",
        "--shard",
        "5/16777216",
        "--out",
        s(dir.path()),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    valid("sweep-shard", &v);
    assert_eq!(v["operands"]["kind"], "exhaustive3");
    assert_eq!(
        v["chunks"],
        serde_json::json!({"first": 5, "end": 6, "total": 16777216})
    );
    assert_eq!(v["results"], 16777216);
    // The file on disk is the record, without `file`.
    let file = v["file"].as_str().unwrap();
    let disk: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    valid("sweep-shard", &disk);
    assert!(disk.get("file").is_none());
    assert_eq!(disk["chunk_digests"], v["chunk_digests"]);
    // A merge of one shard of 2^24 lists the rest as missing (only the
    // first 50 commands), exit 1.
    let t = run(&["sweep", "merge", s(dir.path())], 1);
    assert!(
        t.contains("missing   16777215 of 16777216 shards: 0/16777216 1/16777216"),
        "{t}"
    );
    assert!(t.contains("and 16777165 more"), "{t}");
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let d = s(dir.path());
    for (args, want) in [
        (
            vec![
                "sweep",
                "add.rn.f16",
                "--exhaustive",
                "--shard",
                "8/8",
                "--out",
                d,
            ],
            "below N",
        ),
        (
            vec![
                "sweep",
                "add.rn.f16",
                "--exhaustive",
                "--shard",
                "0/0",
                "--out",
                d,
            ],
            "at least 1",
        ),
        (
            vec![
                "sweep",
                "add.rn.f16",
                "--exhaustive",
                "--shard",
                "3",
                "--out",
                d,
            ],
            "is not K/N",
        ),
        (
            vec![
                "sweep",
                "add.rn.f16",
                "--exhaustive",
                "--shard",
                "0/257",
                "--out",
                d,
            ],
            "at most 256 shards",
        ),
        (
            vec!["sweep", "add.rn.f16", "--exhaustive", "--shard", "0/2"],
            "--out",
        ),
        (
            vec![
                "sweep",
                "fma.rn.f32.f16",
                "--exhaustive",
                "--shard",
                "0/2",
                "--out",
                d,
            ],
            "use a random sweep",
        ),
        (vec!["sweep", "merge", d], "no sweep shard records"),
        (
            vec!["sweep", "merge", "/nonexistent/ptxfp-shards"],
            "/nonexistent/ptxfp-shards",
        ),
        (
            vec!["sweep", "merge", d, "--expect", "0xzz"],
            "not a digest",
        ),
    ] {
        let t = run(&args, 2);
        assert!(t.contains(want), "{args:?}: {t}");
    }
    // The JSON error object for a usage error of a shard run.
    let o = ptxfp(&[
        "sweep",
        "add.rn.f16",
        "--exhaustive",
        "--shard",
        "0/257",
        "--out",
        d,
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(2));
    valid("sweep-shard", &serde_json::from_str(&stdout(&o)).unwrap());
    let o = ptxfp(&["sweep", "merge", d, "--json"]);
    assert_eq!(o.status.code(), Some(2));
    valid("sweep-merge", &serde_json::from_str(&stdout(&o)).unwrap());
}

/// `--shard A-B/N` computes shards A to B in one process, a record each:
/// two ranges that cover 0..16 merge to the unsharded digest; with --json
/// the records come back as an array, each valid against the record schema;
/// a reversed or out-of-range range is a usage error.
#[test]
fn a_shard_range_runs_in_one_process() {
    let dir = tempfile::tempdir().unwrap();
    let t = run(
        &[
            "sweep",
            "add.rn.f16",
            "--exhaustive",
            "--shard",
            "0-9/16",
            "--out",
            s(dir.path()),
        ],
        0,
    );
    // A line a shard (stderr may add progress lines on a slow machine:
    // one every few seconds when not on a terminal).
    let shards: Vec<&str> = t.lines().filter(|l| l.starts_with("shard ")).collect();
    assert_eq!(shards.len(), 10, "{t}");
    assert!(shards[9].starts_with("shard 9/16 of add.rn.f16"), "{t}");
    let o = ptxfp(&[
        "sweep",
        "add.rn.f16",
        "--exhaustive",
        "--shard",
        "10-15/16",
        "--out",
        s(dir.path()),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let recs = v.as_array().expect("an array of records");
    assert_eq!(recs.len(), 6);
    assert_eq!(recs[0]["shard"]["k"], 10);
    for r in recs {
        valid("sweep-shard", r);
    }
    assert_eq!(records(dir.path()).len(), 16);
    // A shard of a range is the shard computed alone: the same chunks and
    // digests (the range runs them in one pass and splits them).
    let alone = tempfile::tempdir().unwrap();
    let o = ptxfp(&[
        "sweep",
        "add.rn.f16",
        "--exhaustive",
        "--shard",
        "12/16",
        "--out",
        s(alone.path()),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let one: Value = serde_json::from_str(&stdout(&o)).unwrap();
    for key in ["chunks", "chunk_digests", "partial_digest", "results"] {
        assert_eq!(one[key], recs[2][key], "{key}");
    }
    let t = run(
        &[
            "sweep",
            "merge",
            s(dir.path()),
            "--expect",
            "0x0fc1cd6525d8d1e4",
        ],
        0,
    );
    assert_eq!(line(&t, "digest"), "digest    0x0fc1cd6525d8d1e4", "{t}");
    for bad in ["5-3/16", "0-16/16", "a-3/16"] {
        let t = run(
            &[
                "sweep",
                "add.rn.f16",
                "--exhaustive",
                "--shard",
                bad,
                "--out",
                s(dir.path()),
            ],
            2,
        );
        assert!(t.contains(bad), "{t}");
    }
}
