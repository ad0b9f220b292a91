//! Records: JSON writer round trip, and re-deriving every recorded digest
//! under testdata/hw/ with ptxfp. When none are recorded (no GPU has run
//! yet), the same code path runs on a SYNTHETIC record built from ptxfp
//! itself in a temporary directory, never committed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ptxfp::sweep;
use ptxfp::{Exec, HwProfile, PtxVersion, Target};
use ptxfp_hw::adapter::{eval, eval_on, instr_form, operands};
use ptxfp_hw::kernel::{self, Lanes};
use ptxfp_hw::mma;
use ptxfp_hw::probe;
use ptxfp_hw::record::{self, GpuInfo, Inputs, Record};

/// Records of more results than this are re-derived by the ignored tier
/// (`cargo test -p ptxfp-hw --test records -- --ignored`, release speed).
const QUICK: u64 = 1 << 26;

fn count(r: &Record) -> u64 {
    match r.inputs {
        Inputs::Exhaustive { count }
        | Inputs::Random { count, .. }
        | Inputs::SweepRandom { count, .. }
        | Inputs::Table { count }
        | Inputs::Listed { count } => count,
    }
}

/// What ptxfp models for a record: code for the kernel's `.target` (the
/// second word of `kernel_header`) on the recorded device.
fn exec(r: &Record) -> Exec {
    let target = |s: Option<&str>| {
        s.and_then(|t| t.parse::<Target>().ok())
            .unwrap_or(Target::sm(90))
    };
    Exec {
        code_target: target(r.kernel_header.split_whitespace().nth(1)),
        device: target(Some(&r.gpu.sm)),
        ptx: r
            .kernel_header
            .split_whitespace()
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(PtxVersion::LATEST),
        hw: HwProfile::NVIDIA,
    }
}

/// ptxfp's digest of the results `record` covers, or None when the record
/// holds no digest to re-derive.
fn rederive(r: &Record, base: Option<&Vec<Vec<u64>>>) -> Option<u64> {
    r.digests.get("ptxfp-sweep-nh64")?;
    if r.command == "mma" {
        return Some(rederive_mma(r));
    }
    let form = instr_form(&r.form).unwrap();
    let cols = match r.inputs {
        Inputs::Random { .. } => record_operands(&form, base),
        // The whole 2^32 space: `ptxfp sweep --exhaustive`'s streaming
        // digest (the record's layout is its layout), not 32 GiB of columns.
        Inputs::Exhaustive { count } if count == 1 << 32 => {
            let f = ptxfp::Form::parse(&r.form).unwrap();
            let path = ptxfp::batch::Path::best_available();
            let s = sweep::run_form(&f, &exec(r), path, sweep::Operands::Exhaustive, &|_| true);
            return Some(s.unwrap().digest);
        }
        Inputs::Exhaustive { count } => {
            let lanes = if form.dest.bits() == 32 {
                Lanes::Swapped
            } else {
                Lanes::Scalar
            };
            let (a, b) = (0..count).map(|i| kernel::index_operands(i, lanes)).unzip();
            vec![a, b]
        }
        Inputs::SweepRandom { seed, count } => {
            let ops = sweep::Operands::Random { n: count, seed };
            let m = form.srcs.len();
            (0..m)
                .map(|k| {
                    (0..count)
                        .map(|i| sweep::operand(ops, m, i, k, form.srcs[k].bits()))
                        .collect()
                })
                .collect()
        }
        Inputs::Table { count } => vec![(0..count).collect()],
        Inputs::Listed { .. } => return None,
    };
    let ours = eval_on(&form, &cols, &exec(r)).unwrap();
    Some(digest_at_width(form.dest, &ours))
}

/// What a random record's operand columns depend on: `operands(form,
/// seed, 0, count)` is a stream of the seed, the source types and the
/// count (an immediate source's mask applied after). Thousands of records
/// share a few dozen draws (`add.rn.f16`, `add.rz.f16`, `sub.rn.f16`, ...
/// all with seed 1), and the draw costs more than the evaluation, so
/// [`check_all`] groups records by it and draws once per group.
type DrawKey = (u64, Vec<ptxfp::PtxType>, u64);

fn draw_key(r: &Record) -> Option<DrawKey> {
    let Inputs::Random { seed, count } = r.inputs else {
        return None;
    };
    if r.command == "mma" {
        return None;
    }
    let form = instr_form(&r.form).ok()?;
    Some((seed, form.srcs, count))
}

/// The group's draw: `operands` of the key's source types for tuples
/// `0..count`, made block by block on all cores (the stream's blocks of
/// `ptxfp_hw::gen::BLOCK` tuples are independent).
fn draw((seed, srcs, count): &DrawKey) -> Vec<Vec<u64>> {
    use rayon::prelude::*;
    let block = ptxfp_hw::gen::BLOCK;
    let parts: Vec<Vec<Vec<u64>>> = (0..count.div_ceil(block))
        .into_par_iter()
        .map(|i| {
            let n = block.min(count - i * block);
            ptxfp_hw::gen::stream(*seed, srcs, i * block, n).unwrap()
        })
        .collect();
    (0..srcs.len())
        .map(|k| parts.iter().flat_map(|p| p[k].iter().copied()).collect())
        .collect()
}

/// `operands(form, seed, 0, count)` from the group's draw `base`: its
/// columns with an immediate source's mask applied, as `operands` does.
fn record_operands(form: &ptxfp_hw::InstrForm, base: Option<&Vec<Vec<u64>>>) -> Vec<Vec<u64>> {
    let mut cols = base.expect("a random record has its group's draw").clone();
    if let Some(c) = form.imm.and_then(|i| cols.get_mut(i)) {
        for v in c.iter_mut() {
            *v &= 0xff;
        }
    }
    cols
}

/// `ptxfp sweep`'s digest of results held as `u64`, at the destination's
/// register width (as the records hold them).
fn digest_at_width(dest: ptxfp::PtxType, v: &[u64]) -> u64 {
    match kernel::storage_bits(dest) {
        16 => sweep::digest(&v.iter().map(|x| *x as u16).collect::<Vec<_>>()),
        32 => sweep::digest(&v.iter().map(|x| *x as u32).collect::<Vec<_>>()),
        _ => sweep::digest(v),
    }
}

/// The digest of the carry outs of a random record of a carry-out form.
fn rederive_carry(r: &Record, base: Option<&Vec<Vec<u64>>>) -> u64 {
    let form = instr_form(&r.form).unwrap();
    let Inputs::Random { .. } = r.inputs else {
        panic!("{}: carry digests come with random inputs", r.form)
    };
    let cols = record_operands(&form, base);
    let c = ptxfp_hw::adapter::eval_carry_on(&form, &cols, &exec(r)).unwrap();
    sweep::digest(&c.iter().map(|v| *v as u32).collect::<Vec<_>>())
}

/// An `hw mma` record: the same warps of operands through `ptxfp run`'s
/// engine, on the recorded device, code for the kernel's target.
fn rederive_mma(r: &Record) -> u64 {
    let e = exec(r);
    let case = mma::cases(e.device.sm)
        .into_iter()
        .find(|c| c.name() == r.form)
        .unwrap_or_else(|| panic!("{}: no such mma case", r.form));
    let Inputs::Random { seed, count } = r.inputs else {
        panic!("{}: mma records have random inputs", r.form)
    };
    let warps = count as usize;
    // The GPU's own operand bytes, also for the `.tf32` case with the low
    // 13 bits set: the engine clears them where the GPU is measured to
    // ignore them (sm_90, `ptxfp_tc::GpuRow::tf32_ignores_low_bits`) and
    // refuses them elsewhere, so a record of another device with them set
    // fails here until that device is measured.
    let inputs = case.inputs(seed, warps);
    let d = case
        .ptxfp(&inputs, warps, e.code_target, e.device)
        .unwrap_or_else(|err| panic!("{}: {err}", r.form));
    sweep::digest(&mma::words(&d))
}

/// Whether ptxfp models `form` only within an error bound (`.approx`,
/// `.full`): its bits are the GPU's own, recorded as data, not re-derived.
/// The 16-bit `ex2`/`tanh` forms, whose results are an H200's tables
/// (`ptxfp::measured`), are re-derived: the `.f16x2`/`.bf16x2` records and
/// the 10^6-tuple records are separate GPU runs, which the tables of the
/// exhaustive records must give lane by lane.
fn approximate(form: &str) -> bool {
    ptxfp::Form::parse(form)
        .is_ok_and(|f| f.is_approx() && ptxfp::measured::half_table(&f).is_none())
}

/// `PTXFP_RECORDS=TEXT` re-derives only the records whose form contains
/// TEXT, or one of several comma-separated TEXTs (while working on one
/// form, or on a session's new records; CI sets nothing and checks all).
fn selected(form: &str) -> bool {
    std::env::var("PTXFP_RECORDS").map_or(true, |t| t.split(',').any(|p| form.contains(p)))
}

/// None when `r` holds no digest to re-derive, else the difference found
/// (None when there is none).
fn check_one(f: &Path, r: &Record, base: Option<&Vec<Vec<u64>>>) -> Option<Option<String>> {
    let ours = rederive(r, base)?;
    let theirs = &r.digests["ptxfp-sweep-nh64"];
    if let Some(c) = r.digests.get("carry-ptxfp-sweep-nh64") {
        let oc = rederive_carry(r, base);
        if &format!("{oc:016x}") != c {
            return Some(Some(format!(
                "{}: {} on {}: carry outs: ptxfp {oc:016x}, GPU {c}",
                f.display(),
                r.form,
                r.gpu.name
            )));
        }
    }
    Some((&format!("{ours:016x}") != theirs).then(|| {
        format!(
            "{}: {} on {}: ptxfp {ours:016x}, GPU {theirs}",
            f.display(),
            r.form,
            r.gpu.name
        )
    }))
}

/// Re-derives every record of the tier (`large`: over [`QUICK`] results)
/// on all cores, and fails naming every record whose digest differs.
/// Records that share an operand draw ([`DrawKey`]) are checked together
/// after one draw of it, the records of a group in parallel; the records
/// without one (sweeps, tables, mma) are one group.
fn check_all(root: &Path, large: bool) -> usize {
    use rayon::prelude::*;
    let files = record::find(root).unwrap();
    let records: Vec<(PathBuf, Record)> = files
        .par_iter()
        .map(|f| (f.clone(), record::read(f).unwrap()))
        .filter(|(_, r)| (count(r) > QUICK) == large && !approximate(&r.form) && selected(&r.form))
        .collect();
    let mut groups: BTreeMap<Option<DrawKey>, Vec<&(PathBuf, Record)>> = BTreeMap::new();
    for fr in &records {
        groups.entry(draw_key(&fr.1)).or_default().push(fr);
    }
    let mut results: Vec<Option<String>> = vec![];
    for (key, group) in &groups {
        let base = key.as_ref().map(draw);
        results.par_extend(
            group
                .par_iter()
                .filter_map(|(f, r)| check_one(f, r, base.as_ref())),
        );
    }
    let differ: Vec<&String> = results.iter().flatten().collect();
    assert!(
        differ.is_empty(),
        "{} of {} records differ from ptxfp:\n{}",
        differ.len(),
        results.len(),
        differ
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    results.len()
}

fn synthetic(form: &str, seed: u64, count: u64) -> Record {
    let f = instr_form(form).unwrap();
    let cols = operands(&f, seed, 0, count).unwrap();
    let ours = eval(&f, &cols).unwrap();
    let d = digest_at_width(f.dest, &ours);
    Record {
        schema: record::SCHEMA,
        command: "check".into(),
        form: form.into(),
        forms: vec![],
        synthetic: true,
        gpu: GpuInfo {
            name: "SYNTHETIC (ptxfp itself, not a GPU)".into(),
            sm: "sm_90".into(),
            driver_version: "0.0".into(),
        },
        date: record::now_utc(),
        ptxfp_version: env!("CARGO_PKG_VERSION").into(),
        kernel_header: "8.1 sm_90".into(),
        inputs: Inputs::Random { seed, count },
        digests: [("ptxfp-sweep-nh64".to_string(), format!("{d:016x}"))].into(),
        mismatches: None,
        register_high_bits: None,
        cases: vec![],
        table: String::new(),
    }
}

#[test]
fn recorded_digests_rederive() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/hw");
    let n = check_all(&root, false);
    eprintln!("re-derived {n} recorded digests of at most 2^26 results under testdata/hw/");
    if n == 0 {
        eprintln!("no recorded GPU digests under testdata/hw/ yet; exercising the path on synthetic records");
        let dir = tempfile::tempdir().unwrap();
        for (form, seed) in [
            ("fma.rn.oob.relu.bf16x2", 3),
            ("mad.rn.f64", 4),
            ("add.rn.ftz.f16", 5),
        ] {
            record::write(dir.path(), &synthetic(form, seed, 20_000)).unwrap();
        }
        assert_eq!(check_all(dir.path(), false), 3);
        // A wrong digest is caught.
        let mut bad = synthetic("mul.rn.bf16", 6, 1000);
        bad.digests
            .insert("ptxfp-sweep-nh64".into(), "0000000000000000".into());
        let other = tempfile::tempdir().unwrap();
        record::write(other.path(), &bad).unwrap();
        assert!(std::panic::catch_unwind(|| check_all(other.path(), false)).is_err());
    }
}

/// A record holding a whole table (`hw check --exhaustive` of a one-source
/// 16-bit form) holds the results its digest was taken of, `count` of
/// them; a table that does not match its digest is caught. (Tables of
/// `.approx` forms are the GPU's data: `recorded_digests_rederive` skips
/// them, this test does not.)
#[test]
fn recorded_tables_match_their_digests() {
    let check = |r: &Record| -> Result<(), String> {
        let Inputs::Table { count } = r.inputs else {
            return Ok(());
        };
        if r.table.is_empty() && !approximate(&r.form) {
            // An exact form's table is its digest, re-derived by
            // `recorded_digests_rederive`.
            return Ok(());
        }
        let form = instr_form(&r.form).map_err(|e| e.to_string())?;
        let v = r.table_values(form.dest.bits())?;
        if v.len() as u64 != count {
            return Err(format!(
                "{}: {} table entries, not {count}",
                r.form,
                v.len()
            ));
        }
        let d = digest_at_width(form.dest, &v);
        let want = r.digests.get("ptxfp-sweep-nh64").ok_or("no digest")?;
        (&format!("{d:016x}") == want)
            .then_some(())
            .ok_or_else(|| format!("{}: table digest {d:016x}, recorded {want}", r.form))
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/hw");
    let mut n = 0;
    for f in record::find(&root).unwrap() {
        let r = record::read(&f).unwrap();
        if matches!(r.inputs, Inputs::Table { .. }) && approximate(&r.form) {
            check(&r).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            n += 1;
        }
    }
    eprintln!("{n} recorded tables match their digests");
    // The check itself, on a table made here: ptxfp's ex2.approx.f16 over
    // every source value; one entry changed is caught.
    let form = instr_form("ex2.approx.f16").unwrap();
    let cols = vec![(0..1u64 << 16).collect::<Vec<u64>>()];
    let mut r = synthetic("add.rn.f16", 1, 10);
    r.form = "ex2.approx.f16".into();
    r.inputs = Inputs::Table { count: 1 << 16 };
    let ours = eval_on(&form, &cols, &exec(&r)).unwrap();
    r.table = ours.iter().map(|v| format!("{v:04x}")).collect();
    let d = sweep::digest(&ours.iter().map(|x| *x as u16).collect::<Vec<_>>());
    r.digests
        .insert("ptxfp-sweep-nh64".into(), format!("{d:016x}"));
    check(&r).unwrap();
    r.table.replace_range(4 * 0x3c00..4 * 0x3c00 + 4, "4001");
    assert!(check(&r).is_err());
}

/// The carry-out digest of a record is re-derived and checked: a
/// synthetic record of `add.cc.u32` and `madc.hi.cc.s32` passes, one with
/// the carry digest of another seed fails naming the carry outs. (No GPU
/// record has one yet: the carry forms joined the harness after the
/// second H200 session.)
#[test]
fn carry_digests_rederive() {
    let dir = tempfile::tempdir().unwrap();
    let with_carry = |form: &str, seed: u64| {
        let mut r = synthetic(form, seed, 5_000);
        let f = instr_form(form).unwrap();
        let cols = operands(&f, seed, 0, 5_000).unwrap();
        let c = ptxfp_hw::adapter::eval_carry_on(&f, &cols, &exec(&r)).unwrap();
        assert!(c.contains(&0) && c.contains(&1), "{form}");
        let d = sweep::digest(&c.iter().map(|v| *v as u32).collect::<Vec<_>>());
        r.digests
            .insert("carry-ptxfp-sweep-nh64".into(), format!("{d:016x}"));
        r
    };
    for (form, seed) in [("add.cc.u32", 3), ("madc.hi.cc.s32", 4)] {
        record::write(dir.path(), &with_carry(form, seed)).unwrap();
    }
    assert_eq!(check_all(dir.path(), false), 2);
    let mut bad = with_carry("add.cc.u32", 5);
    bad.digests.insert(
        "carry-ptxfp-sweep-nh64".into(),
        with_carry("add.cc.u32", 6).digests["carry-ptxfp-sweep-nh64"].clone(),
    );
    let other = tempfile::tempdir().unwrap();
    record::write(other.path(), &bad).unwrap();
    let e = std::panic::catch_unwind(|| check_all(other.path(), false)).unwrap_err();
    let msg = e.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("carry outs"), "{msg}");
}

#[test]
#[ignore = "re-derives exhaustive and 10^9-case records: run in release on a big machine"]
fn recorded_large_digests_rederive() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/hw");
    let n = check_all(&root, true);
    eprintln!("re-derived {n} recorded digests of more than 2^26 results");
}

#[test]
fn writer_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let mut r = synthetic("fma.rn.bf16", 9, 10);
    r.cases.push(record::Case {
        operands: vec!["0x7fc1".into(), "0x3f80".into(), "0x3f80".into()],
        gpu: "0x7fff".into(),
        ptxfp: "0x7fff".into(),
    });
    let path = record::write(dir.path(), &r).unwrap();
    assert!(path.ends_with("synthetic-ptxfp-itself-not-a-gpu/fma.rn.bf16.check.json"));
    assert_eq!(record::read(&path).unwrap(), r);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"synthetic\": true"));
    // Another schema is refused with a message, not a panic.
    std::fs::write(&path, text.replace("\"schema\": 1", "\"schema\": 99")).unwrap();
    let e = record::read(&path).unwrap_err().to_string();
    assert!(e.contains("schema 99"), "{e}");
    std::fs::write(&path, "{").unwrap();
    assert!(record::read(&path).is_err());
}

fn hex(s: &str) -> u64 {
    u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()
}

/// Every case a GPU recorded (each probe case, and the differing cases a
/// check kept) is what ptxfp computes now, for every form ptxfp models
/// exactly. The probes' cases are matched to their forms by regenerating
/// the groups (`ptxfp_hw::probe`), whose operands must be the recorded ones.
#[test]
fn recorded_cases_match_the_model() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/hw");
    let groups = probe::all();
    let (mut cases, mut approx) = (0, 0);
    for f in record::find(&root).unwrap() {
        let r = record::read(&f).unwrap();
        if r.command != "probe" && !selected(&r.form) {
            continue;
        }
        let mut want: Vec<(String, Vec<u64>)> = vec![];
        if r.command == "probe" {
            let name = r.form.trim_start_matches("probe-");
            let g = groups
                .iter()
                .find(|g| g.name == name)
                .unwrap_or_else(|| panic!("{}: no probe group {name}", f.display()));
            for run in &g.runs {
                for c in &run.cases {
                    want.push((run.form.to_string(), c.clone()));
                }
            }
            assert_eq!(want.len(), r.cases.len(), "{}: case count", f.display());
        } else {
            if approximate(&r.form) {
                approx += 1;
                continue;
            }
            // An mma record's cases name D registers (thread, register),
            // not operands: its digest covers them.
            if r.command == "mma" {
                continue;
            }
            for c in &r.cases {
                want.push((r.form.clone(), c.operands.iter().map(|o| hex(o)).collect()));
            }
        }
        let device = Target::sm(90);
        for ((form, ops), case) in want.iter().zip(&r.cases) {
            let recorded: Vec<u64> = case.operands.iter().map(|o| hex(o)).collect();
            assert_eq!(&recorded, ops, "{}: operands of a {form} case", f.display());
            let e = if r.command == "probe" {
                Exec::on(device)
            } else {
                exec(&r)
            };
            let one: Vec<Vec<u64>> = ops.iter().map(|v| vec![*v]).collect();
            let ours = eval_on(&instr_form(form).unwrap(), &one, &e).unwrap()[0];
            assert_eq!(
                ours,
                hex(&case.gpu),
                "{}: {form} {:x?}: ptxfp {ours:#x}, {} {}",
                f.display(),
                ops,
                r.gpu.name,
                case.gpu
            );
            cases += 1;
        }
    }
    eprintln!("{cases} recorded GPU cases equal ptxfp's results; {approx} records of .approx forms kept as data");
}

/// A group's draw, made block by block in parallel, is `operands`'
/// stream; with an immediate source, its mask is applied per record.
#[test]
fn a_groups_draw_is_the_operand_stream() {
    for (form, count) in [
        ("fma.rn.f16", 200_000u64),
        ("lop3.b32", 70_000),
        ("add.f32", 5),
    ] {
        let f = instr_form(form).unwrap();
        let key = (1, f.srcs.clone(), count);
        assert_eq!(f.imm.is_some(), form == "lop3.b32");
        assert_eq!(
            record_operands(&f, Some(&draw(&key))),
            operands(&f, 1, 0, count).unwrap(),
            "{form}"
        );
    }
}
