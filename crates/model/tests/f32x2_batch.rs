//! The `.f32x2` batch plan (`Plan::F32x2`: the `.f32` kernels over both
//! lanes of each `.b64` register) against the per-element semantics
//! (`Form::eval`, which evaluates each lane as the `.f32` form) and against
//! an independent oracle, bit for bit, on every kernel path this CPU has
//! (the portable one included), through `Plan::run` and `OnePlan::eval`.
//!
//! The oracle computes each lane from 9.7.3.3-9.7.3.6 ("fA[0] = a[0:31];
//! fA[1] = a[32:63]; [...] for (i = 0; i < 2; i++) d[i] = fA[i] + fB[i]")
//! with rustc_apfloat's `Single` in the form's rounding, plus the choices of
//! docs/NVIDIA.md written out here: every NaN result is `f32_nan`
//! (`0x7fffffff`); `.ftz` flushes subnormal inputs to a zero of their sign
//! and a result tiny after rounding (IEEE 754 §7.5, unbounded exponent) to
//! a zero of its sign. Where apfloat's rounded result is ±2^-126 under
//! `.ftz` (the one value where tininess with a bounded and an unbounded
//! exponent can differ) the oracle computes again with operands scaled by
//! 2^32, where the exponent bound plays no part. In round-to-nearest without `.ftz` the lanes
//! are also compared with the CPU's own `f32` `+`, `-`, `*` and `mul_add`
//! (IEEE 754 binary32 operations, correctly rounded to nearest even; their
//! NaN results mapped to `f32_nan`).
//!
//! Operands: each lane from a list of edges (signed zeros, the smallest
//! and largest subnormals and normals, ±1, ±∞, quiet and signalling NaNs
//! with payloads), values whose products and sums land near the underflow
//! threshold, values of nearby exponents (cancellation), and random bits.

mod common;
use common::Rng;
use ptxfp_isa::form::FormType;
use ptxfp_isa::Form;
use ptxfp_model::batch::{collect_u64, Columns, Path, Plan};
use ptxfp_model::{Eval, Exec};
use rustc_apfloat::ieee::Single;
use rustc_apfloat::{Float, Round};

const F32_NAN: u32 = 0x7fff_ffff;
const EDGES: [u32; 26] = [
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x8000_0001,
    0x007f_ffff,
    0x807f_ffff,
    0x0080_0000,
    0x8080_0000,
    0x0080_0001,
    0x3f80_0000,
    0xbf80_0000,
    0x3f80_0001,
    0x4000_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0001,
    0x7f80_0001,
    0xff8a_bcde,
    0x7fff_ffff,
    0x1f80_0000, // 2^-64: its square is 2^-128, subnormal
    0x1f7f_ffff,
    0x3400_0000, // 2^-23
    0x3380_0000, // 2^-24
];

/// Edge-weighted lanes from the shared generator.
trait Lanes {
    fn lane(&mut self) -> u32;
}
impl Lanes for Rng {
    fn lane(&mut self) -> u32 {
        let r = self.next();
        let bits = (r >> 32) as u32;
        match r % 8 {
            0 | 1 => EDGES[(bits % EDGES.len() as u32) as usize],
            // Exponents near 2^-63 (products near the underflow threshold)
            // and near 2^-126 (sums there).
            2 => bits & 0x807f_ffff | (0x3c + (bits >> 8) % 8) << 23,
            3 => bits & 0x80ff_ffff,
            // Exponents near 1 (cancellation in sums and fma).
            4 | 5 => bits & 0x807f_ffff | (0x7c + (bits >> 9) % 6) << 23,
            _ => bits,
        }
    }
}

fn is_nan(x: u32) -> bool {
    x & 0x7fff_ffff > 0x7f80_0000
}

fn flush(x: u32) -> u32 {
    if x & 0x7f80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    }
}

/// One lane by the oracle.
fn oracle(op: &str, rm: Round, ftz: bool, a: u32, b: u32, c: u32) -> u32 {
    let (a, b, c) = if ftz {
        (flush(a), flush(b), flush(c))
    } else {
        (a, b, c)
    };
    let v = |x: u32| Single::from_bits(u128::from(x));
    let r = match op {
        "add" => v(a).add_r(v(b), rm).value,
        "sub" => v(a).sub_r(v(b), rm).value,
        "mul" => v(a).mul_r(v(b), rm).value,
        _ => v(a).mul_add_r(v(b), v(c), rm).value,
    };
    let r = r.to_bits() as u32;
    if is_nan(r) {
        return F32_NAN;
    }
    if ftz && r & 0x7fff_ffff == 0x0080_0000 {
        // ±2^-126 with the bounded exponent: tiny after rounding with an
        // unbounded exponent when the exact value scaled by 2^32 (exact:
        // no operand of a result this small is near overflow, see below)
        // rounds below 2^-94. A sum of two `.f32` of magnitude below 2^-125
        // is exact (both lie on the 2^-149 grid), so never tiny.
        let up = |x: u32| v(x).scalbn(32);
        let small = |x: u32, y: u32| x & 0x7fff_ffff <= y & 0x7fff_ffff;
        let scaled = match op {
            "add" | "sub" => return r,
            // Scale the factor of smaller magnitude: the other is below
            // 2^96 (a product of two factors at least 2^96 is not near
            // 2^-126), and a `c` at least 2^96 cannot cancel to 2^-126.
            "mul" if small(a, b) => up(a).mul_r(v(b), rm).value,
            "mul" => v(a).mul_r(up(b), rm).value,
            _ if small(a, b) => up(a).mul_add_r(v(b), up(c), rm).value,
            _ => v(a).mul_add_r(up(b), up(c), rm).value,
        };
        let tiny = (scaled.to_bits() as u32) & 0x7fff_ffff < 0x1080_0000;
        return if tiny { r & 0x8000_0000 } else { r };
    }
    if ftz {
        flush(r)
    } else {
        r
    }
}

/// The CPU's own binary32 operation, round to nearest even.
fn host(op: &str, a: u32, b: u32, c: u32) -> u32 {
    let (x, y, z) = (f32::from_bits(a), f32::from_bits(b), f32::from_bits(c));
    let r = match op {
        "add" => x + y,
        "sub" => x - y,
        "mul" => x * y,
        _ => x.mul_add(y, z),
    };
    if r.is_nan() {
        F32_NAN
    } else {
        r.to_bits()
    }
}

#[test]
fn f32x2_plan_equals_the_scalar_semantics_and_the_oracle() {
    let exec = Exec::default();
    let forms: Vec<Form> = Form::all()
        .into_iter()
        .filter(|f| f.ty() == FormType::F32x2)
        .collect();
    // add, sub, mul: {none, .rn, .rz, .rm, .rp} x {.ftz}; fma: 4 x 2.
    assert_eq!(forms.len(), 3 * 5 * 2 + 4 * 2, "{forms:?}");
    let n = 1 << 17;
    for (k, form) in forms.iter().enumerate() {
        let name = form.to_string();
        let plan = Plan::of(form, &exec).unwrap_or_else(|| panic!("{name} has no plan"));
        let arity = form.source_types().len();
        let (ws, wd) = plan.widths();
        assert_eq!((ws.len(), wd), (arity, 64), "{name}");
        let mut rng = Rng(0x5eed + k as u64);
        let regs: Vec<Vec<u64>> = (0..arity)
            .map(|_| {
                (0..n)
                    .map(|_| u64::from(rng.lane()) | u64::from(rng.lane()) << 32)
                    .collect()
            })
            .collect();
        let want: Vec<u64> = (0..n)
            .map(|i| {
                let x: Vec<u64> = regs.iter().map(|s| s[i]).collect();
                form.eval(&x, &exec)
            })
            .collect();
        // Every kernel path, portable included, and the one-register call.
        let cols = Columns::new(&ws, &regs);
        let paths = Path::all_available();
        assert!(paths.contains(&Path::Portable));
        for path in paths {
            let got = collect_u64(wd, n, |out| plan.run(path, &cols.slices(), out)).unwrap();
            for i in 0..n {
                assert_eq!(
                    got[i],
                    want[i],
                    "{name} {path:?} #{i} ops {:x?}",
                    regs.iter().map(|s| s[i]).collect::<Vec<_>>()
                );
            }
        }
        let one = plan.one();
        for i in 0..n {
            let mut x = [0u64; 3];
            for (k, s) in regs.iter().enumerate() {
                x[k] = s[i];
            }
            assert_eq!(one.eval(x), want[i], "{name} one #{i} ops {x:x?}");
        }
        // The oracle, lane by lane.
        let op = name.split('.').next().unwrap();
        let ftz = name.contains(".ftz");
        let rm = if name.contains(".rz") {
            Round::TowardZero
        } else if name.contains(".rm") {
            Round::TowardNegative
        } else if name.contains(".rp") {
            Round::TowardPositive
        } else {
            Round::NearestTiesToEven
        };
        for i in 0..n {
            for lane in [0, 32] {
                let l = |s: usize| regs.get(s).map_or(0, |r| (r[i] >> lane) as u32);
                let (a, b, c) = (l(0), l(1), l(2));
                let got = (want[i] >> lane) as u32;
                let o = oracle(op, rm, ftz, a, b, c);
                assert_eq!(
                    got, o,
                    "{name} lane {} #{i}: {a:#010x} {b:#010x} {c:#010x}: {got:#010x}, oracle {o:#010x}",
                    lane / 32
                );
                if rm == Round::NearestTiesToEven && !ftz {
                    let h = host(op, a, b, c);
                    assert_eq!(got, h, "{name} host #{i}: {a:#010x} {b:#010x} {c:#010x}");
                }
            }
        }
    }
}

/// The lanes are independent and in the ISA's order: lane 0 in bits 0..31.
#[test]
fn lanes_by_hand() {
    let exec = Exec::default();
    let plan = |t: &str| Plan::of(&Form::parse(t).unwrap(), &exec).unwrap().one();
    // (1 + 2) in lane 0, (0.5 + NaN) in lane 1: 3.0 and f32_nan.
    let a = 0x3f00_0000_3f80_0000u64;
    let b = 0x7fa0_0000_4000_0000u64;
    assert_eq!(plan("add.rn.f32x2").eval([a, b, 0]), 0x7fff_ffff_4040_0000);
    // mul.rz.ftz: 2^-64 x 2^-64 = 2^-128 (tiny) flushes to +0 in lane 0;
    // lane 1: -1 x 2 = -2.
    let a = 0xbf80_0000_1f80_0000u64;
    let b = 0x4000_0000_1f80_0000u64;
    assert_eq!(
        plan("mul.rz.ftz.f32x2").eval([a, b, 0]),
        0xc000_0000_0000_0000
    );
    assert_eq!(plan("mul.rz.f32x2").eval([a, b, 0]), 0xc000_0000_0020_0000);
    // fma.rm: 1 x 1 + (-1) = -0 under .rm; lane 1: 2 x 3 + 1 = 7.
    let a = 0x4000_0000_3f80_0000u64;
    let b = 0x4040_0000_3f80_0000u64;
    let c = 0x3f80_0000_bf80_0000u64;
    assert_eq!(plan("fma.rm.f32x2").eval([a, b, c]), 0x40e0_0000_8000_0000);
}
