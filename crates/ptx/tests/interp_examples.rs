//! Every spec example block (examples/spec-*.ptx) run through the
//! interpreter, each register checked against values computed here by an
//! independent oracle: rustc_apfloat (LLVM's APFloat algorithms) with
//! NVIDIA's NaN and modifier rules from docs/NVIDIA.md applied by hand, or exact
//! values derived in comments.

use ptxfp::interp::{run, Inputs, Options, Outcome};
use ptxfp::Target;
use rustc_apfloat::ieee::{BFloat, Half, Single};
use rustc_apfloat::{Float, FloatConvert, Round};
use std::collections::HashMap;

const RN: Round = Round::NearestTiesToEven;

fn example(name: &str) -> String {
    let p = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn regs_of(out: &Outcome) -> HashMap<String, u64> {
    out.regs.iter().map(|r| (r.name.clone(), r.bits)).collect()
}

fn run_src(src: &str, device: u16) -> HashMap<String, u64> {
    let opts = Options {
        device: Some(Target::sm(device)),
        ..Options::default()
    };
    match run(src, &Inputs::default(), &opts) {
        Ok(o) => regs_of(&o),
        Err(e) => panic!("{e:?}"),
    }
}

/// Runs the example up to and including the first line that starts with
/// `upto` after the line starting with `after` (straight-line code, so a
/// prefix is a valid program): the value after one instruction of a block
/// that overwrites its destination.
fn run_prefix(src: &str, after: &str, upto: &str, device: u16) -> HashMap<String, u64> {
    let mut out = String::new();
    let mut seen = after.is_empty();
    for line in src.lines() {
        out.push_str(line);
        out.push('\n');
        if !seen && line.trim_start().starts_with(after) {
            seen = true;
        } else if seen && line.trim_start().starts_with(upto) {
            return run_src(&out, device);
        }
    }
    panic!("no `{upto}` after `{after}`");
}

// ---- The oracle: rustc_apfloat plus the NVIDIA rules of docs/NVIDIA.md.

/// docs/NVIDIA.md "NaN results": every f16/bf16 NaN result is 0x7fff.
fn canon16(bits: u128, nan: bool) -> u64 {
    if nan {
        0x7fff
    } else {
        bits as u64
    }
}
fn h(b: u64) -> Half {
    Half::from_bits(b.into())
}
fn bf(b: u64) -> BFloat {
    BFloat::from_bits(b.into())
}
fn hadd(a: u64, b: u64) -> u64 {
    let r = (h(a) + h(b)).value;
    canon16(r.to_bits(), r.is_nan())
}
fn hmul(a: u64, b: u64) -> u64 {
    let r = (h(a) * h(b)).value;
    canon16(r.to_bits(), r.is_nan())
}
fn hfma(a: u64, b: u64, c: u64) -> u64 {
    let r = h(a).mul_add(h(b), h(c)).value;
    canon16(r.to_bits(), r.is_nan())
}
fn bfadd(a: u64, b: u64) -> u64 {
    let r = (bf(a) + bf(b)).value;
    canon16(r.to_bits(), r.is_nan())
}
fn bfmul(a: u64, b: u64) -> u64 {
    let r = (bf(a) * bf(b)).value;
    canon16(r.to_bits(), r.is_nan())
}
fn bffma(a: u64, b: u64, c: u64) -> u64 {
    let r = bf(a).mul_add(bf(b), bf(c)).value;
    canon16(r.to_bits(), r.is_nan())
}
/// docs/NVIDIA.md ".relu" on an already canonical result: sign set → +0 (NaN is
/// 0x7fff, sign clear, so it stays).
fn relu(x: u64) -> u64 {
    if x & 0x8000 != 0 {
        0
    } else {
        x
    }
}
/// docs/NVIDIA.md ".oob": a lane whose a or b is 0x?7ff7 gives +0.
fn oob(a: u64, b: u64, r: u64) -> u64 {
    if a & 0x7fff == 0x7ff7 || b & 0x7fff == 0x7ff7 {
        0
    } else {
        r
    }
}
fn f32_to_h(x: u32) -> u64 {
    let mut li = false;
    let r: Half = Single::from_bits(x.into()).convert_r(RN, &mut li).value;
    canon16(r.to_bits(), r.is_nan())
}
fn f32_to_bf(x: u32) -> u64 {
    let mut li = false;
    let r: BFloat = Single::from_bits(x.into()).convert_r(RN, &mut li).value;
    canon16(r.to_bits(), r.is_nan())
}
fn lanes(x: u64, f: impl Fn(u64) -> u64) -> u64 {
    f(x & 0xffff) | f(x >> 16) << 16
}
fn lanes2(x: u64, y: u64, f: impl Fn(u64, u64) -> u64) -> u64 {
    f(x & 0xffff, y & 0xffff) | f(x >> 16, y >> 16) << 16
}
fn lanes3(x: u64, y: u64, z: u64, f: impl Fn(u64, u64, u64) -> u64) -> u64 {
    f(x & 0xffff, y & 0xffff, z & 0xffff) | f(x >> 16, y >> 16, z >> 16) << 16
}

// The inputs the example files give (their `mov`s and `.global data`).
const F0: u32 = 0x3dcc_cccd;
const F1: u32 = 0x3eaa_aaab;
const F2: u32 = 0x47c3_5000;
const F3: u32 = 0xc020_0000;
const F4: u32 = 0x3f80_0000;
const F5: u32 = 0x3dcc_cccd;
const F6: u32 = 0x4040_0000;
const F7: u32 = 0xbe99_999a;
const DATA: [u64; 4] = [0xc000_7ff7, 0x4000_3c00, 0x3bc0_3f80, 0xbf80_3f81];

fn half_block(src: &str, add: bool) {
    let r = run_src(src, 90);
    type Op = fn(u64, u64) -> u64;
    let (op, bop): (Op, Op) = if add { (hadd, bfadd) } else { (hmul, bfmul) };
    assert_eq!(r["d0"], op(0x3c00, 0x1000), "d0");
    assert_eq!(r["d1"], op(0x3c01, 0x1200), "d1");
    assert_eq!(r["bd0"], bop(0x3f80, 0x3bc0), "bd0");
    assert_eq!(r["bd1"], bop(0x4049, 0xc000), "bd1");
    let hs = [F0, F1, F2, F3].map(f32_to_h);
    for (i, v) in hs.iter().enumerate() {
        assert_eq!(r[&format!("h{i}")], *v, "h{i}");
    }
    // docs/NVIDIA.md "Registers and lanes": mov.b32 d, {h0, h1} puts h0 in bits 0..15.
    let p1 = hs[0] | hs[1] << 16;
    let p2 = hs[2] | hs[3] << 16;
    assert_eq!(r["p1"], p1);
    assert_eq!(r["p2"], p2);
    assert_eq!(r["p3"], lanes2(p1, p2, op));
    // docs/NVIDIA.md "Registers and lanes": cvt.rn.bf16x2.f32 d, a, b puts a in the UPPER half.
    let p4 = f32_to_bf(F4) << 16 | f32_to_bf(F5);
    let p5 = f32_to_bf(F6) << 16 | f32_to_bf(F7);
    assert_eq!(r["p4"], p4);
    assert_eq!(r["p5"], p5);
    assert_eq!(r["p6"], lanes2(p4, p5, bop));
    assert_eq!(r["f0"], DATA[0]);
    assert_eq!(r["f1"], DATA[1]);
    assert_eq!(r["f2"], lanes2(DATA[0], DATA[1], op));
    assert_eq!(r["f5"], lanes2(DATA[2], DATA[3], bop));
}

#[test]
fn spec_9_7_4_1_add() {
    let src = example("spec-9.7.4.1-add.ptx");
    half_block(&src, true);
    // Hand-derived spot checks of the oracle itself: 1 + 2^-11 is a tie
    // between 1 and 1 + 2^-10 → even → 1.0; bf16 1 + 1.5·2^-8 = 1 + 0.75 ulp → 0x3f81.
    assert_eq!(hadd(0x3c00, 0x1000), 0x3c00);
    assert_eq!(bfadd(0x3f80, 0x3bc0), 0x3f81);
}

#[test]
fn spec_9_7_4_3_mul() {
    half_block(&example("spec-9.7.4.3-mul.ptx"), false);
}

#[test]
fn spec_9_7_4_4_fma() {
    let src = example("spec-9.7.4.4-fma.ptx");
    let (a0, b0, c0) = (0xbe00, 0x4000, 0x3400);
    let (a1, b1, c1) = (0x3fe0, 0x3f14, 0x8d80);
    let r = run_src(&src, 90);
    assert_eq!(r["d0"], hfma(a0, b0, c0));
    assert_eq!(r["d0"], 0xc180); // -1.5 × 2 + 0.25 = -2.75, exact
                                 // The scalar d1 lines, one at a time.
    let start = "fma.rn.f16         d0";
    let step = |upto: &str| run_prefix(&src, start, upto, 90)["d1"];
    let f = hfma(a1, b1, c1);
    assert_eq!(step("fma.rn.f16 "), f);
    assert_eq!(step("fma.rn.relu.f16 "), relu(f));
    assert_eq!(step("fma.rn.oob.f16 "), oob(a1, b1, f));
    assert_eq!(step("fma.rn.oob.relu.f16 "), relu(oob(a1, b1, f)));
    let g = bffma(a1, b1, c1);
    assert_eq!(
        g, 0x3f81,
        "the double-rounding trap of docs/NVIDIA.md \"Rounding\""
    );
    assert_eq!(step("fma.rn.bf16 "), g);
    assert_eq!(step("fma.rn.relu.bf16 "), relu(g));
    assert_eq!(step("fma.rn.oob.bf16 "), oob(a1, b1, g));
    assert_eq!(r["d1"], relu(oob(a1, b1, g)));
    // SIMD f16.
    let hs = [0xbdcc_cccd, F1, 0x4040_0000, F3].map(f32_to_h);
    let p1 = hs[0] | hs[1] << 16;
    let p2 = hs[2] | hs[3] << 16;
    let p3 = |upto: &str| run_prefix(&src, "mov.b32  p2", upto, 90)["p3"];
    let plain = lanes3(p1, p2, p2, hfma);
    assert_eq!(p3("fma.rn.f16x2 "), plain);
    assert_eq!(p3("fma.rn.relu.f16x2 "), lanes(plain, relu));
    assert_eq!(
        p3("fma.rn.oob.f16x2 "),
        lanes3(p1, p2, p2, |a, b, c| oob(a, b, hfma(a, b, c)))
    );
    assert_eq!(
        r["p3"],
        lanes3(p1, p2, p2, |a, b, c| relu(oob(a, b, hfma(a, b, c))))
    );
    // Loaded lanes: DATA[0] has an OOB-NaN lane.
    let (x, y) = (DATA[0], DATA[1]);
    let f2 = |upto: &str| run_prefix(&src, "ld.global.b32   f1", upto, 90)["f2"];
    assert_eq!(f2("fma.rn.f16x2 "), lanes3(x, y, y, hfma));
    assert_eq!(f2("fma.rn.bf16x2 "), lanes3(x, y, y, bffma));
    assert_eq!(
        f2("fma.rn.relu.bf16x2 "),
        lanes3(x, y, y, |a, b, c| relu(bffma(a, b, c)))
    );
    assert_eq!(
        f2("fma.rn.oob.bf16x2 "),
        lanes3(x, y, y, |a, b, c| oob(a, b, bffma(a, b, c)))
    );
    assert_eq!(
        r["f2"],
        lanes3(x, y, y, |a, b, c| relu(oob(a, b, bffma(a, b, c))))
    );
    assert_eq!(
        r["f2"], 0,
        "lane 0 is OOB → +0; lane 1 is -2·2+2 = -2 → relu → +0"
    );
}

/// The fma example's header states the double-rounding trap: the bf16 fma
/// rounded once, and the value an f32 fma narrowed to bf16 gives instead.
/// Both are computed here by rustc_apfloat (bf16 → f32 is exact, so the f32
/// fma sees the same operands). By hand: a·b = 1.75 × 0.578125 = 1 + 3·2^-8,
/// c = -2^-100. Rounded once to bf16 (p = 8) the sum lies just below the tie
/// 1 + 1.5·2^-7 → 1 + 2^-7 = 0x3f81; in f32 the sum is exactly that tie,
/// which bf16 then breaks to even → 1 + 2^-6 = 0x3f82.
#[test]
fn spec_9_7_4_4_header_names_the_double_rounded_value() {
    let (a1, b1, c1) = (0x3fe0u64, 0x3f14u64, 0x8d80u64);
    let to_f32 = |x: u64| -> Single {
        let mut li = false;
        bf(x).convert_r(RN, &mut li).value
    };
    let wide = to_f32(a1).mul_add(to_f32(b1), to_f32(c1)).value;
    let twice = f32_to_bf(wide.to_bits() as u32);
    assert_eq!((bffma(a1, b1, c1), twice), (0x3f81, 0x3f82));
    // The header's comment lines, joined.
    let header: String = example("spec-9.7.4.4-fma.ptx")
        .lines()
        .take_while(|l| l.starts_with("//"))
        .map(|l| l.trim_start_matches('/').trim())
        .collect::<Vec<_>>()
        .join(" ");
    let claim = format!(
        "is 0x{:04x}, not the 0x{twice:04x} that an f32 fma narrowed to bf16 gives",
        bffma(a1, b1, c1)
    );
    assert!(
        header.contains(&claim),
        "the header should say `{claim}`:\n{header}"
    );
}

#[test]
fn spec_9_7_3_7_mad() {
    let src = example("spec-9.7.3.7-mad.ptx");
    // On sm_90 (docs/NVIDIA.md "mad.f32 without a rounding modifier"): fma.rn.ftz.f32. a = b = 1 + 2^-12, c = -1:
    // a·b + c = 2^-11 + 2^-24 = 2^-11 · (1 + 2^-13), exactly representable.
    let a = Single::from_bits(0x3f80_0800);
    let c = Single::from_bits(0xbf80_0000);
    let want = a.mul_add(a, c).value.to_bits() as u64;
    assert_eq!(want, 0x3a00_0400);
    assert_eq!(run_src(&src, 90)["d"], want);
}

#[test]
fn spec_9_7_3_7_mad_on_sm_1x() {
    // docs/NVIDIA.md "mad.f32 without a rounding modifier": on sm_1x the exact product 1 + 2^-11 + 2^-24 is truncated to
    // 24 bits, 1 + 2^-11, then c = -1 is added: 2^-11 = 0x3a000000.
    let src = example("spec-9.7.3.7-mad.ptx");
    assert_eq!(run_src(&src, 13)["d"], 0x3a00_0000);
}

fn h_to_f32(x: u64) -> Single {
    let mut li = false;
    h(x).convert_r(RN, &mut li).value
}
fn bf_to_f32(x: u64) -> Single {
    let mut li = false;
    bf(x).convert_r(RN, &mut li).value
}
/// docs/NVIDIA.md ".sat": NaN → +0, below 0 (and -0) → +0, above 1 → 1.
fn sat32(x: Single) -> u64 {
    if x.is_nan() || x.is_negative() {
        0
    } else if x > Single::from_bits(0x3f80_0000) {
        0x3f80_0000
    } else {
        x.to_bits() as u64
    }
}

#[test]
fn spec_9_7_5_mixed() {
    let rz = Round::TowardZero;
    let r = run_src(&example("spec-9.7.5.1-add.ptx"), 100);
    let want = sat32(
        bf_to_f32(0x3f40)
            .add_r(Single::from_bits(0x3e00_0001), rz)
            .value,
    );
    assert_eq!(want, 0x3f60_0000); // 0.875 + 2^-26 truncated to 0.875
    assert_eq!(r["fd"], want);
    let r = run_src(&example("spec-9.7.5.2-sub.ptx"), 100);
    assert_eq!(
        r["fd"],
        sat32(
            h_to_f32(0x3c00)
                .sub_r(Single::from_bits(0x3e80_0000), rz)
                .value
        )
    );
    let r = run_src(&example("spec-9.7.5.3-fma.ptx"), 100);
    let want = sat32(
        h_to_f32(0x3555)
            .mul_add_r(h_to_f32(0x4200), Single::from_bits(0xbdcc_cccd), rz)
            .value,
    );
    assert_eq!(r["fd"], want);
}

#[test]
fn mixed_precision_needs_the_device() {
    // The device defaults to the code's `.target sm_100`; an sm_90 device
    // cannot run it.
    let src = example("spec-9.7.5.3-fma.ptx");
    assert!(run(&src, &Inputs::default(), &Options::default()).is_ok());
    let opts = Options {
        device: Some(Target::sm(90)),
        ..Options::default()
    };
    let msg = run(&src, &Inputs::default(), &opts)
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("code for sm_100 cannot run on an sm_90 device"),
        "{msg}"
    );
}

#[test]
fn errata_are_reported() {
    let opts = Options {
        device: Some(Target::sm(100)),
        ..Options::default()
    };
    // 9.7.5.3: `.sat` twice is an error (docs/NVIDIA.md "Errata").
    let src = example("errata-9.7.5.3-fma.ptx");
    let e = run(&src, &Inputs::default(), &opts)
        .unwrap_err()
        .to_string();
    assert!(e.contains("duplicate .sat"), "{e}");
    assert!(ptxfp::check::check(&src, Default::default()).has_errors());
    // 9.7.5.1 and 9.7.5.2: `.sat` after the types is a warning, since
    // ptxas takes it (docs/NVIDIA.md "Modifier order").
    for f in ["errata-9.7.5.1-add.ptx", "errata-9.7.5.2-sub.ptx"] {
        let rep = ptxfp::check::check(&example(f), Default::default());
        assert!(
            rep.diagnostics
                .iter()
                .any(|d| !d.is_error() && d.message == ".sat must come before the types"),
            "{f}"
        );
    }
    // 9.7.5.1 reads `fa`, which it never declares: that stays an error.
    let rep = ptxfp::check::check(&example("errata-9.7.5.1-add.ptx"), Default::default());
    assert!(rep
        .diagnostics
        .iter()
        .any(|d| d.is_error() && d.message.contains("`fa` is not declared")));
    // 9.7.5.2 runs as sub.rz.sat.f32.f16: 2.0 - 0.5 = 1.5, clamped to 1.0
    // by `.sat` (0x3f800000).
    let src = example("errata-9.7.5.2-sub.ptx");
    assert!(!ptxfp::check::check(&src, Default::default()).has_errors());
    let inputs = Inputs {
        sets: vec![
            ("ha".to_string(), "0x4000".to_string()),
            ("fc".to_string(), "0.5".to_string()),
        ],
        ..Inputs::default()
    };
    let out = run(&src, &inputs, &opts).unwrap();
    assert_eq!(regs_of(&out)["fd"], 0x3f80_0000);
}
