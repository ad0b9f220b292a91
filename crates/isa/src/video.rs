//! The video instructions (PTX ISA 9.7.18): the scalar ones (`vadd`,
//! `vsub`, `vabsdiff`, `vmin`, `vmax`, `vshl`, `vshr`, `vmad`, `vset`) on
//! bytes, half-words or words selected from 32-bit registers, and the SIMD
//! ones (`vadd2` ... `vset2` on pairs of half-words, `vadd4` ... `vset4` on
//! quads of bytes). Decoded once from the opcode; the operand selectors
//! (`a.b1`, `d.h0`, `b.h32`, `d.b210`) are parsed by [`Sel`], [`lanes_sel`]
//! and [`mask`]. What they compute is ptxfp-model's (`eval::video`).

use crate::diag::Diagnostic;
use crate::setp::CmpOp;
use crate::target::{PtxVersion, Target};

/// The primary operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prim {
    /// `vadd`, `vadd2`, `vadd4`: `ta + tb`.
    Add,
    /// `vsub*`: `ta - tb`.
    Sub,
    /// `vabsdiff*`: `| ta - tb |`.
    Absdiff,
    /// `vmin*`: `MIN( ta, tb )`.
    Min,
    /// `vmax*`: `MAX( ta, tb )`.
    Max,
    /// `vavrg2`, `vavrg4`: the average: `(Va + Vb + 1) >> 1` when the
    /// sum is not negative, else `(Va + Vb) >> 1`.
    Avrg,
    /// `vshl`: `ta << tb`.
    Shl,
    /// `vshr`: `ta >> tb`.
    Shr,
    /// `vmad`: `(a*b) + c`.
    Mad,
    /// `vset*`: `compare( ta, tb, cmp ) ? 1 : 0`, `.cmp = { .eq, .ne,
    /// .lt, .le, .gt, .ge }`.
    Set(CmpOp),
}

/// The scalar instructions' secondary operation, `.secop = { .add, .min,
/// .max }`; the SIMD ones take `.add` alone (the accumulate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Secop {
    /// `.add`: `tmp + c`.
    Add,
    /// `.min`: `MIN(tmp, c)`.
    Min,
    /// `.max`: `MAX(tmp, c)`.
    Max,
}

/// One video instruction, as its opcode says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Video {
    /// The primary operation.
    pub prim: Prim,
    /// 1 for the scalar instructions, 2 for `vop2`, 4 for `vop4`.
    pub lanes: u8,
    /// `.dtype` is `.s32` (`vset`: the result is always unsigned).
    pub dsigned: bool,
    /// `.atype` is `.s32`.
    pub asigned: bool,
    /// `.btype` is `.s32`.
    pub bsigned: bool,
    /// `.sat`.
    pub sat: bool,
    /// The secondary operation (`.add` on the SIMD ones: the accumulate).
    pub secop: Option<Secop>,
    /// `vshl`/`vshr`: `.wrap` (else `.clamp`).
    pub wrap: bool,
    /// `vmad`: `.po`, "plus one".
    pub po: bool,
    /// `vmad`: `.shr7` or `.shr15` (0: no scale).
    pub shr: u8,
}

/// A scalar instruction's byte, half-word or word selector (`.asel`,
/// `.bsel`, `.dsel = { .b0, .b1, .b2, .b3, .h0, .h1 }`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sel {
    /// No selector: the whole word.
    Word,
    /// `.b0` to `.b3`.
    Byte(u8),
    /// `.h0`, `.h1`.
    Half(u8),
}

impl Sel {
    /// The selector of a suffix (`"b2"`), if it is one.
    pub fn parse(s: &str) -> Option<Sel> {
        match s.as_bytes() {
            [b'b', k @ b'0'..=b'3'] => Some(Sel::Byte(k - b'0')),
            [b'h', k @ b'0'..=b'1'] => Some(Sel::Half(k - b'0')),
            _ => None,
        }
    }
}

/// A SIMD source selector: `.hxy` ("x,y are from { 0, 1, 2, 3 }") for
/// `lanes` 2, `.bxyzw` ("from { 0, ..., 7 }") for 4. The digit `k` places
/// from the right picks lane `k`'s half-word or byte of the pair `{b, a}`
/// (`a` holds 0 and 1, or 0 to 3): `.h10` is `a`'s two half-words, as the
/// default `.asel`; `.b7654` is `b`'s bytes, as the default `.bsel`.
pub fn lanes_sel(lanes: u8, s: &str) -> Option<[u8; 4]> {
    let (prefix, top) = if lanes == 2 {
        (b'h', b'3')
    } else {
        (b'b', b'7')
    };
    let digits = s.as_bytes().strip_prefix(&[prefix])?;
    if digits.len() != usize::from(lanes) || !digits.iter().all(|d| (b'0'..=top).contains(d)) {
        return None;
    }
    let mut out = [0u8; 4];
    for (k, d) in digits.iter().rev().enumerate() {
        out[k] = d - b'0';
    }
    Some(out)
}

/// A SIMD destination mask as lane bits: `.h0`, `.h1`, `.h10` for `lanes`
/// 2; for 4, `.b` and the lanes' digits from 3 down to 0 (`.b3210`,
/// `.b31`, `.b0`), each at most once.
pub fn mask(lanes: u8, s: &str) -> Option<u8> {
    let (prefix, top) = if lanes == 2 {
        (b'h', b'1')
    } else {
        (b'b', b'3')
    };
    let digits = s.as_bytes().strip_prefix(&[prefix])?;
    if digits.is_empty() || !digits.windows(2).all(|w| w[0] > w[1]) {
        return None;
    }
    digits.iter().try_fold(0u8, |m, d| {
        (b'0'..=top).contains(d).then(|| m | 1 << (d - b'0'))
    })
}

impl Video {
    /// Decodes a video opcode: `None` when `opcode` is not one, an error
    /// when it is one written wrongly. The forms (PTX ISA 9.7.18):
    ///
    /// ```text
    /// vop.dtype.atype.btype{.sat}{.secop}      (vadd vsub vabsdiff vmin vmax)
    /// vop.dtype.atype.u32{.sat}.mode{.secop}   (vshl vshr; .mode = .clamp, .wrap)
    /// vmad.dtype.atype.btype{.po}{.sat}{.scale} (.scale = .shr7, .shr15)
    /// vset.atype.btype.cmp{.secop}
    /// vop2.dtype.atype.btype{.sat}  or  vop2.dtype.atype.btype.add
    /// vset2.atype.btype.cmp{.add}              (and the same with 4)
    /// ```
    pub fn decode(opcode: &str) -> Option<Result<Video, Diagnostic>> {
        let mut parts = opcode.split('.');
        let root = parts.next()?;
        let (name, lanes) = match root.strip_suffix('2') {
            Some(n) => (n, 2),
            None => match root.strip_suffix('4') {
                Some(n) => (n, 4),
                None => (root, 1),
            },
        };
        let prim = match (name, lanes) {
            ("vadd", _) => Prim::Add,
            ("vsub", _) => Prim::Sub,
            ("vabsdiff", _) => Prim::Absdiff,
            ("vmin", _) => Prim::Min,
            ("vmax", _) => Prim::Max,
            ("vavrg", 2 | 4) => Prim::Avrg,
            ("vshl", 1) => Prim::Shl,
            ("vshr", 1) => Prim::Shr,
            ("vmad", 1) => Prim::Mad,
            ("vset", _) => Prim::Set(CmpOp::Eq),
            _ => return None,
        };
        let rest: Vec<&str> = parts.collect();
        Some(Self::decode_rest(opcode, prim, lanes, &rest))
    }

    fn decode_rest(
        opcode: &str,
        prim: Prim,
        lanes: u8,
        rest: &[&str],
    ) -> Result<Video, Diagnostic> {
        let bad = |why: &str| Diagnostic::error(0..opcode.len(), format!("`{opcode}`: {why}"));
        let signed = |t: &str| match t {
            "s32" => Some(true),
            "u32" => Some(false),
            _ => None,
        };
        let set = matches!(prim, Prim::Set(_));
        // The types: vset has no .dtype.
        let ntypes = if set { 2 } else { 3 };
        if rest.len() < ntypes {
            return Err(bad(if set {
                "expected `.atype.btype.cmp` (each type .u32 or .s32)"
            } else {
                "expected `.dtype.atype.btype` (each .u32 or .s32)"
            }));
        }
        let types: Option<Vec<bool>> = rest[..ntypes].iter().map(|t| signed(t)).collect();
        let Some(types) = types else {
            return Err(bad("the types are .u32 or .s32"));
        };
        let (dsigned, asigned, bsigned) = if set {
            (false, types[0], types[1])
        } else {
            (types[0], types[1], types[2])
        };
        let mut v = Video {
            prim,
            lanes,
            dsigned,
            asigned,
            bsigned,
            sat: false,
            secop: None,
            wrap: false,
            po: false,
            shr: 0,
        };
        let mut mods = &rest[ntypes..];
        if let Prim::Set(_) = prim {
            let cmp = mods.first().and_then(|w| CmpOp::parse(w)).filter(|c| {
                matches!(
                    c,
                    CmpOp::Eq | CmpOp::Ne | CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge
                )
            });
            let Some(cmp) = cmp else {
                return Err(bad("expected the comparison `.eq`, `.ne`, `.lt`, `.le`, `.gt` or `.ge` after the types"));
            };
            v.prim = Prim::Set(cmp);
            mods = &mods[1..];
        }
        // Each modifier in the order of the syntax line, at most once.
        let mut take = |word: &str| -> bool {
            if mods.first() == Some(&word) {
                mods = &mods[1..];
                true
            } else {
                false
            }
        };
        match prim {
            Prim::Set(_) => {}
            Prim::Mad => {
                v.po = take("po");
                v.sat = take("sat");
                v.shr = if take("shr7") {
                    7
                } else if take("shr15") {
                    15
                } else {
                    0
                };
            }
            Prim::Shl | Prim::Shr => {
                if bsigned {
                    return Err(bad(
                        "the shift amount's type is .u32 (`vshl.dtype.atype.u32`)",
                    ));
                }
                v.sat = take("sat");
                v.wrap = if take("wrap") {
                    true
                } else if take("clamp") {
                    false
                } else {
                    return Err(bad(
                        "expected the mode `.clamp` or `.wrap` after the types and `.sat`",
                    ));
                };
            }
            _ => v.sat = take("sat"),
        }
        if prim != Prim::Mad {
            v.secop = if take("add") {
                Some(Secop::Add)
            } else if lanes == 1 && take("min") {
                Some(Secop::Min)
            } else if lanes == 1 && take("max") {
                Some(Secop::Max)
            } else {
                None
            };
        }
        if let Some(extra) = mods.first() {
            return Err(bad(&format!("`.{extra}` is not a modifier of this form here (the order is the syntax line's: {})", Self::syntax(prim, lanes))));
        }
        // "Saturation cannot be used with the secondary accumulate
        // operation."
        if lanes > 1 && v.sat && v.secop.is_some() {
            return Err(bad("`.sat` cannot be used with the accumulate `.add` (PTX ISA: \"Saturation cannot be used with the secondary accumulate operation\")"));
        }
        Ok(v)
    }

    /// The syntax line of a form, for errors.
    fn syntax(prim: Prim, lanes: u8) -> &'static str {
        match (prim, lanes) {
            (Prim::Set(_), 1) => "vset.atype.btype.cmp{.secop}",
            (Prim::Set(_), _) => "vsetN.atype.btype.cmp{.add}",
            (Prim::Mad, _) => "vmad.dtype.atype.btype{.po}{.sat}{.scale}",
            (Prim::Shl | Prim::Shr, _) => "vop.dtype.atype.u32{.sat}.mode{.secop}",
            (_, 1) => "vop.dtype.atype.btype{.sat}{.secop}",
            _ => "vopN.dtype.atype.btype{.sat} or vopN.dtype.atype.btype.add",
        }
    }

    /// "Introduced in PTX ISA version 2.0", "require sm_20 or higher" for
    /// the scalar instructions; the SIMD ones came with PTX ISA 3.0 ("SIMD
    /// video instructions", 13.34) and "require sm_30 or higher".
    pub fn requires(&self) -> (PtxVersion, Target) {
        if self.lanes == 1 {
            (PtxVersion::new(2, 0), Target::sm(20))
        } else {
            (PtxVersion::new(3, 0), Target::sm(30))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(t: &str) -> Video {
        Video::decode(t).unwrap().unwrap()
    }

    #[test]
    fn forms_decode_as_their_syntax_lines() {
        let v = ok("vadd.s32.u32.s32.sat");
        assert_eq!(
            (v.prim, v.lanes, v.dsigned, v.asigned, v.bsigned, v.sat),
            (Prim::Add, 1, true, false, true, true)
        );
        assert_eq!(ok("vmin.s32.s32.s32.sat.add").secop, Some(Secop::Add));
        assert_eq!(ok("vmax.u32.u32.u32.max").secop, Some(Secop::Max));
        let v = ok("vshr.u32.u32.u32.wrap");
        assert!(v.wrap && v.prim == Prim::Shr);
        assert!(!ok("vshl.s32.u32.u32.clamp").wrap);
        let v = ok("vmad.u32.u32.u32.po.sat.shr15");
        assert!(v.po && v.sat && v.shr == 15);
        assert_eq!(ok("vset.u32.s32.ge.min").prim, Prim::Set(CmpOp::Ge));
        assert!(!ok("vset.s32.s32.lt").dsigned);
        let v = ok("vabsdiff4.u32.u32.u32.add");
        assert_eq!(
            (v.prim, v.lanes, v.secop),
            (Prim::Absdiff, 4, Some(Secop::Add))
        );
        assert_eq!(ok("vavrg2.s32.s32.s32.sat").lanes, 2);
        assert_eq!(ok("vset4.s32.u32.ne.add").prim, Prim::Set(CmpOp::Ne));
        assert!(Video::decode("vote.sync.all.pred").is_none());
        assert!(Video::decode("vavrg.u32.u32.u32").is_none());
        for bad in [
            "vadd.s32.u32",
            "vadd.s64.u32.u32",
            "vadd.s32.u32.s32.add.sat",
            "vshl.u32.u32.s32.wrap",
            "vshl.u32.u32.u32",
            "vmad.u32.u32.u32.sat.po",
            "vadd2.u32.u32.u32.sat.add",
            "vadd2.u32.u32.u32.min",
            "vset.u32.u32",
            "vset2.u32.u32.lt.sat",
            "vset.u32.u32.ltu",
        ] {
            assert!(Video::decode(bad).unwrap().is_err(), "{bad}");
        }
    }

    #[test]
    fn selectors_and_masks() {
        assert_eq!(Sel::parse("b3"), Some(Sel::Byte(3)));
        assert_eq!(Sel::parse("h1"), Some(Sel::Half(1)));
        assert_eq!(Sel::parse("h2"), None);
        assert_eq!(Sel::parse("x"), None);
        assert_eq!(lanes_sel(2, "h10"), Some([0, 1, 0, 0]));
        assert_eq!(lanes_sel(2, "h32"), Some([2, 3, 0, 0]));
        assert_eq!(lanes_sel(4, "b7654"), Some([4, 5, 6, 7]));
        assert_eq!(lanes_sel(4, "b0000"), Some([0; 4]));
        assert_eq!(lanes_sel(2, "h4"), None);
        assert_eq!(lanes_sel(4, "b8000"), None);
        assert_eq!(mask(2, "h10"), Some(3));
        assert_eq!(mask(2, "h1"), Some(2));
        assert_eq!(mask(4, "b3210"), Some(15));
        assert_eq!(mask(4, "b31"), Some(0b1010));
        assert_eq!(mask(4, "b13"), None);
        assert_eq!(mask(4, "b00"), None);
        assert_eq!(mask(4, "b4"), None);
        assert_eq!(mask(2, "h2"), None);
    }
}
