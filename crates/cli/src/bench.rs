//! `ptxfp bench`: throughput per form of the batch evaluator against
//! per-element calls of the exact core, the CPU's native instruction where
//! one exists, rustc_apfloat and (with `--features softfloat`) Berkeley
//! SoftFloat, single thread, in one run, with ratios.

use ptxfp::prelude::*;
use std::hint::black_box;
use std::time::Instant;

use ptxfp::batch::{Columns, Plan, Slice, SliceMut};
use ptxfp::float::{self as core, Round, BF16, F16, F32, F64};
use ptxfp_fast::{BinOp, Half, IeeeOp};
use rustc_apfloat::{ieee, Float as _, FloatConvert as _};

/// `ptxfp bench` arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Forms to measure (default: one of each kind).
    forms: Vec<String>,
    /// Values per array (at most 2^26).
    #[arg(long, default_value_t = 1 << 20)]
    n: usize,
    /// binary32/binary64 operands mostly subnormal (default: normal).
    #[arg(long)]
    subnormal: bool,
    /// Repetitions; the best time counts.
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// Kernel implementation to measure (default: the best this CPU has).
    #[arg(long, value_enum, default_value_t)]
    path: crate::common::PathArg,
    #[command(flatten)]
    env: crate::common::Env,
    /// Machine-readable output on stdout: one JSON object with the setup
    /// and, per form, the kernel path that ran it and the M results/s of
    /// each implementation (null where there is none;
    /// docs/schemas/bench.schema.json); an error is the JSON error object
    /// (docs/schemas/error.schema.json). No progress bar.
    #[arg(long)]
    json: bool,
}

const DEFAULT: [&str; 10] = [
    "add.rn.f16",
    "fma.rn.f16",
    "add.rn.bf16",
    "fma.rn.bf16",
    "fma.rn.relu.bf16x2",
    "mul.rn.bf16x2",
    "mad.rn.f32",
    "mad.rz.f32",
    "mad.rm.f64",
    "fma.rz.f32.bf16",
];

/// The IEEE operation inside a plan, for the per-element references.
#[derive(Clone, Copy)]
enum Ieee {
    Half(Half, Option<BinOp>),
    F32(Round),
    F64(Round),
    Mixed(Half, Option<BinOp>, Round),
    /// 9.7.3's add/sub/mul/div/rcp/sqrt on `.f32` (`false`) or `.f64`.
    Wide(IeeeOp, Round, bool),
}

fn ieee_of(p: &Plan) -> Ieee {
    match *p {
        Plan::Half { fmt, op, .. } => Ieee::Half(fmt, op),
        Plan::MadF32 { rm, .. } => Ieee::F32(rm),
        Plan::MadF64 { rm, .. } => Ieee::F64(rm),
        Plan::Mixed { fmt, op, rm, .. } => Ieee::Mixed(fmt, op.bin_op(), rm),
        Plan::Ieee32 { op, rm, .. } => Ieee::Wide(op, rm, false),
        Plan::Ieee64 { op, rm, .. } => Ieee::Wide(op, rm, true),
        // Per lane, the `.f32` operation.
        Plan::F32x2 {
            op: Some(op), rm, ..
        } => Ieee::Wide(op, rm, false),
        Plan::F32x2 { op: None, rm, .. } => Ieee::F32(rm),
    }
}

fn core_op(op: Ieee, x: &[u64]) -> u64 {
    let rn = Round::NearestEven;
    let w = |f: Half, h: u64| match f {
        Half::F16 => core::convert::<F16, F32>(h, rn).bits,
        Half::Bf16 => core::convert::<BF16, F32>(h, rn).bits,
    };
    match op {
        Ieee::Half(Half::F16, Some(BinOp::Add)) => core::add::<F16>(x[0], x[1], rn).bits,
        Ieee::Half(Half::F16, Some(BinOp::Sub)) => core::sub::<F16>(x[0], x[1], rn).bits,
        Ieee::Half(Half::F16, Some(BinOp::Mul)) => core::mul::<F16>(x[0], x[1], rn).bits,
        Ieee::Half(Half::F16, None) => core::fma::<F16>(x[0], x[1], x[2], rn).bits,
        Ieee::Half(Half::Bf16, Some(BinOp::Add)) => core::add::<BF16>(x[0], x[1], rn).bits,
        Ieee::Half(Half::Bf16, Some(BinOp::Sub)) => core::sub::<BF16>(x[0], x[1], rn).bits,
        Ieee::Half(Half::Bf16, Some(BinOp::Mul)) => core::mul::<BF16>(x[0], x[1], rn).bits,
        Ieee::Half(Half::Bf16, None) => core::fma::<BF16>(x[0], x[1], x[2], rn).bits,
        Ieee::F32(rm) => core::fma::<F32>(x[0], x[1], x[2], rm).bits,
        Ieee::F64(rm) => core::fma::<F64>(x[0], x[1], x[2], rm).bits,
        Ieee::Mixed(f, Some(BinOp::Sub), rm) => core::sub::<F32>(w(f, x[0]), x[1], rm).bits,
        Ieee::Mixed(f, Some(_), rm) => core::add::<F32>(w(f, x[0]), x[1], rm).bits,
        Ieee::Mixed(f, None, rm) => core::fma::<F32>(w(f, x[0]), w(f, x[1]), x[2], rm).bits,
        Ieee::Wide(op, rm, wide) => {
            let b = x.get(1).copied().unwrap_or(0);
            macro_rules! go {
                ($f:ty, $one:expr) => {
                    (match op {
                        IeeeOp::Add => core::add::<$f>(x[0], b, rm),
                        IeeeOp::Sub => core::sub::<$f>(x[0], b, rm),
                        IeeeOp::Mul => core::mul::<$f>(x[0], b, rm),
                        IeeeOp::Div => core::div::<$f>(x[0], b, rm),
                        IeeeOp::Rcp => core::div::<$f>($one, x[0], rm),
                        IeeeOp::Sqrt => core::sqrt::<$f>(x[0], rm),
                    })
                    .bits
                };
            }
            if wide {
                go!(F64, 0x3ff0_0000_0000_0000)
            } else {
                go!(F32, 0x3f80_0000)
            }
        }
    }
}

fn apfloat_op(op: Ieee, x: &[u64]) -> Option<u64> {
    use rustc_apfloat::Round as R;
    let r = |rm: Round| match rm {
        Round::NearestEven => R::NearestTiesToEven,
        Round::TowardZero => R::TowardZero,
        Round::TowardNegative => R::TowardNegative,
        Round::TowardPositive => R::TowardPositive,
    };
    macro_rules! go {
        ($t:ty, $op:expr, $rm:expr) => {{
            let v = |i: usize| <$t>::from_bits(x[i] as u128);
            (match $op {
                Some(BinOp::Add) => v(0).add_r(v(1), $rm).value,
                Some(BinOp::Sub) => v(0).sub_r(v(1), $rm).value,
                Some(BinOp::Mul) => v(0).mul_r(v(1), $rm).value,
                None => v(0).mul_add_r(v(1), v(2), $rm).value,
            })
            .to_bits() as u64
        }};
    }
    let rn = R::NearestTiesToEven;
    Some(match op {
        // apfloat has no square root.
        Ieee::Wide(IeeeOp::Sqrt, ..) => return None,
        Ieee::Wide(o, rm, wide) => {
            macro_rules! wide {
                ($t:ty) => {{
                    let v = |i: usize| <$t>::from_bits(x.get(i).copied().unwrap_or(0) as u128);
                    let one = <$t>::from_u128(1).value;
                    (match o {
                        IeeeOp::Add => v(0).add_r(v(1), r(rm)).value,
                        IeeeOp::Sub => v(0).sub_r(v(1), r(rm)).value,
                        IeeeOp::Mul => v(0).mul_r(v(1), r(rm)).value,
                        IeeeOp::Div => v(0).div_r(v(1), r(rm)).value,
                        _ => one.div_r(v(0), r(rm)).value,
                    })
                    .to_bits() as u64
                }};
            }
            if wide {
                wide!(ieee::Double)
            } else {
                wide!(ieee::Single)
            }
        }
        Ieee::Half(Half::F16, o) => go!(ieee::Half, o, rn),
        Ieee::Half(Half::Bf16, o) => go!(ieee::BFloat, o, rn),
        Ieee::F32(rm) => go!(ieee::Single, None::<BinOp>, r(rm)),
        Ieee::F64(rm) => go!(ieee::Double, None::<BinOp>, r(rm)),
        Ieee::Mixed(f, o, rm) => {
            let mut loses = false;
            let mut wide = |h: u64| -> u64 {
                let s: ieee::Single = match f {
                    Half::F16 => ieee::Half::from_bits(h as u128).convert(&mut loses).value,
                    Half::Bf16 => ieee::BFloat::from_bits(h as u128).convert(&mut loses).value,
                };
                s.to_bits() as u64
            };
            let y = match o {
                None => [wide(x[0]), wide(x[1]), x[2]],
                Some(_) => [wide(x[0]), x[1], 0],
            };
            let v = |i: usize| ieee::Single::from_bits(y[i] as u128);
            (match o {
                Some(BinOp::Sub) => v(0).sub_r(v(1), r(rm)).value,
                Some(_) => v(0).add_r(v(1), r(rm)).value,
                None => v(0).mul_add_r(v(1), v(2), r(rm)).value,
            })
            .to_bits() as u64
        }
    })
}

#[cfg(feature = "softfloat")]
#[allow(unsafe_code)]
fn softfloat_op(op: Ieee, x: &[u64]) -> Option<u64> {
    use softfloat_sys::*;
    let mode = |rm: Round| match rm {
        Round::NearestEven => 0,
        Round::TowardZero => 1,
        Round::TowardNegative => 2,
        Round::TowardPositive => 3,
    };
    // SAFETY: SoftFloat functions on plain values; the rounding mode is
    // SoftFloat's thread-local state.
    unsafe {
        Some(match op {
            Ieee::Half(Half::F16, o) => {
                softfloat_roundingMode_write_helper(0);
                let v = |i: usize| float16_t { v: x[i] as u16 };
                (match o {
                    Some(BinOp::Add) => f16_add(v(0), v(1)),
                    Some(BinOp::Sub) => f16_sub(v(0), v(1)),
                    Some(BinOp::Mul) => f16_mul(v(0), v(1)),
                    None => f16_mulAdd(v(0), v(1), v(2)),
                })
                .v as u64
            }
            // SoftFloat 3 has no bfloat16 arithmetic.
            Ieee::Half(Half::Bf16, _) => return None,
            Ieee::F32(rm) => {
                softfloat_roundingMode_write_helper(mode(rm));
                let v = |i: usize| float32_t { v: x[i] as u32 };
                f32_mulAdd(v(0), v(1), v(2)).v as u64
            }
            Ieee::F64(rm) => {
                softfloat_roundingMode_write_helper(mode(rm));
                let v = |i: usize| float64_t { v: x[i] };
                f64_mulAdd(v(0), v(1), v(2)).v
            }
            Ieee::Mixed(Half::F16, o, rm) => {
                softfloat_roundingMode_write_helper(mode(rm));
                let w = |i: usize| f16_to_f32(float16_t { v: x[i] as u16 });
                let v = |i: usize| float32_t { v: x[i] as u32 };
                (match o {
                    Some(BinOp::Sub) => f32_sub(w(0), v(1)),
                    Some(_) => f32_add(w(0), v(1)),
                    None => f32_mulAdd(w(0), w(1), v(2)),
                })
                .v as u64
            }
            Ieee::Wide(o, rm, false) => {
                softfloat_roundingMode_write_helper(mode(rm));
                let v = |i: usize| float32_t {
                    v: x.get(i).copied().unwrap_or(0) as u32,
                };
                let one = float32_t { v: 0x3f80_0000 };
                (match o {
                    IeeeOp::Add => f32_add(v(0), v(1)),
                    IeeeOp::Sub => f32_sub(v(0), v(1)),
                    IeeeOp::Mul => f32_mul(v(0), v(1)),
                    IeeeOp::Div => f32_div(v(0), v(1)),
                    IeeeOp::Rcp => f32_div(one, v(0)),
                    IeeeOp::Sqrt => f32_sqrt(v(0)),
                })
                .v as u64
            }
            Ieee::Wide(o, rm, true) => {
                softfloat_roundingMode_write_helper(mode(rm));
                let v = |i: usize| float64_t {
                    v: x.get(i).copied().unwrap_or(0),
                };
                let one = float64_t {
                    v: 0x3ff0_0000_0000_0000,
                };
                (match o {
                    IeeeOp::Add => f64_add(v(0), v(1)),
                    IeeeOp::Sub => f64_sub(v(0), v(1)),
                    IeeeOp::Mul => f64_mul(v(0), v(1)),
                    IeeeOp::Div => f64_div(v(0), v(1)),
                    IeeeOp::Rcp => f64_div(one, v(0)),
                    IeeeOp::Sqrt => f64_sqrt(v(0)),
                })
                .v
            }
            Ieee::Mixed(Half::Bf16, o, rm) => {
                softfloat_roundingMode_write_helper(mode(rm));
                let w = |i: usize| bf16_to_f32(bfloat16_t { v: x[i] as u16 });
                let v = |i: usize| float32_t { v: x[i] as u32 };
                (match o {
                    Some(BinOp::Sub) => f32_sub(w(0), v(1)),
                    Some(_) => f32_add(w(0), v(1)),
                    None => f32_mulAdd(w(0), w(1), v(2)),
                })
                .v as u64
            }
        })
    }
}

/// Deterministic operands of a register width: normal values of moderate
/// size (no overflow), or subnormal-heavy binary32/binary64.
fn data(width: u32, lane16: Half, n: usize, seed: u64, subnormal: bool) -> Vec<u64> {
    let mut s = seed | 1;
    let half = |r: u64| match lane16 {
        Half::F16 => (r & 0x83ff) | ((0x0c + (r >> 16) % 8) << 10),
        Half::Bf16 => (r & 0x807f) | ((0x78 + (r >> 16) % 16) << 7),
    };
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match (width, subnormal) {
                (16, _) => half(s),
                (32, true) => s & 0x807f_ffff,
                (32, false) => (s & 0x807f_ffff) | ((120 + (s >> 40) % 16) << 23),
                (_, true) => s & 0x800f_ffff_ffff_ffff,
                (_, false) => (s & 0x800f_ffff_ffff_ffff) | ((1016 + (s >> 56) % 16) << 52),
            }
        })
        .collect()
}

/// Best time of `reps` passes of `f` over the registers `regs` (one call
/// per register index, the sources in an array), in seconds.
fn per_register(reps: usize, regs: &[Vec<u64>], f: impl Fn([u64; 3]) -> u64) -> f64 {
    let n = regs[0].len();
    best(reps, || {
        let mut acc = 0u64;
        let mut x = [0u64; 3];
        for i in 0..n {
            for (k, s) in regs.iter().enumerate() {
                x[k] = s[i];
            }
            acc = acc.wrapping_add(f(black_box(x)));
        }
        black_box(acc);
    })
}

/// Best time of `reps` runs of `f`, in seconds, after one untimed run:
/// the first touches freshly allocated pages and a cold cache (with
/// `--reps 1` it read 4x slower than the rest).
fn best(reps: usize, mut f: impl FnMut()) -> f64 {
    f();
    (0..reps.max(1))
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Runs `ptxfp bench`.
pub fn run(a: Args) -> Result<(), crate::common::Failure> {
    let forms: Vec<String> = if a.forms.is_empty() {
        DEFAULT.iter().map(|s| s.to_string()).collect()
    } else {
        a.forms.clone()
    };
    if !(1..=1 << 26).contains(&a.n) {
        return Err(format!("--n {}: give 1 to 67108864 (2^26) values per array", a.n).into());
    }
    if !(1..=1000).contains(&a.reps) {
        return Err(format!("--reps {}: give 1 to 1000 repetitions", a.reps).into());
    }
    let path = a.path.path()?;
    // Every form is checked before the table starts: a typo is an error
    // with nothing printed, and a form illegal under --target/--ptx is one
    // a simulator would never run.
    let mut warnings = Vec::new();
    for form in &forms {
        let parsed = crate::common::parse_form(form, crate::common::Origin::Arg)?;
        warnings.extend(crate::common::validate(
            &parsed,
            &a.env,
            crate::common::Origin::Arg,
        )?);
    }
    let data_kind = if a.subnormal {
        "subnormal-heavy"
    } else {
        "normal"
    };
    let mut rows = Vec::new();
    // Every form must have a kernel to compare, before any output: a form
    // without one is an error on its own, not after the table's header.
    for form in &forms {
        let parsed = crate::common::parse_form(form, crate::common::Origin::Arg)?;
        if Plan::of(&parsed, &a.env.exec()).is_none() {
            return Err(format!(
                "`{form}` has no batch kernel (it is evaluated per element); nothing to compare"
            )
            .into());
        }
    }
    if !a.json {
        println!(
            "# single thread, {} values per array, best of {}, path {path}, {data_kind} data",
            a.n, a.reps,
        );
        println!(
            "{:<24} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}   speed-up of batch over",
            "form", "batch", "one", "eval", "core", "native", "apfloat", "softfloat"
        );
    }
    // Each form takes a while (every implementation, `reps` times).
    let bar = crate::common::Progress::new(
        forms.len() as u64,
        a.json,
        "{pos}/{len} forms, now {msg} {elapsed}",
    );
    for (i, form) in forms.iter().enumerate() {
        bar.message(form.clone());
        bar.set(i as u64);
        let parsed = crate::common::parse_form(form, crate::common::Origin::Arg)?;
        let exec = a.env.exec();
        let plan = Plan::of(&parsed, &exec).ok_or_else(|| {
            format!(
                "`{form}` has no batch kernel (it is evaluated per element); nothing to compare"
            )
        })?;
        let (ws, wd) = plan.widths();
        let lane = match plan {
            Plan::Half { fmt, .. } | Plan::Mixed { fmt, .. } => fmt,
            _ => Half::F16,
        };
        // The lane width of a two-lane register (`.f16x2`/`.bf16x2`: 16,
        // `.f32x2`: 32), 0 for the others.
        let x2 = match plan {
            Plan::Half { x2: true, .. } => 16,
            Plan::F32x2 { .. } => 32,
            _ => 0,
        };
        let n = a.n;
        let src: Vec<Vec<u64>> = ws
            .iter()
            .enumerate()
            .map(|(k, &w)| {
                data(
                    if x2 > 0 { x2 } else { w },
                    lane,
                    n * if x2 > 0 { 2 } else { 1 },
                    7 + k as u64,
                    a.subnormal,
                )
            })
            .collect();
        // Registers: x2 forms pack two lanes, lane 0 low.
        let regs: Vec<Vec<u64>> = if x2 > 0 {
            src.iter()
                .map(|s| s.chunks(2).map(|p| p[0] | p[1] << x2).collect())
                .collect()
        } else {
            src.clone()
        };
        let cols = Columns::new(&ws, &regs);
        let slices = cols.slices();
        let (mut o16, mut o32, mut o64) = (vec![0u16; n], vec![0u32; n], vec![0u64; n]);
        let mut err = None;
        let t_batch = best(a.reps, || {
            let out = match wd {
                16 => SliceMut::B16(&mut o16),
                32 => SliceMut::B32(&mut o32),
                _ => SliceMut::B64(&mut o64),
            };
            if let Err(e) = plan.run_here(path, &slices, out) {
                err = Some(e.to_string());
            }
        });
        if let Some(e) = err {
            return Err(e.into());
        }
        // Per-element references run over lanes (x2: two per register).
        let op = ieee_of(&plan);
        let lanes = src[0].len();
        let per_elem = |f: &dyn Fn(&[u64]) -> u64| {
            best(a.reps.min(2), || {
                let mut acc = 0u64;
                let mut x = [0u64; 3];
                for i in 0..lanes {
                    for (k, s) in src.iter().enumerate() {
                        x[k] = s[i];
                    }
                    acc = acc.wrapping_add(f(black_box(&x[..src.len()])));
                }
                black_box(acc);
            })
        };
        let t_core = per_elem(&|x| core_op(op, x));
        // Form::eval per register (x2: both lanes in one call).
        let nr = regs.len();
        let t_eval = per_register(a.reps.min(2), &regs, |x| parsed.eval(&x[..nr], &exec));
        // OnePlan::eval per register (the simulator's call).
        let one = plan.one();
        let t_one = per_register(a.reps.min(3), &regs, |x| one.eval(x));
        let t_ap =
            apfloat_op(op, &[0, 0, 0]).map(|_| per_elem(&|x| apfloat_op(op, x).unwrap_or(0)));
        #[cfg(feature = "softfloat")]
        let t_sf = if softfloat_op(op, &[0, 0, 0]).is_some() {
            Some(per_elem(&|x| softfloat_op(op, x).unwrap_or(0)))
        } else {
            None
        };
        #[cfg(not(feature = "softfloat"))]
        let t_sf: Option<f64> = None;
        let t_native = native(op, &slices, &regs, &src, n, a.reps);
        let mops = |t: f64| n as f64 / t / 1e6;
        if a.json {
            rows.push(serde_json::json!({
                "form": form,
                "path": plan.served_by(path).to_string(),
                "m_results_per_second": {
                    "batch": mops(t_batch),
                    "one": mops(t_one),
                    "eval": mops(t_eval),
                    "core": mops(t_core),
                    "native": t_native.map(mops),
                    "apfloat": t_ap.map(mops),
                    "softfloat": t_sf.map(mops),
                },
            }));
            continue;
        }
        let cell = |t: Option<f64>| t.map_or("-".to_string(), |t| format!("{:.1}", mops(t)));
        let ratio = |t: Option<f64>| t.map_or("-".to_string(), |t| format!("{:.1}x", t / t_batch));
        println!(
            "{:<24} {:>9.1} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}   one {} eval {} core {} native {} apfloat {} softfloat {}",
            form,
            mops(t_batch),
            cell(Some(t_one)),
            cell(Some(t_eval)),
            cell(Some(t_core)),
            cell(t_native),
            cell(t_ap),
            cell(t_sf),
            ratio(Some(t_one)),
            ratio(Some(t_eval)),
            ratio(Some(t_core)),
            ratio(t_native),
            ratio(t_ap),
            ratio(t_sf)
        );
    }
    drop(bar);
    if a.json {
        crate::common::print_json(&serde_json::json!({
            "threads": 1,
            "values_per_array": a.n,
            "reps": a.reps,
            "requested_path": path.to_string(),
            "data": data_kind,
            "warnings": warnings.iter().map(crate::common::Problem::json).collect::<Vec<_>>(),
            "setup": crate::common::setup_json(&a.env),
            "forms": rows,
        }));
        return Ok(());
    }
    println!("# M results/s (an x2 result is one register, two lanes); speed-up: time of x / time of batch");
    println!("# one: OnePlan::eval per register (Plan::one, the simulator's per-instruction call, all stages)");
    println!("# eval: Form::eval per register (all stages); core: the exact core's IEEE operation per lane; apfloat, softfloat: the same IEEE operation");
    println!("# native: the CPU's FMA instruction for mad.f32/f64 (rounding set in MXCSR for .rz/.rm/.rp), the AVX-512 FP16");
    println!("# instruction for f16/f16x2 where the CPU has it; none for bf16 (AVX10.2's bf16 arithmetic is not used); for the");
    println!("# .f32/.f64 add/sub/mul/div/rcp/sqrt in .rn, a plain loop of the host operation (the compiler's vector instruction)");
    Ok(())
}

/// The native instruction over the same operands, where the CPU has one
/// for the operation: the FMA for mad.f32 and mad.f64, the AVX-512 FP16
/// instruction for binary16 add, sub, mul and fma (over every lane), IEEE
/// part only.
fn native(
    op: Ieee,
    srcs: &[Slice],
    v64: &[Vec<u64>],
    lanes: &[Vec<u64>],
    n: usize,
    reps: usize,
) -> Option<f64> {
    match op {
        Ieee::Half(Half::F16, o) => {
            let v: Vec<Vec<u16>> = lanes
                .iter()
                .map(|s| s.iter().map(|&x| x as u16).collect())
                .collect();
            let c = v.get(2).map(|c| &c[..]);
            let mut out = vec![0u16; v[0].len()];
            ptxfp_fast::half_f16_native(o, &v[0], &v[1], c, &mut out)?;
            Some(best(reps, || {
                let _ = ptxfp_fast::half_f16_native(o, &v[0], &v[1], c, &mut out);
            }))
        }
        Ieee::F32(rm) => {
            // `.f32x2` registers: the instruction over their lanes.
            let v: Vec<Vec<u32>> = lanes
                .iter()
                .map(|s| s.iter().map(|&x| x as u32).collect())
                .collect();
            let (a, b, c) = match srcs {
                [Slice::B32(a), Slice::B32(b), Slice::B32(c)] => (*a, *b, *c),
                _ if v.len() == 3 => (&v[0][..], &v[1][..], &v[2][..]),
                _ => return None,
            };
            let mut o = vec![0u32; a.len()];
            ptxfp_fast::fma_f32_native(rm, a, b, c, &mut o)?;
            Some(best(reps, || {
                let _ = ptxfp_fast::fma_f32_native(rm, a, b, c, &mut o);
            }))
        }
        Ieee::F64(rm) => {
            let mut o = vec![0u64; n];
            ptxfp_fast::fma_f64_native(rm, &v64[0], &v64[1], &v64[2], &mut o)?;
            Some(best(reps, || {
                let _ = ptxfp_fast::fma_f64_native(rm, &v64[0], &v64[1], &v64[2], &mut o);
            }))
        }
        // The CPU's own instruction, round to nearest: a plain loop the
        // compiler vectorizes (no directed rounding outside AVX-512's
        // embedded rounding, which is the kernel itself).
        Ieee::Wide(o, Round::NearestEven, wide) => {
            // The same loop on f32 or f64 values.
            macro_rules! host_loop {
                ($t:ty, $of:expr) => {{
                    // Over the lanes (of an `.f32x2` register, two each).
                    let v: Vec<Vec<$t>> = lanes
                        .iter()
                        .map(|s| s.iter().map(|&x| $of(x)).collect())
                        .collect();
                    let (a, c) = (&v[0], &v[if o.arity() == 2 { 1 } else { 0 }]);
                    let mut out: Vec<$t> = vec![0.0; a.len()];
                    best(reps, || {
                        let pairs = out.iter_mut().zip(a).zip(c);
                        match o {
                            IeeeOp::Add => pairs.for_each(|((d, x), y)| *d = x + y),
                            IeeeOp::Sub => pairs.for_each(|((d, x), y)| *d = x - y),
                            IeeeOp::Mul => pairs.for_each(|((d, x), y)| *d = x * y),
                            IeeeOp::Div => pairs.for_each(|((d, x), y)| *d = x / y),
                            IeeeOp::Rcp => pairs.for_each(|((d, x), _)| *d = 1.0 / x),
                            IeeeOp::Sqrt => pairs.for_each(|((d, x), _)| *d = x.sqrt()),
                        }
                        black_box(&out);
                    })
                }};
            }
            Some(if wide {
                host_loop!(f64, f64::from_bits)
            } else {
                host_loop!(f32, |x: u64| f32::from_bits(x as u32))
            })
        }
        _ => None,
    }
}
