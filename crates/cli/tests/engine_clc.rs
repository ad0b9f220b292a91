//! `clusterlaunchcontrol` (PTX ISA 8.6, sm_100) and the instructions the
//! engine refuses with a reason (`multimem.*`, `tensormap.*`,
//! `cp.async.bulk.tensor`), through the binary (docs/ENGINE.md "Cluster
//! launch control", "Instructions the engine does not run").

mod common;
use common::{mem, run_src, text, words};

/// The CUDA Programming Guide's work-stealing loop ("Thread block
/// cancellation steps"): each CTA handles its own `%ctaid.x` (adds 1 to
/// `out[ctaid]`), then thread 0 asks to cancel a block not yet started and
/// arrives with `expect_tx` 16; all wait for the response. The engine's
/// requests fail (docs/ENGINE.md), so each CTA handles its own block
/// once, and the wait ends after exactly the 16 bytes of the response. The
/// response's first word, which the engine writes as zero, goes to
/// `out[16 + ctaid]`.
fn clc(multicast: bool) -> String {
    format!(
        r#".version 8.6
.target sm_100a
.address_size 64
.visible .entry steal(.param .u64 out)
{{
    .shared .align 16 .b8 result[16];
    .shared .align 8 .b64 bar;
    .reg .pred %p<4>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r9, %cluster_ctarank;
    setp.eq.u32 %p1, %r1, 0;
    @!%p1 bra $L__init;
    mbarrier.init.shared::cta.b64 [bar], 1;
$L__init:
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    @!%p1 bra $L__work;
    mul.wide.u32 %rd2, %r2, 4;
    add.s64 %rd3, %rd1, %rd2;
    atom.global.add.u32 %r3, [%rd3], 1;
    setp.eq.u32 %p2, %r9, 0;
    {cancel}
    mbarrier.arrive.expect_tx.relaxed.cta.shared::cta.b64 _, [bar], 16;
$L__work:
    mov.u32 %r4, 0;
$L__wait:
    mbarrier.try_wait.parity.shared::cta.b64 %p3, [bar], %r4;
    @!%p3 bra $L__wait;
    @!%p1 bra $L__end;
    ld.shared.v2.u64 {{%rd4, %rd5}}, [result];
    cvt.u32.u64 %r5, %rd4;
    add.u32 %r6, %r2, 16;
    mul.wide.u32 %rd6, %r6, 4;
    add.s64 %rd7, %rd1, %rd6;
    st.global.u32 [%rd7], %r5;
$L__end:
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    ret;
}}
"#,
        cancel = if multicast {
            "@%p2 clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128 [result], [bar];"
        } else {
            "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [result], [bar];"
        }
    )
}

#[test]
fn try_cancel_fails_and_completes_sixteen_bytes() {
    for (multicast, cluster) in [(false, "1"), (true, "2"), (true, "4")] {
        let o = run_src(
            "clc.ptx",
            &clc(multicast),
            &[
                "--grid",
                "8",
                "--block",
                "32",
                "--cluster",
                cluster,
                "--set",
                "out=0x100000",
                "--mem",
                &format!("0x100000={}", "00".repeat(32)),
            ],
        );
        assert_eq!(
            mem(&o, 0x100000, 32),
            words(&[1; 8]),
            "multicast {multicast} cluster {cluster}: {:?}",
            text(&o)
        );
        assert_eq!(mem(&o, 0x100040, 32), words(&[0; 8]));
    }
}

/// Each refused instruction: a warning before the run that says why, and
/// where a thread reaches it an error at its line and column with the
/// reason, exit code 2.
#[test]
fn refusals_name_why() {
    for (line, reason) in [
        ("multimem.st.relaxed.gpu.b32 [%rd1], %r1;", "several GPUs"),
        (
            "multimem.ld_reduce.relaxed.gpu.global.add.u32 %r1, [%rd1];",
            "several GPUs",
        ),
    ] {
        let src = format!(
            ".version 8.7\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{{\n.reg .pred %p<2>;\n.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nmov.u64 %rd1, 0;\nmov.u32 %r1, 0;\n  {line}\nret;\n}}\n"
        );
        let o = run_src("refused.ptx", &src, &[]);
        let (_, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{line}: {stderr}");
        let warn = stderr
            .lines()
            .find(|l| l.contains("refused.ptx:11:3: warning:"))
            .unwrap_or_else(|| panic!("{line}: {stderr}"));
        assert!(warn.contains(reason), "{line}: {warn}");
        let error = stderr
            .lines()
            .find(|l| l.contains("refused.ptx:11:3: error:"))
            .unwrap_or_else(|| panic!("{line}: {stderr}"));
        assert!(error.contains(reason), "{line}: {error}");
    }
}

/// `check` knows the forms and their version and target.
#[test]
fn check_knows_cluster_launch_control() {
    let dir = std::env::temp_dir().join(format!("ptxfp-clc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.ptx");
    std::fs::write(
        &path,
        ".version 8.5\n.target sm_90a\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<4>;\nclusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [%r1], [%r2];\nclusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128 %r1, %r2;\nclusterlaunchcontrol.query_cancel.get_first_ctaid::w.b32.b128 %r1, %r2;\nret;\n}\n",
    )
    .unwrap();
    let o = common::ptxfp(&["check", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&o);
    let all = format!("{stdout}{stderr}");
    for want in [
        "c.ptx:7:1: error: `clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128` requires PTX ISA 8.6 or later",
        "c.ptx:8:1: error: `clusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128` requires PTX ISA 8.6 or later",
        "c.ptx:9:1: error: `clusterlaunchcontrol.query_cancel.get_first_ctaid::w.b32.b128`: matches no form",
    ] {
        assert!(all.contains(want), "{want}: {all}");
    }
}

/// The sm_90/sm_100 runtime forms real Hopper and Blackwell code writes
/// (the forms of NVIDIA/cccl's `cuda::ptx` bindings,
/// docs/libcudacxx/ptx/instructions/generated/*.rst, and of CUTLASS's
/// inline asm: fences of the async and tensormap proxies, cache-hint and
/// eviction-priority loads and stores with a policy register, prefetches,
/// `elect.sync`, the `%cluster_*` registers, `mbarrier.try_wait` with a
/// suspend-time hint): `check` passes them with no error and no warning,
/// and `run` warns about none (every one decodes to what the engine runs).
#[test]
fn hopper_and_blackwell_runtime_forms_pass_check() {
    let src = r#".version 8.6
.target sm_100a
.address_size 64
.visible .entry k(.param .u64 p)
{
.reg .pred %p<4>;
.reg .b16 %rs<2>;
.reg .b32 %r<10>;
.reg .b64 %rd<10>;
mov.u64 %rd1, 0;
mov.u32 %r1, %cluster_ctarank;
mov.u32 %r2, %clusterid.x;
mov.u32 %r3, %cluster_nctaid.x;
mov.pred %p1, %is_explicit_cluster;
fence.proxy.async;
fence.proxy.async.shared::cta;
fence.proxy.async.global;
fence.proxy.async.shared::cluster;
fence.proxy.alias;
fence.mbarrier_init.release.cluster;
fence.acq_rel.cluster;
fence.proxy.tensormap::generic.release.gpu;
fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;
elect.sync %r4|%p2, 0xffffffff;
elect.sync _|%p2, -1;
getctarank.shared::cluster.u32 %r5, %r1;
prefetch.global.L2::evict_last [%rd1];
prefetch.tensormap [%rd1];
prefetch.const.tensormap [%rd1];
applypriority.global.L2::evict_normal [%rd1], 128;
discard.global.L2 [%rd1], 128;
createpolicy.fractional.L2::evict_last.b64 %rd2, 1.0;
createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64 %rd2, 0.5;
ld.global.L1::no_allocate.L2::cache_hint.v4.u32 {%r1,%r2,%r3,%r4}, [%rd1], %rd2;
ld.global.nc.L1::evict_last.u32 %r1, [%rd1];
ld.global.L2::128B.u32 %r1, [%rd1];
st.global.L1::no_allocate.u32 [%rd1], %r1;
st.global.L2::cache_hint.u32 [%rd1], %r1, %rd2;
ld.relaxed.gpu.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;
ld.acquire.cluster.shared::cluster.u32 %r1, [%r2];
st.release.cluster.shared::cluster.u32 [%r2], %r1;
mbarrier.try_wait.parity.relaxed.cluster.shared::cta.b64 %p1, [%r2], %r1, 1000;
mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r2];
cp.async.bulk.prefetch.L2.global [%rd1], 256;
cp.async.bulk.prefetch.L2.global.L2::cache_hint [%rd1], 256, %rd2;
cp.async.bulk.wait_group.read 0;
setmaxnreg.inc.sync.aligned.u32 232;
griddepcontrol.launch_dependents;
griddepcontrol.wait;
red.release.gpu.global.add.u32 [%rd1], %r1;
atom.acquire.gpu.global.cas.b32 %r1, [%rd1], %r2, %r3;
redux.sync.min.u32 %r1, %r2, 0xffffffff;
cvt.rn.satfinite.e4m3x2.f32 %rs1, %r1, %r2;
nanosleep.u32 20;
st.bulk.weak.shared::cta [%r1], 64, 0;
ret;
}
"#;
    let dir = std::env::temp_dir().join(format!("ptxfp-forms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("forms.ptx");
    std::fs::write(&path, src).unwrap();
    let o = common::ptxfp(&["check", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains(" 0 error(s), 0 warning(s)"),
        "{stdout}{stderr}"
    );
    let o = run_src("forms.ptx", src, &["--set", "p=0"]);
    let (_, stderr) = text(&o);
    assert!(!stderr.contains("warning:"), "{stderr}");
}
