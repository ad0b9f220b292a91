//! Rounding: the one place where an exact value becomes a format's bits.
//!
//! Every operation of this crate computes its exact result as an [`Exact`]
//! (or a jammed equivalent, see [`crate::ops`]) and ends in [`round`].

use crate::format::Format;

/// Rounding-direction attribute (IEEE 754 §4.3). Always passed explicitly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Round {
    /// roundTiesToEven (PTX `.rn`).
    NearestEven,
    /// roundTowardZero (PTX `.rz`).
    TowardZero,
    /// roundTowardNegative (PTX `.rm`).
    TowardNegative,
    /// roundTowardPositive (PTX `.rp`).
    TowardPositive,
}

impl Round {
    /// All four modes, in PTX order `.rn .rz .rm .rp`.
    pub const ALL: [Round; 4] = [
        Round::NearestEven,
        Round::TowardZero,
        Round::TowardNegative,
        Round::TowardPositive,
    ];
}

/// IEEE 754 §7 exception flags raised by one operation.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Flags(u8);

impl Flags {
    /// No exception.
    pub const NONE: Flags = Flags(0);
    /// §7.2 invalid operation (inf - inf, 0 × inf, a signaling NaN operand).
    pub const INVALID: Flags = Flags(1);
    /// §7.4 overflow.
    pub const OVERFLOW: Flags = Flags(2);
    /// §7.5 underflow: tiny after rounding (as if the exponent range were
    /// unbounded) and inexact, the default of x86 SSE and Berkeley SoftFloat.
    pub const UNDERFLOW: Flags = Flags(4);
    /// §7.6 inexact.
    pub const INEXACT: Flags = Flags(8);
    /// §7.3 division by zero.
    pub const DIV_BY_ZERO: Flags = Flags(16);

    /// The raw bits (1 invalid, 2 overflow, 4 underflow, 8 inexact, 16
    /// division by zero).
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// Builds flags from [`Flags::bits`].
    pub const fn from_bits(bits: u8) -> Flags {
        Flags(bits & 31)
    }
    /// True if every flag of `other` is raised in `self`.
    pub const fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }
    /// True if no flag is raised.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl core::ops::BitOr for Flags {
    type Output = Flags;
    fn bitor(self, rhs: Flags) -> Flags {
        Flags(self.0 | rhs.0)
    }
}

impl core::ops::BitOrAssign for Flags {
    fn bitor_assign(&mut self, rhs: Flags) {
        self.0 |= rhs.0;
    }
}

impl core::fmt::Debug for Flags {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let names = [
            "invalid",
            "overflow",
            "underflow",
            "inexact",
            "divide-by-zero",
        ];
        let mut list = f.debug_set();
        for (i, name) in names.iter().enumerate() {
            if self.0 & (1 << i) != 0 {
                list.entry(name);
            }
        }
        list.finish()
    }
}

/// The result of an operation: the bits of the rounded value and the flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rounded {
    /// The result, in the low bits of the destination format.
    pub bits: u64,
    /// The exceptions the operation raised.
    pub flags: Flags,
}

impl Rounded {
    /// A result with no exception.
    pub const fn exact(bits: u64) -> Rounded {
        Rounded {
            bits,
            flags: Flags::NONE,
        }
    }
}

/// An exact finite value `(-1)^neg × sig × 2^exp`. A zero significand is a
/// signed zero. Operations keep `sig` below 2^120 so that two of them can be
/// aligned and added in 128 bits (see the `ops` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Exact {
    /// The sign.
    pub neg: bool,
    /// The exponent of the significand's least significant bit.
    pub exp: i32,
    /// The integer significand.
    pub sig: u128,
}

impl Exact {
    /// A signed zero.
    pub const fn zero(neg: bool) -> Exact {
        Exact {
            neg,
            exp: 0,
            sig: 0,
        }
    }

    /// Keeps the `bits` most significant bits of the significand and drops the
    /// rest (truncation toward zero, exponent unbounded). Used for the sm_1x
    /// `mad.f32`, whose product is truncated before the addition.
    pub fn truncate(self, bits: u32) -> Exact {
        let width = 128 - self.sig.leading_zeros();
        if width <= bits {
            return self;
        }
        let drop = width - bits;
        Exact {
            neg: self.neg,
            exp: self.exp + drop as i32,
            sig: self.sig >> drop,
        }
    }
}

/// Rounds the exact value `(-1)^neg × sig × 2^exp` to format `F` with mode
/// `rm`: the round-and-pack every operation ends in.
///
/// `sig` may carry a sticky bit in its least significant position (a value
/// known to lie strictly between `sig - 1` and `sig + 1` units is rounded the
/// same, provided the rounding position is at least two bits above bit 0).
///
/// A zero `sig` gives a zero with sign `neg`. IEEE 754 §4.3: "an infinitely
/// precise result [...] rounded" to the destination, subnormals included;
/// §7.4 overflow gives ±∞ or ±max by mode.
#[inline]
pub fn round<F: Format>(neg: bool, exp: i32, sig: u128, rm: Round) -> Rounded {
    round_u128::<F>(neg, exp, sig, rm)
}

// One body, two significand widths: `round_u64` is the same rounding for
// significands that fit in 64 bits (the fast path of `ops::fma`), so that
// formats up to binary32 never touch 128-bit arithmetic there.
macro_rules! rounding {
    ($round:ident, $split:ident, $tiny:ident, $t:ty) => {
        #[inline]
        pub(crate) fn $round<F: Format>(neg: bool, exp: i32, sig: $t, rm: Round) -> Rounded {
            let sign = if neg { F::SIGN } else { 0 };
            if sig == 0 {
                return Rounded::exact(sign);
            }
            let frac = F::FRAC_BITS as i32;
            // Unbiased exponent of the leading bit.
            let e = exp + (<$t>::BITS as i32 - 1) - sig.leading_zeros() as i32;
            // The exponent of the unit in the last place of the result: the format's
            // precision below the leading bit, but never finer than the subnormal
            // quantum 2^(emin - frac).
            let q = if e > F::EMIN { e } else { F::EMIN } - frac;
            let shift = q - exp;
            let (m, half, sticky) = $split(sig, shift);
            let inexact = half || sticky;
            let up = round_up(rm, neg, m & 1 == 1, half, sticky);
            let mut m = m as u64 + up as u64;
            let mut q = q;
            if m >> (frac + 1) != 0 {
                // Carry out of the significand: m was 2^(p), exactly.
                m >>= 1;
                q += 1;
            }
            let mut flags = Flags::NONE;
            if inexact {
                flags |= Flags::INEXACT;
                if $tiny::<F>(e, exp, sig, rm, neg) {
                    flags |= Flags::UNDERFLOW;
                }
            }
            if q + frac > F::EMAX {
                // IEEE 754 §7.4: the result is ±∞ or the largest finite value,
                // according to the rounding direction.
                let to_inf = match rm {
                    Round::NearestEven => true,
                    Round::TowardZero => false,
                    Round::TowardNegative => neg,
                    Round::TowardPositive => !neg,
                };
                let mag = if to_inf { F::INF } else { F::MAX };
                return Rounded {
                    bits: sign | mag,
                    flags: Flags::OVERFLOW | Flags::INEXACT,
                };
            }
            let bits = if m < (1 << frac) {
                // Subnormal or zero: the exponent field is 0 and q = emin - frac.
                m
            } else {
                // Normal: adding the hidden bit to the biased exponent - 1 packs both.
                (((q + frac + F::BIAS - 1) as u64) << frac) + m
            };
            Rounded {
                bits: sign | bits,
                flags,
            }
        }

        /// Splits `sig` at bit `shift`: the integer part above, the bit just below
        /// (half) and whether any bit further below is set (sticky).
        #[inline]
        fn $split(sig: $t, shift: i32) -> ($t, bool, bool) {
            const W: i32 = <$t>::BITS as i32;
            if shift <= 0 {
                (sig << -shift, false, false)
            } else if shift < W {
                let m = sig >> shift;
                let half = (sig >> (shift - 1)) & 1 == 1;
                let sticky = sig & ((1 << (shift - 1)) - 1) != 0;
                (m, half, sticky)
            } else if shift == W {
                (0, sig >> (W - 1) == 1, sig << 1 != 0)
            } else {
                (0, false, true)
            }
        }

        /// IEEE 754 §7.5: tininess "after rounding": the value, rounded to the
        /// format's precision as though the exponent range were unbounded, lies
        /// strictly between ±2^emin.
        #[inline]
        fn $tiny<F: Format>(e: i32, exp: i32, sig: $t, rm: Round, neg: bool) -> bool {
            if e >= F::EMIN {
                return false;
            }
            if e < F::EMIN - 1 {
                return true;
            }
            // e == emin - 1: tiny unless rounding at full precision carries up to 2^emin.
            let shift = e - F::FRAC_BITS as i32 - exp;
            let (m, half, sticky) = $split(sig, shift);
            let up = round_up(rm, neg, m & 1 == 1, half, sticky);
            (m + up as $t) >> (F::FRAC_BITS + 1) == 0
        }
    };
}

rounding!(round_u128, split128, tiny_after_rounding128, u128);
rounding!(round_u64, split64, tiny_after_rounding64, u64);
// A second, identical instance for the add and mul fast paths: measured, the
// f16 fma is ~25% faster when its rounding has no other caller (the compiler
// then inlines it into the fma alone).
rounding!(round_u64_b, split64_b, tiny_after_rounding64_b, u64);

/// Whether to add one unit in the last place to the truncated magnitude.
#[inline]
fn round_up(rm: Round, neg: bool, odd: bool, half: bool, sticky: bool) -> bool {
    match rm {
        // IEEE 754 §4.3.1: the nearest, ties to the even significand.
        Round::NearestEven => half && (sticky || odd),
        Round::TowardZero => false,
        Round::TowardNegative => neg && (half || sticky),
        Round::TowardPositive => !neg && (half || sticky),
    }
}
