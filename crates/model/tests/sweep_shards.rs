//! Sharded sweeps: shards merge into the unsharded digest; the
//! three-operand space against a direct scalar evaluation; the fused
//! block path against the unfused reference path; merge refusals.

use ptxfp_fast::Path;
use ptxfp_isa::form::Form;
use ptxfp_isa::target::PtxVersion;
use ptxfp_model::batch::{Plan, Slice, SliceMut};
use ptxfp_model::sweep::shard::{self, ShardSpec};
use ptxfp_model::sweep::{self, Operands, CHUNK};
use ptxfp_model::{Eval, Exec};

fn none(_: u64) -> bool {
    true
}

fn spec(form: &str, ops: Operands, k: u64, n: u64) -> ShardSpec {
    ShardSpec {
        form: Form::parse(form).unwrap(),
        exec: Exec::default(),
        ptx: PtxVersion::LATEST,
        operands: ops,
        shard: k,
        shards: n,
    }
}

#[test]
fn shard_ranges_cover_the_chunks_once_and_evenly() {
    for total in [1u64, 2, 3, 7, 256, 1000] {
        for n in 1..=total.min(300) {
            let mut next = 0;
            let mut sizes = vec![];
            for k in 0..n {
                let r = shard::shard_chunks(total, k, n);
                assert_eq!(r.start, next, "{total} {n} {k}");
                assert!(r.end > r.start);
                sizes.push(r.end - r.start);
                next = r.end;
            }
            assert_eq!(next, total);
            let (lo, hi) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
            assert!(hi - lo <= 1, "{total} {n}: {lo}..{hi}");
        }
    }
    // 2^48 results: 2^24 chunks, 65536 shards of 256 chunks (2^32 results).
    assert_eq!(shard::shard_chunks(1 << 24, 3, 1 << 16), 768..1024);
}

#[test]
fn random_shards_merge_to_the_unsharded_digest() {
    let ops = Operands::Random {
        n: 3 * CHUNK as u64 + 1001,
        seed: 7,
    };
    let form = Form::parse("fma.rn.relu.bf16x2").unwrap();
    let whole = sweep::run_form(&form, &Exec::default(), Path::detect(), ops, &none).unwrap();
    for n in [1u64, 3, 4] {
        let dir = tempfile::tempdir().unwrap();
        for k in 0..n {
            let r = shard::run_shard(
                &spec("fma.rn.relu.bf16x2", ops, k, n),
                Path::detect(),
                dir.path(),
                &none,
            )
            .unwrap();
            assert!(dir.path().join(r.file_name()).is_file());
        }
        let m = shard::merge(dir.path(), Some(whole.digest)).unwrap();
        assert!(m.ok(), "{m:?}");
        assert_eq!(m.digest, Some(whole.digest));
        assert_eq!(m.results, whole.results);
        let ds: Vec<u64> = m.chunk_digests.iter().map(|d| d.unwrap()).collect();
        assert_eq!(ds, whole.chunks);
        // A wrong expectation is not ok.
        let m = shard::merge(dir.path(), Some(whole.digest ^ 1)).unwrap();
        assert!(!m.ok());
    }
}

#[test]
fn merge_names_missing_duplicate_foreign_and_temporary_files() {
    let ops = Operands::Random {
        n: 4 * CHUNK as u64,
        seed: 3,
    };
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![];
    for k in [0, 1, 3] {
        let r = shard::run_shard(
            &spec("add.rn.f16", ops, k, 4),
            Path::detect(),
            dir.path(),
            &none,
        )
        .unwrap();
        files.push(dir.path().join(r.file_name()));
    }
    // A temporary file of a killed worker, cut short.
    let tmp = dir
        .path()
        .join(".add.rn.f16.random.2-of-4.json.tmp.123.456");
    std::fs::write(&tmp, "{\"schema\": 1, \"kind\": \"ptxfp-swe").unwrap();
    let m = shard::merge(dir.path(), None).unwrap();
    assert_eq!(m.missing, vec![2]);
    assert_eq!(m.digest, None);
    assert!(!m.ok());
    assert_eq!(m.temp_files, vec![tmp.clone()]);
    assert!(m.refused.is_empty(), "{:?}", m.refused);
    let cmd = m.rerun(2);
    assert!(
        cmd.starts_with("ptxfp sweep add.rn.f16 --random 67108864 --seed 3 --target "),
        "{cmd}"
    );
    assert!(cmd.contains("--shard 2/4 --out "), "{cmd}");

    // The missing shard completes it; the temporary file stays ignored.
    shard::run_shard(
        &spec("add.rn.f16", ops, 2, 4),
        Path::detect(),
        dir.path(),
        &none,
    )
    .unwrap();
    let whole = sweep::run_form(
        &Form::parse("add.rn.f16").unwrap(),
        &Exec::default(),
        Path::detect(),
        ops,
        &none,
    )
    .unwrap();
    let m = shard::merge(dir.path(), Some(whole.digest)).unwrap();
    assert!(m.ok(), "{m:?}");

    // A duplicate: a copy of shard 1 under another name refuses both.
    let dup = dir.path().join("copy-of-shard-1.json");
    std::fs::copy(&files[1], &dup).unwrap();
    let m = shard::merge(dir.path(), None).unwrap();
    assert!(!m.ok());
    assert_eq!(m.missing, vec![1]);
    assert_eq!(m.refused.len(), 2, "{:?}", m.refused);
    assert!(m.refused.iter().all(|r| r.why.contains("duplicate")));
    std::fs::remove_file(&dup).unwrap();

    // A foreign record: another form, and another ptxfp version.
    let mut other: shard::ShardRecord =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    other.form = "mul.rn.f16".into();
    std::fs::write(
        dir.path().join("foreign.json"),
        serde_json::to_string(&other).unwrap(),
    )
    .unwrap();
    let mut old: shard::ShardRecord =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    old.ptxfp_version = "0.0.1".into();
    std::fs::write(
        dir.path().join("old.json"),
        serde_json::to_string(&old).unwrap(),
    )
    .unwrap();
    std::fs::write(dir.path().join("notes.json"), "{\"hello\": 1}").unwrap();
    let m = shard::merge(dir.path(), None).unwrap();
    assert!(!m.ok());
    assert_eq!(m.form, "add.rn.f16");
    assert_eq!(m.digest, Some(whole.digest));
    let why = |name: &str| {
        m.refused
            .iter()
            .find(|r| r.file.ends_with(name))
            .map(|r| r.why.clone())
            .unwrap_or_default()
    };
    assert!(
        why("foreign.json").contains("form mul.rn.f16"),
        "{}",
        why("foreign.json")
    );
    assert!(
        why("old.json").contains("ptxfp version 0.0.1"),
        "{}",
        why("old.json")
    );
    assert!(why("notes.json").contains("not a ptxfp sweep shard record"));

    // An inconsistent record: a chunk range its K/N does not give.
    let mut bad = old.clone();
    bad.ptxfp_version = shard::VERSION.into();
    bad.chunks.first += 1;
    std::fs::remove_file(dir.path().join("old.json")).unwrap();
    std::fs::write(
        dir.path().join("old.json"),
        serde_json::to_string(&bad).unwrap(),
    )
    .unwrap();
    let m = shard::merge(dir.path(), None).unwrap();
    assert!(
        why_of(&m, "old.json").contains("inconsistent"),
        "{:?}",
        m.refused
    );

    // An empty directory is an error of its own.
    let empty = tempfile::tempdir().unwrap();
    assert!(shard::merge(empty.path(), None).is_err());
}

fn why_of(m: &shard::Merged, name: &str) -> String {
    m.refused
        .iter()
        .find(|r| r.file.ends_with(name))
        .map(|r| r.why.clone())
        .unwrap_or_default()
}

#[test]
fn bad_shards_are_refused_with_what_is_allowed() {
    let ops = Operands::Random { n: 100, seed: 1 };
    let dir = tempfile::tempdir().unwrap();
    for (k, n, want) in [
        (0, 0, "at least 1"),
        (4, 4, "below N"),
        (0, 2, "at most 1 shards"),
    ] {
        let e = shard::run_shard(
            &spec("add.rn.f16", ops, k, n),
            Path::detect(),
            dir.path(),
            &none,
        )
        .unwrap_err();
        assert!(e.to_string().contains(want), "{e}");
    }
    let e = shard::run_shard(
        &spec("fma.rn.f32.f16", Operands::Exhaustive, 0, 1),
        Path::detect(),
        dir.path(),
        &none,
    )
    .unwrap_err();
    assert!(e.to_string().contains("random sweep"), "{e}");
}

/// Chunk `c` of a three-operand exhaustive sweep, evaluated result by
/// result through `Form::eval` with the layout written out here.
fn direct_chunk(form: &Form, c: u64) -> u64 {
    let exec = Exec::default();
    let x2 = form.dest_type().name().ends_with("x2");
    let mut out16 = vec![];
    let mut out32 = vec![];
    for i in c * CHUNK as u64..(c + 1) * CHUNK as u64 {
        let (x, y, z) = ((i >> 32) & 0xffff, (i >> 16) & 0xffff, i & 0xffff);
        if x2 {
            let r = form.eval(&[x | y << 16, y | z << 16, z | x << 16], &exec);
            out32.push(r as u32);
        } else {
            out16.push(form.eval(&[x, y, z], &exec) as u16);
        }
    }
    if x2 {
        sweep::chunk_digest(c, &out32)
    } else {
        sweep::chunk_digest(c, &out16)
    }
}

#[test]
fn three_operand_shards_equal_a_direct_scalar_evaluation() {
    // One chunk per shard (N = 2^24): chunk 0x12345 has x = 0x0001,
    // y = 0x2345 .. 0x2444, all z; the last chunk x = y = 0xff.., the NaNs.
    for (form, c) in [
        ("fma.rn.f16", 0x12345u64),
        ("fma.rn.relu.bf16x2", (1 << 24) - 1),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let r = shard::run_shard(
            &spec(form, Operands::Exhaustive, c, 1 << 24),
            Path::detect(),
            dir.path(),
            &none,
        )
        .unwrap();
        assert_eq!(r.operands, shard::Space::Exhaustive3);
        assert_eq!(
            (r.chunks.first, r.chunks.end, r.chunks.total),
            (c, c + 1, 1 << 24)
        );
        assert_eq!(r.results, CHUNK as u64);
        let want = direct_chunk(&Form::parse(form).unwrap(), c);
        assert_eq!(r.digests().unwrap(), vec![want], "{form}");
    }
}

/// The unfused reference: [`sweep::run_chunks`] with the plan run over a
/// whole task's operand columns on the portable path.
fn unfused(form: &str, ops: Operands, chunks: std::ops::Range<u64>) -> Vec<u64> {
    let plan = Plan::of(&Form::parse(form).unwrap(), &Exec::default()).unwrap();
    let (w, d) = plan.widths();
    sweep::run_chunks(
        form,
        &w,
        d,
        ops,
        chunks,
        |srcs, out| {
            let n = out.len();
            let c16: Vec<Vec<u16>> = srcs
                .iter()
                .map(|s| s.iter().map(|&v| v as u16).collect())
                .collect();
            let c32: Vec<Vec<u32>> = srcs
                .iter()
                .map(|s| s.iter().map(|&v| v as u32).collect())
                .collect();
            let sl: Vec<Slice> = w
                .iter()
                .enumerate()
                .map(|(k, &x)| match x {
                    16 => Slice::B16(&c16[k]),
                    32 => Slice::B32(&c32[k]),
                    _ => Slice::B64(&srcs[k]),
                })
                .collect();
            match d {
                16 => {
                    let mut o = vec![0u16; n];
                    plan.run(Path::Portable, &sl, SliceMut::B16(&mut o))
                        .unwrap();
                    out.iter_mut().zip(&o).for_each(|(d, &x)| *d = x as u64);
                }
                32 => {
                    let mut o = vec![0u32; n];
                    plan.run(Path::Portable, &sl, SliceMut::B32(&mut o))
                        .unwrap();
                    out.iter_mut().zip(&o).for_each(|(d, &x)| *d = x as u64);
                }
                _ => plan.run(Path::Portable, &sl, SliceMut::B64(out)).unwrap(),
            }
        },
        &none,
    )
    .unwrap()
}

#[test]
fn fused_blocks_equal_the_unfused_path() {
    let exec = Exec::default();
    let ex = Operands::Exhaustive;
    for (form, ops, chunks) in [
        ("add.rn.f16", ex, 200..201),
        ("add.rn.ftz.f16x2", ex, 3..4),
        ("mul.rn.bf16x2", ex, 255..256),
        ("sub.rn.sat.f16", ex, 0..1),
        ("fma.rn.f16", ex, 0x7c00..0x7c01),
        ("fma.rn.ftz.relu.f16x2", ex, 0x12345..0x12346),
        ("fma.rn.oob.bf16", ex, 0xff00..0xff01),
        ("fma.rn.relu.bf16x2", ex, 7..8),
        // Rows whose fixed operand is an infinity, a NaN or a zero, and
        // rows where it is finite, run whole and in NaN-free pieces: for
        // two operands a chunk is 256 values of `a`, for three 256 of `b`
        // with `a = c >> 8`.
        ("add.rn.f16", ex, 0x7c..0x7d),
        ("mul.rn.f16", ex, 0..1),
        ("mul.rn.f16", ex, 0xfc..0xfd),
        ("mul.rn.bf16", ex, 0x7f..0x80),
        ("sub.rn.bf16", ex, 0xff..0x100),
        ("sub.rn.f16", ex, 0x3c..0x3d),
        ("fma.rn.bf16", ex, 0x3c00..0x3c01),
        ("fma.rn.bf16", ex, 0x7f_8000..0x7f_8001),
        ("fma.rn.f16", ex, 0x7b_ff00..0x7b_ff01),
        ("fma.rn.f16", ex, 0xfc_00ff..0xfc_0100),
        (
            "fma.rn.f32.f16",
            Operands::Random {
                n: CHUNK as u64 + 77,
                seed: 5,
            },
            0..2,
        ),
        (
            "add.rm.f32.bf16",
            Operands::Random {
                n: 2 * CHUNK as u64,
                seed: 9,
            },
            1..2,
        ),
    ] {
        let fused = sweep::run_form_chunks(
            &Form::parse(form).unwrap(),
            &exec,
            Path::detect(),
            ops,
            chunks.clone(),
            &none,
        )
        .unwrap();
        assert_eq!(fused, unfused(form, ops, chunks), "{form}");
    }
}

/// A progress callback that says stop ends the sweep within the round
/// under way (Ctrl-C in Python), and a shard so stopped writes no record;
/// one that lets it go on changes nothing.
#[test]
fn a_sweep_stops_where_progress_says_so() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let form = Form::parse("fma.rn.f16").unwrap();
    let calls = AtomicU64::new(0);
    let stop_after_one = |_: u64| calls.fetch_add(1, Ordering::Relaxed) == 0;
    // 2^32 results: 256 chunks, four rounds of the sweep's tasks.
    let e = sweep::run_form_chunks(
        &form,
        &Exec::default(),
        Path::detect(),
        Operands::Exhaustive,
        0..256,
        &stop_after_one,
    )
    .unwrap_err();
    match e {
        sweep::SweepError::Interrupted { done } => {
            assert!(done > 0 && done < 1 << 31, "{done}");
        }
        e => panic!("{e}"),
    }
    let dir = tempfile::tempdir().unwrap();
    let e = shard::run_shard(
        &spec("fma.rn.f16", Operands::Exhaustive, 0, 1 << 16),
        Path::detect(),
        dir.path(),
        &|_| false,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("the sweep was interrupted after"),
        "{e}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
