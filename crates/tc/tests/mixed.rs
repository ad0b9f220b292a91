//! Mixed FP8 inputs: `a` in E4M3 and `b` in E5M2, or the other way round
//! (PTX `mma.sync` and `wgmma` take `.e4m3` and `.e5m2` for `.atype` and
//! `.btype` independently on sm_89+/sm_90). No GPU measurement of a mixed
//! product exists, so the oracles here are:
//!
//! - hand derivations of chosen rows (in the comments);
//! - an independent transcription of the block FMA on exact integers:
//!   the FP8 bytes decoded from their bit fields as the OCP FP8 spec
//!   defines them, each product an exact integer times a power of two,
//!   each term truncated toward zero to a multiple of the alignment
//!   quantum `2^(max_exp - 23 - extra_bits)`, the sum rounded toward zero
//!   to the block result's fraction bits (then, on the B200, `c` added by
//!   the host's IEEE fp32 addition, which rounds to nearest even);
//! - the property that a mixed model equals the same-format models on
//!   values exact in both formats.

use ptxfp_tc::{Arith, Gpu, InFormat, Instruction, Kernel, Model, OutFormat, SyncFp8, TcError};

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// An FP8 byte's value as `(negative, M, E)` with `|x| = M · 2^E`, and
/// its alignment exponent `max(floor(log2 |x|), emin)`, from the bit
/// fields: E4M3 bias 7, 3 fraction bits; E5M2 bias 15, 2 fraction bits;
/// a zero exponent field is subnormal `0.m · 2^(1 - bias)`.
fn fp8(fmt: InFormat, byte: u8) -> (bool, i128, i32, i32) {
    let (bias, fb) = match fmt {
        InFormat::E4m3 => (7, 3),
        InFormat::E5m2 => (15, 2),
        _ => unreachable!(),
    };
    let neg = byte & 0x80 != 0;
    let e = ((byte & 0x7f) >> fb) as i32;
    let m = (byte & ((1 << fb) - 1)) as i128;
    let emin = 1 - bias;
    if e == 0 {
        (neg, m, emin - fb, emin)
    } else {
        (neg, m + (1 << fb), e - bias - fb, e - bias)
    }
}

/// The f32 bits of an FP8 byte's value (through the host's exact f64).
fn bits_of(fmt: InFormat, byte: u8) -> u32 {
    let (neg, m, e, _) = fp8(fmt, byte);
    let v = m as f64 * 2f64.powi(e);
    (if neg { -v } else { v } as f32).to_bits()
}

/// The block parameters the table gives the GPU's FP8 path (transcribed
/// from the MATLAB models, H100TC.m:108-109, AdaTC.m:107-108,
/// B200TC.m:51,103, and the B200's late `c` found on its measurements):
/// (block, extra bits, alignment floor, late c).
fn fp8_params(gpu: Gpu) -> (usize, i32, i32, bool) {
    match gpu {
        Gpu::H100 | Gpu::H200 => (32, -10, -133, false),
        Gpu::Ada | Gpu::L40S => (16, -10, -132, false),
        Gpu::B200 | Gpu::RtxPro6000 => (32, 2, -133, true),
        _ => unreachable!(),
    }
}

/// `|v| = m · 2^e` truncated toward zero to `keep` significant bits.
fn trunc_bits(m: i128, keep: u32) -> i128 {
    let n = 128 - m.leading_zeros();
    if n <= keep {
        m
    } else {
        (m >> (n - keep)) << (n - keep)
    }
}

/// One block of FP8 products plus `c` (an f32 value) by the oracle, as f32
/// bits. Only for inputs whose result is a normal f32 (the rows drawn
/// here).
fn oracle_block(gpu: Gpu, fa: InFormat, fb: InFormat, a: &[u8], b: &[u8], c: f32) -> u32 {
    let (block, eab, floor, late) = fp8_params(gpu);
    assert!(a.len() <= block);
    // The products: exact, with their alignment exponent ea + eb.
    let mut terms: Vec<(bool, i128, i32, i32)> = Vec::new();
    for (&x, &y) in a.iter().zip(b) {
        let (nx, mx, ex, ax) = fp8(fa, x);
        let (ny, my, ey, ay) = fp8(fb, y);
        if mx != 0 && my != 0 {
            terms.push((nx ^ ny, mx * my, ex + ey, ax + ay));
        }
    }
    let c_in = !late && c != 0.0;
    if c_in {
        // c as an exact integer times a power of two (normal f32 only).
        let cb = c.to_bits();
        let e = ((cb >> 23) & 0xff) as i32 - 127;
        let m = ((cb & 0x7f_ffff) | 0x80_0000) as i128;
        terms.push((cb >> 31 != 0, m, e - 23, e));
    }
    let max_exp = terms.iter().map(|t| t.3).max().unwrap().max(floor);
    // Each term truncated toward zero to a multiple of 2^q.
    let q = max_exp - 23 - eab;
    let mut s: i128 = 0;
    for &(neg, m, e, _) in &terms {
        let t = if e >= q { m << (e - q) } else { m >> (q - e) };
        s += if neg { -t } else { t };
    }
    // Toward zero to 23 + min(extra bits, 0) fraction bits.
    let keep = (24 + eab.min(0)) as u32;
    let mag = trunc_bits(s.abs(), keep);
    let v = mag as f64 * 2f64.powi(q);
    let r = if s < 0 { -v } else { v } as f32;
    assert_eq!(r as f64, if s < 0 { -v } else { v }, "exact in f32");
    if late {
        (r + c).to_bits() // IEEE fp32 addition, to nearest even
    } else {
        r.to_bits()
    }
}

/// E4M3 byte 0x57 = 1.875 · 2^3 = 15; E5M2 byte 0x33 = 1.75 · 2^-3; their
/// product 105/32 = 3.28125 sits unnormalised at exponent 3 + (-3) = 0.
/// E4M3 0x08 = 2^-6 (smallest normal) times E5M2 0x1d = 1.25 · 2^-8 is
/// 1.25 · 2^-14 at exponent -14.
///
/// H100/H200 and Ada (extra bits -10): the quantum is 2^(0 - 23 + 10) =
/// 2^-13, so 1.25 · 2^-14 truncates to 0 and d = 3.28125 = 1.640625 · 2,
/// bits 0x40520000 (fraction .101001 = 0x520000). B200 (extra bits 2):
/// the quantum is 2^-25, 1.25 · 2^-14 = 320 · 2^-22 survives, and
/// d = 3.28125 + 320 · 2^-22 = 0x40520000 + 0x140 = 0x40520140 (an
/// exact fp32, c = 0 adds nothing).
#[test]
fn hand_rows() {
    let a = [0x57u8, 0x08];
    let b = [0x33u8, 0x1d];
    let (fa, fb) = (InFormat::E4m3, InFormat::E5m2);
    let av: Vec<u32> = a.iter().map(|&x| bits_of(fa, x)).collect();
    let bv: Vec<u32> = b.iter().map(|&x| bits_of(fb, x)).collect();
    assert_eq!(av, [15f32.to_bits(), 2f32.powi(-6).to_bits()]);
    assert_eq!(bv, [0.21875f32.to_bits(), (1.25 * 2f32.powi(-8)).to_bits()]);
    for (gpu, want) in [
        (Gpu::H100, 0x4052_0000),
        (Gpu::H200, 0x4052_0000),
        (Gpu::Ada, 0x4052_0000),
        (Gpu::B200, 0x4052_0140),
    ] {
        let m = Model::mixed(gpu, fa, fb, OutFormat::F32).unwrap();
        assert_eq!(m.dot(&av, &bv, 0), Ok(want), "{gpu:?}");
        assert_eq!(m.dot_reference(&av, &bv, 0), Ok(want), "{gpu:?}");
        assert_eq!(oracle_block(gpu, fa, fb, &a, &b, 0.0), want, "{gpu:?}");
        // The other order: a in E5M2, b in E4M3.
        let r = Model::mixed(gpu, fb, fa, OutFormat::F32).unwrap();
        assert_eq!(r.dot(&bv, &av, 0), Ok(want), "{gpu:?} reversed");
        // The same bytes read as one format are other values: the model
        // must decode each side in its own format.
        assert_eq!(
            InFormat::E4m3.to_f32_bits(0x33),
            0.6875f32.to_bits(),
            "0x33 as E4M3"
        );
    }
    // E4M3 0x24 = 1.5 · 2^-3 times E5M2 0x32 = 1.5 · 2^-3 is 2.25 at
    // exponent -6 (= 1.125 · 2^-5, bits 0x3d100000), with c = 2^-20. H100:
    // c enters the alignment, max exponent -6, quantum 2^(-6 - 13) =
    // 2^-19, so 2^-20 truncates to 0: d = 0x3d100000. B200: the fp32 ulp
    // at 2^-5 is 2^-28, and 2^-20 = 2^8 ulps is exact in the sum: d =
    // 0x3d100000 + 0x100 = 0x3d100100.
    let a = [0x24u8];
    let b = [0x32u8];
    let av = [bits_of(fa, a[0])];
    let bv = [bits_of(fb, b[0])];
    assert_eq!(av[0], (1.5f32 / 8.0).to_bits());
    assert_eq!(bv[0], (1.5f32 / 8.0).to_bits());
    let c = 2f32.powi(-20);
    let h = Model::mixed(Gpu::H100, fa, fb, OutFormat::F32).unwrap();
    assert_eq!(h.dot(&av, &bv, c.to_bits()), Ok(0x3d10_0000));
    let bw = Model::mixed(Gpu::B200, fa, fb, OutFormat::F32).unwrap();
    // 2.25 · 2^-6 + 2^-20 is exact in fp32 (ulp 2^-28 at 2^-5).
    assert_eq!(
        bw.dot(&av, &bv, c.to_bits()),
        Ok((2.25f32 / 64.0 + c).to_bits())
    );
    assert_eq!(bw.dot(&av, &bv, c.to_bits()), Ok(0x3d10_0100));
    for gpu in [Gpu::H100, Gpu::B200] {
        let want = if gpu == Gpu::H100 {
            0x3d10_0000
        } else {
            0x3d10_0100
        };
        assert_eq!(oracle_block(gpu, fa, fb, &a, &b, c), want);
    }
}

/// A random finite, nonzero FP8 byte with its exponent field near the bias
/// (so that truncation decides results), or a zero, or a subnormal.
fn byte(fmt: InFormat, r: &mut Rng) -> u8 {
    let x = r.next();
    let (bias, fb): (u8, u32) = match fmt {
        InFormat::E4m3 => (7, 3),
        _ => (15, 2),
    };
    let sign = ((x & 1) as u8) << 7;
    let m = ((x >> 8) as u8) & ((1 << fb) - 1);
    match (x >> 16) % 10 {
        0 => sign,            // a zero
        1 => sign | m.max(1), // a subnormal
        _ => sign | ((bias - 4 + ((x >> 24) % 9) as u8) << fb) | m,
    }
}

/// Random rows of one block: the model (every path) against the oracle.
#[test]
fn random_blocks_against_the_oracle() {
    let mut r = Rng(0x0dd5_eed5_1234_5678);
    let mut checked = 0;
    for gpu in [
        Gpu::H100,
        Gpu::H200,
        Gpu::Ada,
        Gpu::L40S,
        Gpu::B200,
        Gpu::RtxPro6000,
    ] {
        let (block, ..) = fp8_params(gpu);
        for (fa, fb) in [
            (InFormat::E4m3, InFormat::E5m2),
            (InFormat::E5m2, InFormat::E4m3),
        ] {
            let m = Model::mixed(gpu, fa, fb, OutFormat::F32).unwrap();
            let rows = 400;
            let (mut a, mut b, mut c, mut want) = (vec![], vec![], vec![], vec![]);
            while want.len() < rows {
                let ab: Vec<u8> = (0..block).map(|_| byte(fa, &mut r)).collect();
                let bb: Vec<u8> = (0..block).map(|_| byte(fb, &mut r)).collect();
                let x = r.next();
                let cv = match x % 3 {
                    0 => 0.0,
                    _ => {
                        let e = (x >> 8) % 16;
                        let f = f32::from_bits(
                            ((120 + e as u32) << 23) | ((x >> 20) as u32 & 0x7f_ffff),
                        );
                        if x & 4 != 0 {
                            -f
                        } else {
                            f
                        }
                    }
                };
                let w = oracle_block(gpu, fa, fb, &ab, &bb, cv);
                let wf = f32::from_bits(w);
                // Only normal, nonzero results (the oracle's scope).
                if !wf.is_normal() {
                    continue;
                }
                a.extend(ab.iter().map(|&x| bits_of(fa, x)));
                b.extend(bb.iter().map(|&x| bits_of(fb, x)));
                c.push(cv.to_bits());
                want.push(w);
            }
            for i in 0..rows {
                let (ra, rb) = (
                    &a[i * block..(i + 1) * block],
                    &b[i * block..(i + 1) * block],
                );
                assert_eq!(
                    m.dot(ra, rb, c[i]),
                    Ok(want[i]),
                    "{gpu:?} {fa:?}x{fb:?} row {i}"
                );
                assert_eq!(m.dot_reference(ra, rb, c[i]), Ok(want[i]));
            }
            for &kernel in Kernel::available() {
                let mut d = vec![0u32; rows];
                m.dot_rows_with(kernel, block, &a, &b, &c, &mut d).unwrap();
                assert_eq!(d, want, "{gpu:?} {fa:?}x{fb:?} {kernel:?}");
            }
            checked += rows;
        }
    }
    assert_eq!(checked, 6 * 2 * 400);
}

/// On values normal and exact in both E4M3 and E5M2, a mixed model gives
/// what the same-format models give (every path, every accumulator the
/// GPU has). Subnormals are excluded: a value below E4M3's smallest
/// normal 2^-6 is subnormal there and normal in E5M2, and the block FMA
/// aligns a product at `max(floor(log2 |x|), emin)` of each factor, so
/// the two formats place the same product at different exponents (an
/// E4M3 subnormal factor makes the product unnormalised at a higher
/// exponent); the models then differ, as `subnormal_alignment_differs`
/// shows.
#[test]
fn mixed_equals_same_format_on_common_values() {
    let mut r = Rng(0xfeed_beef_0000_0025);
    // E5M2 bytes whose value is exact in E4M3 too, and normal in both
    // (zeros kept).
    let common: Vec<u32> = (0..=255u32)
        .map(|x| InFormat::E5m2.to_f32_bits(x))
        .filter(|&f| f & 0x7f80_0000 != 0x7f80_0000)
        .filter(|&f| f & 0x7fff_ffff == 0 || f & 0x7fff_ffff >= 2f32.powi(-6).to_bits())
        .filter(|&f| InFormat::E4m3.from_f32_bits(f).is_some())
        .collect();
    assert!(common.len() > 100, "{}", common.len());
    let mut compared = 0;
    for gpu in Gpu::ALL {
        for out in [OutFormat::F32, OutFormat::F16] {
            for instruction in [Instruction::Published, Instruction::MmaSync] {
                let same: Vec<Arith> = [InFormat::E4m3, InFormat::E5m2]
                    .iter()
                    .filter_map(|&f| Arith::new(gpu, f, out, instruction).ok())
                    .collect();
                let mixed: Vec<Arith> = [
                    (InFormat::E4m3, InFormat::E5m2),
                    (InFormat::E5m2, InFormat::E4m3),
                ]
                .iter()
                .filter_map(|&(x, y)| Arith::mixed(gpu, x, y, out, instruction).ok())
                .collect();
                // A GPU models the mixed pair exactly where it models both
                // formats alone.
                assert_eq!(
                    mixed.len(),
                    if same.len() == 2 { 2 } else { 0 },
                    "{gpu:?} {out:?}"
                );
                if same.is_empty() {
                    continue;
                }
                for m in &mixed {
                    assert_eq!(
                        m.b_input(),
                        if m.input() == InFormat::E4m3 {
                            InFormat::E5m2
                        } else {
                            InFormat::E4m3
                        }
                    );
                    assert_eq!(m.output(), out);
                }
                for k in [1usize, 16, 32, 35, 70] {
                    let rows = 60;
                    let pick = |r: &mut Rng| common[(r.next() % common.len() as u64) as usize];
                    let a: Vec<u32> = (0..rows * k).map(|_| pick(&mut r)).collect();
                    let b: Vec<u32> = (0..rows * k).map(|_| pick(&mut r)).collect();
                    let c: Vec<u32> = (0..rows)
                        .map(|_| {
                            let x = r.next();
                            match out {
                                OutFormat::F32 => {
                                    ((110 + (x % 30) as u32) << 23) | (x >> 40) as u32 & 0x807f_ffff
                                }
                                OutFormat::F16 => {
                                    (((x % 25) as u32 + 3) << 10) | (x >> 40) as u32 & 0x83ff
                                }
                            }
                        })
                        .collect();
                    let want: Vec<u32> = (0..rows)
                        .map(|i| {
                            same[0]
                                .dot(&a[i * k..(i + 1) * k], &b[i * k..(i + 1) * k], c[i])
                                .unwrap()
                        })
                        .collect();
                    for s in &same[1..] {
                        let mut d = vec![0; rows];
                        s.dot_rows(k, &a, &b, &c, &mut d).unwrap();
                        assert_eq!(d, want);
                    }
                    for m in &mixed {
                        for i in 0..rows {
                            let (ra, rb) = (&a[i * k..(i + 1) * k], &b[i * k..(i + 1) * k]);
                            assert_eq!(
                                m.dot(ra, rb, c[i]),
                                Ok(want[i]),
                                "{gpu:?} {out:?} {instruction:?} K={k} row {i}"
                            );
                        }
                        let mut d = vec![0; rows];
                        m.dot_rows(k, &a, &b, &c, &mut d).unwrap();
                        assert_eq!(d, want, "{gpu:?} {out:?} {instruction:?} K={k}");
                        compared += rows;
                    }
                }
            }
        }
    }
    // Ada, L40S, H100, H200, B200, RTX PRO 6000; fp32 (and fp16 where
    // modelled), both instructions.
    assert!(compared > 10_000, "{compared}");
}

/// 2^-7 is an E4M3 subnormal (0.5 · 2^-6: alignment exponent -6) and an
/// E5M2 normal (alignment exponent -7). H100 FP8 path, quantum
/// 2^(max_exp - 13); a = [2^-7, 2^-7], b = [1.75 · 2^4, 2^-9]:
///
/// - E5M2 × E5M2: the first product is 1.75 at exponent -7 + 4 = -3,
///   the quantum 2^-16, and the second product 2^-16 survives:
///   d = 1.75 · 2^-3 + 2^-16 (13 fraction bits at 2^-3: exact).
/// - E4M3 × E5M2: the first product is 0.5 · 1.75 = 0.875 at exponent
///   -6 + 4 = -2, the quantum 2^-15, and 2^-16 truncates to 0:
///   d = 1.75 · 2^-3.
#[test]
fn subnormal_alignment_differs() {
    let a = [2f32.powi(-7).to_bits(); 2];
    let b = [28f32.to_bits(), 2f32.powi(-9).to_bits()];
    let e5 = Model::new(Gpu::H100, InFormat::E5m2, OutFormat::F32).unwrap();
    let mixed = Model::mixed(Gpu::H100, InFormat::E4m3, InFormat::E5m2, OutFormat::F32).unwrap();
    let (big, small) = (1.75 * 2f64.powi(-3), 2f64.powi(-16));
    assert_eq!(e5.dot(&a, &b, 0), Ok(((big + small) as f32).to_bits()));
    assert_eq!(mixed.dot(&a, &b, 0), Ok((big as f32).to_bits()));
}

/// Inputs are checked in each side's own format; other pairs do not mix.
#[test]
fn formats_and_refusals() {
    let m = Model::mixed(Gpu::H100, InFormat::E4m3, InFormat::E5m2, OutFormat::F32).unwrap();
    // 0.6875 = 1.011b / 2 is E4M3, not E5M2 (2 fraction bits).
    let x = 0.6875f32.to_bits();
    let one = 1f32.to_bits();
    assert_eq!(m.dot(&[x], &[one], 0), Ok(x));
    assert!(matches!(
        m.dot(&[one], &[x], 0),
        Err(TcError::Inexact { index: 0, .. })
    ));
    // 57344 is E5M2's largest finite value, beyond E4M3's 448.
    let big = 57344f32.to_bits();
    assert_eq!(m.dot(&[one], &[big], 0), Ok(big));
    assert!(m.dot(&[big], &[one], 0).is_err());
    assert_eq!(m.dot(&[one], &[0x7f80_0000], 0), Ok(0x7f80_0000));
    for kernel in Kernel::available() {
        let mut d = [0u32; 2];
        let r = m.dot_rows_with(*kernel, 1, &[one, big], &[x, one], &[0, 0], &mut d);
        assert!(matches!(r, Err(TcError::Inexact { .. })), "{r:?}");
    }
    // The mma.sync rule checks each side too.
    let s = SyncFp8::mixed(Gpu::H100, InFormat::E5m2, InFormat::E4m3, OutFormat::F32)
        .unwrap()
        .unwrap();
    assert_eq!(s.dot(&[one], &[x], 0), Ok(x));
    assert!(matches!(
        s.dot(&[x], &[one], 0),
        Err(TcError::Inexact { index: 0, .. })
    ));
    // Only the FP8 formats mix.
    let e = Model::mixed(Gpu::H100, InFormat::F16, InFormat::Bf16, OutFormat::F32).unwrap_err();
    assert_eq!(
        e.to_string(),
        "H100: no tensor-core model for fp16 x bf16 inputs with fp32 accumulation (only e4m3 and e5m2 mix)"
    );
    assert!(Model::mixed(Gpu::H100, InFormat::E4m3, InFormat::F16, OutFormat::F32).is_err());
    assert!(Model::mixed(Gpu::A100, InFormat::E4m3, InFormat::E5m2, OutFormat::F32).is_err());
    assert_eq!(
        Model::mixed(Gpu::H100, InFormat::Bf16, InFormat::Bf16, OutFormat::F32),
        Model::new(Gpu::H100, InFormat::Bf16, OutFormat::F32)
    );
}
