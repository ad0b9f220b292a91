//! The execution engine through the binary: loops, calls, grids of
//! threads, barriers, warp operations and the limits, on the kernels of
//! examples/kernels. Each expected output is computed here from the
//! kernel's documented meaning (its header comment), never taken from
//! ptxfp: the bytes are compared exactly.

use std::path::PathBuf;
use std::process::{Command, Output};

fn kernel(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/kernels")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .output()
        .unwrap()
}

fn out(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `mem[A..B] = xx xx ...` of `bytes` at `addr`, as `ptxfp run` prints a run.
fn mem_line(addr: u64, bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "mem[{addr:#x}..{:#x}] = {}\n",
        addr + bytes.len() as u64,
        hex.join(" ")
    )
}

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A backward branch: 1 + ... + 100 = 5050.
#[test]
fn a_loop_sums_one_to_a_hundred() {
    let o = ptxfp(&["run", &kernel("sum-loop.ptx"), "--set", "out=0x1000"]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let want = format!(
        "%p = 0x0  pred false\n%i = 0x00000065  u32 101\n%s = 0x000013ba  u32 5050\n%a = 0x0000000000001000  u64 4096\n{}",
        mem_line(0x1000, &words(&[(1..=100).sum()]))
    );
    assert_eq!(stdout, want);
}

/// A recursive `.func` with `.param` arguments: 10! and 1! (the base case).
#[test]
fn a_recursive_func_computes_factorials() {
    for n in [10u32, 1, 12] {
        let o = ptxfp(&[
            "run",
            &kernel("factorial.ptx"),
            "--set",
            "out=0x1000",
            "--set",
            &format!("n={n}"),
        ]);
        let (stdout, stderr) = out(&o);
        assert_eq!(o.status.code(), Some(0), "{stderr}");
        let f: u32 = (1..=n).product();
        assert!(
            stdout.ends_with(&mem_line(0x1000, &words(&[f]))),
            "{n}: {stdout}"
        );
    }
}

/// Recursion past the depth limit is an error at the `call`, not a hang.
#[test]
fn recursion_too_deep_is_an_error() {
    let o = ptxfp(&[
        "run",
        &kernel("factorial.ptx"),
        "--set",
        "out=0x1000",
        "--set",
        "n=5000",
    ]);
    let (_, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("factorial.ptx:23:9: error: `call fact`: more than 1024 calls are nested"),
        "{stderr}"
    );
}

/// Each thread of a 3x2 grid of 4x2 CTAs writes its id; the expected
/// array is built here from the kernel's formula.
#[test]
fn a_grid_writes_ids_from_tid_and_ctaid() {
    let (gx, gy, bx, by) = (3u32, 2u32, 4u32, 2u32);
    let mut want = vec![0u32; (gx * gy * bx * by) as usize];
    for cy in 0..gy {
        for cx in 0..gx {
            for ty in 0..by {
                for tx in 0..bx {
                    let i = ((cy * gx + cx) * by + ty) * bx + tx;
                    want[i as usize] = cx * 1000 + cy * 100 + tx * 10 + ty;
                }
            }
        }
    }
    let o = ptxfp(&[
        "run",
        &kernel("thread-ids.ptx"),
        "--grid",
        "3,2",
        "--block",
        "4,2",
        "--set",
        "out=0x1000",
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout, mem_line(0x1000, &words(&want)));
}

/// Two warps exchange data through shared memory across `bar.sync`.
#[test]
fn bar_sync_orders_a_shared_memory_reversal() {
    let input: Vec<u32> = (0..64).map(|i| 7 * i + 3).collect();
    let hex: String = words(&input).iter().map(|b| format!("{b:02x}")).collect();
    let o = ptxfp(&[
        "run",
        &kernel("shared-reverse.ptx"),
        "--block",
        "64",
        "--set",
        "in=0x1000",
        "--set",
        "out=0x2000",
        "--mem",
        &format!("0x1000={hex}"),
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let want: Vec<u32> = (0..64).map(|t| input[63 - t]).collect();
    assert_eq!(stdout, mem_line(0x2000, &words(&want)));
}

/// Threads leave a loop one by one and run together again after it.
#[test]
fn a_divergent_loop_reconverges() {
    let o = ptxfp(&[
        "run",
        &kernel("divergent-loop.ptx"),
        "--block",
        "32",
        "--set",
        "out=0x1000",
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let want: Vec<u32> = (0..32u32)
        .flat_map(|t| [t * (t + 1) / 2, u32::MAX])
        .collect();
    assert_eq!(stdout, mem_line(0x1000, &words(&want)));
}

/// A butterfly reduction with shfl.sync and a ballot with vote.sync.
#[test]
fn shfl_reduces_and_vote_ballots_a_warp() {
    let o = ptxfp(&[
        "run",
        &kernel("warp-reduce.ptx"),
        "--block",
        "32",
        "--set",
        "out=0x1000",
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let sum: u32 = (1..=32).sum();
    let ballot: u32 = (0..32).filter(|t| t % 2 == 1).map(|t| 1u32 << t).sum();
    let want: Vec<u32> = (0..32).flat_map(|_| [sum, ballot]).collect();
    assert_eq!(stdout, mem_line(0x1000, &words(&want)));
}

/// `shfl` and `vote` without `.sync` (PTX ISA 3.0 to 6.3): the PTX ISA's
/// scan, reverse scan and butterfly examples, `shfl.idx` in segments, a
/// ballot; and the error ptxas gives for them from PTX ISA 6.4 on sm_70.
#[test]
fn shfl_and_vote_without_sync_run_where_the_isa_has_them() {
    let o = ptxfp(&[
        "run",
        &kernel("warp-scan-legacy.ptx"),
        "--block",
        "32",
        "--set",
        "out=0x1000",
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let want: Vec<u32> = (0..32u32)
        .flat_map(|t| {
            [
                (t * (t + 1) / 2) as f32,
                (496 - t * t.saturating_sub(1) / 2) as f32,
                496.0,
            ]
            .map(f32::to_bits)
            .into_iter()
            .chain([(t & 24) | 5, 0xfff0_0000])
        })
        .collect();
    assert_eq!(stdout, mem_line(0x1000, &words(&want)));

    let o = ptxfp(&[
        "run",
        &kernel("warp-scan-legacy.ptx"),
        "--ptx",
        "6.4",
        "--target",
        "sm_70",
        "--block",
        "32",
        "--set",
        "out=0x1000",
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.contains("warp-scan-legacy.ptx:31:5: error: `shfl.up.b32` (without .sync) is not supported on sm_70 or higher from PTX ISA 6.4; the module is 6.4 for sm_70"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: `vote.ballot.b32` (without .sync)"),
        "{stderr}"
    );
    assert_eq!(stderr.matches("(without .sync)").count(), 17, "{stderr}");
}

/// An endless loop stops at --max-steps with the thread and the line.
#[test]
fn max_steps_stops_an_endless_loop() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("spin.ptx");
    std::fs::write(
        &f,
        ".version 7.0\n.target sm_70\n.entry spin()\n{\n.reg .u32 %r; .reg .pred %p;\nmov.u32 %r, 0;\nL:\nadd.u32 %r, %r, 1;\nsetp.ne.u32 %p, %r, 0;\n@%p bra L;\n}\n",
    )
    .unwrap();
    let o = ptxfp(&[
        "run",
        f.to_str().unwrap(),
        "--block",
        "40",
        "--max-steps",
        "1000",
    ]);
    let (_, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    // Warp 0 (threads 0-31) runs until it waits or ends, here for 2^32
    // trips: mov (32 steps), then rounds of add, setp and bra (96 steps
    // each). After 10 rounds 32 + 10 * 96 = 992 steps ran; the add of
    // round 11 takes steps 993 to 1000 for threads 0 to 7, and thread 8 is
    // the one the limit stops.
    assert!(
        stderr.contains("spin.ptx:8:1: error: the run reached --max-steps 1000 thread-instructions: thread (8,0,0) of CTA (0,0,0) was about to run this line"),
        "{stderr}"
    );
}

/// Threads waiting at different barriers: a deadlock error, not a hang.
#[test]
fn a_barrier_that_cannot_complete_is_a_deadlock_error() {
    let o = ptxfp(&["run", &kernel("deadlock.ptx"), "--block", "64"]);
    let (_, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("deadlock.ptx:19:5: error: deadlock: barrier 0 waits for 64 threads but only 32 of the CTA's 64 running threads reach it (thread (0,0,0) of CTA (0,0,0) is one); 32 thread(s) wait at barrier 1 (22:5)"),
        "{stderr}"
    );
}

/// A launch a GPU refuses is an input error.
#[test]
fn bad_launches_are_refused() {
    for (args, want) in [
        (vec!["--block", "1025"], "a CTA has at most 1024"),
        (vec!["--block", "0"], "at least 1"),
        (vec!["--grid", "1,2,3,4"], "at most three dimensions"),
    ] {
        let mut a = vec!["run".to_string(), kernel("sum-loop.ptx")];
        a.extend(args.iter().map(|s| s.to_string()));
        a.extend(["--set".to_string(), "out=0x1000".to_string()]);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let o = ptxfp(&a);
        let (_, stderr) = out(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(want), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// The same launch gives the same trace, thread by thread.
#[test]
fn runs_are_deterministic() {
    let args = [
        "run",
        &kernel("divergent-loop.ptx"),
        "--block",
        "32",
        "--set",
        "out=0x1000",
        "--trace",
    ];
    let a = ptxfp(&args);
    let b = ptxfp(&args);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let (stdout, _) = out(&a);
    assert!(
        stdout.contains("[cta 0,0,0 tid 31,0,0] activemask.b32 %m  [] -> 0xffffffff"),
        "{stdout}"
    );
}

/// Atomics from four warps of two CTAs: a counter whose old values are
/// each index once, max, min, and an f32 sum exact in any order.
#[test]
fn atomics_from_many_warps() {
    let zeros = "00".repeat(16 + 4 * 128);
    let o = ptxfp(&[
        "run",
        &kernel("atomics.ptx"),
        "--grid",
        "2",
        "--block",
        "64",
        "--set",
        "out=0x1000",
        "--mem",
        &format!("0x1000={zeros}"),
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let hex = stdout
        .strip_prefix("mem[0x1000..0x1210] = ")
        .and_then(|s| s.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("{stdout}"));
    let bytes: Vec<u8> = hex
        .split(' ')
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect();
    let w: Vec<u32> = bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(w[0], 128);
    assert_eq!(w[1] as i32, 63 - 40);
    assert_eq!(w[2] as i32, 40 - 63);
    assert_eq!(w[3], (128.0f32 * 0.5).to_bits());
    let mut olds = w[4..].to_vec();
    olds.sort_unstable();
    assert_eq!(olds, (0..128).collect::<Vec<u32>>());
}

/// The fast path (plain runs) and the per-instruction functions (forced by
/// `--contract`) write the same bytes.
#[test]
fn fast_and_general_paths_agree() {
    let cases: &[(&str, &[&str])] = &[
        ("fma-chain.ptx", &["--grid", "2", "--block", "40"]),
        ("thread-ids.ptx", &["--grid", "3,2", "--block", "4,2"]),
        ("divergent-loop.ptx", &["--block", "32"]),
        ("warp-reduce.ptx", &["--block", "32"]),
        ("sum-loop.ptx", &[]),
    ];
    for (file, launch) in cases {
        let k = kernel(file);
        let mut args = vec!["run", k.as_str(), "--set", "out=0x1000"];
        args.extend_from_slice(launch);
        let fast = ptxfp(&args);
        args.push("--contract");
        let general = ptxfp(&args);
        let mem = |o: &Output| -> Vec<String> {
            out(o)
                .0
                .lines()
                .filter(|l| l.starts_with("mem["))
                .map(String::from)
                .collect()
        };
        assert_eq!(fast.status.code(), Some(0), "{file}: {}", out(&fast).1);
        assert_eq!(
            general.status.code(),
            Some(0),
            "{file}: {}",
            out(&general).1
        );
        assert!(!mem(&fast).is_empty(), "{file}");
        assert_eq!(mem(&fast), mem(&general), "{file}");
    }
}

/// nvcc's shared-memory tree reduction: a barrier inside a loop whose
/// threads diverge around the add each round; one sum per CTA.
#[test]
fn a_block_reduction_with_barriers_in_a_loop() {
    let (grid, block) = (2u32, 128u32);
    let input: Vec<u32> = (0..grid * block).map(|i| 3 * i + 1).collect();
    let hex: String = words(&input).iter().map(|b| format!("{b:02x}")).collect();
    let o = ptxfp(&[
        "run",
        &kernel("block-reduce.ptx"),
        "--grid",
        "2",
        "--block",
        "128",
        "--set",
        "in=0x1000",
        "--set",
        "out=0x2000",
        "--mem",
        &format!("0x1000={hex}"),
    ]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let sums: Vec<u32> = input
        .chunks(block as usize)
        .map(|c| c.iter().sum())
        .collect();
    assert_eq!(stdout, mem_line(0x2000, &words(&sums)));
}

/// `--thread` prints one thread's registers as it ended: thread 5 of the
/// divergent loop summed 1..5 = 15 and stored at out + 5 * 8.
#[test]
fn thread_shows_one_threads_registers() {
    let k = kernel("divergent-loop.ptx");
    let base = ["run", k.as_str(), "--block", "32", "--set", "out=0x1000"];
    let mut args = base.to_vec();
    args.extend(["--thread", "5"]);
    let o = ptxfp(&args);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.starts_with("%p = 0x1  pred true\n%t = 0x00000005  u32 5\n%i = 0x00000005  u32 5\n%s = 0x0000000f  u32 15\n%m = 0xffffffff  u32 4294967295\n%a = 0x0000000000001028  u64 4136\n"),
        "{stdout}"
    );
    let mut args = base.to_vec();
    args.extend(["--thread", "5@1"]);
    let o = ptxfp(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(out(&o).1.contains(
        "--thread 5,0,0@1,0,0: the launch has %tid below (32,1,1) and %ctaid below (1,1,1)"
    ));
}

/// `--check-memory` reports a load of memory never given, naming the
/// thread, the line and the address, and goes on reading zeros; without it
/// the first one stops the run.
#[test]
fn check_memory_reports_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("cm.ptx");
    std::fs::write(
        &f,
        ".version 7.0\n.target sm_70\n.entry k(.param .u64 p)\n{\n.reg .u64 %a, %o;\n.reg .u32 %t, %v;\nld.param.u64 %a, [p];\nmov.u32 %t, %tid.x;\nmul.wide.u32 %o, %t, 4;\nadd.u64 %a, %a, %o;\nld.global.u32 %v, [%a];\nadd.u32 %v, %v, 1;\nst.global.u32 [%a], %v;\n}\n",
    )
    .unwrap();
    let base = [
        "run",
        f.to_str().unwrap(),
        "--block",
        "3",
        "--set",
        "p=0x1000",
        "--mem",
        "0x1000=05000000",
    ];
    let o = ptxfp(&base);
    let (_, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr.contains("cm.ptx:11:19: error: `ld.global.u32` reads 4 bytes at 0x1004, but memory at 0x1004 was never given or written (thread (1,0,0) of CTA (0,0,0))"), "{stderr}");
    let mut args = base.to_vec();
    args.push("--check-memory");
    let o = ptxfp(&args);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    // Thread 0 read 5 and wrote 6; threads 1 and 2 read zeros and wrote 1.
    assert_eq!(stdout, mem_line(0x1000, &words(&[6, 1, 1])));
    for (t, a) in [(1, "0x1004"), (2, "0x1008")] {
        let want = format!("cm.ptx:11:19: warning: `ld.global.u32` reads 4 bytes at {a}, but memory at {a} was never given or written (thread ({t},0,0) of CTA (0,0,0)); --check-memory goes on, reading zeros");
        assert!(stderr.contains(&want), "{stderr}");
    }
}

/// input-sum.ptx over a 16 MiB input given by `--mem-file` (kept in one
/// block of pages): 32 threads, each summing its column of 256 rows, two
/// passes, of an input whose u32 at byte `o` is `o / 4` (row `r`, column
/// `i`: `r * 16384 + i`). The sums are worked out here: twice
/// `sum over r of (r * 16384 + i)`, mod 2^32.
#[test]
fn input_sum_reads_a_large_input_in_one_block() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("in.bin");
    let bytes: Vec<u8> = (0..(16u32 << 20) / 4)
        .flat_map(|w| w.to_le_bytes())
        .collect();
    std::fs::write(&bin, &bytes).unwrap();
    let file = format!("input={}", bin.display());
    let o = ptxfp(&[
        "run",
        &kernel("input-sum.ptx"),
        "--grid",
        "1",
        "--block",
        "32",
        "--set",
        "passes=2",
        "--set",
        "out=0x1000",
        "--mem-file",
        &file,
    ]);
    let (stdout, stderr) = out(&o);
    assert!(o.status.success(), "{stderr}");
    let want: Vec<u8> = (0..32u64)
        .flat_map(|i| {
            let s: u64 = (0..256u64).map(|r| r * 16384 + i).sum();
            ((2 * s) as u32).to_le_bytes()
        })
        .collect();
    assert_eq!(stdout, mem_line(0x1000, &want), "{stderr}");
}
