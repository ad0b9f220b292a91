//! Thread-block clusters of several CTAs through the binary (docs/ENGINE.md
//! "Clusters"): kernels in the shapes nvcc gives cooperative_groups cluster
//! code (`cluster.sync()` as `barrier.cluster.arrive` + `wait`,
//! `cluster.map_shared_rank` as `mapa` on a generic address,
//! `block_rank()` as `%cluster_ctarank`), written for these tests.
//!
//! Every expected output is computed here from the inputs by plain Rust
//! arithmetic (what the kernel's CUDA source computes), or from the PTX
//! ISA's definitions of the special registers; never taken from ptxfp's
//! output.

mod common;
use common::{fails_with, hex, lcg, mem, run_src, text, words};

/// `cg::this_cluster()`: each CTA fills `s[t] = ctaid * 1000 + 7t`,
/// `cluster.sync()`, reads `s[(t + 1) % 64]` of the CTA of the next rank
/// through `cluster.map_shared_rank` (cvta.shared + generic `mapa.u64`, a
/// generic `ld`), which `isspacep.shared::cluster` says is shared (bit
/// 31) and `isspacep.shared` (`::cta`) is not (bit 29: 0), where this CTA's
/// own `s` is `.shared::cta` (bit 30), `cluster.sync()` again so the
/// neighbour's memory outlives the read.
const RING: &str = r#".version 7.8
.target sm_90
.address_size 64
.visible .entry ring(.param .u64 out)
.explicitcluster
{
    .shared .align 4 .b32 s[64];
    .reg .pred %p<2>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %cluster_ctarank;
    mov.u32 %r4, %cluster_nctarank;
    mul.lo.s32 %r5, %r2, 1000;
    mad.lo.s32 %r5, %r1, 7, %r5;
    mov.u64 %rd2, s;
    cvta.shared.u64 %rd3, %rd2;
    mul.wide.u32 %rd4, %r1, 4;
    add.s64 %rd5, %rd3, %rd4;
    st.u32 [%rd5], %r5;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    add.s32 %r6, %r3, 1;
    rem.u32 %r6, %r6, %r4;
    add.s32 %r7, %r1, 1;
    and.b32 %r7, %r7, 63;
    mul.wide.u32 %rd6, %r7, 4;
    add.s64 %rd7, %rd3, %rd6;
    mapa.u64 %rd8, %rd7, %r6;
    ld.u32 %r8, [%rd8];
    isspacep.shared::cluster %p1, %rd8;
    selp.b32 %r9, -2147483648, 0, %p1;
    or.b32 %r8, %r8, %r9;
    isspacep.shared::cta %p1, %rd5;
    selp.b32 %r9, 1073741824, 0, %p1;
    or.b32 %r8, %r8, %r9;
    isspacep.shared %p1, %rd8;
    selp.b32 %r9, 536870912, 0, %p1;
    or.b32 %r8, %r8, %r9;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    mad.lo.s32 %r10, %r2, 64, %r1;
    mul.wide.u32 %rd9, %r10, 4;
    add.s64 %rd9, %rd1, %rd9;
    st.global.u32 [%rd9], %r8;
    ret;
}
"#;

/// out[c * 64 + t] for a grid of `grid` CTAs in clusters of `n` along x.
fn ring_want(grid: u32, n: u32) -> Vec<u32> {
    let mut want = Vec::new();
    for c in 0..grid {
        let rank = c % n;
        let peer = c - rank + (rank + 1) % n;
        for t in 0..64 {
            want.push((peer * 1000 + (t + 1) % 64 * 7) | 1 << 31 | 1 << 30);
        }
    }
    want
}

#[test]
fn cluster_sync_and_map_shared_rank_reach_the_next_cta() {
    for (grid, n) in [(8u32, 4u32), (6, 2), (3, 3)] {
        let o = run_src(
            "ring.ptx",
            RING,
            &[
                "--grid",
                &grid.to_string(),
                "--block",
                "64",
                "--cluster",
                &n.to_string(),
                "--set",
                "out=0x100000",
            ],
        );
        assert_eq!(
            mem(&o, 0x100000, 256 * grid as usize),
            words(&ring_want(grid, n)),
            "grid {grid} cluster {n}"
        );
    }
}

/// The same run twice gives the same bytes, trace included.
#[test]
fn cluster_runs_are_deterministic() {
    let args = [
        "--grid",
        "4",
        "--block",
        "64",
        "--cluster",
        "2",
        "--set",
        "out=0x100000",
        "--trace",
    ];
    let a = run_src("ring-a.ptx", RING, &args);
    let b = run_src("ring-a.ptx", RING, &args);
    assert_eq!(a.status.code(), Some(0), "{:?}", text(&a));
    assert!(a.stdout.len() > 10_000);
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(a.stderr, b.stderr);
}

/// A cluster-wide sum through distributed shared memory: each CTA sums its
/// 64 inputs into `part` (`atom.shared.add`), `cluster.sync()`; thread 0
/// of each CTA adds `part` into rank 0's `total` (`red.shared::cluster`);
/// `cluster.sync()`; rank 0's first `n` threads read every rank's `part`
/// (`mapa.shared::cluster.u32` + `ld.shared::cluster`) into out[ctaid],
/// and its thread 0 `total` into out[16 + clusterid].
const REDUCE: &str = r#".version 7.8
.target sm_90
.address_size 64
.visible .entry reduce(.param .u64 in, .param .u64 out)
{
    .shared .align 4 .b32 part;
    .shared .align 4 .b32 total;
    .reg .pred %p<4>;
    .reg .b32 %r<24>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %cluster_ctarank;
    mov.u32 %r4, %cluster_nctarank;
    mov.u32 %r5, %clusterid.x;
    mov.u32 %r6, part;
    mov.u32 %r7, total;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra $L__init_done;
    mov.u32 %r8, 0;
    st.shared.u32 [%r6], %r8;
    st.shared.u32 [%r7], %r8;
$L__init_done:
    bar.sync 0;
    mad.lo.s32 %r9, %r2, 64, %r1;
    mul.wide.u32 %rd3, %r9, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r10, [%rd4];
    atom.shared.add.u32 %r11, [%r6], %r10;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    @%p1 bra $L__red_done;
    ld.shared.u32 %r12, [%r6];
    mapa.shared::cluster.u32 %r13, %r7, 0;
    red.shared::cluster.add.u32 [%r13], %r12;
$L__red_done:
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    setp.ne.s32 %p2, %r3, 0;
    @%p2 bra $L__end;
    setp.ge.u32 %p3, %r1, %r4;
    @%p3 bra $L__total;
    mapa.shared::cluster.u32 %r14, %r6, %r1;
    ld.shared::cluster.u32 %r15, [%r14];
    add.s32 %r16, %r2, %r1;
    mul.wide.u32 %rd5, %r16, 4;
    add.s64 %rd6, %rd2, %rd5;
    st.global.u32 [%rd6], %r15;
$L__total:
    @%p1 bra $L__end;
    ld.shared.u32 %r17, [%r7];
    add.s32 %r18, %r5, 16;
    mul.wide.u32 %rd7, %r18, 4;
    add.s64 %rd8, %rd2, %rd7;
    st.global.u32 [%rd8], %r17;
$L__end:
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    ret;
}
"#;

#[test]
fn cluster_reduction_through_distributed_shared_memory() {
    let (grid, n) = (6usize, 3usize);
    let input = lcg(64 * grid, 11);
    let parts: Vec<u32> = (0..grid)
        .map(|c| {
            input[64 * c..64 * c + 64]
                .iter()
                .fold(0u32, |s, v| s.wrapping_add(*v))
        })
        .collect();
    let totals: Vec<u32> = (0..grid / n)
        .map(|k| {
            parts[n * k..n * k + n]
                .iter()
                .fold(0u32, |s, v| s.wrapping_add(*v))
        })
        .collect();
    let o = run_src(
        "reduce.ptx",
        REDUCE,
        &[
            "--grid",
            "6",
            "--block",
            "64",
            "--cluster",
            "3",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x100000",
            "--mem",
            &format!("0x1000={}", hex(&words(&input))),
        ],
    );
    assert_eq!(mem(&o, 0x100000, 4 * grid), words(&parts));
    assert_eq!(mem(&o, 0x100000 + 64, 4 * totals.len()), words(&totals));
}

/// A producer writing its neighbour's shared memory: each CTA stores
/// `in[ctaid * 32 + t] * 3 + rank` into `buf[t]` of the CTA of rank
/// `rank ^ 1` (`st.shared::cluster` through `mapa`), then
/// `barrier.cluster.arrive.release` / `wait.acquire`, then copies its own
/// `buf` out; thread 0 stores `getctarank` of the mapped address at
/// out[128 + ctaid].
const NEIGHBOUR: &str = r#".version 7.8
.target sm_90
.address_size 64
.visible .entry neighbour(.param .u64 in, .param .u64 out)
.reqnctapercluster 2, 1, 1
{
    .shared .align 4 .b32 buf[32];
    .reg .pred %p<2>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %cluster_ctarank;
    xor.b32 %r4, %r3, 1;
    mad.lo.s32 %r5, %r2, 32, %r1;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r6, [%rd4];
    mad.lo.s32 %r7, %r6, 3, %r3;
    mov.u32 %r8, buf;
    shl.b32 %r9, %r1, 2;
    add.s32 %r10, %r8, %r9;
    mapa.shared::cluster.u32 %r11, %r10, %r4;
    st.shared::cluster.u32 [%r11], %r7;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    ld.shared.u32 %r12, [%r10];
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r12;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra $L__end;
    getctarank.shared::cluster.u32 %r13, %r11;
    add.s32 %r14, %r2, 128;
    mul.wide.u32 %rd6, %r14, 4;
    add.s64 %rd7, %rd2, %rd6;
    st.global.u32 [%rd7], %r13;
$L__end:
    ret;
}
"#;

#[test]
fn a_producer_writes_its_neighbours_shared_memory() {
    let input = lcg(128, 5);
    let mut want = Vec::new();
    for c in 0..4usize {
        let peer = c ^ 1;
        for t in 0..32 {
            want.push(
                input[peer * 32 + t]
                    .wrapping_mul(3)
                    .wrapping_add(peer as u32 % 2),
            );
        }
    }
    let ranks: Vec<u32> = (0..4u32).map(|c| (c % 2) ^ 1).collect();
    // The cluster shape comes from .reqnctapercluster, or an equal --cluster.
    for extra in [&[][..], &["--cluster", "2,1,1"][..]] {
        let mut args = vec![
            "--grid".to_string(),
            "4".into(),
            "--block".into(),
            "32".into(),
            "--set".into(),
            "in=0x1000".into(),
            "--set".into(),
            "out=0x100000".into(),
            "--mem".into(),
            format!("0x1000={}", hex(&words(&input))),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let o = run_src("neighbour.ptx", NEIGHBOUR, &args);
        assert_eq!(mem(&o, 0x100000, 512), words(&want));
        assert_eq!(mem(&o, 0x100000 + 512, 16), words(&ranks));
    }
}

/// TMA-less multicast: each CTA initializes its mbarrier for two arrivals;
/// after `cluster.sync()` thread 0 of each arrives with expect_tx(64) on
/// its own and (`mbarrier.arrive.release.cluster.shared::cluster`) on its
/// neighbour's; rank 0 multicasts 64 bytes to both CTAs (ctaMask 3) with
/// complete_tx on each CTA's mbarrier at the same offset; every thread
/// waits (try_wait loop), then copies 16 words of its CTA's buffer out.
const MULTICAST: &str = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry mc(.param .u64 in, .param .u64 out)
{
    .shared .align 8 .b64 bar;
    .shared .align 16 .b8 buf[64];
    .reg .pred %p<4>;
    .reg .b16 %m;
    .reg .b32 %r<20>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %cluster_ctarank;
    xor.b32 %r4, %r3, 1;
    mov.u32 %r5, bar;
    mov.u32 %r6, buf;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra $L__inited;
    mbarrier.init.shared::cta.b64 [%r5], 2;
$L__inited:
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    @%p1 bra $L__wait;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 64;
    mapa.shared::cluster.u32 %r7, %r5, %r4;
    mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r7];
    setp.ne.s32 %p2, %r3, 0;
    @%p2 bra $L__wait;
    mov.b16 %m, 3;
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r6], [%rd1], 64, [%r5], %m;
$L__wait:
    mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r5], 0;
    @!%p3 bra $L__wait;
    setp.ge.u32 %p2, %r1, 16;
    @%p2 bra $L__end;
    shl.b32 %r8, %r1, 2;
    add.s32 %r9, %r6, %r8;
    ld.shared.u32 %r10, [%r9];
    mad.lo.s32 %r11, %r2, 16, %r1;
    mul.wide.u32 %rd3, %r11, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r10;
$L__end:
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    ret;
}
"#;

#[test]
fn multicast_bulk_copy_and_remote_arrivals_complete_each_ctas_mbarrier() {
    let input = lcg(16, 23);
    let want: Vec<u32> = (0..2).flat_map(|_| input.clone()).collect();
    let o = run_src(
        "mc.ptx",
        MULTICAST,
        &[
            "--grid",
            "2",
            "--block",
            "32",
            "--cluster",
            "2",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x100000",
            "--mem",
            &format!("0x1000={}", hex(&words(&input))),
        ],
    );
    assert_eq!(mem(&o, 0x100000, 128), words(&want));
}

/// The cluster special registers of a 2x2 cluster in a 4x2 grid, thread 0
/// of each CTA storing 16 words at out[(ctaid.y * 4 + ctaid.x) * 16].
const SPECIALS: &str = r#".version 7.8
.target sm_90
.address_size 64
.visible .entry sp(.param .u64 out)
{
    .reg .pred %p;
    .reg .b32 %r<20>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ctaid.y;
    mad.lo.s32 %r3, %r2, 4, %r1;
    mul.wide.u32 %rd2, %r3, 64;
    add.s64 %rd1, %rd1, %rd2;
    mov.u32 %r4, %clusterid.x;
    st.global.u32 [%rd1], %r4;
    mov.u32 %r4, %clusterid.y;
    st.global.u32 [%rd1+4], %r4;
    mov.u32 %r4, %clusterid.z;
    st.global.u32 [%rd1+8], %r4;
    mov.u32 %r4, %nclusterid.x;
    st.global.u32 [%rd1+12], %r4;
    mov.u32 %r4, %nclusterid.y;
    st.global.u32 [%rd1+16], %r4;
    mov.u32 %r4, %nclusterid.z;
    st.global.u32 [%rd1+20], %r4;
    mov.u32 %r4, %cluster_ctaid.x;
    st.global.u32 [%rd1+24], %r4;
    mov.u32 %r4, %cluster_ctaid.y;
    st.global.u32 [%rd1+28], %r4;
    mov.u32 %r4, %cluster_ctaid.z;
    st.global.u32 [%rd1+32], %r4;
    mov.u32 %r4, %cluster_nctaid.x;
    st.global.u32 [%rd1+36], %r4;
    mov.u32 %r4, %cluster_nctaid.y;
    st.global.u32 [%rd1+40], %r4;
    mov.u32 %r4, %cluster_nctaid.z;
    st.global.u32 [%rd1+44], %r4;
    mov.u32 %r4, %cluster_ctarank;
    st.global.u32 [%rd1+48], %r4;
    mov.u32 %r4, %cluster_nctarank;
    st.global.u32 [%rd1+52], %r4;
    mov.pred %p, %is_explicit_cluster;
    selp.u32 %r4, 1, 0, %p;
    st.global.u32 [%rd1+56], %r4;
    st.global.u32 [%rd1+60], %r3;
    ret;
}
"#;

#[test]
fn special_registers_of_a_2x2_cluster_in_a_4x2_grid() {
    // PTX ISA §10: %clusterid = %ctaid / %cluster_nctaid per dimension,
    // %nclusterid = %nctaid / %cluster_nctaid, %cluster_ctaid = %ctaid mod
    // %cluster_nctaid, %cluster_ctarank = x + nx * (y + ny * z) over
    // %cluster_ctaid, %cluster_nctarank = nx * ny * nz.
    let (gx, gy, cx, cy) = (4u32, 2u32, 2u32, 2u32);
    let mut want = Vec::new();
    for y in 0..gy {
        for x in 0..gx {
            let (ix, iy) = (x % cx, y % cy);
            want.extend([
                x / cx,
                y / cy,
                0,
                gx / cx,
                gy / cy,
                1,
                ix,
                iy,
                0,
                cx,
                cy,
                1,
                ix + cx * iy,
                cx * cy,
                1,
                y * gx + x,
            ]);
        }
    }
    let o = run_src(
        "sp.ptx",
        SPECIALS,
        &["--grid", "4,2", "--cluster", "2,2", "--set", "out=0x100000"],
    );
    assert_eq!(mem(&o, 0x100000, 4 * want.len()), words(&want));
}

/// The cluster registers read whole, as the ISA's examples do (§10.13:
/// `mov.v4.u32 %rx, %nclusterid;`, §10.14: `mov.v4.u32 %rx,
/// %cluster_ctaid;`): x, y, z and a fourth that reads zero, into a `.v4`
/// register or a vector with a sink. Found in FlashInfer's xqa utils.
#[test]
fn cluster_registers_read_whole_into_vectors() {
    let src = r#".version 7.8
.target sm_90
.address_size 64
.entry k(.param .u64 out)
{
    .reg .v4 .b32 %rx;
    .reg .u32 a, b, c, %r<3>;
    .reg .u64 %o, %o2;
    mov.v4.u32 %rx, %nclusterid;
    mov.v4.u32 {a, b, c, _}, %cluster_ctaid;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ctaid.y;
    mad.lo.u32 %r1, %r2, 4, %r1;
    ld.param.u64 %o, [out];
    mul.wide.u32 %o2, %r1, 32;
    add.u64 %o, %o, %o2;
    st.global.v4.u32 [%o], %rx;
    st.global.v4.u32 [%o+16], {a, b, c, c};
    ret;
}
"#;
    let (gx, gy, cx, cy) = (4u32, 2u32, 2u32, 1u32);
    let mut want = Vec::new();
    for y in 0..gy {
        for x in 0..gx {
            want.extend([gx / cx, gy / cy, 1, 0, x % cx, y % cy, 0, 0]);
        }
    }
    let o = run_src(
        "whole.ptx",
        src,
        &["--grid", "4,2", "--cluster", "2,1", "--set", "out=0x100000"],
    );
    assert_eq!(mem(&o, 0x100000, 4 * want.len()), words(&want));
}

/// A launch CUDA would refuse is refused before the run: a grid that is not
/// a multiple of the cluster shape, `--cluster` against the kernel's
/// `.reqnctapercluster`, a cluster larger than `.maxclusterrank` or than 32
/// (the bits of `.multicast::cluster::32b`'s ctaMask).
#[test]
fn bad_cluster_launches_are_refused() {
    let cases: [(&str, &[&str], &str); 4] = [
        (
            RING,
            &["--grid", "3", "--cluster", "2"],
            "--grid 3,1,1 is not a multiple of the cluster shape 2,1,1",
        ),
        (
            NEIGHBOUR,
            &["--grid", "4", "--cluster", "4"],
            "--cluster 4,1,1: `neighbour` asks for clusters of 2,1,1 CTAs (.reqnctapercluster)",
        ),
        (
            &RING.replace(".explicitcluster", ".maxclusterrank 2"),
            &["--grid", "4", "--cluster", "4"],
            "cluster 4,1,1 has 4 CTAs, more than `ring`'s .maxclusterrank 2",
        ),
        (
            RING,
            &["--grid", "64", "--cluster", "64"],
            "cluster 64,1,1 has 64 CTAs: a cluster has at most 32",
        ),
    ];
    for (src, args, msg) in cases {
        let mut all = args.to_vec();
        all.extend(["--set", "out=0x100000"]);
        let o = run_src("bad.ptx", src, &all);
        let (_, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(msg), "{msg}: {stderr}");
    }
}

/// `mapa` to a rank past the cluster is an error at the rank operand.
#[test]
fn mapa_past_the_cluster_is_an_error() {
    let src = ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.shared .b32 s;\n.reg .b32 %r<4>;\n\
               mov.u32 %r1, s;\nmapa.shared::cluster.u32 %r2, %r1, 2;\nret;\n}\n";
    let o = run_src("mapa.ptx", src, &["--grid", "2", "--cluster", "2"]);
    fails_with(&o, |stderr| {
        stderr.contains("mapa.ptx:9:36: error: CTA rank 2: the cluster has 2 CTA(s), ranks 0 to 1")
    });
}

/// A cluster barrier that can never complete: in rank 1, warp 0 waits at
/// `bar.sync 1, 64` which warp 1 never reaches (it waits at the cluster
/// barrier), so 96 of the cluster's 128 threads arrive. Reported as a
/// deadlock, for the first CTA, with the counts of the whole cluster.
#[test]
fn a_cluster_barrier_that_cannot_complete_is_a_deadlock() {
    let src = ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.reg .pred %p<3>;\n.reg .b32 %r<4>;\n\
               mov.u32 %r1, %cluster_ctarank;\nmov.u32 %r2, %tid.x;\n\
               setp.eq.s32 %p1, %r1, 1;\nsetp.lt.u32 %p2, %r2, 32;\nand.pred %p1, %p1, %p2;\n\
               @%p1 bar.sync 1, 64;\n\
               barrier.cluster.arrive;\nbarrier.cluster.wait;\nret;\n}\n";
    let o = run_src(
        "dead.ptx",
        src,
        &["--grid", "2", "--block", "64", "--cluster", "2"],
    );
    fails_with(&o, |stderr| {
        stderr.contains("dead.ptx:15:1: error: deadlock: 64 thread(s) at barrier.cluster.wait, which 96 of the cluster's 128 running threads reached")
    });
}

/// A bulk copy from this CTA's shared memory into its neighbour's
/// (`cp.async.bulk.shared::cluster.shared::cta`), destination and mbarrier
/// given as the neighbour's window addresses (`mapa`): each CTA stages
/// in[ctaid * 8 + t] in `src`, sends it to the CTA of rank `rank ^ 1`,
/// waits on its own mbarrier for the neighbour's bytes, and copies `dst`
/// out: out[c * 8 + t] = in[(c ^ 1) * 8 + t].
const BULK_TO_NEIGHBOUR: &str = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry b2n(.param .u64 in, .param .u64 out)
{
    .shared .align 8 .b64 bar;
    .shared .align 16 .b8 src[32];
    .shared .align 16 .b8 dst[32];
    .reg .pred %p<4>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %cluster_ctarank;
    xor.b32 %r4, %r3, 1;
    mov.u32 %r5, bar;
    mov.u32 %r6, src;
    mov.u32 %r7, dst;
    mad.lo.s32 %r8, %r2, 8, %r1;
    mul.wide.u32 %rd3, %r8, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r9, [%rd4];
    shl.b32 %r10, %r1, 2;
    add.s32 %r11, %r6, %r10;
    st.shared.u32 [%r11], %r9;
    setp.ne.s32 %p1, %r1, 0;
    @%p1 bra $L__inited;
    mbarrier.init.shared::cta.b64 [%r5], 1;
$L__inited:
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    @%p1 bra $L__wait;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 32;
    mapa.shared::cluster.u32 %r12, %r7, %r4;
    mapa.shared::cluster.u32 %r13, %r5, %r4;
    cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r12], [%r6], 32, [%r13];
$L__wait:
    mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r5], 0;
    @!%p2 bra $L__wait;
    add.s32 %r14, %r7, %r10;
    ld.shared.u32 %r15, [%r14];
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r15;
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    ret;
}
"#;

#[test]
fn a_bulk_copy_into_the_neighbours_shared_memory_completes_its_mbarrier() {
    let input = lcg(32, 31);
    let want: Vec<u32> = (0..4usize)
        .flat_map(|c| input[(c ^ 1) * 8..(c ^ 1) * 8 + 8].to_vec())
        .collect();
    let o = run_src(
        "b2n.ptx",
        BULK_TO_NEIGHBOUR,
        &[
            "--grid",
            "4",
            "--block",
            "8",
            "--cluster",
            "2",
            "--set",
            "in=0x1000",
            "--set",
            "out=0x100000",
            "--mem",
            &format!("0x1000={}", hex(&words(&input))),
        ],
    );
    assert_eq!(mem(&o, 0x100000, 128), words(&want));
}

/// `--lenient` declares a register on its first use, here while CTA 0
/// runs: CTA 1 has it too. out[c] = c + 5.
#[test]
fn a_register_declared_on_first_use_exists_in_every_cta_of_the_cluster() {
    let src = r#".version 7.8
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %ctaid.x;
    barrier.cluster.arrive;
    barrier.cluster.wait;
    add.u32 %q, %r1, 5;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %q;
    ret;
}
"#;
    let o = run_src(
        "len.ptx",
        src,
        &[
            "--lenient",
            "--grid",
            "2",
            "--cluster",
            "2",
            "--set",
            "out=0x1000",
        ],
    );
    assert_eq!(mem(&o, 0x1000, 8), words(&[5, 6]));
}

/// A thread waits only on an mbarrier of its own CTA (`try_wait` takes
/// `.shared::cta`): a window address of the neighbour's is an error at the
/// operand. (Rank 0 waits at the cluster barrier for rank 1, which then
/// goes on first: rank 1's thread is the one that fails.)
#[test]
fn waiting_on_another_ctas_mbarrier_is_an_error() {
    let src = ".version 7.8\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.shared .align 8 .b64 bar;\n.reg .pred %p;\n.reg .b32 %r<4>;\n\
               mov.u32 %r1, bar;\nmbarrier.init.shared::cta.b64 [%r1], 1;\nbarrier.cluster.arrive;\nbarrier.cluster.wait;\n\
               mov.u32 %r3, %cluster_ctarank;\nxor.b32 %r3, %r3, 1;\nmapa.shared::cluster.u32 %r2, %r1, %r3;\n\
               mbarrier.try_wait.parity.shared::cta.b64 %p, [%r2], 0;\nret;\n}\n";
    let o = run_src("remote-wait.ptx", src, &["--grid", "2", "--cluster", "2"]);
    fails_with(&o, |stderr| {
        stderr.contains("remote-wait.ptx:16:")
            && stderr.contains("waits on the mbarrier of the CTA of rank 0; a thread waits only on an mbarrier in its own CTA's shared memory")
            && stderr.contains("(thread (0,0,0) of CTA (1,0,0))")
    });
}

/// `RING`, then a grid-wide barrier (cooperative groups' `grid.sync()`
/// through `cudaCGSynchronize`), then each thread copies what the mirror
/// CTA (`nctaid - 1 - ctaid`, in another cluster) wrote before the barrier
/// to out[nctaid * 64 + ctaid * 64 + tid].
fn ring_grid() -> String {
    RING.replacen(
        ".address_size 64\n",
        ".address_size 64\n\
         .extern .func (.param .b64 r) cudaCGGetIntrinsicHandle(.param .b32 s);\n\
         .extern .func (.param .b32 r) cudaCGSynchronize(.param .b64 h, .param .b32 f);\n",
        1,
    )
    .replacen(
        "    ret;\n}",
        "    { .param .b32 p0; st.param.b32 [p0], 1; .param .b64 r0;
      call.uni (r0), cudaCGGetIntrinsicHandle, (p0); ld.param.b64 %rd2, [r0]; }
    { .param .b64 p0; st.param.b64 [p0], %rd2; .param .b32 p1; st.param.b32 [p1], 0;
      .param .b32 r0; call.uni (r0), cudaCGSynchronize, (p0, p1); }
    mov.u32 %r11, %nctaid.x;
    sub.s32 %r12, %r11, 1;
    sub.s32 %r12, %r12, %r2;
    mad.lo.s32 %r13, %r12, 64, %r1;
    mul.wide.u32 %rd3, %r13, 4;
    add.s64 %rd3, %rd1, %rd3;
    ld.global.u32 %r14, [%rd3];
    mad.lo.s32 %r15, %r11, 64, %r10;
    mul.wide.u32 %rd4, %r15, 4;
    add.s64 %rd4, %rd1, %rd4;
    st.global.u32 [%rd4], %r14;
    ret;\n}",
        1,
    )
}

/// A cooperative launch of clusters: every cluster resident at once, its
/// CTAs taking turns with every other CTA, so `barrier.cluster` and
/// distributed shared memory work as in a launch of clusters one after
/// another, and a grid-wide barrier completes across clusters.
#[test]
fn a_cooperative_launch_of_clusters_runs_cluster_and_grid_barriers() {
    for (grid, n) in [(8u32, 4u32), (6, 2), (3, 3)] {
        let (g, c) = (grid.to_string(), n.to_string());
        let launch = [
            "--grid",
            &g,
            "--block",
            "64",
            "--cluster",
            &c,
            "--set",
            "out=0x100000",
        ];
        let coop = [&launch[..], &["--cooperative"]].concat();
        let o = run_src("ring-coop.ptx", RING, &coop);
        assert_eq!(
            mem(&o, 0x100000, 256 * grid as usize),
            words(&ring_want(grid, n)),
            "grid {grid} cluster {n}"
        );
        let ring = ring_want(grid, n);
        let mut want = ring.clone();
        for cta in (0..grid as usize).rev() {
            want.extend_from_slice(&ring[cta * 64..cta * 64 + 64]);
        }
        let o = run_src("ring-grid-coop.ptx", &ring_grid(), &coop);
        assert_eq!(
            mem(&o, 0x100000, 512 * grid as usize),
            words(&want),
            "grid {grid} cluster {n}"
        );
        // Clusters one after another: the first never sees the others
        // arrive at the grid barrier; one cluster that holds the grid
        // needs no cooperative launch.
        let o = run_src("ring-grid-seq.ptx", &ring_grid(), &launch);
        if grid == n {
            assert_eq!(mem(&o, 0x100000, 512 * grid as usize), words(&want));
        } else {
            fails_with(&o, |e| {
                e.contains("grid-wide barrier") && e.contains("--cooperative")
            });
        }
    }
}

/// A launch shape left out comes from the kernel's directives: the block
/// from `.reqntid` (PTX ISA 11.4.3: the CTA "must" have it), the grid one
/// cluster of the cluster shape (`.reqnctapercluster`, or `--cluster`).
/// Before, `run FILE` launched 1 thread in 1 CTA: a warning and then a
/// refused warp instruction for `.reqntid 32`, and an error ("--grid 1,1,1
/// is not a multiple of the cluster shape") for a cluster kernel, the
/// survey of 2,055 real modules' most common failure. A shape given is
/// kept, with the warning as before.
#[test]
fn a_launch_shape_left_out_comes_from_the_kernels_directives() {
    let src = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 out)\n\
               .reqntid 64\n.reqnctapercluster 2\n{\n.reg .b32 %r<6>;\n.reg .b64 %rd<3>;\n\
               ld.param.u64 %rd1, [out];\nmov.u32 %r1, %ntid.x;\nmov.u32 %r2, %nctaid.x;\n\
               mov.u32 %r3, %cluster_nctarank;\nvote.sync.ballot.b32 %r4, 1, 0xffffffff;\n\
               mov.u32 %r5, %tid.x;\nor.b32 %r5, %r5, %ctaid.x;\nsetp.ne.u32 %p1, %r5, 0;\n\
               @%p1 bra DONE;\nst.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};\nDONE:\nret;\n}\n"
        .replace(".reg .b32 %r<6>;", ".reg .b32 %r<6>;\n.reg .pred %p1;");
    let o = run_src("directives.ptx", &src, &["--set", "out=0x1000"]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
    // ntid 64, nctaid 2, a cluster of 2 CTAs, the full warp's ballot.
    assert!(
        stdout.contains("mem[0x1000..0x1010] = 40 00 00 00 02 00 00 00 02 00 00 00 ff ff ff ff"),
        "{stdout}"
    );
    // Given shapes are the run's: --block 32 draws the warning.
    let o = run_src(
        "directives.ptx",
        &src,
        &["--set", "out=0x1000", "--block", "32", "--grid", "4"],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("--block 32,1,1 is not `k`'s `.reqntid 64,1,1`"),
        "{stderr}"
    );
    assert!(
        stdout.contains("mem[0x1000..0x1010] = 20 00 00 00 04 00 00 00 02 00 00 00"),
        "{stdout}"
    );
    // --cluster without --grid: one cluster.
    let plain = src.replace(".reqnctapercluster 2\n", "");
    let o = run_src(
        "cluster_flag.ptx",
        &plain,
        &["--set", "out=0x1000", "--cluster", "3"],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains("mem[0x1000..0x1010] = 40 00 00 00 03 00 00 00 03 00 00 00"),
        "{stdout}"
    );
}

/// `tcgen05.alloc`, `.dealloc` and `.relinquish_alloc_permit` move no data
/// between lanes: in a CTA of fewer than 32 threads, "all threads in the
/// warp" are the ones it has, as for the warp collectives. A found survey
/// module (1 thread) was refused ("needs all 32 threads"); a warp whose
/// threads branched apart still is.
#[test]
fn tcgen05_allocation_runs_in_a_cta_smaller_than_a_warp() {
    let body = "    tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [slot], 32;\n    ld.shared.b32 %taddr, [slot];\n    tcgen05.dealloc.cta_group::1.sync.aligned.b32 %taddr, 32;\n    tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n";
    let src = |guard: &str| {
        format!(
            ".version 9.0\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{{\n    .shared .align 4 .b32 slot;\n    .reg .b32 %taddr, %t;\n    .reg .pred %p;\n{guard}{body}DONE:\n    ret;\n}}\n"
        )
    };
    for block in ["1", "5"] {
        let o = run_src("alloc_small.ptx", &src(""), &["--block", block]);
        let (_, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(0), "--block {block}: {stderr}");
    }
    let guard = "    mov.u32 %t, %tid.x;\n    setp.eq.u32 %p, %t, 1;\n    @%p bra DONE;\n";
    for block in ["5", "32"] {
        fails_with(
            &run_src("alloc_split.ptx", &src(guard), &["--block", block]),
            |e| e.contains("needs all 32 threads of the warp"),
        );
    }
}
