//! `ldmatrix`, `stmatrix`, `movmatrix` and `wmma` in `ptxfp run`: each
//! form runs a kernel written by hand in the shape nvcc emits (or one of
//! examples/kernels), and the expected memory is computed here on its own.
//!
//! Oracles: for `ldmatrix`/`stmatrix`/`movmatrix`, the PTX ISA's words
//! transcribed at the word level ("A group of four threads loads an
//! entire row of the matrix": lanes `4i..4i+3` hold row `i`'s 16 bytes in
//! order; ".trans ... column-major": row address `c` starts column `c`),
//! not the engine's element loops. For `wmma` and `mma.sync` fed by
//! `ldmatrix`: straightforward matrix products in Rust integers of small
//! integers, exact in every format and every tensor-core model, so the
//! result does not depend on the (unspecified) fragment layout; and where
//! rounding decides, `ptxfp_tc::Model::dot` on each row and column (the
//! tensor-core model validated on GPU records, docs/TENSOR_CORES.md).

use ptxfp_tc::{f32_to_f16_bits_rne, Gpu, InFormat, Model, OutFormat};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/kernels")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Runs `ptxfp run FILE ARGS`: the bytes of memory it prints, or stderr.
fn run_file(file: &str, args: &[String]) -> Result<BTreeMap<u64, u8>, String> {
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .arg("run")
        .arg(file)
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    if o.status.code() != Some(0) {
        return Err(stderr);
    }
    assert!(!stderr.contains("warning"), "{stderr}");
    let mut mem = BTreeMap::new();
    for line in stdout.lines().filter(|l| l.starts_with("mem[0x")) {
        let start = u64::from_str_radix(&line[6..line.find("..").unwrap()], 16).unwrap();
        let bytes = line.split(" = ").nth(1).unwrap().split(' ');
        for (i, b) in bytes.enumerate() {
            mem.insert(start + i as u64, u8::from_str_radix(b, 16).unwrap());
        }
    }
    Ok(mem)
}

/// Runs kernel text.
fn run_src(src: &str, args: &[String]) -> Result<BTreeMap<u64, u8>, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ptx");
    std::fs::write(&path, src).unwrap();
    run_file(path.to_str().unwrap(), args)
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn mem(addr: u64, bytes: &[u8]) -> Vec<String> {
    vec!["--mem".into(), format!("{addr:#x}={}", hex(bytes))]
}

fn byte(m: &BTreeMap<u64, u8>, a: u64) -> u8 {
    *m.get(&a).unwrap_or_else(|| panic!("no byte at {a:#x}"))
}

fn word(m: &BTreeMap<u64, u8>, a: u64) -> u32 {
    u32::from_le_bytes([byte(m, a), byte(m, a + 1), byte(m, a + 2), byte(m, a + 3)])
}

/// A small deterministic generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() as i64) % (hi - lo + 1)
    }
}

fn f16(v: i64) -> u16 {
    f32_to_f16_bits_rne((v as f32).to_bits())
}

// ---------------------------------------------------------------------
// ldmatrix, stmatrix, movmatrix
// ---------------------------------------------------------------------

/// The row addresses, as offsets in the 2048-byte shared tile: each lane's
/// row at a scattered 16-byte slot ("Consecutive instances of row need not
/// be stored contiguously in memory").
fn row_offsets() -> Vec<u32> {
    (0..32u32).map(|i| 16 * ((i * 7 + 3) % 128)).collect()
}

fn regs(n: usize) -> String {
    (1..=n)
        .map(|i| format!("%r{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The warp stages `src` (2048 bytes) in shared memory, each lane takes its
/// row address `s + rows[lane]` and runs `ldmatrix`; lane `l` stores its
/// register `q` at `out + 16l + 4q`.
fn ldmatrix_kernel(num: usize, trans: bool) -> String {
    // With .trans, CUTLASS's order of the qualifiers (cute/arch/copy_sm75.hpp).
    let op = if trans {
        format!("ldmatrix.sync.aligned.x{num}.trans.m8n8.shared.b16")
    } else {
        format!("ldmatrix.sync.aligned.m8n8.x{num}.shared.b16")
    };
    let mut stores = String::new();
    for q in 0..num {
        stores += &format!("    st.global.u32 [%rd11+{}], %r{};\n", 4 * q, q + 1);
    }
    format!(
        ".version 7.8\n.target sm_80\n.address_size 64\n\n\
.visible .entry ld(.param .u64 src, .param .u64 rows, .param .u64 out)\n{{\n\
    .shared .align 16 .b8 s[2048];\n    .reg .b32 %r<8>;\n    .reg .b64 %rd<12>;\n\
    ld.param.u64 %rd1, [src];\n    ld.param.u64 %rd2, [rows];\n    ld.param.u64 %rd3, [out];\n\
    mov.u32 %r0, %tid.x;\n    mul.wide.u32 %rd4, %r0, 64;\n    add.s64 %rd5, %rd1, %rd4;\n\
    mov.u64 %rd6, s;\n    add.s64 %rd7, %rd6, %rd4;\n\
    ld.global.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd5];\n    st.shared.v4.u32 [%rd7], {{%r1, %r2, %r3, %r4}};\n\
    ld.global.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd5+16];\n    st.shared.v4.u32 [%rd7+16], {{%r1, %r2, %r3, %r4}};\n\
    ld.global.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd5+32];\n    st.shared.v4.u32 [%rd7+32], {{%r1, %r2, %r3, %r4}};\n\
    ld.global.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd5+48];\n    st.shared.v4.u32 [%rd7+48], {{%r1, %r2, %r3, %r4}};\n\
    bar.sync 0;\n    mul.wide.u32 %rd8, %r0, 4;\n    add.s64 %rd9, %rd2, %rd8;\n\
    ld.global.u32 %r5, [%rd9];\n    cvt.u64.u32 %rd10, %r5;\n    add.s64 %rd10, %rd6, %rd10;\n\
    {op} {{{}}}, [%rd10];\n\
    mul.wide.u32 %rd11, %r0, 16;\n    add.s64 %rd11, %rd3, %rd11;\n{stores}    ret;\n}}\n",
        regs(num)
    )
}

fn tile() -> Vec<u8> {
    (0..2048u32)
        .map(|i| (i * 37 + 11) as u8 ^ (i >> 8) as u8)
        .collect()
}

fn le_words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn u16_at(bytes: &[u8], a: usize) -> u32 {
    u32::from(bytes[a]) | u32::from(bytes[a + 1]) << 8
}

#[test]
fn ldmatrix_x1_x2_x4_and_trans_give_the_isa_fragments() {
    let s = tile();
    let rows = row_offsets();
    for num in [1, 2, 4] {
        for trans in [false, true] {
            let mut a = args(&["--block", "32", "--device", "sm_80"]);
            a.extend(args(&[
                "--set",
                "src=0x10000",
                "--set",
                "rows=0x20000",
                "--set",
                "out=0x30000",
            ]));
            a.extend(mem(0x10000, &s));
            a.extend(mem(0x20000, &le_words(&rows)));
            let m = run_src(&ldmatrix_kernel(num, trans), &a)
                .unwrap_or_else(|e| panic!("x{num} {trans}: {e}"));
            for l in 0..32usize {
                for q in 0..num {
                    let got = word(&m, 0x30000 + 16 * l as u64 + 4 * q as u64);
                    let want = if trans {
                        // Column c of matrix q starts at addr[8q + c]; lane l
                        // holds row l / 4, columns 2 (l % 4) and 2 (l % 4) + 1.
                        let half = |j: usize| {
                            u16_at(&s, rows[8 * q + 2 * (l % 4) + j] as usize + 2 * (l / 4))
                        };
                        half(0) | half(1) << 16
                    } else {
                        // Lanes 4i..4i+3 hold row i's 16 bytes, in order.
                        let at = rows[8 * q + l / 4] as usize + 4 * (l % 4);
                        u32::from_le_bytes([s[at], s[at + 1], s[at + 2], s[at + 3]])
                    };
                    assert_eq!(got, want, "x{num} trans {trans}: lane {l} r{q}");
                }
            }
        }
    }
}

/// Zeroes the shared tile, then each lane loads its registers from
/// `in + 16l` and runs `stmatrix` to its row address; the tile is copied
/// to `out`.
fn stmatrix_kernel(num: usize, trans: bool) -> String {
    let t = if trans { ".trans" } else { "" };
    format!(
        ".version 7.8\n.target sm_90\n.address_size 64\n\n\
.visible .entry st(.param .u64 in, .param .u64 rows, .param .u64 out)\n{{\n\
    .shared .align 16 .b8 s[2048];\n    .reg .b32 %r<8>;\n    .reg .b64 %rd<12>;\n\
    ld.param.u64 %rd1, [in];\n    ld.param.u64 %rd2, [rows];\n    ld.param.u64 %rd3, [out];\n\
    mov.u32 %r0, %tid.x;\n    mul.wide.u32 %rd4, %r0, 64;\n    mov.u64 %rd6, s;\n    add.s64 %rd7, %rd6, %rd4;\n\
    mov.u32 %r5, 0;\n\
    st.shared.v4.u32 [%rd7], {{%r5, %r5, %r5, %r5}};\n    st.shared.v4.u32 [%rd7+16], {{%r5, %r5, %r5, %r5}};\n\
    st.shared.v4.u32 [%rd7+32], {{%r5, %r5, %r5, %r5}};\n    st.shared.v4.u32 [%rd7+48], {{%r5, %r5, %r5, %r5}};\n\
    bar.sync 0;\n    mul.wide.u32 %rd8, %r0, 16;\n    add.s64 %rd9, %rd1, %rd8;\n\
    ld.global.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd9];\n\
    mul.wide.u32 %rd8, %r0, 4;\n    add.s64 %rd9, %rd2, %rd8;\n\
    ld.global.u32 %r5, [%rd9];\n    cvt.u64.u32 %rd10, %r5;\n    add.s64 %rd10, %rd6, %rd10;\n\
    stmatrix.sync.aligned.m8n8.x{num}{t}.shared.b16 [%rd10], {{{}}};\n    bar.sync 0;\n\
    add.s64 %rd11, %rd3, %rd4;\n\
    ld.shared.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd7];\n    st.global.v4.u32 [%rd11], {{%r1, %r2, %r3, %r4}};\n\
    ld.shared.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd7+16];\n    st.global.v4.u32 [%rd11+16], {{%r1, %r2, %r3, %r4}};\n\
    ld.shared.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd7+32];\n    st.global.v4.u32 [%rd11+32], {{%r1, %r2, %r3, %r4}};\n\
    ld.shared.v4.u32 {{%r1, %r2, %r3, %r4}}, [%rd7+48];\n    st.global.v4.u32 [%rd11+48], {{%r1, %r2, %r3, %r4}};\n\
    ret;\n}}\n",
        regs(num)
    )
}

#[test]
fn stmatrix_stores_the_isa_fragments() {
    let rows = row_offsets();
    let mut g = Lcg(7);
    let input: Vec<u32> = (0..128).map(|_| g.next()).collect();
    for num in [1, 2, 4] {
        for trans in [false, true] {
            let mut a = args(&["--block", "32", "--device", "sm_90"]);
            a.extend(args(&[
                "--set",
                "in=0x10000",
                "--set",
                "rows=0x20000",
                "--set",
                "out=0x30000",
            ]));
            a.extend(mem(0x10000, &le_words(&input)));
            a.extend(mem(0x20000, &le_words(&rows)));
            let m = run_src(&stmatrix_kernel(num, trans), &a)
                .unwrap_or_else(|e| panic!("x{num} {trans}: {e}"));
            let mut want = vec![0u8; 2048];
            for l in 0..32usize {
                for q in 0..num {
                    let r = input[4 * l + q];
                    if trans {
                        for j in 0..2 {
                            let at = rows[8 * q + 2 * (l % 4) + j] as usize + 2 * (l / 4);
                            want[at..at + 2]
                                .copy_from_slice(&((r >> (16 * j)) as u16).to_le_bytes());
                        }
                    } else {
                        let at = rows[8 * q + l / 4] as usize + 4 * (l % 4);
                        want[at..at + 4].copy_from_slice(&r.to_le_bytes());
                    }
                }
            }
            let got: Vec<u8> = (0..2048).map(|i| byte(&m, 0x30000 + i)).collect();
            assert_eq!(got, want, "x{num} trans {trans}");
        }
    }
}

#[test]
fn movmatrix_transposes_a_fragment() {
    let src = ".version 7.8\n.target sm_80\n.address_size 64\n\n\
.visible .entry mv(.param .u64 in, .param .u64 out)\n{\n\
    .reg .b32 %r<4>;\n    .reg .b64 %rd<6>;\n\
    ld.param.u64 %rd1, [in];\n    ld.param.u64 %rd2, [out];\n    mov.u32 %r0, %laneid;\n\
    mul.wide.u32 %rd3, %r0, 4;\n    add.s64 %rd4, %rd1, %rd3;\n    add.s64 %rd5, %rd2, %rd3;\n\
    ld.global.u32 %r1, [%rd4];\n    movmatrix.sync.aligned.m8n8.trans.b16 %r2, %r1;\n\
    st.global.u32 [%rd5], %r2;\n    ret;\n}\n";
    let mut g = Lcg(3);
    let input: Vec<u32> = (0..32).map(|_| g.next()).collect();
    let mut a = args(&[
        "--block",
        "32",
        "--device",
        "sm_80",
        "--set",
        "in=0x1000",
        "--set",
        "out=0x2000",
    ]);
    a.extend(mem(0x1000, &le_words(&input)));
    let m = run_src(src, &a).unwrap();
    // M[r][c]: row r is lanes 4r..4r+3, two elements each, low half first.
    let el = |r: usize, c: usize| (input[4 * r + c / 2] >> (16 * (c % 2))) & 0xffff;
    for l in 0..32 {
        // Lane l's d: the transpose's row l / 4, columns 2 (l % 4), + 1,
        // that is M's column l / 4.
        let want = el(2 * (l % 4), l / 4) | el(2 * (l % 4) + 1, l / 4) << 16;
        assert_eq!(word(&m, 0x2000 + 4 * l as u64), want, "lane {l}");
    }
}

/// examples/kernels/ldmatrix-mma.ptx: ldmatrix .x4 (A) and .x2.trans (B)
/// feed mma.sync m16n8k16; D is the exact product.
#[test]
fn ldmatrix_feeds_mma_sync_example() {
    let mut g = Lcg(11);
    let av: Vec<i64> = (0..256).map(|_| g.int(-6, 6)).collect();
    let bv: Vec<i64> = (0..128).map(|_| g.int(-6, 6)).collect();
    let a_bytes: Vec<u8> = av.iter().flat_map(|&v| f16(v).to_le_bytes()).collect();
    let b_bytes: Vec<u8> = bv.iter().flat_map(|&v| f16(v).to_le_bytes()).collect();
    let mut a = args(&[
        "--block",
        "32",
        "--device",
        "sm_80",
        "--set",
        "a=0x1000",
        "--set",
        "b=0x2000",
        "--set",
        "out=0x3000",
    ]);
    a.extend(mem(0x1000, &a_bytes));
    a.extend(mem(0x2000, &b_bytes));
    let m = run_file(&example("ldmatrix-mma.ptx"), &a).unwrap();
    for i in 0..16 {
        for n in 0..8 {
            let d: i64 = (0..16).map(|k| av[16 * i + k] * bv[8 * k + n]).sum();
            assert_eq!(
                word(&m, 0x3000 + 4 * (8 * i + n) as u64),
                (d as f32).to_bits(),
                "D[{i}][{n}]"
            );
        }
    }
    // The header's hand-worked case: A = I, B[k][n] = 8k + n: D = B.
    let ident: Vec<u8> = (0..256)
        .flat_map(|x| f16(i64::from(x / 16 == x % 16)).to_le_bytes())
        .collect();
    let bb: Vec<u8> = (0..128).flat_map(|x| f16(x).to_le_bytes()).collect();
    let mut a = args(&[
        "--block",
        "32",
        "--device",
        "sm_80",
        "--set",
        "a=0x1000",
        "--set",
        "b=0x2000",
        "--set",
        "out=0x3000",
    ]);
    a.extend(mem(0x1000, &ident));
    a.extend(mem(0x2000, &bb));
    let m = run_file(&example("ldmatrix-mma.ptx"), &a).unwrap();
    for x in 0..128u64 {
        assert_eq!(word(&m, 0x3000 + 4 * x), (x as f32).to_bits());
    }
}

// ---------------------------------------------------------------------
// wmma
// ---------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
enum T {
    F16,
    Bf16,
    Tf32,
    F32,
    F64,
    S8,
    U8,
    S4,
    U4,
    B1,
    S32,
}

impl T {
    fn name(self) -> &'static str {
        match self {
            T::F16 => "f16",
            T::Bf16 => "bf16",
            T::Tf32 => "tf32",
            T::F32 => "f32",
            T::F64 => "f64",
            T::S8 => "s8",
            T::U8 => "u8",
            T::S4 => "s4",
            T::U4 => "u4",
            T::B1 => "b1",
            T::S32 => "s32",
        }
    }
    fn bits(self) -> u64 {
        match self {
            T::F16 | T::Bf16 => 16,
            T::Tf32 | T::F32 | T::S32 => 32,
            T::F64 => 64,
            T::S8 | T::U8 => 8,
            T::S4 | T::U4 => 4,
            T::B1 => 1,
        }
    }
    /// A small integer in this type's bits.
    fn encode(self, v: i64) -> u64 {
        match self {
            T::F16 => u64::from(f16(v)),
            T::Bf16 => u64::from((v as f32).to_bits() >> 16),
            T::Tf32 | T::F32 => u64::from((v as f32).to_bits()),
            T::F64 => (v as f64).to_bits(),
            T::S32 => u64::from(v as i32 as u32),
            _ => (v as u64) & ((1 << self.bits()) - 1),
        }
    }
    /// The range of the small integers a case draws.
    fn range(self) -> (i64, i64) {
        match self {
            T::U8 | T::U4 => (0, 15),
            T::S8 | T::S4 => (-8, 7),
            T::B1 => (0, 1),
            _ => (-4, 4),
        }
    }
    fn reg(self) -> &'static str {
        match self {
            T::F64 => "f64",
            T::F32 => "f32",
            T::S32 => "s32",
            _ => "b32",
        }
    }
}

/// A WMMA case: shape, types, layouts of A, B, C, D, explicit strides.
#[derive(Clone, Copy, Debug)]
struct W {
    shape: (usize, usize, usize),
    ab: T,
    c: T,
    d: T,
    layouts: [bool; 4], // true: .row
    strides: bool,
    satfinite: bool,
    op: &'static str, // ".xor.popc" / ".and.popc" for .b1
    rnd: &'static str,
}

fn w(shape: (usize, usize, usize), ab: T, c: T, d: T, layouts: [bool; 4], strides: bool) -> W {
    W {
        shape,
        ab,
        c,
        d,
        layouts,
        strides,
        satfinite: false,
        op: "",
        rnd: "",
    }
}

impl W {
    /// Registers of each fragment, from the PTX ISA's table (9.7.14.4.1):
    /// ".f16 A or B: eight .f16x2 registers", ".f16 C or D: four", ".f32
    /// / .s32: eight" (two for .m8n8k32/.m8n8k128, .f64 two), and the
    /// element counts over 32 threads for the others.
    fn regs(&self, which: usize) -> usize {
        let (m, n, k) = self.shape;
        let (elems, t) = [
            (m * k, self.ab),
            (k * n, self.ab),
            (m * n, self.c),
            (m * n, self.d),
        ][which];
        match (which, t) {
            (0 | 1, T::F16) => 8,
            (_, T::F64) => elems / 32,
            (_, t) => elems / 32 / (32 / t.bits().min(32) as usize),
        }
    }
    fn dims(&self, which: usize) -> (usize, usize) {
        let (m, n, k) = self.shape;
        [(m, k), (k, n), (m, n), (m, n)][which]
    }
    fn ty(&self, which: usize) -> T {
        [self.ab, self.ab, self.c, self.d][which]
    }
    /// The stride used: the leading dimension, doubled where explicit.
    fn stride(&self, which: usize) -> usize {
        let (r, c) = self.dims(which);
        let lead = if self.layouts[which] { c } else { r };
        if self.strides {
            2 * lead
        } else {
            lead
        }
    }
    fn kernel(&self) -> String {
        let (m, n, k) = self.shape;
        let shape = format!("m{m}n{n}k{k}");
        let lay = |i: usize| if self.layouts[i] { "row" } else { "col" };
        let list = |p: &str, n: usize| {
            (0..n)
                .map(|i| format!("%{p}{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let st = |i: usize| {
            if self.strides {
                format!(", %s{i}")
            } else {
                String::new()
            }
        };
        let [na, nb, nc, nd] = [0, 1, 2, 3].map(|i| self.regs(i));
        let types = if self.ab == T::F16 {
            format!("{}.{}", self.d.name(), self.c.name())
        } else {
            format!(
                "{}.{a}.{a}.{}",
                self.d.name(),
                self.c.name(),
                a = self.ab.name()
            )
        };
        let sat = if self.satfinite { ".satfinite" } else { "" };
        let mut body = String::new();
        for i in 0..4 {
            body += &format!("    mov.u32 %s{i}, {};\n", self.stride(i));
        }
        let abreg = if self.ab == T::F64 { "f64" } else { "b32" };
        body += &format!(
            "    wmma.load.a.sync.aligned.{}.{shape}.global.{} {{{}}}, [%rd1]{};\n",
            lay(0),
            self.ab.name(),
            list("a", na),
            st(0)
        );
        body += &format!(
            "    wmma.load.b.sync.aligned.{}.{shape}.global.{} {{{}}}, [%rd2]{};\n",
            lay(1),
            self.ab.name(),
            list("b", nb),
            st(1)
        );
        body += &format!(
            "    wmma.load.c.sync.aligned.{}.{shape}.global.{} {{{}}}, [%rd3]{};\n",
            lay(2),
            self.c.name(),
            list("c", nc),
            st(2)
        );
        body += &format!(
            "    wmma.mma{}.sync.aligned.{}.{}.{shape}{}.{types}{sat} {{{}}}, {{{}}}, {{{}}}, {{{}}};\n",
            self.op,
            lay(0),
            lay(1),
            self.rnd,
            list("d", nd),
            list("a", na),
            list("b", nb),
            list("c", nc)
        );
        body += &format!(
            "    wmma.store.d.sync.aligned.{}.{shape}.global.{} [%rd4], {{{}}}{};\n",
            lay(3),
            self.d.name(),
            list("d", nd),
            st(3)
        );
        let cty = if self.c == T::F16 {
            "b32"
        } else {
            self.c.reg()
        };
        let dty = if self.d == T::F16 {
            "b32"
        } else {
            self.d.reg()
        };
        format!(
            ".version 7.1\n.target sm_80\n.address_size 64\n\n\
.visible .entry w(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{{\n\
    .reg .{abreg} %a<{na}>, %b<{nb}>;\n    .reg .{cty} %c<{nc}>;\n    .reg .{dty} %d<{nd}>;\n\
    .reg .b32 %s<4>;\n    .reg .b64 %rd<5>;\n\
    ld.param.u64 %rd1, [a];\n    ld.param.u64 %rd2, [b];\n    ld.param.u64 %rd3, [c];\n    ld.param.u64 %rd4, [d];\n\
{body}    ret;\n}}\n"
        )
    }
    /// The bytes of matrix `which` (values in row-major order) as stored
    /// with its layout and stride: element `x` at bits `x * bits`.
    fn store(&self, which: usize, vals: &[u64]) -> Vec<u8> {
        let (rows, cols) = self.dims(which);
        let bits = self.ty(which).bits();
        let stride = self.stride(which);
        let (outer, lead) = if self.layouts[which] {
            (rows, cols)
        } else {
            (cols, rows)
        };
        let mut out = vec![0u8; (((outer - 1) * stride + lead) * bits as usize).div_ceil(8)];
        for r in 0..rows {
            for c in 0..cols {
                let x = if self.layouts[which] {
                    r * stride + c
                } else {
                    c * stride + r
                } as u64
                    * bits;
                for b in 0..bits {
                    if vals[r * cols + c] >> b & 1 == 1 {
                        let at = x + b;
                        out[(at / 8) as usize] |= 1 << (at % 8);
                    }
                }
            }
        }
        out
    }
    /// Element `(r, c)` of D from the printed memory at `base`.
    fn load_d(&self, m: &BTreeMap<u64, u8>, base: u64, r: usize, c: usize) -> u64 {
        let bits = self.d.bits();
        let stride = self.stride(3);
        let x = if self.layouts[3] {
            r * stride + c
        } else {
            c * stride + r
        } as u64
            * bits
            / 8;
        (0..bits / 8).fold(0u64, |v, i| v | u64::from(byte(m, base + x + i)) << (8 * i))
    }
}

/// Runs a case on small integers; D against the exact product.
fn check_exact(case: W, seed: u64) {
    let (m, n, k) = case.shape;
    let mut g = Lcg(seed);
    let (lo, hi) = case.ab.range();
    let a: Vec<i64> = (0..m * k).map(|_| g.int(lo, hi)).collect();
    let b: Vec<i64> = (0..k * n).map(|_| g.int(lo, hi)).collect();
    let big = if case.satfinite {
        i64::from(i32::MAX) - 40
    } else {
        0
    };
    let c: Vec<i64> = (0..m * n)
        .map(|i| if i % 3 == 0 { big } else { g.int(-20, 20) })
        .collect();
    let enc = |t: T, v: &[i64]| v.iter().map(|&x| t.encode(x)).collect::<Vec<u64>>();
    let mut a_ = args(&["--block", "32", "--device", "sm_80"]);
    a_.extend(args(&[
        "--set",
        "a=0x100000",
        "--set",
        "b=0x200000",
        "--set",
        "c=0x300000",
        "--set",
        "d=0x400000",
    ]));
    a_.extend(mem(0x100000, &case.store(0, &enc(case.ab, &a))));
    a_.extend(mem(0x200000, &case.store(1, &enc(case.ab, &b))));
    a_.extend(mem(0x300000, &case.store(2, &enc(case.c, &c))));
    let out =
        run_src(&case.kernel(), &a_).unwrap_or_else(|e| panic!("{case:?}\n{}\n{e}", case.kernel()));
    for i in 0..m {
        for j in 0..n {
            let mut s = c[i * n + j];
            for t in 0..k {
                let (x, y) = (a[i * k + t], b[t * n + j]);
                s += match case.op {
                    ".and.popc" => x & y,
                    ".xor.popc" => x ^ y,
                    _ => x * y,
                };
            }
            let want = match case.d {
                T::S32 if case.satfinite => case
                    .d
                    .encode(s.clamp(i64::from(i32::MIN), i64::from(i32::MAX))),
                T::S32 => u64::from(s as u32),
                t => t.encode(s),
            };
            assert_eq!(
                case.load_d(&out, 0x400000, i, j),
                want,
                "{case:?} D[{i}][{j}]"
            );
        }
    }
}

#[test]
fn wmma_every_shape_and_type_against_the_exact_product() {
    use T::*;
    let (r, c) = (true, false);
    let mut cases = vec![
        w((16, 16, 16), F16, F32, F32, [r, c, r, r], false),
        w((16, 16, 16), F16, F16, F16, [c, r, c, r], true),
        w((32, 8, 16), F16, F32, F32, [r, r, c, c], true),
        w((8, 32, 16), F16, F16, F32, [c, c, r, c], false),
        w((16, 16, 16), Bf16, F32, F32, [r, c, r, r], true),
        w((8, 32, 16), Bf16, F32, F32, [c, r, c, r], false),
        w((32, 8, 16), Bf16, F32, F32, [r, c, r, c], false),
        w((16, 16, 8), Tf32, F32, F32, [r, c, r, r], true),
        w((16, 16, 8), Tf32, F32, F32, [c, r, c, c], false),
        w((8, 8, 4), F64, F64, F64, [r, c, r, r], true),
        w((8, 8, 4), F64, F64, F64, [c, r, c, c], false),
        w((16, 16, 16), S8, S32, S32, [r, c, r, r], false),
        w((32, 8, 16), U8, S32, S32, [c, r, c, r], true),
        w((8, 32, 16), S8, S32, S32, [r, r, r, c], false),
        w((8, 8, 32), S4, S32, S32, [r, c, r, r], true),
        w((8, 8, 32), U4, S32, S32, [r, c, c, c], false),
    ];
    let mut xor = w((8, 8, 128), B1, S32, S32, [r, c, r, r], false);
    xor.op = ".xor.popc";
    let mut and = w((8, 8, 128), B1, S32, S32, [r, c, c, r], true);
    and.op = ".and.popc";
    let mut rz = w((8, 8, 4), F64, F64, F64, [c, c, r, c], true);
    rz.rnd = ".rz";
    cases.extend([xor, and, rz]);
    let mut sat = w((16, 16, 16), S8, S32, S32, [r, c, r, r], true);
    sat.satfinite = true;
    cases.push(sat);
    let mut sat = w((8, 8, 32), U4, S32, S32, [r, c, r, r], false);
    sat.satfinite = true;
    cases.push(sat);
    for (i, case) in cases.into_iter().enumerate() {
        check_exact(case, 100 + i as u64);
    }
}

/// examples/kernels/wmma-gemm.ptx: two wmma.mma over K = 32, with strides.
#[test]
fn wmma_gemm_example() {
    let mut g = Lcg(5);
    let av: Vec<i64> = (0..16 * 32).map(|_| g.int(-5, 5)).collect(); // row-major 16x32
    let bv: Vec<i64> = (0..32 * 16).map(|_| g.int(-5, 5)).collect(); // B[k][j] at 32j + k
    let cv: Vec<i64> = (0..256).map(|_| g.int(-50, 50)).collect();
    let bytes16 = |v: &[i64]| {
        v.iter()
            .flat_map(|&x| f16(x).to_le_bytes())
            .collect::<Vec<u8>>()
    };
    let c_bytes: Vec<u8> = cv
        .iter()
        .flat_map(|&x| (x as f32).to_bits().to_le_bytes())
        .collect();
    let mut a = args(&[
        "--block", "32", "--device", "sm_80", "--set", "a=0x1000", "--set", "b=0x2000", "--set",
        "c=0x3000", "--set", "d=0x4000",
    ]);
    a.extend(mem(0x1000, &bytes16(&av)));
    a.extend(mem(0x2000, &bytes16(&bv)));
    a.extend(mem(0x3000, &c_bytes));
    let m = run_file(&example("wmma-gemm.ptx"), &a).unwrap();
    for i in 0..16 {
        for j in 0..16 {
            let d: i64 = cv[16 * i + j]
                + (0..32)
                    .map(|k| av[32 * i + k] * bv[32 * j + k])
                    .sum::<i64>();
            assert_eq!(
                word(&m, 0x4000 + 4 * (16 * i + j) as u64),
                (d as f32).to_bits(),
                "D[{i}][{j}]"
            );
        }
    }
}

/// Rounding decides: each D element is `ptxfp_tc::Model::dot` of its row
/// and column with its C, the model of the device's GPU (K = 16 in one
/// inner product, as mma.sync m16n8k16).
#[test]
fn wmma_rounds_as_the_tensor_core_model() {
    let case = w(
        (16, 16, 16),
        T::F16,
        T::F32,
        T::F32,
        [true, false, true, true],
        false,
    );
    let mut g = Lcg(42);
    // f16 values of many exponents (no Inf/NaN): sign, exponent 5..25, fraction.
    let a: Vec<u64> = (0..256)
        .map(|_| u64::from((g.next() & 0x8000) | (5 + g.next() % 21) << 10 | (g.next() & 0x3ff)))
        .collect();
    let b: Vec<u64> = (0..256)
        .map(|_| u64::from((g.next() & 0x8000) | (5 + g.next() % 21) << 10 | (g.next() & 0x3ff)))
        .collect();
    let c: Vec<u64> = (0..256)
        .map(|_| {
            u64::from(
                (g.next() & 0x8000_0000) | (110 + g.next() % 30) << 23 | (g.next() & 0x7f_ffff),
            )
        })
        .collect();
    for (device, gpu) in [
        ("sm_70", Gpu::V100),
        ("sm_80", Gpu::A100),
        ("sm_90", Gpu::H100),
    ] {
        let mut a_ = args(&["--block", "32", "--device", device]);
        a_.extend(args(&[
            "--set",
            "a=0x100000",
            "--set",
            "b=0x200000",
            "--set",
            "c=0x300000",
            "--set",
            "d=0x400000",
        ]));
        a_.extend(mem(0x100000, &case.store(0, &a)));
        a_.extend(mem(0x200000, &case.store(1, &b)));
        a_.extend(mem(0x300000, &case.store(2, &c)));
        let k = case.kernel().replace(
            ".version 7.1\n.target sm_80",
            &format!(".version 7.8\n.target {device}"),
        );
        let out = run_src(&k, &a_).unwrap_or_else(|e| panic!("{device}: {e}"));
        let model = Model::new(gpu, InFormat::F16, OutFormat::F32).unwrap();
        let to32 = |x: u64| InFormat::F16.to_f32_bits(x as u32);
        for i in 0..16 {
            for j in 0..16 {
                let row: Vec<u32> = (0..16).map(|t| to32(a[16 * i + t])).collect();
                let col: Vec<u32> = (0..16).map(|t| to32(b[16 * t + j])).collect();
                let want = model.dot(&row, &col, c[16 * i + j] as u32).unwrap();
                assert_eq!(
                    case.load_d(&out, 0x400000, i, j),
                    u64::from(want),
                    "{device} D[{i}][{j}]"
                );
            }
        }
    }
}

/// The engine's WMMA layout is the mma.sync one: fragments from wmma.load
/// feed mma.sync m16n8k16 (registers 0–3 of A; 0–1 and 2–3 of B for the
/// two 8-column halves; 0–3 and 4–7 of C), and wmma.store.d writes the
/// two results as one D: the exact product.
#[test]
fn wmma_fragments_feed_mma_sync() {
    let src = ".version 7.0\n.target sm_80\n.address_size 64\n\n\
.visible .entry mix(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{\n\
    .reg .b32 %a<8>, %b<8>;\n    .reg .f32 %c<8>, %d<8>;\n    .reg .b64 %rd<5>;\n\
    ld.param.u64 %rd1, [a];\n    ld.param.u64 %rd2, [b];\n    ld.param.u64 %rd3, [c];\n    ld.param.u64 %rd4, [d];\n\
    wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7}, [%rd1];\n\
    wmma.load.b.sync.aligned.col.m16n16k16.global.f16 {%b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7}, [%rd2];\n\
    wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7}, [%rd3];\n\
    mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%d0, %d1, %d2, %d3}, {%a0, %a1, %a2, %a3}, {%b0, %b1}, {%c0, %c1, %c2, %c3};\n\
    mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%d4, %d5, %d6, %d7}, {%a0, %a1, %a2, %a3}, {%b2, %b3}, {%c4, %c5, %c6, %c7};\n\
    wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%rd4], {%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7};\n\
    ret;\n}\n";
    let case = w(
        (16, 16, 16),
        T::F16,
        T::F32,
        T::F32,
        [true, false, true, true],
        false,
    );
    let mut g = Lcg(9);
    let a: Vec<i64> = (0..256).map(|_| g.int(-4, 4)).collect();
    let b: Vec<i64> = (0..256).map(|_| g.int(-4, 4)).collect();
    let c: Vec<i64> = (0..256).map(|_| g.int(-30, 30)).collect();
    let enc = |t: T, v: &[i64]| v.iter().map(|&x| t.encode(x)).collect::<Vec<u64>>();
    let mut a_ = args(&["--block", "32", "--device", "sm_80"]);
    a_.extend(args(&[
        "--set",
        "a=0x100000",
        "--set",
        "b=0x200000",
        "--set",
        "c=0x300000",
        "--set",
        "d=0x400000",
    ]));
    a_.extend(mem(0x100000, &case.store(0, &enc(T::F16, &a))));
    a_.extend(mem(0x200000, &case.store(1, &enc(T::F16, &b))));
    a_.extend(mem(0x300000, &case.store(2, &enc(T::F32, &c))));
    let out = run_src(src, &a_).unwrap();
    for i in 0..16 {
        for j in 0..16 {
            let d = c[16 * i + j] + (0..16).map(|t| a[16 * i + t] * b[16 * t + j]).sum::<i64>();
            assert_eq!(
                case.load_d(&out, 0x400000, i, j),
                T::F32.encode(d),
                "D[{i}][{j}]"
            );
        }
    }
    // --check-memory: D given (1 KiB of zeros), nothing to report
    // (`run_src` refuses warnings); D never given, the store is reported
    // once for the warp, and D is written all the same.
    let mut given = a_.clone();
    given.extend(mem(0x400000, &[0; 1024]));
    given.push("--check-memory".into());
    assert_eq!(run_src(src, &given).unwrap(), out);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ptx");
    std::fs::write(&path, src).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .arg("run")
        .arg(&path)
        .args(&a_)
        .arg("--check-memory")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("is in no --mem region"))
        .collect();
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(
        warned[0].contains(":19:")
            && warned[0].contains(
                "`wmma.store.d.sync.aligned.row.m16n16k16.global.f32` writes 4 bytes at 0x400000"
            ),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------
// Errors, each at its file:line:column
// ---------------------------------------------------------------------

fn ldmatrix_args(rows: &[u32]) -> Vec<String> {
    let mut a = args(&[
        "--block",
        "32",
        "--device",
        "sm_80",
        "--set",
        "src=0x10000",
        "--set",
        "rows=0x20000",
        "--set",
        "out=0x30000",
    ]);
    a.extend(mem(0x10000, &tile()));
    a.extend(mem(0x20000, &le_words(rows)));
    a
}

fn expect_error(r: Result<BTreeMap<u64, u8>, String>, at: &str, what: &str) {
    let e = r.expect_err("an error");
    assert!(e.contains(at), "want `{at}` in:\n{e}");
    assert!(e.contains(what), "want `{what}` in:\n{e}");
}

#[test]
fn malformed_and_unsupported_matrix_instructions_are_refused() {
    let k = ldmatrix_kernel(4, false);
    // The ldmatrix's line and column in the generated kernel.
    let (line, text) = k
        .lines()
        .enumerate()
        .find(|(_, l)| l.trim_start().starts_with("ldmatrix"))
        .unwrap();
    let col = 1 + text.len() - text.trim_start().len();
    let at = format!("k.ptx:{}:{col}: error", line + 1);
    let at = at.as_str();
    let on_line = format!("k.ptx:{}:", line + 1);
    let on_line = on_line.as_str();
    // Not a whole warp.
    let mut a = ldmatrix_args(&row_offsets());
    a[1] = "16".into();
    expect_error(
        run_src(&k, &a),
        at,
        "needs all 32 threads of the warp; 16 of them",
    );
    // A row address not a multiple of 16.
    let mut rows = row_offsets();
    rows[5] += 8;
    expect_error(
        run_src(&k, &ldmatrix_args(&rows)),
        on_line,
        "misaligned access",
    );
    // An address outside shared memory.
    let global = k.replace("add.s64 %rd10, %rd6, %rd10;", "add.s64 %rd10, %rd1, %rd10;");
    expect_error(
        run_src(&global, &ldmatrix_args(&row_offsets())),
        on_line,
        "not in a .shared variable",
    );
    // .x4 with two registers.
    let short = k.replace("{%r1, %r2, %r3, %r4}, [%rd10]", "{%r1, %r2}, [%rd10]");
    expect_error(
        run_src(&short, &ldmatrix_args(&row_offsets())),
        on_line,
        "a vector of 4 registers",
    );
    // The target and version the form needs.
    let old = k.replace(".target sm_80", ".target sm_70");
    expect_error(
        run_src(&old, &ldmatrix_args(&row_offsets())),
        at,
        "requires sm_75 or higher; the target is sm_70",
    );
    // `ptxfp check` says the same, before anything runs.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.ptx");
    std::fs::write(&path, k.replace(".target sm_80", ".target sm_70")).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains(at) && e.contains("requires sm_75 or higher; the target is sm_70"),
        "{e}"
    );
    let old = k.replace(".version 7.8", ".version 6.4");
    expect_error(
        run_src(&old, &ldmatrix_args(&row_offsets())),
        at,
        "requires PTX ISA 6.5",
    );
    // The sm_100a shapes, laid out only in figures.
    let wide = k.replace("m8n8.x4.shared.b16", "m16n16.x1.trans.shared.b8");
    expect_error(run_src(&wide, &ldmatrix_args(&row_offsets())), at, "figure");
    // stmatrix on a device older than sm_90.
    let st = stmatrix_kernel(1, false).replace(".target sm_90", ".target sm_80");
    let mut a = args(&[
        "--block",
        "32",
        "--device",
        "sm_80",
        "--set",
        "in=0x10000",
        "--set",
        "rows=0x20000",
        "--set",
        "out=0x30000",
    ]);
    a.extend(mem(0x10000, &le_words(&[0; 128])));
    a.extend(mem(0x20000, &le_words(&row_offsets())));
    expect_error(
        run_src(&st, &a),
        "error",
        "requires sm_90 or higher; the target is sm_80",
    );

    // wmma: a stride below the leading dimension.
    let case = w(
        (16, 16, 16),
        T::F16,
        T::F32,
        T::F32,
        [true, false, true, true],
        true,
    );
    let small = case.kernel().replace("mov.u32 %s0, 32;", "mov.u32 %s0, 8;");
    let mut a = args(&[
        "--block",
        "32",
        "--device",
        "sm_80",
        "--set",
        "a=0x100000",
        "--set",
        "b=0x200000",
        "--set",
        "c=0x300000",
        "--set",
        "d=0x400000",
    ]);
    for (i, base) in [0x100000u64, 0x200000, 0x300000].into_iter().enumerate() {
        a.extend(mem(base, &case.store(i, &vec![0; 256])));
    }
    expect_error(
        run_src(&small, &a),
        "k.ptx:",
        "stride 8 is below the leading dimension 16",
    );
    // Threads that disagree on the address.
    let apart = case.kernel().replace(
        "    wmma.load.a",
        "    mov.u32 %s0, %laneid;\n    and.b32 %s0, %s0, 1;\n    mul.lo.u32 %s0, %s0, 16;\n    add.u32 %s0, %s0, 32;\n    wmma.load.a",
    );
    expect_error(
        run_src(&apart, &a),
        "k.ptx:",
        "different addresses or strides",
    );
    // A device without a tensor-core model for floating point.
    let mut a75 = a.clone();
    a75[3] = "sm_75".into();
    let k75 = case.kernel().replace(".target sm_80", ".target sm_75");
    expect_error(
        run_src(&k75, &a75),
        "k.ptx:",
        "no tensor-core model for an sm_75 device",
    );
    // The next model up runs it: an sm_75 kernel on the A100's model.
    expect_error(
        run_src(&k75, &a75),
        "k.ptx:",
        "`--device sm_80` runs the code on the next one",
    );
    // `.aligned` left out in PTX ISA 7.1.
    let bare = case
        .kernel()
        .replace("wmma.mma.sync.aligned", "wmma.mma.sync");
    expect_error(
        run_src(&bare, &a),
        "k.ptx:",
        "`.aligned` is required from PTX ISA 6.3 on",
    );
    // An .f16 D from an .f32 C.
    let mixed = w(
        (16, 16, 16),
        T::F16,
        T::F32,
        T::F16,
        [true, false, true, true],
        false,
    );
    expect_error(
        run_src(&mixed.kernel(), &a),
        "k.ptx:",
        "an .f16 D from an .f32 C",
    );
}
