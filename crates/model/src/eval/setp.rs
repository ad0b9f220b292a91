//! The semantics of comparison and selection: `setp`/`set` (PTX ISA
//! 9.7.8.1/9.7.8.2, 9.7.9.1/9.7.9.2), `selp`/`slct` (9.7.8.3/9.7.8.4) and
//! `testp` (9.7.3.1).

use ptxfp_float::{self as fp, classify, Class, Format, Round, BF16, F16, F32, F64};
use ptxfp_isa::setp::{CmpInstr, CmpOp, Select, SetSimd, Setp, TestClass, Testp};
use ptxfp_isa::target::Target;
use ptxfp_isa::types::{mask, PtxType};

/// Evaluation of a [`Setp`] on one pair of (scalar or lane) values.
pub trait EvalSetp {
    /// Compares `a` with `b` (for a packed type: the low lanes).
    fn eval(&self, a: u64, b: u64) -> bool;
}

impl EvalSetp for Setp {
    fn eval(&self, a: u64, b: u64) -> bool {
        compare(self, lane_type(self.ty), a, b)
    }
}

/// The comparison as `code`'s target runs it. PTX ISA 9.7.8 (the
/// comparison and selection instructions): "The `set`, `setp`, and `slct`
/// instructions support subnormal numbers for `sm_20` and higher targets
/// and flush single-precision subnormal inputs to sign-preserving zero for
/// `sm_1x` targets"; 9.7.8.1/9.7.8.2: "`sm_1x`: `set.dtype.f32` [`setp.f32`]
/// flushes subnormal inputs to sign-preserving zero". So on sm_1x code an
/// `.f32` comparison is its `.ftz` form (found by an independent model of
/// the family, 2026-11-29; `add.f32` there already flushed).
pub fn setp_in(s: &Setp, code: Target) -> Setp {
    Setp {
        ftz: s.ftz || (code.is_sm1x() && s.ty == PtxType::F32),
        ..*s
    }
}

/// `slct` as `code`'s target runs it. 9.7.8.4: "`sm_1x`: `slct.dtype.f32`
/// flushes subnormal values of operand `c` to sign-preserving zero, and
/// operand `a` is selected" (a negative subnormal `c` is `-0.0`, which
/// "equals zero"): the `.ftz` form, as [`setp_in`].
pub fn select_in(s: &Select, code: Target) -> Select {
    Select {
        ftz: s.ftz || (code.is_sm1x() && s.ctype == Some(PtxType::F32)),
        ..*s
    }
}

/// The lane type of a packed type.
fn lane_type(t: PtxType) -> PtxType {
    match t {
        PtxType::F16x2 => PtxType::F16,
        PtxType::BF16x2 => PtxType::BF16,
        t => t,
    }
}

/// One comparison of `a` and `b` of scalar type `ty`.
fn compare(s: &Setp, ty: PtxType, a: u64, b: u64) -> bool {
    if !(ty.is_float()) {
        return compare_int(s.op, ty, a, b);
    }
    let (a, b) = match ty {
        PtxType::F16 => (wide::<F16>(s.ftz, a), wide::<F16>(s.ftz, b)),
        PtxType::BF16 => (wide::<BF16>(false, a), wide::<BF16>(false, b)),
        PtxType::F32 => (wide::<F32>(s.ftz, a), wide::<F32>(s.ftz, b)),
        _ => (f64::from_bits(a), f64::from_bits(b)),
    };
    // Host comparison is exact here: each value was widened to f64 without
    // rounding (every f16/bf16/f32 value is an f64 value), and IEEE
    // comparison of the widened values orders them as the originals.
    // 9.7.8.2: "If either operand is NaN, the result is False" for the
    // ordered comparisons; "the unordered versions [...] true if either
    // operand is NaN"; "num returns true if both operands are numeric
    // values (not NaN)", "nan returns true if either operand is NaN".
    let unordered = a.is_nan() || b.is_nan();
    match s.op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => !unordered && a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
        CmpOp::Equ => unordered || a == b,
        CmpOp::Neu => a != b,
        CmpOp::Ltu => unordered || a < b,
        CmpOp::Leu => unordered || a <= b,
        CmpOp::Gtu => unordered || a > b,
        CmpOp::Geu => unordered || a >= b,
        CmpOp::Num => !unordered,
        CmpOp::Nan => unordered,
        // The parser admits no integer comparison on a float type.
        CmpOp::Lo | CmpOp::Ls | CmpOp::Hi | CmpOp::Hs => false,
    }
}

/// Integer and bit-size comparisons: "lt, le, gt, ge" signed on `.sN`,
/// unsigned on `.uN`/`.bN`; "lo, ls, hi, hs" always unsigned.
fn compare_int(op: CmpOp, ty: PtxType, a: u64, b: u64) -> bool {
    let bits = ty.bits();
    let (ua, ub) = (i128::from(a & mask(bits)), i128::from(b & mask(bits)));
    let sext = |v: u64| {
        let s = 64 - bits;
        i128::from(((v << s) as i64) >> s)
    };
    let (sa, sb) = if ty.is_signed() {
        (sext(a), sext(b))
    } else {
        (ua, ub)
    };
    match op {
        CmpOp::Eq => ua == ub,
        CmpOp::Ne => ua != ub,
        CmpOp::Lt => sa < sb,
        CmpOp::Le => sa <= sb,
        CmpOp::Gt => sa > sb,
        CmpOp::Ge => sa >= sb,
        CmpOp::Lo => ua < ub,
        CmpOp::Ls => ua <= ub,
        CmpOp::Hi => ua > ub,
        CmpOp::Hs => ua >= ub,
        _ => false,
    }
}

/// `set.CmpOp.{u8x4,s8x4,u16x2,s16x2} d, a, b` (PTX ISA 9.4, 9.7.7.1):
/// "`iA[0] = a[0:15]; iA[1] = a[16:31]`" (bytes for the x4 types), "`d[i]
/// = (iA[i] CmpOp iB[i]) ? 0xffff : 0x0000`" (`0xff : 0x00` for bytes);
/// each lane compared as the scalar integer comparison of its width.
pub fn set_simd(s: &SetSimd, a: u64, b: u64) -> u64 {
    let w = 32 / u32::from(s.lanes);
    let ty = match (w, s.signed) {
        (8, false) => PtxType::U8,
        (8, true) => PtxType::S8,
        (_, false) => PtxType::U16,
        (_, true) => PtxType::S16,
    };
    (0..u32::from(s.lanes)).fold(0, |d, i| {
        let lane = |x: u64| x >> (w * i) & mask(w);
        if compare_int(s.op, ty, lane(a), lane(b)) {
            d | mask(w) << (w * i)
        } else {
            d
        }
    })
}

fn wide<S: Format>(ftz: bool, x: u64) -> f64 {
    let mut x = x & S::ALL;
    // 9.7.8.2: "setp.ftz.f32 flushes subnormal inputs to sign-preserving zero".
    if ftz && fp::is_subnormal::<S>(x) {
        x &= S::SIGN;
    }
    f64::from_bits(fp::convert::<S, F64>(x, Round::NearestEven).bits)
}

/// The destination bits of `setp`/`set` on sources `a`, `b` and, with a
/// BoolOp, the predicate `c`: `[p, q]` for `setp` (`q` the complement, or
/// for packed types the upper lane's result), `[d, 0]` for `set`.
pub fn setp_results(s: &Setp, a: u64, b: u64, c: Option<bool>) -> [u64; 2] {
    let lane = lane_type(s.ty);
    // 9.7.8.2: "p = BoolOp(t, c); q = BoolOp(!t, c)".
    let combine = |t: bool| match (s.bool_op, c) {
        (Some(op), Some(c)) => op.apply(t, c),
        _ => t,
    };
    if s.packed() {
        let lo = compare(s, lane, a & 0xffff, b & 0xffff);
        let hi = compare(s, lane, (a >> 16) & 0xffff, (b >> 16) & 0xffff);
        return match s.instr {
            // 9.7.9.2: "p = BoolOp(fA[0] CmpOp fB[0], c); q = BoolOp(fA[1] CmpOp fB[1], c)".
            CmpInstr::Setp => [u64::from(combine(lo)), u64::from(combine(hi))],
            CmpInstr::Set => {
                let d = s.dtype.unwrap_or(PtxType::U32);
                let one = |t: bool| set_value(d, t, true);
                [one(combine(hi)) << 16 | one(combine(lo)), 0]
            }
        };
    }
    let t = compare(s, lane, a, b);
    match s.instr {
        CmpInstr::Setp => [u64::from(combine(t)), u64::from(combine(!t))],
        CmpInstr::Set => [
            set_value(s.dtype.unwrap_or(PtxType::U32), combine(t), false),
            0,
        ],
    }
}

/// `setp`'s `p` over columns, where [`setp_results`] would compute it
/// element by element: one comparison of scalar integer or `.f32`/`.f64`
/// sources (no packed type, no BoolOp), a tight loop for each comparison
/// that the compiler vectorizes. The warp-wide evaluation of `ptxfp run`
/// spent a tenth of a loop's time comparing through [`compare`] (widening,
/// `i128` keys). False, with nothing written, for the other comparisons.
/// `s` is the comparison as the target runs it ([`setp_in`]).
pub fn setp_columns(s: &Setp, srcs: &[&[u64]], out: &mut [u64]) -> bool {
    let [a, b] = srcs else { return false };
    if s.instr != CmpInstr::Setp
        || s.packed()
        || s.bool_op.is_some()
        || a.len() != out.len()
        || b.len() != out.len()
    {
        return false;
    }
    macro_rules! cols {
        (|$x:ident, $y:ident| $e:expr) => {{
            for ((d, &$x), &$y) in out.iter_mut().zip(a.iter()).zip(b.iter()) {
                *d = u64::from($e);
            }
        }};
    }
    let ty = s.ty;
    if !ty.is_float() {
        let bits = ty.bits();
        if !matches!(bits, 8 | 16 | 32 | 64) {
            return false;
        }
        let m = mask(bits);
        // As [`compare_int`]: `lt`, `le`, `gt`, `ge` signed on `.sN` (the
        // sign bit flipped makes the unsigned order the signed one), the
        // others on the unsigned values.
        let f = if ty.is_signed() {
            1u64 << (bits - 1)
        } else {
            0
        };
        match s.op {
            CmpOp::Eq => cols!(|x, y| x & m == y & m),
            CmpOp::Ne => cols!(|x, y| x & m != y & m),
            CmpOp::Lt => cols!(|x, y| (x & m) ^ f < (y & m) ^ f),
            CmpOp::Le => cols!(|x, y| (x & m) ^ f <= (y & m) ^ f),
            CmpOp::Gt => cols!(|x, y| (x & m) ^ f > (y & m) ^ f),
            CmpOp::Ge => cols!(|x, y| (x & m) ^ f >= (y & m) ^ f),
            CmpOp::Lo => cols!(|x, y| x & m < y & m),
            CmpOp::Ls => cols!(|x, y| x & m <= y & m),
            CmpOp::Hi => cols!(|x, y| x & m > y & m),
            CmpOp::Hs => cols!(|x, y| x & m >= y & m),
            _ => return false,
        }
        return true;
    }
    // The host's IEEE comparisons of the values themselves, as [`compare`]
    // makes them after widening to f64 (which keeps every value and its
    // order): "If either operand is NaN, the result is False" for the
    // ordered comparisons, true for the unordered ones.
    macro_rules! float {
        ($t:ty, $v:expr) => {{
            let v = $v;
            // `p` and `q` unordered: one of them is NaN.
            let un = |p: $t, q: $t| p.is_nan() | q.is_nan();
            match s.op {
                CmpOp::Eq => cols!(|x, y| v(x) == v(y)),
                CmpOp::Ne => cols!(|x, y| {
                    let (p, q) = (v(x), v(y));
                    (p < q) | (p > q)
                }),
                CmpOp::Lt => cols!(|x, y| v(x) < v(y)),
                CmpOp::Le => cols!(|x, y| v(x) <= v(y)),
                CmpOp::Gt => cols!(|x, y| v(x) > v(y)),
                CmpOp::Ge => cols!(|x, y| v(x) >= v(y)),
                CmpOp::Equ => cols!(|x, y| {
                    let (p, q) = (v(x), v(y));
                    un(p, q) | (p == q)
                }),
                CmpOp::Neu => cols!(|x, y| v(x) != v(y)),
                CmpOp::Ltu => cols!(|x, y| {
                    let (p, q) = (v(x), v(y));
                    un(p, q) | (p < q)
                }),
                CmpOp::Leu => cols!(|x, y| {
                    let (p, q) = (v(x), v(y));
                    un(p, q) | (p <= q)
                }),
                CmpOp::Gtu => cols!(|x, y| {
                    let (p, q) = (v(x), v(y));
                    un(p, q) | (p > q)
                }),
                CmpOp::Geu => cols!(|x, y| {
                    let (p, q) = (v(x), v(y));
                    un(p, q) | (p >= q)
                }),
                CmpOp::Num => cols!(|x, y| !un(v(x), v(y))),
                CmpOp::Nan => cols!(|x, y| un(v(x), v(y))),
                _ => return false,
            }
        }};
    }
    match ty {
        // 9.7.8.2: "setp.ftz.f32 flushes subnormal inputs to
        // sign-preserving zero".
        PtxType::F32 if s.ftz => float!(f32, |x: u64| {
            let x = x as u32;
            let x = if x & 0x7f80_0000 == 0 {
                x & 0x8000_0000
            } else {
                x
            };
            f32::from_bits(x)
        }),
        PtxType::F32 => float!(f32, |x: u64| f32::from_bits(x as u32)),
        PtxType::F64 => float!(f64, f64::from_bits),
        _ => return false,
    }
    true
}

/// `set`'s result: 9.7.8.1 "the destination is 0xffffffff for true [...]
/// if the destination type is integer; 1.0f for true [...] if floating
/// point"; 0 for false. `lane`: a 16-bit lane of a packed destination
/// (9.7.9.1: "0xffff" or "1.0" per lane).
fn set_value(d: PtxType, t: bool, lane: bool) -> u64 {
    if !t {
        return 0;
    }
    match d {
        PtxType::F32 => 0x3f80_0000,
        PtxType::F16 | PtxType::F16x2 => 0x3c00,
        PtxType::BF16 | PtxType::BF16x2 => 0x3f80,
        _ if lane => 0xffff,
        t => mask(t.bits()),
    }
}

/// `selp`: "d = (c == 1) ? a : b"; `slct`: "d = (c >= 0) ? a : b", with
/// `.ftz` flushing a subnormal `.f32` c, "negative zero equals zero", and a
/// NaN `c` failing the test (so `b`).
pub fn select(s: &Select, a: u64, b: u64, c: u64) -> u64 {
    let pick_a = match s.ctype {
        None => c & 1 == 1,
        Some(PtxType::F32) => {
            let c = c & F32::ALL;
            let c = if s.ftz && fp::is_subnormal::<F32>(c) {
                c & F32::SIGN
            } else {
                c
            };
            let v = f32::from_bits(c as u32);
            v >= 0.0
        }
        Some(_) => (c as u32 as i32) >= 0,
    };
    if pick_a {
        a
    } else {
        b
    }
}

/// `testp` (9.7.3.1): "testp.finite returns true if the input is not
/// infinite or NaN", ".infinite [...] positive or negative infinity",
/// ".number [...] not NaN", ".notanumber [...] NaN", ".normal [...] a
/// normal number (not NaN, not infinity)", ".subnormal [...] a subnormal
/// number (not NaN, not infinity)". Zero is not subnormal; whether it is
/// normal is `hw.testp_zero_is_normal` (on NVIDIA's GPUs it is:
/// docs/NVIDIA.md "testp.normal").
pub fn testp(t: &Testp, a: u64, hw: &crate::quirks::HwProfile) -> bool {
    let class = if t.ty == PtxType::F32 {
        classify::<F32>(a & F32::ALL)
    } else {
        classify::<F64>(a)
    };
    match t.class {
        TestClass::Finite => !matches!(
            class,
            Class::Infinite | Class::QuietNan | Class::SignalingNan
        ),
        TestClass::Infinite => class == Class::Infinite,
        TestClass::Number => !matches!(class, Class::QuietNan | Class::SignalingNan),
        TestClass::NotANumber => matches!(class, Class::QuietNan | Class::SignalingNan),
        TestClass::Normal => {
            class == Class::Normal || (hw.testp_zero_is_normal && class == Class::Zero)
        }
        TestClass::Subnormal => class == Class::Subnormal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`setp_columns`] gives [`setp_results`]'s `p` (widening to f64,
    /// `i128` keys: another algorithm) on every pair of edge values, for
    /// every comparison of every type it takes, with and without `.ftz`;
    /// and takes nothing else.
    #[test]
    fn columns_are_setp_results() {
        let f32s: Vec<u64> = [
            0u64,
            0x8000_0000,
            1,
            0x8000_0001,
            0x007f_ffff,
            0x807f_ffff,
            0x0080_0000,
            0x8080_0000,
            0x3f80_0000,
            0xbf80_0000,
            0x3f80_0001,
            0x7f7f_ffff,
            0xff7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0xffc0_0000,
            0x7f80_0001,
            0xffff_ffff,
        ]
        .into_iter()
        // Bits above the type are ignored.
        .flat_map(|v| [v, v | 0xdead_0000_0000_0000])
        .collect();
        let f64s: Vec<u64> = [
            0u64,
            1 << 63,
            1,
            0x000f_ffff_ffff_ffff,
            0x0010_0000_0000_0000,
            0x3ff0_0000_0000_0000,
            0xbff0_0000_0000_0000,
            0x3ff0_0000_0000_0001,
            0x7fef_ffff_ffff_ffff,
            0x7ff0_0000_0000_0000,
            0xfff0_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            0xfff8_0000_0000_0001,
            0x7ff0_0000_0000_0001,
        ]
        .to_vec();
        let ints: Vec<u64> = [
            0u64,
            1,
            2,
            0x7f,
            0x80,
            0xff,
            0x7fff,
            0x8000,
            0xffff,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            0x1_0000_0000,
            0x7fff_ffff_ffff_ffff,
            1 << 63,
            u64::MAX,
            0xdead_beef_0000_8001,
        ]
        .to_vec();
        let types = [
            ("b16", &ints),
            ("u16", &ints),
            ("s16", &ints),
            ("b32", &ints),
            ("u32", &ints),
            ("s32", &ints),
            ("b64", &ints),
            ("u64", &ints),
            ("s64", &ints),
            ("f32", &f32s),
            ("ftz.f32", &f32s),
            ("f64", &f64s),
        ];
        let ops = [
            "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu",
            "gtu", "geu", "num", "nan",
        ];
        let mut taken = 0;
        for (ty, vals) in types {
            for op in ops {
                let Ok(c) = Setp::parse(&format!("setp.{op}.{ty}")) else {
                    continue;
                };
                let a: Vec<u64> = vals
                    .iter()
                    .flat_map(|&x| vals.iter().map(move |_| x))
                    .collect();
                let b: Vec<u64> = vals.iter().flat_map(|_| vals.iter().copied()).collect();
                let mut out = vec![7u64; a.len()];
                assert!(setp_columns(&c, &[&a, &b], &mut out), "setp.{op}.{ty}");
                taken += 1;
                for i in 0..a.len() {
                    let want = setp_results(&c, a[i], b[i], None)[0];
                    assert_eq!(out[i], want, "setp.{op}.{ty} {:#x} {:#x}", a[i], b[i]);
                }
            }
        }
        // `.bN`: eq, ne; `.uN`: the ten; `.sN`: the six; floats: fourteen.
        assert_eq!(taken, 3 * (2 + 10 + 6) + 3 * 14);
        // Packed types, a BoolOp, `set` and the half types go element by
        // element.
        for text in [
            "setp.lt.f16x2",
            "setp.lt.and.u32",
            "set.lt.u32.u32",
            "setp.lt.f16",
            "setp.lt.bf16",
        ] {
            let c = Setp::parse(text).unwrap();
            let mut out = [7u64; 1];
            let k = if c.bool_op.is_some() { 3 } else { 2 };
            let srcs: Vec<&[u64]> = vec![&[1u64][..]; k];
            assert!(!setp_columns(&c, &srcs, &mut out), "{text}");
            assert_eq!(out, [7]);
        }
    }

    #[test]
    fn compares() {
        let s = |t: &str, a, b| Setp::parse(t).unwrap().eval(a, b);
        assert!(s("setp.lt.f16", 0x3c00, 0x4000));
        assert!(!s("setp.lt.f16", 0x7e00, 0x4000));
        assert!(s("setp.ltu.f16", 0x7e00, 0x4000));
        assert!(s("setp.eq.f32", 0x8000_0000, 0));
        assert!(!s("setp.eq.f32", 1, 0));
        assert!(s("setp.eq.ftz.f32", 1, 0));
        assert!(s("setp.nan.bf16", 0x7fc1, 0));
        assert!(!s("setp.ne.f64", f64::NAN.to_bits(), 0));
        assert!(s("setp.neu.f64", f64::NAN.to_bits(), 0));
        assert!(!s("setp.ge.s32", 0xffff_ffff, 0));
        assert!(s("setp.hs.u32", 0xffff_ffff, 0));
        assert!(s("setp.hi.u16", 0xffff, 1));
        // Unsigned comparisons of signed types and ordered ones of bit-size
        // types do not parse (9.3.1.1; the H200's JIT refuses them).
        assert!(Setp::parse("setp.hi.s16").is_err());
        assert!(Setp::parse("setp.lt.b32").is_err());
        assert!(Setp::parse("set.eq.f32.f16").is_err());
        assert!(s("setp.lt.u32", 1, 0xffff_ffff));
    }
}
