//! The GPU table: one row of block-FMA parameters per GPU.
//!
//! Every value cites the MATLAB model it comes from, in
//! github.com/north-numerical-computing/MATLAB-tensor-core at commit
//! b12b5a700957655375a1b0c1d0c26e76065da015 (BSD-2), as `file:line`.
//! Parameters the NVIDIA models all share (no sticky bit, truncating
//! alignment, unnormalised products, subnormals kept, c aligned with the
//! products) are the defaults in each of those files (for H100TC.m:
//! lines 59, 55, 67, 81-86, 62-63) and are fixed in [`GpuRow::params`].

use crate::{InFormat, OutFormat, Params, Rounding};

/// The GPUs with a tensor-core model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gpu {
    /// Volta (sm_70).
    V100,
    /// Ampere (sm_80).
    A100,
    /// Ampere (sm_86).
    A2,
    /// Ampere (sm_80).
    A30,
    /// Ada Lovelace (sm_89), as measured on an Ada-generation card.
    Ada,
    /// Ada Lovelace (sm_89).
    L40S,
    /// Hopper (sm_90).
    H100,
    /// Hopper (sm_90).
    H200,
    /// Blackwell (sm_100).
    B200,
    /// Blackwell (sm_120), modelled by the authors as the B200.
    RtxPro6000,
    /// Parameters given by the caller ([`crate::Model::custom`]).
    Custom,
}

impl Gpu {
    /// Every GPU of the table.
    pub const ALL: [Gpu; 10] = [
        Gpu::V100,
        Gpu::A100,
        Gpu::A2,
        Gpu::A30,
        Gpu::Ada,
        Gpu::L40S,
        Gpu::H100,
        Gpu::H200,
        Gpu::B200,
        Gpu::RtxPro6000,
    ];

    /// The table row.
    pub fn row(self) -> &'static GpuRow {
        match self {
            Gpu::Custom => &CUSTOM,
            g => GPUS
                .iter()
                .find(|r| r.gpu == g)
                .expect("every GPU has a row"),
        }
    }

    /// The name as the measurement folders spell it.
    pub fn name(self) -> &'static str {
        match self {
            Gpu::Custom => "custom",
            g => g.row().name,
        }
    }

    /// Parses a GPU name (case-insensitive; `RTX PRO 6000` with or without
    /// spaces) or an sm target (`sm_70`, `sm_80`, `sm_86`, `sm_89`,
    /// `sm_90`, `sm_90a`, `sm_100`, `sm_100a`, `sm_120`).
    pub fn parse(s: &str) -> Option<Gpu> {
        let l: String = s
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
            .collect();
        Some(match l.as_str() {
            "v100" | "sm70" => Gpu::V100,
            "a100" | "sm80" => Gpu::A100,
            "a2" | "sm86" => Gpu::A2,
            "a30" => Gpu::A30,
            "ada" | "sm89" => Gpu::Ada,
            "l40s" => Gpu::L40S,
            "h100" | "sm90" | "sm90a" => Gpu::H100,
            "h200" => Gpu::H200,
            "b200" | "sm100" | "sm100a" => Gpu::B200,
            "rtxpro6000" | "sm120" | "sm120a" => Gpu::RtxPro6000,
            _ => return None,
        })
    }
}

/// FP8 (E4M3/E5M2) path of a GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp8Row {
    /// FMA group size for FP8 inputs.
    pub block: usize,
    /// Extra alignment bits for FP8 (negative: the accumulator keeps
    /// fewer than 23 fraction bits).
    pub extra_bits: i32,
    /// `Some(r)`: `c` is not aligned with the products but added to their
    /// rounded sum by one IEEE addition rounded with `r`
    /// ([`Params::late_c`]).
    pub late_c: Option<Rounding>,
    /// fp16 results are modelled: each block rounds its sum to nearest
    /// fp16 (10 fraction bits, whatever `extra_bits`).
    pub f16_out: bool,
}

/// How the legacy `mma.sync` instruction runs FP8 inputs on a GPU where it
/// does not take the FP8 path of `Fp8Row` (which `wgmma` takes on
/// Hopper, and which the published measurements are of). Found on GPU
/// measurements, not in the published models; [`crate::SyncFp8`] computes
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncFp8Row {
    /// Products per pass. The FP8 values (each exact in fp16) run through
    /// the row's fp16 block FMA (`block`, `extra_bits`, `rounding_f32`,
    /// `min_exp_f32`) from +0: the first pass takes the elements whose
    /// index k has `k % 4` 0 or 1 (the low 16 bits of each register of
    /// four FP8 elements), the second those with `k % 4` 2 or 3, each
    /// pass's result the next one's accumulator.
    pub pass: usize,
    /// `c` is added to the passes' result at the end by one IEEE fp32
    /// addition rounded with this.
    pub c_rounding: Rounding,
    /// Where the rule was measured.
    pub evidence: &'static str,
}

/// One GPU's tensor-core parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuRow {
    /// The GPU.
    pub gpu: Gpu,
    /// Its name in the measurement folders.
    pub name: &'static str,
    /// The MATLAB model file the row transcribes.
    pub source: &'static str,
    /// FMA group size for fp16 and bf16 inputs.
    pub block: usize,
    /// FMA group size for tf32 inputs (`None`: no tf32 path).
    pub block_tf32: Option<usize>,
    /// bf16 inputs supported.
    pub bf16: bool,
    /// FP8 path (`None`: no FP8 tensor cores).
    pub fp8: Option<Fp8Row>,
    /// `mma.sync` with FP8 inputs where it differs from `fp8` (`None`:
    /// `mma.sync` takes the `fp8` path, or nobody has measured it).
    pub sync_fp8: Option<SyncFp8Row>,
    /// FP8 inputs with fp16 results, where they take the two-pass rule of
    /// [`SyncFp8Row`] with the row's fp16 -> fp16 block FMA (each pass
    /// rounded to nearest fp16, floor `min_exp_f16`) and `c` added by one
    /// fp16 addition, for every instruction (`None`: `fp8`'s `f16_out`,
    /// or no model).
    pub fp8_f16: Option<SyncFp8Row>,
    /// A `.tf32` register's low 13 bits (below the 19 of the format) are
    /// measured to change nothing: the GPU computes with them cleared
    /// (`false`: not measured).
    pub tf32_ignores_low_bits: bool,
    /// Extra alignment bits for fp16/bf16/tf32.
    pub extra_bits: i32,
    /// Final rounding with an fp32 accumulator.
    pub rounding_f32: Rounding,
    /// Alignment-exponent floor with an fp32 accumulator (`None`: none).
    pub min_exp_f32: Option<i32>,
    /// Alignment-exponent floor with an fp16 accumulator (rounding is
    /// then to nearest even on every part).
    pub min_exp_f16: i32,
}

impl GpuRow {
    /// [`GpuRow::params`] for `a` in `a_input` and `b` in `b_input`: the
    /// same when they are equal; for E4M3 × E5M2 (either order) the GPU's
    /// FP8 parameters, which are the same for both FP8 formats (each
    /// MATLAB model has one `fp8` branch for both: H100TC.m:106-110,
    /// B200TC.m:101-105, AdaTC.m:106-113); no other pair mixes (PTX `mma`
    /// takes `.atype` and `.btype` of the same type except for the FP8
    /// and integer forms).
    pub fn params_mixed(
        &self,
        a_input: InFormat,
        b_input: InFormat,
        output: OutFormat,
    ) -> Option<Params> {
        let fp8 = |f: InFormat| matches!(f, InFormat::E4m3 | InFormat::E5m2);
        if a_input != b_input && !(fp8(a_input) && fp8(b_input)) {
            return None;
        }
        let mut p = self.params(a_input, output)?;
        p.b_input = b_input;
        Some(p)
    }

    /// The block-FMA parameters for a format pair, or `None` where the GPU
    /// (or the published model) has no such path.
    pub fn params(&self, input: InFormat, output: OutFormat) -> Option<Params> {
        let (block, extra_bits, late_c) = match input {
            InFormat::F16 => (self.block, self.extra_bits, None),
            InFormat::Bf16 if self.bf16 => (self.block, self.extra_bits, None),
            InFormat::Tf32 => (self.block_tf32?, self.extra_bits, None),
            InFormat::E4m3 | InFormat::E5m2 => {
                let f = self.fp8?;
                (f.block, f.extra_bits, f.late_c)
            }
            _ => return None,
        };
        let fp8 = matches!(input, InFormat::E4m3 | InFormat::E5m2);
        let (rounding, min_exp, result_frac_bits) = match output {
            // A negative extra_bits narrows the block result too (GEMM.m
            // lines 105-109: NoManBitsOut = NoManBitsOut + neab).
            OutFormat::F32 => (
                self.rounding_f32,
                self.min_exp_f32,
                (23 + extra_bits.min(0)) as u32,
            ),
            OutFormat::F16 if input == InFormat::F16 => (Rounding::Rne, Some(self.min_exp_f16), 10),
            // FP8 with fp16 results: only where the measurements pinned it
            // down (Fp8Row::f16_out); each block rounds to nearest fp16.
            OutFormat::F16 if fp8 && self.fp8?.f16_out => (Rounding::Rne, self.min_exp_f32, 10),
            OutFormat::F16 => return None,
        };
        Some(Params {
            input,
            b_input: input,
            output,
            block,
            extra_bits,
            sticky: false,
            rounding,
            min_exp,
            result_frac_bits,
            subnormals: true,
            late_c,
        })
    }
}

const AMPERE: GpuRow = GpuRow {
    gpu: Gpu::A100,
    name: "A100",
    source: "models/A100TC.m",
    block: 8,            // A100TC.m:50 def_params.fma = 8
    block_tf32: Some(4), // A100TC.m:99 fma = 4 for tf32
    bf16: true,          // A100TC.m:31-32 allowed inputs
    fp8: None,           // A100TC.m:31-32 (no fp8)
    sync_fp8: None,
    fp8_f16: None,
    tf32_ignores_low_bits: false,
    extra_bits: 1,              // A100TC.m:52 def_params.neab = 1
    rounding_f32: Rounding::Rz, // A100TC.m:55 frmode = 'rz'
    min_exp_f32: Some(-132),    // A100TC.m:72 min_exp_limit = -132
    min_exp_f16: -20,           // A100TC.m:94-95 frmode 'rne', min_exp_limit = -20
};

const ADA: GpuRow = GpuRow {
    gpu: Gpu::Ada,
    name: "Ada",
    source: "models/AdaTC.m",
    block: 8,            // AdaTC.m:51
    block_tf32: Some(4), // AdaTC.m:105
    bf16: true,          // AdaTC.m:32-33
    fp8: Some(Fp8Row {
        block: 16,       // AdaTC.m:107
        extra_bits: -10, // AdaTC.m:108
        late_c: None,
        // AdaTC.m:110-113 sets 'rne' for fp16 results; GEMM.m:105-109
        // would then keep 10 - 10 = 0 fraction bits, which cannot be
        // meant: rounding each 16-product block to nearest fp16 matches
        // all 10 000 measured FP8 -> fp16 results of the Ada card.
        f16_out: true,
    }),
    // Not measured: mma.sync is the only FP8 instruction of sm_89.
    sync_fp8: None,
    // fp16 results: fp8.f16_out (measured).
    fp8_f16: None,
    tf32_ignores_low_bits: false,
    extra_bits: 1,              // AdaTC.m:53
    rounding_f32: Rounding::Rz, // AdaTC.m:56
    min_exp_f32: Some(-132),    // AdaTC.m:73
    min_exp_f16: -20,           // AdaTC.m:100-101
};

const HOPPER: GpuRow = GpuRow {
    gpu: Gpu::H100,
    name: "H100",
    source: "models/H100TC.m",
    block: 16,           // H100TC.m:48 def_params.fma = 16
    block_tf32: Some(8), // H100TC.m:104
    bf16: true,          // H100TC.m:29-30
    fp8: Some(Fp8Row {
        block: 32,       // H100TC.m:108 (two 16-element halves interleaved)
        extra_bits: -10, // H100TC.m:109
        late_c: None,
        // The H100/H200 FP8 -> fp16 measurements fit no variant of this
        // path; they fit the two-pass fp16 rule (fp8_f16 below).
        f16_out: false,
    }),
    // Not in the published model (its FP8 measurements are wgmma's).
    // mma.sync m16n8k32 E4M3/E5M2 with fp32 results on an H200 matches
    // this on all 524,288 D registers of each of the two records, and
    // the FP8 path above on only 138,422 (E4M3) and 167,181 (E5M2).
    sync_fp8: Some(SyncFp8Row {
        pass: 16,
        c_rounding: Rounding::Rne,
        evidence: "H200 (sm_90) mma.sync, driver 13.0: records testdata/hw/nvidia-h200/mma.sync.aligned.m16n8k32.row.col.f32.{e4m3.e4m3,e5m2.e5m2}.f32.mma.json",
    }),
    // Not in the published model (H100TC.m forces fp32 results for FP8,
    // and no variant of it fits): the published FP8 -> fp16 measurements
    // of the H100 and the H200, E4M3 and E5M2, match this rule on every
    // committed row (400 of 400 each; docs/TENSOR_CORES.md). An H200's
    // mma.sync m16n8k32 FP8 -> fp16 matches it on all 262,144 D registers
    // of each of three records (E4M3, E5M2, E4M3 x E5M2), the passes'
    // overflow included: a first pass that overflows is an infinity the
    // second pass meets (NaN against an infinite product of the other
    // sign; 45 registers where deciding over the whole row gave the
    // product's infinity).
    fp8_f16: Some(SyncFp8Row {
        pass: 16,
        c_rounding: Rounding::Rne,
        evidence: "published H100/H200 FP8 -> fp16 measurements: testdata/tc/{H100,H200}/{E4M3,E5M2}/d_*_fp16.txt; H200 (sm_90) mma.sync, driver 13.0: records testdata/hw/nvidia-h200/mma.sync.aligned.m16n8k32.row.col.f16.{e4m3.e4m3,e5m2.e5m2,e4m3.e5m2}.f16.mma.json",
    }),
    // H200 (sm_90), driver 13.0: mma.sync m16n8k8 .tf32 with random low
    // bits gives, on all 524,288 D registers, what the model gives on the
    // registers with them cleared (record testdata/hw/nvidia-h200/
    // mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32.low-bits-set.mma.json).
    tf32_ignores_low_bits: true,
    extra_bits: 2,              // H100TC.m:50 def_params.neab = 2
    rounding_f32: Rounding::Rz, // H100TC.m:53
    min_exp_f32: Some(-133),    // H100TC.m:70
    min_exp_f16: -21,           // H100TC.m:98-99
};

const BLACKWELL: GpuRow = GpuRow {
    gpu: Gpu::B200,
    name: "B200",
    source: "models/B200TC.m",
    block: 16,           // B200TC.m:50
    block_tf32: Some(8), // B200TC.m:99
    bf16: true,          // B200TC.m:31-32
    fp8: Some(Fp8Row {
        block: 32,     // B200TC.m:103
        extra_bits: 2, // B200TC.m:51 (fp8 keeps the default neab)
        // Not in the published model: B200TC.m aligns c with the products
        // and truncates (3207/5000 E4M3 and 3236/5000 E5M2 measured
        // results match that). The measurements match, all 10000, when
        // the products' sum is truncated to fp32 and c is added after,
        // rounded to nearest even (testdata/tc/README.md).
        late_c: Some(Rounding::Rne),
        // B200TC.m:105 forces fp32 results; the FP8 -> fp16 measurements
        // fit the two-pass fp16 rule instead (fp8_f16 below).
        f16_out: false,
    }),
    sync_fp8: None, // not measured
    // As Hopper's: the published B200 FP8 -> fp16 measurements, E4M3 and
    // E5M2, match the two-pass fp16 rule with the B200's fp16 -> fp16
    // parameters (the H100's) on every committed row.
    fp8_f16: Some(SyncFp8Row {
        pass: 16,
        c_rounding: Rounding::Rne,
        evidence:
            "published B200 FP8 -> fp16 measurements: testdata/tc/B200/{E4M3,E5M2}/d_B200_fp16.txt",
    }),
    tf32_ignores_low_bits: false, // not measured
    extra_bits: 2,                // B200TC.m:51
    rounding_f32: Rounding::Rz,   // B200TC.m:54
    min_exp_f32: Some(-133),      // B200TC.m:71
    min_exp_f16: -21,             // B200TC.m:94-95
};

/// The table. A2 and A30 use the A100 model (A2TC.m:26, A30TC.m:26), L40S
/// its own file with Ada's values (L40STC.m:31-86), H200 the H100 model
/// (H200TC.m:26), RTX PRO 6000 the B200 model (RTXPRO6000TC.m:26).
pub const GPUS: [GpuRow; 10] = [
    GpuRow {
        gpu: Gpu::V100,
        name: "V100",
        source: "models/V100TC.m",
        block: 4,         // V100TC.m:38 def_params.fma = 4
        block_tf32: None, // V100TC.m:87 (fp16 inputs only)
        bf16: false,      // V100TC.m:87
        fp8: None,
        sync_fp8: None,
        fp8_f16: None,
        tf32_ignores_low_bits: false,
        extra_bits: 0,              // V100TC.m:40 def_params.neab = 0
        rounding_f32: Rounding::Rz, // V100TC.m:43
        min_exp_f32: None,          // V100TC.m:60 min_exp_limit = -1024 (no floor)
        min_exp_f16: -19,           // V100TC.m:81-82
    },
    AMPERE,
    GpuRow {
        gpu: Gpu::A2,
        name: "A2",
        source: "models/A2TC.m -> A100TC.m",
        ..AMPERE
    },
    GpuRow {
        gpu: Gpu::A30,
        name: "A30",
        source: "models/A30TC.m -> A100TC.m",
        ..AMPERE
    },
    ADA,
    GpuRow {
        gpu: Gpu::L40S,
        name: "L40S",
        source: "models/L40STC.m",
        ..ADA
    },
    HOPPER,
    GpuRow {
        gpu: Gpu::H200,
        name: "H200",
        source: "models/H200TC.m -> H100TC.m",
        ..HOPPER
    },
    BLACKWELL,
    GpuRow {
        gpu: Gpu::RtxPro6000,
        name: "RTXPRO6000",
        source: "models/RTXPRO6000TC.m -> B200TC.m",
        ..BLACKWELL
    },
];

const CUSTOM: GpuRow = GpuRow {
    gpu: Gpu::Custom,
    name: "custom",
    source: "caller",
    ..HOPPER
};
