//! Integer ops over columns (`Instruction::eval_u64_columns`, the path the
//! kernel engine's warps and the Python package's arrays take), beside the
//! same op one element at a time (`Instruction::eval`) and, for `add`, a
//! bare wrapping-add loop. Run on one thread:
//!
//! ```text
//! RAYON_NUM_THREADS=1 cargo run --release -p ptxfp --example int_columns
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
    let a: Vec<u64> = (0..n as u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32)
        .collect();
    let b: Vec<u64> = a.iter().map(|x| x.rotate_left(13) & 0xffff_ffff).collect();
    let mut out = vec![0u64; n];
    println!(
        "{:18} {:>10} {:>10}   (M results/s, best of 5, 2^20 elements)",
        "form", "columns", "one each"
    );
    for t in [
        "add.s32",
        "sub.u64",
        "mul.lo.u32",
        "mad.lo.s32",
        "and.b32",
        "shl.b32",
        "shr.s32",
        "min.s32",
        "max.u64",
    ] {
        let ins = Instruction::parse(t).expect("a form");
        let k = ins.srcs.len();
        let cols: Vec<&[u64]> = [&a[..], &b[..], &a[..]][..k].to_vec();
        let col = best(|| assert!(ins.eval_u64_columns(&exec, &cols, &mut out)));
        let one = best(|| {
            for i in 0..n {
                let s = [a[i], b[i], a[i]];
                out[i] = ins.eval(&s[..k], &exec).0[0];
            }
        });
        println!(
            "{t:18} {:10.0} {:10.0}",
            n as f64 / col / 1e6,
            n as f64 / one / 1e6
        );
    }
    let native = best(|| {
        for i in 0..n {
            out[i] = a[i].wrapping_add(b[i]) & 0xffff_ffff;
        }
        std::hint::black_box(&out);
    });
    println!("{:18} {:10.0}", "bare add loop", n as f64 / native / 1e6);
}
