//! `st.async` and `red.async` (PTX ISA 8.1, sm_90) through the binary
//! (docs/ENGINE.md "st.async and red.async"): CTAs of a cluster store and
//! reduce into each other's shared memory, each store signalling the
//! destination CTA's mbarrier with complete-tx of its bytes, and each CTA
//! waits on its own mbarrier for the bytes its peers send.
//!
//! Every expected value is computed here from the inputs by plain Rust
//! (what the kernels' stores and the PTX ISA's reduction formulas give),
//! and the tx-count each CTA expects is computed here and passed in: a
//! store that completed a wrong number of bytes leaves the phase
//! incomplete (the run stops with a deadlock) or overshoots it.

mod common;
use common::{fails_with, hex, lcg, mem, run_src, text};

/// Each CTA of rank `r` (cluster of `n`, `T` threads): thread 0 inits its
/// `bar` (count 1), sets `acc = {1000 r, -5}` and arrives with
/// `expect_tx` of `bytes` (the parameter); `barrier.cluster`; then every
/// thread `t`, for each peer `q = (r + k) % n`, `k = 1..n-1`, stores
/// through `mapa`:
/// - `one[r T + t] = r * 0x10000 + t` (`st.async ... .u32`),
/// - `two[2 (r T + t)], [.. + 1] = {7 t + r, !(r * 0x10000 + t)}` (`.v2.b32`),
/// - `acc[0] += r * 0x10000 + t` (`red.async ... .add.u32`),
/// - `acc[1] = max(acc[1], (t - 40) (r + 1))` (`red.async ... .max.s32`),
///
/// then waits on its own `bar` (phase 0) and copies what its peers stored
/// out: `out[((c (n-1) + k - 1) T + t) 3 + j]` for peer `(r + k) % n`, and
/// thread 0 `acc` at `out2[2 c + j]`.
const XCHG: &str = r#".version 8.1
.target sm_90
.address_size 64
.visible .entry xchg(.param .u64 out, .param .u64 out2, .param .u32 bytes)
.explicitcluster
{
    .shared .align 8 .b64 bar;
    .shared .align 8 .b32 one[256];
    .shared .align 8 .b32 two[512];
    .shared .align 8 .b32 acc[2];
    .reg .pred %p<4>;
    .reg .b32 %r<40>;
    .reg .b64 %rd<40>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [out2];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %cluster_ctarank;
    mov.u32 %r4, %cluster_nctarank;
    mov.u32 %r5, %ctaid.x;
    mov.u64 %rd3, bar;
    mov.u64 %rd4, one;
    mov.u64 %rd5, two;
    mov.u64 %rd6, acc;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra $L__ready;
    mbarrier.init.shared::cta.b64 [%rd3], 1;
    mul.lo.u32 %r6, %r3, 1000;
    st.shared.u32 [%rd6], %r6;
    mov.u32 %r7, -5;
    st.shared.u32 [%rd6+4], %r7;
    ld.param.u32 %r8, [bytes];
    mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%rd3], %r8;
$L__ready:
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    shl.b32 %r9, %r3, 16;
    add.u32 %r9, %r9, %r1;
    mad.lo.u32 %r10, %r1, 7, %r3;
    not.b32 %r11, %r9;
    sub.s32 %r12, %r1, 40;
    add.s32 %r13, %r3, 1;
    mul.lo.s32 %r12, %r12, %r13;
    mad.lo.u32 %r14, %r3, %r2, %r1;
    mul.wide.u32 %rd7, %r14, 4;
    add.s64 %rd8, %rd4, %rd7;
    mul.wide.u32 %rd9, %r14, 8;
    add.s64 %rd10, %rd5, %rd9;
    mov.u32 %r15, 1;
$L__send:
    setp.ge.u32 %p2, %r15, %r4;
    @%p2 bra $L__sent;
    add.u32 %r16, %r3, %r15;
    rem.u32 %r16, %r16, %r4;
    mapa.shared::cluster.u64 %rd11, %rd3, %r16;
    mapa.shared::cluster.u64 %rd12, %rd8, %r16;
    mapa.shared::cluster.u64 %rd13, %rd10, %r16;
    mapa.shared::cluster.u64 %rd14, %rd6, %r16;
    st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%rd12], %r9, [%rd11];
    st.async.weak.shared::cluster.mbarrier::complete_tx::bytes.v2.b32 [%rd13], {%r10, %r11}, [%rd11];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%rd14], %r9, [%rd11];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.max.s32 [%rd14+4], %r12, [%rd11];
    add.u32 %r15, %r15, 1;
    bra.uni $L__send;
$L__sent:
    mov.u32 %r17, 0;
$L__wait:
    mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 %p3, [%rd3], %r17, 1000000;
    @!%p3 bra $L__wait;
    mov.u32 %r15, 1;
$L__copy:
    setp.ge.u32 %p2, %r15, %r4;
    @%p2 bra $L__copied;
    add.u32 %r16, %r3, %r15;
    rem.u32 %r16, %r16, %r4;
    mad.lo.u32 %r18, %r16, %r2, %r1;
    mul.wide.u32 %rd15, %r18, 4;
    add.s64 %rd16, %rd4, %rd15;
    ld.shared.u32 %r19, [%rd16];
    mul.wide.u32 %rd17, %r18, 8;
    add.s64 %rd18, %rd5, %rd17;
    ld.shared.v2.u32 {%r20, %r21}, [%rd18];
    sub.u32 %r22, %r4, 1;
    mul.lo.u32 %r23, %r5, %r22;
    add.u32 %r23, %r23, %r15;
    sub.u32 %r23, %r23, 1;
    mad.lo.u32 %r23, %r23, %r2, %r1;
    mul.lo.u32 %r23, %r23, 3;
    mul.wide.u32 %rd19, %r23, 4;
    add.s64 %rd20, %rd1, %rd19;
    st.global.u32 [%rd20], %r19;
    st.global.u32 [%rd20+4], %r20;
    st.global.u32 [%rd20+8], %r21;
    add.u32 %r15, %r15, 1;
    bra.uni $L__copy;
$L__copied:
    @%p1 bra $L__end;
    ld.shared.v2.u32 {%r24, %r25}, [%rd6];
    mul.wide.u32 %rd21, %r5, 8;
    add.s64 %rd22, %rd2, %rd21;
    st.global.v2.u32 [%rd22], {%r24, %r25};
$L__end:
    barrier.cluster.arrive.release.aligned;
    barrier.cluster.wait.acquire.aligned;
    ret;
}
"#;

fn le(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn cluster_peers_store_and_reduce_into_each_other() {
    for (grid, n, t) in [(4u32, 2u32, 64u32), (8, 4, 64), (3, 3, 32)] {
        // Bytes each CTA receives: from each of its n - 1 peers, per
        // thread, a .u32 (4), a .v2.b32 (8) and two 4-byte reductions.
        let bytes = (n - 1) * t * (4 + 8 + 4 + 4);
        let mut out = Vec::new();
        let mut out2 = Vec::new();
        for c in 0..grid {
            let r = c % n;
            for k in 1..n {
                let p = (r + k) % n;
                for th in 0..t {
                    let v = p * 0x10000 + th;
                    out.extend([v, 7 * th + p, !v]);
                }
            }
            let mut add = 1000 * r;
            let mut max = -5i32;
            for p in (0..n).filter(|&p| p != r) {
                for th in 0..t {
                    add = add.wrapping_add(p * 0x10000 + th);
                    max = max.max((th as i32 - 40) * (p as i32 + 1));
                }
            }
            out2.extend([add, max as u32]);
        }
        let o = run_src(
            "xchg.ptx",
            XCHG,
            &[
                "--grid",
                &grid.to_string(),
                "--block",
                &t.to_string(),
                "--cluster",
                &n.to_string(),
                "--set",
                "out=0x10000000000",
                "--set",
                "out2=0x20000000000",
                "--set",
                &format!("bytes={bytes}"),
            ],
        );
        assert_eq!(
            mem(&o, 0x100_0000_0000, 4 * out.len()),
            le(&out),
            "grid {grid} cluster {n} block {t}"
        );
        assert_eq!(mem(&o, 0x200_0000_0000, 4 * out2.len()), le(&out2));
        // One byte fewer expected: the phase's tx-count ends at -1, never
        // 0, and the waits are a deadlock.
        let o = run_src(
            "xchg-short.ptx",
            XCHG,
            &[
                "--grid",
                &grid.to_string(),
                "--block",
                &t.to_string(),
                "--cluster",
                &n.to_string(),
                "--set",
                "out=0x10000000000",
                "--set",
                "out2=0x20000000000",
                "--set",
                &format!("bytes={}", bytes - 1),
            ],
        );
        fails_with(&o, |stderr| {
            stderr.contains("error: deadlock:") && stderr.contains("tx-count -1")
        });
    }
}

/// Every `.op.type` of `red.async`: rank 1's one thread reduces `b[i]`
/// into word `i` of rank 0's `w` (which rank 0 loaded from `init`); rank
/// 0 expects 11 * 4 + 8 bytes, waits, and copies `w` out.
const REDOPS: &str = r#".version 8.1
.target sm_90
.address_size 64
.visible .entry redops(.param .u64 init, .param .u64 b, .param .u64 out)
.reqnctapercluster 2, 1, 1
{
    .shared .align 8 .b64 bar;
    .shared .align 8 .b64 w[12];
    .reg .pred %p<4>;
    .reg .b32 %r<40>;
    .reg .b64 %rd<40>;
    ld.param.u64 %rd1, [init];
    ld.param.u64 %rd2, [b];
    ld.param.u64 %rd3, [out];
    mov.u32 %r1, %cluster_ctarank;
    mov.u64 %rd4, bar;
    mov.u64 %rd5, w;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra $L__ready;
    mbarrier.init.shared.b64 [%rd4], 1;
    mov.u32 %r2, 0;
$L__load:
    mul.wide.u32 %rd6, %r2, 8;
    add.s64 %rd7, %rd1, %rd6;
    ld.global.u64 %rd8, [%rd7];
    add.s64 %rd9, %rd5, %rd6;
    st.shared.u64 [%rd9], %rd8;
    add.u32 %r2, %r2, 1;
    setp.lt.u32 %p2, %r2, 12;
    @%p2 bra $L__load;
    mbarrier.arrive.expect_tx.shared.b64 _, [%rd4], 52;
$L__ready:
    barrier.cluster.arrive;
    barrier.cluster.wait;
    @!%p1 bra $L__wait;
    mapa.shared::cluster.u64 %rd10, %rd4, 0;
    mapa.shared::cluster.u64 %rd11, %rd5, 0;
    ld.global.u32 %r10, [%rd2+0];
    ld.global.u32 %r11, [%rd2+8];
    ld.global.u32 %r12, [%rd2+16];
    ld.global.u32 %r13, [%rd2+24];
    ld.global.u32 %r14, [%rd2+32];
    ld.global.u32 %r15, [%rd2+40];
    ld.global.u32 %r16, [%rd2+48];
    ld.global.u32 %r17, [%rd2+56];
    ld.global.u32 %r18, [%rd2+64];
    ld.global.u32 %r19, [%rd2+72];
    ld.global.u32 %r20, [%rd2+80];
    ld.global.u64 %rd12, [%rd2+88];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%rd11], %r10, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.dec.u32 [%rd11+8], %r11, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.u32 [%rd11+16], %r12, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.min.s32 [%rd11+24], %r13, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.max.u32 [%rd11+32], %r14, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.max.s32 [%rd11+40], %r15, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.and.b32 [%rd11+48], %r16, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.or.b32 [%rd11+56], %r17, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.xor.b32 [%rd11+64], %r18, [%rd10];
    red.async.relaxed.cluster.mbarrier::complete_tx::bytes.add.u32 [%rd11+72], %r19, [%rd10];
    red.async.relaxed.cluster.shared::cluster.add.s32 [%rd11+80], %r20, [%rd10];
    red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u64 [%rd11+88], %rd12, [%rd10];
    bra.uni $L__end;
$L__wait:
    mbarrier.try_wait.parity.shared.b64 %p3, [%rd4], 0;
    @!%p3 bra $L__wait;
    mov.u32 %r2, 0;
$L__store:
    mul.wide.u32 %rd6, %r2, 8;
    add.s64 %rd9, %rd5, %rd6;
    ld.shared.u64 %rd8, [%rd9];
    add.s64 %rd7, %rd3, %rd6;
    st.global.u64 [%rd7], %rd8;
    add.u32 %r2, %r2, 1;
    setp.lt.u32 %p2, %r2, 12;
    @%p2 bra $L__store;
$L__end:
    barrier.cluster.arrive;
    barrier.cluster.wait;
    ret;
}
"#;

/// The PTX ISA's reductions (`atom`/`red.async`), by hand: `inc`
/// "(*a >= b) ? 0 : *a + 1", `dec` "((*a == 0) || (*a > b)) ? b : *a - 1",
/// min/max unsigned and signed, and/or/xor, add wrapping.
fn redops_want(init: &[u64; 12], b: &[u64; 12]) -> Vec<u64> {
    let lo = |x: u64| x as u32;
    let keep_hi = |old: u64, new: u32| old & !0xffff_ffff | u64::from(new);
    (0..12)
        .map(|i| {
            let (o, v) = (lo(init[i]), lo(b[i]));
            let new = match i {
                0 => {
                    if o >= v {
                        0
                    } else {
                        o + 1
                    }
                }
                1 => {
                    if o == 0 || o > v {
                        v
                    } else {
                        o - 1
                    }
                }
                2 => o.min(v),
                3 => (o as i32).min(v as i32) as u32,
                4 => o.max(v),
                5 => (o as i32).max(v as i32) as u32,
                6 => o & v,
                7 => o | v,
                8 => o ^ v,
                9 | 10 => o.wrapping_add(v),
                _ => return init[i].wrapping_add(b[i]),
            };
            keep_hi(init[i], new)
        })
        .collect()
}

#[test]
fn every_red_async_operation() {
    let r = lcg(48, 5);
    let w = |i: usize| u64::from(r[2 * i]) | u64::from(r[2 * i + 1]) << 32;
    let random: ([u64; 12], [u64; 12]) =
        (std::array::from_fn(w), std::array::from_fn(|i| w(12 + i)));
    // Edges: inc at its bound (wraps to 0), dec of 0 (to b), dec above b,
    // signed min/max across the sign, unsigned ones at the extremes,
    // additions that carry out.
    let edge: ([u64; 12], [u64; 12]) = (
        [
            7,
            0,
            9,
            0xffff_fffe,
            0xffff_ffff,
            0x8000_0000,
            0xf0f0_f0f0,
            0x0f0f_0000,
            0xffff_ffff,
            0xffff_ffff,
            0x7fff_ffff,
            u64::MAX,
        ],
        [
            7,
            5,
            3,
            5,
            0,
            0x7fff_ffff,
            0xff00_ff00,
            0xf0,
            0x1234_5678,
            2,
            1,
            3,
        ],
    );
    for (init, b) in [random, edge] {
        let bytes = |v: &[u64]| hex(&v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<_>>());
        let o = run_src(
            "redops.ptx",
            REDOPS,
            &[
                "--grid",
                "2",
                "--set",
                "init=0x1000",
                "--set",
                "b=0x2000",
                "--set",
                "out=0x3000",
                "--mem",
                &format!("0x1000={}", bytes(&init)),
                "--mem",
                &format!("0x2000={}", bytes(&b)),
            ],
        );
        let want: Vec<u8> = redops_want(&init, &b)
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        assert_eq!(hex(&mem(&o, 0x3000, 96)), hex(&want), "{init:x?} {b:x?}");
    }
}

/// Uses the PTX ISA leaves undefined are errors at their operand, with the
/// rule: a cluster of one CTA, `red.async` into the thread's own CTA, a
/// destination and an mbarrier in different CTAs, a misaligned `.v2`.
#[test]
fn undefined_uses_are_errors_at_their_line() {
    let kernel = |body: &str| {
        format!(
            ".version 8.1\n.target sm_90\n.address_size 64\n.visible .entry k()\n{{\n.shared .align 8 .b64 bar;\n.shared .align 8 .b32 s[8];\n.reg .b32 %r<4>;\n.reg .b64 %rd<8>;\nmov.u64 %rd1, bar;\nmov.u64 %rd2, s;\nmbarrier.init.shared.b64 [%rd1], 1;\nmov.u32 %r1, %cluster_ctarank;\nxor.b32 %r2, %r1, 1;\nrem.u32 %r2, %r2, %cluster_nctarank;\nmapa.shared::cluster.u64 %rd3, %rd1, %r2;\nmapa.shared::cluster.u64 %rd4, %rd2, %r2;\n{body}\nret;\n}}\n"
        )
    };
    // (the line; the cluster; the text the error points at; the message)
    for (body, cluster, at, msg) in [
        (
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%rd2], %r1, [%rd1];",
            "1",
            "st.async",
            "needs a cluster of more than one CTA (%cluster_nctarank is 1)",
        ),
        (
            "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%rd2], %r1, [%rd1];",
            "2",
            "[%rd2]",
            "reduces into the executing thread's own CTA (rank 0)",
        ),
        (
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%rd4], %r1, [%rd1];",
            "2",
            "[%rd1]",
            "stores into the CTA of rank 1 but signals the mbarrier at",
        ),
        (
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.b32 [%rd2+4], {%r1, %r2}, [%rd1];",
            "2",
            "[%rd2+4]",
            "misaligned access:",
        ),
    ] {
        let o = run_src(
            "undef.ptx",
            &kernel(body),
            &["--grid", cluster, "--cluster", cluster],
        );
        let (_, stderr) = text(&o);
        let col = body.find(at).unwrap() + 1;
        assert_eq!(o.status.code(), Some(2), "{body}: {stderr}");
        assert!(
            stderr.contains(&format!("undef.ptx:18:{col}: error: ")) && stderr.contains(msg),
            "{body}: {stderr}"
        );
    }
}

/// `ptxfp check`: the forms the ISA lists pass; a form no row admits, and
/// one newer than the module, are errors at their line.
#[test]
fn check_knows_the_forms() {
    let src = ".version 8.1\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nst.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%rd1], {%r1, %r1, %r1, %r1}, [%rd2];\nred.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%rd1], %r1, [%rd2];\nred.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64 [%rd1], %rd1, [%rd2];\nst.async.release.gpu.global.u32 [%rd1], %r1;\nret;\n}\n";
    let dir = std::env::temp_dir().join(format!("ptxfp-stasync-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.ptx");
    std::fs::write(&path, src).unwrap();
    let o = common::ptxfp(&["check", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&o);
    let all = format!("{stdout}{stderr}");
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(!all.contains("c.ptx:8:"), "{all}");
    assert!(!all.contains("c.ptx:9:"), "{all}");
    assert!(
        all.contains("c.ptx:10:1: error: `red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.s64`"),
        "{all}"
    );
    assert!(
        all.contains(
            "c.ptx:11:1: error: `st.async.release.gpu.global.u32` requires PTX ISA 8.7 or later"
        ),
        "{all}"
    );
}

/// The `.release` global forms (PTX ISA 8.7, sm_100): a store, and an
/// add into a word given before the run, at once.
#[test]
fn release_forms_store_and_add_to_global_memory() {
    let src = ".version 8.7\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n.reg .b16 %h<2>;\n.reg .b32 %r<2>;\n.reg .b64 %rd<4>;\nld.param.u64 %rd1, [p];\nmov.b16 %h1, 0x12ef;\nmov.u32 %r1, 0xdeadbeef;\nst.async.release.gpu.global.u32 [%rd1], %r1;\nmov.u64 %rd2, 0xffffffff00000001;\nred.async.release.sys.global.add.u64 [%rd1+8], %rd2;\nst.async.mmio.release.sys.global.u16 [%rd1+16], %h1;\nret;\n}\n";
    let o = run_src(
        "rel.ptx",
        src,
        &["--set", "p=0x1000", "--mem", "0x1008=ffffffff00000000"],
    );
    // 0x00000000ffffffff + 0xffffffff00000001 wraps to 0 in 64 bits.
    let mut want = 0xdeadbeefu32.to_le_bytes().to_vec();
    want.extend([0; 4]);
    want.extend([0u8; 8]);
    want.extend([0xef, 0x12]);
    assert_eq!(hex(&mem(&o, 0x1000, 4)), hex(&want[..4]));
    assert_eq!(hex(&mem(&o, 0x1008, 10)), hex(&want[8..]));
}
