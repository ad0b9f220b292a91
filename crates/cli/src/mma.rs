//! `ptxfp mma`: inner products and small GEMMs as a GPU's tensor cores
//! compute them (the block-FMA models of `ptxfp-tc`, docs/TENSOR_CORES.md).
//!
//! The command holds no numerics: it reads values, refuses any that is not
//! exact in the input format (a tensor core never sees a rounded input, so
//! rounding one here would hide an error in the caller's data), and hands
//! the bits to `ptxfp_tc::Model`.

use ptxfp::literal;
use ptxfp::types::PtxType;
use ptxfp_tc::{Arith, Gemm, Gpu, InFormat, Instruction, Model, OutFormat, GPUS};
use rustc_apfloat::{ieee, Float as _, FloatConvert as _, Status};

use crate::common::{print_json, read_text, Failure};
use crate::{emit, outln, Outcome};

/// The most multiply-adds (M·N·K) `mma gemm` computes: a command-line tool
/// for small matrices; the library and Python take any size.
const MAX_PRODUCTS: usize = 1 << 24;

/// The longest inner product `mma dot` takes on the command line.
const MAX_K: usize = 1 << 16;

/// `ptxfp mma ...`.
#[derive(clap::Subcommand)]
pub enum MmaCommand {
    /// One inner product d = a·b + c, as the GPU's tensor cores compute it.
    ///
    /// For example `ptxfp mma dot --gpu H100 --in bf16 --out f32 --a
    /// 1.5,2,-0.25 --b 0x3fc0,1,4 --c 0.5`. K (the length of a and b) need
    /// not be the GPU's block: blocks of the block size chain through the
    /// accumulator, as an mma with a longer K does; a shorter last block is
    /// padded with zeros.
    Dot(DotArgs),
    /// D = A·B + C for small matrices read from text files.
    ///
    /// Each file is one matrix row per line, values separated by spaces or
    /// commas (`#` starts a comment): A is M×K, B is K×N, C is M×N (zero if
    /// left out); one file per matrix, or all in one --file. Each element of D
    /// is one chained inner product (`mma dot`) of a row of A and a column of
    /// B.
    Gemm(GemmArgs),
    /// Check inner products against the model; exit 1 on a mismatch.
    ///
    /// Each line: `GPU IN OUT A B C D`, A and B comma-separated lists of K
    /// inputs, C and D in the accumulator format, every value in any form
    /// `mma dot` takes (hex bits, 0f f32 bits, decimals); D is compared bit
    /// for bit. `#` starts a comment. For example `H100 bf16 f32
    /// 0x3fc0,0x4000 0x3f80,0x3f80 0f00000000 0f40600000`.
    Verify(VerifyArgs),
    /// List the GPUs and the (input, accumulator) pairs each one has, with
    /// the block-FMA parameters of each.
    Gpus(GpusArgs),
}

/// The model a command uses.
#[derive(clap::Args)]
pub struct ModelArgs {
    /// The GPU: a name (V100, A100, A2, A30, Ada, L40S, H100, H200, B200,
    /// RTXPRO6000; any case) or an sm target (sm_70 V100, sm_80 A100,
    /// sm_86 A2, sm_89 Ada, sm_90 H100, sm_100 B200, sm_120 RTXPRO6000).
    #[arg(long)]
    gpu: String,
    /// The input (a and b) format: f16, bf16, tf32, e4m3 or e5m2.
    #[arg(long = "in", value_name = "FORMAT")]
    input: String,
    /// The format of b (and B) where it differs from --in: mixed FP8,
    /// `--in e4m3 --b-format e5m2` or `--in e5m2 --b-format e4m3` (PTX
    /// `mma` takes .e4m3 and .e5m2 for A and B independently). Default:
    /// --in.
    #[arg(long = "b-format", value_name = "FORMAT")]
    b_format: Option<String>,
    /// The accumulator (c and d) format: f32 or f16.
    #[arg(long = "out", value_name = "FORMAT")]
    output: String,
    /// Whose numerics: `published` (the published model of the GPU, fitted
    /// on its measurements) or `mma.sync` (the PTX instruction, where the
    /// GPU's `mma.sync` was measured to differ: FP8 inputs on H100/H200,
    /// docs/TENSOR_CORES.md).
    #[arg(long, default_value = "published", value_name = "NAME")]
    instruction: String,
}

/// How values are printed.
#[derive(clap::Args)]
pub struct Show {
    /// Print each value as its exact decimal expansion instead of the
    /// shortest decimal that reads back as the same bits.
    #[arg(long, conflicts_with = "hex")]
    exact: bool,
    /// Print each value as an exact hex float instead of the shortest decimal.
    #[arg(long)]
    hex: bool,
    /// Machine-readable output: one JSON object on stdout; an error is the
    /// JSON error object (docs/schemas/error.schema.json).
    #[arg(long)]
    json: bool,
}

impl Show {
    fn style(&self) -> literal::Style {
        if self.exact {
            literal::Style::Exact
        } else if self.hex {
            literal::Style::Hex
        } else {
            literal::Style::Shortest
        }
    }
}

/// Arguments of `mma dot`.
#[derive(clap::Args)]
pub struct DotArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// The K inputs of a, comma-separated, each exact in the input format:
    /// hex bits of the input format (bf16 0x3fc0, e4m3 0x38; tf32 as the
    /// 32-bit pattern the hardware reads, 0x3fc00000), an f32's bits
    /// (0f3fc00000), a decimal (1.5, -0.0, 0.375) or a hex float
    /// (0x1.8p+0), inf, -inf, nan. A value that is not exactly
    /// representable in the input format is an error, never rounded.
    #[arg(long, allow_hyphen_values = true, value_name = "LIST")]
    a: String,
    /// The K inputs of b, as for --a.
    #[arg(long, allow_hyphen_values = true, value_name = "LIST")]
    b: String,
    /// The addend c in the accumulator format: hex bits (f32 0x3f800000,
    /// f16 0x3c00), 0f bits for an f32 accumulator, a decimal or hex
    /// float (rounded once to the accumulator, to nearest even, with a
    /// warning if that changed it: as a program that converts C before
    /// the mma would), inf, nan.
    #[arg(long, allow_hyphen_values = true, default_value = "0")]
    c: String,
    #[command(flatten)]
    show: Show,
}

/// Arguments of `mma gemm`.
#[derive(clap::Args)]
pub struct GemmArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// A, M rows of K values (the forms --a of `mma dot` takes).
    #[arg(long, value_name = "FILE", required_unless_present = "file")]
    a_file: Option<String>,
    /// B, K rows of N values.
    #[arg(long, value_name = "FILE", required_unless_present = "file")]
    b_file: Option<String>,
    /// C, M rows of N values in the accumulator format (default: zeros).
    #[arg(long, value_name = "FILE")]
    c_file: Option<String>,
    /// A, B and C from one file: a line `A:` starts A's rows, `B:` B's
    /// and `C:` (optional) C's.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["a_file", "b_file", "c_file"])]
    file: Option<String>,
    /// M, checked against A (default: A's row count).
    #[arg(long)]
    m: Option<usize>,
    /// N, checked against B (default: B's row length).
    #[arg(long)]
    n: Option<usize>,
    /// K, checked against A and B (default: A's row length).
    #[arg(long)]
    k: Option<usize>,
    /// Print D as hex bits (which read back as --c-file) instead of values.
    #[arg(long, conflicts_with_all = ["exact", "hex"])]
    bits: bool,
    #[command(flatten)]
    show: Show,
}

/// Arguments of `mma verify`.
#[derive(clap::Args)]
pub struct VerifyArgs {
    /// The files (`-`: standard input).
    #[arg(required = true)]
    files: Vec<String>,
    /// Machine-readable output: `{passed, failed, mismatches}`.
    #[arg(long)]
    json: bool,
}

/// Arguments of `mma gpus`.
#[derive(clap::Args)]
pub struct GpusArgs {
    /// Machine-readable output: one object per (GPU, input, accumulator).
    #[arg(long)]
    json: bool,
}

/// Runs an `mma` command.
pub fn run(c: MmaCommand) -> Result<Outcome, Failure> {
    match c {
        MmaCommand::Dot(a) => dot(a),
        MmaCommand::Gemm(a) => gemm(a),
        MmaCommand::Verify(a) => verify(a),
        MmaCommand::Gpus(a) => gpus(a),
    }
}

/// The sm target a GPU reports (the architecture its model describes).
fn sm_of(g: Gpu) -> &'static str {
    match g {
        Gpu::V100 => "sm_70",
        Gpu::A100 | Gpu::A30 => "sm_80",
        Gpu::A2 => "sm_86",
        Gpu::Ada | Gpu::L40S => "sm_89",
        Gpu::H100 | Gpu::H200 => "sm_90",
        Gpu::B200 => "sm_100",
        Gpu::RtxPro6000 => "sm_120",
        Gpu::Custom => "-",
    }
}

fn parse_gpu(s: &str) -> Result<Gpu, String> {
    Gpu::parse(s).ok_or_else(|| {
        let names: Vec<&str> = Gpu::ALL.iter().map(|g| g.name()).collect();
        format!(
            "unknown GPU `{}`: expected one of {} (any case), or an sm target: sm_70, sm_80, sm_86, sm_89, sm_90, sm_100, sm_120",
            literal::shown(s),
            names.join(", ")
        )
    })
}

fn parse_in_format(s: &str) -> Result<InFormat, String> {
    InFormat::parse(s).ok_or_else(|| {
        format!(
            "unknown input format `{}`: expected f16, bf16, tf32, e4m3 or e5m2",
            literal::shown(s)
        )
    })
}

fn parse_out_format(s: &str) -> Result<OutFormat, String> {
    OutFormat::parse(s).ok_or_else(|| {
        format!(
            "unknown accumulator format `{}`: expected f32 or f16",
            literal::shown(s)
        )
    })
}

/// The model of `gpu` for the pair, or why there is none.
fn model_of(gpu: &str, input: &str, output: &str) -> Result<Arith, String> {
    let g = parse_gpu(gpu)?;
    let i = parse_in_format(input)?;
    let o = parse_out_format(output)?;
    // The published arithmetic (FP8 -> fp16 on Hopper and Blackwell: the
    // two-pass fp16 rule, which the published measurements fit).
    Arith::new(g, i, o, Instruction::Published)
        .map_err(|e| format!("{e} (`ptxfp mma gpus` lists the pairs each GPU has)"))
}

impl ModelArgs {
    fn model(&self) -> Result<Arith, String> {
        let g = parse_gpu(&self.gpu)?;
        let i = parse_in_format(&self.input)?;
        let bi = match &self.b_format {
            Some(b) => parse_in_format(b).map_err(|e| format!("--b-format: {e}"))?,
            None => i,
        };
        let o = parse_out_format(&self.output)?;
        let instruction = Instruction::parse(&self.instruction).ok_or_else(|| {
            format!(
                "unknown instruction `{}`: expected `published` or `mma.sync`",
                literal::shown(&self.instruction)
            )
        })?;
        Arith::mixed(g, i, bi, o, instruction)
            .map_err(|e| format!("{e} (`ptxfp mma gpus` lists the pairs each GPU has)"))
    }
}

/// The PTX type of an accumulator, for parsing and printing.
fn out_ty(o: OutFormat) -> PtxType {
    match o {
        OutFormat::F32 => PtxType::F32,
        OutFormat::F16 => PtxType::F16,
    }
}

/// The value of a decimal or hex-float literal as an f64, and whether that
/// f64 is the literal's exact value; `None` if `t` is neither.
fn exact_f64(t: &str) -> Option<(ieee::Double, bool)> {
    // Only number shapes reach the parser (no `inf`/`nan` words, which
    // the literal module reads), and not very long ones.
    let body = t.strip_prefix(['+', '-']).unwrap_or(t);
    let number = !body.is_empty()
        && t.len() <= 1000
        && body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && body
            .chars()
            .all(|c| c.is_ascii_hexdigit() || matches!(c, '.' | 'x' | 'X' | 'p' | 'P' | '+' | '-'));
    if !number {
        return None;
    }
    let r = ieee::Double::from_str_r(t, rustc_apfloat::Round::NearestTiesToEven).ok()?;
    Some((r.value, !r.status.contains(Status::INEXACT)))
}

/// One input of a or b: the f32 bits of a value exact in `fmt`, or an
/// error naming the value and what was expected.
fn parse_input(text: &str, fmt: InFormat) -> Result<u32, String> {
    let t = text.trim();
    let name = fmt.name();
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let sign = if neg { 0x8000_0000u32 } else { 0 };
    let lower = body.to_ascii_lowercase();
    // Hex bits of the input format (0x3fc0), not a hex float (0x1.8p+0).
    if let Some(hex) = lower.strip_prefix("0x").filter(|h| !h.contains(['.', 'p'])) {
        let (digits, mask) = match fmt {
            InFormat::Tf32 => (8, 0xffff_e000u32),
            _ => (fmt.width().div_ceil(4) as usize, (1u32 << fmt.width()) - 1),
        };
        let v = (hex.len() <= digits)
            .then(|| u32::from_str_radix(hex, 16).ok())
            .flatten()
            .filter(|v| v & !mask == 0)
            .ok_or_else(|| {
                format!(
                    "`{}` is not {name} bits: expected at most {digits} hex digits{}",
                    literal::shown(t),
                    if fmt == InFormat::Tf32 {
                        " with the low 13 bits zero (tf32 sits in the top 19 bits of a 32-bit word)"
                    } else {
                        ""
                    }
                )
            })?;
        let f = if fmt == InFormat::Tf32 {
            v
        } else {
            fmt.to_f32_bits(v)
        };
        return Ok(f ^ sign);
    }
    let f32_bits = if let Some(hex) = lower.strip_prefix("0f") {
        if hex.len() != 8 {
            return Err(format!(
                "`{}`: 0f takes the 8 hex digits of an f32's bits",
                literal::shown(t)
            ));
        }
        u32::from_str_radix(hex, 16)
            .map_err(|_| format!("`{}`: 0f takes 8 hex digits", literal::shown(t)))?
            ^ sign
    } else if let Some((v, exact)) = exact_f64(t) {
        let mut loses = false;
        let s: ieee::Single = v.convert(&mut loses).value;
        if !exact || loses {
            return Err(inexact(t, fmt));
        }
        s.to_bits() as u32
    } else {
        // inf, nan and the other words the literal module reads.
        literal::parse_operand(t, PtxType::F32).map_err(|e| {
            format!(
                "{e}; an input is hex bits of {name} ({}), an f32's bits (0f3fc00000), a decimal (1.5) or hex float (0x1.8p+0), inf or nan",
                match fmt {
                    InFormat::F16 => "0x3e00",
                    InFormat::Bf16 => "0x3fc0",
                    InFormat::Tf32 => "0x3fc00000",
                    InFormat::E4m3 => "0x3c",
                    InFormat::E5m2 => "0x3e",
                }
            )
        })? as u32
    };
    match fmt.from_f32_bits(f32_bits) {
        Some(_) => Ok(f32_bits),
        None if f32_bits & 0x7fff_ffff == 0x7f80_0000 => {
            Err(format!("`{}`: {name} has no infinity", literal::shown(t)))
        }
        None => Err(inexact(t, fmt)),
    }
}

fn inexact(t: &str, fmt: InFormat) -> String {
    let nearest = match fmt {
        InFormat::F16 => Some(PtxType::F16),
        InFormat::Bf16 => Some(PtxType::BF16),
        _ => None,
    }
    .and_then(|ty| {
        let b = literal::parse_operand(t, ty).ok()?;
        Some(format!(
            " (the nearest {} is {} = {})",
            fmt.name(),
            literal::hex(b, ty),
            literal::decode_as(b, ty, literal::Style::Exact)
        ))
    })
    .unwrap_or_default();
    format!(
        "`{}` is not exactly representable in {}{nearest}: a tensor core takes exact {} inputs, and ptxfp does not round them",
        literal::shown(t),
        fmt.name(),
        fmt.name()
    )
}

/// A value in the accumulator format: its bits (f16 in the low half), and
/// a note if the literal was rounded to get them.
fn parse_acc(text: &str, out: OutFormat) -> Result<(u32, Option<String>), String> {
    let t = text.trim();
    let ty = out_ty(out);
    let bits = literal::parse_operand(t, ty).map_err(|e| {
        format!(
            "{e}; an accumulator value is hex bits ({}), a decimal or hex float, inf or nan",
            if out == OutFormat::F32 {
                "0x3f800000"
            } else {
                "0x3c00"
            }
        )
    })? as u32;
    let note = exact_f64(t).and_then(|(v, exact)| {
        let back = match out {
            OutFormat::F32 => {
                let mut loses = false;
                let s: ieee::Single = v.convert(&mut loses).value;
                exact && !loses && s.to_bits() as u32 == bits
            }
            OutFormat::F16 => {
                let mut loses = false;
                let h: ieee::Half = v.convert(&mut loses).value;
                exact && !loses && h.to_bits() as u32 == bits
            }
        };
        (!back).then(|| {
            format!(
                "`{}` is not exact in {}: rounded to nearest even, {}",
                literal::shown(t),
                out.name(),
                crate::common::shown_value(bits as u64, ty)
            )
        })
    });
    Ok((bits, note))
}

/// A comma-separated list of inputs.
fn parse_list(list: &str, fmt: InFormat, what: &str) -> Result<Vec<u32>, String> {
    let items: Vec<&str> = list.split(',').collect();
    if items.len() > MAX_K {
        return Err(format!(
            "{what} has {} elements: `mma dot` takes at most {MAX_K} (the library and Python take any length)",
            items.len()
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, x)| parse_input(x, fmt).map_err(|e| format!("{what}[{i}]: {e}")))
        .collect()
}

/// An input value as the JSON outputs give it: the input format's bits
/// (tf32: the 32-bit word) and the value.
fn input_json(f32_bits: u32, fmt: InFormat, style: literal::Style) -> serde_json::Value {
    let native = match fmt {
        InFormat::Tf32 => f32_bits,
        _ => fmt.from_f32_bits(f32_bits).unwrap_or(0),
    };
    let digits = match fmt {
        InFormat::Tf32 => 8,
        _ => fmt.width().div_ceil(4) as usize,
    };
    let value = match fmt {
        InFormat::F16 => literal::decode_as(native as u64, PtxType::F16, style),
        InFormat::Bf16 => literal::decode_as(native as u64, PtxType::BF16, style),
        _ => literal::decode_as(f32_bits as u64, PtxType::F32, style),
    };
    serde_json::json!({
        "bits": format!("0x{native:0digits$x}"),
        "value": value,
    })
}

fn acc_json(bits: u32, out: OutFormat, style: literal::Style) -> serde_json::Value {
    crate::common::value_json_as(bits as u64, out_ty(out), style)
}

fn model_json(m: &Arith) -> serde_json::Value {
    serde_json::json!({
        "gpu": m.gpu().name(),
        "sm": sm_of(m.gpu()),
        "in": m.input().name(),
        "b_in": m.b_input().name(),
        "out": m.output().name(),
        "block": m.block(),
        "instruction": match m {
            Arith::Model(_) => "published",
            Arith::SyncFp8(_) => "mma.sync",
        },
    })
}

/// The input formats as the text output names them: `e4m3`, or
/// `e4m3 x e5m2` when b's differs.
fn formats_shown(m: &Arith) -> String {
    if m.input() == m.b_input() {
        m.input().name().to_string()
    } else {
        format!("{} x {}", m.input().name(), m.b_input().name())
    }
}

fn dot(a: DotArgs) -> Result<Outcome, Failure> {
    let model = a.model.model()?;
    let (fmt, bfmt) = (model.input(), model.b_input());
    let out = model.output();
    let av = parse_list(&a.a, fmt, "a")?;
    let bv = parse_list(&a.b, bfmt, "b")?;
    if av.len() != bv.len() {
        return Err(format!(
            "a has {} elements and b has {}: an inner product takes two lists of the same length K",
            av.len(),
            bv.len()
        )
        .into());
    }
    let (c, note) = parse_acc(&a.c, out).map_err(|e| format!("c: {e}"))?;
    if let Some(n) = &note {
        eprintln!("warning: c: {n}");
    }
    let d = model.dot(&av, &bv, c).map_err(|e| e.to_string())?;
    let style = a.show.style();
    let ty = out_ty(out);
    if a.show.json {
        print_json(&serde_json::json!({
            "model": model_json(&model),
            "k": av.len(),
            "d": acc_json(d, out, style),
            "c": acc_json(c, out, style),
            "a": av.iter().map(|&x| input_json(x, fmt, style)).collect::<Vec<_>>(),
            "b": bv.iter().map(|&x| input_json(x, bfmt, style)).collect::<Vec<_>>(),
            "warnings": note.iter().map(|n| crate::common::Problem {
                severity: "warning",
                ..crate::common::Problem::message(format!("c: {n}"))
            }.json()).collect::<Vec<_>>(),
        }));
        return Ok(Outcome::Ok);
    }
    let mut o = String::new();
    outln!(o, "{}", crate::common::shown_value_as(d as u64, ty, style));
    outln!(
        o,
        "  {} {} -> {}, K {}, {}",
        model.gpu().name(),
        formats_shown(&model),
        out.name(),
        av.len(),
        match model {
            Arith::Model(m) => format!("block {}", m.params.block),
            Arith::SyncFp8(_) => "mma.sync: K 32 per instruction, two fp16 passes, then + c".into(),
        }
    );
    outln!(
        o,
        "  c {}",
        crate::common::shown_value_as(c as u64, ty, style)
    );
    emit(&o);
    Ok(Outcome::Ok)
}

/// A matrix as read: its shape and its values, row-major, in one flat
/// array (a row each cost a vector: a 16M×1 B took 1.3 GB).
struct Matrix {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

/// A matrix file: its rows, each value parsed by `parse`.
fn read_matrix(
    path: &str,
    what: &str,
    parse: impl FnMut(&str) -> Result<u32, String>,
) -> Result<Matrix, String> {
    let (shown, text) = read_text(path)?;
    matrix_of(&shown, 0, &text, what, parse)
}

/// One matrix from `text`, whose first line is line `first` (from 0) of
/// the file `shown`.
fn matrix_of(
    shown: &str,
    first: usize,
    text: &str,
    what: &str,
    mut parse: impl FnMut(&str) -> Result<u32, String>,
) -> Result<Matrix, String> {
    let mut m = Matrix {
        rows: 0,
        cols: 0,
        values: Vec::new(),
    };
    for (n, line) in text.lines().enumerate() {
        let n = first + n;
        let line = line.split('#').next().unwrap_or_default();
        let mut row = 0;
        for x in line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
        {
            if m.values.len() >= MAX_PRODUCTS {
                return Err(format!(
                    "{shown}: {what} has more than {MAX_PRODUCTS} values: `mma gemm` is for small matrices (the library and Python take any size)"
                ));
            }
            m.values
                .push(parse(x).map_err(|e| format!("{shown}:{}: {what}: {e}", n + 1))?);
            row += 1;
        }
        if row == 0 {
            continue;
        }
        if m.rows > 0 && row != m.cols {
            return Err(format!(
                "{shown}:{}: {what} row {} has {row} values, the first row {}: a matrix has rows of one length",
                n + 1,
                m.rows + 1,
                m.cols
            ));
        }
        m.cols = row;
        m.rows += 1;
    }
    if m.rows == 0 {
        return Err(format!("{shown}: {what} has no values"));
    }
    Ok(m)
}

/// A section of a `--file`: the number (from 0) of its first line, and
/// its text (the lines after its `A:` to the next section's head).
type Section = (usize, std::ops::Range<usize>);

/// The `A:`, `B:` and `C:` sections of a `--file`: the file as messages
/// name it, its text, and each section's lines.
fn sections(path: &str) -> Result<(String, String, [Option<Section>; 3]), String> {
    let (shown, text) = read_text(path)?;
    let mut s: [Option<Section>; 3] = [None, None, None];
    let mut cur: Option<usize> = None;
    let mut at = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let end = at + line.len();
        let head = line.split('#').next().unwrap_or_default().trim();
        let which = match head.trim_end_matches(':').to_ascii_uppercase().as_str() {
            "A" => Some(0),
            "B" => Some(1),
            "C" => Some(2),
            _ => None,
        };
        if let Some(w) = which {
            if s[w].is_some() {
                return Err(format!("{shown}:{}: a second `{head}` section", n + 1));
            }
            s[w] = Some((n + 1, end..end));
            cur = Some(w);
        } else {
            match (cur, head.is_empty()) {
                (Some(w), _) => {
                    if let Some(sec) = &mut s[w] {
                        sec.1.end = end;
                    }
                }
                (None, true) => {}
                (None, false) => {
                    return Err(format!(
                        "{shown}:{}: values before any section: start A's rows with a line `A:` (then `B:`, and `C:` if C is not zero)",
                        n + 1
                    ))
                }
            }
        }
        at = end;
    }
    Ok((shown, text, s))
}

/// Checks a dimension given with a flag against the one a file has.
fn dim(flag: Option<usize>, name: &str, found: usize, from: &str) -> Result<usize, String> {
    match flag {
        Some(v) if v != found => Err(format!("--{name} {v}, but {from} gives {name} = {found}")),
        _ => Ok(found),
    }
}

fn gemm(a: GemmArgs) -> Result<Outcome, Failure> {
    let model = a.model.model()?;
    let (fmt, bfmt) = (model.input(), model.b_input());
    let out = model.output();
    // One file with sections, or one file per matrix.
    let sections = match &a.file {
        Some(f) => Some(sections(f)?),
        None => None,
    };
    let matrix = |which: usize,
                  path: &Option<String>,
                  what: &str,
                  parse: &mut dyn FnMut(&str) -> Result<u32, String>|
     -> Result<Option<Matrix>, String> {
        match (&sections, path) {
            (Some((shown, text, s)), _) => s[which]
                .as_ref()
                .map(|(first, range)| matrix_of(shown, *first, &text[range.clone()], what, parse))
                .transpose(),
            (None, Some(p)) => read_matrix(p, what, parse).map(Some),
            (None, None) => Ok(None),
        }
    };
    let missing = |what: &str| {
        format!(
            "no {what}: give --{}-file, or a `{what}:` section in --file",
            what.to_lowercase()
        )
    };
    let am =
        matrix(0, &a.a_file, "A", &mut |x| parse_input(x, fmt))?.ok_or_else(|| missing("A"))?;
    let bm =
        matrix(1, &a.b_file, "B", &mut |x| parse_input(x, bfmt))?.ok_or_else(|| missing("B"))?;
    let m = dim(a.m, "m", am.rows, "A's row count")?;
    let k = dim(a.k, "k", am.cols, "A's row length")?;
    let n = dim(a.n, "n", bm.cols, "B's row length")?;
    if bm.rows != k {
        return Err(format!(
            "B has {} rows, but A's rows have K = {k} values: B is K×N",
            bm.rows
        )
        .into());
    }
    let products = m.checked_mul(n).and_then(|x| x.checked_mul(k));
    if products.is_none_or(|p| p > MAX_PRODUCTS) {
        return Err(format!(
            "M·N·K = {m}·{n}·{k} is more than {MAX_PRODUCTS} products: `mma gemm` is for small matrices (the library and Python take any size)"
        )
        .into());
    }
    let mut notes = Vec::new();
    let cm = matrix(2, &a.c_file, "C", &mut |x| {
        let (b, note) = parse_acc(x, out)?;
        notes.extend(note);
        Ok(b)
    })?;
    let c: Vec<u32> = match cm {
        None => vec![0; m * n],
        Some(cm) => {
            if cm.rows != m || cm.cols != n {
                return Err(format!("C is {}×{}, but A·B is {m}×{n}", cm.rows, cm.cols).into());
            }
            cm.values
        }
    };
    for note in &notes {
        eprintln!("warning: C: {note}");
    }
    let d = Gemm::new((m, n, k), &am.values, &bm.values, &c)
        .and_then(|g| model.gemm_threads(1, g))
        .map_err(|e| e.to_string())?;
    let style = a.show.style();
    let ty = out_ty(out);
    let shown = |x: u32| {
        if a.bits {
            literal::hex(x as u64, ty)
        } else {
            literal::decode_as(x as u64, ty, style)
        }
    };
    if a.show.json {
        print_json(&serde_json::json!({
            "model": model_json(&model),
            "m": m, "n": n, "k": k,
            "d": d.chunks(n).map(|r| r.iter().map(|&x| acc_json(x, out, style)).collect::<Vec<_>>()).collect::<Vec<_>>(),
        }));
        return Ok(Outcome::Ok);
    }
    let mut o = String::new();
    for row in d.chunks(n) {
        outln!(
            o,
            "{}",
            row.iter().map(|&x| shown(x)).collect::<Vec<_>>().join(" ")
        );
    }
    emit(&o);
    Ok(Outcome::Ok)
}

/// One line of a verify file, parsed: the model and the values.
struct Case {
    model: Arith,
    a: Vec<u32>,
    b: Vec<u32>,
    c: u32,
    d: u32,
}

fn parse_case(line: &str) -> Result<Case, String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() != 7 {
        return Err(format!(
            "expected 7 fields `GPU IN OUT A B C D` (A and B comma-separated), got {}",
            f.len()
        ));
    }
    let model = model_of(f[0], f[1], f[2])?;
    let fmt = model.input();
    let out = model.output();
    let a = parse_list(f[3], fmt, "A")?;
    let b = parse_list(f[4], fmt, "B")?;
    if a.len() != b.len() {
        return Err(format!("A has {} elements and B has {}", a.len(), b.len()));
    }
    let (c, _) = parse_acc(f[5], out).map_err(|e| format!("C: {e}"))?;
    let (d, _) = parse_acc(f[6], out).map_err(|e| format!("D: {e}"))?;
    Ok(Case { model, a, b, c, d })
}

fn verify(v: VerifyArgs) -> Result<Outcome, Failure> {
    crate::common::stdin_once(&v.files)?;
    let mut o = String::new();
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut errors = Vec::new();
    let mut mismatches = Vec::new();
    for file in &v.files {
        let (shown, text) = read_text(file)?;
        for (n, line) in text.lines().enumerate() {
            let body = line.split('#').next().unwrap_or_default().trim();
            if body.is_empty() {
                continue;
            }
            let at = format!("{shown}:{}", n + 1);
            let case = match parse_case(body) {
                Ok(c) => c,
                Err(e) => {
                    errors.push(format!("{at}: {e}"));
                    continue;
                }
            };
            let got = match case.model.dot(&case.a, &case.b, case.c) {
                Ok(d) => d,
                Err(e) => {
                    errors.push(format!("{at}: {e}"));
                    continue;
                }
            };
            if got == case.d {
                passed += 1;
                continue;
            }
            failed += 1;
            let ty = out_ty(case.model.output());
            if v.json {
                mismatches.push(serde_json::json!({
                    "location": at,
                    "expected": crate::common::value_json(case.d as u64, ty),
                    "got": crate::common::value_json(got as u64, ty),
                }));
            } else {
                outln!(o, "{at}: MISMATCH {}", body);
                outln!(
                    o,
                    "  expected {}",
                    crate::common::shown_value(case.d as u64, ty)
                );
                outln!(
                    o,
                    "  got      {}",
                    crate::common::shown_value(got as u64, ty)
                );
            }
        }
    }
    if !errors.is_empty() {
        emit(&o);
        return Err(Failure::from(
            errors
                .into_iter()
                .map(crate::common::Problem::message)
                .collect::<Vec<_>>(),
        ));
    }
    if v.json {
        print_json(&serde_json::json!({
            "passed": passed,
            "failed": failed,
            "mismatches": mismatches,
        }));
    } else {
        outln!(o, "{passed} passed, {failed} failed");
        emit(&o);
    }
    if passed + failed == 0 {
        eprintln!("ptxfp: no inner products in the input: nothing was checked");
        return Ok(Outcome::Failed);
    }
    Ok(if failed > 0 {
        Outcome::Failed
    } else {
        Outcome::Ok
    })
}

fn gpus(a: GpusArgs) -> Result<Outcome, Failure> {
    // (row, input, the block-FMA parameters, c added after by an IEEE
    // addition rounded so, source)
    let mut rows = Vec::new();
    for row in &GPUS {
        for i in InFormat::ALL {
            for o in [OutFormat::F32, OutFormat::F16] {
                if let Ok(m) = Model::new(row.gpu, i, o) {
                    rows.push((row, i, m.params, m.params.late_c, row.source.to_string()));
                } else if let Ok(Arith::SyncFp8(s)) =
                    Arith::new(row.gpu, i, o, Instruction::Published)
                {
                    // FP8 -> fp16 on Hopper and Blackwell: two passes of
                    // the fp16 block FMA, then c (docs/TENSOR_CORES.md).
                    rows.push((
                        row,
                        i,
                        s.f16.params,
                        Some(s.row.c_rounding),
                        "two fp16 passes by k % 4, then + c (docs/TENSOR_CORES.md)".to_string(),
                    ));
                }
            }
        }
    }
    let rounding = |r: ptxfp_tc::Rounding| match r {
        ptxfp_tc::Rounding::Rz => "rz",
        ptxfp_tc::Rounding::Rne => "rn",
    };
    if a.json {
        print_json(&serde_json::Value::Array(
            rows.iter()
                .map(|(row, input, p, late, source)| {
                    serde_json::json!({
                        "gpu": row.name,
                        "sm": sm_of(row.gpu),
                        "in": input.name(),
                        "out": p.output.name(),
                        "block": p.block,
                        "extra_bits": p.extra_bits,
                        "rounding": rounding(p.rounding),
                        "min_exp": p.min_exp,
                        "c_added_after": late.map(rounding),
                        "source": source,
                    })
                })
                .collect(),
        ));
        return Ok(Outcome::Ok);
    }
    let mut o = String::new();
    outln!(
        o,
        "{:<11} {:<7} {:<5} {:<5} {:>5} {:>10} {:<8} {:>7}  source",
        "GPU",
        "sm",
        "in",
        "out",
        "block",
        "extra bits",
        "rounding",
        "min exp"
    );
    for (row, input, p, late, source) in &rows {
        let mut r = rounding(p.rounding).to_string();
        if let Some(l) = late {
            r += &format!(",c:{}", rounding(*l));
        }
        outln!(
            o,
            "{:<11} {:<7} {:<5} {:<5} {:>5} {:>10} {:<8} {:>7}  {}",
            row.name,
            sm_of(row.gpu),
            input.name(),
            p.output.name(),
            p.block,
            p.extra_bits,
            r,
            p.min_exp.map_or("-".to_string(), |e| e.to_string()),
            source
        );
    }
    outln!(
        o,
        "block: products per alignment; extra bits: kept below the 23 fraction bits at the largest exponent; rounding of each block's sum (c:rn: c added after, by an IEEE addition); min exp: floor of the alignment exponent. docs/TENSOR_CORES.md explains them."
    );
    emit(&o);
    Ok(Outcome::Ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_exact_or_refused() {
        let bf = InFormat::Bf16;
        assert_eq!(parse_input("1.5", bf), Ok(0x3fc0_0000));
        assert_eq!(parse_input("0x3fc0", bf), Ok(0x3fc0_0000));
        assert_eq!(parse_input("-0x3fc0", bf), Ok(0xbfc0_0000));
        assert_eq!(parse_input("0f3fc00000", bf), Ok(0x3fc0_0000));
        assert_eq!(parse_input("0x1.8p+0", bf), Ok(0x3fc0_0000));
        assert_eq!(parse_input("-0.0", bf), Ok(0x8000_0000));
        assert_eq!(parse_input("inf", bf), Ok(0x7f80_0000));
        assert!(parse_input("0.1", bf)
            .unwrap_err()
            .contains("nearest bf16 is 0x3dcd"));
        // Exact in f64 after rounding, but not as written.
        assert!(parse_input("1.00000000000000000000001", bf).is_err());
        assert!(parse_input("1.0078125", bf).is_ok()); // 1 + 2^-7
        assert!(parse_input("1.00390625", bf).is_err()); // 1 + 2^-8
        assert!(parse_input("0f3fc00001", bf).is_err());
        assert!(parse_input("0x3fc01", bf).is_err());
        assert!(parse_input("inf", InFormat::E4m3)
            .unwrap_err()
            .contains("no infinity"));
        assert_eq!(parse_input("448", InFormat::E4m3), Ok(448f32.to_bits()));
        assert!(parse_input("480", InFormat::E4m3).is_err());
        assert_eq!(parse_input("0x7e", InFormat::E4m3), Ok(448f32.to_bits()));
        assert!(parse_input("0x3fc01000", InFormat::Tf32).is_err());
        assert_eq!(parse_input("0x3fc02000", InFormat::Tf32), Ok(0x3fc0_2000));
        assert!(parse_input("1e999999999999", bf).is_err());
        assert!(parse_input("abc", bf).is_err());
        assert!(parse_input("", bf).is_err());
    }

    #[test]
    fn accumulator_rounds_with_a_note() {
        let (b, note) = parse_acc("0.1", OutFormat::F32).unwrap();
        assert_eq!(b, 0x3dcc_cccd);
        assert!(note.is_some());
        assert_eq!(parse_acc("0.5", OutFormat::F16).unwrap(), (0x3800, None));
        assert_eq!(
            parse_acc("0x3f800000", OutFormat::F32).unwrap(),
            (0x3f80_0000, None)
        );
    }
}
