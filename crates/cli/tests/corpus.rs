//! The corpus of real PTX kernels (testdata/kernels/MANIFEST.json): test
//! suites and compiler output from public repositories, each with inputs
//! and expected output bytes obtained independently of ptxfp (the
//! source's own expected results, or derived by hand). Each kernel runs
//! through the built `ptxfp run --json`, and its output region is compared
//! bit for bit.
//!
//! A kernel marked `pass` must give the expected bytes. A kernel marked
//! `known-gap: REASON` must still fail, and its failure (the error
//! message, or `wrong output` with the bytes it gave) must contain the
//! manifest's `fails_with` text: fixing a gap, or failing in another way,
//! makes this test fail until the manifest says so.

use serde_json::Value;
use std::process::Command;

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn s<'a>(k: &'a Value, key: &str) -> &'a str {
    k[key]
        .as_str()
        .unwrap_or_else(|| panic!("{}: `{key}` is not a string", k["name"]))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex length: {s}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn number(s: &str) -> u64 {
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).expect("hex address"),
        None => s.parse().expect("address"),
    }
}

/// Runs one kernel; `Ok` when it gives the expected bytes, otherwise the
/// failure as one line (the run's error, or the bytes it gave).
fn run(k: &Value) -> Result<(), String> {
    let file = format!("testdata/kernels/{}", s(k, "file"));
    let mut args: Vec<String> = vec![
        "run".into(),
        file,
        "--json".into(),
        "--entry".into(),
        s(k, "entry").into(),
        "--grid".into(),
        s(k, "grid").into(),
        "--block".into(),
        s(k, "block").into(),
        "--dynamic-shared".into(),
        k["dynamic_shared"]
            .as_u64()
            .expect("dynamic_shared")
            .to_string(),
    ];
    args.extend(
        k["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| a.as_str().expect("arg").to_string()),
    );
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .current_dir(root())
        .args(&args)
        .output()
        .expect("spawn ptxfp");
    let out: Value = match serde_json::from_slice(&o.stdout) {
        Ok(v) => v,
        Err(_) => {
            return Err(format!(
                "exit {:?}, no JSON: {}",
                o.status.code(),
                String::from_utf8_lossy(&o.stderr).trim()
            ))
        }
    };
    if o.status.code() != Some(0) {
        let msgs: Vec<String> = out["errors"]
            .as_array()
            .map(|es| {
                es.iter()
                    .map(|e| e["message"].as_str().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default();
        return Err(format!("error: {}", msgs.join(" / ")));
    }
    // The output region starts zeroed; the bytes the kernel wrote there
    // (by runs of addresses) are laid over it.
    let want = unhex(s(&k["expect"], "bytes"));
    let base = number(s(&k["expect"], "address"));
    let mut got = vec![0u8; want.len()];
    for run in out["memory"].as_array().expect("memory") {
        let addr = number(run["address"].as_str().expect("address"));
        for (i, b) in unhex(run["bytes"].as_str().expect("bytes"))
            .into_iter()
            .enumerate()
        {
            let a = addr + i as u64;
            if a >= base && a < base + want.len() as u64 {
                got[(a - base) as usize] = b;
            }
        }
    }
    // Bytes a correct run may leave with any value (an `atom.exch` race
    // between threads): taken from the expectation, with the reason in the
    // manifest.
    for dc in k["dont_care"].as_array().into_iter().flatten() {
        let r = dc["bytes"].as_array().expect("dont_care.bytes");
        let (a, b) = (
            r[0].as_u64().expect("start") as usize,
            r[1].as_u64().expect("end") as usize,
        );
        assert!(!s(dc, "why").is_empty(), "{}: dont_care.why", k["name"]);
        got[a..b].copy_from_slice(&want[a..b]);
    }
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "wrong output: got {} want {}",
            hex(&got),
            hex(&want)
        ))
    }
}

#[test]
fn every_corpus_kernel_behaves_as_its_manifest_says() {
    let text = std::fs::read_to_string(format!("{}/testdata/kernels/MANIFEST.json", root()))
        .expect("read the manifest");
    let manifest: Value = serde_json::from_str(&text).expect("parse the manifest");
    let kernels = manifest["kernels"].as_array().expect("kernels");
    assert!(!kernels.is_empty());
    // A few threads: each kernel is a separate process.
    let results: Vec<(String, Result<(), String>)> = std::thread::scope(|sc| {
        let chunks: Vec<_> = kernels.chunks(kernels.len().div_ceil(4)).collect();
        let hs: Vec<_> = chunks
            .into_iter()
            .map(|c| {
                sc.spawn(move || {
                    c.iter()
                        .map(|k| (s(k, "name").to_string(), run(k)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let mut problems = Vec::new();
    for (k, (name, r)) in kernels.iter().zip(&results) {
        let status = s(k, "status");
        match (status, r) {
            ("pass", Ok(())) => {}
            ("pass", Err(e)) => problems.push(format!("{name}: marked pass, fails: {e}")),
            (st, Ok(())) if st.starts_with("known-gap: ") => problems.push(format!(
                "{name}: marked {st:?} but now passes: mark it pass"
            )),
            (st, Err(e)) if st.starts_with("known-gap: ") => {
                let want = s(k, "fails_with");
                if !e.contains(want) {
                    problems.push(format!(
                        "{name}: known gap should fail with {want:?}, fails with: {e}"
                    ));
                }
            }
            (st, _) => problems.push(format!("{name}: unknown status {st:?}")),
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} corpus kernels differ from the manifest:\n{}",
        problems.len(),
        kernels.len(),
        problems.join("\n")
    );
}

/// Each manifest entry names a file that exists, its provenance, and where
/// its expectation came from.
#[test]
fn every_corpus_entry_records_provenance() {
    let text = std::fs::read_to_string(format!("{}/testdata/kernels/MANIFEST.json", root()))
        .expect("read the manifest");
    let manifest: Value = serde_json::from_str(&text).expect("parse the manifest");
    for k in manifest["kernels"].as_array().expect("kernels") {
        let name = s(k, "name");
        let file = format!("{}/testdata/kernels/{}", root(), s(k, "file"));
        assert!(std::path::Path::new(&file).is_file(), "{name}: no {file}");
        for key in ["repository", "path", "commit", "license"] {
            assert!(
                !s(&k["provenance"], key).is_empty(),
                "{name}: provenance.{key}"
            );
        }
        assert_eq!(s(&k["provenance"], "commit").len(), 40, "{name}: commit");
        assert!(!s(k, "expected_from").is_empty(), "{name}: expected_from");
        if s(k, "status") != "pass" {
            assert!(!s(k, "fails_with").is_empty(), "{name}: fails_with");
        }
    }
}
