//! The video instructions in a run (PTX ISA 9.7.18; decoded as
//! `ptxfp_isa::control::Control::Video`, computed by
//! `ptxfp_model::eval::video`): this reads the operands with their
//! selectors (`r2.b0`, `d.h1`, `a.h32`, `d.b210`) and `vmad`'s negations
//! (`-r3`), checks them against the form, and writes `d`.

use super::*;
use ptxfp_isa::video::{self, Prim, Sel, Video};
use ptxfp_model::eval::video as sem;

/// An operand of a video instruction, taken apart: the register or
/// constant, the selector written after it (`b0`, `h10`), and a `-`.
struct Part<'o> {
    value: Operand<'o>,
    sel: Option<&'o str>,
    neg: bool,
}

/// A video operand's text taken apart: the register's name, the selector
/// written after it, and whether a `-` negates it (`-%r3.b0`: `%r3`,
/// `b0`, negated). `is_reg` says whether a whole name is a register: a
/// vector register's element (`%v.x`) or a special register (`%tid.x`) is
/// one, not `%v` with a selector `.x`. `Machine::resolve_all` resolves
/// the same names.
pub(crate) fn split(text: &str, is_reg: impl Fn(&str) -> bool) -> (&str, Option<&str>, bool) {
    let text = text.trim();
    let (neg, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r.trim_start()),
        None => (false, text),
    };
    // A selector is the last `.word` of a register's name: `%r2.b0`.
    match rest.rsplit_once('.') {
        Some((n, s))
            if !is_reg(rest) && !n.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            (n, Some(s), neg)
        }
        _ => (rest, None, neg),
    }
}

/// `o` taken apart ([`split`]); a constant has no selector nor sign.
fn part<'o>(o: &Operand<'o>, is_reg: impl Fn(&str) -> bool) -> Part<'o> {
    let (OperandKind::Name(text) | OperandKind::Other(text)) = o.kind else {
        return Part {
            value: o.clone(),
            sel: None,
            neg: false,
        };
    };
    let (name, sel, neg) = split(text, is_reg);
    Part {
        value: Operand {
            kind: OperandKind::Name(name),
            span: o.span.clone(),
        },
        sel,
        neg,
    }
}

impl Machine<'_, '_> {
    /// Whether `name` is a register by name (not by where it is in the
    /// text, which `%v.x.h1` shares with its register `%v.x`), a special
    /// register included.
    pub(crate) fn is_register_name(&self, name: &str) -> bool {
        self.by_name
            .get(name)
            .and_then(|s| s.lookup(self.module, self.block))
            .is_some()
            || ptxfp_isa::sreg::special(name, self.version).is_some()
    }
}

impl Machine<'_, '_> {
    /// Runs the video instruction `v` for the running thread.
    pub(crate) fn video(&mut self, ins: &Instr, v: Video) -> Result<Flow, RunError> {
        let ops = &ins.operands;
        let syntax = match (v.prim, v.lanes) {
            (Prim::Mad, _) => "`vmad... d, {-}a{.asel}, {-}b{.bsel}, {-}c`",
            (_, 1) => "`d{.dsel}, a{.asel}, b{.bsel}{, c}`",
            (_, 2) => "`d{.mask}, a{.asel}, b{.bsel}, c` (.mask .h0/.h1/.h10, .asel/.bsel .hxy)",
            _ => "`d{.mask}, a{.asel}, b{.bsel}, c` (.mask .b3210 and its subsets, .asel/.bsel .bxyzw)",
        };
        let want = if v.lanes == 1 && v.prim != Prim::Mad {
            3..=4
        } else {
            4..=4
        };
        if !want.contains(&ops.len()) {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes {syntax}", ins.opcode),
            ));
        }
        let parts: Vec<Part> = ops
            .iter()
            .map(|o| part(o, |n| self.is_register_name(n)))
            .collect();
        let bad = |p: &Part, what: &str| -> RunError {
            err(
                p.value.span.clone(),
                format!("`{}`: {what}; the form takes {syntax}", ins.opcode),
            )
        };
        // Negations: vmad's sources only. "Source operands may not be
        // negated in .po mode"; "PTX allows negation of either (a*b) or c".
        for (k, p) in parts.iter().enumerate() {
            if p.neg && (v.prim != Prim::Mad || k == 0) {
                return Err(bad(p, "only vmad's sources may be negated"));
            }
        }
        let neg = [1, 2, 3].map(|k| parts.get(k).is_some_and(|p| p.neg));
        if v.po && neg.contains(&true) {
            return Err(bad(
                &parts[0],
                "\"Source operands may not be negated in .po mode\"",
            ));
        }
        if (neg[0] ^ neg[1]) && neg[2] {
            return Err(bad(
                &parts[3],
                "vmad negates the product (a*b) or c, not both",
            ));
        }
        if let Some(p) = parts.get(3).filter(|p| p.sel.is_some()) {
            return Err(bad(p, "`c` takes no selector"));
        }
        let mut vals = [0u32; 3];
        for (k, p) in parts.iter().enumerate().skip(1) {
            vals[k - 1] = self.read(&p.value, PtxType::B32)? as u32;
        }
        let [a, b, c] = vals;
        let d = if v.lanes == 1 {
            let sel = |p: &Part| -> Result<Sel, RunError> {
                match p.sel {
                    None => Ok(Sel::Word),
                    Some(s) => Sel::parse(s).ok_or_else(|| {
                        bad(
                            p,
                            &format!("`.{s}` is not a selector (.b0 to .b3, .h0, .h1)"),
                        )
                    }),
                }
            };
            let dsel = sel(&parts[0])?;
            if v.prim == Prim::Mad && dsel != Sel::Word {
                return Err(bad(&parts[0], "vmad's d takes no selector"));
            }
            // Three operands: neither a secondary operation nor a merge
            // (each needs c); four: one of them.
            let has_c = ops.len() == 4;
            if v.prim != Prim::Mad {
                let second = v.secop.is_some();
                let merge = dsel != Sel::Word;
                if has_c != (second || merge) || (second && merge) {
                    return Err(bad(
                        &parts[0],
                        "c goes with a secondary operation (`.add`, `.min`, `.max`) or a merge into a selected byte or half-word of d (`d.h1`), exactly one of them",
                    ));
                }
            }
            let x = sem::Scalar {
                a: (a, sel(&parts[1])?),
                b: (b, sel(&parts[2])?),
                c,
                dsel,
                neg,
            };
            sem::scalar(&v, &x)
        } else {
            let lanes_sel = |p: &Part, default: [u8; 4]| -> Result<[u8; 4], RunError> {
                match p.sel {
                    None => Ok(default),
                    Some(s) => video::lanes_sel(v.lanes, s).ok_or_else(|| {
                        bad(p, &format!("`.{s}` is not a source selector of this form"))
                    }),
                }
            };
            let (asel, bsel, all) = if v.lanes == 2 {
                ([0, 1, 0, 0], [2, 3, 0, 0], 0b11)
            } else {
                ([0, 1, 2, 3], [4, 5, 6, 7], 0b1111)
            };
            let mask = match parts[0].sel {
                None => all,
                Some(s) => video::mask(v.lanes, s)
                    .ok_or_else(|| bad(&parts[0], &format!("`.{s}` is not a mask of this form")))?,
            };
            let asel = lanes_sel(&parts[1], asel)?;
            let bsel = lanes_sel(&parts[2], bsel)?;
            sem::simd(&v, (a, asel), (b, bsel), c, mask)
        };
        self.write(&parts[0].value, PtxType::B32, u64::from(d))?;
        let srcs = [(a, PtxType::B32), (b, PtxType::B32), (c, PtxType::B32)];
        let n = ops.len() - 1;
        self.trace(
            ins,
            &srcs[..n]
                .iter()
                .map(|&(x, t)| (u64::from(x), t))
                .collect::<Vec<_>>(),
            Some((u64::from(d), PtxType::B32)),
        );
        Ok(Flow::Next)
    }
}
