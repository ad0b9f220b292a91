//! The semantics of `cvt` between floating-point types (PTX ISA §9.7.9.21):
//! rounding once, `.ftz`, `.sat`, `.relu`, `.satfinite` and NVIDIA's NaN
//! results (docs/NVIDIA.md "NaN results").

use crate::quirks::HwProfile;
use ptxfp_float::{self as fp, Format, Round, BF16, F16, F32, F64};
use ptxfp_isa::cvt::Cvt;
use ptxfp_isa::types::PtxType;

/// Evaluation of a [`Cvt`].
pub trait EvalCvt {
    /// Converts, with [`HwProfile::NVIDIA`]'s choices. For the packed forms
    /// `srcs = [a, b]` and `a` goes in the UPPER half (docs/NVIDIA.md
    /// "Registers and lanes").
    fn eval(&self, srcs: &[u64]) -> u64 {
        self.eval_on(srcs, &HwProfile::NVIDIA)
    }
    /// Converts with `hw`'s choices (its NaN results, its `.sat`/`.relu` of
    /// `-0.0`).
    fn eval_on(&self, srcs: &[u64], hw: &HwProfile) -> u64;
}

impl EvalCvt for Cvt {
    fn eval_on(&self, srcs: &[u64], hw: &HwProfile) -> u64 {
        let s = |i: usize| srcs.get(i).copied().unwrap_or(0);
        match self.dst {
            PtxType::F16x2 => {
                let one = Cvt {
                    dst: PtxType::F16,
                    ..*self
                };
                one.eval_on(&[s(0)], hw) << 16 | one.eval_on(&[s(1)], hw)
            }
            PtxType::BF16x2 => {
                let one = Cvt {
                    dst: PtxType::BF16,
                    ..*self
                };
                one.eval_on(&[s(0)], hw) << 16 | one.eval_on(&[s(1)], hw)
            }
            _ => match self.src {
                PtxType::F16 => from::<F16>(self, s(0), hw),
                PtxType::BF16 => from::<BF16>(self, s(0), hw),
                PtxType::F32 => from::<F32>(self, s(0), hw),
                _ => from::<F64>(self, s(0), hw),
            },
        }
    }
}

fn from<S: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    match c.dst {
        PtxType::F16 => convert::<S, F16>(c, a, hw),
        PtxType::BF16 => convert::<S, BF16>(c, a, hw),
        PtxType::F32 => convert::<S, F32>(c, a, hw),
        _ => convert::<S, F64>(c, a, hw),
    }
}

fn convert<S: Format, D: Format>(c: &Cvt, a: u64, hw: &HwProfile) -> u64 {
    let mut a = a & S::ALL;
    // §9.7.9.21: ".ftz: flush subnormal inputs and results to sign-preserving zero"
    // (f32 only, as for every .ftz).
    if c.ftz && S::BITS == 32 && fp::is_subnormal::<S>(a) {
        a &= S::SIGN;
    }
    let rm = c.rnd.unwrap_or(Round::NearestEven);
    let mut r = fp::convert::<S, D>(a, rm).bits;
    if fp::is_nan::<D>(r) {
        // NOTE(hw): docs/NVIDIA.md "NaN results": every f16/bf16 NaN result is
        // hw.half_nan, every f32 one hw.f32_nan; f64 keeps the payload (quieted).
        if c.sat {
            return 0; // ".sat: NaN results are flushed to positive zero"
        }
        return match D::BITS {
            16 => u64::from(hw.half_nan),
            32 => u64::from(hw.f32_nan),
            _ => r,
        };
    }
    if c.ftz && D::BITS == 32 && fp::is_subnormal::<D>(r) {
        r &= D::SIGN;
    }
    // ".satfinite: ... if the absolute value of input is greater than MAX_NORM
    // of the destination type, the result is sign-preserved MAX_NORM".
    if c.satfinite && r & !D::SIGN == D::INF {
        r = (r & D::SIGN) | D::MAX;
    }
    // ".relu: clamps the result to 0 if negative". NOTE(hw): -0.0 → +0.0 (docs/NVIDIA.md ".relu").
    if c.relu && fp::is_negative::<D>(r) && (r != D::SIGN || hw.relu_clears_neg_zero) {
        r = 0;
    }
    // ".sat: clamps the result to [0.0, 1.0]". NOTE(hw): -0.0 → +0.0 (docs/NVIDIA.md ".sat").
    if c.sat {
        let one = fp::convert::<F32, D>(0x3f80_0000, Round::NearestEven).bits;
        if fp::is_negative::<D>(r) && (r != D::SIGN || hw.sat_clears_neg_zero) {
            r = 0;
        } else if r > one && !fp::is_negative::<D>(r) {
            r = one;
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxfp_isa::cvt::Cvt;

    fn cvt(t: &str, srcs: &[u64]) -> u64 {
        Cvt::parse(t).unwrap().eval(srcs)
    }

    #[test]
    fn conversions() {
        // 1/3 in f32 is 0x3eaaaaab; in f16 to nearest 0x3555 (1.0101010101b × 2^-2).
        assert_eq!(cvt("cvt.rn.f16.f32", &[0x3eaa_aaab]), 0x3555);
        assert_eq!(cvt("cvt.rz.f16.f32", &[0x3eaa_aaab]), 0x3555);
        assert_eq!(cvt("cvt.rp.f16.f32", &[0x3eaa_aaab]), 0x3556);
        assert_eq!(cvt("cvt.rn.f16.f32", &[0xffc0_0001]), 0x7fff);
        assert_eq!(cvt("cvt.rn.satfinite.f16.f32", &[0x4780_0000]), 0x7bff); // 65536
        assert_eq!(cvt("cvt.rn.relu.bf16.f32", &[0xbf80_0000]), 0);
        assert_eq!(cvt("cvt.f32.f16", &[0x3c00]), 0x3f80_0000);
        assert_eq!(cvt("cvt.f32.bf16", &[0xffc1]), 0x7fff_ffff);
        assert_eq!(cvt("cvt.ftz.f32.f16", &[0x0001]), 0x3380_0000); // 2^-24 is normal in f32
                                                                    // Packed: a in the upper half.
        assert_eq!(
            cvt("cvt.rn.f16x2.f32", &[0x3f80_0000, 0x4000_0000]),
            0x3c00_4000
        );
        assert_eq!(
            cvt("cvt.rn.bf16x2.f32", &[0x3f80_0000, 0x4000_0000]),
            0x3f80_4000
        );
        for bad in [
            "cvt.f16.f32",
            "cvt.rn.f32.f16",
            "cvt.rn.f16.f32.sat",
            "cvt.rn.s32.f32",
            "cvt.rm.f16x2.f32",
            "cvt.rn.sat.sat.f16.f32",
            "cvt.f32",
        ] {
            assert!(Cvt::parse(bad).is_err(), "{bad}");
        }
    }

    /// The NaN results and the -0.0 rules are the profile's, not constants.
    #[test]
    fn the_profile_decides() {
        let hw = HwProfile {
            half_nan: 0x7e00,
            f32_nan: 0x7fc0_0000,
            sat_clears_neg_zero: false,
            relu_clears_neg_zero: false,
            ..HwProfile::NVIDIA
        };
        let c = |t: &str, x: u64| Cvt::parse(t).unwrap().eval_on(&[x], &hw);
        assert_eq!(c("cvt.rn.f16.f32", 0xffc0_0001), 0x7e00);
        assert_eq!(c("cvt.rn.bf16.f32", 0x7f80_0001), 0x7e00);
        assert_eq!(c("cvt.f32.f16", 0x7e01), 0x7fc0_0000);
        // -0.0 stays -0.0 under .sat and .relu when the profile says so;
        // other negatives still clamp to +0.
        assert_eq!(c("cvt.rn.sat.f16.f32", 0x8000_0000), 0x8000);
        assert_eq!(c("cvt.rn.relu.f16.f32", 0x8000_0000), 0x8000);
        assert_eq!(c("cvt.rn.sat.f16.f32", 0xbf80_0000), 0);
        assert_eq!(c("cvt.rn.sat.f16.f32", 0x4000_0000), 0x3c00);
        // NVIDIA's profile: the documented constants.
        let n = |t: &str, x: u64| Cvt::parse(t).unwrap().eval(&[x]);
        assert_eq!(n("cvt.rn.sat.f16.f32", 0x8000_0000), 0);
        assert_eq!(n("cvt.rn.f16.f32", 0xffc0_0001), 0x7fff);
    }
}
