//! `mma.sync` on a GPU against `ptxfp run`'s engine (`ptxfp hw mma`).
//!
//! Each case is one `mma.sync.aligned` form. Its kernel runs many warps;
//! every thread loads its own fragment registers of A, B and C from arrays
//! (thread `t` of the grid reads its registers at `base + t * REGS *
//! width`), runs the mma and stores its registers of D the same way. The
//! operands are made as register words, lane by lane, without any
//! knowledge of the fragment layouts: where each element sits in the
//! matrices is the engine's to know (crates/interp/src/mma.rs, from PTX
//! ISA 9.7.14.5.6 to 9.7.14.5.10). ptxfp's side runs the same kernel text
//! with the same memory through `ptxfp::interp` on the device the GPU is;
//! so equal D words prove the engine's layouts and the tensor-core model
//! of that GPU (crates/tc) together.
//!
//! Beside the `mma.sync` forms ([`Kind::Mma`]), the cases measure what
//! the engine chose or transcribed for the matrix moves (docs/ENGINE.md
//! "Tensor cores: ldmatrix, stmatrix, movmatrix" and "Tensor cores:
//! wmma"): `ldmatrix` `.x4` (`.trans`) from a shared tile and the
//! registers it gives ([`Kind::Ldmatrix`]), `wmma.load` alone and the
//! fragment registers it gives (the engine's layout choice, awaiting GPU
//! data: [`Kind::WmmaLoad`]), and a whole `wmma` load/mma/store of
//! m16n16k16 `.f16` with `.f32` accumulators ([`Kind::Wmma`]: the matrix
//! D, whatever the layout). Their A, B and C are matrices, warp after
//! warp, made of the same words.
//!
//! Operands come in three kinds, by warp: edge-weighted ([`EdgeRng`]:
//! zeros, subnormals, infinities, NaNs), finite over the whole range
//! (products far apart: alignment and truncation), and narrow (exponents
//! within a few binades: cancellation, carries and the final rounding).

use ptxfp::gen::stream::EdgeRng;
use ptxfp::interp::{self, Inputs, Options};
use ptxfp::{PtxType, PtxVersion, Target};

/// Threads per block of an mma launch (four warps).
pub const BLOCK: u32 = 128;

/// Warps per block: a launch runs a multiple of it.
pub const WARPS_PER_BLOCK: usize = BLOCK as usize / 32;

/// Where ptxfp's run puts A, B, C and D.
const BASES: [u64; 4] = [0x1_0000_0000, 0x2_0000_0000, 0x3_0000_0000, 0x4_0000_0000];

/// The element type of A and B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ab {
    /// `.f16`.
    F16,
    /// `.bf16`.
    Bf16,
    /// `.tf32`, low 13 bits clear.
    Tf32,
    /// `.tf32` given as any `.f32` bits: the GPU's registers keep the low
    /// 13 bits, [`Case::ptxfp_inputs`] clears them (the ISA does not say
    /// what the hardware does; this case measures it: the H200 ignores
    /// them, and the engine now clears them itself on sm_90 and refuses
    /// them elsewhere).
    Tf32Raw,
    /// `.e4m3`.
    E4m3,
    /// `.e5m2`.
    E5m2,
    /// `.s8`.
    S8,
    /// `.u8`.
    U8,
    /// `.s4`.
    S4,
    /// `.u4`.
    U4,
    /// `.b1` with `.and.popc`.
    B1And,
    /// `.b1` with `.xor.popc`.
    B1Xor,
    /// `.f64` (m8n8k4, and m16n8k4/k8/k16 on sm_90).
    F64,
}

impl Ab {
    fn name(self) -> &'static str {
        match self {
            Ab::F16 => "f16",
            Ab::Bf16 => "bf16",
            Ab::Tf32 | Ab::Tf32Raw => "tf32",
            Ab::E4m3 => "e4m3",
            Ab::E5m2 => "e5m2",
            Ab::S8 => "s8",
            Ab::U8 => "u8",
            Ab::S4 => "s4",
            Ab::U4 => "u4",
            Ab::B1And | Ab::B1Xor => "b1",
            Ab::F64 => "f64",
        }
    }
    /// Elements per register word.
    fn per_word(self) -> usize {
        match self {
            Ab::F16 | Ab::Bf16 => 2,
            Ab::Tf32 | Ab::Tf32Raw | Ab::F64 => 1,
            Ab::S4 | Ab::U4 => 8,
            Ab::B1And | Ab::B1Xor => 32,
            _ => 4,
        }
    }
}

/// The accumulator type of C and D.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acc {
    /// `.f32`.
    F32,
    /// `.f16` (two to a `.b32`).
    F16,
    /// `.s32`.
    S32,
    /// `.f64`.
    F64,
}

impl Acc {
    fn name(self) -> &'static str {
        match self {
            Acc::F32 => "f32",
            Acc::F16 => "f16",
            Acc::S32 => "s32",
            Acc::F64 => "f64",
        }
    }
}

/// What a case's kernel runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `mma.sync` on registers each thread loads.
    Mma,
    /// `ldmatrix.sync.aligned.m8n8.x4{.trans}.shared.b16`: each warp's
    /// 512 bytes of A staged in shared memory, lane `l` giving row `l` (16
    /// bytes); D the four registers of each thread.
    Ldmatrix {
        /// `.trans`.
        trans: bool,
    },
    /// `wmma.load.{a,b,c}.sync.aligned.{row,col,row}.m16n16k16.global.{f16,f16,f32}`
    /// of each warp's matrix in A (0: A, 1: B, 2: C); D the fragment's
    /// eight registers of each thread.
    WmmaLoad(u8),
    /// `wmma.load` A (`.row`), B (`.col`), C (`.row`), `wmma.mma
    /// .row.col.m16n16k16.f32.f32` and `wmma.store.d .row`: D the matrix.
    Wmma,
    /// `wgmma.mma_async.sync.aligned.m64n32kK.f32.T.T` (sm_90a), one
    /// warpgroup per block: the block's threads copy A's bytes (64 a
    /// thread) and B's (32 a thread) into a 1024-aligned shared image,
    /// the descriptors are constants (A K-major, 128-byte swizzle; B
    /// `.f16` N-major with 64-byte swizzle through `imm-trans-b`, FP8
    /// K-major with 128-byte swizzle) plus the image's address, C the
    /// threads' 16 accumulator registers; D those registers after.
    /// Equal D words check the engine's descriptor decoding, canonical
    /// layouts, swizzles, fragments and the H100 model together
    /// (docs/ENGINE.md "Tensor cores: wgmma").
    Wgmma,
}

/// One `mma.sync.aligned` form, or one of the matrix moves ([`Kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// What the kernel runs.
    pub kind: Kind,
    /// M, N, K.
    pub shape: (usize, usize, usize),
    /// A's type (and B's unless `b` differs).
    pub ab: Ab,
    /// B's type: `ab`, or the other FP8 type (mixed FP8: PTX's
    /// `.f8type` for each of A and B).
    pub b: Ab,
    /// C's and D's type.
    pub acc: Acc,
    /// `.satfinite` (integer forms).
    pub satfinite: bool,
}

/// The cases `ptxfp hw mma` runs on a device of `sm`: every form
/// docs/ENGINE.md lists that the device can run, with a tensor-core model
/// of its GPU, plus the `.tf32` measurement with the low bits set.
pub fn cases(sm: u16) -> Vec<Case> {
    let c = |shape, ab, acc| Case {
        kind: Kind::Mma,
        shape,
        ab,
        b: ab,
        acc,
        satfinite: false,
    };
    let mut v = vec![
        c((16, 8, 16), Ab::F16, Acc::F32),
        c((16, 8, 16), Ab::F16, Acc::F16),
        c((16, 8, 16), Ab::Bf16, Acc::F32),
        c((16, 8, 8), Ab::F16, Acc::F32),
        c((16, 8, 8), Ab::F16, Acc::F16),
        c((16, 8, 8), Ab::Bf16, Acc::F32),
        c((16, 8, 8), Ab::Tf32, Acc::F32),
        c((16, 8, 4), Ab::Tf32, Acc::F32),
        c((16, 8, 8), Ab::Tf32Raw, Acc::F32),
        c((16, 8, 32), Ab::S8, Acc::S32),
        c((16, 8, 32), Ab::U8, Acc::S32),
        Case {
            satfinite: true,
            ..c((16, 8, 32), Ab::S8, Acc::S32)
        },
        c((8, 8, 4), Ab::F64, Acc::F64),
        // Volta's m8n8k4 `.f16` (four 8x8x4 products a warp; `.row.col`).
        c((8, 8, 4), Ab::F16, Acc::F32),
        c((8, 8, 4), Ab::F16, Acc::F16),
        // The other integer and single-bit forms (exact in the model:
        // these check the fragment layouts and the wrap/clamp on a GPU).
        c((16, 8, 16), Ab::S8, Acc::S32),
        c((8, 8, 16), Ab::U8, Acc::S32),
        Case {
            b: Ab::U4,
            ..c((16, 8, 64), Ab::S4, Acc::S32)
        },
        Case {
            satfinite: true,
            ..c((16, 8, 32), Ab::S4, Acc::S32)
        },
        c((8, 8, 32), Ab::U4, Acc::S32),
        c((16, 8, 256), Ab::B1Xor, Acc::S32),
        c((16, 8, 128), Ab::B1And, Acc::S32),
        c((8, 8, 128), Ab::B1Xor, Acc::S32),
    ];
    if sm >= 90 {
        // `.f64` m16n8k4/k8/k16 ("require sm_90 or higher"): the order of
        // the fused chain (an H200 agrees with the engine on all three).
        for k in [4, 8, 16] {
            v.push(c((16, 8, k), Ab::F64, Acc::F64));
        }
    }
    if sm >= 89 {
        v.push(c((16, 8, 32), Ab::E4m3, Acc::F32));
        v.push(c((16, 8, 32), Ab::E5m2, Acc::F32));
        // Mixed FP8 (no published measurement: crates/tc models it with
        // the GPU's FP8 path, the products being exact).
        for (a, b) in [(Ab::E4m3, Ab::E5m2), (Ab::E5m2, Ab::E4m3)] {
            v.push(Case {
                b,
                ..c((16, 8, 32), a, Acc::F32)
            });
        }
    }
    if sm >= 89 {
        // FP8 -> f16: Ada's model and the two-pass fp16 rule of Hopper and
        // Blackwell are fitted on the published measurements (whose
        // instruction the data does not say); these measure `mma.sync`.
        v.push(c((16, 8, 32), Ab::E4m3, Acc::F16));
        v.push(c((16, 8, 32), Ab::E5m2, Acc::F16));
        for (a, b) in [(Ab::E4m3, Ab::E5m2), (Ab::E5m2, Ab::E4m3)] {
            v.push(Case {
                b,
                ..c((16, 8, 32), a, Acc::F16)
            });
        }
    }
    let moves = [
        Kind::Ldmatrix { trans: false },
        Kind::Ldmatrix { trans: true },
        Kind::WmmaLoad(0),
        Kind::WmmaLoad(1),
        Kind::WmmaLoad(2),
        Kind::Wmma,
    ];
    v.extend(moves.map(|kind| Case {
        kind,
        ..c((16, 16, 16), Ab::F16, Acc::F32)
    }));
    // wgmma: sm_90a code, which runs on sm_90 devices only.
    if sm == 90 {
        for (k, ab) in [(16, Ab::F16), (32, Ab::E4m3)] {
            v.push(Case {
                kind: Kind::Wgmma,
                ..c((64, 32, k), ab, Acc::F32)
            });
        }
    }
    v
}

impl Case {
    /// The instruction: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`.
    pub fn opcode(&self) -> String {
        match self.kind {
            Kind::Mma => {}
            Kind::Ldmatrix { trans } => {
                let t = if trans { ".trans" } else { "" };
                return format!("ldmatrix.sync.aligned.m8n8.x4{t}.shared.b16");
            }
            Kind::WmmaLoad(w) => {
                let (x, layout, ty) = [
                    ("a", "row", "f16"),
                    ("b", "col", "f16"),
                    ("c", "row", "f32"),
                ][usize::from(w.min(2))];
                return format!("wmma.load.{x}.sync.aligned.{layout}.m16n16k16.global.{ty}");
            }
            Kind::Wmma => return "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32".into(),
            Kind::Wgmma => {
                let (m, n, k) = self.shape;
                let a = self.ab.name();
                return format!("wgmma.mma_async.sync.aligned.m{m}n{n}k{k}.f32.{a}.{a}");
            }
        }
        let (m, n, k) = self.shape;
        let (a, b, c) = (self.ab.name(), self.b.name(), self.acc.name());
        let sat = if self.satfinite { ".satfinite" } else { "" };
        let bit_op = match self.ab {
            Ab::B1And => ".and.popc",
            Ab::B1Xor => ".xor.popc",
            _ => "",
        };
        format!("mma.sync.aligned.m{m}n{n}k{k}.row.col{sat}.{c}.{a}.{b}.{c}{bit_op}")
    }

    /// The record's name: the opcode, and for [`Ab::Tf32Raw`] what differs.
    pub fn name(&self) -> String {
        if self.ab == Ab::Tf32Raw {
            format!("{}.low-bits-set", self.opcode())
        } else {
            self.opcode()
        }
    }

    /// Bytes of one register of A/B and of C/D.
    fn widths(&self) -> (usize, usize) {
        (
            if self.ab == Ab::F64 { 8 } else { 4 },
            if self.acc == Acc::F64 { 8 } else { 4 },
        )
    }

    /// Registers per thread of A, B and C (= D).
    pub fn regs(&self) -> (usize, usize, usize) {
        let (m, n, k) = self.shape;
        let per = self.ab.per_word();
        let acc_per = if self.acc == Acc::F16 { 2 } else { 1 };
        if (m, n, k) == (8, 8, 4) && self.ab == Ab::F16 {
            // "A warp executing mma.m8n8k4 with .f16 floating point type
            // will compute 4 MMA operations of shape .m8n8k4", each on 8
            // threads: two `.f16x2` registers of A and of B, eight
            // accumulators (four `.f16x2` or eight `.f32`).
            return (2, 2, 8 / acc_per);
        }
        (m * k / 32 / per, k * n / 32 / per, m * n / 32 / acc_per)
    }

    /// Bytes per thread of A, B, C (and D). For the matrix moves, a
    /// warp's matrix over its 32 threads, or the registers D holds.
    pub fn bytes(&self) -> [usize; 3] {
        match self.kind {
            Kind::Mma => {}
            // A: the warp's 32 rows of 16 bytes; D: four registers (B, one
            // word a thread, is not read: every array has bytes).
            Kind::Ldmatrix { .. } => return [16, 4, 16],
            // A: the matrix (16x16 .f16: 16 bytes a thread; .f32: 32);
            // D: eight registers.
            Kind::WmmaLoad(w) => return [if w == 2 { 32 } else { 16 }, 4, 32],
            Kind::Wmma => return [16, 16, 32],
            // A: 8 KiB of image, B: 4 KiB, over 128 threads; C and D:
            // 64×32 .f32 over 128 threads.
            Kind::Wgmma => return [64, 32, 64],
        }
        let (na, nb, nc) = self.regs();
        let (wab, wc) = self.widths();
        [na * wab, nb * wab, nc * wc]
    }

    /// The target of the kernel for a device of `target`: `sm_90a` for
    /// `wgmma` (an architecture-specific feature), else `target`.
    pub fn code_target(&self, target: Target) -> Target {
        if self.kind == Kind::Wgmma {
            Target {
                sm: 90,
                variant: ptxfp::Variant::Arch,
            }
        } else {
            target
        }
    }

    /// The lowest target that runs the form (docs/ENGINE.md's table).
    pub fn target(&self) -> Target {
        Target::sm(match self.ab {
            Ab::E4m3 | Ab::E5m2 => 89,
            _ => 80,
        })
    }

    /// The `.version` of the kernel for `.target target`: 8.4 (FP8
    /// `mma` came with it), or the first version that knows the target.
    pub fn version(target: Target) -> PtxVersion {
        crate::kernel::TARGET_VERSIONS
            .iter()
            .rev()
            .find(|(sm, _)| *sm <= target.sm)
            .map_or(PtxVersion::new(8, 4), |(_, v)| {
                (*v).max(PtxVersion::new(8, 4))
            })
    }

    /// The `.version` of this case's kernel: [`Case::version`], or 8.7
    /// for FP8 `mma` with `.f16` accumulators, which the H200's JIT
    /// refused under 8.4 ("Feature 'mma with FP8 floating point type and
    /// FP16 accumulation' requires PTX ISA .version 8.7 or later";
    /// testdata/hw/nvidia-h200/session-2026-11-26b.log).
    pub fn kernel_version(&self, target: Target) -> PtxVersion {
        let v = Case::version(target);
        if self.kind == Kind::Mma && matches!(self.ab, Ab::E4m3 | Ab::E5m2) && self.acc == Acc::F16
        {
            v.max(PtxVersion::new(8, 7))
        } else {
            v
        }
    }

    /// The kernel text for `.target target`.
    pub fn kernel(&self, target: Target) -> String {
        if self.kind == Kind::Wgmma {
            return self.wgmma_kernel(self.code_target(target));
        }
        if self.kind != Kind::Mma {
            return self.move_kernel(target);
        }
        let (na, nb, nc) = self.regs();
        let (wab, wc) = self.widths();
        let (abty, cty) = (
            if wab == 8 { "f64" } else { "b32" },
            match self.acc {
                Acc::F32 => "f32",
                Acc::F16 => "b32",
                Acc::S32 => "s32",
                Acc::F64 => "f64",
            },
        );
        let list = |p: &str, n: usize| -> String {
            (0..n)
                .map(|i| format!("%{p}{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut body = String::new();
        for (p, n, w, ty) in [
            ("a", na, wab, abty),
            ("b", nb, wab, abty),
            ("c", nc, wc, cty),
        ] {
            body += &format!(
                "\tld.param.u64 \t%p, [{p}];\n\tcvta.to.global.u64 \t%p, %p;\n\tmad.wide.u32 \t%p, %t, {}, %p;\n",
                n * w
            );
            for i in 0..n {
                body += &format!("\tld.global.{ty} \t%{p}{i}, [%p+{}];\n", w * i);
            }
        }
        body += &format!(
            "\t{} \t{{{}}}, {{{}}}, {{{}}}, {{{}}};\n",
            self.opcode(),
            list("d", nc),
            list("a", na),
            list("b", nb),
            list("c", nc)
        );
        body += &format!(
            "\tld.param.u64 \t%p, [d];\n\tcvta.to.global.u64 \t%p, %p;\n\tmad.wide.u32 \t%p, %t, {}, %p;\n",
            nc * wc
        );
        for i in 0..nc {
            body += &format!("\tst.global.{cty} \t[%p+{}], %d{i};\n", wc * i);
        }
        format!(
            "//\n// Generated by `ptxfp hw mma`: runs `{}`, one warp per product.\n//\n\
             .version {}\n.target {target}\n.address_size 64\n\n\
             .visible .entry {}(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{{\n\
             \t.reg .{abty} \t%a<{na}>, %b<{nb}>;\n\t.reg .{cty} \t%c<{nc}>, %d<{nc}>;\n\
             \t.reg .u32 \t%t, %u, %v;\n\t.reg .u64 \t%p;\n\
             \tmov.u32 \t%u, %ctaid.x;\n\tmov.u32 \t%v, %ntid.x;\n\tmov.u32 \t%t, %tid.x;\n\
             \tmad.lo.u32 \t%t, %u, %v, %t;\n{body}\tret;\n}}\n",
            self.opcode(),
            self.kernel_version(target),
            crate::kernel::ENTRY
        )
    }

    /// The kernel of a matrix move ([`Kind`]): `%t` the thread of the
    /// grid, `%w` its warp; each warp's matrices at `a + w * 32 * bytes[0]`
    /// (and B, C alike); D thread by thread, or (`wmma`) the warp's matrix.
    fn move_kernel(&self, target: Target) -> String {
        let [ba, bb, bc] = self.bytes();
        let regs = |p: &str, n: usize| -> String {
            (0..n)
                .map(|i| format!("%{p}{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let warp_base = |p: &str, bytes: usize| {
            format!(
                "\tld.param.u64 \t%p{p}, [{p}];\n\tcvta.to.global.u64 \t%p{p}, %p{p};\n\tmad.wide.u32 \t%p{p}, %w, {}, %p{p};\n",
                32 * bytes
            )
        };
        let thread_d = |bytes: usize| {
            format!(
                "\tld.param.u64 \t%pd, [d];\n\tcvta.to.global.u64 \t%pd, %pd;\n\tmad.wide.u32 \t%pd, %t, {bytes}, %pd;\n"
            )
        };
        let op = self.opcode();
        let mut body = String::new();
        match self.kind {
            Kind::Ldmatrix { .. } => {
                // Each thread stages its 16 bytes at 16 * %tid.x of the
                // block's tile; lane l's row is its own.
                body += &warp_base("a", ba);
                body += "\tmov.u32 \t%l, %laneid;\n\tmad.wide.u32 \t%pa, %l, 16, %pa;\n";
                body += "\tld.global.v4.u32 \t{%r0, %r1, %r2, %r3}, [%pa];\n";
                body += "\tmov.u32 \t%s, tile;\n\tmov.u32 \t%l, %tid.x;\n\tmad.lo.u32 \t%s, %l, 16, %s;\n";
                body += "\tst.shared.v4.u32 \t[%s], {%r0, %r1, %r2, %r3};\n\tbar.sync \t0;\n";
                body += &format!("\t{op} \t{{{}}}, [%s];\n", regs("d", 4));
                body += &thread_d(bc);
                for i in 0..4 {
                    body += &format!("\tst.global.b32 \t[%pd+{}], %d{i};\n", 4 * i);
                }
            }
            Kind::WmmaLoad(_) => {
                body += &warp_base("a", ba);
                body += &format!("\t{op} \t{{{}}}, [%pa];\n", regs("d", 8));
                body += &thread_d(bc);
                for i in 0..8 {
                    body += &format!("\tst.global.b32 \t[%pd+{}], %d{i};\n", 4 * i);
                }
            }
            Kind::Wmma | Kind::Mma | Kind::Wgmma => {
                body += &warp_base("a", ba);
                body += &warp_base("b", bb);
                body += &warp_base("c", bc);
                body += &format!(
                    "\twmma.load.a.sync.aligned.row.m16n16k16.global.f16 \t{{{}}}, [%pa];\n",
                    regs("r", 8)
                );
                body += &format!(
                    "\twmma.load.b.sync.aligned.col.m16n16k16.global.f16 \t{{{}}}, [%pb];\n",
                    regs("q", 8)
                );
                body += &format!(
                    "\twmma.load.c.sync.aligned.row.m16n16k16.global.f32 \t{{{}}}, [%pc];\n",
                    regs("c", 8)
                );
                body += &format!(
                    "\t{op} \t{{{}}}, {{{}}}, {{{}}}, {{{}}};\n",
                    regs("c", 8),
                    regs("r", 8),
                    regs("q", 8),
                    regs("c", 8)
                );
                body += "\tld.param.u64 \t%pd, [d];\n\tcvta.to.global.u64 \t%pd, %pd;\n";
                body += &format!("\tmad.wide.u32 \t%pd, %w, {}, %pd;\n", 32 * bc);
                body += &format!(
                    "\twmma.store.d.sync.aligned.row.m16n16k16.global.f32 \t[%pd], {{{}}};\n",
                    regs("c", 8)
                );
            }
        }
        format!(
            "//\n// Generated by `ptxfp hw mma`: runs `{op}`, one warp per matrix.\n//\n\
             .version {}\n.target {target}\n.address_size 64\n\n\
             .visible .entry {}(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{{\n\
             \t.shared .align 16 .b8 \ttile[{}];\n\
             \t.reg .b32 \t%r<8>, %q<8>, %d<8>;\n\t.reg .f32 \t%c<8>;\n\
             \t.reg .u32 \t%t, %u, %v, %w, %l, %s;\n\t.reg .u64 \t%pa, %pb, %pc, %pd;\n\
             \tmov.u32 \t%u, %ctaid.x;\n\tmov.u32 \t%v, %ntid.x;\n\tmov.u32 \t%t, %tid.x;\n\
             \tmad.lo.u32 \t%t, %u, %v, %t;\n\tshr.u32 \t%w, %t, 5;\n{body}\tret;\n}}\n",
            Case::version(target),
            crate::kernel::ENTRY,
            16 * BLOCK
        )
    }

    /// The kernel of [`Kind::Wgmma`].
    fn wgmma_kernel(&self, target: Target) -> String {
        let op = self.opcode();
        let fp8 = self.ab != Ab::F16;
        // Descriptor bits beside the start address: A K-major, 128-byte
        // swizzle (SBO 1024: the next 8 rows; LBO unused, 16). B: .f16
        // N-major, 64-byte swizzle (LBO 512: the next 32 columns of N;
        // SBO 512: the next 8 rows of K); FP8 K-major, 128-byte swizzle.
        let enc =
            |lbo: u64, sbo: u64, mode: u64| ((lbo >> 4) << 16) | ((sbo >> 4) << 32) | (mode << 62);
        let a_bits = enc(16, 1024, 1);
        let (b_bits, tail) = if fp8 {
            (enc(16, 1024, 1), "1, 1")
        } else {
            (enc(512, 512, 2), "1, 1, 0, 1")
        };
        let list = |p: &str, n: usize| -> String {
            (0..n)
                .map(|i| format!("%{p}{i}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut body = String::new();
        for (p, bytes, off) in [("a", 64, 0), ("b", 32, 8192)] {
            body += &format!(
                "\tld.param.u64 \t%p, [{p}];\n\tcvta.to.global.u64 \t%p, %p;\n\tmad.wide.u32 \t%p, %t, {bytes}, %p;\n\tmad.lo.u32 \t%s, %l, {bytes}, %s0;\n"
            );
            for q in 0..bytes / 16 {
                body += &format!(
                    "\tld.global.v4.u32 \t{{%r0, %r1, %r2, %r3}}, [%p+{}];\n\tst.shared.v4.u32 \t[%s+{}], {{%r0, %r1, %r2, %r3}};\n",
                    16 * q,
                    off + 16 * q
                );
            }
        }
        body += "\tbar.sync \t0;\n\tfence.proxy.async.shared::cta;\n";
        body += "\tld.param.u64 \t%p, [c];\n\tcvta.to.global.u64 \t%p, %p;\n\tmad.wide.u32 \t%p, %t, 64, %p;\n";
        for i in 0..16 {
            body += &format!("\tld.global.f32 \t%c{i}, [%p+{}];\n", 4 * i);
        }
        body += &format!(
            "\tcvt.u64.u32 \t%da, %s0;\n\tand.b64 \t%da, %da, 262143;\n\tshr.u64 \t%da, %da, 4;\n\tadd.s64 \t%db, %da, 512;\n\tor.b64 \t%da, %da, {a_bits:#x};\n\tor.b64 \t%db, %db, {b_bits:#x};\n"
        );
        body += &format!(
            "\twgmma.fence.sync.aligned;\n\t{op} \t{{{}}}, %da, %db, 1, {tail};\n\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned \t0;\n",
            list("c", 16)
        );
        body += "\tld.param.u64 \t%p, [d];\n\tcvta.to.global.u64 \t%p, %p;\n\tmad.wide.u32 \t%p, %t, 64, %p;\n";
        for i in 0..16 {
            body += &format!("\tst.global.f32 \t[%p+{}], %c{i};\n", 4 * i);
        }
        format!(
            "//\n// Generated by `ptxfp hw mma`: runs `{op}`, one warpgroup per product.\n//\n\
             .version {}\n.target {target}\n.address_size 64\n\n\
             .visible .entry {}(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)\n{{\n\
             \t.shared .align 1024 .b8 \timage[12288];\n\
             \t.reg .b32 \t%r<4>;\n\t.reg .f32 \t%c<16>;\n\
             \t.reg .u32 \t%t, %u, %v, %l, %s, %s0;\n\t.reg .u64 \t%p, %da, %db;\n\
             \tmov.u32 \t%u, %ctaid.x;\n\tmov.u32 \t%v, %ntid.x;\n\tmov.u32 \t%l, %tid.x;\n\
             \tmad.lo.u32 \t%t, %u, %v, %l;\n\tmov.u32 \t%s0, image;\n{body}\tret;\n}}\n",
            Case::version(target),
            crate::kernel::ENTRY
        )
    }

    /// The operands of `warps` warps (a multiple of [`WARPS_PER_BLOCK`])
    /// from `seed`: A, B and C as the bytes
    /// of the threads' registers, thread after thread. Warp `w` draws from
    /// its own generator, so any number of warps extends the same stream;
    /// its kind is `w % 4`: 0 edges, 1 finite anywhere, 2 and 3 narrow.
    pub fn inputs(&self, seed: u64, warps: usize) -> [Vec<u8>; 3] {
        let per_thread = self.bytes();
        let mut out = [
            Vec::with_capacity(per_thread[0] * 32 * warps),
            Vec::with_capacity(per_thread[1] * 32 * warps),
            Vec::with_capacity(per_thread[2] * 32 * warps),
        ];
        let (na, nb, nc) = match self.kind {
            Kind::Mma => self.regs(),
            _ => {
                let b = self.bytes();
                (b[0] / 4, b[1] / 4, b[2] / 4)
            }
        };
        // wmma.load.c reads its .f32 matrix from A's array.
        let a_acc = self.kind == Kind::WmmaLoad(2);
        for w in 0..warps {
            let mut rng = EdgeRng::block(seed ^ 0x006d_6d61, w as u64);
            let kind = (w % 4).min(2);
            for _lane in 0..32 {
                for _ in 0..na {
                    let word = if a_acc {
                        self.acc_word(&mut rng, kind)
                    } else {
                        self.ab_word(self.ab, &mut rng, kind)
                    };
                    push_word(&mut out[0], word);
                }
                for _ in 0..nb {
                    push_word(&mut out[1], self.ab_word(self.b, &mut rng, kind));
                }
                for _ in 0..nc {
                    push_word(&mut out[2], self.acc_word(&mut rng, kind));
                }
            }
        }
        out
    }

    /// What ptxfp's run is given for the GPU's operands: the same bytes,
    /// but for [`Ab::Tf32Raw`] each register's low 13 bits cleared.
    pub fn ptxfp_inputs(&self, gpu: &[Vec<u8>; 3]) -> [Vec<u8>; 3] {
        let mut v = gpu.clone();
        if self.ab == Ab::Tf32Raw {
            for m in &mut v[..2] {
                for w in m.chunks_mut(4) {
                    let x = u32::from_le_bytes([w[0], w[1], w[2], w[3]]) & !0x1fff;
                    w.copy_from_slice(&x.to_le_bytes());
                }
            }
        }
        v
    }

    /// A word of A or B, of type `ab` (the stream is the same as before B
    /// had its own type: `ab == self.b` outside mixed FP8).
    fn ab_word(&self, ab: Ab, rng: &mut EdgeRng, kind: usize) -> Word {
        match ab {
            Ab::F16 => Word::W32(lanes(rng, kind, PtxType::F16, 2)),
            Ab::Bf16 => Word::W32(lanes(rng, kind, PtxType::BF16, 2)),
            Ab::Tf32 => Word::W32(value(rng, kind, PtxType::F32) as u32 & !0x1fff),
            Ab::Tf32Raw => Word::W32(value(rng, kind, PtxType::F32) as u32),
            Ab::E4m3 | Ab::E5m2 => {
                Word::W32((0..4).fold(0, |w, i| w | fp8(rng, kind, ab) << (8 * i)))
            }
            Ab::S8 | Ab::U8 | Ab::S4 | Ab::U4 | Ab::B1And | Ab::B1Xor => {
                Word::W32(rng.integer(32) as u32 ^ rng.integer(32) as u32)
            }
            Ab::F64 => Word::W64(value(rng, kind, PtxType::F64)),
        }
    }

    fn acc_word(&self, rng: &mut EdgeRng, kind: usize) -> Word {
        match self.acc {
            Acc::F32 => Word::W32(value(rng, kind, PtxType::F32) as u32),
            Acc::F16 => Word::W32(lanes(rng, kind, PtxType::F16, 2)),
            Acc::S32 => Word::W32(rng.integer(32) as u32),
            Acc::F64 => Word::W64(value(rng, kind, PtxType::F64)),
        }
    }

    /// ptxfp's D for `warps` warps of `inputs` (as [`Case::ptxfp_inputs`]
    /// gives them), on `device` (the tensor-core model of its GPU), code
    /// for `target`: the bytes of the threads' D registers.
    ///
    /// # Errors
    /// The engine's error, printed.
    pub fn ptxfp(
        &self,
        inputs: &[Vec<u8>; 3],
        warps: usize,
        target: Target,
        device: Target,
    ) -> Result<Vec<u8>, String> {
        if !warps.is_multiple_of(WARPS_PER_BLOCK) {
            return Err(format!(
                "{warps} warps: a multiple of {WARPS_PER_BLOCK} runs"
            ));
        }
        let threads = 32 * warps;
        let mut ins = Inputs::default();
        for (k, name) in ["a", "b", "c", "d"].iter().enumerate() {
            ins.sets
                .push((name.to_string(), format!("{:#x}", BASES[k])));
        }
        for (k, m) in inputs.iter().enumerate() {
            ins.mems.push((format!("{:#x}", BASES[k]), m.clone()));
        }
        let opts = Options {
            device: Some(device),
            target: Some(target),
            version: Some(self.kernel_version(target)),
            launch: interp::Launch {
                grid: [threads as u32 / BLOCK, 1, 1],
                block: [BLOCK, 1, 1],
                dynamic_shared: 0,
                cluster: None,
                cooperative: false,
            },
            max_steps: Some(u64::MAX),
            ..Options::default()
        };
        let opts = Options {
            target: Some(self.code_target(target)),
            ..opts
        };
        let out = interp::run(&self.kernel(target), &ins, &opts).map_err(|e| e.to_string())?;
        let want = self.bytes()[2] * threads;
        let mut d = vec![0u8; want];
        for (at, bytes) in &out.memory {
            if *at >= BASES[3] && *at < BASES[3] + want as u64 {
                let o = (*at - BASES[3]) as usize;
                let n = bytes.len().min(want - o);
                d[o..o + n].copy_from_slice(&bytes[..n]);
            }
        }
        Ok(d)
    }
}

enum Word {
    W32(u32),
    W64(u64),
}

fn push_word(v: &mut Vec<u8>, w: Word) {
    match w {
        Word::W32(x) => v.extend(x.to_le_bytes()),
        Word::W64(x) => v.extend(x.to_le_bytes()),
    }
}

/// `n` lanes of `t` (16 bits each) in one word, the low lane first.
fn lanes(rng: &mut EdgeRng, kind: usize, t: PtxType, n: u32) -> u32 {
    (0..n).fold(0, |w, i| w | (value(rng, kind, t) as u32) << (16 * i))
}

/// One value of the float type `t` of operand kind `kind`: 0 edges, 1
/// finite anywhere, 2 within three binades of 1.
fn value(rng: &mut EdgeRng, kind: usize, t: PtxType) -> u64 {
    let (exp_bits, frac_bits) = match t {
        PtxType::F16 => (5, 10),
        PtxType::BF16 => (8, 7),
        PtxType::F32 => (8, 23),
        _ => (11, 52),
    };
    let max_exp = (1u64 << exp_bits) - 1;
    let bias = max_exp >> 1;
    let frac = rng.integer(64) & ((1 << frac_bits) - 1);
    let sign = rng.integer(1) << (exp_bits + frac_bits);
    let exp = match kind {
        0 => return rng.operand(t).unwrap_or(0),
        1 => rng.integer(64) % max_exp,
        _ => bias - 3 + rng.integer(64) % 7,
    };
    sign | exp << frac_bits | frac
}

/// One FP8 value: kind 0 any byte (NaNs and, for `.e5m2`, infinities
/// included), 1 any finite byte, 2 within three binades of 1.
fn fp8(rng: &mut EdgeRng, kind: usize, ab: Ab) -> u32 {
    let (exp_bits, frac_bits) = if ab == Ab::E4m3 { (4, 3) } else { (5, 2) };
    let bias = (1u32 << (exp_bits - 1)) - 1;
    loop {
        let b = rng.integer(8) as u32 ^ (rng.integer(64) as u32 & 0xff);
        let exp = (b >> frac_bits) & ((1 << exp_bits) - 1);
        let special = if ab == Ab::E4m3 {
            b & 0x7f == 0x7f
        } else {
            exp == 0x1f
        };
        let ok = match kind {
            0 => true,
            1 => !special,
            _ => exp + 3 >= bias && exp <= bias + 3,
        };
        if ok {
            return b;
        }
    }
}

/// The D bytes as the digest's 32-bit words.
pub fn words(d: &[u8]) -> Vec<u32> {
    d.chunks(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_runs_in_the_engine_on_an_h100_model() {
        for case in cases(90) {
            let gpu = case.inputs(5, 8);
            let d = case
                .ptxfp(&case.ptxfp_inputs(&gpu), 8, Target::sm(90), Target::sm(90))
                .unwrap_or_else(|e| panic!("{}: {e}", case.name()));
            assert_eq!(d.len(), case.bytes()[2] * 32 * 8, "{}", case.name());
            // Not all zero: D was written.
            assert!(d.iter().any(|b| *b != 0), "{}", case.name());
        }
    }

    #[test]
    fn the_stream_does_not_depend_on_the_warp_count() {
        let case = cases(90)[0];
        let a = case.inputs(9, 4);
        let b = case.inputs(9, 7);
        for k in 0..3 {
            assert_eq!(a[k][..], b[k][..a[k].len()]);
        }
    }

    #[test]
    fn tf32_raw_differs_only_in_the_low_bits() {
        let case = cases(90).into_iter().find(|c| c.ab == Ab::Tf32Raw).unwrap();
        let gpu = case.inputs(1, 3);
        let ours = case.ptxfp_inputs(&gpu);
        assert_ne!(gpu[0], ours[0]);
        for (g, o) in words(&gpu[0]).iter().zip(words(&ours[0])) {
            assert_eq!(g & !0x1fff, o);
        }
        assert_eq!(gpu[2], ours[2]);
    }

    /// The ldmatrix cases through the engine give the PTX ISA's words
    /// ("A group of four threads loads an entire row of the matrix": lane
    /// `l` of warp `w`, register `q`, is word `l % 4` of row `8q + l / 4` of
    /// the warp's rows, written here at the word level); a `wmma.load`
    /// fragment holds each word of the matrix once over the warp.
    #[test]
    fn matrix_moves_through_the_engine() {
        let warps = 4;
        let by = |k: Kind| cases(80).into_iter().find(|c| c.kind == k).unwrap();
        let case = by(Kind::Ldmatrix { trans: false });
        let inputs = case.inputs(3, warps);
        let d = words(
            &case
                .ptxfp(&inputs, warps, Target::sm(80), Target::sm(80))
                .unwrap(),
        );
        let a = words(&inputs[0]);
        for t in 0..32 * warps {
            let (w, l) = (t / 32, t % 32);
            for q in 0..4 {
                assert_eq!(
                    d[4 * t + q],
                    a[128 * w + 4 * (8 * q + l / 4) + l % 4],
                    "thread {t} r{q}"
                );
            }
        }
        for k in [Kind::WmmaLoad(0), Kind::WmmaLoad(2)] {
            let case = by(k);
            let inputs = case.inputs(4, warps);
            let d = words(
                &case
                    .ptxfp(&inputs, warps, Target::sm(80), Target::sm(80))
                    .unwrap(),
            );
            let a = words(&inputs[0]);
            let per_warp = a.len() / warps;
            for w in 0..warps {
                let mut want: Vec<u32> = a[per_warp * w..per_warp * (w + 1)].to_vec();
                // .f16 A: eight registers, each element twice (docs/ENGINE.md).
                let mut got: Vec<u32> = d[256 * w..256 * (w + 1)].to_vec();
                let want_len = if k == Kind::WmmaLoad(0) { 128 } else { 256 };
                assert_eq!(want.len(), want_len);
                if k == Kind::WmmaLoad(0) {
                    want.extend(want.clone());
                    // Element pairs stay in their words only where the
                    // fragment pairs columns 2t, 2t+1: compare halves.
                    let halves = |v: &[u32]| {
                        let mut h: Vec<u32> =
                            v.iter().flat_map(|x| [x & 0xffff, x >> 16]).collect();
                        h.sort_unstable();
                        h
                    };
                    assert_eq!(halves(&got), halves(&want), "{k:?} warp {w}");
                } else {
                    want.sort_unstable();
                    got.sort_unstable();
                    assert_eq!(got, want, "{k:?} warp {w}");
                }
            }
        }
    }
}
