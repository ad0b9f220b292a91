//! `cp.async.bulk`'s `.cp_mask` (PTX ISA 8.6, sm_100) and `.ignore_oob`
//! (9.2) through the binary (docs/ENGINE.md "cp.async.bulk"). Expected
//! bytes come from the ISA's sentences applied by hand here: ".cp_mask
//! ... The i-th bit in the 16-bit wide byteMask operand specifies whether
//! the i-th byte of each 16-byte wide chunk of source data is copied", and
//! `.ignore_oob`'s first `ignoreBytesLeft` and last `ignoreBytesRight`
//! bytes, whose destination the engine leaves as it was.

mod common;
use common::{hex, lcg, mem, run_src, text};

/// One thread: 64 input bytes to shared memory (`ld`/`st`), then
/// `cp_mask` copies them to `out` (written with 0xee first); `ignore_oob` copies
/// 32 input bytes over `d` (which holds 0x11) ignoring `left` and `right`
/// bytes, completing 32 bytes on the mbarrier, and `d` goes to `out2`.
const KERNEL: &str = r#".version 9.2
.target sm_100a
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out, .param .u64 out2, .param .u16 mask, .param .u32 left, .param .u32 right)
{
    .shared .align 16 .b8 s[64];
    .shared .align 16 .b8 d[32];
    .shared .align 8 .b64 bar;
    .reg .pred %p<3>;
    .reg .b16 %h<2>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<12>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u64 %rd3, [out2];
    ld.param.u16 %h1, [mask];
    ld.param.u32 %r1, [left];
    ld.param.u32 %r2, [right];
    mov.u64 %rd4, s;
    mov.u64 %rd5, d;
    mov.u32 %r3, 0;
$L__fill:
    cvt.u64.u32 %rd6, %r3;
    add.s64 %rd7, %rd1, %rd6;
    ld.global.u32 %r4, [%rd7];
    add.s64 %rd8, %rd4, %rd6;
    st.shared.u32 [%rd8], %r4;
    add.s64 %rd8, %rd5, %rd6;
    mov.u32 %r5, 0x11111111;
    st.shared.u32 [%rd8], %r5;
    add.s64 %rd8, %rd2, %rd6;
    mov.u32 %r5, 0xeeeeeeee;
    st.global.u32 [%rd8], %r5;
    add.u32 %r3, %r3, 4;
    setp.lt.u32 %p1, %r3, 64;
    @%p1 bra $L__fill;
    fence.proxy.async.shared::cta;
    cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd2], [%rd4], 64, %h1;
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group 0;
    mbarrier.init.shared::cta.b64 [bar], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [bar], 32;
    cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.ignore_oob [%rd5], [%rd1], 32, %r1, %r2, [bar];
$L__wait:
    mbarrier.try_wait.parity.shared::cta.b64 %p2, [bar], 0;
    @!%p2 bra $L__wait;
    mov.u32 %r3, 0;
$L__out:
    cvt.u64.u32 %rd6, %r3;
    add.s64 %rd8, %rd5, %rd6;
    ld.shared.u32 %r4, [%rd8];
    add.s64 %rd9, %rd3, %rd6;
    st.global.u32 [%rd9], %r4;
    add.u32 %r3, %r3, 4;
    setp.lt.u32 %p1, %r3, 32;
    @%p1 bra $L__out;
    ret;
}
"#;

#[test]
fn cp_mask_and_ignore_oob() {
    let input: Vec<u8> = lcg(16, 3).iter().flat_map(|w| w.to_le_bytes()).collect();
    for (mask, left, right) in [
        (0xffffu32, 0u32, 0u32),
        (0x8421, 3, 5),
        (0, 15, 15),
        (0x7ffe, 15, 0),
    ] {
        let o = run_src(
            "bulk.ptx",
            KERNEL,
            &[
                "--set",
                "in=0x1000",
                "--set",
                "out=0x2000",
                "--set",
                "out2=0x3000",
                "--set",
                &format!("mask={mask}"),
                "--set",
                &format!("left={left}"),
                "--set",
                &format!("right={right}"),
                "--mem",
                &format!("0x1000={}", hex(&input)),
            ],
        );
        let want: Vec<u8> = (0..64)
            .map(|i| {
                if mask >> (i % 16) & 1 == 1 {
                    input[i]
                } else {
                    0xee
                }
            })
            .collect();
        assert_eq!(
            hex(&mem(&o, 0x2000, 64)),
            hex(&want),
            "mask {mask:#x}: {:?}",
            text(&o)
        );
        let want: Vec<u8> = (0..32u32)
            .map(|i| {
                if i < left || i + right >= 32 {
                    0x11
                } else {
                    input[i as usize]
                }
            })
            .collect();
        assert_eq!(
            hex(&mem(&o, 0x3000, 32)),
            hex(&want),
            "left {left} right {right}"
        );
    }
    // "The only valid values for ignoreBytesLeft and ignoreBytesRight are
    // [0..15]": an error at the operand.
    let o = run_src(
        "bulk.ptx",
        KERNEL,
        &[
            "--set",
            "in=0x1000",
            "--set",
            "out=0x2000",
            "--set",
            "out2=0x3000",
            "--set",
            "mask=1",
            "--set",
            "left=16",
            "--set",
            "right=0",
            "--mem",
            &format!("0x1000={}", hex(&input)),
        ],
    );
    let (_, stderr) = text(&o);
    // Line and column of `needle` in the kernel.
    let at = |needle: &str| {
        let (i, l) = KERNEL
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(needle))
            .unwrap();
        (i + 1, l.find(needle).unwrap() + 1)
    };
    let (oob_line, _) = at(".ignore_oob");
    let (_, col) = at("%r1, %r2, [bar]");
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "bulk.ptx:{oob_line}:{col}: error: ignoreBytesLeft 16"
        )),
        "{stderr}"
    );
    // Too old a module for either form.
    let old = KERNEL.replace(".version 9.2", ".version 8.6");
    let (_, stderr) = text(&run_src("old.ptx", &old, &[]));
    assert!(
        stderr.contains(&format!("old.ptx:{oob_line}:5: error: `cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.ignore_oob` requires PTX ISA 9.2 or later")),
        "{stderr}"
    );
    let old = KERNEL.replace(".target sm_100a", ".target sm_90a");
    let (_, stderr) = text(&run_src("old.ptx", &old, &[]));
    assert!(
        stderr.contains(&format!("old.ptx:{}:5: error: `cp.async.bulk.global.shared::cta.bulk_group.cp_mask` requires sm_100 or higher", at(".cp_mask").0)),
        "{stderr}"
    );
}

/// `st.bulk` (PTX ISA 8.6, sm_100): "initializes a region of shared memory
/// starting from the location specified by destination address operand
/// a" with `initval` 0; `size` "must be a multiple of 8" and "The only
/// numeric value allowed for operand initval is 0" (errors otherwise).
#[test]
fn st_bulk_zeroes_shared_memory() {
    let kernel = |size: &str, init: &str| {
        format!(
            ".version 8.6\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 out)\n{{\n.shared .align 8 .b8 s[32];\n.reg .pred %p<2>;\n.reg .b32 %r<4>;\n.reg .b64 %rd<8>;\nld.param.u64 %rd1, [out];\nmov.u64 %rd2, s;\nmov.u32 %r1, 0;\nmov.u32 %r2, -1;\nL1:\ncvt.u64.u32 %rd3, %r1;\nadd.s64 %rd4, %rd2, %rd3;\nst.shared.u32 [%rd4], %r2;\nadd.u32 %r1, %r1, 4;\nsetp.lt.u32 %p1, %r1, 32;\n@%p1 bra L1;\nst.bulk.weak.shared::cta [%rd2+8], {size}, {init};\nmov.u32 %r1, 0;\nL2:\ncvt.u64.u32 %rd3, %r1;\nadd.s64 %rd4, %rd2, %rd3;\nld.shared.u32 %r3, [%rd4];\nadd.s64 %rd5, %rd1, %rd3;\nst.global.u32 [%rd5], %r3;\nadd.u32 %r1, %r1, 4;\nsetp.lt.u32 %p1, %r1, 32;\n@%p1 bra L2;\nret;\n}}\n"
        )
    };
    let o = run_src("bulk0.ptx", &kernel("16", "0"), &["--set", "out=0x1000"]);
    let want: Vec<u8> = (0..32)
        .map(|i| if (8..24).contains(&i) { 0 } else { 0xff })
        .collect();
    assert_eq!(hex(&mem(&o, 0x1000, 32)), hex(&want));
    for (size, init, at, msg) in [
        (
            "12",
            "0",
            "12,",
            "size 12: `st.bulk.weak.shared::cta` initializes a multiple of 8 bytes",
        ),
        ("16", "1", "1;", "initval must be the constant 0"),
    ] {
        let src = kernel(size, init);
        let o = run_src("bulk0.ptx", &src, &["--set", "out=0x1000"]);
        let (_, stderr) = text(&o);
        let line = src.lines().position(|l| l.starts_with("st.bulk")).unwrap();
        let col = src.lines().nth(line).unwrap().find(at).unwrap() + 1;
        assert_eq!(o.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("bulk0.ptx:{}:{col}: error: {msg}", line + 1))
                || stderr.contains(&format!(
                    "bulk0.ptx:{}:{col}: error: `st.bulk.weak.shared::cta`: {msg}",
                    line + 1
                )),
            "{stderr}"
        );
    }
}
