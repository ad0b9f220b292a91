//! Which `.f32` arithmetic a GPU uses for Volta's `mma.sync` m8n8k4 `.f16`
//! (docs/TENSOR_CORES.md "Volta's m8n8k4 on later GPUs").
//!
//! ```text
//! cargo run --release -p ptxfp-hw --example fit_m8n8k4 -- \
//!   testdata/hw/nvidia-h200/mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32.mma.json
//! ```
//!
//! Rebuilds the record's operands (`Case::inputs`), then computes every D
//! element as each of the 105 ways of adding the five terms (C and the
//! four products, each exact in `.f32`) in pairs, with the host's IEEE
//! `f32` addition (round to nearest even, subnormals kept) and, for an
//! `.f16` D, an f64 round-to-nearest-even to `.f16`. It prints the trees
//! whose digest is the GPU's. NaN results are written as the canonical
//! `0x7fffffff` / `0x7fff`.
use ptxfp::sweep;
use ptxfp_hw::mma;
use ptxfp_hw::record::{self, Inputs};
use std::path::Path;

/// A sum of terms: a leaf is a product `0..4` or C (`4`).
#[derive(Clone)]
enum Tree {
    Leaf(usize),
    Add(Box<Tree>, Box<Tree>),
}

impl Tree {
    /// Every tree over `leaves` (addition commutes: each split counted once).
    fn all(leaves: &[usize]) -> Vec<Tree> {
        let (first, rest) = (leaves[0], &leaves[1..]);
        if rest.is_empty() {
            return vec![Tree::Leaf(first)];
        }
        let mut out = Vec::new();
        for mask in 0..(1u32 << rest.len()) - 1 {
            let (mut l, mut r) = (vec![first], Vec::new());
            for (i, &x) in rest.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    l.push(x)
                } else {
                    r.push(x)
                }
            }
            for a in Tree::all(&l) {
                for b in Tree::all(&r) {
                    out.push(Tree::Add(Box::new(a.clone()), Box::new(b)));
                }
            }
        }
        out
    }

    fn eval(&self, t: &[f32; 5]) -> f32 {
        match self {
            Tree::Leaf(i) => t[*i],
            Tree::Add(a, b) => a.eval(t) + b.eval(t),
        }
    }

    fn text(&self) -> String {
        match self {
            Tree::Leaf(4) => "C".into(),
            Tree::Leaf(i) => format!("p{i}"),
            Tree::Add(a, b) => format!("({} + {})", a.text(), b.text()),
        }
    }
}

fn f16(h: u32) -> f32 {
    let (s, e, m) = (
        if h & 0x8000 != 0 { -1.0 } else { 1.0 },
        (h >> 10) & 0x1f,
        (h & 0x3ff) as f64,
    );
    let v = match e {
        0 => m * 2f64.powi(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m / 1024.0) * 2f64.powi(e as i32 - 15),
    };
    (s * v) as f32
}

fn to_f16(x: f32) -> u32 {
    if x.is_nan() {
        return 0x7fff;
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let ax = f64::from(x.abs());
    if ax >= 65520.0 {
        return sign | 0x7c00;
    }
    if ax < 2f64.powi(-14) {
        return sign | (ax * 2f64.powi(24)).round_ties_even() as u32;
    }
    let e = (-14..16).rev().find(|&e| 2f64.powi(e) <= ax).unwrap();
    let m = (ax / 2f64.powi(e) * 1024.0).round_ties_even() as u32;
    sign | ((((e + 15) as u32) << 10) + (m - 1024))
}

/// Volta's fragment places (PTX ISA 9.7.14.5.1), `.row.col`, computation
/// `(lane % 16) / 4`: A (row, k), B (k, col), C/D (row, col).
fn place(which: usize, lane: usize, i: usize, f16_acc: bool) -> (usize, usize) {
    let hi = if lane < 16 { 0 } else { 4 };
    match which {
        0 => (lane % 4 + hi, i),
        1 => (i, lane % 4 + hi),
        _ if f16_acc => (lane % 4 + hi, i),
        _ => ((lane & 1) + (i & 2) + hi, (i & 4) + (lane & 2) + (i & 1)),
    }
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("a record of an m8n8k4 .f16 case");
    let r = record::read(Path::new(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let want = u64::from_str_radix(&r.digests["ptxfp-sweep-nh64"], 16).unwrap();
    let case = mma::cases(90)
        .into_iter()
        .find(|c| c.name() == r.form)
        .expect("an mma case");
    let Inputs::Random { seed, count } = r.inputs else {
        panic!("random inputs")
    };
    let warps = count as usize;
    let ins = case.inputs(seed, warps);
    let f16_acc = r.form.ends_with(".f16.f16.f16.f16");
    let word = |m: &[u8], i: usize| u32::from_le_bytes(m[4 * i..4 * i + 4].try_into().unwrap());
    let (nd, nc) = if f16_acc { (4, 4) } else { (8, 8) };
    // Per warp and computation: A (8x4), B (4x8), C (8x8) as f32.
    let mut mats = vec![([0f32; 32], [0f32; 32], [0f32; 64]); warps * 4];
    for t in 0..warps * 32 {
        let (w, l) = (t / 32, t % 32);
        let m = &mut mats[w * 4 + (l % 16) / 4];
        for e in 0..4 {
            let (i, k) = place(0, l, e, f16_acc);
            m.0[i * 4 + k] = f16(word(&ins[0], t * 2 + e / 2) >> (16 * (e % 2)) & 0xffff);
            let (k, j) = place(1, l, e, f16_acc);
            m.1[k * 8 + j] = f16(word(&ins[1], t * 2 + e / 2) >> (16 * (e % 2)) & 0xffff);
        }
        for e in 0..8 {
            let (i, j) = place(2, l, e, f16_acc);
            m.2[i * 8 + j] = if f16_acc {
                f16(word(&ins[2], t * nc + e / 2) >> (16 * (e % 2)) & 0xffff)
            } else {
                f32::from_bits(word(&ins[2], t * nc + e))
            };
        }
    }
    let trees = Tree::all(&[4, 0, 1, 2, 3]);
    println!("{}: {} trees", r.form, trees.len());
    for tree in &trees {
        let mut out = Vec::with_capacity(warps * 32 * nd);
        for t in 0..warps * 32 {
            let (w, l) = (t / 32, t % 32);
            let (a, b, c) = &mats[w * 4 + (l % 16) / 4];
            let d = |e: usize| {
                let (i, j) = place(2, l, e, f16_acc);
                let mut v = [0f32; 5];
                for k in 0..4 {
                    v[k] = a[i * 4 + k] * b[k * 8 + j];
                }
                v[4] = c[i * 8 + j];
                tree.eval(&v)
            };
            for reg in 0..nd {
                out.push(if f16_acc {
                    to_f16(d(2 * reg)) | to_f16(d(2 * reg + 1)) << 16
                } else {
                    let x = d(reg);
                    if x.is_nan() {
                        0x7fff_ffff
                    } else {
                        x.to_bits()
                    }
                });
            }
        }
        if sweep::digest(&out) == want {
            println!("the GPU's digest: {}", tree.text());
        }
    }
}
