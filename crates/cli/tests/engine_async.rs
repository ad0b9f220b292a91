//! `mbarrier`, the bulk copies and the cluster instructions through the
//! binary (docs/ENGINE.md "mbarrier", "cp.async.bulk", "Clusters"):
//! producer/consumer kernels in the shapes nvcc gives `cuda::barrier`
//! (arrive, then a `test_wait` or `try_wait` loop), `cuda::pipeline`
//! (`cp.async` + `cp.async.mbarrier.arrive.noinc`) and TMA-less bulk copies
//! (`mbarrier.arrive.expect_tx` + `cp.async.bulk`), written for these tests.
//!
//! Every expected output is computed here from the inputs by plain Rust
//! arithmetic (what the kernel's CUDA source computes), never taken from
//! ptxfp's output; error texts are the rules of the PTX ISA the message
//! states.

use std::path::PathBuf;

fn kernel(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/kernels")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

mod common;
use common::{fails_with, hex, lcg, mem, ptxfp, run_src, text, words};

/// examples/kernels/mbarrier-pipeline.ptx: two stages, six chunks, so each
/// of full[0], full[1], empty[0], empty[1] goes through several phases
/// and the parities flip (0, 1, 0 on full[0]); the consumers wait on a
/// phase the producer warp completes (warp 0 runs first and suspends), the
/// producer on phases warp 0 completes. out[t] = sum over i of in[32i + t].
#[test]
fn bulk_copy_pipeline_flips_parity_over_six_chunks() {
    let n = 6;
    let input = lcg(32 * n, 7);
    let want: Vec<u32> = (0..32)
        .map(|t| (0..n).fold(0u32, |s, i| s.wrapping_add(input[32 * i + t])))
        .collect();
    let mem_arg = format!("0x1000={}", hex(&words(&input)));
    let n_arg = format!("n={n}");
    let o = ptxfp(&[
        "run",
        &kernel("mbarrier-pipeline.ptx"),
        "--block",
        "64",
        "--set",
        "in=0x1000",
        "--set",
        "out=0x4000",
        "--set",
        &n_arg,
        "--mem",
        &mem_arg,
    ]);
    assert_eq!(mem(&o, 0x4000, 128), words(&want));
    // The header's own example: in[k] = k, four chunks: 192 + 4t.
    let ramp: Vec<u32> = (0..128).collect();
    let o = ptxfp(&[
        "run",
        &kernel("mbarrier-pipeline.ptx"),
        "--block",
        "64",
        "--set",
        "in=0x1000",
        "--set",
        "out=0x2000",
        "--set",
        "n=4",
        "--mem",
        &format!("0x1000={}", hex(&words(&ramp))),
    ]);
    let want: Vec<u32> = (0..32).map(|t| 192 + 4 * t).collect();
    assert_eq!(mem(&o, 0x2000, 128), words(&want));
}

/// `cuda::barrier<thread_scope_block>` as nvcc compiles it for sm_80:
/// `bar.arrive()` is `mbarrier.arrive.shared.b64 state, [bar]` and
/// `bar.wait(std::move(state))` a loop on `mbarrier.test_wait.shared.b64`
/// (non-blocking: a failed test yields to the other warps). 128 threads,
/// K rounds of two phases each (write, barrier, read the neighbour's word,
/// barrier): 2K phases, the parity flipping each time.
/// CUDA: for k in 0..K { s[t] = in[t] * (k + 1) + k; bar.wait(bar.arrive());
/// acc += s[(t + 1) % 128]; bar.wait(bar.arrive()); } out[t] = acc;
const BARRIER_ROUNDS: &str = r#".version 7.0
.target sm_80
.address_size 64
.visible .entry rounds(.param .u64 in, .param .u64 out, .param .u32 k)
{
    .shared .align 8 .b64 bar;
    .shared .align 4 .b32 s[128];
    .reg .pred %p<4>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [k];
    mov.u32 %r2, %tid.x;
    mov.u64 %rd3, bar;
    setp.ne.s32 %p1, %r2, 0;
    @%p1 bra $L__init;
    mbarrier.init.shared.b64 [%rd3], 128;
$L__init:
    bar.sync 0;
    mul.wide.u32 %rd4, %r2, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r3, [%rd5];
    mov.u64 %rd6, s;
    add.s64 %rd7, %rd6, %rd4;
    add.s32 %r4, %r2, 1;
    and.b32 %r4, %r4, 127;
    mul.wide.u32 %rd8, %r4, 4;
    add.s64 %rd8, %rd6, %rd8;
    mov.u32 %r5, 0;
    mov.u32 %r6, 0;
$L__round:
    setp.ge.u32 %p2, %r5, %r1;
    @%p2 bra $L__end;
    add.s32 %r7, %r5, 1;
    mul.lo.s32 %r8, %r3, %r7;
    add.s32 %r8, %r8, %r5;
    st.shared.u32 [%rd7], %r8;
    mbarrier.arrive.shared.b64 %rd9, [%rd3];
$L__wait1:
    mbarrier.test_wait.shared.b64 %p3, [%rd3], %rd9;
    @!%p3 bra $L__wait1;
    ld.shared.u32 %r9, [%rd8];
    add.s32 %r6, %r6, %r9;
    mbarrier.arrive.shared.b64 %rd10, [%rd3];
$L__wait2:
    mbarrier.test_wait.shared.b64 %p3, [%rd3], %rd10;
    @!%p3 bra $L__wait2;
    add.s32 %r5, %r5, 1;
    bra.uni $L__round;
$L__end:
    add.s64 %rd11, %rd2, %rd4;
    st.global.u32 [%rd11], %r6;
    ret;
}
"#;

#[test]
fn cuda_barrier_rounds_with_test_wait() {
    let k = 5u32;
    let input = lcg(128, 11);
    let want: Vec<u32> = (0..128)
        .map(|t| {
            let nb = input[(t + 1) % 128];
            (0..k).fold(0u32, |acc, r| {
                acc.wrapping_add(nb.wrapping_mul(r + 1).wrapping_add(r))
            })
        })
        .collect();
    let o = run_src(
        "rounds.ptx",
        BARRIER_ROUNDS,
        &[
            "--block",
            "128",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x2000",
            "--set",
            &format!("k={k}"),
            "--mem",
            &format!("0x1000={}", hex(&words(&input))),
        ],
    );
    assert_eq!(mem(&o, 0x2000, 512), words(&want));
}

/// Arrival counts, with only some warps arriving (PTX ISA 7.8, sm_90):
/// expected count 65. Thread 0 arrives first with `.noComplete` (count 1)
/// and reads the pending count its state gives (65 - 1 = 64); lane 0 of
/// warp 1 arrives with `arrive_drop` and count 32 into the sink `_` (so
/// the next phase expects 65 - 32 = 33); warp 2's 32 threads each store
/// `2 * in[t]` and arrive; warp 3 never arrives. Warp 0 waits on the phase
/// (try_wait.parity 0), reads warp 2's words, and thread 0 then arrives
/// once more with `.noComplete` in the next phase: 33 - 1 = 32 pending.
/// out[t] = s[64 + t] + 64 for t < 32; out[32] = 32.
const ARRIVE_COUNTS: &str = r#".version 7.8
.target sm_90
.address_size 64
.visible .entry counts(.param .u64 in, .param .u64 out)
{
    .shared .align 8 .b64 bar;
    .shared .align 4 .b32 s[128];
    .reg .pred %p<4>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, bar;
    mov.u32 %r4, s;
    setp.ne.s32 %p1, %r2, 0;
    @%p1 bra $L__init;
    mbarrier.init.shared::cta.b64 [%r3], 65;
$L__init:
    bar.sync 0;
    shr.u32 %r5, %r2, 5;
    setp.eq.s32 %p1, %r5, 0;
    @%p1 bra $L__warp0;
    setp.eq.s32 %p1, %r5, 1;
    @%p1 bra $L__warp1;
    setp.eq.s32 %p1, %r5, 2;
    @%p1 bra $L__warp2;
    ret;
$L__warp1:
    setp.ne.s32 %p1, %r2, 32;
    @%p1 bra $L__exit;
    mbarrier.arrive_drop.shared::cta.b64 _, [%r3], 32;
$L__exit:
    ret;
$L__warp2:
    sub.s32 %r6, %r2, 64;
    mul.wide.u32 %rd3, %r6, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r7, [%rd4];
    shl.b32 %r7, %r7, 1;
    shl.b32 %r8, %r2, 2;
    add.s32 %r8, %r4, %r8;
    st.shared.u32 [%r8], %r7;
    mbarrier.arrive.shared::cta.b64 %rd5, [%r3];
    ret;
$L__warp0:
    setp.ne.s32 %p2, %r2, 0;
    mov.u32 %r9, 0;
    @%p2 bra $L__wait;
    mbarrier.arrive.noComplete.shared::cta.b64 %rd6, [%r3], 1;
    mbarrier.pending_count.b64 %r9, %rd6;
$L__wait:
    mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r3], 0;
    @!%p3 bra $L__wait;
    add.s32 %r10, %r2, 64;
    shl.b32 %r10, %r10, 2;
    add.s32 %r10, %r4, %r10;
    ld.shared.u32 %r11, [%r10];
    shfl.sync.idx.b32 %r12, %r9, 0, 31, -1;
    add.s32 %r11, %r11, %r12;
    mul.wide.u32 %rd7, %r2, 4;
    add.s64 %rd8, %rd2, %rd7;
    st.global.u32 [%rd8], %r11;
    @%p2 bra $L__done;
    mbarrier.arrive.noComplete.shared::cta.b64 %rd9, [%r3], 1;
    mbarrier.pending_count.b64 %r13, %rd9;
    st.global.u32 [%rd2+128], %r13;
$L__done:
    ret;
}
"#;

#[test]
fn arrival_counts_with_some_warps_arriving() {
    let input = lcg(32, 3);
    let mut want: Vec<u32> = input
        .iter()
        .map(|v| v.wrapping_mul(2).wrapping_add(65 - 1))
        .collect();
    want.push(65 - 32 - 1);
    let o = run_src(
        "counts.ptx",
        ARRIVE_COUNTS,
        &[
            "--block",
            "128",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x2000",
            "--mem",
            &format!("0x1000={}", hex(&words(&input))),
        ],
    );
    assert_eq!(mem(&o, 0x2000, 33 * 4), words(&want));
}

/// One phase completed by bytes, not arrivals: `mbarrier.expect_tx` and a
/// bulk copy before the arrival (the tx-count goes through zero from
/// below: complete_tx first), an explicit `mbarrier.complete_tx`, then
/// `cp.async.bulk` back to global memory (a bulk_group, committed and
/// waited with `.read`) and `cp.reduce.async.bulk .add.u32` into a second
/// global buffer. CUDA: 64 bytes staged; out = in; acc[i] += in[i].
const EXPECT_TX: &str = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry tx(.param .u64 in, .param .u64 out, .param .u64 acc)
{
    .shared .align 8 .b64 bar;
    .shared .align 16 .b8 buf[64];
    .reg .pred %p<4>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u64 %rd3, [acc];
    mov.u32 %r1, bar;
    mov.u32 %r2, buf;
    mbarrier.init.shared::cta.b64 [%r1], 1;
    fence.proxy.async.shared::cta;
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], 48, [%r1];
    mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%r1], 16;
    mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 %rd4, [%r1], 48;
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2+48], [%rd1+48], 16, [%r1];
    mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;
    selp.u32 %r3, 1, 0, %p1;
    mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%r1], 0;
    cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 64;
    cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd3], [%r2], 64;
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group.read 0;
    st.global.u32 [%rd2+64], %r3;
    ret;
}
"#;

#[test]
fn expect_tx_and_bulk_copies_complete_a_phase() {
    let input = lcg(16, 5);
    let acc0 = lcg(16, 9);
    let mut want = input.clone();
    want.push(1); // test_wait saw the phase complete
    let want_acc: Vec<u32> = acc0
        .iter()
        .zip(&input)
        .map(|(a, b)| a.wrapping_add(*b))
        .collect();
    let o = run_src(
        "tx.ptx",
        EXPECT_TX,
        &[
            "--set",
            "in=0x1000",
            "--set",
            "out=0x2000",
            "--set",
            "acc=0x3000",
            "--mem",
            &format!("0x1000={}", hex(&words(&input))),
            "--mem",
            &format!("0x3000={}", hex(&words(&acc0))),
        ],
    );
    assert_eq!(mem(&o, 0x2000, 68), words(&want));
    assert_eq!(mem(&o, 0x3000, 64), words(&want_acc));
    // --check-memory: the output nowhere given, the bulk copy into it is
    // reported once for its 64 bytes, and the store after it, past what
    // the copy wrote; given 64 bytes, only the store; given 68, nothing.
    for (given, reports) in [(0, 2), (64, 1), (68, 0)] {
        let out = format!("0x2000={}", "00".repeat(given));
        let mut args = vec![
            "--set".to_string(),
            "in=0x1000".into(),
            "--set".into(),
            "out=0x2000".into(),
            "--set".into(),
            "acc=0x3000".into(),
            "--mem".into(),
            format!("0x1000={}", hex(&words(&input))),
            "--mem".into(),
            format!("0x3000={}", hex(&words(&acc0))),
            "--check-memory".into(),
        ];
        if given > 0 {
            args.extend(["--mem".into(), out]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run_src(&format!("tx{given}.ptx"), EXPECT_TX, &args);
        let stderr = String::from_utf8_lossy(&o.stderr);
        let warned: Vec<&str> = stderr
            .lines()
            .filter(|l| l.contains("is in no --mem region"))
            .collect();
        assert_eq!(warned.len(), reports, "{stderr}");
        if given == 0 {
            assert!(
                warned[0].contains(
                    "`cp.async.bulk.global.shared::cta.bulk_group` writes 64 bytes at 0x2000"
                ),
                "{stderr}"
            );
        }
        if reports > 0 {
            assert!(
                warned[reports - 1].contains("`st.global.u32` writes 4 bytes at 0x2040"),
                "{stderr}"
            );
        }
        assert_eq!(mem(&o, 0x2000, 68), words(&want));
    }
}

/// `cuda::pipeline`-style staging for sm_80: each of 32 threads copies 16
/// bytes with `cp.async`, then `cp.async.mbarrier.arrive.noinc` makes the
/// mbarrier (count 32) track them; the threads wait on the phase and read
/// another thread's words: out[t] = in[4(31 - t) + j] summed over j.
const PIPELINE_NOINC: &str = r#".version 7.1
.target sm_80
.address_size 64
.visible .entry noinc(.param .u64 in, .param .u64 out)
{
    .shared .align 8 .b64 bar;
    .shared .align 16 .b32 s[128];
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u64 %rd3, bar;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra $L__init;
    mbarrier.init.shared.b64 [%rd3], 32;
$L__init:
    bar.sync 0;
    mul.wide.u32 %rd4, %r1, 16;
    add.s64 %rd5, %rd1, %rd4;
    mov.u64 %rd6, s;
    add.s64 %rd7, %rd6, %rd4;
    cp.async.cg.shared.global [%rd7], [%rd5], 16;
    cp.async.mbarrier.arrive.noinc.shared.b64 [%rd3];
$L__wait:
    mbarrier.test_wait.parity.shared.b64 %p2, [%rd3], 0;
    @!%p2 bra $L__wait;
    sub.u32 %r2, 31, %r1;
    mul.wide.u32 %rd8, %r2, 16;
    add.s64 %rd8, %rd6, %rd8;
    ld.shared.v4.u32 {%r3, %r4, %r5, %r6}, [%rd8];
    add.s32 %r3, %r3, %r4;
    add.s32 %r3, %r3, %r5;
    add.s32 %r3, %r3, %r6;
    mul.wide.u32 %rd9, %r1, 4;
    add.s64 %rd9, %rd2, %rd9;
    st.global.u32 [%rd9], %r3;
    ret;
}
"#;

#[test]
fn cp_async_mbarrier_arrive_noinc_completes_the_phase() {
    let input = lcg(128, 21);
    let want: Vec<u32> = (0..32)
        .map(|t| (0..4).fold(0u32, |s, j| s.wrapping_add(input[4 * (31 - t) + j])))
        .collect();
    let o = run_src(
        "noinc.ptx",
        PIPELINE_NOINC,
        &[
            "--block",
            "32",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x2000",
            "--mem",
            &format!("0x1000={}", hex(&words(&input))),
        ],
    );
    assert_eq!(mem(&o, 0x2000, 128), words(&want));
}

/// A phase that expects 33 arrivals gets 32: the wait can never end. The
/// run stops at once (not at --max-steps) with exit code 2 and a deadlock
/// error at the wait's line that names the object's state and a thread;
/// with a polling `test_wait` loop too.
#[test]
fn a_wait_that_never_completes_is_a_deadlock() {
    for (wait, line_col, what) in [
        (
            "mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;",
            "14:1",
            "wait for phase parity 0",
        ),
        (
            "mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r2], 0;",
            "14:1",
            "poll (test_wait) phase parity 0",
        ),
    ] {
        let src = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{{\n\
             .shared .align 8 .b64 bar;\n.reg .pred %p<4>;\n.reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n\
             mov.u32 %r2, bar;\nmbarrier.init.shared::cta.b64 [%r2], 33;\n\
             mbarrier.arrive.shared::cta.b64 %rd1, [%r2];\nWAIT:\n{wait}\n@!%p2 bra WAIT;\nret;\n}}\n"
        );
        // Every thread inits (the same object, before any arrives: warp 0
        // runs its instructions together).
        let o = run_src(
            "deadlock.ptx",
            &src,
            &["--block", "32", "--max-steps", "100000000"],
        );
        let (stdout, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{stdout}{stderr}");
        assert!(stderr.contains(&format!("deadlock.ptx:{line_col}: error: deadlock: 32 thread(s) {what} of the mbarrier at 0x")), "{stderr}");
        assert!(
            stderr.contains("1 of 33 arrivals pending") || stderr.contains("arrivals pending"),
            "{stderr}"
        );
        assert!(
            stderr.contains("thread (0,0,0) of CTA (0,0,0) is one"),
            "{stderr}"
        );
        assert!(!stderr.contains("max-steps"), "{stderr}");
    }
}

/// PTX ISA cp.async.bulk: the size "must be a multiple of 16" and the
/// addresses "aligned to 16 bytes": errors at the operand, exit code 2.
#[test]
fn misaligned_or_odd_sized_bulk_copies_are_errors() {
    let opcode = "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes ";
    for (copy, at, what) in [
        ("[%r2], [%rd1], 40, [%r1]", "40", "size 40"),
        (
            "[%r2+8], [%rd1], 32, [%r1]",
            "[%r2+8]",
            "misaligned bulk copy",
        ),
        ("[%r2], [%rd2], 32, [%r1]", "[%rd2]", "misaligned bulk copy"),
    ] {
        let col = opcode.len() + copy.find(at).unwrap() + 1;
        let src = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 in)\n{{\n\
             .shared .align 8 .b64 bar;\n.shared .align 16 .b8 buf[64];\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n\
             ld.param.u64 %rd1, [in];\nadd.s64 %rd2, %rd1, 4;\nmov.u32 %r1, bar;\nmov.u32 %r2, buf;\n\
             mbarrier.init.shared::cta.b64 [%r1], 1;\n\
             {opcode}{copy};\nret;\n}}\n"
        );
        let o = run_src(
            "bulk.ptx",
            &src,
            &[
                "--set",
                "in=0x1000",
                "--mem",
                &format!("0x1000={}", "00".repeat(64)),
            ],
        );
        let (stdout, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{stdout}{stderr}");
        assert!(
            stderr.contains(&format!("bulk.ptx:15:{col}: error: {what}")),
            "{col} {stderr}"
        );
    }
}

/// The same launch twice: the same bytes, the same trace.
#[test]
fn runs_are_deterministic() {
    let input = lcg(128, 1);
    let args = [
        "run",
        &kernel("mbarrier-pipeline.ptx"),
        "--block",
        "64",
        "--set",
        "in=0x1000",
        "--set",
        "out=0x2000",
        "--set",
        "n=4",
        "--mem",
        &format!("0x1000={}", hex(&words(&input))),
        "--trace",
        "--json",
    ];
    let a = ptxfp(&args);
    let b = ptxfp(&args);
    assert_eq!(a.status.code(), Some(0), "{:?}", text(&a));
    assert!(a.stdout.len() > 10_000);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stderr, b.stderr);
}

/// sm_90 code launched without clusters: each CTA is a cluster of one
/// (docs/ENGINE.md "Clusters"). barrier.cluster.arrive/wait is a barrier of
/// the CTA's threads; mapa to rank 0 gives the same shared address and
/// ld.shared::cluster reads through it; getctarank gives 0; %clusterid is
/// %ctaid, %cluster_ctarank 0, %cluster_nctarank 1.
/// out[ctaid * 64 + t] = s[(t + 1) % 64] = (t + 1) % 64 + 100 ctaid, and
/// out[128 + ctaid] = clusterid.x * 1000 + ctarank * 10 + nctarank + getctarank.
const CLUSTER_OF_ONE: &str = r#".version 7.8
.target sm_90
.address_size 64
.visible .entry cl(.param .u64 out)
{
    .shared .align 4 .b32 s[64];
    .reg .pred %p<2>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %clusterid.x;
    mov.u32 %r3, s;
    mad.lo.s32 %r4, %r2, 100, %r1;
    shl.b32 %r5, %r1, 2;
    add.s32 %r6, %r3, %r5;
    st.shared.u32 [%r6], %r4;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    add.s32 %r7, %r1, 1;
    and.b32 %r7, %r7, 63;
    shl.b32 %r7, %r7, 2;
    add.s32 %r7, %r3, %r7;
    mapa.shared::cluster.u32 %r8, %r7, 0;
    ld.shared::cluster.u32 %r9, [%r8];
    mov.u32 %r10, %ctaid.x;
    mad.lo.s32 %r11, %r10, 64, %r1;
    mul.wide.u32 %rd2, %r11, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r9;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra $L__done;
    mov.u32 %r12, %cluster_ctarank;
    mov.u32 %r13, %cluster_nctarank;
    getctarank.shared::cluster.u32 %r14, %r7;
    mul.lo.s32 %r15, %r2, 1000;
    mad.lo.s32 %r15, %r12, 10, %r15;
    add.s32 %r15, %r15, %r13;
    add.s32 %r15, %r15, %r14;
    add.s32 %r16, %r10, 128;
    mul.wide.u32 %rd4, %r16, 4;
    add.s64 %rd5, %rd1, %rd4;
    st.global.u32 [%rd5], %r15;
$L__done:
    ret;
}
"#;

#[test]
fn sm90_kernels_without_clusters_run_as_clusters_of_one() {
    let o = run_src(
        "cluster.ptx",
        CLUSTER_OF_ONE,
        &["--grid", "2", "--block", "64", "--set", "out=0x1000"],
    );
    let mut want: Vec<u32> = (0..2u32)
        .flat_map(|c| (0..64u32).map(move |t| (t + 1) % 64 + 100 * c))
        .collect();
    want.extend((0..2u32).map(|c| c * 1000 + 1));
    assert_eq!(mem(&o, 0x1000, 130 * 4), words(&want));
}

/// Malformed forms and forms too new for the module are errors at their
/// line and column before anything runs; mapa to another rank says why.
#[test]
fn malformed_and_too_new_forms_are_refused() {
    let head = ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n.shared .align 8 .b64 bar;\n.reg .pred %p;\n.reg .b64 %rd;\n";
    for (line, want) in [
        (
            "mbarrier.arrive.shared.b32 %rd, [bar];",
            "9:1: error: `mbarrier.arrive.shared.b32`: matches no form of `mbarrier`",
        ),
        (
            "mbarrier.try_wait.parity.shared.b64 %p, [bar], 0;",
            "9:1: error: `mbarrier.try_wait.parity.shared.b64` requires PTX ISA 7.8 or later",
        ),
        (
            "cp.async.bulk.commit_group;",
            "9:1: error: `cp.async.bulk.commit_group` requires PTX ISA 8.0 or later",
        ),
    ] {
        let o = run_src("bad.ptx", &format!("{head}{line}\nret;\n}}\n"), &[]);
        let (stdout, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{stdout}{stderr}");
        assert!(stderr.contains(&format!("bad.ptx:{want}")), "{stderr}");
    }
    // A tensor copy runs (engine_tensor_copy.rs): no warning before the
    // run; here its map's address register was never written.
    let src = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n\
               cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2}], [%r3];\nret;\n}\n";
    let o = run_src("tensor.ptx", src, &[]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("warning:"), "{stderr}");
    assert!(
        stderr.contains("tensor.ptx:8:85: error:") && stderr.contains("%rd1"),
        "{stderr}"
    );
    let src = ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.shared .b32 s;\n.reg .b32 %r<4>;\n\
               mov.u32 %r1, s;\nmapa.shared::cluster.u32 %r2, %r1, 1;\nret;\n}\n";
    let o = run_src("mapa.ptx", src, &[]);
    fails_with(&o, |stderr| {
        stderr.contains("mapa.ptx:9:36: error: CTA rank 1: the cluster has 1 CTA(s), ranks 0 to 0")
    });
}

/// `.reqnctapercluster` (PTX ISA 7.8, sm_90): one CTA per cluster runs, and
/// `%is_explicit_cluster` is then true; clusters of two need a grid that is
/// a multiple of two (refused before the run otherwise, as CUDA's launch),
/// and then `%cluster_nctarank` is 2.
#[test]
fn cluster_directives() {
    let src = |dims: &str| {
        format!(
            ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry k()\n.reqnctapercluster {dims}\n{{\n\
             .reg .pred %p;\n.reg .b32 %r;\nmov.pred %p, %is_explicit_cluster;\nmov.u32 %r, %cluster_nctarank;\nret;\n}}\n"
        )
    };
    let o = run_src("one.ptx", &src("1, 1, 1"), &[]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout, "%p = 0x1  pred true\n%r = 0x00000001  u32 1\n");
    // Without --grid the grid is one cluster (it was 1, an error).
    let o = run_src("two.ptx", &src("2, 1, 1"), &["--thread", "0@1"]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("%r = 0x00000002  u32 2\n"), "{stdout}");
    let o = run_src("two.ptx", &src("2, 1, 1"), &["--grid", "1"]);
    fails_with(&o, |stderr| {
        stderr.contains("--grid 1,1,1 is not a multiple of the cluster shape 2,1,1")
    });
    let o = run_src(
        "two.ptx",
        &src("2, 1, 1"),
        &["--grid", "2", "--thread", "0@1"],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("%r = 0x00000002  u32 2\n"), "{stdout}");
}

/// `.multicast::cluster` (ctaMask): in a cluster of one CTA, mask 1 copies
/// into this CTA and completes its mbarrier's bytes; a mask naming a rank
/// past the cluster is an error at the mask.
#[test]
fn multicast_in_a_cluster_of_one() {
    let src = |mask: &str| {
        format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 in, .param .u64 out)\n{{\n\
             .shared .align 8 .b64 bar;\n.shared .align 16 .b8 buf[32];\n.reg .pred %p;\n.reg .b16 %m;\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n\
             ld.param.u64 %rd1, [in];\nld.param.u64 %rd2, [out];\nmov.u32 %r1, bar;\nmov.u32 %r2, buf;\nmov.b16 %m, {mask};\n\
             mbarrier.init.shared::cta.b64 [%r1], 1;\nmbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 32;\n\
             cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r2], [%rd1], 32, [%r1], %m;\n\
             mbarrier.try_wait.parity.shared::cta.b64 %p, [%r1], 0;\n\
             cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 32;\nret;\n}}\n"
        )
    };
    let input = lcg(8, 17);
    let args = [
        "--set",
        "in=0x1000",
        "--set",
        "out=0x2000",
        "--mem",
        &format!("0x1000={}", hex(&words(&input))),
    ];
    let o = run_src("mc.ptx", &src("1"), &args);
    assert_eq!(mem(&o, 0x2000, 32), words(&input));
    let o = run_src("mc2.ptx", &src("3"), &args);
    fails_with(&o, |stderr| {
        stderr.contains("mc2.ptx:19:")
            && stderr.contains("ctaMask 0x0003 names CTA ranks past the cluster's 1 CTA(s)")
    });
}

/// What the PTX ISA leaves undefined stops the run at the line, saying why:
/// an operation on an object never initialized or invalidated, more
/// arrivals than pending, `.noComplete` completing the phase, a phase
/// parity other than 0 or 1, an object outside shared memory or
/// misaligned, an init count of 0.
#[test]
fn undefined_mbarrier_uses_are_errors() {
    let head = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\
                .shared .align 8 .b64 bar[2];\n.global .align 8 .b64 g;\n.reg .pred %p;\n.reg .b64 %rd;\n";
    // (the lines; the text whose column the error points at; the message)
    for (body, at, msg) in [
        ("mbarrier.arrive.shared::cta.b64 %rd, [bar];", "[bar]", "`mbarrier.arrive.shared::cta.b64`: no mbarrier object is initialized at 0x"),
        ("mbarrier.init.shared::cta.b64 [bar], 1;\nmbarrier.inval.shared::cta.b64 [bar];\nmbarrier.expect_tx.shared::cta.b64 [bar], 16;", "[bar]", "`mbarrier.expect_tx.shared::cta.b64`: no mbarrier object is initialized"),
        ("mbarrier.init.shared::cta.b64 [bar], 1;\nmbarrier.arrive.shared::cta.b64 %rd, [bar], 2;", "[bar]", "`mbarrier.arrive.shared::cta.b64` arrives 2 time(s) at the mbarrier at 0x"),
        ("mbarrier.init.shared::cta.b64 [bar], 1;\nmbarrier.arrive.noComplete.shared::cta.b64 %rd, [bar], 1;", "mbarrier", "`mbarrier.arrive.noComplete.shared::cta.b64` completes the current phase"),
        ("mbarrier.init.shared::cta.b64 [bar], 1;\nmbarrier.test_wait.parity.shared::cta.b64 %p, [bar], 2;", "2;", "phaseParity 2: the valid values are 0 and 1"),
        ("mbarrier.init.b64 [g], 1;", "[g]", "`mbarrier.init.b64`: 0x"),
        ("mbarrier.init.shared::cta.b64 [bar+4], 1;", "[bar+4]", "`mbarrier.init.shared::cta.b64`: the mbarrier object at 0x"),
        ("mbarrier.init.shared::cta.b64 [bar], 0;", "0;", "mbarrier count 0: the expected arrival count of a .layout::v0 object is 1 to 2^20 - 1"),
    ] {
        let last = body.lines().last().unwrap();
        let want = format!(
            "undef.ptx:{}:{}: error: {msg}",
            9 + body.lines().count(),
            last.find(at).unwrap() + 1
        );
        let o = run_src("undef.ptx", &format!("{head}{body}\nret;\n}}\n"), &[]);
        let (stdout, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{body}: {stdout}{stderr}");
        assert!(stderr.contains(&want), "{body}: {want}\n{stderr}");
    }
}

/// `ptxfp check` gives the same errors for malformed and too-new forms.
#[test]
fn check_refuses_malformed_and_too_new_forms() {
    let src = ".version 7.0\n.target sm_80\n.shared .align 8 .b64 bar;\n.reg .pred %p;\n.reg .b64 %rd;\n\
               mbarrier.arrive.shared.b32 %rd, [bar];\nmbarrier.try_wait.parity.shared.b64 %p, [bar], 0;\nmbarrier.init.shared.b64 [bar], 1;\n";
    let dir = std::env::temp_dir().join(format!("ptxfp-engine-async-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.ptx");
    std::fs::write(&path, src).unwrap();
    let o = ptxfp(&["check", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&o);
    let all = format!("{stdout}{stderr}");
    assert_ne!(o.status.code(), Some(0), "{all}");
    assert!(
        all.contains(
            "c.ptx:6:1: error: `mbarrier.arrive.shared.b32`: matches no form of `mbarrier`"
        ),
        "{all}"
    );
    assert!(
        all.contains(
            "c.ptx:7:1: error: `mbarrier.try_wait.parity.shared.b64` requires PTX ISA 7.8 or later"
        ),
        "{all}"
    );
    assert!(
        all.contains(
            "c.ptx:7:1: error: `mbarrier.try_wait.parity.shared.b64` requires sm_90 or higher"
        ),
        "{all}"
    );
    assert!(!all.contains("c.ptx:8:"), "{all}");
}

/// The waits in the shape CCCL's `cuda::ptx::mbarrier_try_wait_parity`
/// gives them (an inline-asm block with its own `.reg .pred P1` and
/// `selp`, the C++ `while` loop around it): the pipeline example with its
/// consumer's wait so written computes the same sums.
#[test]
fn cccl_shaped_wait_blocks() {
    let src = std::fs::read_to_string(kernel("mbarrier-pipeline.ptx")).unwrap();
    let plain = "$L__wait_full:\n    mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r11], %r9;\n    @!%p3 bra $L__wait_full;\n";
    assert!(src.contains(plain));
    let cccl = "$L__wait_full:\n    {\n    .reg .pred P1;\n    mbarrier.try_wait.parity.shared::cta.b64 P1, [%r11], %r9;\n    selp.b32 %r16, 1, 0, P1;\n    }\n    setp.eq.s32 %p3, %r16, 0;\n    @%p3 bra $L__wait_full;\n";
    let o = run_src(
        "cccl.ptx",
        &src.replace(plain, cccl),
        &[
            "--block",
            "64",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x2000",
            "--set",
            "n=3",
            "--mem",
            &format!("0x1000={}", hex(&words(&lcg(96, 2)))),
        ],
    );
    let input = lcg(96, 2);
    let want: Vec<u32> = (0..32)
        .map(|t| (0..3).fold(0u32, |s, i| s.wrapping_add(input[32 * i + t])))
        .collect();
    assert_eq!(mem(&o, 0x2000, 128), words(&want));
}
