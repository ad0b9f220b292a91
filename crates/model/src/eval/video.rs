//! What the video instructions compute (PTX ISA 9.7.18), step by step as
//! the ISA's pseudocode writes it. The scalar instructions "execute the
//! following stages: 1. Extract and sign- or zero-extend byte, half-word,
//! or word values from its source operands, to produce signed 33-bit
//! input values. 2. Perform a scalar arithmetic operation to produce a
//! signed 34-bit result. 3. Optionally clamp the result to the range of
//! the destination type. 4. Optionally perform one of the following: apply
//! a second operation to the intermediate result and a third operand, or
//! truncate the intermediate result to a byte or half-word value and merge
//! into a specified position in the third operand to produce the final
//! result." The SIMD ones do the same per half-word or byte lane. Values
//! are `i128` here: wide enough for every intermediate (`vmad`'s
//! `tmp[127:0]` included).

use ptxfp_isa::setp::CmpOp;
use ptxfp_isa::video::{Prim, Secop, Sel, Video};

/// The operands of a scalar video instruction: `d.dsel, {-}a.asel,
/// {-}b.bsel, {-}c` (`c` 0 where the form has none; the negations are
/// `vmad`'s).
#[derive(Clone, Copy, Debug)]
pub struct Scalar {
    /// `a` and its selector.
    pub a: (u32, Sel),
    /// `b` and its selector.
    pub b: (u32, Sel),
    /// `c`.
    pub c: u32,
    /// The destination's selector (a merge into `c`).
    pub dsel: Sel,
    /// `-a`, `-b`, `-c` (`vmad` only).
    pub neg: [bool; 3],
}

/// `partSelectSignExtend( x, xtype, xsel )`: the byte, half-word or word
/// `sel` of `x`, sign-extended for `.s32`, else zero-extended.
fn part(x: u32, signed: bool, sel: Sel) -> i128 {
    let (v, bits) = match sel {
        Sel::Word => (u64::from(x), 32),
        Sel::Byte(k) => (u64::from(x >> (8 * k)) & 0xff, 8),
        Sel::Half(k) => (u64::from(x >> (16 * k)) & 0xffff, 16),
    };
    extend(v, bits, signed)
}

/// The low `bits` of `v` as a signed (`signed`) or unsigned number.
fn extend(v: u64, bits: u32, signed: bool) -> i128 {
    let v = i128::from(v & ((1u64 << bits) - 1));
    if signed && v >> (bits - 1) == 1 {
        v - (1i128 << bits)
    } else {
        v
    }
}

/// `compare( ta, tb, cmp )` (`vset`'s six operators; `Video::decode`
/// gives no other).
fn compare(a: i128, b: i128, cmp: CmpOp) -> bool {
    match cmp {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
        _ => false,
    }
}

/// The signed (`signed`) or unsigned range of `bits` bits.
fn range(bits: u32, signed: bool) -> (i128, i128) {
    if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

/// `optSaturate( tmp, sat, sign, dsel )`: "if ( !sat ) return tmp;" else
/// `CLAMP` to the range of a byte (`.b0` to `.b3`), a half-word (`.h0`,
/// `.h1`) or a word, signed where `sign`.
///
/// NVIDIA (docs/NVIDIA.md "Video instructions on a GPU"): into a byte or
/// half-word, `vadd`, `vsub`, `vabsdiff`, `vmin` and `vmax` clamp the
/// 64-bit unsigned image of `tmp`, so a negative `tmp` saturates high
/// (`vsub.u32.s32.s32.sat d.b2` of `-1`: `0xff`, not 0;
/// `vadd.s32.s32.s32.sat d.b0` of `-1`: `0x7f`); `vshl` and `vshr` clamp
/// to the word's range whatever the selector, and the merge takes the low
/// byte or half-word of that (`vshr.u32.u32.u32.sat d.b1` of
/// `0x7fff8000`: `0x00`); with an unsigned `.dtype`, a signed `.atype`
/// and an unsigned `.btype`, a word result above U32_MAX wraps instead of
/// saturating, and below 0 it saturates (`vadd.u32.s32.u32.sat.add` and
/// `vabsdiff.u32.s32.u32.sat.add`: all ten such cases). An H200 (CUDA
/// 13.0) does so on every one of 256 operand triples of each such form in
/// testdata/hw/nvidia-h200/kernels/.
fn opt_saturate(v: &Video, tmp: i128, sign: bool, dsel: Sel) -> i128 {
    if !v.sat {
        return tmp;
    }
    let shift = matches!(v.prim, Prim::Shl | Prim::Shr);
    let bits = match dsel {
        _ if shift => 32,
        Sel::Byte(_) => 8,
        Sel::Half(_) => 16,
        Sel::Word => 32,
    };
    let (lo, hi) = range(bits, sign);
    let mixed = v.asigned && !v.bsigned && !sign && !shift;
    if bits < 32 {
        i128::from(tmp as u64).clamp(lo, hi)
    } else if mixed && tmp > hi {
        tmp & 0xffff_ffff
    } else {
        tmp.clamp(lo, hi)
    }
}

/// `optMerge( dsel, tmp, c )`: `tmp`'s low byte or half-word in place `dsel`
/// of `c`, or `tmp` itself without a selector.
///
/// NVIDIA (docs/NVIDIA.md "Video instructions on a GPU"): where the ISA
/// writes "case .h1: return ((tmp & 0xffff) << 16) | (0x0000ffff & c);",
/// a GPU keeps `tmp`'s own high half-word, `(tmp & 0xffff0000) | (c &
/// 0xffff)`, for every scalar video instruction (an H200, every `.h1`
/// form of testdata/hw/nvidia-h200/kernels/).
fn opt_merge(dsel: Sel, tmp: i128, c: u32) -> i128 {
    let c = i128::from(c);
    match dsel {
        Sel::Word => tmp,
        Sel::Half(1) => (tmp & 0xffff_0000) | (c & 0xffff),
        Sel::Half(k) => ((tmp & 0xffff) << (16 * k)) | (c & !(0xffff << (16 * k)) & 0xffff_ffff),
        Sel::Byte(k) => ((tmp & 0xff) << (8 * k)) | (c & !(0xff << (8 * k)) & 0xffff_ffff),
    }
}

/// `optSecondaryOp( op2, tmp, c )` for `.min` and `.max`: "MIN( tmp, c )",
/// "MAX( tmp, c )", and "The sign of the third operand is based on dtype".
///
/// NVIDIA (docs/NVIDIA.md "Video instructions on a GPU"): `vadd` and
/// `vsub` compare their sum or difference wrapped to 32 bits and read as
/// signed; with an unsigned `.dtype` the comparison is of 33-bit
/// two's-complement images, unsigned, so a negative intermediate is above
/// every `c` (`vsub.u32.u32.u32.min` of `0 - 1` and `c`: `c`); `vset`
/// reads `c` as signed where `.atype` is `.s32`. An unsigned `vshl`
/// compares its whole shifted value (64 bits) without `.sat`, and its
/// saturated word as `vadd`'s with it.
fn min_max(v: &Video, tmp: i128, c: u32, min: bool) -> i128 {
    let pick = |x: i128, y: i128| if min { x.min(y) } else { x.max(y) };
    let t = match v.prim {
        Prim::Add | Prim::Sub => extend(tmp as u64, 32, true),
        Prim::Shl if v.sat => extend(tmp as u64, 32, true),
        _ => tmp,
    };
    let signed = match v.prim {
        Prim::Set(_) => v.asigned,
        _ => v.dsigned,
    };
    if signed {
        pick(t, part(c, true, Sel::Word))
    } else if v.prim == Prim::Shl && !v.sat {
        pick(i128::from(tmp as u64), i128::from(c))
    } else {
        pick(t & ((1 << 33) - 1), i128::from(c))
    }
}

/// A scalar video instruction (`v.lanes` 1) on `x`: the 32 bits written to
/// `d` ("The lower 32-bits are then written to the destination operand").
pub fn scalar(v: &Video, x: &Scalar) -> u32 {
    if v.prim == Prim::Mad {
        return mad(v, x);
    }
    let shift = matches!(v.prim, Prim::Shl | Prim::Shr);
    let ta = part(x.a.0, v.asigned, x.a.1);
    // vshl/vshr: "tb = partSelectSignExtend( b, .u32, bsel );"
    let tb = part(x.b.0, v.bsigned && !shift, x.b.1);
    let tmp = match v.prim {
        Prim::Add => ta + tb,
        Prim::Sub => ta - tb,
        Prim::Absdiff => (ta - tb).abs(),
        Prim::Min => ta.min(tb),
        Prim::Max => ta.max(tb),
        Prim::Avrg => avrg(ta, tb),
        // "if ( mode == .clamp && tb > 32 ) tb = 32; if ( mode == .wrap )
        // tb = tb & 0x1f;"
        Prim::Shl | Prim::Shr => {
            let n = if v.wrap { tb & 0x1f } else { tb.min(32) };
            if v.prim == Prim::Shr {
                ta >> n
            } else if v.sat && n >= 2 {
                // NVIDIA (docs/NVIDIA.md "Video instructions on a GPU"):
                // `vshl ... .sat` shifts by n - 2 in 32 bits, then
                // multiplies that signed word by 4 and saturates, so the
                // bits shifted out before the last two are lost
                // (`vshl.s32.s32.u32.sat.clamp` of 0x7f7f7f7f by 32:
                // 0x80000000). An H200, every `vshl .sat` form of
                // testdata/hw/nvidia-h200/kernels/.
                extend((ta << (n - 2)) as u64, 32, true) << 2
            } else {
                ta << n
            }
        }
        Prim::Set(cmp) => i128::from(compare(ta, tb, cmp)),
        Prim::Mad => unreachable!("vmad returned above"),
    };
    // vset: "The intermediate result of the comparison is always unsigned,
    // and therefore destination d and operand c are also unsigned."
    let sign = v.dsigned && !matches!(v.prim, Prim::Set(_));
    let tmp = opt_saturate(v, tmp, sign, x.dsel);
    // "The sign of the third operand is based on dtype."
    let c = part(x.c, sign, Sel::Word);
    let d = match v.secop {
        Some(Secop::Add) => tmp + c,
        Some(Secop::Min) => min_max(v, tmp, x.c, true),
        Some(Secop::Max) => min_max(v, tmp, x.c, false),
        None => opt_merge(x.dsel, tmp, x.c),
    };
    d as u32
}

/// `vavrg`: "if ( ( Va[i] + Vb[i] ) >= 0 ) { t[i] = ( Va[i] + Vb[i] + 1 )
/// >> 1; } else { t[i] = ( Va[i] + Vb[i] ) >> 1; }".
fn avrg(a: i128, b: i128) -> i128 {
    let s = a + b;
    if s >= 0 {
        (s + 1) >> 1
    } else {
        s >> 1
    }
}

/// `vmad`, line by line:
///
/// ```text
/// signedFinal = isSigned(atype) || isSigned(btype) ||
///                                  (a.negate ^ b.negate) || c.negate;
/// tmp[127:0] = ta * tb;
/// lsb = 0;
/// if ( .po )                  {              lsb = 1; } else
/// if ( a.negate ^ b.negate )  { tmp = ~tmp;  lsb = 1; } else
/// if ( c.negate )             { c   = ~c;    lsb = 1; }
/// c128[127:0] = (signedFinal) sext32( c ) : zext ( c );
/// tmp = tmp + c128 + lsb;
/// switch( scale ) {
///    case .shr7:   result = (tmp >>  7) & 0xffffffffffffffff;
///    case .shr15:  result = (tmp >> 15) & 0xffffffffffffffff;
/// }
/// if ( .sat ) {
///      if (signedFinal) result = CLAMP(result, S32_MAX, S32_MIN);
///      else             result = CLAMP(result, U32_MAX, U32_MIN);
/// }
/// ```
///
/// Without a scale the result is `tmp`'s low 64 bits likewise; it is
/// clamped as a signed or unsigned 64-bit number.
///
/// NVIDIA (docs/NVIDIA.md "Video instructions on a GPU"; an H200 on every
/// one of the 240 `vmad` forms of testdata/hw/nvidia-h200/kernels/): a
/// whole-word `a` or `b` is read as signed whatever its type, `c` is
/// sign-extended whatever `signedFinal`, and an unsigned `.sat` result
/// without a scale clamps the signed value to `[0, U32_MAX]` (a negative
/// sum gives 0); with a scale it clamps as above.
fn mad(v: &Video, x: &Scalar) -> u32 {
    let [na, nb, nc] = x.neg;
    // A word operand: signed on a GPU (`v.asigned` for a byte or half).
    let ta = part(x.a.0, v.asigned || x.a.1 == Sel::Word, x.a.1);
    let tb = part(x.b.0, v.bsigned || x.b.1 == Sel::Word, x.b.1);
    let signed_final = v.asigned || v.bsigned || (na ^ nb) || nc;
    let mut tmp = ta * tb;
    let mut c = x.c;
    let mut lsb = 0;
    if v.po {
        lsb = 1;
    } else if na ^ nb {
        tmp = !tmp;
        lsb = 1;
    } else if nc {
        c = !c;
        lsb = 1;
    }
    // "c128[127:0] = (signedFinal) sext32( c ) : zext ( c );" — a GPU
    // sign-extends either way.
    let c128 = part(c, true, Sel::Word);
    let tmp = tmp.wrapping_add(c128).wrapping_add(lsb);
    let result = ((tmp >> v.shr) as u128 & u128::from(u64::MAX)) as u64;
    let result = if !v.sat {
        result
    } else if signed_final {
        (result as i64).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u64
    } else if v.shr == 0 {
        (result as i64).clamp(0, i64::from(u32::MAX)) as u64
    } else {
        result.min(u64::from(u32::MAX))
    };
    result as u32
}

/// A SIMD video instruction (`v.lanes` 2 or 4): `d{.mask}, a{.asel},
/// b{.bsel}, c`, the selectors as `ptxfp_isa::video::lanes_sel` gives them
/// and the mask as lane bits.
///
/// ```text
/// Va = extractAndSignExt_4( a, b, .asel, .atype );
/// Vb = extractAndSignExt_4( a, b, .bsel, .btype );
/// Vc = extractAndSignExt_4( c );
/// for (i=0; i<4; i++) {
///     t[i] = OP( Va[i], Vb[i] );
///     if (.sat) {
///         if ( .dtype == .s32 )  t[i] = CLAMP( t[i], S8_MAX, S8_MIN );
///         else                   t[i] = CLAMP( t[i], U8_MAX, U8_MIN );
///     }
/// }
/// mask = extractMaskBits( .mask );
/// if (.add) {
///     d = c;
///     for (i=0; i<4; i++) {  d += mask[i] ? t[i] : 0;  }
/// } else {
///     d = 0;
///     for (i=0; i<4; i++)  {  d |= mask[i] ? t[i] : Vc[i];  }
/// }
/// ```
///
/// (the merge puts lane `i`'s byte or half-word in lane `i`'s place).
pub fn simd(
    v: &Video,
    (a, asel): (u32, [u8; 4]),
    (b, bsel): (u32, [u8; 4]),
    c: u32,
    mask: u8,
) -> u32 {
    let bits = 32 / u32::from(v.lanes);
    let lane_mask = (1u64 << bits) - 1;
    // The half-words or bytes of `{b, a}`: `a` holds lanes 0 up.
    let pair = (u64::from(b) << 32) | u64::from(a);
    let pick = |sel: u8, signed: bool| extend(pair >> (bits * u32::from(sel)), bits, signed);
    let mut d = if v.secop.is_some() { c } else { 0 };
    for i in 0..usize::from(v.lanes) {
        let va = pick(asel[i], v.asigned);
        let vb = pick(bsel[i], v.bsigned);
        let t = match v.prim {
            Prim::Add => va + vb,
            Prim::Sub => va - vb,
            Prim::Absdiff => (va - vb).abs(),
            Prim::Min => va.min(vb),
            Prim::Max => va.max(vb),
            Prim::Avrg => avrg(va, vb),
            Prim::Set(cmp) => i128::from(compare(va, vb, cmp)),
            // Not SIMD forms (`Video::decode` gives none).
            Prim::Shl | Prim::Shr | Prim::Mad => 0,
        };
        let t = if v.sat {
            let (lo, hi) = range(bits, v.dsigned);
            t.clamp(lo, hi)
        } else {
            t
        };
        let on = mask >> i & 1 == 1;
        let at = bits * i as u32;
        if v.secop.is_some() {
            if on {
                d = d.wrapping_add(t as u32);
            }
        } else if on {
            d |= ((t as u64 & lane_mask) << at) as u32;
        } else {
            d |= c & ((lane_mask << at) as u32);
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn video(t: &str) -> Video {
        Video::decode(t).unwrap().unwrap()
    }

    fn sc(a: u32, b: u32, c: u32) -> Scalar {
        Scalar {
            a: (a, Sel::Word),
            b: (b, Sel::Word),
            c,
            dsel: Sel::Word,
            neg: [false; 3],
        }
    }

    /// The ISA's own examples and corners, each worked out by hand.
    #[test]
    fn scalar_cases_by_hand() {
        // vadd.s32.u32.s32.sat r1, r2.b0, r3.h0: 0xff (255 unsigned) +
        // 0x8000 (-32768 signed) = -32513 = 0xffff80ff.
        let x = Scalar {
            a: (0x1234_56ff, Sel::Byte(0)),
            b: (0xabcd_8000, Sel::Half(0)),
            ..sc(0, 0, 0)
        };
        assert_eq!(scalar(&video("vadd.s32.u32.s32.sat"), &x), 0xffff_80ff);
        // 0xffffffff (u32) + 0xffffffff (u32), saturated to u32: U32_MAX;
        // to s32: S32_MAX; unsaturated, the low 32 bits of 2^33 - 2.
        assert_eq!(
            scalar(&video("vadd.u32.u32.u32.sat"), &sc(u32::MAX, u32::MAX, 0)),
            u32::MAX
        );
        assert_eq!(
            scalar(&video("vadd.s32.u32.u32.sat"), &sc(u32::MAX, u32::MAX, 0)),
            0x7fff_ffff
        );
        assert_eq!(
            scalar(&video("vadd.u32.u32.u32"), &sc(u32::MAX, u32::MAX, 0)),
            0xffff_fffe
        );
        // vsub.u32 of 1 - 2, saturated unsigned: 0.
        assert_eq!(scalar(&video("vsub.u32.u32.u32.sat"), &sc(1, 2, 0)), 0);
        assert_eq!(
            scalar(&video("vsub.s32.u32.u32.sat"), &sc(1, 2, 0)),
            u32::MAX
        );
        // vabsdiff.s32.s32.s32.sat r1.h0, r2.b0, r3.b2, c: |-1 - 0x7f| =
        // 128, clamped to s16 no change, merged into c's low half.
        let x = Scalar {
            a: (0xff, Sel::Byte(0)),
            b: (0x007f_0000, Sel::Byte(2)),
            c: 0xdead_beef,
            dsel: Sel::Half(0),
            neg: [false; 3],
        };
        assert_eq!(scalar(&video("vabsdiff.s32.s32.s32.sat"), &x), 0xdead_0080);
        // ... into a byte with .sat (s8): 127; and into .b3: 0x7f << 24.
        let x = Scalar {
            dsel: Sel::Byte(3),
            ..x
        };
        assert_eq!(scalar(&video("vabsdiff.s32.s32.s32.sat"), &x), 0x7fad_beef);
        // vmin.s32.s32.s32.sat.add: min(-5, 3) + 10 = 5.
        assert_eq!(
            scalar(&video("vmin.s32.s32.s32.sat.add"), &sc(-5i32 as u32, 3, 10)),
            5
        );
        // .max with an unsigned dtype compares c unsigned: max(1, 0xffffffff).
        assert_eq!(
            scalar(&video("vmax.u32.s32.s32.max"), &sc(1, 0, u32::MAX)),
            u32::MAX
        );
        assert_eq!(
            scalar(&video("vmax.s32.s32.s32.max"), &sc(1, 0, u32::MAX)),
            1
        );
        // Shifts: -8 >> 1 (signed a) = -4; wrap takes b & 31 (33 -> 1);
        // clamp caps at 32: a u32 >> 32 is 0, an s32 -1.
        assert_eq!(
            scalar(&video("vshr.s32.s32.u32.wrap"), &sc(-8i32 as u32, 33, 0)),
            -4i32 as u32
        );
        assert_eq!(
            scalar(&video("vshr.u32.u32.u32.clamp"), &sc(u32::MAX, 100, 0)),
            0
        );
        assert_eq!(
            scalar(&video("vshr.s32.s32.u32.clamp"), &sc(u32::MAX, 100, 0)),
            u32::MAX
        );
        // vshl 1 << 31 saturated to s32: 2^31 > S32_MAX.
        assert_eq!(
            scalar(&video("vshl.s32.u32.u32.sat.clamp"), &sc(1, 31, 0)),
            0x7fff_ffff
        );
        assert_eq!(
            scalar(&video("vshl.u32.u32.u32.clamp"), &sc(1, 31, 0)),
            0x8000_0000
        );
        // vset: unsigned compare of a .u32 0xffffffff with a .s32 -1: not
        // equal (4294967295 against -1); gt.
        assert_eq!(
            scalar(&video("vset.u32.s32.eq"), &sc(u32::MAX, u32::MAX, 0)),
            0
        );
        assert_eq!(
            scalar(&video("vset.u32.s32.gt"), &sc(u32::MAX, u32::MAX, 0)),
            1
        );
        // vset with .add: 1 + 41.
        assert_eq!(scalar(&video("vset.s32.s32.lt.add"), &sc(1, 2, 41)), 42);
    }

    /// vmad's lines: the ISA's two examples and each negation.
    #[test]
    fn vmad_by_hand() {
        // vmad.u32.u32.u32.shr15 r0, r1.h0, r2.h0, r3: (0x8000 * 0x8000 +
        // 5) >> 15 = 0x8000.
        let x = Scalar {
            a: (0x8000, Sel::Half(0)),
            b: (0xffff_8000, Sel::Half(0)),
            ..sc(0, 0, 5)
        };
        assert_eq!(scalar(&video("vmad.u32.u32.u32.shr15"), &x), 0x8000);
        // vmad.s32.s32.u32.sat r0, r1, r2, -r3: 3 * 4 - 20 = -8.
        let neg_c = Scalar {
            neg: [false, false, true],
            ..sc(3, 4, 20)
        };
        assert_eq!(scalar(&video("vmad.s32.s32.u32.sat"), &neg_c), -8i32 as u32);
        // -(u32 * u32) + s32: -(3 * 4) + 2 = -10.
        let neg_a = Scalar {
            neg: [true, false, false],
            ..sc(3, 4, 2)
        };
        assert_eq!(scalar(&video("vmad.s32.u32.u32"), &neg_a), -10i32 as u32);
        // Both negated: the product is not.
        let both = Scalar {
            neg: [true, true, false],
            ..sc(3, 4, 2)
        };
        assert_eq!(scalar(&video("vmad.u32.u32.u32"), &both), 14);
        // .po: 3 * 4 + 2 + 1.
        assert_eq!(scalar(&video("vmad.u32.u32.u32.po"), &sc(3, 4, 2)), 15);
        // Unsigned, saturated: 0x10000 * 0x10000 = 2^32 > U32_MAX.
        assert_eq!(
            scalar(&video("vmad.u32.u32.u32.sat"), &sc(0x10000, 0x10000, 0)),
            u32::MAX
        );
        assert_eq!(
            scalar(&video("vmad.u32.u32.u32"), &sc(0x10000, 0x10000, 7)),
            7
        );
        // Signed, saturated low: -65536 * 65536 = -2^32 < S32_MIN.
        assert_eq!(
            scalar(
                &video("vmad.s32.s32.s32.sat"),
                &sc(-65536i32 as u32, 65536, 0)
            ),
            0x8000_0000
        );
        // (u32 * u32) - u32 is signed: 2 * 3 - 10 = -4.
        let sub = Scalar {
            neg: [false, false, true],
            ..sc(2, 3, 10)
        };
        assert_eq!(scalar(&video("vmad.u32.u32.u32.sat"), &sub), -4i32 as u32);
    }

    /// The SIMD forms, by hand: lanes, selectors, merge and accumulate.
    #[test]
    fn simd_cases_by_hand() {
        let all2 = [0, 1, 0, 0];
        let b2 = [2, 3, 0, 0];
        // vadd2.s32.s32.s32.sat: (0x7fff + 1) saturates to 0x7fff; (-1 + -1).
        let v = video("vadd2.s32.s32.s32.sat");
        assert_eq!(
            simd(&v, (0xffff_7fff, all2), (0xffff_0001, b2), 0, 3),
            0xfffe_7fff
        );
        // Without .sat the low lane wraps to 0x8000.
        let v = video("vadd2.s32.s32.s32");
        assert_eq!(
            simd(&v, (0xffff_7fff, all2), (0xffff_0001, b2), 0, 3),
            0xfffe_8000
        );
        // Mask .h1: lane 0 from c.
        assert_eq!(
            simd(&v, (0xffff_7fff, all2), (0xffff_0001, b2), 0x1234_5678, 2),
            0xfffe_5678
        );
        // vabsdiff4.u32.u32.u32.add: |1-4| + |2-3| + |3-2| + |4-1| + 100.
        let v = video("vabsdiff4.u32.u32.u32.add");
        let a4 = [0, 1, 2, 3];
        let b4 = [4, 5, 6, 7];
        assert_eq!(simd(&v, (0x0403_0201, a4), (0x0102_0304, b4), 100, 15), 108);
        // ... over lanes 3 and 1 only (.b31): 3 + 1 + 100.
        assert_eq!(
            simd(&v, (0x0403_0201, a4), (0x0102_0304, b4), 100, 0b1010),
            104
        );
        // vsub4.s32.s32.s32 accumulate goes negative: (1-4)*4 + 0 = -12.
        let v = video("vsub4.s32.s32.s32.add");
        assert_eq!(
            simd(&v, (0x0101_0101, a4), (0x0404_0404, b4), 0, 15),
            -12i32 as u32
        );
        // Selectors: asel .b0000 reads a's byte 0 in every lane; bsel
        // .b2222 b's byte... lane sel 2 is a's byte 2 (0x30 here).
        let v = video("vmin4.u32.u32.u32");
        assert_eq!(
            simd(&v, (0x0030_0050, [0; 4]), (0, [2; 4]), 0, 15),
            0x3030_3030
        );
        // vavrg4.u32: (1 + 2 + 1) >> 1 = 2; signed (-1 + -2) >> 1 = -2.
        let v = video("vavrg4.u32.u32.u32");
        assert_eq!(simd(&v, (0x01, a4), (0x02, b4), 0, 1), 0x02);
        let v = video("vavrg4.s32.s32.s32");
        assert_eq!(simd(&v, (0xff, a4), (0xfe, b4), 0, 1), 0xfe);
        // vset2.s32.u32.lt: lane 0 -1 < 0xffff (65535): 1; lane 1 5 < 3: 0.
        let v = video("vset2.s32.u32.lt");
        assert_eq!(
            simd(&v, (0x0005_ffff, all2), (0x0003_ffff, b2), 0, 3),
            0x0000_0001
        );
        // vmax4.u32.u32.u32.sat with a signed dtype clamps to s8: 0xff -> 127.
        let v = video("vmax4.s32.u32.u32.sat");
        assert_eq!(simd(&v, (0xff, a4), (0, b4), 0, 1), 0x7f);
    }
}
