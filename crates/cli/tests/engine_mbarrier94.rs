//! The mbarrier additions of PTX ISA 9.3 and 9.4 through the engine:
//! layouts and `check_layout`, the primary and conditional phases with
//! their payload report (9.7.15.16.2-.8, .19, .21), the report mechanisms
//! of bulk and tensor copies (9.7.10.28.1.3), and the 32-bit cluster
//! multicast of `mbarrier`, `cp.async.bulk` and `tcgen05.commit`. Expected
//! values are worked out here from the ISA's sentences, quoted at each
//! test.

mod common;
use common::{fails_with, mem, run_src, text};

/// Two phases of a `.layout::v1` mbarrier, each tracking a 32-byte bulk
/// copy with `.mbarrier::report::validity::REPORT`, from `src` (phase 0)
/// and `src + 32` (phase 1). After each phase thread 0 stores, as words:
/// the primary wait's waitComplete, reportPredicate and reportValue, and a
/// `test_wait` of the conditional phase of the same parity. Then the
/// layout checks of the v1 object and of a v0 one.
fn report_kernel(report: &str) -> String {
    format!(
        "\
.version 9.4
.target sm_107f
.address_size 64
.visible .entry k(.param .u64 src, .param .u64 out)
{{
    .shared .align 16 .b8 buf[64];
    .shared .align 8 .b64 bar;
    .shared .align 8 .b64 bar0;
    .reg .pred %p<10>;
    .reg .b8 %rb<4>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [src];
    ld.param.u64 %rd2, [out];
    mbarrier.init.layout::v1.shared::cta.b64 [bar], 1;
    mbarrier.init.shared::cta.b64 [bar0], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [bar], 32;
    cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.mbarrier::report::validity::{report} [buf], [%rd1], 32, [bar];
    mbarrier.try_wait.parity.phase_type::primary.shared::cta.b64 %p1|%p2, %rb1, [bar], 0;
    mbarrier.test_wait.parity.phase_type::conditional.shared::cta.b64 %p3, [bar], 0;
    selp.u32 %r1, 1, 0, %p1;
    selp.u32 %r2, 1, 0, %p2;
    cvt.u32.u8 %r3, %rb1;
    selp.u32 %r4, 1, 0, %p3;
    st.global.v4.u32 [%rd2], {{%r1, %r2, %r3, %r4}};
    add.s64 %rd3, %rd1, 32;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [bar], 32;
    cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.mbarrier::report::validity::{report} [buf+32], [%rd3], 32, [bar];
    mbarrier.try_wait.parity.phase_type::primary.shared::cta.b64 %p1|%p2, %rb1, [bar], 1;
    mbarrier.test_wait.parity.phase_type::conditional.shared::cta.b64 %p3, [bar], 1;
    selp.u32 %r1, 1, 0, %p1;
    selp.u32 %r2, 1, 0, %p2;
    cvt.u32.u8 %r3, %rb1;
    selp.u32 %r4, 1, 0, %p3;
    st.global.v4.u32 [%rd2+16], {{%r1, %r2, %r3, %r4}};
    mbarrier.check_layout.layout::v1.shared::cta.b64 %p4, [bar];
    mbarrier.check_layout.layout::v1.shared::cta.b64 %p5, [bar0];
    mbarrier.check_layout.layout::v0.shared::cta.b64 %p6, [bar0];
    selp.u32 %r5, 1, 0, %p4;
    selp.u32 %r6, 1, 0, %p5;
    selp.u32 %r7, 1, 0, %p6;
    st.global.v4.u32 [%rd2+32], {{%r5, %r6, %r7, %r7}};
    ret;
}}
"
    )
}

/// The words `mem` holds at `at`.
fn words_at(o: &std::process::Output, at: u64, n: usize) -> Vec<u32> {
    mem(o, at, 4 * n)
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// 64 source bytes as `--mem` hex, with `words` (index, value) set.
fn source(words: &[(usize, u32)]) -> String {
    let mut w = [0u32; 16];
    for (i, k) in w.iter_mut().enumerate() {
        *k = i as u32 + 1;
    }
    for &(i, v) in words {
        w[i] = v;
    }
    let hex: String = w
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("0x2000={hex}")
}

/// `per_16bytes::80000000`: "A sampled element from the aligned 16 byte
/// chunk of the source global memory is matched with the Matching
/// bit-pattern" (-0 in FP32); "If the pattern matches, issues a report-on
/// operation on the mbarrier ... the report predicate is modified to
/// non-zero value; whereas report value is altered in an idempotent way
/// (atomically OR'ed with 0)". Phase 0's -0 is the second element of its
/// chunk (not the sampled first: docs/NVIDIA.md "Copy reports"); phase
/// 1's is the first element of its first chunk. ".phase_type::conditional
/// ... checks for completion of the conditional phase": it advanced with
/// phase 0 (report zero) and not with phase 1 ("If the payload report
/// associated with the current primary phase of the mbarrier is zero,
/// then the conditional phase advances").
#[test]
fn per_16_byte_reports_and_the_conditional_phase() {
    let o = run_src(
        "report16.ptx",
        &report_kernel("per_16bytes::80000000"),
        &[
            "--set",
            "src=0x2000",
            "--set",
            "out=0x1000",
            "--mem",
            &source(&[(1, 0x8000_0000), (8, 0x8000_0000)]),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    // waitComplete, reportPredicate, reportValue, conditional complete.
    assert_eq!(words_at(&o, 0x1000, 4), [1, 0, 0, 1]);
    assert_eq!(words_at(&o, 0x1010, 4), [1, 1, 0, 0]);
    // check_layout: "sets the predicate operand p to True if the layout of
    // the mbarrier object exactly matches the .layout qualifier".
    assert_eq!(words_at(&o, 0x1020, 3), [1, 0, 1]);
    // The data arrived all the same.
    assert_eq!(words_at(&o, 0x1000, 1)[0], 1);
}

/// `per_element::ff`: "Each element is matched with the Matching
/// bit-pattern", 0xff in any byte; FP16 -0 (`per_16bytes::8000`) is the
/// chunk's first half-word.
#[test]
fn per_element_and_fp16_reports() {
    let args = |m: &str| {
        vec![
            "--set".to_string(),
            "src=0x2000".into(),
            "--set".into(),
            "out=0x1000".into(),
            "--mem".into(),
            m.to_string(),
        ]
    };
    let ff = source(&[(13, 0x00ff_0000)]);
    let a = args(&ff);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let o = run_src("reportff.ptx", &report_kernel("per_element::ff"), &a);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    assert_eq!(words_at(&o, 0x1000, 4), [1, 0, 0, 1]);
    assert_eq!(words_at(&o, 0x1010, 4), [1, 1, 0, 0]);
    // FP16 -0 at the first half-word of phase 0's second chunk: reported
    // in phase 0, so conditional phase 0 stays current. Phase 1 has no
    // report: conditional phase 0 completes with it ("the conditional
    // phase advances"), and the one of parity 1 is now current, not
    // complete.
    let h = source(&[(4, 0x0001_8000)]);
    let a = args(&h);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let o = run_src("report8000.ptx", &report_kernel("per_16bytes::8000"), &a);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    assert_eq!(words_at(&o, 0x1000, 4), [1, 1, 0, 0]);
    assert_eq!(words_at(&o, 0x1010, 4), [1, 0, 0, 0]);
}

/// "when the .report_mechanism is specified for data inspection, the
/// associated mbarrier operand must have been initialized with the layout
/// .layout::v1, otherwise the behavior is undefined"; the count of a v1
/// object is "[1, …, 2^9 - 1]"; the report qualifiers need PTX ISA 9.4 and
/// the sm_107f family; ".phase_type::conditional requires .parity".
#[test]
fn report_errors() {
    let src = report_kernel("per_element::ff").replace(
        "init.layout::v1.shared::cta.b64 [bar], 1",
        "init.shared::cta.b64 [bar], 1",
    );
    let args = [
        "--set",
        "src=0x2000",
        "--set",
        "out=0x1000",
        "--mem",
        &source(&[]),
    ];
    fails_with(&run_src("report-v0.ptx", &src, &args), |e| {
        e.contains("which is a .layout::v0 object") && e.contains("mbarrier.init.layout::v1")
    });
    let src = report_kernel("per_element::ff").replace(
        "[bar], 1;\n    mbarrier.init.shared",
        "[bar], 512;\n    mbarrier.init.shared",
    );
    fails_with(&run_src("report-count.ptx", &src, &args), |e| {
        e.contains("mbarrier count 512: the expected arrival count of a .layout::v1 object is 1 to 2^9 - 1 (511)")
    });
    let src = report_kernel("per_element::ff").replace(".target sm_107f", ".target sm_100a");
    fails_with(&run_src("report-target.ptx", &src, &args), |e| {
        e.contains("sm_107")
    });
    let src = report_kernel("per_element::ff").replace(".target sm_107f", ".target sm_107");
    fails_with(&run_src("report-plain.ptx", &src, &args), |e| {
        e.contains("needs a family target (sm_107f)")
    });
    let src = report_kernel("per_element::ff").replace(
        "test_wait.parity.phase_type::conditional.shared::cta.b64 %p3, [bar], 0",
        "test_wait.phase_type::conditional.shared::cta.b64 %p3, [bar], %rd1",
    );
    fails_with(&run_src("report-cond.ptx", &src, &args), |e| {
        e.contains("`.phase_type::conditional` requires `.parity`")
    });
}

/// A cluster of 20 CTAs (more than a 16-bit mask reaches). CTA 0's thread
/// 0 multicasts to ranks 0 and 19 (`0x80001`): an expect-tx of 16 bytes,
/// a 16-byte bulk copy, then an arrive. "The optional qualifier
/// .multicast::cluster::32b allows performing arrive-on and optionally
/// expect-tx operation on an mbarrier object from shared memory of
/// multiple CTAs in the cluster ... each bit position in the 32-bit
/// ctaMask operand corresponds to the %cluster_ctarank of the target
/// CTA"; "The source data is multicast to the same CTA-relative offset as
/// dstMem in the shared memory of each destination CTA". Every CTA then
/// stores whether its phase 0 completed and the word its buffer holds.
const MULTICAST: &str = "\
.version 9.4
.target sm_107f
.address_size 64
.visible .entry k(.param .u64 src, .param .u64 out, .param .u32 mask)
.explicitcluster
{
    .shared .align 16 .b32 buf[4];
    .shared .align 8 .b64 bar;
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [src];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r9, [mask];
    mov.u32 %r1, %cluster_ctarank;
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, 7;
    st.shared.u32 [buf], %r3;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 mbarrier.init.shared::cta.b64 [bar], 1;
    fence.mbarrier_init.release.cluster;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    setp.eq.u32 %p2, %r1, 0;
    and.pred %p2, %p2, %p1;
    @%p2 mbarrier.expect_tx.relaxed.cluster.shared::cluster.multicast::cluster::32b.b64 [bar], 16, %r9;
    @%p2 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster::32b [buf], [%rd1], 16, [bar], %r9;
    @%p2 mbarrier.arrive.release.cluster.shared::cluster.multicast::cluster::32b.b64 _, [bar], %r9;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    mbarrier.test_wait.parity.shared::cta.b64 %p3, [bar], 0;
    selp.u32 %r4, 1, 0, %p3;
    ld.shared.u32 %r5, [buf];
    mul.wide.u32 %rd3, %r1, 8;
    add.s64 %rd4, %rd2, %rd3;
    @%p1 st.global.v2.u32 [%rd4], {%r4, %r5};
    ret;
}
";

#[test]
fn a_32_bit_multicast_reaches_rank_19() {
    // The kernel `src` in a cluster of 20 with `mask` and the source words.
    let launch = |name: &str, src: &str, mask: &str, words: &[(usize, u32)]| {
        let mask = format!("mask={mask}");
        run_src(
            name,
            src,
            &[
                "--grid",
                "20",
                "--cluster",
                "20",
                "--block",
                "32",
                "--set",
                "src=0x2000",
                "--set",
                "out=0x1000",
                "--set",
                &mask,
                "--mem",
                &source(words),
            ],
        )
    };
    let o = launch("multicast32.ptx", MULTICAST, "0x80001", &[(0, 0xabcd)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    let got = words_at(&o, 0x1000, 40);
    for r in 0..20 {
        let want = if r == 0 || r == 19 {
            [1, 0xabcd]
        } else {
            [0, 7]
        };
        assert_eq!(got[2 * r..2 * r + 2], want, "rank {r}");
    }
    // A bit past the cluster: "ctaMask ... names CTA ranks past the
    // cluster's 20 CTA(s)".
    fails_with(
        &launch("multicast32-out.ptx", MULTICAST, "0x100001", &[]),
        |e| e.contains("names CTA ranks past the cluster's 20 CTA(s)"),
    );
    // "Qualifier .multicast::cluster::32b is supported on the following
    // family-specific architectures: sm_107f or higher in the same family".
    let old = MULTICAST.replace(".target sm_107f", ".target sm_100a");
    fails_with(&launch("multicast32-target.ptx", &old, "1", &[]), |e| {
        e.contains("sm_107")
    });
    // The state of a remote arrive: "Sink symbol '_' is mandatory".
    let state = MULTICAST.replace("b64 _, [bar], %r9", "b64 %rd5, [bar], %r9");
    fails_with(&launch("multicast32-state.ptx", &state, "1", &[]), |e| {
        e.contains("write the sink `_`")
    });
}

/// `tcgen05.commit ... .multicast::cluster`: "signaling on the mbarrier
/// objects of multiple CTAs in the cluster"; with nothing in flight the
/// arrive-on (count 1) happens at once, at each CTA of the 16-bit mask.
#[test]
fn tcgen05_commit_multicasts() {
    let src = "\
.version 8.6
.target sm_100a
.address_size 64
.visible .entry k(.param .u64 out)
.explicitcluster
{
    .shared .align 8 .b64 bar;
    .reg .pred %p<4>;
    .reg .b16 %rs<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %cluster_ctarank;
    mov.u32 %r2, %tid.x;
    setp.eq.u32 %p1, %r2, 0;
    @%p1 mbarrier.init.shared::cta.b64 [bar], 1;
    fence.mbarrier_init.release.cluster;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    setp.eq.u32 %p2, %r1, 1;
    and.pred %p2, %p2, %p1;
    mov.u16 %rs1, 5;
    @%p2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [bar], %rs1;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    mbarrier.test_wait.parity.shared::cta.b64 %p3, [bar], 0;
    selp.u32 %r4, 1, 0, %p3;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    @%p1 st.global.u32 [%rd3], %r4;
    ret;
}
";
    let o = run_src(
        "commit-mc.ptx",
        src,
        &[
            "--grid",
            "4",
            "--cluster",
            "4",
            "--block",
            "32",
            "--set",
            "out=0x1000",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    assert_eq!(words_at(&o, 0x1000, 4), [1, 0, 1, 0]);
    // `::32b` is PTX ISA 9.4 on the sm_107f family.
    let w = src
        .replace(
            "multicast::cluster.b64 [bar], %rs1",
            "multicast::cluster::32b.b64 [bar], %rs1",
        )
        .replace(".target sm_100a", ".target sm_100f")
        .replace(".version 8.6", ".version 9.4");
    fails_with(
        &run_src(
            "commit-mc32.ptx",
            &w,
            &["--grid", "4", "--cluster", "4", "--set", "out=0x1000"],
        ),
        |e| e.contains("sm_107f"),
    );
}

/// A tensor copy's report: a 1-d box of 8 `.f32` at coordinate `c` of a
/// 12-element tensor, `per_16bytes::80000000`, on a `.layout::v1` object;
/// thread 0 stores waitComplete and reportPredicate. The sampled elements
/// are the box's 0th and 4th; an element filled for lying outside the
/// tensor was not read from global memory and matches nothing
/// (docs/NVIDIA.md "Copy reports").
#[test]
fn tensor_copy_reports() {
    let src = "\
.version 9.4
.target sm_107f
.address_size 64
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out, .param .u32 c)
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 128 .b8 buf[32];
    .shared .align 8 .b64 bar;
    .reg .pred %p<4>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [c];
    mbarrier.init.layout::v1.shared::cta.b64 [bar], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [bar], 32;
    cp.async.bulk.tensor.1d.shared::cta.global.tile.mbarrier::complete_tx::bytes.mbarrier::report::validity::per_16bytes::80000000 [buf], [%tm, {%r1}], [bar];
    mbarrier.try_wait.parity.phase_type::primary.shared::cta.b64 %p1|%p2, [bar], 0;
    selp.u32 %r2, 1, 0, %p1;
    selp.u32 %r3, 1, 0, %p2;
    st.global.v2.u32 [%rd2], {%r2, %r3};
    ret;
}
";
    // Element 8 of the tensor is -0.
    let mut t = [0u32; 12];
    for (i, w) in t.iter_mut().enumerate() {
        *w = (i as u32 + 1) << 20;
    }
    t[8] = 0x8000_0000;
    let hex: String = t
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect();
    let run = |c: &str| {
        let c = format!("c={c}");
        let m = format!("0x10000={hex}");
        run_src(
            "tensor-report.ptx",
            src,
            &[
                "--tensor-map",
                "tmap=f32:12@0x10000:box=8",
                "--mem",
                &m,
                "--set",
                "out=0x1000",
                "--set",
                &c,
            ],
        )
    };
    // c = 4: box elements 0..8 are tensor elements 4..12; element 8 is
    // the box's 4th, a sampled one.
    let o = run("4");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    assert_eq!(words_at(&o, 0x1000, 2), [1, 1]);
    // c = 5: element 8 is the box's 3rd, not sampled.
    let o = run("5");
    assert_eq!(words_at(&o, 0x1000, 2), [1, 0]);
    // c = 8: the box's 0th; its 4th to 7th lie outside (filled, not read).
    let o = run("8");
    assert_eq!(words_at(&o, 0x1000, 2), [1, 1]);
}

/// `.override::global_address`: "the global memory address present in the
/// opaque tensorMap object is ignored and instead the address specified by
/// the explicit 64-bit operand gAddrToOverride is used. The
/// gAddrToOverride address must be 16B aligned; otherwise, a runtime error
/// is raised." The map says 0x10000; the copy reads the same box at the
/// override, 0x20000 (or 0x20008, an error).
#[test]
fn a_tensor_copy_overrides_the_global_address() {
    let src = "\
.version 9.4
.target sm_107f
.address_size 64
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out, .param .u64 g)
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 128 .b32 buf[4];
    .shared .align 8 .b64 bar;
    .reg .pred %p<4>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd2, [out];
    ld.param.u64 %rd3, [g];
    mov.u32 %r1, 0;
    mbarrier.init.shared::cta.b64 [bar], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [bar], 16;
    cp.async.bulk.tensor.1d.shared::cta.global.tile.mbarrier::complete_tx::bytes.override::global_address [buf], [%tm, %rd3, {%r1}], [bar];
    mbarrier.try_wait.parity.shared::cta.b64 %p1, [bar], 0;
    ld.shared.v4.u32 {%r2, %r3, %r4, %r5}, [buf];
    st.global.v4.u32 [%rd2], {%r2, %r3, %r4, %r5};
    ret;
}
";
    let run = |g: &str| {
        run_src(
            "override.ptx",
            src,
            &[
                "--tensor-map",
                "tmap=u32:4@0x10000:box=4",
                "--mem",
                "0x10000=01000000020000000300000004000000",
                "--mem",
                "0x20000=0b0000000c0000000d0000000e0000000f000000",
                "--set",
                "out=0x1000",
                "--set",
                g,
            ],
        )
    };
    let o = run("g=0x20000");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    assert_eq!(words_at(&o, 0x1000, 4), [11, 12, 13, 14]);
    fails_with(&run("g=0x20008"), |e| {
        e.contains("gAddrToOverride 0x20008 is not 16-byte aligned")
    });
    // `.override::global_dim` is decoded and refused where reached: the
    // ISA does not say how its 8-bit values encode a dimension.
    let attr = src.replace(
        "override::global_address [buf], [%tm, %rd3, {%r1}]",
        "override::global_address.override::global_dim [buf], [%tm, %rd3, {%rs1}, {%r1}]",
    );
    fails_with(
        &run_src(
            "override-dim.ptx",
            &attr,
            &[
                "--tensor-map",
                "tmap=u32:4@0x10000:box=4",
                "--set",
                "out=0x1000",
                "--set",
                "g=0x20000",
            ],
        ),
        |e| e.contains("8-bit value"),
    );
}

/// "mbarrier.arrive operation on an mbarrier object located in
/// .shared::cluster but not in .shared::cta cannot return a value. Sink
/// symbol '_' is mandatory for the destination operand for such cases."
#[test]
fn a_remote_arrive_returns_no_state() {
    let src = |dst: &str| {
        format!(
            "\
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
.explicitcluster
{{
    .shared .align 8 .b64 bar;
    .reg .b32 %r<4>;
    .reg .b64 %rd<2>;
    mbarrier.init.shared::cta.b64 [bar], 2;
    barrier.cluster.arrive.aligned;
    barrier.cluster.wait.aligned;
    mov.u32 %r1, bar;
    mov.u32 %r3, %cluster_ctarank;
    xor.b32 %r3, %r3, 1;
    mapa.shared::cluster.u32 %r2, %r1, %r3;
    mbarrier.arrive.release.cluster.shared::cluster.b64 {dst}, [%r2];
    ret;
}}
"
        )
    };
    let args = ["--grid", "2", "--cluster", "2"];
    let o = run_src("remote-arrive.ptx", &src("_"), &args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    fails_with(&run_src("remote-state.ptx", &src("%rd1"), &args), |e| {
        e.contains("cannot return a value") && e.contains("write the sink `_`")
    });
}

/// A `try_wait` on a conditional phase that a report keeps from
/// completing suspends its thread; with nothing left to run the engine
/// stops with a deadlock error at the wait rather than hang.
#[test]
fn a_blocked_conditional_phase_is_a_deadlock() {
    let src = report_kernel("per_16bytes::80000000").replace(
        "mbarrier.test_wait.parity.phase_type::conditional.shared::cta.b64 %p3, [bar], 1;",
        "mbarrier.try_wait.parity.phase_type::conditional.shared::cta.b64 %p3, [bar], 1;",
    );
    let o = run_src(
        "cond-deadlock.ptx",
        &src,
        &[
            "--set",
            "src=0x2000",
            "--set",
            "out=0x1000",
            "--mem",
            &source(&[(8, 0x8000_0000)]),
        ],
    );
    fails_with(&o, |e| {
        e.contains("deadlock")
            && e.contains("cond-deadlock.ptx:")
            && e.contains("so its conditional phase did not advance")
    });
}
