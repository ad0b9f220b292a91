//! PTX ISA 9.4's packed mixed-precision lines (9.7.5: `.f32x2` with
//! `.f16x2`/`.bf16x2`) through the engine: a bf16 row summed into an
//! `.f32x2` accumulator (`add.rn.f32x2.bf16x2.f32x2`, as vLLM's sm_107
//! convolution writes it), an `fma.rn.f32x2.f16x2.f32x2.f32x2` step and the
//! downconverting `add.rz.ftz.f16x2.f32x2.f32x2`, on 64 threads. The oracle
//! is the host's IEEE arithmetic: Rust's `f32` `+` and `mul_add` (each
//! rounded once, to nearest even), and a truncation to `.f16` written here
//! on the exact `f64` sum (these operands' sums are exact in `f64`).

mod common;
use common::{fails_with, hex, lcg, mem, run_src};

const KERNEL: &str = "\
.version 9.4
.target sm_107f
.address_size 64
// out[t] = { acc.x, acc.y, fma.x, fma.y, down }: acc = sum over i < 8 of
// row[t][i] (bf16x2) from c; fma = h * b + acc (h f16x2); down = the f16x2
// truncation of fma + acc.
.visible .entry k(.param .u64 row, .param .u64 hb, .param .u64 out)
{
    .reg .pred %p;
    .reg .b32 %r<8>;
    .reg .b64 %rd<16>;
    ld.param.u64 %rd1, [row];
    ld.param.u64 %rd2, [hb];
    ld.param.u64 %rd3, [out];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd4, %r1, 32;
    add.s64 %rd5, %rd1, %rd4;
    mov.b64 %rd6, 0x3f8000003f000000;   // acc = {0.5, 1.0}
    mov.u32 %r2, 0;
$L:
    ld.global.b32 %r3, [%rd5];
    add.rn.f32x2.bf16x2.f32x2 %rd6, %r3, %rd6;
    add.s64 %rd5, %rd5, 4;
    add.u32 %r2, %r2, 1;
    setp.lt.u32 %p, %r2, 8;
    @%p bra $L;
    mul.wide.u32 %rd7, %r1, 16;
    add.s64 %rd8, %rd2, %rd7;
    ld.global.b32 %r4, [%rd8];
    ld.global.b64 %rd9, [%rd8+8];
    fma.rn.f32x2.f16x2.f32x2.f32x2 %rd10, %r4, %rd9, %rd6;
    add.rz.ftz.f16x2.f32x2.f32x2 %r5, %rd10, %rd6;
    mul.wide.u32 %rd11, %r1, 24;
    add.s64 %rd12, %rd3, %rd11;
    st.global.b64 [%rd12], %rd6;
    st.global.b64 [%rd12+8], %rd10;
    st.global.b32 [%rd12+16], %r5;
    ret;
}
";

/// bf16 and f16 bits to `f32` (exact).
fn bf16(x: u32) -> f32 {
    f32::from_bits(x << 16)
}
fn f16(x: u32) -> f32 {
    let (s, e, m) = (x >> 15 & 1, (x >> 10 & 0x1f) as i32, f64::from(x & 0x3ff));
    let v = if e == 0 {
        m * 2f64.powi(-24)
    } else {
        (1.0 + m / 1024.0) * 2f64.powi(e - 15)
    };
    (if s == 1 { -v } else { v }) as f32
}

/// The f16 bits of `v` truncated toward zero (`v` finite, not NaN).
fn f16_rz(v: f64) -> u32 {
    let sign = if v < 0.0 { 0x8000 } else { 0 };
    let a = v.abs();
    if a >= 65504.0 {
        return sign | 0x7bff;
    }
    if a < 2f64.powi(-14) {
        // Subnormal: .ftz flushes it to a zero of its sign.
        return sign;
    }
    let e = a.log2().floor() as i32;
    let e = if 2f64.powi(e) > a {
        e - 1
    } else if 2f64.powi(e + 1) <= a {
        e + 1
    } else {
        e
    };
    let m = ((a / 2f64.powi(e) - 1.0) * 1024.0).floor() as u32;
    sign | ((e + 15) as u32) << 10 | m
}

/// Values in [-4, 4] with 8 significant bits: sums stay exact in `f64`.
fn small(bits: u32) -> f32 {
    let m = (bits & 0xff) as f32 / 64.0;
    if bits & 0x100 != 0 {
        -m
    } else {
        m
    }
}

#[test]
fn a_bf16_row_into_an_f32x2_accumulator_then_fma_and_truncation() {
    let n = 64;
    let r = lcg(n * 8 + n * 3, 107);
    // Row words: two bf16 lanes of small values (bf16 holds 8 significant bits).
    let to_bf16 = |v: f32| v.to_bits() >> 16;
    let row: Vec<u32> = r[..n * 8]
        .iter()
        .map(|&x| to_bf16(small(x)) | to_bf16(small(x >> 9)) << 16)
        .collect();
    let to_f16 = |v: f32| -> u32 {
        // small() values are f16 values: m/64 with m < 256.
        let a = v.abs();
        let bits = if a == 0.0 { 0 } else { f16_rz(f64::from(a)) };
        bits | if v < 0.0 { 0x8000 } else { 0 }
    };
    let hb: Vec<(u32, f32, f32)> = (0..n)
        .map(|t| {
            let x = r[n * 8 + 3 * t];
            (
                to_f16(small(x)) | to_f16(small(x >> 9)) << 16,
                small(r[n * 8 + 3 * t + 1]) * 1.5,
                small(r[n * 8 + 3 * t + 2]) / 3.0,
            )
        })
        .collect();
    let row_bytes: Vec<u8> = row.iter().flat_map(|w| w.to_le_bytes()).collect();
    let hb_bytes: Vec<u8> = hb
        .iter()
        .flat_map(|&(h, b0, b1)| {
            [
                h.to_le_bytes(),
                [0; 4],
                b0.to_bits().to_le_bytes(),
                b1.to_bits().to_le_bytes(),
            ]
            .concat()
        })
        .collect();
    let o = run_src(
        "mixed.ptx",
        KERNEL,
        &[
            "--block",
            "64",
            "--set",
            "row=0x10000",
            "--set",
            "hb=0x20000",
            "--set",
            "out=0x30000",
            "--mem",
            &format!("0x10000={}", hex(&row_bytes)),
            "--mem",
            &format!("0x20000={}", hex(&hb_bytes)),
        ],
    );
    let got: Vec<Vec<u8>> = (0..n)
        .map(|t| mem(&o, 0x30000 + 24 * t as u64, 20))
        .collect();
    let word =
        |t: usize, k: usize| u32::from_le_bytes(got[t][4 * k..4 * k + 4].try_into().unwrap());
    for t in 0..n {
        let mut acc = [0.5f32, 1.0];
        for i in 0..8 {
            let w = row[t * 8 + i];
            acc[0] += bf16(w & 0xffff);
            acc[1] += bf16(w >> 16);
        }
        let (h, b0, b1) = hb[t];
        let fma = [
            f16(h & 0xffff).mul_add(b0, acc[0]),
            f16(h >> 16).mul_add(b1, acc[1]),
        ];
        let down = f16_rz(f64::from(fma[0]) + f64::from(acc[0]))
            | f16_rz(f64::from(fma[1]) + f64::from(acc[1])) << 16;
        assert_eq!(
            [word(t, 0), word(t, 1)],
            acc.map(f32::to_bits),
            "thread {t}: acc"
        );
        assert_eq!(
            [word(t, 2), word(t, 3)],
            fma.map(f32::to_bits),
            "thread {t}: fma"
        );
        assert_eq!(word(t, 4), down, "thread {t}: down {fma:?} {acc:?}");
    }
}

#[test]
fn the_target_and_the_lines_are_checked() {
    let kernel = |target: &str, line: &str| {
        format!(".version 9.4\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n    .reg .b32 %r<4>;\n    .reg .b64 %rd<4>;\n    {line}\n    ret;\n}}\n")
    };
    let up = "add.rn.f32x2.bf16x2.f32x2 %rd1, %r1, %rd2;";
    for target in ["sm_107", "sm_100a"] {
        fails_with(&run_src("m.ptx", &kernel(target, up), &[]), |e| {
            e.contains("needs a family target") || e.contains("requires sm_107")
        });
    }
    fails_with(
        &run_src(
            "m.ptx",
            &kernel(
                "sm_107f",
                "fma.f32x2.f16x2.f32x2.f32x2 %rd1, %r1, %rd2, %rd3;",
            ),
            &[],
        ),
        |e| e.contains("no default"),
    );
    // `a` of an upconverting line is 32 bits.
    fails_with(
        &run_src(
            "m.ptx",
            &kernel("sm_107f", "add.rn.f32x2.bf16x2.f32x2 %rd1, %rd3, %rd2;"),
            &[],
        ),
        |e| e.contains("operand `%rd3` is a `.b64` register"),
    );
}
