//! Hand-checked cases of the docs/NVIDIA.md decisions, one per rule, with the
//! reasoning beside each (values worked out by hand, not by ptxfp).

use ptxfp::prelude::*;
use ptxfp::{Exec, Form, FtzTiming, HwProfile, Target};

fn ev(form: &str, srcs: &[u64]) -> u64 {
    Form::parse(form).unwrap().eval(srcs, &Exec::default())
}

#[test]
fn double_rounding_example_of_notes() {
    // docs/NVIDIA.md "Rounding": fma.rn.bf16 of 0x3fe0, 0x3f14, 0x8d80 is 0x3f81.
    assert_eq!(ev("fma.rn.bf16", &[0x3fe0, 0x3f14, 0x8d80]), 0x3f81);
}

#[test]
fn nan_patterns() {
    // f16/bf16: every NaN result is 0x7fff, whatever the input NaN.
    assert_eq!(ev("add.f16", &[0xfe01, 0x3c00]), 0x7fff);
    assert_eq!(ev("mul.bf16", &[0x7f80, 0x0000]), 0x7fff); // inf * 0
    assert_eq!(ev("add.f16x2", &[0x7c00_3c00, 0xfc00_3c00]), 0x7fff_4000);
    // f32 (mad) and mixed: 0x7fffffff.
    assert_eq!(ev("mad.rn.f32", &[0xffc0_0001, 0, 0]), 0x7fff_ffff);
    assert_eq!(ev("add.f32.f16", &[0xfc01, 0x3f80_0000]), 0x7fff_ffff);
    // f64: first NaN among a, b, c, quieted; invalid -> 0xfff8...
    let snan_b = 0x7ff0_0000_0000_0002;
    let qnan_c = 0xfff8_0000_0000_0003;
    assert_eq!(
        ev("mad.rn.f64", &[0x3ff0 << 48, snan_b, qnan_c]),
        0x7ff8_0000_0000_0002
    );
    assert_eq!(
        ev("mad.rn.f64", &[0x7ff0 << 48, 0, 0]),
        0xfff8_0000_0000_0000
    );
}

#[test]
fn sat_and_relu() {
    // .sat: -0 -> +0, negative -> +0, > 1 -> 1, NaN -> +0.
    assert_eq!(ev("add.sat.f16", &[0x8000, 0x8000]), 0x0000); // -0 + -0 = -0 -> +0
    assert_eq!(ev("add.sat.f16", &[0xbc00, 0x3800]), 0x0000); // -0.5
    assert_eq!(ev("add.sat.f16", &[0x3c00, 0x3800]), 0x3c00); // 1.5 -> 1
    assert_eq!(ev("mul.sat.f16", &[0x7c00, 0]), 0x0000); // NaN -> +0
    assert_eq!(
        ev("fma.rn.sat.f32.bf16", &[0x3f80, 0x3f80, 0x3f80_0000]),
        0x3f80_0000
    );
    // .relu: sign set -> +0 (also -0), NaN -> 0x7fff.
    assert_eq!(ev("fma.rn.relu.bf16", &[0x8000, 0x3f80, 0x8000]), 0x0000);
    assert_eq!(ev("fma.rn.relu.f16", &[0xbc00, 0x3c00, 0]), 0x0000);
    assert_eq!(ev("fma.rn.relu.f16", &[0x7c00, 0, 0]), 0x7fff);
    assert_eq!(ev("fma.rn.relu.f16", &[0x3c00, 0x3c00, 0]), 0x3c00);
}

#[test]
fn oob_per_lane() {
    // Lane 0: a is the OOB-NaN (0x7ff7) -> +0; lane 1: 1*1+1 = 2.
    assert_eq!(
        ev("fma.rn.oob.f16x2", &[0x3c00_7ff7, 0x3c00_3c00, 0x3c00_3c00]),
        0x4000_0000
    );
    // Negative OOB-NaN in b, bf16.
    assert_eq!(
        ev("fma.rn.oob.relu.bf16", &[0x3f80, 0xfff7, 0x3f80]),
        0x0000
    );
    // Another NaN is not the OOB-NaN; OOB-NaN in c is not special.
    assert_eq!(ev("fma.rn.oob.f16", &[0x7ff6, 0x3c00, 0]), 0x7fff);
    assert_eq!(ev("fma.rn.oob.f16", &[0x3c00, 0x3c00, 0x7ff7]), 0x7fff);
    // Without .oob the pattern is an ordinary NaN.
    assert_eq!(ev("fma.rn.f16", &[0x7ff7, 0x3c00, 0]), 0x7fff);
}

#[test]
fn ftz_ieee_tininess_after_rounding() {
    // f16: 0x0400 (2^-14) * 0x3bff (1 - 2^-11) = 2^-14 (1 - 2^-11): below the
    // smallest normal with 11 bits of precision and an unbounded exponent,
    // though rounding into binary16 gives 2^-14: flushed, as an H200 does
    // (testdata/hw/nvidia-h200/probe-ftz.probe.json).
    assert_eq!(ev("mul.ftz.f16", &[0x0400, 0x3bff]), 0x0000);
    assert_eq!(ev("mul.ftz.f16", &[0xbbff, 0x0400]), 0x8000);
    // 0x3bfe (1 - 2^-10) * 0x0401 (2^-14 (1 + 2^-10)) = 2^-14 (1 - 2^-20),
    // which rounds to 2^-14 with 11 bits: kept (H200 probe ftz).
    assert_eq!(ev("mul.ftz.f16", &[0x3bfe, 0x0401]), 0x0400);
    assert_eq!(ev("mad.rn.ftz.f32", &[0x3f7f_ffff, 0x0080_0000, 0]), 0);
    assert_eq!(
        ev("mad.rm.ftz.f32", &[0xbf7f_fffd, 0x0080_0001, 0]),
        0x8000_0000
    );
    // 2^-14 * 0.5 = 2^-15: subnormal after rounding -> flushed, sign kept.
    assert_eq!(ev("mul.ftz.f16", &[0x8400, 0x3800]), 0x8000);
    // Subnormal input flushed before the op: 0x0001 + 0 = +0.
    assert_eq!(ev("add.ftz.f16", &[0x0001, 0x0000]), 0x0000);
    assert_eq!(ev("add.f16", &[0x0001, 0x0000]), 0x0001);
    // The other timings, one profile field each: flushing what is subnormal
    // after rounding into the format keeps the first case; flushing by the
    // exact value drops the kept one.
    let with = |ftz_timing| Exec {
        hw: HwProfile {
            ftz_timing,
            ..HwProfile::NVIDIA
        },
        ..Exec::default()
    };
    let mul = |a, b, e: &Exec| Form::parse("mul.ftz.f16").unwrap().eval(&[a, b], e);
    assert_eq!(mul(0x0400, 0x3bff, &with(FtzTiming::AfterRounding)), 0x0400);
    assert_eq!(
        mul(0x3bfe, 0x0401, &with(FtzTiming::BeforeRounding)),
        0x0000
    );
    assert_eq!(
        mul(0x0400, 0x3bff, &with(FtzTiming::BeforeRounding)),
        0x0000
    );
}

#[test]
fn mad_f32_without_rounding_depends_on_code_and_device() {
    let f = Form::parse("mad.f32").unwrap();
    let sm13 = Target::sm(13);
    let sm1x = Exec::on(sm13);
    let jit = Exec {
        code_target: sm13,
        device: Target::sm(90),
        ..Exec::default()
    };
    // a = 1 + 2^-23, b = 1 + 2^-22, c = -1: exact a*b = 1 + 2^-22 + 2^-23 + 2^-45.
    // sm_1x: product truncated to 24 bits -> 1 + 2^-22 + 2^-23; + (-1) = 1.5 * 2^-22 = 0x34c00000.
    // fma: 1.5 * 2^-22 + 2^-45, one ulp more, exact in f32 = 0x34c00001.
    let (a, b, c) = (0x3f80_0001, 0x3f80_0002, 0xbf80_0000);
    assert_eq!(f.eval(&[a, b, c], &sm1x), 0x34c0_0000);
    assert_eq!(f.eval(&[a, b, c], &jit), 0x34c0_0001);
    // sm_1x: subnormal input flushed (0x00000001 * 2^100 = 0); sm_20 code: mad.rn.f32 keeps it.
    let big = 0x7180_0000; // 2^100
    assert_eq!(f.eval(&[1, big, 0], &sm1x), 0);
    assert_eq!(f.eval(&[1, big, 0], &Exec::on(Target::sm(20))), 0x2700_0000); // 2^-149 * 2^100 = 2^-49
                                                                              // fma.rn.ftz on the sm_90 device flushes it too.
    assert_eq!(f.eval(&[1, big, 0], &jit), 0);
}

#[test]
fn mixed_converts_exactly() {
    // f16 max 65504 converts exactly; + 0.5 rounds toward zero to 65504.
    assert_eq!(ev("add.rz.f32.f16", &[0x7bff, 0x3f00_0000]), 0x477f_e080);
    // sub: d = a - c.
    assert_eq!(ev("sub.f32.bf16", &[0x3f80, 0x3f80_0000]), 0);
    assert_eq!(ev("sub.rm.f32.bf16", &[0x3f80, 0x3f80_0000]), 0x8000_0000);
}

#[test]
fn lanes_are_independent() {
    // Lane 0 (bits 0..15) 1 + 2 = 3; lane 1 -1 + 1 = +0.
    assert_eq!(ev("add.bf16x2", &[0xbf80_3f80, 0x3f80_4000]), 0x0000_4040);
    // Extra high bits are ignored.
    assert_eq!(ev("add.f16", &[0xffff_3c00, 0x3c00]), 0x4000);
}

#[test]
fn every_open_choice_is_one_profile_field() {
    // A GPU measurement changes one field of HwProfile, and only that result moves.
    let other = HwProfile {
        half_nan: 0x7e00,
        f32_nan: 0x7fc0_0000,
        f64_invalid_nan: 0x7ff8_0000_0000_0000,
        f64_nan_priority: [2, 1, 0],
        f64_div_nan_priority: [1, 0, 2],
        ftz_timing: FtzTiming::AfterRounding,
        sat_clears_neg_zero: false,
        relu_clears_neg_zero: false,
        oob_mask: 0xffff,
        oob_value: 0x7fff,
        sign_ops_canonical_nan: false,
        f64_sign_ops_quiet: false,
        div_by_zero: ptxfp::quirks::ByZero::Dividend,
        rem_by_zero: ptxfp::quirks::ByZero::Zero,
        div_overflow: ptxfp::quirks::DivOverflow::Saturate,
        f8_nan: 0xff,
        tf32_nan: 0x7fc0_0000,
        tf32_rna_nan_truncated: false,
        tf32_rna_satfinite_steps_down: false,
        cvt_same_type_moves: false,
        cvt_f32_bf16_moves: false,
        cvt_ftz_f32_nan_canonical: false,
        cvt_f64_narrowing_keeps_nan: false,
        cvt_f16_ftz_flushes_source: true,
        testp_zero_is_normal: false,
        fns_min_offset: 0xffff_ffff,
        bitfield64_whole_operands: false,
        sub_carry_not_borrow: false,
        s2f6_min: -127,
        cvt_scaled_bf16_subnormals: false,
        surface_misaligned_faults: false,
        tex_absent_alpha_one: false,
        half_approx_measured: false,
    };
    let int = |op: &str, s: &[u64]| {
        ptxfp::int::IntOp::parse(op)
            .unwrap()
            .compute(s, false, &other)
            .0
    };
    // NVIDIA's profile: all ones; this one: the dividend, 0, and MAX for MIN / -1.
    assert_eq!(int("div.u32", &[7, 0]), 7);
    assert_eq!(int("rem.s16", &[7, 0]), 0);
    assert_eq!(int("div.s32", &[0x8000_0000, 0xffff_ffff]), 0x7fff_ffff);
    assert_eq!(int("rem.s32", &[0x8000_0000, 0xffff_ffff]), 0);
    // The spec's readings: fns of the offset -2^31 finds nothing; bfe.u64
    // takes the low byte of a position past 255 (0x100 -> 0).
    assert_eq!(int("fns.b32", &[0xffff_ffff, 3, 0x8000_0000]), 0xffff_ffff);
    assert_eq!(int("bfe.u64", &[0xab, 0x100, 8]), 0xab);
    let nvint = |op: &str, s: &[u64]| {
        ptxfp::int::IntOp::parse(op)
            .unwrap()
            .compute(s, false, &HwProfile::NVIDIA)
            .0
    };
    assert_eq!(nvint("fns.b32", &[0xffff_ffff, 3, 0x8000_0000]), 0);
    assert_eq!(nvint("bfe.u64", &[0xab, 0x100, 8]), 0);
    let e = Exec {
        hw: other,
        ..Exec::default()
    };
    let run = |form: &str, s: &[u64]| Form::parse(form).unwrap().eval(s, &e);
    assert_eq!(run("add.f16", &[0x7c00, 0xfc00]), 0x7e00);
    // ex2.approx.f16 of 0x11c5 = 1477 * 2^-21: 2^x = 1 + 0.500014 * 2^-10
    // (x ln 2 + (x ln 2)^2 / 2 + ...), just above the tie between 1 and
    // 1 + 2^-10: the correctly rounded value is 0x3c01; the H200 gives
    // 0x3c00 (its table, NVIDIA's profile below).
    assert_eq!(run("ex2.approx.f16", &[0x11c5]), 0x3c01);
    // abs/neg of a NaN: the sign bit only, not the canonical NaN.
    assert_eq!(run("neg.f32", &[0x7f80_0001]), 0xff80_0001);
    assert_eq!(run("abs.f16", &[0xfe01]), 0x7e01);
    // abs/neg.f64 of a signalling NaN: unchanged here, quieted on NVIDIA's.
    assert_eq!(run("abs.f64", &[0xfff4 << 48]), 0xfff4 << 48);
    assert_eq!(
        Form::parse("neg.f64")
            .unwrap()
            .eval(&[0x7ff4 << 48], &Exec::default()),
        0x7ffc << 48
    );
    assert_eq!(
        Form::parse("neg.f32")
            .unwrap()
            .eval(&[0x7f80_0001], &Exec::default()),
        0x7fff_ffff
    );
    assert_eq!(run("mad.rn.f32", &[0x7f80_0000, 0, 0]), 0x7fc0_0000);
    assert_eq!(run("fma.rn.f32.bf16", &[0x7f80, 0, 0]), 0x7fc0_0000);
    assert_eq!(
        run("mad.rn.f64", &[0x7ff0 << 48, 0, 0]),
        0x7ff8_0000_0000_0000
    );
    assert_eq!(
        run(
            "mad.rn.f64",
            &[0x7ff0_0000_0000_0001, 0, 0x7ff0_0000_0000_0003]
        ),
        0x7ff8_0000_0000_0003
    );
    assert_eq!(run("add.sat.f16", &[0x8000, 0x8000]), 0x8000);
    assert_eq!(run("fma.rn.relu.bf16", &[0x8000, 0x3f80, 0x8000]), 0x8000);
    assert_eq!(run("fma.rn.oob.f16", &[0x7ff7, 0x3c00, 0]), 0x7e00);
    assert_eq!(run("fma.rn.oob.f16", &[0x7fff, 0x3c00, 0]), 0x0000);
    assert_eq!(run("fma.rn.oob.f16", &[0xfff7, 0x3c00, 0]), 0x7e00);
    let cvt = |form: &str, s: &[u64]| {
        let op = ptxfp::op::decode(form, false).op;
        ptxfp::compute(&op, s, false, &e).unwrap().dst[0]
    };
    // -2.0 and -Inf to .s2f6: -1.984375 (0x81) here, -2.0 (0x80) on NVIDIA's.
    assert_eq!(
        cvt("cvt.rn.satfinite.s2f6x2.f32", &[0xc000_0000, 0xff80_0000]),
        0x8181
    );
    assert_eq!(
        cvt("cvt.rn.satfinite.e4m3x2.f32", &[0x7fc0_0000, 0]),
        0xff00
    );
    assert_eq!(cvt("cvt.rna.tf32.f32", &[0x7fa0_0000]), 0x7fc0_0000);
    assert_eq!(
        cvt("cvt.rna.satfinite.tf32.f32", &[0x7f80_0000]),
        0x7f7f_e000
    );
    assert_eq!(cvt("cvt.f32.f32", &[0x7fa0_0000]), 0x7fc0_0000);
    assert_eq!(cvt("cvt.f32.bf16", &[0x7fa0]), 0x7fc0_0000);
    assert_eq!(cvt("cvt.ftz.f64.f32", &[0x7fa0_0000]), 0x7ffc << 48);
    assert_eq!(cvt("cvt.rn.bf16.f64", &[0x7ff4 << 48]), 0x7e00);
    assert_eq!(cvt("cvt.rm.ftz.f16.f32", &[0x8000_0001]), 0x8000);
    // testp.normal of +0: false by IEEE 754's classes here, true on NVIDIA's.
    assert_eq!(cvt("testp.normal.f32", &[0]), 0);
    // NVIDIA's: what the H200 gave (docs/NVIDIA.md "cvt: NaNs, moves and
    // .ftz").
    let nv = |form: &str, s: &[u64]| {
        let op = ptxfp::op::decode(form, false).op;
        ptxfp::compute(&op, s, false, &Exec::default()).unwrap().dst[0]
    };
    assert_eq!(nv("cvt.rna.tf32.f32", &[0x7fa7_af0c]), 0x7fa7_a000);
    assert_eq!(
        nv("cvt.rna.satfinite.tf32.f32", &[0x7fc0_0000]),
        0x7fbf_e000
    );
    assert_eq!(nv("cvt.f32.f32", &[0x7fa0_0000]), 0x7fa0_0000);
    assert_eq!(nv("cvt.f32.bf16", &[0x7fa0]), 0x7fa0_0000);
    assert_eq!(nv("cvt.ftz.f64.f32", &[0x7fa0_0000]), 0x7fff_ffff_e000_0000);
    assert_eq!(nv("cvt.rn.bf16.f64", &[0x7ff4 << 48]), 0x7fe0);
    assert_eq!(nv("cvt.rm.ftz.f16.f32", &[0x8000_0001]), 0x8001);
    assert_eq!(nv("testp.normal.f32", &[0]), 1);
    assert_eq!(nv("ex2.approx.f16", &[0x11c5]), 0x3c00);
    assert_eq!(nv("ex2.approx.f16x2", &[0x11c5_3c00]), 0x3c00_4000);
}

#[test]
fn decoded_values_read_back_exactly() {
    use ptxfp::{literal, PtxType};
    for ty in [PtxType::F16, PtxType::BF16] {
        for x in 0..=0xffffu64 {
            let exp = if ty == PtxType::F16 { 0x7c00 } else { 0x7f80 };
            if x & exp == exp && x & !(exp | 0x8000) != 0 {
                continue; // NaN prints with its bits
            }
            let s = literal::decode(x, ty);
            assert_eq!(
                literal::parse_operand(&s, ty),
                Ok(x),
                "{ty} {x:04x} printed {s}"
            );
        }
    }
    let mut r = 0x1234_5678_9abc_def0u64;
    for _ in 0..20000 {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        for (ty, x) in [(PtxType::F32, r & 0xffff_ffff), (PtxType::F64, r)] {
            let s = literal::decode(x, ty);
            if s.starts_with("NaN") {
                continue;
            }
            assert_eq!(
                literal::parse_operand(&s, ty),
                Ok(x),
                "{ty} {x:x} printed {s}"
            );
        }
    }
}

/// 9.7.3.3-5, 9.7.3.9-10: "sm_1x: add.f32 flushes subnormal inputs and
/// results to sign-preserving zero" (found by the Python model, whose
/// reading this is).
#[test]
fn sm1x_code_flushes_f32_subnormals() {
    let on = |t: u16| Exec::on(ptxfp::Target::sm(t));
    let ev = |f: &str, s: &[u64], e: &Exec| Form::parse(f).unwrap().eval(s, e);
    assert_eq!(ev("add.f32", &[1, 0], &on(13)), 0);
    assert_eq!(ev("add.f32", &[1, 0], &on(20)), 1);
    assert_eq!(ev("mul.f32", &[0x0080_0000, 0x3f00_0000], &on(13)), 0);
    assert_eq!(ev("neg.f32", &[0x8000_0001], &on(13)), 0);
    assert_eq!(ev("abs.f32", &[0x8000_0001], &on(10)), 0);
    // copysign is sm_20 and a bit operation: not flushed.
    assert_eq!(ev("copysign.f32", &[0x8000_0000, 1], &on(20)), 0x8000_0001);
}
