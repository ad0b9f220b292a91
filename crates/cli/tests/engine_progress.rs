//! Forward progress (docs/ENGINE.md "Forward progress in a warp" and
//! "Scheduling between warps and CTAs"): a lock taken by every lane of a
//! warp works on sm_70 code (independent thread scheduling) and stops at
//! `--max-steps` on sm_60 code (the SIMT deadlock of its hardware); a warp
//! that spins on a flag another warp sets lets that warp run; a group of
//! a diverged warp that runs ahead stops before a warp collective.

mod common;
use common::{fails_with, mem, run_src, u32s, words};

/// Every thread takes a lock with `atom.cas` in a loop, adds one to a
/// counter with a plain load and store, and releases the lock.
fn lock(target: &str) -> String {
    format!(
        r#".version 7.0
.target {target}
.address_size 64
.visible .entry lock(.param .u64 p)
{{
  .reg .pred %p;
  .reg .b32 %r<4>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [p];
SPIN:
  atom.global.cas.b32 %r1, [%rd1], 0, 1;
  setp.ne.u32 %p, %r1, 0;
  @%p bra SPIN;
  ld.volatile.global.u32 %r2, [%rd1+4];
  add.u32 %r2, %r2, 1;
  st.volatile.global.u32 [%rd1+4], %r2;
  membar.gl;
  atom.global.exch.b32 %r3, [%rd1], 0;
  ret;
}}
"#
    )
}

#[test]
fn a_lock_in_one_warp_is_released_on_sm_70() {
    // 2 CTAs of 96 threads, three warps each.
    let o = run_src(
        "progress_lock70.ptx",
        &lock("sm_70"),
        &[
            "--grid",
            "2",
            "--block",
            "96",
            "--set",
            "p=0x1000",
            "--mem",
            "0x1000=0000000000000000",
        ],
    );
    // The lock is free again and every one of the 192 threads counted.
    assert_eq!(u32s(&mem(&o, 0x1000, 8)), [0, 192]);
}

#[test]
fn the_same_lock_is_the_simt_deadlock_on_sm_60() {
    let o = run_src(
        "progress_lock60.ptx",
        &lock("sm_60"),
        &[
            "--block",
            "32",
            "--set",
            "p=0x1000",
            "--mem",
            "0x1000=0000000000000000",
            "--max-steps",
            "100000",
        ],
    );
    // The losers spin below the winner, which never runs again.
    fails_with(&o, |e| {
        e.contains("reached --max-steps 100000") && e.contains("progress_lock60.ptx:1")
    });
}

/// Thread 32 (warp 1) writes a value and then a flag in shared memory;
/// the threads of warp 0 spin on the flag, then store the value.
fn flag(target: &str) -> String {
    format!(
        r#".version 7.0
.target {target}
.address_size 64
.visible .entry flag(.param .u64 out)
{{
  .reg .pred %p;
  .reg .b32 %r<6>;
  .reg .b64 %rd<3>;
  .shared .u32 f;
  .shared .u32 v;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  st.shared.u32 [f], 0;
  bar.sync 0;
  setp.ne.u32 %p, %r1, 32;
  @%p bra WAIT;
  st.volatile.shared.u32 [v], 42;
  membar.cta;
  st.volatile.shared.u32 [f], 1;
WAIT:
  setp.ge.u32 %p, %r1, 32;
  @%p bra DONE;
SPIN:
  ld.volatile.shared.u32 %r2, [f];
  setp.eq.u32 %p, %r2, 0;
  @%p bra SPIN;
  ld.volatile.shared.u32 %r3, [v];
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd2, %rd1, %rd2;
  st.global.u32 [%rd2], %r3;
DONE:
  ret;
}}
"#
    )
}

#[test]
fn a_warp_that_spins_on_a_flag_lets_the_warp_that_sets_it_run() {
    // Warps take turns on every target (a GPU interleaves its warps), and
    // in a cooperative launch, whose CTA turns (64 instructions a thread)
    // are shorter than a warp's (4096): the next turn starts at the next
    // warp.
    for (target, coop) in [("sm_70", false), ("sm_60", false), ("sm_70", true)] {
        let mut args = vec!["--block", "64", "--set", "out=0x1000"];
        if coop {
            args.extend(["--cooperative", "--grid", "2", "--max-steps", "10000000"]);
        }
        let o = run_src(
            &format!("progress_flag_{target}_{coop}.ptx"),
            &flag(target),
            &args,
        );
        assert_eq!(u32s(&mem(&o, 0x1000, 128)), [42; 32], "{target} {coop}");
    }
}

#[test]
fn a_group_that_runs_ahead_waits_for_its_warp_at_a_shuffle() {
    // Lane i adds 1 to its sum (3 * i + 200) times (lane 31: 293), so the
    // lanes that leave the loop early wait at the first shuffle for far
    // more than `ITS_SLICE` (32) instructions, and get turns ahead. Then a
    // full-mask butterfly sums the 32 counts: 3 * 496 + 32 * 200 = 7888.
    // A group that ran the shuffles ahead of the others would leave a
    // partial sum (it does, with `warp_synchronous` always false).
    let src = r#".version 7.0
.target sm_80
.address_size 64
.visible .entry ahead(.param .u64 out)
{
  .reg .pred %p;
  .reg .b32 %r<12>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mad.lo.u32 %r2, %r1, 3, 200;
  mov.u32 %r3, 0;
LOOP:
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p, %r3, %r2;
  @%p bra LOOP;
  shfl.sync.bfly.b32 %r4, %r3, 16, 31, -1;
  add.u32 %r3, %r3, %r4;
  shfl.sync.bfly.b32 %r4, %r3, 8, 31, -1;
  add.u32 %r3, %r3, %r4;
  shfl.sync.bfly.b32 %r4, %r3, 4, 31, -1;
  add.u32 %r3, %r3, %r4;
  shfl.sync.bfly.b32 %r4, %r3, 2, 31, -1;
  add.u32 %r3, %r3, %r4;
  shfl.sync.bfly.b32 %r4, %r3, 1, 31, -1;
  add.u32 %r3, %r3, %r4;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd2, %rd1, %rd2;
  st.global.u32 [%rd2], %r3;
  ret;
}
"#;
    let o = run_src(
        "progress_ahead.ptx",
        src,
        &["--block", "32", "--set", "out=0x1000"],
    );
    assert_eq!(mem(&o, 0x1000, 128), words(&[7888; 32]));
}

#[test]
fn a_negative_or_wrapping_memory_address_is_refused() {
    // `-0x1000` used to wrap to 0xfffffffffffff000 (a PTX literal may be
    // negative); an offset past the top of memory wrapped to its bottom.
    let src = lock("sm_70");
    for (at, says) in [
        ("-0x1000", "the address `-0x1000` is negative"),
        ("0x1000+-4", "the offset `-4` is negative"),
        ("p+-1", "the offset `-1` is negative"),
        (
            "0xffffffffffffffff+2",
            "0xffffffffffffffff + 0x2 is past the end of the 64-bit address space",
        ),
    ] {
        let o = run_src(
            "progress_negative_mem.ptx",
            &src,
            &["--set", "p=0x1000", &format!("--mem={at}=00000000")],
        );
        fails_with(&o, |e| e.contains(&format!("--mem {at}: {says}")));
    }
}

#[test]
fn one_warp_runs_past_its_turn_and_a_long_divergent_loop_on_sm_60() {
    // One warp (no other to take turns with) runs 3 * 5000 instructions
    // in one go, past `WARP_SLICE` (4096); on sm_60 code a diverged
    // warp's streak is not counted (no independent scheduling). Both
    // counters once overflowed in a build with overflow checks.
    for target in ["sm_70", "sm_60"] {
        let src = format!(
            ".version 7.0\n.target {target}\n.address_size 64\n\
             .visible .entry k(.param .u64 out)\n{{\n\
             .reg .pred %p;\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n\
             ld.param.u64 %rd1, [out];\n\
             mov.u32 %r1, %tid.x;\n\
             mad.lo.u32 %r2, %r1, 100, 5000;\n\
             mov.u32 %r3, 0;\n\
             LOOP:\n\
             add.u32 %r3, %r3, 1;\n\
             setp.lt.u32 %p, %r3, %r2;\n\
             @%p bra LOOP;\n\
             mul.wide.u32 %rd2, %r1, 4;\n\
             add.u64 %rd2, %rd1, %rd2;\n\
             st.global.u32 [%rd2], %r3;\n\
             ret;\n}}\n"
        );
        let o = run_src(
            &format!("progress_long_{target}.ptx"),
            &src,
            &["--block", "32", "--set", "out=0x1000"],
        );
        let want: Vec<u32> = (0..32).map(|i| 5000 + 100 * i).collect();
        assert_eq!(u32s(&mem(&o, 0x1000, 128)), want, "{target}");
    }
}

/// examples/kernels/grid-sync.ptx: a grid-wide barrier as cooperative
/// groups' `grid.sync()` builds it, then each CTA's sum of what every CTA
/// wrote before it.
const GRID_BARRIER: &str = include_str!("../../../examples/kernels/grid-sync.ptx");

fn grid_barrier(name: &str, extra: &[&str]) -> std::process::Output {
    let zeros = "00".repeat(4 * 16);
    let mut args = vec![
        "--grid",
        "8",
        "--block",
        "64",
        "--set",
        "out=0x1000",
        "--set",
        "bar=0x2000",
    ];
    let out_mem = format!("0x1000={zeros}");
    args.extend(["--mem", out_mem.as_str(), "--mem", "0x2000=00000000"]);
    args.extend(extra);
    run_src(name, GRID_BARRIER, &args)
}

#[test]
fn a_grid_wide_barrier_completes_in_a_cooperative_launch() {
    let o = grid_barrier("progress_grid_coop.ptx", &["--cooperative"]);
    // Each CTA wrote its value before any read them: 1..8, then each
    // CTA's sum of all eight, 36.
    let want: Vec<u32> = (1..=8).chain([36; 8]).collect();
    assert_eq!(u32s(&mem(&o, 0x1000, 64)), want);
    assert_eq!(u32s(&mem(&o, 0x2000, 4)), [8]);
}

#[test]
fn without_cooperative_the_grid_barrier_says_what_to_do() {
    // CTAs one after another: CTA 0 waits for ever for CTA 1.
    let o = grid_barrier("progress_grid_seq.ptx", &["--max-steps", "200000"]);
    fails_with(&o, |e| {
        e.contains("reached --max-steps 200000")
            && e.contains("progress_grid_seq.ptx:3")
            && e.contains("--cooperative")
    });
}

#[test]
fn a_cooperative_grid_larger_than_a_gpu_holds_is_refused() {
    // 265 CTAs of 1024 threads: more than 132 x 2048.
    let o = run_src(
        "progress_grid_big.ptx",
        GRID_BARRIER,
        &["--cooperative", "--grid", "265", "--block", "1024"],
    );
    fails_with(&o, |e| e.contains("cudaErrorCooperativeLaunchTooLarge"));
    assert_eq!(o.status.code(), Some(2));
}

/// A barrier that cannot complete in a cooperative launch is the same
/// deadlock error as in one CTA; `--thread` reports the same registers as
/// a sequential launch of a kernel whose CTAs do not wait for each other.
#[test]
fn a_cooperative_deadlock_is_reported_and_thread_reports_agree() {
    let deadlock = r#".version 7.0
.target sm_70
.address_size 64
.visible .entry k()
{
  .reg .pred %p;
  .reg .b32 %r<2>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p, %r1, 32;
  @%p bra B;
  bar.sync 1, 64;
  bra.uni END;
B:
  bar.sync 2, 64;
END:
  ret;
}
"#;
    let o = run_src(
        "progress_coop_deadlock.ptx",
        deadlock,
        &["--cooperative", "--grid", "3", "--block", "64"],
    );
    fails_with(&o, |e| {
        e.contains("progress_coop_deadlock.ptx:11:3")
            && e.contains("deadlock: barrier 1 waits for 64 threads")
    });
    let ids = include_str!("../../../examples/kernels/thread-ids.ptx");
    let args = [
        "--grid",
        "3,2",
        "--block",
        "4,2",
        "--set",
        "out=0x1000",
        "--thread",
        "1,1@2,1",
    ];
    let seq = run_src("progress_ids_seq.ptx", ids, &args);
    let mut coop_args = args.to_vec();
    coop_args.push("--cooperative");
    let coop = run_src("progress_ids_coop.ptx", ids, &coop_args);
    assert_eq!(seq.status.code(), Some(0));
    assert_eq!(seq.stdout, coop.stdout);
    assert!(String::from_utf8_lossy(&coop.stdout).contains("%v = 0x0000083f"));
}

/// examples/kernels/cg-grid-sync.ptx: cooperative groups' `grid.sync()`
/// through the CUDA device runtime, as Numba calls it (`via_call`:
/// `cudaCGSynchronize`) and as CUDA 11 inlines it (`via_workspace`: the
/// workspace of `cudaCGGetIntrinsicHandle`, atomics and a spin). Each
/// thread reads what another CTA wrote before the barrier.
#[test]
fn cooperative_groups_grid_sync_through_the_device_runtime() {
    let src = include_str!("../../../examples/kernels/cg-grid-sync.ptx");
    let want: Vec<u32> = (1..=256).chain((1..=256).rev()).collect();
    // `entry` over 256 threads in `launch`.
    let run = |name: &str, entry: &str, launch: &[&str]| {
        let mut args = vec!["--entry", entry, "--set", "out=0x1000"];
        args.extend(launch);
        run_src(name, src, &args)
    };
    let four = ["--grid", "4", "--block", "64"];
    for entry in ["via_call", "via_workspace"] {
        let coop = [&four[..], &["--cooperative"]].concat();
        let o = run(&format!("progress_cg_{entry}.ptx"), entry, &coop);
        assert_eq!(u32s(&mem(&o, 0x1000, 2048)), want, "{entry}");
    }
    // One CTA holds the whole grid: no cooperative launch needed.
    let o = run("progress_cg_one.ptx", "via_call", &["--block", "256"]);
    assert_eq!(u32s(&mem(&o, 0x1000, 2048)), want);
    // Several CTAs one after another: the barrier's deadlock names the
    // flag that fixes it.
    let o = run("progress_cg_seq.ptx", "via_call", &four);
    fails_with(&o, |e| {
        e.contains("progress_cg_seq.ptx:85:5")
            && e.contains("wait at a grid-wide barrier (`cudaCGSynchronize`) for all 256 threads of the grid; 64 have arrived")
            && e.contains("--cooperative")
    });
}

/// examples/kernels/cg-grid-sync.ptx `multi_grid`: cooperative groups'
/// multi-grid group as CUDA 9/10 call it: `cudaCGGetSize` and
/// `cudaCGGetRank` write through pointers into the thread's local depot
/// (or not at all through a null one), and the grid of a one-device
/// launch is the whole group: size = the grid's threads, one grid, rank 0,
/// and each thread's rank is CUDA's `vec3_to_linear` order (CTA index x
/// fastest, then the thread index x fastest), worked out here by hand.
#[test]
fn cooperative_groups_multi_grid_size_and_rank() {
    let src = include_str!("../../../examples/kernels/cg-grid-sync.ptx");
    let (gx, gy, bx, by) = (3u32, 2u32, 4u32, 2u32);
    let n = gx * gy * bx * by;
    let mut want: Vec<u32> = (1..=n).collect();
    want.extend((1..=n).rev());
    want.extend((0..n).map(|_| 16));
    for r in 0..n {
        let (cta, t) = (r / (bx * by), r % (bx * by));
        let (cx, cy, tx, ty) = (cta % gx, cta / gx, t % bx, t / bx);
        want.push(tx | ty << 8 | cx << 16 | cy << 24);
    }
    want.push(n);
    let args = [
        "--entry",
        "multi_grid",
        "--cooperative",
        "--grid",
        "3,2",
        "--block",
        "4,2",
        "--set",
        "out=0x1000",
    ];
    let o = run_src("progress_cg_multi.ptx", src, &args);
    assert_eq!(u32s(&mem(&o, 0x1000, want.len() * 4)), want);

    // A misaligned out-pointer is the memory error of a store.
    let bad = src.replace("add.u64 %rd5, %SP, 8;", "add.u64 %rd5, %SP, 9;");
    let o = run_src("progress_cg_misaligned.ptx", &bad, &args);
    fails_with(&o, |e| {
        e.contains("`call cudaCGGetRank`: misaligned access: `threadRank` points to")
            && e.contains("not a multiple of 4")
    });
}
