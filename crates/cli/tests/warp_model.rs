//! The warp-level and atomic instructions in whole kernels against an
//! independent model (testdata/warp/README.md): each kernel runs as its
//! first line says, and the memory it leaves must be the model's, byte for
//! byte. Then the rules that model found, on kernels worked out by hand.

mod common;

use std::collections::BTreeMap;
use std::process::{Command, Output};

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn ptxfp(dir: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("spawn ptxfp")
}

/// The launch's `--mem` bytes, overlaid by what the run wrote.
fn final_memory(args: &[&str], o: &Output) -> BTreeMap<u64, u8> {
    let hex = |s: &str| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
    let mut mem = BTreeMap::new();
    let mut put = |at: u64, bytes: &str| {
        for i in 0..bytes.len() / 2 {
            mem.insert(
                at + i as u64,
                u8::from_str_radix(&bytes[2 * i..2 * i + 2], 16).unwrap(),
            );
        }
    };
    for w in args.windows(2).filter(|w| w[0] == "--mem") {
        let (at, bytes) = w[1].split_once('=').unwrap();
        put(hex(at), bytes);
    }
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("run --json");
    for e in j["memory"].as_array().expect("memory") {
        put(
            hex(e["address"].as_str().unwrap()),
            e["bytes"].as_str().unwrap(),
        );
    }
    mem
}

/// Runs `file` in `dir` as its first line says; the final memory.
fn run_as_written(dir: &str, file: &str) -> Result<BTreeMap<u64, u8>, String> {
    let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
    let mut args: Vec<&str> = vec!["run", "--json"];
    args.extend(common::launch_words(&text));
    let o = ptxfp(dir, &args);
    if o.status.code() != Some(0) {
        return Err(format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        ));
    }
    Ok(final_memory(&args, &o))
}

#[test]
fn every_kernel_leaves_the_models_memory() {
    let dir = format!("{}/testdata/warp", root());
    let mut kernels: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".ptx"))
        .collect();
    kernels.sort();
    assert_eq!(kernels.len(), 62);
    let mut ranges = 0;
    for k in kernels {
        let mem = run_as_written(&dir, &k).unwrap_or_else(|e| panic!("{k}: {e}"));
        let expected =
            std::fs::read_to_string(format!("{dir}/{}.hex", k.trim_end_matches(".ptx"))).unwrap();
        for line in expected.lines().filter(|l| !l.trim().is_empty()) {
            let (at, hex) = line.split_once(' ').unwrap();
            let at = u64::from_str_radix(at.trim_start_matches("0x"), 16).unwrap();
            let got: String = (0..hex.len() as u64 / 2)
                .map(|i| {
                    mem.get(&(at + i))
                        .map_or("--".into(), |b| format!("{b:02x}"))
                })
                .collect();
            assert_eq!(got, hex, "{k}: the range at {at:#x}");
            ranges += 1;
        }
    }
    assert!(ranges >= 52, "{ranges} ranges");
}

/// Writes `body` as the kernel `k(.param .u64 out)` of one warp, runs it
/// with `out` at 0x40000000, and returns the 32-bit words it stored there.
fn warp_words(body: &str, block: &str, extra: &str) -> Result<Vec<u32>, String> {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let name = format!(
        "{}.ptx",
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let src = format!(
        "// ptxfp run {name} --block {block} --set out=0x40000000 {extra}\n.version 8.0\n.target sm_90\n.address_size 64\n\
         .visible .entry k(.param .u64 out)\n{{\n.reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n\
         ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n{body}\nret;\n}}\n"
    );
    let path = common::test_file(&name);
    std::fs::write(&path, src).unwrap();
    let mem = run_as_written(path.parent().unwrap().to_str().unwrap(), &name)?;
    let bytes: Vec<u8> = mem.values().copied().collect();
    Ok(bytes
        .chunks(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect())
}

/// 9.7.13.10: ".all: d is set to mask corresponding to non-exited threads
/// in membermask if all non-exited threads in membermask have same value
/// of operand a". With lanes 0-15 exited, `d` is 0xffff0000 (it was
/// 0xffffffff, the membermask); in a warp of 40 threads' second warp (8
/// lanes), 0x000000ff.
#[test]
fn match_all_names_the_non_exited_members() {
    let body =
        "setp.lt.u32 %p1, %r1, 16;\n@%p1 exit;\nmatch.all.sync.b32 %r2|%p2, 7, 0xffffffff;\n\
                selp.u32 %r3, 1, 0, %p2;\nmul.wide.u32 %rd2, %r1, 8;\nadd.u64 %rd3, %rd1, %rd2;\n\
                st.global.v2.u32 [%rd3], {%r2, %r3};";
    let w = warp_words(body, "32", "").unwrap();
    assert_eq!(w.len(), 32, "{w:x?}");
    assert!(w.chunks(2).all(|p| p == [0xffff_0000, 1]), "{w:x?}");
    let body = "match.all.sync.b32 %r2|%p2, 7, 0xffffffff;\nmul.wide.u32 %rd2, %r1, 4;\n\
                add.u64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r2;";
    let w = warp_words(body, "40", "").unwrap();
    assert_eq!(w.len(), 40);
    assert!(
        w[..32].iter().all(|&d| d == 0xffff_ffff) && w[32..].iter().all(|&d| d == 0xff),
        "{w:x?}"
    );
}

/// The sink `_`: "Simple reductions may be specified by using the bit
/// bucket destination operand `_`" (9.7.13.5, `atom`) and "The sink symbol
/// '_' may be used in place of any one of the destination operands"
/// (9.7.13.10, `match`). Both were "register `_` is not declared".
#[test]
fn the_sink_stands_for_a_destination() {
    // 32 threads each add 1 to out[0] (given 5): 37.
    let w = warp_words(
        "atom.global.add.u32 _, [%rd1], 1;",
        "32",
        "--mem 0x40000000=05000000",
    );
    assert_eq!(w, Ok(vec![37]));
    let body = "match.all.sync.b32 _|%p2, 7, 0xffffffff;\nselp.u32 %r3, 1, 0, %p2;\n\
                mul.wide.u32 %rd2, %r1, 4;\nadd.u64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r3;";
    assert_eq!(warp_words(body, "32", ""), Ok(vec![1; 32]));
    let body = "match.any.sync.b32 %r2|_, %r1, 0xffffffff;\n\
                mul.wide.u32 %rd2, %r1, 4;\nadd.u64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r2;";
    let w = warp_words(body, "32", "").unwrap();
    assert!(w.iter().enumerate().all(|(l, &d)| d == 1 << l), "{w:x?}");
}

/// A `.sync` collective whose membermask names lanes that branched
/// elsewhere, in code for sm_6x: "For .target sm_6x or below, all threads
/// in membermask must execute the same vote.sync instruction in
/// convergence" (9.7.13.9), so the result is undefined; the engine computes
/// each branch's lanes apart, and says so once per statement.
#[test]
fn a_collective_split_over_branches_on_sm_6x_is_warned_about() {
    let o = common::run_src(
        "split.ptx",
        ".version 6.0\n.target sm_60\n.entry k()\n{\n.reg .pred %p<3>; .reg .b32 %r<4>;\n\
         mov.u32 %r1, %tid.x;\nsetp.lt.u32 %p1, %r1, 16;\nsetp.ne.u32 %p2, %r1, 3;\n\
         @%p1 bra A;\nvote.sync.ballot.b32 %r2, %p2, 0xffffffff;\nbra J;\n\
         A:\nvote.sync.ballot.b32 %r2, %p2, 0xffffffff;\nvote.sync.ballot.b32 %r3, %p2, 0x0000ffff;\n\
         J:\nret;\n}\n",
        &["--block", "32"],
    );
    assert_eq!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.matches("which have not exited and are not at this instruction")
            .count(),
        2,
        "{err}"
    );
    assert!(err.contains("split.ptx:10:1: warning: `vote.sync.ballot.b32`'s membermask 0xffffffff names lane(s) 0, 1, 2, 3, 4, 5, 6, 7, ..."), "{err}");
    assert!(
        err.contains("split.ptx:13:1: warning") && err.contains("names lane(s) 16, 17,"),
        "{err}"
    );
}

/// On sm_70 and later the members of a `.sync` collective meet at any
/// instruction of its kind: "vote.sync will cause executing thread to
/// wait until all non-exited threads corresponding to membermask have
/// executed vote.sync with the same qualifiers and same membermask value"
/// (9.7.13.9; `shfl.sync` 9.7.9.6 alike). Lanes 16-31 and 0-15 run the
/// same ballot and butterfly shuffle from two branches, each with its own
/// source register: one ballot of the warp (lane 3's predicate false:
/// 0xfffffff7), and lane l reads lane l ^ 16's value from the other
/// branch (l + 16 + 100 below 16, l - 16 + 200 above). It was computed per
/// branch, with a warning: 0x0000fff7 and 0xffff0000, and each lane its
/// own branch's values.
#[test]
fn collectives_split_over_branches_meet_on_sm_70_and_later() {
    let body = "setp.lt.u32 %p1, %r1, 16;\nsetp.ne.u32 %p2, %r1, 3;\n@%p1 bra A;\n\
                vote.sync.ballot.b32 %r2, %p2, 0xffffffff;\nadd.u32 %r4, %r1, 100;\n\
                shfl.sync.bfly.b32 %r3, %r4, 16, 0x1f, 0xffffffff;\nbra J;\n\
                A:\nvote.sync.ballot.b32 %r2, %p2, 0xffffffff;\nadd.u32 %r5, %r1, 200;\n\
                shfl.sync.bfly.b32 %r3, %r5, 16, 0x1f, 0xffffffff;\n\
                J:\nmul.wide.u32 %rd2, %r1, 8;\nadd.u64 %rd3, %rd1, %rd2;\n\
                st.global.v2.u32 [%rd3], {%r2, %r3};";
    let w = warp_words(body, "32", "").unwrap();
    assert_eq!(w.len(), 64);
    for (l, p) in w.chunks(2).enumerate() {
        let from = if l < 16 { l + 16 + 100 } else { l - 16 + 200 };
        assert_eq!(p, [0xffff_fff7, from as u32], "lane {l}: {w:x?}");
    }
}

/// Threads with another membermask value at the same statement are
/// another collective ("with the same qualifiers and same membermask
/// value", 9.7.13.9): a tile of lanes 0-15 (membermask 0x0000ffff) and one
/// of lanes 16-31 (0xffff0000), as cooperative groups' 16-lane tiles run
/// them. Lane l's predicate is l % 3 == 0: ballots 0x00009249 and
/// 0x49240000; sums of %laneid 120 and 376. It was one collective with the
/// last lane's membermask: 0x49240000 and 376 in every lane (found by the
/// independent warp model's tiles, 2026-11-29).
#[test]
fn each_membermask_at_a_statement_is_its_own_collective() {
    for target in ["sm_90", "sm_60"] {
        let (op, want): (&str, [u32; 2]) = if target == "sm_90" {
            ("redux.sync.add.u32 %r2, %r1, %r4;", [120, 376])
        } else {
            ("vote.sync.ballot.b32 %r2, %p2, %r4;", [0x9249, 0x4924_0000])
        };
        let body = format!(
            "setp.lt.u32 %p1, %r1, 16;\nselp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;\n\
             rem.u32 %r5, %r1, 3;\nsetp.eq.u32 %p2, %r5, 0;\n{op}\n\
             mul.wide.u32 %rd2, %r1, 4;\nadd.u64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r2;"
        );
        let w = if target == "sm_60" {
            let name = "tile60.ptx";
            let src = format!(
                "// ptxfp run {name} --block 32 --set out=0x40000000\n.version 6.0\n.target sm_60\n.address_size 64\n\
                 .visible .entry k(.param .u64 out)\n{{\n.reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n\
                 ld.param.u64 %rd1, [out];\nmov.u32 %r1, %tid.x;\n{body}\nret;\n}}\n"
            );
            let path = common::test_file(name);
            std::fs::write(&path, src).unwrap();
            let mem = run_as_written(path.parent().unwrap().to_str().unwrap(), name).unwrap();
            let bytes: Vec<u8> = mem.values().copied().collect();
            bytes
                .chunks(4)
                .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
                .collect()
        } else {
            warp_words(&body, "32", "").unwrap()
        };
        let expect: Vec<u32> = (0..32).map(|l| want[l / 16]).collect();
        assert_eq!(w, expect, "{target}");
    }
}

/// A collective whose guard is false in every thread runs for none of
/// them (it panicked once the membermasks were read before the
/// collective: an empty list's first mask).
#[test]
fn a_collective_no_thread_runs_leaves_its_registers() {
    for op in [
        "@%p1 redux.sync.add.u32 %r2, %r1, 0xffffffff;",
        "@%p1 vote.sync.ballot.b32 %r2, %p1, 0xffffffff;",
        "@%p1 shfl.sync.idx.b32 %r2, %r1, 0, 0x1f, 0xffffffff;",
        "@%p1 bar.warp.sync 0xffffffff;",
    ] {
        let body = format!(
            "setp.eq.u32 %p1, %r1, 99;\nmov.u32 %r2, 7;\n{op}\nmul.wide.u32 %rd2, %r1, 4;\n\
             add.u64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r2;"
        );
        assert_eq!(warp_words(&body, "32", ""), Ok(vec![7; 32]), "{op}");
    }
}

/// "all non-exited threads corresponding to membermask": lanes 0-15 wait
/// at a full-mask ballot while lanes 16-31 run on elsewhere and exit; the
/// ballot then completes with lanes 0-15 (0x0000fff7, lane 3 false).
#[test]
fn members_that_exit_release_a_collective() {
    let body = "setp.ge.u32 %p1, %r1, 16;\nsetp.ne.u32 %p2, %r1, 3;\n@%p1 bra X;\n\
                vote.sync.ballot.b32 %r2, %p2, 0xffffffff;\nmul.wide.u32 %rd2, %r1, 4;\n\
                add.u64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r2;\nret;\n\
                X:\nadd.u32 %r3, %r1, 1;\nexit;";
    let w = warp_words(body, "32", "").unwrap();
    assert_eq!(w, vec![0x0000_fff7; 16]);
}

/// `elect.sync`: "elect causes the executing thread to wait until all
/// threads in the membermask execute the elect instruction": copies in two
/// branches elect one leader, lane 0 (they elected lanes 0 and 16); and
/// each membermask value is its own election (tiles: 0 and 16, where the
/// last lane's membermask gave 16 to all).
#[test]
fn elect_sync_meets_and_elects_per_membermask() {
    let split = "setp.lt.u32 %p1, %r1, 16;\n@%p1 bra A;\nelect.sync %r2|%p2, 0xffffffff;\nbra J;\n\
                 A:\nelect.sync %r2|%p2, 0xffffffff;\nJ:\nselp.u32 %r3, 1, 0, %p2;\n\
                 mul.wide.u32 %rd2, %r1, 8;\nadd.u64 %rd3, %rd1, %rd2;\nst.global.v2.u32 [%rd3], {%r2, %r3};";
    let w = warp_words(split, "32", "").unwrap();
    let want: Vec<u32> = (0..32).flat_map(|l| [0, u32::from(l == 0)]).collect();
    assert_eq!(w, want);
    let tiles = "setp.lt.u32 %p1, %r1, 16;\nselp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;\n\
                 elect.sync %r2|%p2, %r4;\nselp.u32 %r3, 1, 0, %p2;\n\
                 mul.wide.u32 %rd2, %r1, 8;\nadd.u64 %rd3, %rd1, %rd2;\nst.global.v2.u32 [%rd3], {%r2, %r3};";
    let w = warp_words(tiles, "32", "").unwrap();
    let want: Vec<u32> = (0..32u32)
        .flat_map(|l| {
            let leader = if l < 16 { 0 } else { 16 };
            [leader, u32::from(l == leader)]
        })
        .collect();
    assert_eq!(w, want);
}

/// The waiting members go on as soon as the missing ones exit, while
/// other threads still run: lane 0 waits at a ballot of lanes 0 and 1;
/// lane 1 exits elsewhere; lanes 2-31 spin until lane 0 has voted. They
/// spun to --max-steps when the waiting ones were only looked at once no
/// thread of the CTA could run (a review, 2026-11-29).
#[test]
fn a_member_that_exits_releases_the_others_while_the_warp_runs() {
    let body = ".shared .align 4 .u32 flag;\nmov.u32 %r5, 0;\nst.shared.u32 [flag], %r5;\n\
                bar.sync 0;\nsetp.eq.u32 %p0, %r1, 1;\n@%p0 bra LATE;\nsetp.ne.u32 %p1, %r1, 0;\n\
                @%p1 bra SPIN;\nvote.sync.ballot.b32 %r2, %p1, 3;\nnot.b32 %r2, %r2;\n\
                mov.u32 %r6, 1;\nst.volatile.shared.u32 [flag], %r6;\nst.global.u32 [%rd1], %r2;\nret;\n\
                SPIN:\nld.volatile.shared.u32 %r3, [flag];\nsetp.eq.u32 %p2, %r3, 0;\n@%p2 bra SPIN;\nret;\n\
                LATE:\nexit;";
    assert_eq!(
        warp_words(body, "32", "--max-steps 100000"),
        Ok(vec![!0u32])
    );
}

/// `bar.warp.sync`: "wait until all threads corresponding to membermask
/// have executed a bar.warp.sync with the same membermask value", and it
/// "also guarantee[s] memory ordering among threads participating in
/// barrier". Lanes 16-31 (the branch first in the code) wait at theirs,
/// then read what lanes 0-15 stored before theirs. It was a no-op: the
/// readers ran first and read shared memory never written.
#[test]
fn bar_warp_sync_meets_across_branches() {
    let body = ".shared .align 4 .b32 s[16];\nmov.u32 %r6, s;\nand.b32 %r5, %r1, 15;\n\
                shl.b32 %r5, %r5, 2;\nadd.u32 %r6, %r6, %r5;\nsetp.lt.u32 %p1, %r1, 16;\n@%p1 bra W;\n\
                bar.warp.sync 0xffffffff;\nld.shared.u32 %r2, [%r6];\nbra J;\n\
                W:\nadd.u32 %r3, %r1, 500;\nst.shared.u32 [%r6], %r3;\nbar.warp.sync 0xffffffff;\n\
                mov.u32 %r2, 0;\nJ:\nmul.wide.u32 %rd2, %r1, 4;\nadd.u64 %rd3, %rd1, %rd2;\n\
                st.global.u32 [%rd3], %r2;";
    let w = warp_words(body, "32", "").unwrap();
    let want: Vec<u32> = (0..32)
        .map(|l| if l < 16 { 0 } else { l - 16 + 500 })
        .collect();
    assert_eq!(w, want);
}

/// Members that never reach an instruction of the same kind, qualifiers
/// and membermask would wait for ever on a GPU: a deadlock error that says
/// where each missing member is.
#[test]
fn members_that_never_meet_are_a_deadlock() {
    let body = "setp.lt.u32 %p1, %r1, 16;\n@%p1 bra A;\n\
                vote.sync.any.pred %p2, %p1, 0xffffffff;\nbra J;\n\
                A:\nvote.sync.all.pred %p2, %p1, 0xffffffff;\nJ:";
    let e = warp_words(body, "32", "").unwrap_err();
    assert!(
        e.contains("error: deadlock: lane(s) 0-15 of a warp wait at this `vote.sync.all.pred` for the other members of membermask 0xffffffff, which never reach an instruction of its kind with the same qualifiers and membermask: lane(s) 16-31 wait at `vote.sync.any.pred` (12:1) with membermask 0xffffffff ("),
        "{e}"
    );
}

/// An mbarrier deadlock names the members of a warp collective that wait
/// for the stuck threads: lanes 0-15 arrive at an mbarrier that expects 64
/// arrivals and wait on it, so lanes 16-31 wait at `vote.sync` for them.
/// The report named only the mbarrier's waiters.
#[test]
fn an_mbarrier_deadlock_names_the_collectives_waiting_on_it() {
    let body = ".shared .b64 bar;\nsetp.eq.u32 %p3, %r1, 0;\n\
                @%p3 mbarrier.init.shared.b64 [bar], 64;\nbar.sync 0;\n\
                setp.lt.u32 %p1, %r1, 16;\n@%p1 bra A;\n\
                vote.sync.any.pred %p2, %p1, 0xffffffff;\nbra J;\n\
                A:\nmbarrier.arrive.shared.b64 %rd2, [bar];\n\
                W:\nmbarrier.try_wait.shared.b64 %p2, [bar], %rd2;\n@!%p2 bra W;\nJ:";
    let e = warp_words(body, "32", "").unwrap_err();
    assert!(
        e.contains("deadlock: 16 thread(s) wait for phase parity 0 of the mbarrier at ")
            && e.contains("(48 of 64 arrivals pending, tx-count 0) at 21:1")
            && e.contains("; 16 thread(s) wait at warp collectives (the first at 16:1); no running thread is left to arrive"),
        "{e}"
    );
}
