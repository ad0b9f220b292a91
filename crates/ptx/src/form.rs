//! TEMPORARY stand-in for the `forms` branch's `Form` (same API), so that the
//! interpreter builds and runs before that branch lands; `git merge forms`
//! replaces this whole file. It knows the arithmetic family roughly
//! (add/sub/mul/fma/mad, rounding, .ftz/.sat/.relu/.oob parsed, canonical
//! NaNs) and validates nothing beyond the syntax.

use crate::{Diagnostic, PtxType, PtxVersion, Target};
use core::fmt;
use ptxfp_float::{self as fp, Format, Round, BF16, F16, F32, F64};

/// The hardware behaviour profile (stand-in).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HwProfile {
    /// NVIDIA's behaviour as NOTES.md decides it.
    #[default]
    Nvidia,
}

/// Where a form executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exec {
    /// The `.target` the code was compiled for.
    pub code_target: Target,
    /// The device that runs it.
    pub device: Target,
    /// Behaviour profile.
    pub hw: HwProfile,
}

impl Default for Exec {
    fn default() -> Exec {
        Exec {
            code_target: Target::sm(90),
            device: Target::sm(90),
            hw: HwProfile::Nvidia,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Fma,
    Mad,
}

/// One arithmetic instruction form (stand-in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    op: Op,
    rnd: Option<Round>,
    ftz: bool,
    sat: bool,
    relu: bool,
    oob: bool,
    dty: PtxType,
    aty: Option<PtxType>,
}

impl Form {
    /// Parses `fma.rn.relu.bf16x2` (no operands).
    pub fn parse(text: &str) -> Result<Form, Diagnostic> {
        let err = |m: String| Err(Diagnostic::error(0..text.len(), m));
        let mut parts = text.split('.');
        let op = match parts.next() {
            Some("add") => Op::Add,
            Some("sub") => Op::Sub,
            Some("mul") => Op::Mul,
            Some("fma") => Op::Fma,
            Some("mad") => Op::Mad,
            _ => return err(format!("`{text}` is not an arithmetic form")),
        };
        let mut f = Form {
            op,
            rnd: None,
            ftz: false,
            sat: false,
            relu: false,
            oob: false,
            dty: PtxType::B8,
            aty: None,
        };
        let mut types = Vec::new();
        for p in parts {
            match p {
                "rn" if types.is_empty() => f.rnd = Some(Round::NearestEven),
                "rz" if types.is_empty() => f.rnd = Some(Round::TowardZero),
                "rm" if types.is_empty() => f.rnd = Some(Round::TowardNegative),
                "rp" if types.is_empty() => f.rnd = Some(Round::TowardPositive),
                "ftz" if types.is_empty() => f.ftz = true,
                "sat" if types.is_empty() && !f.sat => f.sat = true,
                "relu" if types.is_empty() => f.relu = true,
                "oob" if types.is_empty() => f.oob = true,
                t => match PtxType::parse(t) {
                    Some(t) => types.push(t),
                    None => return err(format!("unexpected `.{t}` in `{text}`")),
                },
            }
        }
        match types[..] {
            [d] if matches!(
                d,
                PtxType::F16 | PtxType::F16x2 | PtxType::BF16 | PtxType::BF16x2
            ) =>
            {
                f.dty = d
            }
            [d] if op == Op::Mad && matches!(d, PtxType::F32 | PtxType::F64) => f.dty = d,
            [PtxType::F32, a] if matches!(a, PtxType::F16 | PtxType::BF16) && op != Op::Mul => {
                f.dty = PtxType::F32;
                f.aty = Some(a)
            }
            _ => return err(format!("`{text}`: unsupported types")),
        }
        Ok(f)
    }
    /// Validates against a version and target (stand-in: nothing).
    pub fn validate(&self, _version: PtxVersion, _target: Target) -> Vec<Diagnostic> {
        Vec::new()
    }
    /// The version and target the form requires.
    pub fn requires(&self) -> (PtxVersion, Target) {
        if self.aty.is_some() {
            (PtxVersion::new(8, 6), Target::sm(100))
        } else {
            (PtxVersion::new(4, 2), Target::sm(53))
        }
    }
    /// The destination type.
    pub fn dest_type(&self) -> PtxType {
        self.dty
    }
    /// The source types.
    pub fn source_types(&self) -> Vec<PtxType> {
        let a = self.aty.unwrap_or(self.dty);
        match self.op {
            Op::Fma | Op::Mad => vec![a, a, self.dty],
            _ if self.aty.is_some() => vec![a, self.dty],
            _ => vec![a, a],
        }
    }
    /// Evaluates on source bits.
    pub fn eval(&self, srcs: &[u64], _exec: &Exec) -> u64 {
        let s = |i: usize| srcs.get(i).copied().unwrap_or(0);
        let rm = self.rnd.unwrap_or(Round::NearestEven);
        match (self.dty, self.aty) {
            (PtxType::F16, _) => self.lane::<F16>(s(0), s(1), s(2), rm),
            (PtxType::BF16, _) => self.lane::<BF16>(s(0), s(1), s(2), rm),
            (PtxType::F16x2, _) => {
                let lo = self.lane::<F16>(s(0) & 0xffff, s(1) & 0xffff, s(2) & 0xffff, rm);
                let hi = self.lane::<F16>(
                    s(0) >> 16 & 0xffff,
                    s(1) >> 16 & 0xffff,
                    s(2) >> 16 & 0xffff,
                    rm,
                );
                hi << 16 | lo
            }
            (PtxType::BF16x2, _) => {
                let lo = self.lane::<BF16>(s(0) & 0xffff, s(1) & 0xffff, s(2) & 0xffff, rm);
                let hi = self.lane::<BF16>(
                    s(0) >> 16 & 0xffff,
                    s(1) >> 16 & 0xffff,
                    s(2) >> 16 & 0xffff,
                    rm,
                );
                hi << 16 | lo
            }
            (PtxType::F64, _) => self.lane::<F64>(s(0), s(1), s(2), rm),
            (_, None) => self.lane::<F32>(s(0), s(1), s(2), rm),
            (_, Some(a)) => {
                let cv = |x: u64| match a {
                    PtxType::F16 => fp::convert::<F16, F32>(x, rm).bits,
                    _ => fp::convert::<BF16, F32>(x, rm).bits,
                };
                let r = match self.op {
                    Op::Fma => fp::fma::<F32>(cv(s(0)), cv(s(1)), s(2), rm).bits,
                    Op::Sub => fp::sub::<F32>(cv(s(0)), s(1), rm).bits,
                    _ => fp::add::<F32>(cv(s(0)), s(1), rm).bits,
                };
                self.finish::<F32>(r)
            }
        }
    }
    fn lane<F: Format>(&self, a: u64, b: u64, c: u64, rm: Round) -> u64 {
        let oob = |x: u64| F::BITS == 16 && x & 0x7fff == 0x7ff7;
        if self.oob && (oob(a) || oob(b)) {
            return 0;
        }
        let r = match self.op {
            Op::Add => fp::add::<F>(a, b, rm),
            Op::Sub => fp::sub::<F>(a, b, rm),
            Op::Mul => fp::mul::<F>(a, b, rm),
            Op::Fma | Op::Mad => fp::fma::<F>(a, b, c, rm),
        };
        self.finish::<F>(r.bits)
    }
    fn finish<F: Format>(&self, r: u64) -> u64 {
        if fp::is_nan::<F>(r) {
            if self.sat {
                return 0;
            }
            return match F::BITS {
                16 => 0x7fff,
                32 => 0x7fff_ffff,
                _ => r,
            };
        }
        let neg = fp::is_negative::<F>(r);
        if (self.relu || self.sat) && neg {
            return 0;
        }
        let one = fp::convert::<F32, F>(0x3f80_0000, Round::NearestEven).bits;
        if self.sat && r > one {
            return one;
        }
        r
    }
    /// Every form (stand-in: none).
    pub fn all() -> Vec<Form> {
        Vec::new()
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.op {
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::Fma => "fma",
            Op::Mad => "mad",
        };
        f.write_str(op)?;
        if let Some(r) = self.rnd {
            f.write_str(match r {
                Round::NearestEven => ".rn",
                Round::TowardZero => ".rz",
                Round::TowardNegative => ".rm",
                _ => ".rp",
            })?;
        }
        for (on, m) in [
            (self.oob, ".oob"),
            (self.ftz, ".ftz"),
            (self.sat, ".sat"),
            (self.relu, ".relu"),
        ] {
            if on {
                f.write_str(m)?;
            }
        }
        write!(f, "{}", self.dty)?;
        if let Some(a) = self.aty {
            write!(f, "{a}")?;
        }
        Ok(())
    }
}
