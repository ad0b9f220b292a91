//! The batched kernel (`Model::dot_rows`, `Model::gemm_threads`) against
//! the exact model's general path (`Model::dot_reference`, one block at a
//! time through `block_f32`), bit for bit, on dense edge-weighted random
//! inputs: subnormals of the format and of f32, zeros of both signs,
//! infinities and NaN, the largest finite exponents, products that cancel,
//! for every GPU of the table, every format pair it models, and every
//! compilation of the kernel this CPU runs (the portable one always).
//!
//! The default tier runs a few thousand rows per combination; the ignored
//! tier (`cargo test --release -p ptxfp-tc --test batch -- --ignored`)
//! runs 100 000 rows per combination and K (several million in all).

use ptxfp_tc::{
    f16_to_f32_bits, f32_to_f16_bits_rne, Gemm, Gpu, InFormat, Kernel, Model, OutFormat, F16_NAN,
    F32_NAN,
};

/// xorshift64*: a deterministic stream of bits.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A native encoding of `fmt` (its own bit layout), drawn with weight on
/// the edges: zeros, subnormals, the top finite binade, exponents near the
/// bias (where truncation decides), or any pattern; infinities and NaN
/// only when `specials`.
fn native(fmt: InFormat, r: &mut Rng, specials: bool) -> u32 {
    let eb = fmt.exp_bits();
    let fb = fmt.frac_bits();
    let sign = (r.below(2) as u32) << (eb + fb);
    let frac = r.next() as u32 & ((1 << fb) - 1);
    let all = (1u32 << eb) - 1;
    let bias = (1u32 << (eb - 1)) - 1;
    let top = if fmt == InFormat::E4m3 { all } else { all - 1 };
    let e = match r.below(16) {
        0 | 1 => return sign,              // signed zero
        2 | 3 => 0,                        // subnormal (or zero)
        4 | 5 => top,                      // the largest finite binade
        6 => 1,                            // the smallest normal binade
        7 if specials => all,              // infinity or NaN
        8 => r.next() as u32 & all,        // anything
        _ => bias - 4 + r.below(8) as u32, // near 1
    };
    let mut f = frac;
    if fmt == InFormat::E4m3 && e == all && f == (1 << fb) - 1 && !specials {
        f -= 1; // 0x7f is E4M3's NaN
    }
    if fmt != InFormat::E4m3 && e == all && !specials {
        return sign | ((all - 1) << fb) | f;
    }
    sign | (e << fb) | f
}

/// A value of the accumulator (f32 bits, or f16 bits for an fp16 one).
fn acc(out: OutFormat, r: &mut Rng, specials: bool) -> u32 {
    match out {
        OutFormat::F16 => native(InFormat::F16, r, specials),
        OutFormat::F32 => {
            let sign = (r.below(2) as u32) << 31;
            let frac = r.next() as u32 & 0x7f_ffff;
            match r.below(10) {
                0 => sign,
                1 => sign | frac,               // f32 subnormal
                2 => sign | (254 << 23) | frac, // huge
                3 => sign | ((1 + r.below(40) as u32) << 23) | frac, // tiny normal
                4 if specials => sign | 0x7f80_0000 | (frac & 1) << 22,
                _ => sign | ((120 + r.below(16) as u32) << 23) | frac,
            }
        }
    }
}

/// `rows` random rows of length `k` for `m`: (a, b, c).
fn rows(m: &Model, k: usize, rows: usize, r: &mut Rng) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let (fmt, bfmt) = (m.params.input, m.params.b_input);
    let mut a = Vec::with_capacity(rows * k);
    let mut b = Vec::with_capacity(rows * k);
    let mut c = Vec::with_capacity(rows);
    for _ in 0..rows {
        // One row in twenty may hold an infinity or NaN.
        let specials = r.below(20) == 0;
        let cancel = r.below(4) == 0;
        let start = a.len();
        for t in 0..k {
            if cancel && t % 2 == 1 {
                // The previous product negated: cancellation.
                let (x, y) = (a[start + t - 1], b[start + t - 1]);
                a.push(x ^ 0x8000_0000);
                b.push(y);
                continue;
            }
            let sp = specials && r.below(k as u64) == 0;
            a.push(fmt.to_f32_bits(native(fmt, r, sp)));
            b.push(bfmt.to_f32_bits(native(bfmt, r, sp)));
        }
        c.push(acc(m.params.output, r, specials));
    }
    (a, b, c)
}

fn to32(out: OutFormat, x: u32) -> u32 {
    match out {
        OutFormat::F32 => x,
        OutFormat::F16 => f16_to_f32_bits(x as u16),
    }
}

/// The general path's f32 result in the accumulator format, as the
/// interface defines it (NaN is NVIDIA's 0x7fff for fp16).
fn from32(out: OutFormat, r: u32) -> u32 {
    match out {
        OutFormat::F32 => r,
        OutFormat::F16 if r == F32_NAN => F16_NAN as u32,
        OutFormat::F16 => f32_to_f16_bits_rne(r) as u32,
    }
}

fn models() -> Vec<Model> {
    let mut v = Vec::new();
    for gpu in Gpu::ALL {
        for fmt in InFormat::ALL {
            // Same formats, and mixed FP8 (E4M3 × E5M2 either way).
            for bfmt in InFormat::ALL {
                for out in [OutFormat::F32, OutFormat::F16] {
                    if let Ok(m) = Model::mixed(gpu, fmt, bfmt, out) {
                        v.push(m);
                    }
                }
            }
        }
    }
    let mixed = v.iter().filter(|m| m.params.input != m.params.b_input);
    assert!(mixed.count() >= 12, "mixed FP8 models are tested");
    v
}

/// dot_rows with every kernel against dot_reference, row by row.
fn check_rows(n_rows: usize, seed: u64) {
    let mut r = Rng(seed);
    let mut total = 0usize;
    let mut kernel_rows = 0usize;
    for m in models() {
        let out = m.params.output;
        let blk = m.params.block;
        for k in [1, blk, 2 * blk + 3] {
            let (a, b, c) = rows(&m, k, n_rows, &mut r);
            let want: Vec<u32> = (0..n_rows)
                .map(|i| {
                    let d = m
                        .dot_reference(
                            &a[i * k..(i + 1) * k],
                            &b[i * k..(i + 1) * k],
                            to32(out, c[i]),
                        )
                        .expect("exact inputs");
                    from32(out, d)
                })
                .collect();
            for &kernel in Kernel::available() {
                let mut d = vec![0u32; n_rows];
                let redone = m
                    .dot_rows_counted(kernel, k, &a, &b, &c, &mut d)
                    .expect("dot_rows");
                // The kernel decides most rows (the rest: infinities, NaN,
                // all-zero blocks), so that this tests the kernel.
                assert!(
                    redone * 10 < n_rows,
                    "{:?} {:?} K={k}: {redone} of {n_rows} rows left to the scalar path",
                    m.gpu,
                    m.params
                );
                kernel_rows += n_rows - redone;
                for i in 0..n_rows {
                    assert_eq!(
                        d[i],
                        want[i],
                        "{:?} {:?}->{:?} K={k} {kernel:?} row {i}: a={:08x?} b={:08x?} c={:08x}",
                        m.gpu,
                        m.params.input,
                        out,
                        &a[i * k..(i + 1) * k],
                        &b[i * k..(i + 1) * k],
                        c[i]
                    );
                }
                total += n_rows;
            }
        }
    }
    eprintln!("{total} rows compared, {kernel_rows} decided by the kernel");
}

#[test]
fn dot_rows_matches_general_path() {
    check_rows(2_000, 0x9e37_79b9_7f4a_7c15);
}

#[test]
#[ignore = "release tier: millions of rows"]
fn dot_rows_matches_general_path_millions() {
    check_rows(100_000, 0x0123_4567_89ab_cdef);
}

/// The batched GEMM (every kernel, one and three threads) against the
/// element-by-element one, with sizes that leave partial tiles and blocks.
#[test]
fn gemm_matches_reference() {
    let mut r = Rng(0x5151_7eaf_d00d_0001);
    for m in models() {
        let blk = m.params.block;
        // K = 600: several chunks of K in the cache-blocked GEMM (chunks
        // of 256 or so); 20 rows: more than one block of rows; 200 rows:
        // more than one block of the rows between two questions to
        // `stop` (64) in each of three threads.
        for (mm, nn, kk) in [
            (3, 17, 2 * blk + 1),
            (5, 40, blk),
            (1, 1, 1),
            (20, 19, 600),
            (200, 9, 2 * blk),
        ] {
            let (a, _, _) = rows(&m, kk, mm, &mut r);
            // B's rows are b's format (the second operand of `rows`).
            let (_, bt, _) = rows(&m, nn, kk, &mut r);
            let c: Vec<u32> = (0..mm * nn)
                .map(|_| {
                    let sp = r.below(50) == 0;
                    acc(m.params.output, &mut r, sp)
                })
                .collect();
            let g = Gemm::new((mm, nn, kk), &a, &bt, &c).unwrap();
            let want = m.gemm_reference(g).unwrap();
            for &kernel in Kernel::available() {
                for threads in [1, 3] {
                    let got = m.gemm_with(kernel, threads, g).unwrap();
                    assert_eq!(got, want, "{:?} {:?} {kernel:?}", m.gpu, m.params);
                }
            }
        }
    }
}

/// `gemm_threads_until`: a `stop` that never says stop gives the GEMM's
/// bits; one that says stop after its first question gives `None`, on
/// one thread or several.
#[test]
fn a_gemm_stops_where_asked() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let m = Model::new(Gpu::H100, InFormat::Bf16, OutFormat::F32).unwrap();
    let mut r = Rng(0x5151_7eaf_d00d_0002);
    let (mm, nn, kk) = (300, 24, 64);
    let (a, _, _) = rows(&m, kk, mm, &mut r);
    let (_, bt, _) = rows(&m, nn, kk, &mut r);
    let c = vec![0u32; mm * nn];
    let g = Gemm::new((mm, nn, kk), &a, &bt, &c).unwrap();
    let want = m.gemm_reference(g).unwrap();
    for threads in [1, 3] {
        let got = m.gemm_threads_until(threads, g, &|| false);
        assert_eq!(got.unwrap(), Some(want.clone()));
        let asked = AtomicUsize::new(0);
        let after_one = || asked.fetch_add(1, Ordering::Relaxed) >= 1;
        let got = m.gemm_threads_until(threads, g, &after_one);
        assert_eq!(got.unwrap(), None, "{threads} thread(s)");
    }
}

/// Errors come out as the row-by-row and element-by-element paths give
/// them: the first inexact input.
#[test]
fn errors_as_the_exact_model() {
    let m = Model::new(Gpu::H100, InFormat::Bf16, OutFormat::F32).unwrap();
    let k = 16;
    let mut a = vec![1f32.to_bits(); 40 * k];
    let b = vec![1f32.to_bits(); 40 * k];
    let c = vec![0u32; 40];
    a[21 * k + 3] = (1.0f32 + 1.0 / 1024.0).to_bits(); // not a bf16 value
    let mut d = vec![0u32; 40];
    let want = m.dot(&a[21 * k..22 * k], &b[..k], 0).unwrap_err();
    for &kernel in Kernel::available() {
        assert_eq!(
            m.dot_rows_with(kernel, k, &a, &b, &c, &mut d),
            Err(want.clone())
        );
    }
    let g = Gemm::new((40, 1, k), &a, &b[..k], &c).unwrap();
    let e = m.gemm_reference(g).unwrap_err();
    assert_eq!(m.gemm(g), Err(e));
}

/// A value of `fmt` (bf16, tf32 or fp16) as f32 bits that the fused
/// kernel takes: a zero of either sign or a normal value of the format,
/// the exponent field weighted to the edges (the smallest and largest
/// normal binades: the widest spread of a block), near the bias, or
/// anywhere.
fn fusable(fmt: InFormat, r: &mut Rng) -> u32 {
    let (eb, fb) = (fmt.exp_bits(), fmt.frac_bits());
    let top = (1u32 << eb) - 2;
    let bias = (1u32 << (eb - 1)) - 1;
    let sign = (r.below(2) as u32) << (eb + fb);
    let frac = r.next() as u32 & ((1 << fb) - 1);
    let field = match r.below(12) {
        0 | 1 => return fmt.to_f32_bits(sign),
        2 => 1,
        3 => top,
        4 => 1 + r.below(4) as u32,
        5 => top - r.below(4) as u32,
        6 => 1 + r.below(top as u64) as u32,
        _ => bias - 4 + r.below(9) as u32,
    };
    fmt.to_f32_bits(sign | field << fb | frac)
}

/// The fused kernel (raw words decoded inside the block passes) and the
/// decoded one, in every compilation, against `dot_reference` row by row,
/// on inputs the fused kernel takes (zeros, the largest and smallest
/// exponents, cancellation, every accumulator edge) and on groups of
/// sixteen rows where one element is a subnormal (of f32 or of the
/// format), an infinity, NaN or inexact (the fused kernel refuses the group, the decoded one decides
/// it). Row counts and K leave partial groups and blocks and take both
/// transpositions (K a multiple of 8 or not).
#[test]
fn fused_kernel_matches_general_path() {
    let mut r = Rng(0xf00d_5eed_1234_0002);
    let mut fused_rows = 0usize;
    // Rows the fused kernel decided, of the rows compared, for H100
    // bf16 -> f32 and fp16 -> f32.
    let (mut h100_fused, mut h100_rows) = (0usize, 0usize);
    let (mut h100_fp16_fused, mut h100_fp16_rows) = (0usize, 0usize);
    for m in models() {
        let (fa, fb) = (m.params.input, m.params.b_input);
        if !matches!(fa, InFormat::Bf16 | InFormat::Tf32 | InFormat::F16) || fa != fb {
            continue;
        }
        let out = m.params.output;
        let blk = m.params.block;
        for k in [16, 1, 3, 8, blk, 2 * blk, 2 * blk + 5, 64] {
            let n_rows = 16 * 40 + 7;
            let mut a = Vec::with_capacity(n_rows * k);
            let mut b = Vec::with_capacity(n_rows * k);
            for _ in 0..n_rows {
                let cancel = r.below(3) == 0;
                let start = a.len();
                for t in 0..k {
                    if cancel && t % 2 == 1 {
                        let (x, y) = (a[start + t - 1], b[start + t - 1]);
                        a.push(x ^ 0x8000_0000);
                        b.push(y);
                    } else {
                        a.push(fusable(fa, &mut r));
                        b.push(fusable(fb, &mut r));
                    }
                }
            }
            // One group in eight gets an input the fused kernel refuses.
            for g in 0..n_rows.div_ceil(16) {
                if r.below(8) != 0 {
                    continue;
                }
                let row = (16 * g + r.below(16) as usize).min(n_rows - 1);
                let at = row * k + r.below(k as u64) as usize;
                let odd = match r.below(5) {
                    // A subnormal of f32 (for fp16: not a value of it).
                    0 => 0x0000_1234 << (23 - fa.frac_bits()) & 0x007f_ffff,
                    // A subnormal of the format.
                    1 => fa.to_f32_bits(1 + r.below(7) as u32),
                    2 => 0x7f80_0000, // infinity
                    3 => 0x7fc0_0000, // NaN
                    _ => 0x3f80_0001, // not exact
                };
                let sign = (r.below(2) as u32) << 31;
                if r.below(2) == 0 {
                    a[at] = odd | sign;
                } else {
                    b[at] = odd | sign;
                }
            }
            let c: Vec<u32> = (0..n_rows)
                .map(|_| {
                    let sp = r.below(40) == 0;
                    acc(out, &mut r, sp)
                })
                .collect();
            let want: Vec<Result<u32, _>> = (0..n_rows)
                .map(|i| {
                    m.dot_reference(
                        &a[i * k..(i + 1) * k],
                        &b[i * k..(i + 1) * k],
                        to32(out, c[i]),
                    )
                    .map(|d| from32(out, d))
                })
                .collect();
            // dot_rows stops at the first error: compare the rows before it,
            // then the error itself.
            let first_err = want.iter().position(|w| w.is_err()).unwrap_or(n_rows);
            let ok_rows = first_err - first_err % 16;
            for &kernel in Kernel::available() {
                for fused in [true, false] {
                    let mut d = vec![0u32; ok_rows];
                    let p = m
                        .dot_rows_paths(
                            kernel,
                            fused,
                            k,
                            &a[..ok_rows * k],
                            &b[..ok_rows * k],
                            &c[..ok_rows],
                            &mut d,
                        )
                        .expect("exact inputs");
                    for i in 0..ok_rows {
                        assert_eq!(
                            Ok(d[i]),
                            want[i],
                            "{:?} {fa:?}->{out:?} K={k} {kernel:?} fused {fused} row {i}: a={:08x?} b={:08x?} c={:08x}",
                            m.gpu,
                            &a[i * k..(i + 1) * k],
                            &b[i * k..(i + 1) * k],
                            c[i]
                        );
                    }
                    if fused {
                        fused_rows += p.fused;
                        if m.gpu == Gpu::H100 && fa == InFormat::Bf16 && out == OutFormat::F32 {
                            h100_fused += p.fused;
                            h100_rows += ok_rows;
                        }
                        if m.gpu == Gpu::H100 && fa == InFormat::F16 && out == OutFormat::F32 {
                            h100_fp16_fused += p.fused;
                            h100_fp16_rows += ok_rows;
                        }
                    } else {
                        assert_eq!(p.fused, 0);
                    }
                    let mut d = vec![0u32; n_rows];
                    let got = m.dot_rows_paths(kernel, fused, k, &a, &b, &c, &mut d);
                    match want.iter().find(|w| w.is_err()) {
                        Some(Err(e)) => assert_eq!(got, Err(e.clone())),
                        _ => assert_eq!(
                            d,
                            want.iter()
                                .map(|w| *w.as_ref().unwrap())
                                .collect::<Vec<_>>()
                        ),
                    }
                }
            }
        }
    }
    // The fused kernel decided most groups (the rest: the refused ones).
    eprintln!(
        "{fused_rows} rows decided by the fused kernel ({h100_fused} of {h100_rows} H100 \
         bf16 -> f32, {h100_fp16_fused} of {h100_fp16_rows} fp16 -> f32)"
    );
    assert!(2 * h100_fused > h100_rows, "{h100_fused} of {h100_rows}");
    assert!(
        2 * h100_fp16_fused > h100_fp16_rows,
        "{h100_fp16_fused} of {h100_fp16_rows}"
    );
}

/// Past 512 Ki of K, `dot_rows` computes each row with `dot`: the batch
/// kernel's working memory is about 512 bytes per K (K = 8 Mi aborted a
/// C caller at 1.1 GB), `dot`'s nothing per K. The rows are `dot`'s, and
/// a short K still takes the kernel.
#[test]
fn dot_rows_with_a_long_k_take_dot() {
    let m = Model::new(Gpu::H100, InFormat::Bf16, OutFormat::F32).unwrap();
    let mut r = Rng(0x10b6_0000_0000_0001);
    let kernel = Kernel::detected_rows();
    for (k, fallback) in [(1 << 20, true), (1 << 10, false)] {
        let (a, b, c) = rows(&m, k, 2, &mut r);
        let mut d = vec![0u32; 2];
        let scalar = m.dot_rows_counted(kernel, k, &a, &b, &c, &mut d);
        let want: Vec<u32> = (0..2)
            .map(|i| {
                m.dot(&a[i * k..(i + 1) * k], &b[i * k..(i + 1) * k], c[i])
                    .unwrap()
            })
            .collect();
        assert_eq!(d, want, "K = {k}");
        if fallback {
            assert_eq!(scalar.unwrap(), 2, "K = {k}: each row by dot");
        } else {
            assert!(scalar.unwrap() < 2, "K = {k}: the kernel");
        }
    }
}

/// A row: `a`, `b`, and its first element no format holds (index, bits),
/// or `None` for a valid row.
type Case = (Vec<u32>, Vec<u32>, Option<(usize, u32)>);

/// An input its format cannot hold is an error on every path, also in a
/// row that an infinity or NaN decides: E4M3's ±Inf (E4M3 has none; it
/// was +Inf with an f32 accumulator and an error with an f16 one), and a
/// value not exact in the format beside another element's infinity. The
/// error names the first such element, which this test knows by
/// construction.
#[test]
fn inputs_the_format_lacks_are_errors_even_beside_infinities() {
    let k = 8;
    for m in models() {
        let (fa, fb) = (m.params.input, m.params.b_input);
        let inf_ok = |f: InFormat| f != InFormat::E4m3;
        // A value none of the formats holds: 1 + 2^-20 (tf32 has 10
        // fraction bits, the others fewer).
        let inexact = (1.0f32 + 1.0 / 1_048_576.0).to_bits();
        let one = 1f32.to_bits();
        let mut cases: Vec<Case> = Vec::new();
        for inf in [0x7f80_0000u32, 0xff80_0000] {
            let mut a = vec![one; k];
            a[3] = inf;
            let want = (!inf_ok(fa)).then_some((3, inf));
            cases.push((a.clone(), vec![one; k], want));
            let mut b = vec![one; k];
            b[5] = inf;
            cases.push((vec![one; k], b, (!inf_ok(fb)).then_some((5, inf))));
            // An infinity (or E4M3's NaN) early, an inexact value later.
            let special = if inf_ok(fa) { inf } else { 0x7fc0_0000 };
            let mut a = vec![one; k];
            a[1] = special;
            a[6] = inexact;
            cases.push((a, vec![one; k], Some((6, inexact))));
        }
        let rows = cases.len();
        let a: Vec<u32> = cases.iter().flat_map(|c| c.0.clone()).collect();
        let b: Vec<u32> = cases.iter().flat_map(|c| c.1.clone()).collect();
        let c = vec![0u32; rows];
        for (row, (ra, rb, want)) in cases.iter().enumerate() {
            let got = [m.dot(ra, rb, 0), m.dot_reference(ra, rb, 0)];
            for g in got {
                match want {
                    Some((index, bits)) => assert_eq!(
                        g,
                        Err(ptxfp_tc::TcError::Inexact {
                            index: *index,
                            bits: *bits
                        }),
                        "{:?} {fa:?}x{fb:?} row {row}",
                        m.gpu
                    ),
                    None => assert!(g.is_ok(), "{:?} {fa:?}x{fb:?} row {row}: {g:?}", m.gpu),
                }
            }
        }
        // The batched paths fail at the first failing row, with its error.
        let first = cases
            .iter()
            .find_map(|c| {
                c.2.map(|(index, bits)| ptxfp_tc::TcError::Inexact { index, bits })
            })
            .expect("a failing row");
        let mut d = vec![0u32; rows];
        for &kernel in Kernel::available() {
            assert_eq!(
                m.dot_rows_with(kernel, k, &a, &b, &c, &mut d),
                Err(first.clone()),
                "{:?} {fa:?}x{fb:?}",
                m.gpu
            );
        }
        // And a GEMM of each row (A one row, B its column): the batched
        // GEMM gave NaN where the exact model is an error (an E4M3
        // infinity was a special the general path then refused).
        for (row, (ra, rb, want)) in cases.iter().enumerate() {
            let want = want.map(|(index, bits)| ptxfp_tc::TcError::Inexact { index, bits });
            let g = |ra, rb| Gemm::new((1, 1, k), ra, rb, &[0]).unwrap();
            for (what, got) in [
                ("gemm", m.gemm(g(ra, rb))),
                ("gemm_reference", m.gemm_reference(g(ra, rb))),
                ("gemm_threads", m.gemm_threads(2, g(ra, rb))),
            ] {
                match &want {
                    Some(e) => assert_eq!(
                        got.as_ref().err(),
                        Some(e),
                        "{what} {:?} {fa:?}x{fb:?} row {row}: {got:?}",
                        m.gpu
                    ),
                    None => assert!(
                        got.is_ok(),
                        "{what} {:?} {fa:?}x{fb:?} row {row}: {got:?}",
                        m.gpu
                    ),
                }
            }
        }
    }
}
