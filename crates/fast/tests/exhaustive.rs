//! The exhaustive tier: all 2^32 operand pairs of binary16 / bfloat16
//! add, sub and mul, both paths, against the exact core bit for bit (NaN
//! results: both NaN). Ignored by default; run in release mode with
//!
//! ```text
//! cargo test --release -p ptxfp-fast --test exhaustive -- --ignored
//! ```
//!
//! (about 2^32 core calls per operation, spread over all cores; one
//! operation: append its test name, e.g. `exhaustive_f16_add`).

mod common;

use common::check_half;
use ptxfp_fast::{half_binop, BinOp, Half, Path};
use ptxfp_float::{self as core, Round, BF16, F16};

fn all_pairs(fmt: Half, op: BinOp) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let b: Vec<u16> = (0..=u16::MAX).collect();
    std::thread::scope(|s| {
        for t in 0..threads {
            let b = &b;
            s.spawn(move || {
                let mut out = vec![0u16; 1 << 16];
                let mut a = vec![0u16; 1 << 16];
                for x in (t..1 << 16).step_by(threads) {
                    a.fill(x as u16);
                    let want: Vec<u64> = b
                        .iter()
                        .map(|&y| {
                            let (x, y, rm) = (x as u64, y as u64, Round::NearestEven);
                            match (fmt, op) {
                                (Half::F16, BinOp::Add) => core::add::<F16>(x, y, rm).bits,
                                (Half::F16, BinOp::Sub) => core::sub::<F16>(x, y, rm).bits,
                                (Half::F16, BinOp::Mul) => core::mul::<F16>(x, y, rm).bits,
                                (Half::Bf16, BinOp::Add) => core::add::<BF16>(x, y, rm).bits,
                                (Half::Bf16, BinOp::Sub) => core::sub::<BF16>(x, y, rm).bits,
                                (Half::Bf16, BinOp::Mul) => core::mul::<BF16>(x, y, rm).bits,
                            }
                        })
                        .collect();
                    for path in Path::all_available() {
                        half_binop(path, fmt, op, &a, b, &mut out);
                        let what = format!("{fmt:?} {op:?} {path:?}");
                        for (i, &w) in want.iter().enumerate() {
                            check_half(fmt, &what, &[x as u64, i as u64], out[i], w);
                        }
                    }
                }
            });
        }
    });
}

macro_rules! exhaustive {
    ($($name:ident: $fmt:expr, $op:expr;)*) => {$(
        #[test]
        #[ignore = "2^32 pairs: run in release mode, see the file's docs"]
        fn $name() {
            all_pairs($fmt, $op);
        }
    )*};
}

exhaustive! {
    exhaustive_f16_add: Half::F16, BinOp::Add;
    exhaustive_f16_sub: Half::F16, BinOp::Sub;
    exhaustive_f16_mul: Half::F16, BinOp::Mul;
    exhaustive_bf16_add: Half::Bf16, BinOp::Add;
    exhaustive_bf16_sub: Half::Bf16, BinOp::Sub;
    exhaustive_bf16_mul: Half::Bf16, BinOp::Mul;
}
