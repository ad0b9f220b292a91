//! `wgmma` on sm_90a in `ptxfp run`: kernels of one warpgroup (128
//! threads) copy an image of shared memory from global memory, build the
//! matrix descriptors from the shared buffer's address, run
//! `wgmma.mma_async` and store each thread's D registers.
//!
//! Oracles, written here from the PTX ISA's words and figures, not from
//! the engine's code:
//!
//! - the shared-memory image: each matrix placed by "core matrices" (8
//!   rows of 16 bytes; "Leading dimension byte offset ... the distance,
//!   in bytes, between two adjacent core matrices in the K dimension";
//!   "Stride dimension byte offset ... in the M or N dimension") and, for
//!   the swizzled modes, by swizzle atoms (Table "swizzle atom layout":
//!   8 rows of 32/64/128 bytes, K-major; the MN-major atom the same with
//!   rows along K) whose 16-byte chunks are permuted as the ISA's figures
//!   draw them: chunk `c` of row `r` at `c ^ r` (128 bytes), `c ^ r/2`
//!   (64), `c ^ r/4` (32); the engine computes addresses by the
//!   canonical-layout strides and an XOR of address bits instead;
//! - the register fragments: the figures' thread/element map written as
//!   strides (D: thread `t` = (t%4, t/4%8, t/32) steps columns by 2, rows
//!   by 1 and 16; element `i` = (i%2, i/2%2, i/4) steps columns by 1, rows
//!   by 8, columns by 8), not the engine's mma.sync helpers;
//! - D: the exact product in Rust integers, with inputs small integers
//!   exact in every format and every tensor-core model, so any layout
//!   error shows; integer and `.b1` forms exactly as the ISA says
//!   (wrapping, `.satfinite` clamps, `.and.popc`);
//! - one case where rounding matters: `ptxfp_tc::Model::dot` (H100,
//!   called here) on each row and column the test's own layout gives;
//!   that checks the layout and the plumbing, not the numerics (the
//!   model's own tests and GPU records do).

mod common;

use common::{ptxfp, text};
use ptxfp_tc::{Gpu, InFormat, Model, OutFormat};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    F16,
    Bf16,
    Tf32,
    E4m3,
    E5m2,
    S8,
    U8,
    B1,
    F32,
    S32,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::F16 => "f16",
            Ty::Bf16 => "bf16",
            Ty::Tf32 => "tf32",
            Ty::E4m3 => "e4m3",
            Ty::E5m2 => "e5m2",
            Ty::S8 => "s8",
            Ty::U8 => "u8",
            Ty::B1 => "b1",
            Ty::F32 => "f32",
            Ty::S32 => "s32",
        }
    }
    fn bits(self) -> usize {
        match self {
            Ty::F16 | Ty::Bf16 => 16,
            Ty::Tf32 | Ty::F32 | Ty::S32 => 32,
            Ty::B1 => 1,
            _ => 8,
        }
    }
    /// (exponent bits, fraction bits) of a float type.
    fn float(self) -> Option<(u32, u32)> {
        Some(match self {
            Ty::F16 => (5, 10),
            Ty::Bf16 => (8, 7),
            Ty::Tf32 | Ty::F32 => (8, 23),
            Ty::E4m3 => (4, 3),
            Ty::E5m2 => (5, 2),
            _ => return None,
        })
    }
    /// The bits of integer `v` (exact in the type), in the type's width.
    fn enc(self, v: i64) -> u32 {
        match self.float() {
            // .tf32: an f32 word whose low 13 bits are zero.
            Some((e, f)) => float_bits(v, e, f),
            None => (v as u32) & (u32::MAX >> (32 - self.bits())),
        }
    }
    /// Small-integer inputs exact in the type, their products and sums
    /// exact in every model.
    fn range(self) -> (i64, i64) {
        match self {
            Ty::F16 | Ty::Bf16 | Ty::Tf32 => (-4, 4),
            Ty::E4m3 | Ty::E5m2 => (-6, 6),
            Ty::S8 => (-128, 127),
            Ty::U8 => (0, 255),
            _ => (0, 1),
        }
    }
}

/// The IEEE-style bits of integer `v` with `e` exponent and `f` fraction
/// bits (bias `2^(e-1) - 1`); `v` must be exact.
fn float_bits(v: i64, e: u32, f: u32) -> u32 {
    if v == 0 {
        return 0;
    }
    let sign = u32::from(v < 0) << (e + f);
    let a = v.unsigned_abs();
    let x = 63 - a.leading_zeros();
    assert!(a.count_ones() <= f + 1 && (a >> x.saturating_sub(f)) << x.saturating_sub(f) == a);
    let frac = if x >= f {
        (a >> (x - f)) as u32
    } else {
        (a << (f - x)) as u32
    } & ((1 << f) - 1);
    let bias = (1 << (e - 1)) - 1;
    sign | ((x + bias) << f) | frac
}

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
        lo + i64::from(self.next()) % (hi - lo + 1)
    }
}

/// How a matrix sits in shared memory.
#[derive(Clone, Copy, Debug)]
struct Lay {
    /// Swizzle width in bytes (0: none).
    w: u64,
    /// K-major (else MN-major).
    k_major: bool,
    /// Without swizzle, the core matrices adjacent along MN are
    /// contiguous (else those along K are).
    mn_fast: bool,
}

const fn lay(w: u64, k_major: bool) -> Lay {
    Lay {
        w,
        k_major,
        mn_fast: false,
    }
}

impl Lay {
    /// The descriptor's swizzle code: "0: No swizzle, 1: 128-Byte
    /// swizzle, 2: 64-Byte swizzle, 3: 32-Byte swizzle".
    fn mode(self) -> u64 {
        match self.w {
            0 => 0,
            128 => 1,
            64 => 2,
            _ => 3,
        }
    }

    /// (LBO, SBO) for an MN×KT tile of `bits`-bit elements.
    fn offsets(self, mn: u64, kt: u64, bits: u64) -> (u64, u64) {
        let kbytes = kt * bits / 8;
        match (self.k_major, self.w) {
            // Core matrices: 8 MN-rows × 16 bytes of K.
            (true, 0) if self.mn_fast => (mn / 8 * 128, 128),
            (true, 0) => (128, kbytes / 16 * 128),
            // Atoms of 8 rows × W bytes; LBO unused ("assumed 1").
            (true, w) => (16, 8 * w),
            // Core matrices: 8 K-rows × 16 bytes of MN.
            (false, 0) if self.mn_fast => (mn * bits / 8 / 16 * 128, 128),
            (false, 0) => (128, kt / 8 * 128),
            // Atoms of 8 K-rows × W bytes of MN: LBO the next atom along
            // MN, SBO the next 8 rows of K.
            (false, w) => (8 * w, (mn * bits / 8).div_ceil(w) * 8 * w),
        }
    }

    /// The byte (and bit) of element (mn, k) of a tile at offset 0.
    fn place(self, mn: u64, k: u64, bits: u64, (lbo, sbo): (u64, u64)) -> (u64, u64) {
        let chunk_swap = |row: u64, byte_in_row: u64| -> u64 {
            // The figures: chunk c of row r (0..8 in the atom) goes to
            // c ^ r (128B), c ^ (r / 2) (64B), c ^ (r / 4) (32B).
            let r = row % 8;
            let x = match self.w {
                128 => r,
                64 => r / 2,
                32 => r / 4,
                _ => 0,
            };
            ((byte_in_row / 16) ^ x) * 16 + byte_in_row % 16
        };
        if self.k_major {
            let kbit = k * bits;
            if self.w == 0 {
                let core = (mn / 8) * sbo + (kbit / 128) * lbo;
                (core + (mn % 8) * 16 + (kbit % 128) / 8, kbit % 8)
            } else {
                let row = (mn / 8) * sbo + (mn % 8) * self.w;
                (row + chunk_swap(mn, kbit / 8), kbit % 8)
            }
        } else {
            let mbyte = mn * bits / 8;
            match mbyte.checked_div(self.w) {
                None => {
                    let core = (mbyte / 16) * sbo + (k / 8) * lbo;
                    (core + (k % 8) * 16 + mbyte % 16, 0)
                }
                Some(atoms) => {
                    let atom = atoms * lbo + (k / 8) * sbo;
                    (atom + (k % 8) * self.w + chunk_swap(k, mbyte % self.w), 0)
                }
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Scale {
    Imm(bool),
    Pred(bool),
}

#[derive(Clone, Debug)]
struct Case {
    n: usize,
    k: usize,
    steps: usize,
    d: Ty,
    a: Ty,
    b: Ty,
    /// A from shared memory (else from registers).
    a_lay: Option<Lay>,
    b_lay: Lay,
    scale: Scale,
    neg: (bool, bool),
    satfinite: bool,
    /// `.satfinite` after the types (`.s32.s8.s8.satfinite`, CUTLASS's
    /// order) instead of after the shape.
    satfinite_last: bool,
    seed: u64,
    /// Written as nvcc emits CUTLASS's inline asm: `.b32` accumulators and
    /// the instruction in a `{ .reg .pred p; setp.ne.b32 p, r, 0; ... }`
    /// block.
    nvcc: bool,
}

fn case(n: usize, d: Ty, ab: (Ty, Ty), a_lay: Option<Lay>, b_lay: Lay) -> Case {
    let k = match ab.0 {
        Ty::F16 | Ty::Bf16 => 16,
        Ty::Tf32 => 8,
        Ty::B1 => 256,
        _ => 32,
    };
    Case {
        n,
        k,
        steps: 1,
        d,
        a: ab.0,
        b: ab.1,
        a_lay,
        b_lay,
        scale: Scale::Imm(true),
        neg: (false, false),
        satfinite: false,
        satfinite_last: false,
        seed: n as u64 * 31 + 7,
        nvcc: false,
    }
}

const WG: usize = 128;

/// Thread `t`'s D element `i`: (row, col), from the figure's strides.
fn d_place(t: usize, i: usize) -> (usize, usize) {
    let (t0, t1, t2) = (t % 4, t / 4 % 8, t / 32);
    let (v0, v1, v2) = (i % 2, i / 2 % 2, i / 4);
    (t1 + 16 * t2 + 8 * v1, 2 * t0 + v0 + 8 * v2)
}

/// Thread `t`'s A element `i` (of `per` to a register): (row, col). The
/// figures: rows as D's; a register holds `per` adjacent columns of K, the
/// four threads of a row hold 4·per adjacent columns, registers 0/1 (2/3)
/// the rows r and r+8 of the first (second) 4·per columns.
fn a_place(per: usize, t: usize, i: usize) -> (usize, usize) {
    let (t0, t1, t2) = (t % 4, t / 4 % 8, t / 32);
    let (reg, e) = (i / per, i % per);
    (
        t1 + 16 * t2 + 8 * (reg % 2),
        per * t0 + e + 4 * per * (reg / 2),
    )
}

struct Run {
    src: String,
    args: Vec<String>,
    files: Vec<(String, Vec<u8>)>,
}

const IMG: u64 = 0x10_0000;
const CIN: u64 = 0x20_0000;
const AREG: u64 = 0x30_0000;
const OUT: u64 = 0x40_0000;

impl Case {
    fn kt(&self) -> usize {
        self.k * self.steps
    }

    fn opcode(&self) -> String {
        let sat = if self.satfinite && !self.satfinite_last {
            ".satfinite"
        } else {
            ""
        };
        let popc = if self.a == Ty::B1 { ".and.popc" } else { "" };
        let last = if self.satfinite_last {
            ".satfinite"
        } else {
            ""
        };
        format!(
            "wgmma.mma_async.sync.aligned.m64n{}k{}{sat}.{}.{}.{}{popc}{last}",
            self.n,
            self.k,
            self.d.name(),
            self.a.name(),
            self.b.name()
        )
    }

    fn d_regs(&self) -> usize {
        64 * self.n / WG / (32 / self.d.bits())
    }

    /// The matrices: A (64×KT) and B (KT×N) as values, C (64×N) as bits.
    fn values(&self) -> (Vec<i64>, Vec<i64>, Vec<u32>) {
        let mut g = Lcg(self.seed);
        let kt = self.kt();
        let (lo, hi) = self.a.range();
        let a = (0..64 * kt).map(|_| g.int(lo, hi)).collect();
        let (lo, hi) = self.b.range();
        let b = (0..kt * self.n).map(|_| g.int(lo, hi)).collect();
        let c = (0..64 * self.n)
            .map(|_| match self.d {
                Ty::S32 if self.satfinite => {
                    if g.next().is_multiple_of(2) {
                        (i32::MAX - g.int(0, 3000) as i32) as u32
                    } else {
                        (i32::MIN + g.int(0, 3000) as i32) as u32
                    }
                }
                Ty::S32 => g.next(),
                t => t.enc(g.int(-8, 8)),
            })
            .collect();
        (a, b, c)
    }

    /// The shared image, the A and B tile offsets in it.
    fn image(&self, a: &[i64], b: &[i64]) -> (Vec<u8>, u64, u64) {
        let kt = self.kt() as u64;
        let tile = |l: Lay, mn: u64, bits: u64| -> u64 {
            let o = l.offsets(mn, kt, bits);
            // The last byte any element takes, rounded to 1024.
            let mut end = 0;
            for x in 0..mn {
                for y in 0..kt {
                    end = end.max(l.place(x, y, bits, o).0 + 1);
                }
            }
            end.div_ceil(1024) * 1024
        };
        let a_size = self.a_lay.map_or(0, |l| tile(l, 64, self.a.bits() as u64));
        let b_off = a_size;
        let b_size = tile(self.b_lay, self.n as u64, self.b.bits() as u64);
        let mut img = vec![0u8; (b_off + b_size) as usize];
        let mut put = |off: u64, l: Lay, t: Ty, mn: u64, get: &dyn Fn(u64, u64) -> i64| {
            let bits = t.bits() as u64;
            let o = l.offsets(mn, kt, bits);
            for x in 0..mn {
                for y in 0..kt {
                    let (byte, bit) = l.place(x, y, bits, o);
                    let v = u64::from(t.enc(get(x, y)));
                    let at = (off + byte) as usize;
                    if bits == 1 {
                        img[at] |= (v as u8 & 1) << bit;
                    } else {
                        for q in 0..bits as usize / 8 {
                            img[at + q] = (v >> (8 * q)) as u8;
                        }
                    }
                }
            }
        };
        if let Some(l) = self.a_lay {
            put(0, l, self.a, 64, &|m, k| {
                a[(m as usize) * self.kt() + k as usize]
            });
        }
        // B is K×N; its "MN" is N.
        put(b_off, self.b_lay, self.b, self.n as u64, &|nn, k| {
            b[(k as usize) * self.n + nn as usize]
        });
        (img, 0, b_off)
    }

    /// The kernel and its arguments.
    fn run(&self) -> Run {
        let (a, b, c) = self.values();
        let (img, a_off, b_off) = self.image(&a, &b);
        let kt = self.kt() as u64;
        let nd = self.d_regs();
        let dty = match self.d {
            _ if self.nvcc && self.d != Ty::F32 => "b32",
            Ty::F16 => "f16x2",
            Ty::S32 => "s32",
            _ => "f32",
        };
        let ld = match self.d {
            Ty::F16 => "b32",
            t => t.name(),
        };
        // C into each thread's registers, by the figure's layout.
        let per_d = 32 / self.d.bits();
        let mut cin = Vec::new();
        for t in 0..WG {
            for r in 0..nd {
                let mut w = 0u32;
                for e in 0..per_d {
                    let (i, j) = d_place(t, r * per_d + e);
                    w |= c[i * self.n + j] << (e * self.d.bits());
                }
                cin.extend(w.to_le_bytes());
            }
        }
        // A into registers.
        let mut areg = Vec::new();
        if self.a_lay.is_none() {
            let per = 32 / self.a.bits();
            for t in 0..WG {
                for r in 0..4 {
                    let mut w = 0u32;
                    for e in 0..per {
                        let (i, j) = a_place(per, t, r * per + e);
                        w |= self.a.enc(a[i * self.k + j]) << (e * self.a.bits());
                    }
                    areg.extend(w.to_le_bytes());
                }
            }
        }
        let desc = |l: Lay, t: Ty, mn: u64| -> u64 {
            let (lbo, sbo) = l.offsets(mn, kt, t.bits() as u64);
            ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (l.mode() << 62)
        };
        let dregs = (0..nd)
            .map(|i| format!("%d{i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let mut body = String::new();
        for r in 0..nd {
            body += &format!("    ld.global.{ld} %d{r}, [%rd10+{}];\n", 4 * r);
        }
        if self.a_lay.is_none() {
            for r in 0..4 {
                body += &format!("    ld.global.b32 %a{r}, [%rd12+{}];\n", 4 * r);
            }
        }
        let (p, scale0) = match self.scale {
            Scale::Imm(s) => (String::new(), u8::from(s).to_string()),
            Scale::Pred(s) => (
                format!(
                    "    setp.{}.u32 %p2, %r1, 1000;\n",
                    if s { "ne" } else { "eq" }
                ),
                "%p2".to_string(),
            ),
        };
        body += &p;
        body += "    wgmma.fence.sync.aligned;\n";
        let bits = |t: Ty| t.bits() as u64;
        for s in 0..self.steps as u64 {
            // Step s starts at element (0, s·k) of each tile (row 0 of an
            // atom is not permuted).
            let a_op = match self.a_lay {
                Some(l) => {
                    let o = l.offsets(64, kt, bits(self.a));
                    let start = a_off + l.place(0, s * self.k as u64, bits(self.a), o).0;
                    body += &format!(
                        "    add.s64 %rd13, %rd5, {start};\n    and.b64 %rd13, %rd13, 0x3FFFF;\n    shr.u64 %rd13, %rd13, 4;\n    or.b64 %rd14, %rd13, {:#x};\n",
                        desc(l, self.a, 64)
                    );
                    "%rd14".to_string()
                }
                None => "{%a0, %a1, %a2, %a3}".to_string(),
            };
            let l = self.b_lay;
            let o = l.offsets(self.n as u64, kt, bits(self.b));
            let start = b_off + l.place(0, s * self.k as u64, bits(self.b), o).0;
            body += &format!(
                "    add.s64 %rd15, %rd5, {start};\n    and.b64 %rd15, %rd15, 0x3FFFF;\n    shr.u64 %rd15, %rd15, 4;\n    or.b64 %rd16, %rd15, {:#x};\n",
                desc(l, self.b, self.n as u64)
            );
            let scale = if s == 0 { scale0.clone() } else { "1".into() };
            let mut tail = String::new();
            if matches!(self.a, Ty::F16 | Ty::Bf16 | Ty::Tf32 | Ty::E4m3 | Ty::E5m2) {
                let sc = |neg: bool| if neg { "-1" } else { "1" };
                tail += &format!(", {}, {}", sc(self.neg.0), sc(self.neg.1));
                if matches!(self.a, Ty::F16 | Ty::Bf16) {
                    let tr = |l: Option<Lay>| u8::from(l.is_some_and(|l| !l.k_major));
                    if self.a_lay.is_some() {
                        tail += &format!(", {}", tr(self.a_lay));
                    }
                    tail += &format!(", {}", tr(Some(self.b_lay)));
                }
            }
            if self.nvcc {
                body += &format!(
                    "    {{\n    .reg .pred p;\n    setp.ne.b32 p, %r4, 0;\n    {} {{{dregs}}}, {a_op}, %rd16, p{tail};\n    }}\n",
                    self.opcode()
                );
            } else {
                body += &format!(
                    "    {} {{{dregs}}}, {a_op}, %rd16, {scale}{tail};\n",
                    self.opcode()
                );
            }
        }
        body += "    wgmma.commit_group.sync.aligned;\n    wgmma.wait_group.sync.aligned 0;\n";
        for r in 0..nd {
            body += &format!("    st.global.{ld} [%rd17+{}], %d{r};\n", 4 * r);
        }
        let words = img.len() / 4;
        let src = format!(
            ".version 8.0\n.target sm_90a\n.address_size 64\n\n\
.visible .entry wg(.param .u64 img, .param .u64 cin, .param .u64 areg, .param .u64 out)\n{{\n\
    .shared .align 1024 .b8 smem[{size}];\n\
    .reg .pred %p<4>;\n    .reg .b32 %r<8>;\n    .reg .b64 %rd<20>;\n\
    .reg .{dty} %d<{nd}>;\n    .reg .b32 %a<4>;\n\
    ld.param.u64 %rd1, [img];\n    ld.param.u64 %rd2, [cin];\n    ld.param.u64 %rd3, [areg];\n    ld.param.u64 %rd4, [out];\n\
    mov.u32 %r1, %tid.x;\n    mov.u64 %rd5, smem;\n    mov.u32 %r2, %r1;\n\
COPY:\n    setp.ge.u32 %p1, %r2, {words};\n    @%p1 bra COPIED;\n\
    mul.wide.u32 %rd6, %r2, 4;\n    add.s64 %rd7, %rd1, %rd6;\n    ld.global.u32 %r3, [%rd7];\n\
    add.s64 %rd8, %rd5, %rd6;\n    st.shared.u32 [%rd8], %r3;\n    add.u32 %r2, %r2, 128;\n    bra COPY;\n\
COPIED:\n    bar.sync 0;\n    fence.proxy.async.shared::cta;\n    mov.u32 %r4, {scale_reg};\n\
    mul.wide.u32 %rd9, %r1, {dbytes};\n    add.s64 %rd10, %rd2, %rd9;\n    add.s64 %rd17, %rd4, %rd9;\n\
    mul.wide.u32 %rd11, %r1, 16;\n    add.s64 %rd12, %rd3, %rd11;\n\
{body}    ret;\n}}\n",
            size = img.len().max(16),
            scale_reg = u8::from(!matches!(self.scale, Scale::Imm(false) | Scale::Pred(false))),
            dbytes = nd * 4,
        );
        let mut files = vec![("img.bin".to_string(), img), ("cin.bin".to_string(), cin)];
        let mut args: Vec<String> = ["--block", "128", "--device", "sm_90", "--set"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.push(format!("img={IMG:#x}"));
        for (name, v) in [("cin", CIN), ("areg", AREG), ("out", OUT)] {
            args.push("--set".into());
            args.push(format!("{name}={v:#x}"));
        }
        if !areg.is_empty() {
            files.push(("areg.bin".to_string(), areg));
        }
        Run { src, args, files }
    }

    /// The expected D registers of every thread, in order.
    fn expected(&self) -> Vec<u32> {
        let (a, b, c) = self.values();
        let kt = self.kt();
        let (sa, sb) = (
            if self.neg.0 { -1 } else { 1 },
            if self.neg.1 { -1 } else { 1 },
        );
        let keep_c = !matches!(self.scale, Scale::Imm(false) | Scale::Pred(false));
        let mut d = vec![0u32; 64 * self.n];
        for i in 0..64 {
            for j in 0..self.n {
                let mut s: i64 = (0..kt)
                    .map(|t| sa * a[i * kt + t] * sb * b[t * self.n + j])
                    .sum();
                let cv = c[i * self.n + j];
                d[i * self.n + j] = match self.d {
                    Ty::S32 => {
                        if keep_c {
                            s += i64::from(cv as i32);
                        }
                        if self.satfinite {
                            s.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u32
                        } else {
                            s as u32
                        }
                    }
                    t => {
                        if keep_c {
                            s += decode_int(t, cv);
                        }
                        t.enc(s)
                    }
                };
            }
        }
        let per_d = 32 / self.d.bits();
        let mut out = Vec::new();
        for t in 0..WG {
            for r in 0..self.d_regs() {
                let mut w = 0u32;
                for e in 0..per_d {
                    let (i, j) = d_place(t, r * per_d + e);
                    w |= d[i * self.n + j] << (e * self.d.bits());
                }
                out.push(w);
            }
        }
        out
    }
}

/// The integer value of an f16/f32 accumulator's bits (an integer here).
fn decode_int(t: Ty, bits: u32) -> i64 {
    let f = match t {
        Ty::F16 => f32::from_bits(ptxfp_tc::f16_to_f32_bits(bits as u16)),
        _ => f32::from_bits(bits),
    };
    assert_eq!(f.fract(), 0.0);
    f as i64
}

/// Runs a case: the D words of every thread, or the error text.
fn exec(r: &Run, name: &str) -> Result<Vec<u32>, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("{name}.ptx"));
    std::fs::write(&path, &r.src).unwrap();
    let mut all: Vec<String> = vec!["run".into(), path.to_string_lossy().into_owned()];
    all.extend(r.args.iter().cloned());
    for (f, bytes) in &r.files {
        let p = dir.path().join(f);
        std::fs::write(&p, bytes).unwrap();
        let at = match f.as_str() {
            "img.bin" => IMG,
            "cin.bin" => CIN,
            _ => AREG,
        };
        all.push("--mem-file".into());
        all.push(format!("{at:#x}={}", p.display()));
    }
    let refs: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
    let o = ptxfp(&refs);
    let (stdout, stderr) = text(&o);
    if o.status.code() != Some(0) {
        return Err(stderr);
    }
    assert!(!stderr.contains("warning"), "{stderr}");
    let mut bytes = std::collections::BTreeMap::new();
    for line in stdout.lines().filter(|l| l.starts_with("mem[0x")) {
        let start = u64::from_str_radix(&line[6..line.find("..").unwrap()], 16).unwrap();
        for (i, b) in line.split(" = ").nth(1).unwrap().split(' ').enumerate() {
            bytes.insert(start + i as u64, u8::from_str_radix(b, 16).unwrap());
        }
    }
    let n = r.src.matches("st.global.").count();
    Ok((0..WG * n)
        .map(|q| {
            let a = OUT + 4 * q as u64;
            let b = |x: u64| {
                *bytes
                    .get(&(a + x))
                    .unwrap_or_else(|| panic!("no byte at {:#x}", a + x))
            };
            u32::from_le_bytes([b(0), b(1), b(2), b(3)])
        })
        .collect())
}

fn check(c: &Case, what: &str) {
    let r = c.run();
    let got = exec(&r, "k").unwrap_or_else(|e| panic!("{what}: {e}\n{}", c.opcode()));
    let want = c.expected();
    assert_eq!(got.len(), want.len(), "{what}");
    for (q, (g, w)) in got.iter().zip(&want).enumerate() {
        let (t, r) = (q / c.d_regs(), q % c.d_regs());
        assert_eq!(
            g, w,
            "{what}: thread {t} d{r}: {g:#010x}, expected {w:#010x}"
        );
    }
}

#[test]
fn f16_k_major_no_swizzle_m64n8k16() {
    check(
        &case(
            8,
            Ty::F32,
            (Ty::F16, Ty::F16),
            Some(lay(0, true)),
            lay(0, true),
        ),
        "n8",
    );
    // The other arrangement of core matrices: those along MN contiguous
    // (LBO and SBO swap roles; a decoder that swapped them fails one).
    let mn_fast = Lay {
        mn_fast: true,
        ..lay(0, true)
    };
    check(
        &case(16, Ty::F32, (Ty::F16, Ty::F16), Some(mn_fast), mn_fast),
        "mn-fast",
    );
}

#[test]
fn f16_m64n256k16_128_byte_swizzle() {
    check(
        &case(
            256,
            Ty::F32,
            (Ty::F16, Ty::F16),
            Some(lay(128, true)),
            lay(128, true),
        ),
        "n256 sw128",
    );
}

#[test]
fn every_swizzle_k_major_and_mn_major() {
    for w in [0, 32, 64, 128] {
        for k_major in [true, false] {
            let mut c = case(
                24,
                Ty::F32,
                (Ty::Bf16, Ty::Bf16),
                Some(lay(w, k_major)),
                lay(w, !k_major),
            );
            c.seed = w + u64::from(k_major);
            check(&c, &format!("bf16 swizzle {w} A k-major {k_major}"));
        }
    }
    // MN-major without swizzle, core matrices along K contiguous.
    let mn_fast = Lay {
        mn_fast: true,
        ..lay(0, false)
    };
    check(
        &case(16, Ty::F32, (Ty::F16, Ty::F16), Some(mn_fast), mn_fast),
        "mn-major mn-fast",
    );
}

#[test]
fn f16_accumulator_scale_d_false_and_negated_a() {
    let mut c = case(
        32,
        Ty::F16,
        (Ty::F16, Ty::F16),
        Some(lay(64, true)),
        lay(32, false),
    );
    c.scale = Scale::Pred(false);
    c.neg = (true, false);
    check(&c, "f16 D, scale-d false, -A");
    c.scale = Scale::Imm(false);
    c.neg = (false, true);
    check(&c, "f16 D, scale-d 0, -B");
    c.scale = Scale::Pred(true);
    c.neg = (true, true);
    check(&c, "f16 D, scale-d true, -A -B");
}

#[test]
fn a_from_registers() {
    let mut c = case(16, Ty::F32, (Ty::F16, Ty::F16), None, lay(32, false));
    c.neg = (false, true);
    check(&c, "f16 A in registers");
    check(
        &case(8, Ty::F32, (Ty::Tf32, Ty::Tf32), None, lay(32, true)),
        "tf32 A in registers",
    );
    check(
        &case(16, Ty::S32, (Ty::S8, Ty::U8), None, lay(0, true)),
        "s8 A in registers",
    );
    check(
        &case(8, Ty::F32, (Ty::E4m3, Ty::E4m3), None, lay(64, true)),
        "e4m3 A in registers",
    );
}

/// The instruction as nvcc emits CUTLASS's `SM90_64x32x16_F16F16F16_SS`
/// and `_RS` atoms (NVIDIA/cutlass include/cute/arch/mma_sm90_gmma.hpp,
/// commit 19e8990d24a80152ea33ca64ee003aca60b02928): `.b32` accumulators
/// ("+r"), `scale-d` a predicate set in a `{ }` block (".reg .pred p;
/// setp.ne.b32 p, %N, 0;"), the scales and transposes constants.
#[test]
fn cutlass_atoms_as_nvcc_emits_them() {
    let mut c = case(
        32,
        Ty::F16,
        (Ty::F16, Ty::F16),
        Some(lay(128, true)),
        lay(64, false),
    );
    c.nvcc = true;
    check(&c, "SM90_64x32x16_F16F16F16_SS");
    let mut c = case(32, Ty::F16, (Ty::F16, Ty::F16), None, lay(128, true));
    c.nvcc = true;
    c.scale = Scale::Imm(false);
    check(&c, "SM90_64x32x16_F16F16F16_RS, scale-d false");
    let mut c = case(
        64,
        Ty::F32,
        (Ty::Bf16, Ty::Bf16),
        Some(lay(128, true)),
        lay(128, true),
    );
    c.nvcc = true;
    check(&c, "SM90_64x64x16_F32BF16BF16_SS");
}

#[test]
fn chained_k_steps_accumulate() {
    // Four k16 steps through one 128-byte-swizzled tile of K = 64: each
    // descriptor starts 32 bytes further along the rows (the swizzle is
    // of the address, so the start need not be an atom's).
    let mut c = case(
        8,
        Ty::F32,
        (Ty::F16, Ty::F16),
        Some(lay(128, true)),
        lay(128, true),
    );
    c.steps = 4;
    c.scale = Scale::Imm(false);
    check(&c, "4 steps sw128");
    // Two steps without swizzle (each 2·LBO further), and MN-major.
    let mut c = case(
        16,
        Ty::F32,
        (Ty::F16, Ty::F16),
        Some(lay(0, true)),
        lay(64, false),
    );
    c.steps = 2;
    check(&c, "2 steps");
}

#[test]
fn tf32_fp8_and_integer_forms() {
    check(
        &case(
            16,
            Ty::F32,
            (Ty::Tf32, Ty::Tf32),
            Some(lay(32, true)),
            lay(128, true),
        ),
        "tf32",
    );
    check(
        &case(
            24,
            Ty::F32,
            (Ty::E4m3, Ty::E5m2),
            Some(lay(0, true)),
            lay(64, true),
        ),
        "e4m3 x e5m2",
    );
    // FP8 with an .f16 accumulator: the two-pass fp16 rule fitted on the
    // published H100 measurements; small integers make every step exact.
    check(
        &case(
            8,
            Ty::F16,
            (Ty::E5m2, Ty::E5m2),
            Some(lay(128, true)),
            lay(0, true),
        ),
        "e5m2 -> f16",
    );
    check(
        &case(
            24,
            Ty::S32,
            (Ty::S8, Ty::U8),
            Some(lay(0, true)),
            lay(32, true),
        ),
        "s8 x u8",
    );
    check(
        &case(
            48,
            Ty::S32,
            (Ty::U8, Ty::S8),
            Some(lay(128, true)),
            lay(0, true),
        ),
        "u8 x s8",
    );
    let mut c = case(
        16,
        Ty::S32,
        (Ty::S8, Ty::S8),
        Some(lay(64, true)),
        lay(64, true),
    );
    c.satfinite = true;
    check(&c, "s8 satfinite");
    // N = 256 and `.satfinite` after the types, as CUTLASS's integer atoms
    // write them (docs/ENGINE.md "Tensor cores: wgmma").
    let mut c = case(
        256,
        Ty::S32,
        (Ty::U8, Ty::S8),
        Some(lay(0, true)),
        lay(0, true),
    );
    c.satfinite = true;
    c.satfinite_last = true;
    check(&c, "u8 x s8 n256 satfinite last");
    check(
        &case(
            8,
            Ty::S32,
            (Ty::B1, Ty::B1),
            Some(lay(0, true)),
            lay(128, true),
        ),
        "b1 and.popc",
    );
}

/// Values whose sums round: A and B random f16 bits (finite), C random
/// f32; D compared with `Model::dot` of the H100 on the rows and columns
/// the test's own layout gives.
#[test]
fn rounding_is_the_h100_model() {
    let mut c = case(
        16,
        Ty::F32,
        (Ty::F16, Ty::F16),
        Some(lay(128, true)),
        lay(0, false),
    );
    let mut r = c.run();
    // Rewrite the image and C with random values, placed by the same
    // layout.
    let mut g = Lcg(99);
    let kt = c.kt();
    let finite = |g: &mut Lcg| loop {
        let x = g.next() as u16 & 0xbfff; // |x| < 2: no overflow
        if x & 0x7c00 != 0x7c00 {
            return x;
        }
    };
    let a: Vec<u16> = (0..64 * kt).map(|_| finite(&mut g)).collect();
    let b: Vec<u16> = (0..kt * c.n).map(|_| finite(&mut g)).collect();
    let cm: Vec<u32> = (0..64 * c.n).map(|_| g.next() & 0xbfff_ffff).collect();
    let img = &mut r.files[0].1;
    img.iter_mut().for_each(|x| *x = 0);
    for (which, l, mn) in [(0, c.a_lay.unwrap(), 64u64), (1, c.b_lay, c.n as u64)] {
        let off = if which == 0 {
            0
        } else {
            c.image(&vec![0; 64 * kt], &vec![0; kt * c.n]).2
        };
        let o = l.offsets(mn, kt as u64, 16);
        for x in 0..mn {
            for y in 0..kt as u64 {
                let v = if which == 0 {
                    a[x as usize * kt + y as usize]
                } else {
                    b[y as usize * c.n + x as usize]
                };
                let at = (off + l.place(x, y, 16, o).0) as usize;
                img[at..at + 2].copy_from_slice(&v.to_le_bytes());
            }
        }
    }
    let mut cin = Vec::new();
    for t in 0..WG {
        for i in 0..c.d_regs() {
            let (row, col) = d_place(t, i);
            cin.extend(cm[row * c.n + col].to_le_bytes());
        }
    }
    r.files[1].1 = cin;
    c.seed = 0;
    let got = exec(&r, "round").unwrap();
    let model = Model::new(Gpu::H100, InFormat::F16, OutFormat::F32).unwrap();
    let f = |h: u16| ptxfp_tc::f16_to_f32_bits(h);
    let mut inexact = 0;
    for t in 0..WG {
        for i in 0..c.d_regs() {
            let (row, col) = d_place(t, i);
            let ar: Vec<u32> = (0..kt).map(|k| f(a[row * kt + k])).collect();
            let bc: Vec<u32> = (0..kt).map(|k| f(b[k * c.n + col])).collect();
            let want = model.dot(&ar, &bc, cm[row * c.n + col]).unwrap();
            assert_eq!(got[t * c.d_regs() + i], want, "thread {t} d{i}");
            // The exact sum in f64 (16 products of 11-bit significands and
            // an f32 fit 53 bits only when close in scale): count those
            // the model rounded, to show that rounding took place.
            let exact: f64 = ar
                .iter()
                .zip(&bc)
                .map(|(x, y)| f64::from(f32::from_bits(*x)) * f64::from(f32::from_bits(*y)))
                .sum::<f64>()
                + f64::from(f32::from_bits(cm[row * c.n + col]));
            if f64::from(f32::from_bits(want)) != exact {
                inexact += 1;
            }
        }
    }
    assert!(inexact > 100, "{inexact}");
}

/// A kernel of `c` with `edit` applied to its text and `args` changed.
fn broken(c: &Case, edit: impl Fn(String) -> String, args: impl Fn(&mut Vec<String>)) -> String {
    let mut r = c.run();
    r.src = edit(r.src);
    args(&mut r.args);
    match exec(&r, "bad") {
        Err(e) => e,
        Ok(_) => panic!("the run should fail:\n{}", r.src),
    }
}

fn expect(e: &str, line: usize, what: &str) {
    assert!(e.contains(&format!(".ptx:{line}:")), "line {line}: {e}");
    assert!(e.contains(what), "{what}: {e}");
}

/// The line of the first statement containing `s`.
fn line_of(src: &str, s: &str) -> usize {
    src.lines().position(|l| l.contains(s)).unwrap() + 1
}

#[test]
fn misuse_is_a_clear_error_at_its_line() {
    let c = case(
        8,
        Ty::F32,
        (Ty::F16, Ty::F16),
        Some(lay(128, true)),
        lay(128, true),
    );
    let src = c.run().src;
    let at = line_of(&src, "wgmma.mma_async");
    let keep = |s: String| s;
    let same = |_: &mut Vec<String>| {};
    // Half a warpgroup.
    let e = broken(&c, keep, |a| a[1] = "64".into());
    expect(&e, at, "warpgroup 0 of this CTA has 64 threads");
    // A wrong operand count names the count and the forms.
    let e = broken(&c, |s| s.replace(", 1, 1, 0, 0;", ", 1, 1, 0;"), same);
    expect(&e, at, "takes 8 operands with A from a descriptor, not 7");
    expect(&e, at, "imm-trans-a, imm-trans-b");
    let e = broken(&c, |s| s.replace(", 1, 1, 0, 0;", ", 1, 2, 0, 0;"), same);
    expect(&e, at, "imm-scale-b is an integer constant, 1 or -1");
    // A start address in no shared variable.
    let nowhere = |s: String| {
        s.replacen(
            "    and.b64 %rd15",
            "    add.s64 %rd15, %rd15, 0x20000;\n    and.b64 %rd15",
            1,
        )
    };
    let e = broken(&c, nowhere, same);
    expect(&e, at + 1, "is in no .shared variable");
    // Offsets that reach past the shared array.
    let far = |s: String| {
        s.replace(
            "    wgmma.mma_async",
            "    or.b64 %rd14, %rd14, 0x3fff00000000;\n    wgmma.mma_async",
        )
    };
    let e = broken(&c, far, same);
    expect(&e, at + 1, "outside every .shared variable");
    // Shared memory never written.
    let unwritten = |s: String| s.replace("    st.shared.u32 [%rd8], %r3;\n", "");
    let e = broken(&c, unwritten, same);
    expect(&e, at - 1, "was never written");
    // A base offset.
    let based = |s: String| {
        s.replace(
            "    wgmma.mma_async",
            "    or.b64 %rd16, %rd16, 0x2000000000000;\n    wgmma.mma_async",
        )
    };
    let e = broken(&c, based, same);
    expect(&e, at + 1, "base offset 1");
    // Descriptors that differ between the threads.
    let differ = |s: String| {
        s.replace(
            "    wgmma.mma_async",
            "    add.s64 %rd16, %rd16, %rd9;\n    wgmma.mma_async",
        )
    };
    let e = broken(&c, differ, same);
    expect(&e, at + 1, "b-desc is");
    assert!(e.contains("thread (1,0,0)"), "{e}");
    // A warp that exited (after the others arrived: warps run in order),
    // and one that exited first.
    let gone = |s: String| {
        s.replace(
            "    wgmma.fence",
            "    setp.ge.u32 %p3, %r1, 96;\n    @%p3 exit;\n    wgmma.fence",
        )
    };
    let e = broken(&c, gone, same);
    expect(&e, at + 2, "warp 3 has exited threads");
    let first = |s: String| {
        s.replace(
            "    wgmma.fence",
            "    setp.lt.u32 %p3, %r1, 32;\n    @%p3 exit;\n    wgmma.fence",
        )
    };
    let e = broken(&c, first, same);
    expect(&e, at + 2, "warp 0 of warpgroup 0 has exited threads");
    // A warp elsewhere: a deadlock that says where each warp is.
    let away = |s: String| {
        s.replace(
            "    wgmma.fence",
            "    setp.ge.u32 %p3, %r1, 96;\n    @%p3 bra SKIP;\n    wgmma.fence",
        )
        .replace(
            "    wgmma.commit_group",
            "SKIP:\n    bar.sync 1;\n    wgmma.commit_group",
        )
    };
    let e = broken(&c, away, same);
    expect(
        &e,
        at + 2,
        "deadlock: warp(s) 0, 1, 2 of warpgroup 0 wait at this wgmma.mma_async",
    );
    assert!(e.contains("warp 3 waits at barrier 1"), "{e}");
    // Divergence inside a warp.
    let split = |s: String| {
        s.replace(
            "    wgmma.fence",
            "    setp.ge.u32 %p3, %r1, 100;\n    @%p3 bra SKIP;\n    wgmma.fence",
        )
        .replace("    wgmma.commit_group", "SKIP:\n    wgmma.commit_group")
    };
    let e = broken(&c, split, same);
    expect(
        &e,
        line_of(&src, "wgmma.fence") + 2,
        "needs all 32 threads of the warp; 4 of them",
    );
    // The sparse form is refused where it is reached, saying why.
    let sparse = |s: String| s.replace("wgmma.mma_async.sync", "wgmma.mma_async.sp.sync");
    let e = broken(&c, sparse, same);
    expect(&e, at, "sparse `.sp` forms are not run");
    // Another device.
    let e = broken(&c, keep, |a| a[3] = "sm_100".into());
    assert!(e.contains("sm_90a") && e.contains("sm_100"), "{e}");
}

#[test]
fn check_accepts_the_kernels_and_wants_sm_90a() {
    let c = case(16, Ty::F32, (Ty::F16, Ty::F16), None, lay(32, false));
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("k.ptx");
    let src = c.run().src;
    std::fs::write(&p, &src).unwrap();
    let o = ptxfp(&["check", p.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains("0 error(s), 0 warning(s)"), "{out}");
    // A shape no row admits is an error of `check`, at its line.
    std::fs::write(&p, src.replace(".m64n16k16.", ".m64n12k16.")).unwrap();
    let o = ptxfp(&["check", p.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    let at = line_of(&src, "wgmma.mma_async");
    assert!(
        err.contains(&format!("k.ptx:{at}:"))
            && err.contains("take the shapes `.m64nNk16` with N = 8, 16, ..., 256"),
        "{err}"
    );
    // A wrong operand count, and a D vector of the wrong size, too.
    assert!(src.contains("%rd16, 1, 1, 1, 1;"), "{src}");
    for (edit, what) in [
        (
            src.replace("%rd16, 1, 1, 1, 1;", "%rd16, 1, 1, 1;"),
            "takes 7 operands with A in registers, not 6",
        ),
        (
            src.replace(
                "{%d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7}",
                "{%d0, %d1, %d2, %d3}",
            ),
            "operand d is a vector of 8 registers",
        ),
    ] {
        std::fs::write(&p, edit).unwrap();
        let o = ptxfp(&["check", p.to_str().unwrap()]);
        let (out, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{out}{err}");
        assert!(
            err.contains(&format!("k.ptx:{at}:")) && err.contains(what),
            "{what}: {err}"
        );
    }
    std::fs::write(&p, src.replace(".target sm_90a", ".target sm_90")).unwrap();
    let o = ptxfp(&["check", p.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert!(
        format!("{out}{err}").contains(
            "requires sm_90a (an architecture-specific feature of sm_90); the target is sm_90"
        ),
        "{out}{err}"
    );
}

/// A Hopper GEMM's data path end to end: TMA (`cp.async.bulk.tensor`,
/// 128-byte swizzle, docs/ENGINE.md "Tensor copies") brings a 64 x 64
/// `.f16` A and an 8 x 64 B (both K-major) into shared memory, and four
/// `wgmma` k16 steps read them through 128-byte-swizzle descriptors (SBO
/// 1024, each step's start 32 bytes on). The copy places the 16-byte cells
/// by 5.5.7's table and `wgmma` reads them by its own swizzle-atom layout,
/// two readings of the swizzle written separately: only if they agree is
/// D the exact product. Small integers keep every sum exact in `.f32`.
#[test]
fn tma_loads_feed_wgmma_through_the_128_byte_swizzle() {
    let src = r#".version 8.0
.target sm_90a
.address_size 64
.visible .entry g(.param .align 64 .b8 ta[128], .param .align 64 .b8 tb[128], .param .u64 out)
{
    .shared .align 1024 .b8 sa[8192];
    .shared .align 1024 .b8 sb[1024];
    .shared .align 8 .b64 bar;
    .reg .pred %p<4>;
    .reg .b32 %r<8>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<8>;
    mov.u32 %r0, %tid.x;
    mov.u32 %r1, bar;
    mov.u32 %r2, sa;
    mov.u32 %r3, sb;
    setp.ne.u32 %p1, %r0, 0;
    @%p1 bra SYNC;
    mbarrier.init.shared::cta.b64 [%r1], 1;
    mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 9216;
    mov.u32 %r4, 0;
    mov.b64 %rd6, ta;
    cvta.param.u64 %rd6, %rd6;
    mov.b64 %rd7, tb;
    cvta.param.u64 %rd7, %rd7;
    cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%r2], [%rd6, {%r4, %r4}], [%r1];
    cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%r3], [%rd7, {%r4, %r4}], [%r1];
SYNC:
    bar.sync 0;
WAIT:
    mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r1], 0;
    @!%p2 bra WAIT;
    cvt.u64.u32 %rd1, %r2;
    shr.u64 %rd1, %rd1, 4;
    and.b64 %rd1, %rd1, 16383;
    or.b64 %rd1, %rd1, 4611686293305360384;
    cvt.u64.u32 %rd2, %r3;
    shr.u64 %rd2, %rd2, 4;
    and.b64 %rd2, %rd2, 16383;
    or.b64 %rd2, %rd2, 4611686293305360384;
    wgmma.fence.sync.aligned;
    wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd2, 0, 1, 1, 0, 0;
    add.u64 %rd1, %rd1, 2;
    add.u64 %rd2, %rd2, 2;
    wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd2, 1, 1, 1, 0, 0;
    add.u64 %rd1, %rd1, 2;
    add.u64 %rd2, %rd2, 2;
    wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd2, 1, 1, 1, 0, 0;
    add.u64 %rd1, %rd1, 2;
    add.u64 %rd2, %rd2, 2;
    wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd2, 1, 1, 1, 0, 0;
    wgmma.commit_group.sync.aligned;
    wgmma.wait_group.sync.aligned 0;
    ld.param.u64 %rd3, [out];
    mul.wide.u32 %rd4, %r0, 16;
    add.u64 %rd5, %rd3, %rd4;
    st.global.v4.f32 [%rd5], {%f0, %f1, %f2, %f3};
    ret;
}
"#;
    // The descriptor's constant part: LBO 1 ("assumed 1" when swizzled
    // K-major) at bit 16, SBO 1024 >> 4 = 64 at bit 32, swizzle 1 (128
    // bytes) at bit 62.
    assert_eq!((1u64 << 16) | (64 << 32) | (1 << 62), 4611686293305360384);
    let (m, n, k) = (64usize, 8usize, 64usize);
    let a = |i: usize, j: usize| ((i * 3 + j * 5) % 7) as i64 - 3;
    let b = |j: usize, c: usize| ((c + 2 * j) % 5) as i64 - 2;
    // Small integers are exact in .f16: sign, exponent 15 + e (2^e the
    // leading bit), 10 fraction bits; 1 is 0x3c00, -3 is 0xc200.
    let f16 = |v: i64| -> u16 {
        if v == 0 {
            return 0;
        }
        let (s, m) = (u16::from(v < 0) << 15, v.unsigned_abs());
        let e = 63 - m.leading_zeros() as u64;
        s | ((15 + e as u16) << 10) | ((m << (10 - e)) & 0x3ff) as u16
    };
    assert_eq!((f16(1), f16(-3), f16(2)), (0x3c00, 0xc200, 0x4000));
    let amem: Vec<u8> = (0..m)
        .flat_map(|i| (0..k).map(move |j| f16(a(i, j))))
        .flat_map(u16::to_le_bytes)
        .collect();
    let bmem: Vec<u8> = (0..n)
        .flat_map(|c| (0..k).map(move |j| f16(b(j, c))))
        .flat_map(u16::to_le_bytes)
        .collect();
    let hexs = |v: &[u8]| v.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let o = common::run_src(
        "g.ptx",
        src,
        &[
            "--block",
            "128",
            "--tensor-map",
            "ta=f16:64x64@0x10000:box=64x64:swizzle=128",
            "--tensor-map",
            "tb=f16:64x8@0x20000:box=64x8:swizzle=128",
            "--mem",
            &format!("0x10000={}", hexs(&amem)),
            "--mem",
            &format!("0x20000={}", hexs(&bmem)),
            "--set",
            "out=0x40000",
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    let got = common::mem(&o, 0x40000, WG * 16);
    for t in 0..WG {
        for i in 0..4 {
            let (r, c) = d_place(t, i);
            let want: i64 = (0..k).map(|j| a(r, j) * b(j, c)).sum();
            let at = (t * 4 + i) * 4;
            let v = f32::from_le_bytes(got[at..at + 4].try_into().unwrap());
            assert_eq!(
                v.to_bits(),
                (want as f32).to_bits(),
                "D[{r}][{c}] (thread {t}, d{i})"
            );
        }
    }
}
