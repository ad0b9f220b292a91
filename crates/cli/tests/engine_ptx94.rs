//! PTX ISA 9.3's `clmad` and 9.4's module-level additions through the engine: per-CTA global
//! memory (`.minperctamemory`, `%perctamemoryoffset`, `%perctamemorysize`;
//! §11.4.10, §10.34, §10.35) and the intermediate-IR debug constructs
//! (`.loc_intermediate`, `.nv_intermediate_source_section`; §11.5.5,
//! §11.5.6), and `set` on packed integers (§9.7.7.1). Expected values are worked out here from the ISA's sentences
//! and docs/ENGINE.md "Per-CTA global memory"'s layout.

mod common;
use common::{fails_with, mem, run_src, text};

/// Each thread writes `100 × cta + tid` into its CTA's slice, reads it
/// back after a barrier from its neighbour's word, and stores what it read
/// and the slice size. `.minperctamemory 3000` gives slices of 3072 bytes
/// ("a multiple of 1024 bytes", "greater or equal than the size
/// specified"), CTA `x + 3 y` of a 3 × 2 grid at 0x3000_0000_0000_0000 +
/// 3072 × (x + 3 y).
const KERNEL: &str = "\
.version 9.4
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out) .minperctamemory 3000
{
    .reg .b32 %r<12>;
    .reg .b64 %rd<12>;
    .loc 1 10 3
    .loc_intermediate 2 23 6
    ld.param.u64 %rd1, [out];
    mov.u64 %rd2, %perctamemoryoffset;
    mov.u32 %r1, %perctamemorysize;
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ctaid.y;
    mad.lo.u32 %r5, %r4, 3, %r3;
    mad.lo.u32 %r6, %r5, 100, %r2;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r6;
    bar.sync 0;
    add.u32 %r7, %r2, 1;
    and.b32 %r7, %r7, 3;
    mul.wide.u32 %rd5, %r7, 4;
    add.s64 %rd6, %rd2, %rd5;
    ld.global.u32 %r8, [%rd6];
    mad.lo.u32 %r9, %r5, 4, %r2;
    mul.wide.u32 %rd7, %r9, 16;
    add.s64 %rd8, %rd1, %rd7;
    st.global.u32 [%rd8], %r8;
    st.global.u32 [%rd8+4], %r1;
    st.global.u64 [%rd8+8], %rd2;
    ret;
}
.file 1 \"k.cu\"
.file 2 \"k.ir\"
.nv_intermediate_source_section {
    .code_block {
        .ir_name:        \"TileIR\"
        .sourceFileName: 2
        .source_begin
            entry @k(%out: !ptr) { %x = \"}\" ; // not PTX }
        .source_end
    }
}
";

#[test]
fn per_cta_global_memory_slices() {
    let o = run_src(
        "percta.ptx",
        KERNEL,
        &["--grid", "3,2", "--block", "4", "--set", "out=0x1000"],
    );
    let got = mem(&o, 0x1000, 24 * 16);
    for cta in 0..6u64 {
        for tid in 0..4u64 {
            let at = ((cta * 4 + tid) * 16) as usize;
            let word = |k: usize| u32::from_le_bytes(got[at + k..at + k + 4].try_into().unwrap());
            let base = 0x3000_0000_0000_0000u64 + 3072 * cta;
            assert_eq!(
                u64::from(word(0)),
                100 * cta + (tid + 1) % 4,
                "cta {cta} tid {tid}"
            );
            assert_eq!(word(4), 3072);
            assert_eq!(u64::from(word(8)) | u64::from(word(12)) << 32, base);
        }
    }
    // The slices are global memory, printed with the rest.
    let slice = mem(&o, 0x3000_0000_0000_0000 + 3072 * 5, 16);
    assert_eq!(
        slice,
        [500u32, 501, 502, 503]
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect::<Vec<u8>>()
    );
}

#[test]
fn the_registers_need_the_directive() {
    let src = KERNEL.replace(" .minperctamemory 3000", "");
    fails_with(
        &run_src("percta-none.ptx", &src, &["--set", "out=0x1000"]),
        |e| {
            e.contains("`%perctamemoryoffset` is valid only in an entry function that specifies `.minperctamemory`")
        },
    );
    // A slice holds nothing until written: a load before a store is the
    // usual error.
    let src = KERNEL.replace("st.global.u32 [%rd4], %r6;", "");
    let o = run_src("percta-unwritten.ptx", &src, &["--set", "out=0x1000"]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("never given or written"), "{stderr}");
}

/// `set` on packed integers, worked by hand: a = {0x80, 0x7f, 0xff, 0x01}
/// (bytes, low first), b = {0x7f, 0x80, 0x00, 0x01}. `.s8x4` `ge`: -128 >=
/// 127 no, 127 >= -128 yes, -1 >= 0 no, 1 >= 1 yes: 0xff00ff00. `.u8x4`
/// `ge`: 128 >= 127 yes, 127 >= 128 no, 255 >= 0 yes, yes: 0xffff00ff.
/// `.u16x2` `lo` on {0x7f80, 0x01ff} and {0x807f, 0x0100}: yes, no:
/// 0x0000ffff; `.s16x2` `lt`: 0x7f80 < -0x7f81 no, 0x01ff < 0x0100 no: 0.
#[test]
fn set_on_packed_integers() {
    let src = ".version 9.4\n.target sm_107f\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n    .reg .b32 %r<8>;\n    .reg .b64 %rd1;\n    ld.param.u64 %rd1, [out];\n    mov.b32 %r1, 0x01ff7f80;\n    mov.b32 %r2, 0x0100807f;\n    set.ge.s8x4 %r3, %r1, %r2;\n    set.ge.u8x4 %r4, %r1, %r2;\n    set.lo.u16x2 %r5, %r1, %r2;\n    set.lt.s16x2 %r6, %r1, %r2;\n    st.global.v4.b32 [%rd1], {%r3, %r4, %r5, %r6};\n    ret;\n}\n";
    let o = run_src("setsimd.ptx", src, &["--set", "out=0x1000"]);
    let want: Vec<u8> = [0xff00_ff00u32, 0xffff_00ff, 0x0000_ffff, 0]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    assert_eq!(mem(&o, 0x1000, 16), want);
    let bad = src.replace("set.lt.s16x2", "set.lo.s16x2");
    fails_with(
        &run_src("setsimd-lo.ptx", &bad, &["--set", "out=0x1000"]),
        |e| e.contains("unsigned comparisons"),
    );
    let old = src.replace(".target sm_107f", ".target sm_107");
    fails_with(
        &run_src("setsimd-target.ptx", &old, &["--set", "out=0x1000"]),
        |e| e.contains("needs a family target"),
    );
}

/// `atom.add.f32` and subnormals (PTX ISA 9.4): "without `.noftz`,
/// flushes subnormal inputs and results to sign-preserving zero on global
/// memory but supports subnormal inputs and results and doesn't flush them
/// to zero on shared memory"; `.noftz` keeps them everywhere. Each word
/// starts as 0x00800001 (the smallest normal plus one ulp) and gets
/// 0x80800000 (minus the smallest normal) added: exactly 2^-149, the
/// smallest subnormal (0x00000001), or +0 flushed; then 0x00000001 (a
/// subnormal input) is added to a zero: 0x00000001, or +0 flushed.
#[test]
fn atom_add_f32_flushes_on_global_memory_only() {
    let src = "\
.version 9.4
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    .shared .align 4 .b32 s[2];
    ld.param.u64 %rd1, [out];
    mov.b32 %r1, 0x00800001;
    mov.b32 %r2, 0x80800000;
    mov.b32 %r3, 0x00000001;
    mov.b32 %r4, 0;
    st.global.b32 [%rd1], %r1;
    st.global.b32 [%rd1+4], %r1;
    st.global.b32 [%rd1+8], %r4;
    st.global.b32 [%rd1+12], %r4;
    st.shared.b32 [s], %r1;
    st.shared.b32 [s+4], %r4;
    atom.global.add.f32 %r5, [%rd1], %r2;
    red.global.add.noftz.f32 [%rd1+4], %r2;
    atom.global.add.f32 %r5, [%rd1+8], %r3;
    atom.global.add.noftz.f32 %r5, [%rd1+12], %r3;
    atom.shared.add.f32 %r5, [s], %r2;
    mov.u64 %rd2, s;
    cvta.shared.u64 %rd3, %rd2;
    atom.add.f32 %r5, [%rd3+4], %r3;
    ld.shared.b32 %r6, [s];
    ld.shared.b32 %r7, [s+4];
    st.global.b32 [%rd1+16], %r6;
    st.global.b32 [%rd1+20], %r7;
    ret;
}
";
    let o = run_src("atomftz.ptx", src, &["--set", "out=0x1000"]);
    let want: Vec<u8> = [0u32, 1, 0, 1, 1, 1]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    assert_eq!(mem(&o, 0x1000, 24), want);
}

/// `cvt` with `.scaled::n1::ue8m0` (PTX ISA 9.4), by hand: 8.0 and 4.0
/// divided by 2^(130 - 127) are 1.0 and 0.5, E4M3 0x38 and 0x30 (`a` in
/// the upper byte): 0x3830; the `.f16x2` {4.0, 8.0} (upper, lower) divided
/// by 8 are 0.5 and 1.0, E2M1 codes 1 and 2 (upper nibble first): 0x12.
#[test]
fn cvt_scaled_n1() {
    let src = ".version 9.4\n.target sm_107f\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n    .reg .b32 %r<4>;\n    .reg .b16 %h<4>;\n    .reg .b8 %s;\n    .reg .b64 %rd1;\n    ld.param.u64 %rd1, [out];\n    mov.b32 %r1, 0x41000000;\n    mov.b32 %r2, 0x40800000;\n    mov.b16 %h3, 0x82;\n    cvt.u8.u16 %s, %h3;\n    cvt.rn.satfinite.scaled::n1::ue8m0.e4m3x2.f32 %h1, %r1, %r2, %s;\n    mov.b32 %r3, 0x44004800;\n    cvt.rz.satfinite.relu.scaled::n1::ue8m0.e2m1x2.f16x2 %h2, %r3, %s;\n    st.global.b16 [%rd1], %h1;\n    st.global.b16 [%rd1+2], %h2;\n    ret;\n}\n";
    let o = run_src("scaled-n1.ptx", src, &["--set", "out=0x1000"]);
    assert_eq!(mem(&o, 0x1000, 4), [0x30, 0x38, 0x12, 0x00]);
    // The scale operand comes with the qualifier.
    let bare = src.replace(
        "cvt.rn.satfinite.scaled::n1::ue8m0.e4m3x2.f32 %h1, %r1, %r2, %s;",
        "cvt.rn.satfinite.e4m3x2.f32 %h1, %r1, %r2, %s;",
    );
    fails_with(
        &run_src("scaled-n1-bare.ptx", &bare, &["--set", "out=0x1000"]),
        |e| e.contains("takes 3 operands") || e.contains("operands"),
    );
}

/// PTX ISA 9.4's hints run as hints: `applypriority.async.bulk`,
/// `prefetch` with `.valid_addr` and `.L1::32B`, `cp.async.bulk.prefetch`
/// with `.L2::evict_last`, and a `.proxy::readonly` load, which reads as
/// any load.
#[test]
fn the_9_4_hints_run() {
    let src = ".version 9.4\n.target sm_107f\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<4>;\n    ld.param.u64 %rd1, [out];\n    applypriority.async.bulk.global.bulk_group.L2::evict_normal [%rd1], 128;\n    prefetch.global.L2::evict_last.valid_addr [%rd1];\n    prefetch.global.L1::32B [%rd1];\n    ld.global.proxy::readonly.b32 %r1, [%rd1];\n    cp.async.bulk.prefetch.L2.global.L2::evict_last [%rd1], 128;\n    cp.async.bulk.commit_group;\n    cp.async.bulk.wait_group 0;\n    st.global.b32 [%rd1], %r1;\n    ret;\n}\n";
    let o = run_src(
        "hints94.ptx",
        src,
        &["--set", "out=0x1000", "--mem", "0x1000=01020304"],
    );
    assert_eq!(mem(&o, 0x1000, 4), [1, 2, 3, 4]);
    // The eviction-priority prefetch is PTX ISA 9.4's: an error in 9.3.
    let old = ".version 9.3\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n    .reg .b64 %rd1;\n    ld.param.u64 %rd1, [p];\n    cp.async.bulk.prefetch.L2.global.L2::evict_last [%rd1], 128;\n    ret;\n}\n";
    fails_with(&run_src("hints93.ptx", old, &["--set", "p=0x1000"]), |e| {
        e.contains("requires PTX ISA 9.4")
    });
    // "Qualifier .level::eviction_priority is supported on the following
    // family-specific architectures: sm_107f or higher in the same family".
    let h100 = old.replace(".version 9.3", ".version 9.4");
    fails_with(
        &run_src("hints-sm90.ptx", &h100, &["--set", "p=0x1000"]),
        |e| e.contains("sm_107"),
    );
}

/// PTX ISA 9.4's `spcompress` and `fabric.*` are PTX the engine refuses
/// with why, where a thread reaches them; `.sp::2:4` is one word of the
/// opcode, and a label such as `L2:` stays a label.
#[test]
fn sparse_compression_and_fabric_are_refused_with_why() {
    let kernel = |line: &str| {
        format!(".version 9.4\n.target sm_107a\n.address_size 64\n.visible .entry k()\n{{\n    .reg .b32 %r<8>;\n    .reg .b64 %rd<4>;\n    .reg .pred %p;\nL2: mov.b32 %r1, 1;\n    setp.eq.u32 %p, %r1, 1;\n    @%p bra END;\n    {line}\nEND:\n    ret;\n}}\n")
    };
    for (line, why) in [
        (
            "spcompress.b8.b2.sp::2:4.x1 {%r1}, {%r2}, {%r3, %r4}, %r5;",
            "implementation-specific",
        ),
        (
            "spdecompress.b8.b2.sp::2:4.x1 {%r1, %r2}, {%r3}, {%r4};",
            "implementation-specific",
        ),
        ("fabric.try_atom.add.u32 %r1, [%rd1], %r2;", "no fabric"),
    ] {
        // Not reached: the run succeeds, with a warning that says why.
        let o = run_src("refused94.ptx", &kernel(line), &[]);
        let (_, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{stderr}");
        assert!(stderr.contains(why), "{stderr}");
        // Reached: an error at the line.
        let reached = kernel(line).replace("@%p bra END;", "");
        fails_with(&run_src("refused94-run.ptx", &reached, &[]), |e| {
            e.contains("is not run") && e.contains(why)
        });
    }
}

/// `clmad` (PTX ISA 9.3, 9.7.1.5): "performs a carryless multiplication of
/// a and b, followed by a carryless addition of c". (x + 1)(x^2 + 1) =
/// x^3 + x^2 + x + 1 = 0xf, XOR 7 is 8 (`.lo`); the GHASH-sized product
/// x^63 · x^63 = x^126 lands in `.hi` as bit 62.
#[test]
fn clmad_lo_and_hi() {
    let src = "\
.version 9.3
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [out];
    mov.u64 %rd2, 3;
    mov.u64 %rd3, 5;
    mov.u64 %rd4, 7;
    clmad.lo.u64 %rd5, %rd2, %rd3, %rd4;
    mov.u64 %rd6, 0x8000000000000000;
    clmad.hi.u64 %rd7, %rd6, %rd6, 0;
    clmad.lo.u64 %rd8, %rd6, %rd6, 1;
    st.global.v2.u64 [%rd1], {%rd5, %rd7};
    st.global.u64 [%rd1+16], %rd8;
    ret;
}
";
    let o = run_src("clmad.ptx", src, &["--set", "out=0x1000"]);
    let got = mem(&o, 0x1000, 24);
    let w = |i: usize| u64::from_le_bytes(got[8 * i..8 * i + 8].try_into().unwrap());
    assert_eq!([w(0), w(1), w(2)], [8, 1 << 62, 1]);
    // "Feature 'clmad.lo' requires .target sm_80 or higher" (ptxas).
    fails_with(
        &run_src(
            "clmad-75.ptx",
            &src.replace("sm_80", "sm_75"),
            &["--set", "out=0x1000"],
        ),
        |e| e.contains("sm_80"),
    );
    fails_with(
        &run_src(
            "clmad-92.ptx",
            &src.replace(".version 9.3", ".version 9.2"),
            &["--set", "out=0x1000"],
        ),
        |e| e.contains("9.3"),
    );
}

/// `cp.reduce.async.bulk ... .add.f32`: "The default behavior for
/// cp.reduce.async.bulk.add.f32 is equivalent to specifying optional
/// .noftz qualifier which preserves input and result subnormals, and does
/// not flush them to zero" (PTX ISA 9.4 text), unlike `red.global.add.f32`.
/// Four words in shared memory (the smallest subnormal, 1.0, a subnormal
/// 0x00400000, -0x00000001) are added into four in global memory (0, 0,
/// 0x00400000, 0x00000001): 0x00000001, 1.0, 0x00800000 (two subnormals
/// make the smallest normal), +0. The `.noftz.f32` spelling (9.4) gives the
/// same, and so does the tensor reduction (docs/NVIDIA.md "Copy reports").
/// `.relaxed.scope` (9.3) changes nothing in a sequential model.
#[test]
fn bulk_reductions_keep_f32_subnormals() {
    let kernel = |red: &str| {
        format!(
            "\
.version 9.4
.target sm_90
.address_size 64
.visible .entry k(.param .u64 acc, .param .align 64 .b8 tmap[128])
{{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
    .shared .align 16 .b32 buf[4];
    .reg .b32 %r<6>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [acc];
    mov.u32 %r1, 1;
    mov.u32 %r2, 0x3f800000;
    mov.u32 %r3, 0x00400000;
    mov.u32 %r4, 0x80000001;
    st.shared.v4.u32 [buf], {{%r1, %r2, %r3, %r4}};
    fence.proxy.async.shared::cta;
    mov.u32 %r5, 0;
    {red}
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group 0;
    ret;
}}
"
        )
    };
    let run = |red: &str| {
        run_src(
            "bulkred.ptx",
            &kernel(red),
            &[
                "--set",
                "acc=0x1000",
                "--mem",
                "0x1000=00000000000000000000400001000000",
                "--tensor-map",
                "tmap=f32:4@0x1000:box=4",
            ],
        )
    };
    let want = [0x0000_0001u32, 0x3f80_0000, 0x0080_0000, 0];
    for red in [
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%rd1], [buf], 16;",
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.f32 [%rd1], [buf], 16;",
        "cp.reduce.async.bulk.relaxed.gpu.global.shared::cta.bulk_group.add.f32 [%rd1], [buf], 16;",
        "cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group [%tm, {%r5}], [buf];",
    ] {
        let o = run(red);
        assert_eq!(o.status.code(), Some(0), "{red}: {}", text(&o).1);
        let got: Vec<u32> = mem(&o, 0x1000, 16)
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(got, want, "{red}");
    }
    // "Qualifier .noftz with .f32 type introduced in PTX ISA version 9.4".
    let old = kernel(
        "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.noftz.f32 [%rd1], [buf], 16;",
    )
    .replace(".version 9.4", ".version 9.3");
    fails_with(
        &run_src("bulkred93.ptx", &old, &["--set", "acc=0x1000"]),
        |e| e.contains("9.4"),
    );
    // ".scope = { .cta, .cluster }" into shared::cluster; the pair comes
    // together.
    let lone = kernel(
        "cp.reduce.async.bulk.relaxed.global.shared::cta.bulk_group.add.f32 [%rd1], [buf], 16;",
    );
    fails_with(
        &run_src("bulkred-sem.ptx", &lone, &["--set", "acc=0x1000"]),
        |e| e.contains("`.relaxed` and `.scope` come together"),
    );
}

/// testdata/kernels-gpu/bulk-reduce-f32.ptx (run on a GPU by
/// scripts/gpu-kernels): the engine's bytes are the text's, subnormals
/// kept by the bulk reduction and flushed by `red.global.add.f32`
/// ("flushes subnormal inputs and results to sign-preserving zero on
/// global memory"): 0x00000001 + 0 is +0 there, and 0x00400000 +
/// 0x00400000 is +0 (both inputs flushed).
#[test]
fn the_gpu_copy_of_the_bulk_reduction_kernel_runs() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/kernels-gpu/bulk-reduce-f32.ptx"
    );
    let src = std::fs::read_to_string(path).unwrap();
    let o = run_src(
        "bulk-reduce-f32.ptx",
        &src,
        &[
            "--block",
            "32",
            "--set",
            "acc=0x1000",
            "--mem",
            &format!("0x1000={}", "00000000000000000000400001000000".repeat(2)),
        ],
    );
    let (_, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    let got: Vec<u32> = mem(&o, 0x1000, 32)
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(got, [1, 0x3f80_0000, 0x0080_0000, 0, 0, 0x3f80_0000, 0, 0]);
}

/// PTX ISA 9.2's packed bytes (§9.7.1.1, .2, .11): worked by hand, lane by
/// lane (lane 0 the low byte). add.u8x4: 01+05, 02+06, 03+07, 04+08.
/// add.sat.u8x4 of 0xffc801fa and 0x0164020a: fa+0a = 0x104 → ff, 01+02 =
/// 03, c8+64 = 0x12c → ff, ff+01 → ff. add.sat.s8x4 of 0xce328878 and
/// 0x9c64ec14: 120+20 → 127, -120-20 → -128, 50+100 → 127, -50-100 → -128.
/// neg.s8x4 of 0x807ffe01: -1, 2, -127, and -(-128) wraps to -128. The
/// ISA's own `add.s8x4.sat` order is a warning that names the form run.
#[test]
fn packed_bytes_run() {
    let src = "\
.version 9.2
.target sm_120f
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<12>;
    .reg .b64 %rd1;
    ld.param.u64 %rd1, [out];
    add.u8x4 %r1, 0x04030201, 0x08070605;
    add.sat.u8x4 %r2, 0xffc801fa, 0x0164020a;
    add.s8x4.sat %r3, 0xce328878, 0x9c64ec14;
    neg.s8x4 %r4, 0x807ffe01;
    st.global.v4.b32 [%rd1], {%r1, %r2, %r3, %r4};
    ret;
}
";
    let o = run_src("bytes.ptx", src, &["--set", "out=0x1000"]);
    let (_, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(e.contains("add.sat.s8x4"), "{e}");
    let got = mem(&o, 0x1000, 16);
    let w = |i: usize| u32::from_le_bytes(got[4 * i..4 * i + 4].try_into().unwrap());
    assert_eq!(
        [w(0), w(1), w(2), w(3)],
        [0x0c0a_0806, 0xffff_03ff, 0x807f_807f, 0x8081_02ff]
    );
    // "supported on following family-specific architectures: sm_120f or
    // higher in the same family".
    fails_with(
        &run_src(
            "bytes-120.ptx",
            &src.replace("sm_120f", "sm_120"),
            &["--set", "out=0x1000"],
        ),
        |e| e.contains("needs a family target"),
    );
}
