//! `cvt` through the interpreter: integer, integral, tf32 and fp8 forms
//! decode, validate and run, and their results land in the registers the
//! PTX ISA says (9.7.9.21 "Notes": "The result of conversion is
//! sign-extended to the destination register width for signed integers,
//! and is zero-extended [...] for unsigned, bit-size, and floating-point
//! types"). Expected values are worked out in the comments.

use ptxfp::interp::{run, Inputs, Options};
use std::collections::HashMap;

fn regs(src: &str) -> HashMap<String, u64> {
    run(src, &Inputs::default(), &Options::default())
        .unwrap_or_else(|e| panic!("{src}\n{e}"))
        .regs
        .into_iter()
        .map(|r| (r.name, r.bits))
        .collect()
}

#[test]
fn integer_conversions_run() {
    let src = ".version 8.7\n.target sm_90\n\
               .reg .f32 f, g;\n.reg .s32 i, j;\n.reg .u32 u;\n.reg .s64 l;\n.reg .f64 d;\n.reg .u16 h;\n\
               mov.f32 f, 0fC0200000;\n\
               cvt.rni.s32.f32 i, f;\n\
               cvt.rmi.f32.f32 g, f;\n\
               cvt.rzi.u32.f32 u, f;\n\
               cvt.s64.s32 l, i;\n\
               cvt.rn.f64.s64 d, l;\n\
               cvt.sat.u16.s32 h, i;\n\
               mov.s32 j, 70000;\n\
               cvt.u16.s32 h, j;\n";
    let r = regs(src);
    // -2.5 to nearest even is -2; floor(-2.5) = -3.0; toward zero, clamped
    // to u32's range, 0.
    assert_eq!(r["i"], 0xffff_fffe);
    assert_eq!(r["g"], 0xc040_0000);
    assert_eq!(r["u"], 0);
    // sign-extended to 64 bits; -2.0 as f64.
    assert_eq!(r["l"], 0xffff_ffff_ffff_fffe);
    assert_eq!(r["d"], 0xc000_0000_0000_0000);
    // 70000 = 0x11170: its low 16 bits (the .sat of -2 is 0, overwritten).
    assert_eq!(r["h"], 0x1170);
}

#[test]
fn tf32_and_fp8_run() {
    let src = ".version 8.7\n.target sm_90\n\
               .reg .f32 a, b;\n.reg .b32 t;\n.reg .b16 p, q;\n\
               mov.f32 a, 0f3F801000;\n\
               mov.f32 b, 0f43F00000;\n\
               cvt.rna.tf32.f32 t, a;\n\
               cvt.rn.satfinite.e4m3x2.f32 p, a, b;\n\
               cvt.rn.f16x2.e4m3x2 t, p;\n\
               cvt.rn.satfinite.e5m2x2.f16x2 q, t;\n";
    let r = regs(src);
    // 1 + 2^-11 is a tie of tf32's last place: away from zero.
    // e4m3: 1.0 is 0x38; 480 saturates to 448 (0x7e); back to f16 lanes
    // 1.0 (0x3c00) and 448 (0x5f00); to e5m2 1.0 is 0x3c, 448 = 1.75 × 2^8 is 0x5f.
    assert_eq!(r["p"], 0x387e);
    assert_eq!(r["t"], 0x3c00_5f00);
    assert_eq!(r["q"], 0x3c5f);
}

#[test]
fn requirements_and_malformed_forms_are_reported() {
    let err = |src: &str| match run(src, &Inputs::default(), &Options::default()) {
        Ok(_) => panic!("ran: {src}"),
        Err(e) => e.to_string(),
    };
    let e = err(".version 8.0\n.target sm_89\n.reg .f32 a;\n.reg .b16 p;\ncvt.rn.satfinite.e4m3x2.f32 p, a, a;\n");
    assert!(e.contains("requires PTX ISA 8.1"), "{e}");
    let e = err(".version 8.7\n.target sm_90\n.reg .f32 a;\n.reg .s32 i;\ncvt.rn.s32.f32 i, a;\n");
    assert!(e.contains(".rni, .rzi, .rmi or .rpi"), "{e}");
}

const WIDER: &str = ".version 8.7\n.target sm_90\n.reg .b16 %rs<3>;\n.reg .b32 %r<3>;\n\
                     mov.b16 %rs1, 0x01ff;\n\
                     cvt.s32.s8 %r1, %rs1;\n\
                     cvt.s16.s32 %r2, %r1;\n\
                     cvt.u8.u32 %rs2, %r1;\n";

/// 9.7.9.21 "Notes": "A source register wider than the specified type may
/// be used [...] The lower `n` bits corresponding to the instruction-type
/// width are used", "A destination register wider than the specified type
/// may be used": nvcc's `cvt.s32.s8 %r1, %rs1` reads a `.b16` register.
#[test]
fn wider_registers_pass_check() {
    let c = ptxfp::check::check(WIDER, Default::default());
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    assert_eq!(c.checked, 3);
}

/// The same program runs: "The result of conversion is sign-extended to
/// the destination register width for signed integers, and is
/// zero-extended to the destination register width for unsigned,
/// bit-size, and floating-point types".
#[test]
fn wider_registers_run() {
    let r = regs(WIDER);
    // the low 8 bits, 0xff, are -1 as .s8, sign-extended; -1 as .s16 in a
    // .b32, sign-extended to 32 bits; 0xff as .u8 in a .b16.
    assert_eq!(r["%r1"], 0xffff_ffff);
    assert_eq!(r["%r2"], 0xffff_ffff);
    assert_eq!(r["%rs2"], 0x00ff);
}
