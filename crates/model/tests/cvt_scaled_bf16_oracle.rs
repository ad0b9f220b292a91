//! PTX ISA 9.2's `cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2
//! .{e4m3x2,e5m2x2,e2m3x2,e3m2x2,e2m1x2} d, a{, scale-factor}` against a
//! transcription of the ISA that shares no code with ptxfp's
//! (`crates/model/src/eval/cvt.rs`, `from_narrow_scaled`):
//!
//! - each narrow code decoded from its fields, sign, exponent and mantissa
//!   with the format's bias (OCP MX: E4M3 bias 7, `S.1111.111` NaN; E5M2 bias
//!   15, exponent all ones ∞ or NaN; E2M3 bias 1, E3M2 bias 3, E2M1 bias 1,
//!   no ∞ or NaN), in host `f64`;
//! - "For up-conversion, inputs are converted to destination type and then
//!   multiplied by `scale-factor`", `scale-factor` "stores two packed
//!   scaling factors of type `.ue8m0`" (code `k` is 2^(k - 127), `0xff`
//!   NaN), "If not specified explicitly, value of `scale-factor` will be
//!   assumed to be `0x7f7f`": the product in `f64`, exact (at most 4
//!   significant bits, magnitudes from 2^-143 to 2^144);
//! - `.rn` into `.bf16` written out: from 2^-126 up the product is exact in
//!   `.bf16` (checked: the host's `f64 as f32` leaves the low 16 bits zero)
//!   unless it reaches 2^128 (±∞); below 2^-126 it is a multiple of
//!   `.bf16`'s quantum 2^-133 rounded to nearest, ties to even, by the
//!   host's `f64::round_ties_even`;
//! - ".satfinite: [...] If the absolute value of input (ignoring sign) is
//!   greater than MAX_NORM [...] the result is sign-preserved MAX_NORM";
//!   ".relu: clamps the result to 0 if negative. NaN results are converted
//!   to canonical NaN".
//!
//! Exhaustive per lane: every code of every source format with every scale
//! code, in both lanes at once (the upper lane with the scale's upper byte),
//! under every modifier set, scaled and not. The NVIDIA choices are the quirk
//! table's (`HwProfile::NVIDIA`): `half_nan` for a NaN result,
//! `relu_clears_neg_zero`, `cvt_scaled_bf16_subnormals` (the one rounding
//! below 2^-126; its other value, flushing, is checked too); they and the
//! NaN result of scale code `0xff` are docs/NVIDIA.md "cvt: scaled bf16x2
//! from fp8/fp6/fp4" (open, awaiting GPU data).

use ptxfp_isa::cvt::Cvt;
use ptxfp_model::{EvalCvt, HwProfile};

const HW: HwProfile = HwProfile::NVIDIA;

fn form(text: &str) -> Cvt {
    Cvt::parse(text).unwrap_or_else(|e| panic!("{text}: {}", e.message))
}

/// `2^e` as an `f64` (exact for -1022 ≤ e ≤ 1023).
fn pow2(e: i32) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// A source format: its name, lane width, exponent and mantissa bits, bias.
struct Src {
    name: &'static str,
    width: u32,
    ebits: u32,
    mbits: u32,
    bias: i32,
}

const SRCS: [Src; 5] = [
    Src {
        name: "e4m3x2",
        width: 8,
        ebits: 4,
        mbits: 3,
        bias: 7,
    },
    Src {
        name: "e5m2x2",
        width: 8,
        ebits: 5,
        mbits: 2,
        bias: 15,
    },
    Src {
        name: "e2m3x2",
        width: 6,
        ebits: 2,
        mbits: 3,
        bias: 1,
    },
    Src {
        name: "e3m2x2",
        width: 6,
        ebits: 3,
        mbits: 2,
        bias: 3,
    },
    Src {
        name: "e2m1x2",
        width: 4,
        ebits: 2,
        mbits: 1,
        bias: 1,
    },
];

/// The value of code `x` of format `s` (`NaN` for its NaNs).
fn value(s: &Src, x: u32) -> f64 {
    let sign = if x >> (s.width - 1) & 1 == 1 {
        -1.0
    } else {
        1.0
    };
    let e = (x >> s.mbits) & ((1 << s.ebits) - 1);
    let m = x & ((1 << s.mbits) - 1);
    let top = (1 << s.ebits) - 1;
    match s.name {
        "e4m3x2" if e == top && m == (1 << s.mbits) - 1 => return f64::NAN,
        "e5m2x2" if e == top && m != 0 => return f64::NAN,
        "e5m2x2" if e == top => return sign * f64::INFINITY,
        _ => {}
    }
    let frac = f64::from(m) / f64::from(1u32 << s.mbits);
    let mag = if e == 0 {
        frac * pow2(1 - s.bias)
    } else {
        (1.0 + frac) * pow2(e as i32 - s.bias)
    };
    sign * mag
}

/// The `.bf16` bits of code `x` times 2^(k - 127), `.rn`, with the
/// modifiers, under `hw`.
fn up_on(hw: &HwProfile, s: &Src, x: u32, k: u32, satfinite: bool, relu: bool) -> u16 {
    let v = value(s, x);
    if v.is_nan() || k == 0xff {
        return hw.half_nan;
    }
    let p = v * pow2(k as i32 - 127);
    let sign: u16 = if p.is_sign_negative() { 0x8000 } else { 0 };
    let mag = p.abs();
    let bits = if mag >= pow2(128) {
        // Beyond `.bf16`'s range: ∞, or MAX_NORM with `.satfinite`.
        sign | if satfinite { 0x7f7f } else { 0x7f80 }
    } else if mag < pow2(-126) && !hw.cvt_scaled_bf16_subnormals {
        // The other reading: flushed to a zero of its sign.
        sign
    } else if mag < pow2(-126) {
        // A subnormal (or zero, or 2^-126 after rounding): the number of
        // quanta 2^-133, to nearest, ties to even.
        let q = mag * pow2(133);
        sign | q.round_ties_even() as u16
    } else {
        let b = (mag as f32).to_bits();
        assert_eq!(
            b & 0xffff,
            0,
            "{} {x:#x} × 2^({k} - 127) is not exact",
            s.name
        );
        sign | (b >> 16) as u16
    };
    if relu && bits & 0x8000 != 0 && (bits != 0x8000 || hw.relu_clears_neg_zero) {
        return 0;
    }
    bits
}

fn up(s: &Src, x: u32, k: u32, satfinite: bool, relu: bool) -> u16 {
    up_on(&HW, s, x, k, satfinite, relu)
}

#[test]
fn every_code_with_every_scale_to_bf16x2() {
    every_code_with_every_scale(&HW);
}

/// The quirk field's other value (and `.relu` keeping `-0.0`), over the
/// same inputs: only the products below 2^-126 move.
#[test]
fn every_code_with_every_scale_under_the_other_profile() {
    every_code_with_every_scale(&HwProfile {
        cvt_scaled_bf16_subnormals: false,
        relu_clears_neg_zero: false,
        ..HW
    });
}

fn every_code_with_every_scale(hw: &HwProfile) {
    for s in &SRCS {
        let w = if s.width == 4 { 4 } else { 8 };
        let codes = 1u32 << s.width;
        for relu in [false, true] {
            for satfinite in [false, true] {
                for scaled in [false, true] {
                    let text = format!(
                        "cvt.rn{}{}{}.bf16x2.{}",
                        if relu { ".relu" } else { "" },
                        if satfinite { ".satfinite" } else { "" },
                        if scaled { ".scaled::n2::ue8m0" } else { "" },
                        s.name
                    );
                    let f = form(&text);
                    assert_eq!(f.sources(), if scaled { 2 } else { 1 }, "{f}");
                    for x in 0..codes {
                        // The lower lane sees another code, every one as `x`
                        // runs.
                        let y = x ^ (codes / 2 + 1);
                        let a = u64::from(x << w | y);
                        for k in 0..256u32 {
                            let k2 = k ^ 0x5a;
                            let (kh, kl) = if scaled { (k, k2) } else { (127, 127) };
                            let got = if scaled {
                                f.eval_on(&[a, u64::from(k << 8 | k2)], hw)
                            } else {
                                f.eval_on(&[a], hw)
                            };
                            let want = u64::from(up_on(hw, s, x, kh, satfinite, relu)) << 16
                                | u64::from(up_on(hw, s, y, kl, satfinite, relu));
                            assert_eq!(
                                got, want,
                                "{f} {a:#06x} scale {k:#04x}{k2:02x}: {got:#010x}, want {want:#010x}"
                            );
                            if !scaled {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The oracle itself, on values worked by hand: it must be able to fail.
#[test]
fn the_oracle_on_hand_worked_values() {
    let [e4m3, e5m2, _, _, e2m1] = &SRCS;
    // E4M3 0x7e = 1.75 × 2^8 = 448; times 2^0: bf16 0x43e0.
    assert_eq!(up(e4m3, 0x7e, 127, false, false), 0x43e0);
    // 448 × 2^128 = 1.75 × 2^136: ∞, or MAX_NORM with `.satfinite`.
    assert_eq!(up(e4m3, 0xfe, 255 - 1, false, false), 0xff80);
    assert_eq!(up(e4m3, 0xfe, 254, true, false), 0xff7f);
    // E5M2 0x01 = 2^-16; times 2^-127 = 2^-143, under half of 2^-133:
    // +0; 0x03 = 3 × 2^-16, times 2^-118 = 3 × 2^-134 = 1.5 quanta: 2
    // (ties to even).
    assert_eq!(up(e5m2, 0x01, 0, false, false), 0x0000);
    assert_eq!(up(e5m2, 0x03, 9, false, false), 0x0002);
    // E5M2 ∞ and NaN; E2M1 -6 under `.relu`.
    assert_eq!(up(e5m2, 0x7c, 127, true, false), 0x7f7f);
    assert_eq!(up(e5m2, 0x7d, 127, false, false), HW.half_nan);
    assert_eq!(up(e2m1, 0xf, 127, false, true), 0);
    assert_eq!(up(e2m1, 0xf, 128, false, false), 0xc140);
    // The NaN scale.
    assert_eq!(up(e2m1, 0x1, 0xff, false, false), HW.half_nan);
    // Flushed instead: 3 × 2^-134 is -0 from a negative code, kept by
    // `.relu` when it keeps -0.0.
    let flush = HwProfile {
        cvt_scaled_bf16_subnormals: false,
        relu_clears_neg_zero: false,
        ..HW
    };
    assert_eq!(up_on(&flush, e5m2, 0x83, 9, false, false), 0x8000);
    assert_eq!(up_on(&flush, e5m2, 0x83, 9, false, true), 0x8000);
    assert_eq!(up(e5m2, 0x83, 9, false, true), 0);
}
