//! The `.s2f6x2` conversions (PTX ISA 9.1; 9.7.9.22 in the 9.3 numbering)
//! against a transcription of the ISA that shares no code with ptxfp's
//! (`crates/model/src/eval/cvt.rs`, `to_s2f6`, `from_s2f6`):
//!
//! - the ISA's formula, "`s2f6` value = s8 value * 2^(-6)" (5.2.4), and
//!   "For down conversion, inputs are divided by `scale-factor` and then
//!   conversion is performed", "For up-conversion, inputs are converted to
//!   destination type and then multiplied by `scale-factor`", evaluated in
//!   host `f64` arithmetic, which is exact here: every `.f32`/`.bf16` value
//!   divided by a power of two from 2^-127 to 2^127 and multiplied by 2^6
//!   lies between 2^-149-127+6 and 2^128+127+6, inside `f64`'s normal range,
//!   with at most 24 significant bits; every `.s2f6` value times such a
//!   power of two has at most 8.
//! - the rounding, `.rn` "rounding to nearest, with ties to even", by the
//!   host's `f64::round_ties_even`; `.satfinite`'s clamp, `.relu`'s, and the
//!   NaN rules as the ISA's sentences say, written out here;
//! - the `.bf16` result by the host's `f64 as f32` conversion, checked to
//!   be exact (low 16 bits zero) unless it overflows.
//!
//! Exhaustive: every `.bf16` input with every scale code, in both lanes;
//! every 16-bit upper half of an `.f32` with the lower halves that decide
//! rounding (0, 1, half, half ± 1, all ones), with every scale code; and
//! every `.s2f6x2` code with every scale code, each under every modifier
//! set. The NVIDIA choices are the quirk table's (`HwProfile::NVIDIA`):
//! `s2f6_min = -128` (docs/NVIDIA.md "cvt: s2f6x2"), `half_nan = 0x7fff`.

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

/// The 8-bit `.s2f6` code of `x / 2^(k - 127)`: ".satfinite: [...] For
/// [...] `.s2f6x2` destination formats NaN results are converted to
/// positive MAX_NORM. If the absolute value of input (ignoring sign) is
/// greater than MAX_NORM [...] the result is sign-preserved MAX_NORM";
/// ".relu [...] clamps the result to 0 if negative".
fn down(x: f64, k: u32, relu: bool) -> u8 {
    // UE8M0 code 0xff is NaN: the quotient is NaN.
    if x.is_nan() || k == 0xff {
        return 127;
    }
    let t = x / pow2(k as i32 - 127) * 64.0;
    let r = t.round_ties_even();
    let r = if r > 127.0 {
        127.0
    } else if r < f64::from(HW.s2f6_min) {
        f64::from(HW.s2f6_min)
    } else {
        r
    };
    let r = if relu && r < 0.0 { 0.0 } else { r };
    r as i8 as u8
}

/// The `.bf16` bits of `.s2f6` code `v` times 2^(k - 127).
fn up(v: u8, k: u32, satfinite: bool, relu: bool) -> u16 {
    if k == 0xff {
        return HW.half_nan;
    }
    let x = f64::from(v as i8) / 64.0 * pow2(k as i32 - 127);
    if relu && x < 0.0 {
        return 0;
    }
    let f = x as f32;
    if f.is_infinite() {
        let sign = if x < 0.0 { 0x8000 } else { 0 };
        return sign | if satfinite { 0x7f7f } else { 0x7f80 };
    }
    let b = f.to_bits();
    assert_eq!(
        b & 0xffff,
        0,
        "{v:#x} × 2^({k} - 127) is not exact in .bf16"
    );
    (b >> 16) as u16
}

const RELU: [(&str, bool); 2] = [("", false), (".relu", true)];

#[test]
fn bf16x2_to_s2f6x2_every_input_every_scale() {
    for (r, relu) in RELU {
        for scaled in [false, true] {
            let s = if scaled { ".scaled::n2::ue8m0" } else { "" };
            let f = form(&format!("cvt.rn.satfinite{r}{s}.s2f6x2.bf16x2"));
            for x in 0..=0xffffu32 {
                // The lanes see different values and scales: `a`'s upper
                // half with the scale's upper byte, the lower with the lower.
                let y = x ^ 0x8001;
                let a = u64::from(x << 16 | y);
                let bf = |h: u32| f64::from(f32::from_bits(h << 16));
                for k in 0..256u32 {
                    let k2 = k ^ 0x5a;
                    let (kh, kl) = if scaled { (k, k2) } else { (127, 127) };
                    let got = if scaled {
                        f.eval(&[a, u64::from(k << 8 | k2)])
                    } else {
                        f.eval(&[a])
                    };
                    let want =
                        u64::from(down(bf(x), kh, relu)) << 8 | u64::from(down(bf(y), kl, relu));
                    assert_eq!(
                        got, want,
                        "{f} {a:#010x} scale {k:#04x}{k2:02x}: {got:#06x}, want {want:#06x}"
                    );
                    if !scaled {
                        break;
                    }
                }
            }
        }
    }
}

#[test]
fn f32_to_s2f6x2_every_upper_half_every_scale() {
    // The lower halves that decide the rounding of an `.f32` whose upper
    // half is given: exact, one above, the halfway bit and its neighbours,
    // all ones.
    const LOW: [u32; 6] = [0, 1, 0x7fff, 0x8000, 0x8001, 0xffff];
    for (r, relu) in RELU {
        for scaled in [false, true] {
            let s = if scaled { ".scaled::n2::ue8m0" } else { "" };
            let f = form(&format!("cvt.rn.satfinite{r}{s}.s2f6x2.f32"));
            for hi in 0..=0xffffu32 {
                for (i, lo) in LOW.iter().enumerate() {
                    let a = hi << 16 | lo;
                    let b = (hi ^ 0x8000) << 16 | LOW[5 - i];
                    let v = |x: u32| f64::from(f32::from_bits(x));
                    for k in 0..256u32 {
                        let k2 = 255 - k;
                        let (ka, kb) = if scaled { (k, k2) } else { (127, 127) };
                        let srcs = [u64::from(a), u64::from(b), u64::from(k << 8 | k2)];
                        let got = f.eval(&srcs[..f.sources()]);
                        let want =
                            u64::from(down(v(a), ka, relu)) << 8 | u64::from(down(v(b), kb, relu));
                        assert_eq!(got, want, "{f} {a:#010x} {b:#010x} scale {k:#04x}{k2:02x}: {got:#06x}, want {want:#06x}");
                        if !scaled {
                            break;
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn s2f6x2_to_bf16x2_every_code_every_scale() {
    for (r, relu) in RELU {
        for (sf, satfinite) in [("", false), (".satfinite", true)] {
            for scaled in [false, true] {
                let s = if scaled { ".scaled::n2::ue8m0" } else { "" };
                let f = form(&format!("cvt.rn{sf}{r}{s}.bf16x2.s2f6x2"));
                for a in 0..=0xffffu32 {
                    for k in 0..256u32 {
                        let k2 = k ^ 0xa5;
                        let (kh, kl) = if scaled { (k, k2) } else { (127, 127) };
                        let srcs = [u64::from(a), u64::from(k << 8 | k2)];
                        let got = f.eval(&srcs[..f.sources()]);
                        // "d[31:16] = convert(a[15:8]) * scale-factor[15:8];
                        // d[15:0] = convert(a[7:0]) * scale-factor[7:0];"
                        let want = u64::from(up((a >> 8) as u8, kh, satfinite, relu)) << 16
                            | u64::from(up(a as u8, kl, satfinite, relu));
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

/// The ISA's own statements, by hand: the range ends (5.2.4: "Positive max
/// representation = 01.111111 = 127 * 2^(-6) = 1.984375 Negative max
/// representation = 10.000000 = -128 * 2^(-6) = -2.0") and the default
/// scale ("If not specified explicitly, value of `scale-factor` will be
/// assumed to be `0x7f7f`").
#[test]
fn by_hand() {
    let f = form("cvt.rn.satfinite.s2f6x2.f32");
    // 1.0 = 64 × 2^-6 (0x40); -0.5 = -32 (0xe0).
    assert_eq!(f.eval(&[0x3f80_0000, 0xbf00_0000]), 0x40e0);
    // 2.0 saturates to 0x7f; -2.0 is representable (0x80); +∞, NaN: 0x7f.
    assert_eq!(f.eval(&[0x4000_0000, 0xc000_0000]), 0x7f80);
    assert_eq!(f.eval(&[0x7f80_0000, 0x7fc0_0000]), 0x7f7f);
    // 2^-7 is a tie between 0 and 2^-6: to even, 0; 3 × 2^-7 to 2 × 2^-6.
    assert_eq!(f.eval(&[0x3c00_0000, 0x3cc0_0000]), 0x0002);
    let s = form("cvt.rn.satfinite.scaled::n2::ue8m0.s2f6x2.f32");
    // 64 / 2^6 = 1.0 (scale 0x85); -3 / 2^1 = -1.5 = -96 (0xa0).
    assert_eq!(s.eval(&[0x4280_0000, 0xc040_0000, 0x8580]), 0x40a0);
    // The explicit 0x7f7f is the default.
    assert_eq!(s.eval(&[0x3f80_0000, 0xbf00_0000, 0x7f7f]), 0x40e0);
    let u = form("cvt.rn.scaled::n2::ue8m0.bf16x2.s2f6x2");
    // `.s8` 127 and -128 as integers, scale 2^6 (0x85): 127.0 = 0x42fe, -128.0 = 0xc300.
    assert_eq!(u.eval(&[0x7f80, 0x8585]), 0x42fe_c300);
    // -2.0 × 2^127 overflows `.bf16`: -∞, or -MAX_NORM with `.satfinite`.
    assert_eq!(u.eval(&[0x0080, 0xfefe]), 0x0000_ff80);
    let us = form("cvt.rn.satfinite.scaled::n2::ue8m0.bf16x2.s2f6x2");
    assert_eq!(us.eval(&[0x0080, 0xfefe]), 0x0000_ff7f);
    // Scale code 0xff (UE8M0's NaN): a NaN result, `half_nan`.
    assert_eq!(u.eval(&[0x4040, 0xff7f]), 0x7fff_3f80);
}

/// The quirk field decides the negative end.
#[test]
fn the_negative_end_is_the_profile_s() {
    let hw = HwProfile {
        s2f6_min: -127,
        ..HwProfile::NVIDIA
    };
    let f = form("cvt.rn.satfinite.s2f6x2.f32");
    assert_eq!(f.eval_on(&[0xc000_0000, 0xff80_0000], &hw), 0x8181);
    assert_eq!(f.eval(&[0xc000_0000, 0xff80_0000]), 0x8080);
}
