//! PTX fundamental types (PTX ISA §5.2), as used by `.reg` declarations and
//! instruction type suffixes.

use core::fmt;
use core::str::FromStr;

/// A PTX fundamental or packed type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum PtxType {
    Pred,
    B8,
    B16,
    B32,
    B64,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F16x2,
    BF16,
    BF16x2,
    F32,
    /// `.f32x2`: two `.f32` values in a `.b64` (9.7.3.3: "operands d, a and
    /// b have `.b64` type"; lane 0 is bits 0..31).
    F32x2,
    F64,
    /// `.tf32`: a TensorFloat-32 value in the upper 19 bits of a `.b32`
    /// (a `cvt` destination type).
    Tf32,
    /// `.e4m3x2`: two OFP8 E4M3 values packed in a `.b16`.
    E4m3x2,
    /// `.e5m2x2`: two OFP8 E5M2 values packed in a `.b16`.
    E5m2x2,
    /// `.e2m1x2`: two FP4 E2M1 values packed in a `.b8`.
    E2m1x2,
    /// `.e2m3x2`: two FP6 E2M3 values, one in the low 6 bits of each byte of a `.b16`.
    E2m3x2,
    /// `.e3m2x2`: two FP6 E3M2 values, one in the low 6 bits of each byte of a `.b16`.
    E3m2x2,
    /// `.e4m3x4`: four OFP8 E4M3 values packed in a `.b32` (a `cvt.rs` destination).
    E4m3x4,
    /// `.e5m2x4`: four OFP8 E5M2 values packed in a `.b32`.
    E5m2x4,
    /// `.e2m3x4`: four FP6 E2M3 values, one in the low 6 bits of each byte of a `.b32`.
    E2m3x4,
    /// `.e3m2x4`: four FP6 E3M2 values, one in the low 6 bits of each byte of a `.b32`.
    E3m2x4,
    /// `.e2m1x4`: four FP4 E2M1 values packed in a `.b16`.
    E2m1x4,
    /// `.ue8m0x2`: two UE8M0 scale factors (unsigned, 8 exponent bits) in a `.b16`.
    Ue8m0x2,
    /// `.ue5m3x2`: two UE5M3 values (unsigned, 5 exponent and 3 fraction
    /// bits; PTX ISA 9.4) in a `.b16`.
    Ue5m3x2,
    /// `.s2f6x2`: two `.s2f6` fixed-point values in a `.b16` (PTX ISA 5.2.4:
    /// "8-bit signed 2's complement integer with 2 sign-integer bits and 6
    /// fractional bits"; 5.2.5.3: "must be declared with `.b16` type").
    S2f6x2,
}

const NAMES: [(PtxType, &str); 34] = [
    (PtxType::Pred, "pred"),
    (PtxType::B8, "b8"),
    (PtxType::B16, "b16"),
    (PtxType::B32, "b32"),
    (PtxType::B64, "b64"),
    (PtxType::U8, "u8"),
    (PtxType::U16, "u16"),
    (PtxType::U32, "u32"),
    (PtxType::U64, "u64"),
    (PtxType::S8, "s8"),
    (PtxType::S16, "s16"),
    (PtxType::S32, "s32"),
    (PtxType::S64, "s64"),
    (PtxType::F16, "f16"),
    (PtxType::F16x2, "f16x2"),
    (PtxType::BF16, "bf16"),
    (PtxType::BF16x2, "bf16x2"),
    (PtxType::F32, "f32"),
    (PtxType::F32x2, "f32x2"),
    (PtxType::F64, "f64"),
    (PtxType::Tf32, "tf32"),
    (PtxType::E4m3x2, "e4m3x2"),
    (PtxType::E5m2x2, "e5m2x2"),
    (PtxType::E2m1x2, "e2m1x2"),
    (PtxType::E2m3x2, "e2m3x2"),
    (PtxType::E3m2x2, "e3m2x2"),
    (PtxType::E4m3x4, "e4m3x4"),
    (PtxType::E5m2x4, "e5m2x4"),
    (PtxType::E2m3x4, "e2m3x4"),
    (PtxType::E3m2x4, "e3m2x4"),
    (PtxType::E2m1x4, "e2m1x4"),
    (PtxType::Ue8m0x2, "ue8m0x2"),
    (PtxType::Ue5m3x2, "ue5m3x2"),
    (PtxType::S2f6x2, "s2f6x2"),
];

impl PtxType {
    /// Width in bits (a predicate counts as 1).
    pub const fn bits(self) -> u32 {
        use PtxType::*;
        match self {
            Pred => 1,
            B8 | U8 | S8 | E2m1x2 => 8,
            B16 | U16 | S16 | F16 | BF16 | E4m3x2 | E5m2x2 | E2m3x2 | E3m2x2 | E2m1x4 | Ue8m0x2
            | Ue5m3x2 | S2f6x2 => 16,
            B32 | U32 | S32 | F32 | F16x2 | BF16x2 | Tf32 | E4m3x4 | E5m2x4 | E2m3x4 | E3m2x4 => 32,
            B64 | U64 | S64 | F64 | F32x2 => 64,
        }
    }

    /// The name without the dot (`"f16x2"`).
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(t, _)| *t == self)
            .map(|(_, n)| *n)
            .unwrap_or("?")
    }

    /// Parses a name with or without the leading dot.
    pub fn parse(s: &str) -> Option<PtxType> {
        let s = s.strip_prefix('.').unwrap_or(s);
        NAMES.iter().find(|(_, n)| *n == s).map(|(t, _)| *t)
    }

    /// The bit-size type of the same width (`.b16` for `.f16`).
    pub fn bit_type(self) -> Option<PtxType> {
        match self.bits() {
            8 => Some(PtxType::B8),
            16 => Some(PtxType::B16),
            32 => Some(PtxType::B32),
            64 => Some(PtxType::B64),
            _ => None,
        }
    }

    /// Whether a register declared `reg` may be an operand of an instruction
    /// whose operand type is `self`: the same type, or the bit-size type of
    /// the same width (PTX ISA §6.4.1 "Operand Type Information": bit-size
    /// types are compatible with any type of the same size).
    /// PTX ISA §5.2.1: "Signed and unsigned integer types are compatible if
    /// they have the same size".
    ///
    /// And an `.f16x2` register where a 32-bit integer type is asked: ptxas
    /// takes it as the `.b32` it is stored in. flash-attention v1's
    /// `hrelu2` (`fmha/utils.h`, its sm_75 path, built for Turing) writes
    /// `.reg .f16x2 sela; set.gtu.u32.f16x2 sela, %1, %2; and.b32 %0,
    /// sela, %1;` (docs/NVIDIA.md "Modifier order" has the policy: what
    /// ptxas takes in shipped code is taken).
    pub fn accepts_register(self, reg: PtxType) -> bool {
        reg == self
            || Some(reg) == self.bit_type()
            || (self.is_bits() && reg.bits() == self.bits())
            || (self.is_int() && reg.is_int() && reg.bits() == self.bits())
            || (self.is_int() && self.bits() == 32 && reg == PtxType::F16x2)
    }

    /// Whether a register declared `reg` may be an operand of a `cvt` whose
    /// operand type is `self`: [`PtxType::accepts_register`], or a wider
    /// register. PTX ISA §6.4.2 "Operand Size Exceeding Instruction-Type
    /// Size": "The operand type checking rules are relaxed for bit-size and
    /// integer (signed and unsigned) instruction types; floating-point
    /// instruction types still require that the operand type-size matches
    /// exactly, unless the operand is of bit-size type"; 9.7.9.21 "Notes": a
    /// wider source register "may be used, except when the source operand
    /// has `.bf16` or `.bf16x2` format", a wider destination "except when
    /// the destination operand has `.bf16`, `.bf16x2` or `.tf32` format".
    pub fn accepts_conversion_register(self, reg: PtxType) -> bool {
        use PtxType::*;
        if self.accepts_register(reg) {
            return true;
        }
        if matches!(self, BF16 | BF16x2 | Tf32) || reg.bits() < self.bits() {
            return false;
        }
        if self.is_bits() || self.is_int() {
            reg.is_bits() || reg.is_int()
        } else {
            reg.is_bits()
        }
    }

    /// The values of the type read as an integer, lowest and highest: two's
    /// complement for `.s8` .. `.s64`, unsigned for every other type.
    pub const fn int_range(self) -> (i128, i128) {
        let w = self.bits();
        if self.is_signed() {
            (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
        } else {
            (0, (1i128 << w) - 1)
        }
    }

    /// True for `.u8` .. `.u64` and `.s8` .. `.s64`.
    pub const fn is_int(self) -> bool {
        use PtxType::*;
        matches!(self, U8 | U16 | U32 | U64 | S8 | S16 | S32 | S64)
    }

    /// True for `.s8` .. `.s64`.
    pub const fn is_signed(self) -> bool {
        use PtxType::*;
        matches!(self, S8 | S16 | S32 | S64)
    }

    /// True for the scalar floating-point types `.f16`, `.bf16`, `.f32`, `.f64`.
    pub const fn is_float(self) -> bool {
        matches!(
            self,
            PtxType::F16 | PtxType::BF16 | PtxType::F32 | PtxType::F64
        )
    }

    /// All ones in the low [`PtxType::bits`] bits.
    pub const fn mask(self) -> u64 {
        mask(self.bits())
    }

    /// True for `.b8` .. `.b64`.
    pub const fn is_bits(self) -> bool {
        matches!(
            self,
            PtxType::B8 | PtxType::B16 | PtxType::B32 | PtxType::B64
        )
    }
}

impl fmt::Display for PtxType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, ".{}", self.name())
    }
}

impl FromStr for PtxType {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PtxType::parse(s).ok_or_else(|| format!("unknown PTX type `{s}`"))
    }
}

/// All ones in the low `bits` bits (`bits` up to 64).
pub const fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The instruction's type: its opcode's last suffix that is a type
/// (`ld.global.v2.f32`: `.f32`).
pub fn last_type(opcode: &str) -> Option<PtxType> {
    opcode.split('.').skip(1).filter_map(PtxType::parse).last()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (t, n) in NAMES {
            assert_eq!(PtxType::parse(n), Some(t));
            assert_eq!(t.to_string(), format!(".{n}"));
        }
        assert_eq!(PtxType::parse(".f128"), None);
    }

    #[test]
    fn register_compatibility() {
        assert!(PtxType::F16.accepts_register(PtxType::B16));
        assert!(PtxType::F16.accepts_register(PtxType::F16));
        assert!(!PtxType::F16.accepts_register(PtxType::BF16));
        assert!(PtxType::BF16x2.accepts_register(PtxType::B32));
        // 9.7.3.3: "For `.f32x2` instruction type, operands d, a and b have
        // `.b64` type."
        assert!(PtxType::F32x2.accepts_register(PtxType::B64));
        assert!(!PtxType::F32x2.accepts_register(PtxType::F64));
        assert!(!PtxType::F32x2.accepts_register(PtxType::U64));
        assert!(!PtxType::F32.accepts_register(PtxType::F16x2));
        // ptxas: an `.f16x2` register as a 32-bit integer operand
        // (flash-attention v1's `set.gtu.u32.f16x2 sela, ...`), not as a
        // float of another type or an integer of another size.
        assert!(PtxType::U32.accepts_register(PtxType::F16x2));
        assert!(PtxType::S32.accepts_register(PtxType::F16x2));
        assert!(!PtxType::U16.accepts_register(PtxType::F16x2));
        assert!(!PtxType::U64.accepts_register(PtxType::F16x2));
        assert!(!PtxType::U32.accepts_register(PtxType::F32));
        assert!(PtxType::B32.accepts_register(PtxType::F32));
        assert!(!PtxType::F64.accepts_register(PtxType::F32));
    }

    #[test]
    fn conversion_registers_may_be_wider() {
        use PtxType::*;
        assert!(S8.accepts_conversion_register(B16));
        assert!(U8.accepts_conversion_register(U32));
        assert!(S16.accepts_conversion_register(S64));
        assert!(F16.accepts_conversion_register(B32));
        assert!(!F16.accepts_conversion_register(F32));
        assert!(!BF16.accepts_conversion_register(B32));
        assert!(!Tf32.accepts_conversion_register(B64));
        assert!(Tf32.accepts_conversion_register(B32));
        assert!(!S32.accepts_conversion_register(B16));
        assert!(!U32.accepts_conversion_register(F32));
    }
}
