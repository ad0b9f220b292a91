//! The alternate floating-point instructions (PTX ISA 9.4, 9.7.6: `add`,
//! `sub`, `mul`, `fma` on packed FP8/FP6/FP4/UE8M0 lanes) through the
//! engine: the NVFP4 dequantization example, every operand shape on 256
//! threads, and the errors. The oracle is written here from the formats'
//! tables: each lane's value from its code by the OCP formulas, the
//! operation in `f64`, and the rounding by a search over every E4M3 or E5M2
//! value for the nearest (ties to the even code), with `.satfinite`'s clamp
//! and NVIDIA's FP8 NaN 0x7f (docs/NVIDIA.md "Alternate floating-point
//! instructions").
//!
//! `f64` is exact for every product and for sums whose operands lie within
//! 2^53 of each other; where a sum is rounded, the larger operand is an FP8
//! value (not a midpoint of the destination) or beyond FP8's range, so the
//! nearest FP8 value is the same.

mod common;
use common::{fails_with, hex, lcg, mem, run_src, text};

/// An 8-bit-or-narrower minifloat's value: `e_bits` exponent bits, `m_bits`
/// mantissa bits, bias `2^(e_bits-1) - 1`, a zero exponent field subnormal.
fn minifloat(code: u32, e_bits: u32, m_bits: u32) -> f64 {
    let w = 1 + e_bits + m_bits;
    let neg = code >> (w - 1) & 1 == 1;
    let e = (code >> m_bits) & ((1 << e_bits) - 1);
    let m = f64::from(code & ((1 << m_bits) - 1)) / f64::from(1u32 << m_bits);
    let bias = (1 << (e_bits - 1)) - 1;
    let mag = if e == 0 {
        m * 2f64.powi(1 - bias)
    } else {
        (1.0 + m) * 2f64.powi(e as i32 - bias)
    };
    if neg {
        -mag
    } else {
        mag
    }
}

/// A lane's value (`None`: NaN). E5M2 with an all-ones exponent is ∞ or
/// NaN; E4M3's NaN is `S.1111.111`; UE8M0 is 2^(code-127), 0xff NaN.
fn value(ty: &str, code: u32) -> Option<f64> {
    Some(match ty {
        "e5m2" if code & 0x7c == 0x7c && code & 3 != 0 => return None,
        "e5m2" if code & 0x7f == 0x7c => {
            if code & 0x80 != 0 {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        "e5m2" => minifloat(code, 5, 2),
        "e4m3" if code & 0x7f == 0x7f => return None,
        "e4m3" => minifloat(code, 4, 3),
        "e3m2" => minifloat(code & 0x3f, 3, 2),
        "e2m3" => minifloat(code & 0x3f, 2, 3),
        "e2m1" | "e2m1p4" => minifloat(code & 0xf, 2, 1),
        "ue8m0" if code == 0xff => return None,
        "ue8m0" => 2f64.powi(code as i32 - 127),
        _ => unreachable!("{ty}"),
    })
}

/// Lane `i` of a register of type `ty`: nibbles of a `.b16` for `.e2m1x4`,
/// else byte `i` (of which FP6 reads the low 6 bits, `.e2m1p4x4` the low 4).
fn lane(ty: &str, x: u32, i: u32) -> u32 {
    if ty == "e2m1" {
        x >> (4 * i) & 0xf
    } else {
        x >> (8 * i) & 0xff
    }
}

/// The code nearest to `v` of destination `dst` (ties to the even code),
/// with `.satfinite` or the format's overflow: ∞ for E5M2, NaN for E4M3.
fn round(dst: &str, satfinite: bool, v: Option<f64>) -> u32 {
    let Some(v) = v.filter(|v| !v.is_nan()) else {
        return 0x7f;
    };
    let (max_code, beyond) = if dst == "e4m3" {
        (0x7e, 480.0)
    } else {
        (0x7b, 65536.0)
    };
    let sign = if v.is_sign_negative() { 0x80 } else { 0 };
    let mag = v.abs();
    // Every finite magnitude code, and the next value past the largest
    // (E4M3's 480 has an odd mantissa, E5M2's 2^16 an even one).
    let mut best = (f64::INFINITY, 0u32, false);
    for code in 0..=max_code {
        let d = (minifloat(
            code,
            if dst == "e4m3" { 4 } else { 5 },
            if dst == "e4m3" { 3 } else { 2 },
        ) - mag)
            .abs();
        if d < best.0 || (d == best.0 && code % 2 == 0) {
            best = (d, code, false);
        }
    }
    let d = (beyond - mag).abs();
    let beyond_even = dst == "e5m2";
    if d < best.0 || (d == best.0 && beyond_even) {
        best = (d, 0, true);
    }
    match (best.2, satfinite, dst) {
        (false, _, _) => sign | best.1,
        (true, true, _) => sign | max_code,
        (true, false, "e4m3") => 0x7f,
        (true, false, _) => sign | 0x7c,
    }
}

/// The oracle for one lane of `op` (`add`, `sub`, `mul`, `fma`).
fn oracle(op: &str, sat: bool, dst: &str, ty: &[&str], codes: &[u32]) -> u32 {
    let v: Vec<Option<f64>> = ty.iter().zip(codes).map(|(t, &c)| value(t, c)).collect();
    let r = match (op, v.as_slice()) {
        ("add", [Some(a), Some(c)]) => Some(a + c),
        ("sub", [Some(a), Some(c)]) => Some(a - c),
        ("mul", [Some(a), Some(c)]) => Some(a * c),
        ("fma", [Some(a), Some(b), Some(c)]) => Some(a.mul_add(*b, *c)),
        _ => None,
    };
    round(dst, sat, r)
}

/// examples/kernels/nvfp4-dequant.ptx: 64 threads, 16 scales (one of them
/// the E4M3 NaN), each output byte against the oracle.
#[test]
fn the_nvfp4_dequantization_example() {
    let src = include_str!("../../../examples/kernels/nvfp4-dequant.ptx");
    let codes: Vec<u8> = lcg(32, 7).iter().flat_map(|w| w.to_le_bytes()).collect();
    let mut scales: Vec<u8> = lcg(4, 9).iter().flat_map(|w| w.to_le_bytes()).collect();
    scales[5] = 0x7f;
    scales[6] = 0x7e; // 448: products beyond it saturate
    let o = run_src(
        "nvfp4.ptx",
        src,
        &[
            "--block",
            "64",
            "--set",
            "codes=0x1000",
            "--set",
            "scales=0x2000",
            "--set",
            "out=0x3000",
            "--mem",
            &format!("0x1000={}", hex(&codes[..128])),
            "--mem",
            &format!("0x2000={}", hex(&scales)),
        ],
    );
    let got = mem(&o, 0x3000, 256);
    for t in 0..64 {
        let a = u32::from(codes[2 * t]) | u32::from(codes[2 * t + 1]) << 8;
        let s = u32::from(scales[t / 4]);
        for i in 0..4 {
            let want = oracle(
                "mul",
                true,
                "e4m3",
                &["e2m1", "e4m3"],
                &[lane("e2m1", a, i as u32), s],
            );
            assert_eq!(
                u32::from(got[4 * t + i]),
                want,
                "thread {t} lane {i}: codes {a:#06x}, scale {s:#04x}"
            );
        }
    }
    // The NaN scale gives NaN lanes; 448 gives some saturated ones.
    assert!(got[4 * 20..4 * 24].iter().all(|&b| b == 0x7f));
    assert!(got[4 * 24..4 * 28].iter().any(|&b| b & 0x7f == 0x7e));
}

/// Each form: opcode, `.satfinite`, destination, source types.
const FORMS: [(&str, bool, &str, &[&str]); 8] = [
    ("add", true, "e4m3", &["e2m1p4", "e4m3"]),
    ("sub", false, "e5m2", &["ue8m0", "e5m2"]),
    ("mul", false, "e5m2", &["e3m2", "e2m1"]),
    ("mul", true, "e4m3", &["e2m3", "e5m2"]),
    ("fma", false, "e4m3", &["ue8m0", "e2m1", "e4m3"]),
    ("fma", true, "e5m2", &["e4m3", "e4m3", "e5m2"]),
    ("sub", true, "e5m2", &["e5m2", "e5m2"]),
    ("add", false, "e4m3", &["e2m1", "e4m3"]),
];

/// The register of an operand of type `ty` in the kernel below.
fn reg(ty: &str, k: usize) -> String {
    if ty == "e2m1" {
        format!("%h{k}")
    } else {
        format!("%r{k}")
    }
}

/// Every form of [`FORMS`] on 256 threads, each with its own three words
/// (edge codes in every lane position, then random ones). UE8M0 codes are
/// kept within 2^±27 so that the `f64` oracle's sums stay exact where it
/// matters (see the header).
#[test]
fn every_operand_shape_on_256_threads() {
    const EDGES: [u32; 12] = [
        0x00, 0x80, 0x01, 0x81, 0x7f, 0xff, 0x7e, 0xfe, 0x7c, 0xfc, 0x7b, 0x38,
    ];
    let n = 256;
    let rnd = lcg(3 * n, 11);
    let words: Vec<[u32; 3]> = (0..n)
        .map(|t| {
            let mut w = [rnd[3 * t], rnd[3 * t + 1], rnd[3 * t + 2]];
            if t < 144 {
                // Edge codes: thread t puts EDGES[t % 12] and EDGES[t / 12]
                // in its lanes.
                let e = |j: usize| EDGES[j % 12];
                w[0] = e(t) | e(t / 12) << 8 | e(t + 1) << 16 | e(t / 12 + 5) << 24;
                w[2] = e(t / 12) | e(t) << 8 | e(t + 7) << 16 | e(t + 3) << 24;
            }
            w
        })
        .collect();
    // UE8M0 sources read word 0 (`a`) with its bytes moved into 100..=154.
    let ue = |x: u32| -> u32 {
        (0..4).fold(0, |acc, i| {
            acc | (100 + (x >> (8 * i) & 0xff) % 55) << (8 * i)
        })
    };
    let mut body = String::new();
    for (k, (op, sat, dst, ty)) in FORMS.iter().enumerate() {
        let satm = if *sat { ".satfinite" } else { "" };
        // add/sub: `.cdtype.atype`; mul: `.dtype.atype.ctype`; fma:
        // `.cdtype.atype.btype`.
        let opcode = match *op {
            "add" | "sub" => format!("{op}.rn{satm}.{dst}x4.{}x4", ty[0]),
            _ => format!("{op}.rn{satm}.{dst}x4.{}x4.{}x4", ty[0], ty[1]),
        };
        // Source k is register 1 + k (its .b16 half %h for .e2m1x4); the
        // UE8M0 operand is %r4 (word 0 remapped).
        let srcs: Vec<String> = ty
            .iter()
            .enumerate()
            .map(|(j, t)| match *t {
                "ue8m0" => "%r4".to_string(),
                t => reg(t, j + 1),
            })
            .collect();
        body += &format!("    {opcode} %r9, {};\n", srcs.join(", "));
        body += &format!("    st.global.b32 [%rd5+{}], %r9;\n", 4 * k);
    }
    let src = format!(
        ".version 9.4\n.target sm_100a\n.address_size 64\n.visible .entry k(.param .u64 in, .param .u64 ue, .param .u64 out)\n{{\n    .reg .b16 %h<4>;\n    .reg .b32 %r<10>;\n    .reg .b64 %rd<8>;\n    ld.param.u64 %rd1, [in];\n    ld.param.u64 %rd2, [out];\n    ld.param.u64 %rd6, [ue];\n    mov.u32 %r8, %tid.x;\n    mul.wide.u32 %rd3, %r8, 12;\n    add.s64 %rd4, %rd1, %rd3;\n    ld.global.b32 %r1, [%rd4];\n    ld.global.b32 %r2, [%rd4+4];\n    ld.global.b32 %r3, [%rd4+8];\n    mov.b32 {{%h1, %h0}}, %r1;\n    mov.b32 {{%h2, %h0}}, %r2;\n    mul.wide.u32 %rd3, %r8, 4;\n    add.s64 %rd7, %rd6, %rd3;\n    ld.global.b32 %r4, [%rd7];\n    mul.wide.u32 %rd3, %r8, {};\n    add.s64 %rd5, %rd2, %rd3;\n{body}    ret;\n}}\n",
        4 * FORMS.len()
    );
    let input: Vec<u8> = words
        .iter()
        .flat_map(|w| w.iter().flat_map(|x| x.to_le_bytes()))
        .collect();
    let ues: Vec<u8> = words.iter().flat_map(|w| ue(w[0]).to_le_bytes()).collect();
    let o = run_src(
        "alt-shapes.ptx",
        &src,
        &[
            "--block",
            "256",
            "--set",
            "in=0x10000",
            "--set",
            "ue=0x20000",
            "--set",
            "out=0x30000",
            "--mem",
            &format!("0x10000={}", hex(&input)),
            "--mem",
            &format!("0x20000={}", hex(&ues)),
        ],
    );
    let got = mem(&o, 0x30000, n * 4 * FORMS.len());
    let mut seen_sat = 0;
    for (t, w) in words.iter().enumerate() {
        for (k, (op, sat, dst, ty)) in FORMS.iter().enumerate() {
            let regs: Vec<u32> = ty
                .iter()
                .enumerate()
                .map(|(j, t)| match *t {
                    "ue8m0" => ue(w[0]),
                    "e2m1" => w[j] & 0xffff,
                    _ => w[j],
                })
                .collect();
            for i in 0..4 {
                let codes: Vec<u32> = ty.iter().zip(&regs).map(|(t, &r)| lane(t, r, i)).collect();
                let want = oracle(op, *sat, dst, ty, &codes);
                let at = (t * FORMS.len() + k) * 4 + i as usize;
                assert_eq!(
                    u32::from(got[at]),
                    want,
                    "thread {t}, {op}{} .{dst}x4 {ty:?} lane {i}: codes {codes:#x?}",
                    if *sat { ".satfinite" } else { "" }
                );
                seen_sat +=
                    usize::from(*sat && want & 0x7f == if *dst == "e4m3" { 0x7e } else { 0x7b });
            }
        }
    }
    assert!(seen_sat > 0, "no lane saturated");
}

/// The ISA's examples write `.satfinite` after the types: the run takes it
/// with a warning that gives the syntax line's order.
#[test]
fn the_isa_example_spelling_runs_with_a_warning() {
    let src = ".version 9.4\n.target sm_103a\n.address_size 64\n.visible .entry k()\n{\n    .reg .b32 %r<4>;\n    mov.b32 %r1, 0x7e7e3800;\n    mov.b32 %r2, 0x7b7b3c00;\n    add.rn.e5m2x4.e4m3x4.satfinite %r3, %r1, %r2;\n    ret;\n}\n";
    let o = run_src("alt-order.ptx", src, &["--json"]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains(".satfinite must come before the types"),
        "{stdout}"
    );
    assert!(
        stdout.contains("write add.rn.satfinite.e5m2x4.e4m3x4"),
        "{stdout}"
    );
    // Lanes: 0 + 0 = 0; 1.0 + 1.0 = 2.0 (E5M2 0x40); 448 + 57344 = 57792,
    // beyond 57344 but below the tie 61440: 57344 (0x7b), twice.
    let o = run_src("alt-order.ptx", src, &["--json", "--trace"]);
    let (stdout, _) = text(&o);
    assert!(stdout.contains("0x7b7b4000"), "{stdout}");
}

#[test]
fn errors_name_the_rule_and_the_operand() {
    let kernel = |version: &str, target: &str, line: &str| {
        format!(".version {version}\n.target {target}\n.address_size 64\n.visible .entry k()\n{{\n    .reg .b16 %h<2>;\n    .reg .b32 %r<4>;\n    {line}\n    ret;\n}}\n")
    };
    let qmul = "mul.rn.satfinite.e4m3x4.e2m1x4.e4m3x4 %r1, %h1, %r2;";
    fails_with(
        &run_src("a.ptx", &kernel("9.3", "sm_100a", qmul), &[]),
        |e| e.contains("requires PTX ISA 9.4 or later"),
    );
    for target in ["sm_100", "sm_100f", "sm_120a"] {
        fails_with(&run_src("a.ptx", &kernel("9.4", target, qmul), &[]), |e| {
            e.contains("is supported only on sm_100a, sm_103a")
        });
    }
    // .e2m1x4 is a .b16 operand.
    let wide = "mul.rn.satfinite.e4m3x4.e2m1x4.e4m3x4 %r1, %r3, %r2;";
    fails_with(
        &run_src("a.ptx", &kernel("9.4", "sm_100a", wide), &[]),
        |e| e.contains("operand `%r3` is a `.b32` register") && e.contains("needs `.b16` here"),
    );
    fails_with(
        &run_src(
            "a.ptx",
            &kernel("9.4", "sm_100a", "add.rz.e4m3x4.e4m3x4 %r1, %r2, %r3;"),
            &[],
        ),
        |e| e.contains(".rnd = { .rn }"),
    );
    fails_with(
        &run_src(
            "a.ptx",
            &kernel("9.4", "sm_100a", "mul.e4m3x4.e2m1x4 %r1, %h1, %r3;"),
            &[],
        ),
        |e| e.contains("three types, `.dtype.atype.ctype`"),
    );
}
