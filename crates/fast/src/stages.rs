//! Result stages around an IEEE operation: flushing of subnormal operands
//! and results, clamping, NaN replacement and the 16-bit OOB-NaN rule, as
//! per-call data. The PTX layer fills them from its hardware table (each
//! choice is quoted and evidenced there, `ptxfp::hw`); here they are
//! mechanism only, applied branch-free (every element runs the same
//! selects, the modifiers are uniform vectors), so that the SIMD kernels
//! fuse them into one pass and the portable loops vectorize.

/// What is done to the rounded result's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clamp {
    /// Nothing.
    None,
    /// Saturation to `[+0, 1]`: a NaN becomes `+0`, every value with the
    /// sign bit set (`-0` included) becomes `+0`, a value above 1 becomes 1.
    Sat,
    /// ReLU: every value with the sign bit set (`-0` included) becomes
    /// `+0`; a NaN stays a NaN (replaced as [`HalfStages::nan`] says).
    Relu,
}

/// The stages of a binary16 / bfloat16 kernel, in order: flush subnormal
/// operands (`ftz`), the IEEE operation, flush a subnormal result (`ftz`),
/// clamp, NaN replacement, OOB.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HalfStages {
    /// Subnormal operands and subnormal rounded results become zeros of
    /// the same sign.
    pub ftz: bool,
    /// Under `ftz`, a result is flushed when, rounded to the format's
    /// precision as though the exponent range were unbounded, it is below
    /// the smallest normal (IEEE 754 §7.5 tininess after rounding), also
    /// where rounding into the format gives the smallest normal; `false`:
    /// only results subnormal after rounding into the format. See
    /// `crate::tiny`.
    pub tiny_after_rounding: bool,
    /// Range clamp of the result.
    pub clamp: Clamp,
    /// The pattern every NaN result becomes (`None`: the kernel's NaN is
    /// left as it is). Under [`Clamp::Sat`] a NaN becomes `+0` instead.
    pub nan: Option<u16>,
    /// `Some((mask, value))`: a lane whose `a` or `b` operand `x` has
    /// `x & mask == value` gives `+0`.
    pub oob: Option<(u16, u16)>,
}

impl HalfStages {
    /// No stage: the plain IEEE operation.
    pub const IEEE: HalfStages = HalfStages {
        ftz: false,
        tiny_after_rounding: false,
        clamp: Clamp::None,
        nan: None,
        oob: None,
    };
}

/// The stages of a binary32 kernel (`mad.f32`, mixed precision), in order:
/// flush subnormal operands (`ftz`), the IEEE operation, flush a subnormal
/// result, clamp ([`Clamp::Sat`] only), NaN replacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct F32Stages {
    /// Subnormal binary32 operands and results become zeros of the same
    /// sign (half operands of the mixed forms are never flushed).
    pub ftz: bool,
    /// As [`HalfStages::tiny_after_rounding`].
    pub tiny_after_rounding: bool,
    /// `.sat` ([`Clamp::Relu`] is not a binary32 stage).
    pub sat: bool,
    /// The pattern every NaN result becomes (`None`: left as it is); under
    /// `sat` a NaN becomes `+0` instead.
    pub nan: Option<u32>,
}

impl F32Stages {
    /// No stage: the plain IEEE operation.
    pub const IEEE: F32Stages = F32Stages {
        ftz: false,
        tiny_after_rounding: false,
        sat: false,
        nan: None,
    };
}

/// The NaN of a binary64 result: the first NaN operand in `priority`
/// order with its quiet bit set, or `invalid` when no operand is a NaN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct F64Nans {
    /// Operand indices (0 = a, 1 = b, 2 = c), highest priority first.
    pub priority: [u8; 3],
    /// The NaN of an invalid operation.
    pub invalid: u64,
}

/// A [`HalfStages`] as the uniform integers every element uses: the
/// portable and the SIMD stages are the same selects on these.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HalfK {
    /// The format's exponent field.
    pub exp: u16,
    /// `0x7fff` under `ftz` (the bits a flush clears), else 0.
    pub ftz: u16,
    /// `ftz` with IEEE tininess after rounding (`crate::tiny`).
    pub tiny: bool,
    /// Clamp bounds, compared as signed 16-bit integers: a pattern with
    /// the sign bit set is below every pattern without it, and patterns
    /// without it order as their values.
    pub lo: i16,
    /// See `lo`.
    pub hi: i16,
    /// `0xffff` if NaN results are replaced, else 0.
    pub nan_on: u16,
    /// The replacement.
    pub nan: u16,
    /// `0xffff` under `.oob`, else 0.
    pub oob_on: u16,
    /// OOB mask and value.
    pub oob_mask: u16,
    /// See `oob_mask`.
    pub oob_value: u16,
}

/// The stages a fused half kernel's step runs (`x256::half16`,
/// `x512h::half_nh`): all of [`HalfK`]'s.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const STAGES_ALL: u8 = 0;
/// The NaN replacement alone.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const STAGES_NAN: u8 = 1;
/// None.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const STAGES_NONE: u8 = 2;

impl HalfK {
    /// Which stages do anything: [`STAGES_ALL`] if the flush, the clamp
    /// or `.oob` do, else [`STAGES_NAN`] if the NaN replacement does, else
    /// [`STAGES_NONE`].
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn stages(&self) -> u8 {
        if self.ftz != 0 || (self.lo, self.hi) != (i16::MIN, i16::MAX) || self.oob_on != 0 {
            STAGES_ALL
        } else if self.nan_on != 0 {
            STAGES_NAN
        } else {
            STAGES_NONE
        }
    }

    pub(crate) fn new(bf16: bool, st: &HalfStages) -> HalfK {
        let (exp, one) = if bf16 {
            (0x7f80, 0x3f80)
        } else {
            (0x7c00, 0x3c00)
        };
        let (lo, hi) = match st.clamp {
            Clamp::None => (i16::MIN, i16::MAX),
            Clamp::Sat => (0, one),
            Clamp::Relu => (0, i16::MAX),
        };
        let (nan_on, nan) = match (st.clamp, st.nan) {
            (Clamp::Sat, _) => (0xffff, 0),
            (_, Some(n)) => (0xffff, n),
            (_, None) => (0, 0),
        };
        let (oob_on, oob_mask, oob_value) = match st.oob {
            Some((m, v)) => (0xffff, m, v),
            None => (0, 0, 0),
        };
        HalfK {
            exp,
            ftz: if st.ftz { 0x7fff } else { 0 },
            tiny: st.ftz && st.tiny_after_rounding,
            lo,
            hi,
            nan_on,
            nan,
            oob_on,
            oob_mask,
            oob_value,
        }
    }

    /// A subnormal operand or result flushed to zero of its sign (no-op
    /// without `ftz`).
    #[inline(always)]
    pub(crate) fn flush(&self, x: u16) -> u16 {
        let sub = if x & self.exp == 0 { 0xffff } else { 0 };
        x & !(sub & self.ftz)
    }

    /// [`HalfK::post`] where the NaN replacement is the only stage (no
    /// `ftz`, clamp or `.oob`).
    #[inline(always)]
    pub(crate) fn post_nan(&self, x: u16) -> u16 {
        if (x & 0x7fff > self.exp) & (self.nan_on != 0) {
            self.nan
        } else {
            x
        }
    }

    /// The result stages on a rounded result `x` of operands `a`, `b`.
    #[inline(always)]
    pub(crate) fn post(&self, x: u16, a: u16, b: u16) -> u16 {
        let nan = if x & 0x7fff > self.exp { 0xffff } else { 0 };
        let x = self.flush(x);
        let y = (x as i16).max(self.lo).min(self.hi) as u16;
        // A NaN is replaced, or kept as it is: the clamp must not turn a
        // NaN with the sign bit set into +0 under ReLU.
        let keep = if self.nan_on != 0 { self.nan } else { x };
        let y = if nan != 0 { keep } else { y };
        let oob = (a & self.oob_mask == self.oob_value) | (b & self.oob_mask == self.oob_value);
        let oob = if oob { self.oob_on } else { 0 };
        y & !oob
    }
}

/// A [`F32Stages`] as uniform integers (see [`HalfK`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct F32K {
    /// `0x7fffffff` under `ftz`, else 0.
    pub ftz: u32,
    /// `ftz` with IEEE tininess after rounding (`crate::tiny`).
    pub tiny: bool,
    /// Signed clamp bounds (see [`HalfK::lo`]).
    pub lo: i32,
    /// See `lo`.
    pub hi: i32,
    /// `!0` if NaN results are replaced, else 0.
    pub nan_on: u32,
    /// The replacement.
    pub nan: u32,
}

impl F32K {
    pub(crate) fn new(st: &F32Stages) -> F32K {
        let (lo, hi) = if st.sat {
            (0, 0x3f80_0000)
        } else {
            (i32::MIN, i32::MAX)
        };
        let (nan_on, nan) = match (st.sat, st.nan) {
            (true, _) => (!0, 0),
            (false, Some(n)) => (!0, n),
            (false, None) => (0, 0),
        };
        F32K {
            ftz: if st.ftz { 0x7fff_ffff } else { 0 },
            tiny: st.ftz && st.tiny_after_rounding,
            lo,
            hi,
            nan_on,
            nan,
        }
    }

    /// A subnormal flushed to zero of its sign (no-op without `ftz`).
    #[inline(always)]
    pub(crate) fn flush(&self, x: u32) -> u32 {
        let sub = if x & 0x7f80_0000 == 0 { !0 } else { 0 };
        x & !(sub & self.ftz)
    }

    /// [`F32K::post`] where the NaN replacement is the only stage (no
    /// `ftz`, no `.sat`).
    #[inline(always)]
    pub(crate) fn post_nan(&self, x: u32) -> u32 {
        if (x & 0x7fff_ffff > 0x7f80_0000) & (self.nan_on != 0) {
            self.nan
        } else {
            x
        }
    }

    /// The result stages on a rounded result.
    #[inline(always)]
    pub(crate) fn post(&self, x: u32) -> u32 {
        let nan = x & 0x7fff_ffff > 0x7f80_0000;
        let x = self.flush(x);
        let y = (x as i32).max(self.lo).min(self.hi) as u32;
        if nan & (self.nan_on != 0) {
            self.nan
        } else {
            y
        }
    }
}

impl F64Nans {
    /// Replaces every NaN of `out`, the results of `a × b + c`, by
    /// [`F64Nans::pick`].
    pub(crate) fn fix(&self, a: &[u64], b: &[u64], c: &[u64], out: &mut [u64]) {
        for (i, d) in out.iter_mut().enumerate() {
            if f64::from_bits(*d).is_nan() {
                *d = self.pick([a[i], b[i], c[i]]);
            }
        }
    }

    /// The NaN result of `a × b + c` (called for NaN results only).
    pub(crate) fn pick(&self, ops: [u64; 3]) -> u64 {
        let is_nan = |x: u64| x & 0x7fff_ffff_ffff_ffff > 0x7ff0_0000_0000_0000;
        self.priority
            .iter()
            .map(|&i| ops[i as usize])
            .find(|&x| is_nan(x))
            .map_or(self.invalid, |x| x | 0x0008_0000_0000_0000)
    }
}
