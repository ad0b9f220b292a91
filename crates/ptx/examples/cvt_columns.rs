//! Conversions over columns (`Instruction::eval_u64_columns`, the path the
//! kernel engine's warps and the Python package's arrays take), beside the
//! same conversion one element at a time (`Instruction::eval`) and a bare
//! loop of the host's cast. Run on one thread:
//!
//! ```text
//! RAYON_NUM_THREADS=1 cargo run --release -p ptxfp --example cvt_columns
//! ```
use ptxfp::{Instruction, Setup};
use std::time::Instant;

fn best<F: FnMut()>(mut f: F) -> f64 {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let exec = Setup::default().exec();
    let n = 1 << 20;
    let r: Vec<u64> = (0..n as u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .collect();
    // Integers of every size; f32 values within +-2^40, f64 within +-2^40.
    let ints: Vec<u64> = r.iter().map(|x| x >> (x & 31)).collect();
    let f32s: Vec<u64> = r
        .iter()
        .map(|&x| u64::from((((x as i64 >> 11) as f64 / 2f64.powi(23)) as f32).to_bits()))
        .collect();
    let f64s: Vec<u64> = r
        .iter()
        .map(|&x| ((x as i64) as f64 / 2f64.powi(23)).to_bits())
        .collect();
    // 16-bit codes, every one about 16 times (the table path: a source of
    // at most 16 bits over at least 2^20 elements).
    let halves: Vec<u64> = r.iter().map(|x| x >> 48).collect();
    let mut out = vec![0u64; n];
    println!(
        "{:20} {:>10} {:>10}   (M results/s, best of 5, 2^20 elements)",
        "form", "columns", "one each"
    );
    for (t, col) in [
        ("cvt.rn.f32.s32", &ints),
        ("cvt.rn.f32.u64", &ints),
        ("cvt.rn.f64.s32", &ints),
        ("cvt.rzi.s32.f32", &f32s),
        ("cvt.rni.s32.f32", &f32s),
        ("cvt.rmi.u32.f32", &f32s),
        ("cvt.rzi.s64.f64", &f64s),
        ("cvt.f64.f32", &f32s),
        ("cvt.rn.f32.f64", &f64s),
        ("cvt.rn.f16.f32", &f32s),
        ("cvt.f32.f16", &halves),
        ("cvt.f32.bf16", &halves),
        ("cvt.rn.bf16.f16", &halves),
        ("cvt.rni.s32.f16", &halves),
        ("cvt.rn.relu.f16x2.e4m3x2", &halves),
    ] {
        let ins = Instruction::parse(t).expect("a form");
        let cols: Vec<&[u64]> = vec![&col[..]];
        let c = best(|| assert!(ins.eval_u64_columns(&exec, &cols, &mut out)));
        let one = best(|| {
            for i in 0..n {
                out[i] = ins.eval(&[col[i]], &exec).0[0];
            }
        });
        println!(
            "{t:20} {:10.0} {:10.0}",
            n as f64 / c / 1e6,
            n as f64 / one / 1e6
        );
    }
    let bare_i2f = best(|| {
        for i in 0..n {
            out[i] = u64::from(((ints[i] as u32 as i32) as f32).to_bits());
        }
        std::hint::black_box(&out);
    });
    let bare_f2i = best(|| {
        for i in 0..n {
            out[i] = u64::from(f32::from_bits(f32s[i] as u32) as i32 as u32);
        }
        std::hint::black_box(&out);
    });
    println!(
        "{:20} {:10.0}",
        "bare i32 as f32",
        n as f64 / bare_i2f / 1e6
    );
    println!(
        "{:20} {:10.0}",
        "bare f32 as i32",
        n as f64 / bare_f2i / 1e6
    );
}
