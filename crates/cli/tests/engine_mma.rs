//! `mma.sync.aligned` in `ptxfp run`: one warp loads its fragments of A, B
//! and C from global memory (thread `%laneid` reads its registers at
//! `base + 4 * NREGS * %laneid`), runs the mma and stores its fragment of D
//! the same way. This file places the matrices' elements into the threads'
//! registers by the PTX ISA's fragment layouts, transcribed here on their
//! own (9.7.14.5.6 to 9.7.14.5.10), and reads D back by them; so a run
//! that gives the right D proves the engine's mapping.
//!
//! Expected values: small integers (exact in every format and every
//! model) computed by Rust's integer arithmetic; and, where alignment and
//! truncation decide the result, each element by `ptxfp_tc::Model::dot` on
//! the same row and column (the tensor-core model validated on GPU
//! measurements, docs/TENSOR_CORES.md), the GPU picked by the device.

use ptxfp_tc::{f32_to_f16_bits_rne, Gpu, InFormat, Model, OutFormat, SyncFp8};
use std::process::Command;

mod common;

/// The multiplicand type of a case.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ab {
    F16,
    Bf16,
    Tf32,
    E4m3,
    E5m2,
    S8,
    U8,
}

impl Ab {
    fn name(self) -> &'static str {
        match self {
            Ab::F16 => "f16",
            Ab::Bf16 => "bf16",
            Ab::Tf32 => "tf32",
            Ab::E4m3 => "e4m3",
            Ab::E5m2 => "e5m2",
            Ab::S8 => "s8",
            Ab::U8 => "u8",
        }
    }
    fn bits(self) -> usize {
        match self {
            Ab::F16 | Ab::Bf16 => 16,
            Ab::Tf32 => 32,
            _ => 8,
        }
    }
    fn format(self) -> Option<InFormat> {
        Some(match self {
            Ab::F16 => InFormat::F16,
            Ab::Bf16 => InFormat::Bf16,
            Ab::Tf32 => InFormat::Tf32,
            Ab::E4m3 => InFormat::E4m3,
            Ab::E5m2 => InFormat::E5m2,
            _ => return None,
        })
    }
    /// The register bits of a value exact in the type.
    fn encode(self, v: f64) -> u32 {
        match self {
            Ab::S8 | Ab::U8 => (v as i64 as u32) & 0xff,
            Ab::Tf32 => (v as f32).to_bits(),
            _ => self
                .format()
                .unwrap()
                .from_f32_bits((v as f32).to_bits())
                .expect("exact"),
        }
    }
    /// The f32 bits the tensor-core model takes for register bits.
    fn model_input(self, x: u32) -> u32 {
        match self {
            Ab::Tf32 => x,
            _ => self.format().unwrap().to_f32_bits(x),
        }
    }
}

/// The accumulator type of a case.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Acc {
    F32,
    F16,
    S32,
}

impl Acc {
    fn name(self) -> &'static str {
        match self {
            Acc::F32 => "f32",
            Acc::F16 => "f16",
            Acc::S32 => "s32",
        }
    }
    fn bits(self) -> usize {
        match self {
            Acc::F16 => 16,
            _ => 32,
        }
    }
    fn encode(self, v: f64) -> u32 {
        match self {
            Acc::F32 => (v as f32).to_bits(),
            Acc::F16 => u32::from(f32_to_f16_bits_rne((v as f32).to_bits())),
            Acc::S32 => v as i64 as i32 as u32,
        }
    }
}

const M: usize = 16;
const N: usize = 8;

/// Where element `i` of lane `lane`'s fragment of A is, `(row, col)`,
/// per the PTX ISA's section for the shape and type, with
/// `groupID = %laneid >> 2`, `threadID_in_group = %laneid % 4`.
fn a_place(k: usize, ab: Ab, lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    match (k, ab.bits()) {
        // 9.7.14.5.8: "row = groupID for ai where 0 <= i < 2 || 4 <= i < 6,
        // groupID + 8 Otherwise; col = (threadID_in_group * 2) + (i & 0x1)
        // for ai where i < 4, ... + 8 for ai where i >= 4"
        (16, 16) => (
            if i < 2 || (4..6).contains(&i) {
                g
            } else {
                g + 8
            },
            t * 2 + (i & 1) + if i >= 4 { 8 } else { 0 },
        ),
        // 9.7.14.5.7 .f16/.bf16: "row = groupID for a0 and a1, groupID + 8
        // for a2 and a3; col = threadID_in_group * 2 + (i & 0x1)"
        (8, 16) => (if i < 2 { g } else { g + 8 }, t * 2 + (i & 1)),
        // 9.7.14.5.7 .tf32: "row = groupID for a0 and a2, groupID + 8 for
        // a1 and a3; col = threadID_in_group for a0 and a1,
        // threadID_in_group + 4 for a2 and a3"
        (8, 32) => (
            if i & 1 == 0 { g } else { g + 8 },
            if i < 2 { t } else { t + 4 },
        ),
        // 9.7.14.5.6: "row = groupID for a0, groupID + 8 for a1;
        // col = threadID_in_group"
        (4, 32) => (if i == 0 { g } else { g + 8 }, t),
        // 9.7.14.5.10: "row = groupID for ai where 0 <= i < 4 || 8 <= i <
        // 12, groupID + 8 otherwise; col = (threadID_in_group * 4) + (i &
        // 0x3) for ai where i < 8, ... + 16 for ai where i >= 8"
        (32, 8) => (
            if i < 4 || (8..12).contains(&i) {
                g
            } else {
                g + 8
            },
            t * 4 + (i & 3) + if i >= 8 { 16 } else { 0 },
        ),
        _ => unreachable!(),
    }
}

/// Where element `i` of lane `lane`'s fragment of B is, `(row, col)`.
fn b_place(k: usize, ab: Ab, lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    let row = match (k, ab.bits()) {
        // "row = (threadID_in_group * 2) + (i & 0x1) for bi where i < 2,
        // ... + 8 for bi where i >= 2"
        (16, 16) => t * 2 + (i & 1) + if i >= 2 { 8 } else { 0 },
        // "row = (threadID_in_group * 2) + i for bi where i = {0, 1}"
        (8, 16) => t * 2 + i,
        // "row = threadID_in_group for b0, threadID_in_group + 4 for b1"
        (8, 32) => t + 4 * i,
        // "row = threadID_in_group"
        (4, 32) => t,
        // "row = (threadID_in_group * 4) + (i & 0x3) for bi where i < 4,
        // ... + 16 for bi where i >= 4"
        (32, 8) => t * 4 + (i & 3) + if i >= 4 { 16 } else { 0 },
        _ => unreachable!(),
    };
    // "col = groupID"
    (row, g)
}

/// C and D: "row = groupID for ci where i < 2, groupID + 8 for ci where
/// i >= 2; col = (threadID_in_group * 2) + (i & 0x1)".
fn c_place(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane % 4);
    (if i < 2 { g } else { g + 8 }, t * 2 + (i & 1))
}

/// Lane-major words: lane `l`'s `regs` registers at `l * regs`, elements
/// of `bits` packed low to high.
fn pack(
    elems: usize,
    bits: usize,
    mat: &[u32],
    cols: usize,
    place: impl Fn(usize, usize) -> (usize, usize),
) -> Vec<u32> {
    let per = 32 / bits;
    let regs = elems / per;
    let mut words = vec![0u32; 32 * regs];
    for lane in 0..32 {
        for i in 0..elems {
            let (r, c) = place(lane, i);
            let mask = if bits == 32 {
                u32::MAX
            } else {
                (1 << bits) - 1
            };
            words[lane * regs + i / per] |= (mat[r * cols + c] & mask) << ((i % per) * bits);
        }
    }
    words
}

fn unpack_d(words: &[u32], acc: Acc) -> Vec<u32> {
    let (bits, per) = (acc.bits(), 32 / acc.bits());
    let regs = 4 / per;
    let mut d = vec![0u32; M * N];
    for lane in 0..32 {
        for i in 0..4 {
            let (r, c) = c_place(lane, i);
            let w = words[lane * regs + i / per];
            d[r * N + c] = if bits == 32 {
                w
            } else {
                (w >> ((i % per) * bits)) & 0xffff
            };
        }
    }
    d
}

/// One shape and type combination.
#[derive(Clone, Copy, Debug)]
struct Case {
    k: usize,
    ab: Ab,
    /// B's type: `ab`, except for mixed FP8 (`.e4m3.e5m2`, `.e5m2.e4m3`).
    b: Ab,
    acc: Acc,
    satfinite: bool,
}

impl Case {
    fn new(k: usize, ab: Ab, acc: Acc) -> Case {
        Case::mixed(k, ab, ab, acc)
    }
    fn mixed(k: usize, ab: Ab, b: Ab, acc: Acc) -> Case {
        Case {
            k,
            ab,
            b,
            acc,
            satfinite: false,
        }
    }
    fn opcode(&self) -> String {
        let (a, b, c) = (self.ab.name(), self.b.name(), self.acc.name());
        let sat = if self.satfinite { ".satfinite" } else { "" };
        format!(
            "mma.sync.aligned.m16n8k{}.row.col{sat}.{c}.{a}.{b}.{c}",
            self.k
        )
    }
    fn regs(&self) -> (usize, usize, usize) {
        let per = 32 / self.ab.bits();
        (
            M * self.k / 32 / per,
            self.k * N / 32 / per,
            4 * self.acc.bits() / 32,
        )
    }
    /// The kernel: each thread loads its registers, runs the mma, stores D.
    fn kernel(&self, target: &str) -> String {
        let (na, nb, nc) = self.regs();
        let cty = match self.acc {
            Acc::F32 => "f32",
            Acc::F16 => "b32",
            Acc::S32 => "s32",
        };
        let list = |p: &str, n: usize| -> String {
            (0..n)
                .map(|i| format!("%{p}{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut body = String::new();
        for (p, n, ty) in [("a", na, "b32"), ("b", nb, "b32"), ("c", nc, "b32")] {
            body += &format!(
                "    ld.param.u64 %p, [{p}];\n    mul.wide.u32 %o, %l, {};\n    add.u64 %p, %p, %o;\n",
                4 * n
            );
            for i in 0..n {
                body += &format!("    ld.global.{ty} %{p}{i}, [%p+{}];\n", 4 * i);
            }
        }
        body += &format!(
            "    {} {{{}}}, {{{}}}, {{{}}}, {{{}}};\n",
            self.opcode(),
            list("d", nc),
            list("a", na),
            list("b", nb),
            list("c", nc)
        );
        body += &format!(
            "    ld.param.u64 %p, [d];\n    mul.wide.u32 %o, %l, {};\n    add.u64 %p, %p, %o;\n",
            4 * nc
        );
        for i in 0..nc {
            body += &format!("    st.global.b32 [%p+{}], %d{i};\n", 4 * i);
        }
        format!(
            ".version 8.7\n.target {target}\n.address_size 64\n\n\
             .visible .entry mma_test(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{{\n\
             \x20   .reg .b32 %a<{na}>, %b<{nb}>;\n    .reg .{cty} %c<{nc}>, %d<{nc}>;\n\
             \x20   .reg .u32 %l;\n    .reg .u64 %p, %o;\n    mov.u32 %l, %laneid;\n{body}    ret;\n}}\n"
        )
    }
}

fn hex(words: &[u32]) -> String {
    words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Runs `case` on `device` with the matrices A (16×k), B (k×8), C (16×8)
/// as register bits; D as bits, or the error output.
fn run(
    case: &Case,
    target: &str,
    device: &str,
    a: &[u32],
    b: &[u32],
    c: &[u32],
) -> Result<Vec<u32>, String> {
    run_words(
        case,
        target,
        device,
        &pack_a(case, a),
        &pack_b(case, b),
        &pack_c(case, c),
    )
}

fn pack_a(case: &Case, a: &[u32]) -> Vec<u32> {
    let (k, ab) = (case.k, case.ab);
    pack(M * k / 32, ab.bits(), a, k, |l, i| a_place(k, ab, l, i))
}

fn pack_b(case: &Case, b: &[u32]) -> Vec<u32> {
    let (k, ab) = (case.k, case.b);
    pack(k * N / 32, ab.bits(), b, N, |l, i| b_place(k, ab, l, i))
}

fn pack_c(case: &Case, c: &[u32]) -> Vec<u32> {
    pack(4, case.acc.bits(), c, N, c_place)
}

fn run_words(
    case: &Case,
    target: &str,
    device: &str,
    a: &[u32],
    b: &[u32],
    c: &[u32],
) -> Result<Vec<u32>, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mma.ptx");
    std::fs::write(&path, case.kernel(target)).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args([
            "run",
            path.to_str().unwrap(),
            "--block",
            "32",
            "--device",
            device,
        ])
        .args(["--set", "a=0x100000", "--set", "b=0x200000"])
        .args(["--set", "c=0x300000", "--set", "d=0x400000"])
        .args(["--mem", &format!("0x100000={}", hex(a))])
        .args(["--mem", &format!("0x200000={}", hex(b))])
        .args(["--mem", &format!("0x300000={}", hex(c))])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    if o.status.code() != Some(0) {
        return Err(stderr);
    }
    let line = stdout
        .lines()
        .find(|l| l.starts_with("mem[0x400000.."))
        .unwrap_or_else(|| panic!("no D in {stdout}"));
    let bytes: Vec<u8> = line
        .split(" = ")
        .nth(1)
        .unwrap()
        .split(' ')
        .map(|h| u8::from_str_radix(h, 16).unwrap())
        .collect();
    let words: Vec<u32> = bytes
        .chunks(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    assert_eq!(words.len(), 32 * case.regs().2);
    Ok(unpack_d(&words, case.acc))
}

/// Small integers: A[i][t], B[t][j], C[i][j], and D by integer arithmetic.
fn small_integers(case: &Case) -> (Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>) {
    let k = case.k;
    let unsigned = case.ab == Ab::U8;
    let av = |i: usize, t: usize| -> i64 {
        let v = ((i * 5 + t * 3 + 1) % 7) as i64;
        if unsigned {
            v
        } else {
            v - 3
        }
    };
    let bv = |t: usize, j: usize| -> i64 {
        let v = ((t * 3 + j * 5 + 2) % 5) as i64;
        if unsigned {
            v
        } else {
            v - 2
        }
    };
    let cv = |i: usize, j: usize| i as i64 - 2 * j as i64;
    let a: Vec<u32> = (0..M * k)
        .map(|x| case.ab.encode(av(x / k, x % k) as f64))
        .collect();
    let b: Vec<u32> = (0..k * N)
        .map(|x| case.b.encode(bv(x / N, x % N) as f64))
        .collect();
    let c: Vec<u32> = (0..M * N)
        .map(|x| case.acc.encode(cv(x / N, x % N) as f64))
        .collect();
    let d: Vec<u32> = (0..M * N)
        .map(|x| {
            let (i, j) = (x / N, x % N);
            let s: i64 = (0..k).map(|t| av(i, t) * bv(t, j)).sum::<i64>() + cv(i, j);
            case.acc.encode(s as f64)
        })
        .collect();
    (a, b, c, d)
}

fn all_float_cases() -> Vec<(Case, &'static str, &'static [&'static str])> {
    const AMPERE_ON: &[&str] = &["sm_80", "sm_86", "sm_89", "sm_90", "sm_100"];
    const FP8_ON: &[&str] = &["sm_89", "sm_90", "sm_100"];
    const FP8_F16_ON: &[&str] = &["sm_89", "sm_90", "sm_100"];
    vec![
        (Case::new(16, Ab::F16, Acc::F32), "sm_80", AMPERE_ON),
        (Case::new(16, Ab::F16, Acc::F16), "sm_80", AMPERE_ON),
        (Case::new(16, Ab::Bf16, Acc::F32), "sm_80", AMPERE_ON),
        (Case::new(8, Ab::F16, Acc::F32), "sm_80", AMPERE_ON),
        (Case::new(8, Ab::F16, Acc::F16), "sm_80", AMPERE_ON),
        (Case::new(8, Ab::Bf16, Acc::F32), "sm_80", AMPERE_ON),
        (Case::new(8, Ab::Tf32, Acc::F32), "sm_80", AMPERE_ON),
        (Case::new(4, Ab::Tf32, Acc::F32), "sm_80", AMPERE_ON),
        (Case::new(32, Ab::E4m3, Acc::F32), "sm_89", FP8_ON),
        (Case::new(32, Ab::E5m2, Acc::F32), "sm_89", FP8_ON),
        // Mixed FP8 (".f8type" for each of A and B).
        (
            Case::mixed(32, Ab::E4m3, Ab::E5m2, Acc::F32),
            "sm_89",
            FP8_ON,
        ),
        (
            Case::mixed(32, Ab::E5m2, Ab::E4m3, Acc::F32),
            "sm_89",
            FP8_ON,
        ),
        // FP8 -> f16: Ada's model, and the two-pass fp16 rule of Hopper
        // and Blackwell (both fitted on the published measurements).
        (Case::new(32, Ab::E4m3, Acc::F16), "sm_89", FP8_F16_ON),
        (
            Case::mixed(32, Ab::E5m2, Ab::E4m3, Acc::F16),
            "sm_89",
            FP8_F16_ON,
        ),
    ]
}

/// Every shape and type on every device whose model has it: D exact.
#[test]
fn small_integers_are_exact_on_every_device() {
    for (case, target, devices) in all_float_cases() {
        let (a, b, c, want) = small_integers(&case);
        for device in devices {
            let d = run(&case, target, device, &a, &b, &c)
                .unwrap_or_else(|e| panic!("{} on {device}: {e}", case.opcode()));
            assert_eq!(d, want, "{} on {device}", case.opcode());
        }
    }
}

/// `.s8`/`.u8`: the exact integer dot product, wrapped, or clamped with
/// `.satfinite` (Rust's i64 arithmetic is the oracle).
#[test]
fn integer_mma_is_exact_and_satfinite_clamps() {
    for (ab, sat) in [(Ab::S8, false), (Ab::U8, false), (Ab::S8, true)] {
        let case = Case {
            satfinite: sat,
            ..Case::new(32, ab, Acc::S32)
        };
        let (a, b, c, want) = small_integers(&case);
        let d = run(&case, "sm_80", "sm_80", &a, &b, &c).unwrap();
        assert_eq!(d, want, "{}", case.opcode());
    }
    // Extreme values: -128 * -128 * 32 + c near the s32 limits.
    for sat in [false, true] {
        let case = Case {
            satfinite: sat,
            ..Case::new(32, Ab::S8, Acc::S32)
        };
        let a = vec![0x80u32; M * 32];
        let b = vec![0x80u32; 32 * N];
        let c: Vec<u32> = (0..M * N)
            .map(|x| if x % 2 == 0 { i32::MAX - 5 } else { i32::MIN + 5 } as u32)
            .collect();
        let d = run(&case, "sm_80", "sm_90", &a, &b, &c).unwrap();
        for (x, &got) in d.iter().enumerate() {
            let exact = 128i64 * 128 * 32 + i64::from(c[x] as i32);
            let want = if sat {
                exact.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
            } else {
                exact as i32 // wrapped: the low 32 bits
            };
            assert_eq!(got as i32, want, "satfinite {sat}, element {x}");
        }
    }
}

/// A deterministic value of `ab` with its exponent in [-6, 6] and a full
/// significand: products and the chained sums then lose bits to each
/// model's alignment and truncation.
fn spread_value(ab: Ab, seed: usize) -> f64 {
    let h = (seed as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20;
    let frac_bits = match ab {
        Ab::F16 | Ab::Tf32 => 10,
        Ab::Bf16 => 7,
        Ab::E4m3 => 3,
        _ => 2,
    };
    let frac = (h & ((1 << frac_bits) - 1)) as f64 / (1u64 << frac_bits) as f64;
    let e = ((h >> 12) % 13) as i32 - 6;
    let sign = if (h >> 30) & 1 == 1 { -1.0 } else { 1.0 };
    sign * (1.0 + frac) * 2f64.powi(e)
}

/// Each GPU's alignment and truncation: every element of D is the
/// tensor-core model's dot product of its row of A and column of B with
/// its C (the model called here directly), and some elements differ from
/// the correctly rounded result (so the case exercises the model).
#[test]
fn each_gpu_model_decides_the_rounding() {
    for (case, target, devices) in all_float_cases() {
        let k = case.k;
        let a: Vec<f64> = (0..M * k).map(|x| spread_value(case.ab, x)).collect();
        let b: Vec<f64> = (0..k * N).map(|x| spread_value(case.b, 7919 + x)).collect();
        // C: an f32 (or f16) value with a full significand.
        let c: Vec<f64> = (0..M * N)
            .map(|x| {
                let v = spread_value(Ab::F16, 104_729 + x);
                match case.acc {
                    Acc::F32 => v * (1.0 + 2f64.powi(-20)),
                    _ => v,
                }
            })
            .collect();
        let ab: Vec<u32> = a.iter().map(|&v| case.ab.encode(v)).collect();
        let bb: Vec<u32> = b.iter().map(|&v| case.b.encode(v)).collect();
        let cb: Vec<u32> = c.iter().map(|&v| case.acc.encode(v)).collect();
        for device in devices {
            let gpu = Gpu::parse(device).unwrap();
            let out = match case.acc {
                Acc::F16 => OutFormat::F16,
                _ => OutFormat::F32,
            };
            let (input, b_input) = (case.ab.format().unwrap(), case.b.format().unwrap());
            // FP8 on Hopper: mma.sync's own rule (SyncFp8, measured on an
            // H200), not the published FP8 model (wgmma's).
            let sync = SyncFp8::mixed(gpu, input, b_input, out).unwrap();
            let model = Model::mixed(gpu, input, b_input, out);
            let d = run(&case, target, device, &ab, &bb, &cb)
                .unwrap_or_else(|e| panic!("{} on {device}: {e}", case.opcode()));
            let mut differs = 0;
            for i in 0..M {
                for j in 0..N {
                    let row: Vec<u32> =
                        (0..k).map(|t| case.ab.model_input(ab[i * k + t])).collect();
                    let col: Vec<u32> = (0..k).map(|t| case.b.model_input(bb[t * N + j])).collect();
                    let want = match &sync {
                        Some(s) => s.dot(&row, &col, cb[i * N + j]).unwrap(),
                        None => model
                            .as_ref()
                            .unwrap()
                            .dot(&row, &col, cb[i * N + j])
                            .unwrap(),
                    };
                    assert_eq!(
                        d[i * N + j],
                        want,
                        "{} on {device} ({gpu:?}): D[{i}][{j}]",
                        case.opcode()
                    );
                    // The exact sum fits in f64 here (products of two
                    // 11-bit significands with exponents in [-12, 12], and
                    // c): `as f32` rounds it once to nearest.
                    let exact: f64 =
                        (0..k).map(|t| a[i * k + t] * b[t * N + j]).sum::<f64>() + c[i * N + j];
                    if case.acc == Acc::F32 && want != (exact as f32).to_bits() {
                        differs += 1;
                    }
                }
            }
            if case.acc == Acc::F32 {
                assert!(
                    differs > 0,
                    "{} on {device}: no element differs from the correctly rounded D",
                    case.opcode()
                );
            }
        }
    }
}

/// A with a distinct value in every element: a transposed or shuffled
/// mapping of A's fragment gives another D, so the test of the layout is
/// sharp (the same inputs placed by a wrong layout fail).
#[test]
fn a_wrong_fragment_layout_gives_another_d() {
    let case = Case::new(16, Ab::F16, Acc::F32);
    let k = 16;
    // A[i][t] = i * 16 + t (exact in f16), B[t][j] = t - j, C = 0.
    let a: Vec<u32> = (0..M * k).map(|x| Ab::F16.encode(x as f64)).collect();
    let b: Vec<u32> = (0..k * N)
        .map(|x| Ab::F16.encode((x / N) as f64 - (x % N) as f64))
        .collect();
    let c = vec![0u32; M * N];
    let want: Vec<u32> = (0..M * N)
        .map(|x| {
            let (i, j) = (x / N, x % N);
            let s: i64 = (0..k as i64)
                .map(|t| (i as i64 * 16 + t) * (t - j as i64))
                .sum();
            (s as f32).to_bits()
        })
        .collect();
    assert_eq!(run(&case, "sm_80", "sm_90", &a, &b, &c).unwrap(), want);
    // Registers a0a1, a2a3 taken as row groupID's columns 0-7 and 8-15
    // (the order a row-major reading suggests; the ISA has a2a3 in row
    // groupID + 8): another D.
    let wrong = pack(M * k / 32, 16, &a, k, |l, i| {
        let (g, t) = (l >> 2, l % 4);
        (
            if i < 4 { g } else { g + 8 },
            t * 2 + (i & 1) + if (i / 2) % 2 == 1 { 8 } else { 0 },
        )
    });
    // A transposed (A's row as column): another D.
    let transposed = pack(M * k / 32, 16, &a, k, |l, i| {
        let (r, c) = a_place(16, Ab::F16, l, i);
        (c, r)
    });
    for bad in [wrong, transposed] {
        let d = run_words(
            &case,
            "sm_80",
            "sm_90",
            &bad,
            &pack_b(&case, &b),
            &pack_c(&case, &c),
        )
        .unwrap();
        assert_ne!(d, want);
    }
}

/// What the engine refuses, and why.
#[test]
fn refusals_name_the_reason() {
    let f16 = Case::new(16, Ab::F16, Acc::F32);
    let (a, b, c, _) = small_integers(&f16);
    // The shape needs sm_80 ("requires sm_80 or higher").
    let e = run(&f16, "sm_75", "sm_75", &a, &b, &c).unwrap_err();
    assert!(
        e.contains("requires sm_80 or higher") && e.contains("sm_75"),
        "{e}"
    );
    // FP8 needs sm_89.
    let fp8 = Case::new(32, Ab::E4m3, Acc::F32);
    let (a8, b8, c8, _) = small_integers(&fp8);
    let e = run(&fp8, "sm_80", "sm_80", &a8, &b8, &c8).unwrap_err();
    assert!(e.contains("requires sm_89 or higher"), "{e}");
    // (No format pair the engine decodes lacks a model on a device with
    // tensor cores: FP8 -> f16, once refused on sm_90, runs since the
    // two-pass fp16 rule; all_float_cases covers it.)
    // A device without a tensor-core model (sm_87).
    let e = run(&f16, "sm_80", "sm_87", &a, &b, &c).unwrap_err();
    assert!(
        e.contains("no tensor-core model for an sm_87 device"),
        "{e}"
    );
    // A .tf32 element with low bits set, on a device not measured with
    // them (the H200 is: see tf32_low_bits_are_ignored_on_sm_90).
    let tf = Case::new(8, Ab::Tf32, Acc::F32);
    let (mut at, bt, ct, _) = small_integers(&tf);
    at[5] |= 1;
    let e = run(&tf, "sm_80", "sm_80", &at, &bt, &ct).unwrap_err();
    assert!(
        e.contains("nonzero low 13 bits") && e.contains("cvt.rna.tf32.f32"),
        "{e}"
    );
}

/// On sm_90 a `.tf32` register's low 13 bits change nothing: an H200
/// (driver 13.0) gives, on 524,288 D registers of m16n8k8 with random low
/// bits, the D of the registers with them cleared (record
/// testdata/hw/nvidia-h200/mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32.low-bits-set.mma.json).
#[test]
fn tf32_low_bits_are_ignored_on_sm_90() {
    for k in [4, 8] {
        let tf = Case::new(k, Ab::Tf32, Acc::F32);
        let (at, bt, ct, want) = small_integers(&tf);
        let low = |v: &[u32], salt: usize| -> Vec<u32> {
            v.iter()
                .enumerate()
                .map(|(x, w)| w | ((x * 2654 + salt) as u32 & 0x1fff))
                .collect()
        };
        let (al, bl) = (low(&at, 1), low(&bt, 7));
        assert!(al.iter().chain(&bl).any(|w| w & 0x1fff != 0));
        for device in ["sm_90", "sm_90a"] {
            let d = run(&tf, "sm_80", device, &al, &bl, &ct).unwrap();
            assert_eq!(d, want, "k{k} on {device}");
        }
    }
}

/// Fewer than 32 threads: mma.sync needs the whole warp.
#[test]
fn a_partial_warp_is_refused() {
    let case = Case::new(16, Ab::F16, Acc::F32);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mma.ptx");
    std::fs::write(&path, case.kernel("sm_80")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["run", path.to_str().unwrap(), "--block", "16"])
        .args(["--set", "a=0x100000", "--set", "b=0x200000"])
        .args([
            "--set",
            "c=0x300000",
            "--set",
            "d=0x400000",
            "--check-memory",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr.contains("needs all 32 threads of the warp"),
        "{stderr}"
    );
}

/// `ptxfp check` accepts the kernels.
#[test]
fn check_accepts_mma_kernels() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases: Vec<(Case, &str)> = all_float_cases()
        .into_iter()
        .map(|(c, t, _)| (c, t))
        .collect();
    cases.push((Case::new(32, Ab::S8, Acc::S32), "sm_80"));
    cases.push((
        Case {
            satfinite: true,
            ..Case::new(32, Ab::U8, Acc::S32)
        },
        "sm_80",
    ));
    for (case, target) in cases {
        let path = dir.path().join("mma.ptx");
        std::fs::write(&path, case.kernel(target)).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
            .args(["check", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}: {}{}",
            case.opcode(),
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// `.f64` (m8n8k4 on sm_80; m16n8k4/k8/k16 on sm_90): the registers
/// placed by 9.7.14.5.2 and 9.7.14.5.6 to 9.7.14.5.8's `.f64` formulas,
/// transcribed here; each element of D the chain of fused multiply-adds
/// from C over k in order, by the host's `f64::mul_add`: "Precision of the
/// element-wise multiplication and addition operation is identical to
/// that of .f64 precision fused multiply-add". The order is measured for
/// m8n8k4 (an H200, docs/ENGINE.md); the m16n8 shapes take the same one.
#[test]
fn f64_mma_is_a_chain_of_fused_multiply_adds() {
    // Values whose products and sums round: thirds, tenths, large and
    // small magnitudes, signs.
    let val = |s: usize| -> f64 {
        let h = (s as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 24;
        let x = (h % 1000) as f64 / 3.0 + 0.1;
        let e = ((h >> 12) % 41) as i32 - 20;
        if (h >> 20) & 1 == 1 {
            -x * 2f64.powi(e)
        } else {
            x * 2f64.powi(e)
        }
    };
    for (m, k) in [(8usize, 4usize), (16, 4), (16, 8), (16, 16)] {
        // (row, col) of element i of lane l's A, B and C, as printed.
        let a_place = |l: usize, i: usize| -> (usize, usize) {
            let (g, t) = (l >> 2, l % 4);
            match (m, k) {
                // m8n8k4: "row = %laneid >> 2, col = %laneid % 4"
                (8, _) => (g, t),
                // "row = groupID for a0, groupID + 8 for a1; col = threadID_in_group"
                (_, 4) => (if i == 0 { g } else { g + 8 }, t),
                // "row = groupID for a0 and a2, groupID + 8 for a1 and a3; col =
                // threadID_in_group for a0 and a1, threadID_in_group + 4 for a2 and a3"
                (_, 8) => (
                    if i.is_multiple_of(2) { g } else { g + 8 },
                    if i < 2 { t } else { t + 4 },
                ),
                // "row = groupID for ai where i % 2 = 0, groupID + 8 Otherwise; col =
                // (i * 2) + threadID_in_group for ai where i % 2 = 0, (i * 2) - 2 +
                // (threadID_in_group Otherwise"
                _ => {
                    if i.is_multiple_of(2) {
                        (g, i * 2 + t)
                    } else {
                        (g + 8, i * 2 - 2 + t)
                    }
                }
            }
        };
        // m8n8k4 "row = %laneid % 4, col = %laneid >> 2"; k4 "row =
        // threadID_in_group"; k8 "row = threadID_in_group for b0,
        // threadID_in_group + 4 for b1"; k16 "row = threadID_in_group + (i *
        // 4)"; "col = groupID".
        let b_place = |l: usize, i: usize| -> (usize, usize) { (l % 4 + 4 * i, l >> 2) };
        // "row = groupID for ci where i < 2, groupID + 8 for ci where i >= 2;
        // col = (threadID_in_group * 2) + (i & 0x1)" (m8n8k4: i < 2 only).
        let c_place = |l: usize, i: usize| -> (usize, usize) {
            let (g, t) = (l >> 2, l % 4);
            (if i < 2 { g } else { g + 8 }, t * 2 + (i & 1))
        };
        let (na, nb, nc) = (m * k / 32, k * 8 / 32, m * 8 / 32);
        let a: Vec<f64> = (0..m * k).map(|x| val(x + 7 * k + m)).collect();
        let b: Vec<f64> = (0..k * 8).map(|x| val(5000 + x + k + m)).collect();
        let c: Vec<f64> = (0..m * 8).map(|x| val(9000 + x + m)).collect();
        let (mut la, mut lb, mut lc) = (
            vec![0f64; 32 * na],
            vec![0f64; 32 * nb],
            vec![0f64; 32 * nc],
        );
        for l in 0..32 {
            for i in 0..na {
                let (r, col) = a_place(l, i);
                la[l * na + i] = a[r * k + col];
            }
            for i in 0..nb {
                let (r, col) = b_place(l, i);
                lb[l * nb + i] = b[r * 8 + col];
            }
            for i in 0..nc {
                let (r, col) = c_place(l, i);
                lc[l * nc + i] = c[r * 8 + col];
            }
        }
        let (header, device) = if m == 8 {
            (".version 7.0\n.target sm_80", "sm_80")
        } else {
            (".version 7.8\n.target sm_90", "sm_90")
        };
        let src = common::warp_kernel(
            header,
            &format!("mma.sync.aligned.m{m}n8k{k}.row.col.f64.f64.f64.f64"),
            (nc, "f64"),
            &[("a", na, "f64"), ("b", nb, "f64"), ("c", nc, "f64")],
        );
        let bytes =
            |w: &[f64]| -> Vec<u8> { w.iter().flat_map(|v| v.to_bits().to_le_bytes()).collect() };
        let got = common::run_warp(
            &src,
            device,
            &["a", "b", "c"],
            &[bytes(&la), bytes(&lb), bytes(&lc)],
            32 * nc * 8,
        )
        .unwrap_or_else(|e| panic!("m{m}k{k}: {e}"));
        let mut naive_differs = 0;
        for l in 0..32 {
            for i in 0..nc {
                let (r, col) = c_place(l, i);
                let mut want = c[r * 8 + col];
                let mut naive = want;
                for t in 0..k {
                    want = a[r * k + t].mul_add(b[t * 8 + col], want);
                    naive += a[r * k + t] * b[t * 8 + col];
                }
                let at = (l * nc + i) * 8;
                let d = u64::from_le_bytes(got[at..at + 8].try_into().unwrap());
                assert_eq!(d, want.to_bits(), "m{m}k{k} D[{r}][{col}]");
                naive_differs += usize::from(naive.to_bits() != want.to_bits());
            }
        }
        // The inputs tell a fused chain from separate multiplies and adds.
        assert!(naive_differs > 0, "m{m}k{k}");
    }
}

/// `mma.sync.aligned.m8n8k4.{row,col}.{row,col}.DTYPE.f16.f16.CTYPE`: four
/// independent 8×8×4 products, computation q on lanes 4q..4q+3 and
/// 16+4q..16+4q+3 (9.7.14.5.1), the fragments placed by the section's
/// formulas transcribed here. Small integers are exact in every model
/// (D = the integer product, each computation its own); values whose sums
/// round must give `Model::gemm` of the device's GPU element by element.
#[test]
fn m8n8k4_f16_is_four_products_in_every_layout() {
    // (row, col) in the computation's A (8x4), B (4x8) and C (8x8).
    let a_place = |row_major: bool, l: usize, i: usize| -> (usize, usize) {
        let hi = if l < 16 { 0 } else { 4 };
        if row_major {
            (l % 4 + hi, i) // "row = %laneid % 4 ... + 4 otherwise; col = i"
        } else {
            (i % 4 + hi, l % 4) // "row = i % 4 ... + 4 otherwise; col = %laneid % 4"
        }
    };
    let b_place = |row_major: bool, l: usize, i: usize| -> (usize, usize) {
        let hi = if l < 16 { 0 } else { 4 };
        if row_major {
            (l % 4, i + hi) // "row = %laneid % 4; col = i ... i+4 otherwise"
        } else {
            (i, l % 4 + hi) // "row = i; col = %laneid % 4 ... + 4 otherwise"
        }
    };
    let c_place = |f16: bool, l: usize, i: usize| -> (usize, usize) {
        let hi = if l < 16 { 0 } else { 4 };
        if f16 {
            (l % 4 + hi, i) // "row = %laneid % 4 ...; col = i"
        } else {
            // "X = (%laneid & 0b1) + (i & 0b10)"; "col = (i & 0b100) +
            // (%laneid & 0b10) + (i & 0b1)"
            ((l & 1) + (i & 2) + hi, (i & 4) + (l & 2) + (i & 1))
        }
    };
    let h = |v: f32| InFormat::F16.from_f32_bits(v.to_bits()).unwrap();
    let run884 = |a_row: bool,
                  b_row: bool,
                  dty: &str,
                  cty: &str,
                  device: &str,
                  a: &[Vec<u32>],
                  b: &[Vec<u32>],
                  c: &[Vec<u32>]|
     -> Result<Vec<Vec<u32>>, String> {
        let (cf16, df16) = (cty == "f16", dty == "f16");
        let (nc, nd) = (if cf16 { 4 } else { 8 }, if df16 { 4 } else { 8 });
        // Lane registers: A, B two .f16x2; C four .f16x2 or eight .f32.
        let mut la = vec![0u32; 64];
        let mut lb = vec![0u32; 64];
        let mut lc = vec![0u32; 32 * nc];
        for l in 0..32 {
            let q = (l % 16) / 4;
            for i in 0..4 {
                let (r, col) = a_place(a_row, l, i);
                la[l * 2 + i / 2] |= a[q][r * 4 + col] << (16 * (i % 2));
                let (r, col) = b_place(b_row, l, i);
                lb[l * 2 + i / 2] |= b[q][r * 8 + col] << (16 * (i % 2));
            }
            for i in 0..8 {
                let (r, col) = c_place(cf16, l, i);
                if cf16 {
                    lc[l * 4 + i / 2] |= c[q][r * 8 + col] << (16 * (i % 2));
                } else {
                    lc[l * 8 + i] = c[q][r * 8 + col];
                }
            }
        }
        let (al, bl) = (
            if a_row { "row" } else { "col" },
            if b_row { "row" } else { "col" },
        );
        let (creg, dreg) = (
            if cf16 { "b32" } else { "f32" },
            if df16 { "b32" } else { "f32" },
        );
        let src = common::warp_kernel(
            ".version 6.4\n.target sm_70",
            &format!("mma.sync.aligned.m8n8k4.{al}.{bl}.{dty}.f16.f16.{cty}"),
            (nd, dreg),
            &[("a", 2, "b32"), ("b", 2, "b32"), ("c", nc, creg)],
        );
        let bytes = common::run_warp(
            &src,
            device,
            &["a", "b", "c"],
            &[common::words(&la), common::words(&lb), common::words(&lc)],
            4 * 32 * nd,
        )?;
        let words = common::u32s(&bytes);
        let mut d = vec![vec![0u32; 64]; 4];
        for l in 0..32 {
            let q = (l % 16) / 4;
            for i in 0..8 {
                let (r, col) = c_place(df16, l, i);
                d[q][r * 8 + col] = if df16 {
                    words[l * 4 + i / 2] >> (16 * (i % 2)) & 0xffff
                } else {
                    words[l * 8 + i]
                };
            }
        }
        Ok(d)
    };
    // Small integers: each computation its own values.
    let av = |q: usize, i: usize, t: usize| ((q * 3 + i * 5 + t * 7) % 9) as f32 - 4.0;
    let bv = |q: usize, t: usize, j: usize| ((q * 5 + t * 3 + j * 2) % 7) as f32 - 3.0;
    let cv = |q: usize, i: usize, j: usize| ((q + i * 3 + j * 5) % 11) as f32 - 5.0;
    let a: Vec<Vec<u32>> = (0..4)
        .map(|q| (0..32).map(|x| h(av(q, x / 4, x % 4))).collect())
        .collect();
    let b: Vec<Vec<u32>> = (0..4)
        .map(|q| (0..32).map(|x| h(bv(q, x / 8, x % 8))).collect())
        .collect();
    for (dty, cty) in [("f16", "f16"), ("f32", "f32"), ("f32", "f16")] {
        let c: Vec<Vec<u32>> = (0..4)
            .map(|q| {
                (0..64)
                    .map(|x| {
                        let v = cv(q, x / 8, x % 8);
                        if cty == "f16" {
                            h(v)
                        } else {
                            v.to_bits()
                        }
                    })
                    .collect()
            })
            .collect();
        for a_row in [true, false] {
            for b_row in [true, false] {
                let d = run884(a_row, b_row, dty, cty, "sm_70", &a, &b, &c).unwrap();
                for (q, d) in d.iter().enumerate() {
                    for i in 0..8 {
                        for j in 0..8 {
                            let want = (0..4).map(|t| av(q, i, t) * bv(q, t, j)).sum::<f32>()
                                + cv(q, i, j);
                            let want = if dty == "f16" {
                                h(want)
                            } else {
                                want.to_bits()
                            };
                            assert_eq!(
                                d[i * 8 + j],
                                want,
                                "{a_row} {b_row} .{dty}.{cty} q{q} D[{i}][{j}]"
                            );
                        }
                    }
                }
            }
        }
    }
    // Values whose sums round. On sm_70, D is the V100 tensor-core model,
    // element by element. On later GPUs it is `.f32` arithmetic rounded at
    // every step (measured on an H200: docs/TENSOR_CORES.md "Volta's
    // m8n8k4 on later GPUs"), computed here with the host's own IEEE
    // `f32` and an f64 round-to-nearest-even to `.f16`.
    let a: Vec<Vec<u32>> = (0..4)
        .map(|q| {
            (0..32)
                .map(|x| Ab::F16.encode(spread_value(Ab::F16, 100 * q + x)))
                .collect()
        })
        .collect();
    let b: Vec<Vec<u32>> = (0..4)
        .map(|q| {
            (0..32)
                .map(|x| Ab::F16.encode(spread_value(Ab::F16, 900 + 100 * q + x)))
                .collect()
        })
        .collect();
    let c32: Vec<Vec<u32>> = (0..4)
        .map(|q| {
            (0..64)
                .map(|x| (spread_value(Ab::F16, 5000 + 100 * q + x) as f32).to_bits())
                .collect()
        })
        .collect();
    // A C of .f16 values (spread_value's have 10 fraction bits).
    let c16: Vec<Vec<u32>> = c32
        .iter()
        .map(|q| {
            q.iter()
                .map(|&x| Ab::F16.encode(f32::from_bits(x) as f64))
                .collect()
        })
        .collect();
    let d = run884(true, false, "f32", "f32", "sm_70", &a, &b, &c32).unwrap();
    let v100 = Model::new(Gpu::V100, InFormat::F16, OutFormat::F32).unwrap();
    for q in 0..4 {
        let fa: Vec<u32> = a[q].iter().map(|&x| Ab::F16.model_input(x)).collect();
        let fb: Vec<u32> = b[q].iter().map(|&x| Ab::F16.model_input(x)).collect();
        assert_eq!(
            d[q],
            v100.gemm(ptxfp_tc::Gemm::new((8, 8, 4), &fa, &fb, &c32[q]).unwrap())
                .unwrap(),
            "sm_70 q{q}"
        );
    }
    let f = |h: u32| f32::from_bits(Ab::F16.model_input(h));
    let to_f16 = |x: f32| -> u32 {
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
    };
    for device in ["sm_80", "sm_90"] {
        for (dty, cty, c) in [
            ("f32", "f32", &c32),
            ("f32", "f16", &c16),
            ("f16", "f16", &c16),
        ] {
            let d = run884(true, false, dty, cty, device, &a, &b, c).unwrap();
            let mut rounded = 0;
            for q in 0..4 {
                for i in 0..8 {
                    for j in 0..8 {
                        let p: Vec<f32> = (0..4)
                            .map(|t| f(a[q][i * 4 + t]) * f(b[q][t * 8 + j]))
                            .collect();
                        let cij = if cty == "f16" {
                            f(c[q][i * 8 + j])
                        } else {
                            f32::from_bits(c[q][i * 8 + j])
                        };
                        let want = if dty == "f32" {
                            (cij + (((p[0] + p[1]) + p[2]) + p[3])).to_bits()
                        } else {
                            to_f16((cij + (p[0] + p[1])) + (p[2] + p[3]))
                        };
                        assert_eq!(
                            d[q][i * 8 + j],
                            want,
                            "{device} .{dty}.{cty} q{q} D[{i}][{j}]"
                        );
                        let exact = (0..4).map(|t| f64::from(p[t])).sum::<f64>() + f64::from(cij);
                        rounded +=
                            usize::from(f64::from(f32::from_bits(want)) != exact && dty == "f32");
                    }
                }
            }
            // The case exercises the rounding.
            assert!(dty == "f16" || rounded > 0, "{device} .{dty}.{cty}");
        }
    }
    // An .f32 C with an .f16 D: refused, saying why.
    let c = vec![vec![0u32; 64]; 4];
    let e = run884(true, true, "f16", "f32", "sm_70", &a, &b, &c).unwrap_err();
    assert!(e.contains("where C is rounded"), "{e}");
}
