//! PTX ISA 9.4's module-level additions through the engine: per-CTA global
//! memory (`.minperctamemory`, `%perctamemoryoffset`, `%perctamemorysize`;
//! §11.4.10, §10.34, §10.35) and the intermediate-IR debug constructs
//! (`.loc_intermediate`, `.nv_intermediate_source_section`; §11.5.5,
//! §11.5.6). Expected values are worked out here from the ISA's sentences
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
