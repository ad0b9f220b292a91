//! The semantics of the integer instructions nvcc emits around
//! floating-point code (PTX ISA §9.7.1, §9.7.8): two's complement, wrapping.

use ptxfp_isa::int::{IntOp, Part};
use ptxfp_isa::types::{mask, PtxType};

fn signed(t: PtxType) -> bool {
    t.is_signed()
}

fn sext(v: u64, bits: u32) -> i128 {
    let s = 64 - bits;
    i128::from(((v << s) as i64) >> s)
}

/// Evaluation of an [`IntOp`].
pub trait EvalInt {
    /// The destination bits from the sources.
    fn eval(&self, s: &[u64]) -> u64;
}

impl EvalInt for IntOp {
    fn eval(&self, s: &[u64]) -> u64 {
        let bits = self.ty.bits();
        let val = |i: usize| -> i128 {
            let v = s.get(i).copied().unwrap_or(0);
            if signed(self.ty) {
                sext(v, bits)
            } else {
                i128::from(v & mask(bits))
            }
        };
        let dbits = self.dest_type().bits();
        let r: i128 = match self.root {
            "add" => val(0).wrapping_add(val(1)),
            "sub" => val(0).wrapping_sub(val(1)),
            "and" => val(0) & val(1),
            "or" => val(0) | val(1),
            "xor" => val(0) ^ val(1),
            "shl" => {
                let n = s.get(1).copied().unwrap_or(0).min(u64::from(bits)) as u32;
                if n >= bits {
                    0
                } else {
                    val(0) << n
                }
            }
            "shr" => {
                // Signed types shift in the sign; shifts past the width saturate.
                let n = s.get(1).copied().unwrap_or(0).min(127) as u32;
                val(0) >> n.min(bits)
            }
            _ => {
                let p = val(0).wrapping_mul(val(1));
                let p = match self.part {
                    Part::Hi => p >> bits,
                    _ => p,
                };
                if self.root == "mad" {
                    let c = s.get(2).copied().unwrap_or(0);
                    let c = if signed(self.ty) {
                        sext(c, dbits)
                    } else {
                        i128::from(c & mask(dbits))
                    };
                    p.wrapping_add(c)
                } else {
                    p
                }
            }
        };
        (r as u64) & mask(dbits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxfp_isa::int::IntOp;

    #[test]
    fn index_arithmetic() {
        let e = |op: &str, s: &[u64]| IntOp::parse(op).unwrap().eval(s);
        assert_eq!(e("mul.wide.s32", &[0xffff_fffe, 2]), (-4i64) as u64);
        assert_eq!(e("mul.wide.u32", &[0xffff_ffff, 2]), 0x1_ffff_fffe);
        assert_eq!(e("mad.lo.s32", &[3, 4, 5]), 17);
        assert_eq!(e("add.s64", &[u64::MAX, 2]), 1);
        assert_eq!(e("mul.hi.u32", &[0x8000_0000, 4]), 2);
        assert_eq!(e("shl.b32", &[1, 31]), 0x8000_0000);
        assert_eq!(e("shr.s32", &[0x8000_0000, 31]), 0xffff_ffff);
        assert!(IntOp::parse("add.f16").is_none());
        assert!(IntOp::parse("mul.wide.s64").is_none());
    }
}
