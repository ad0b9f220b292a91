//! PTX kernel text for one instruction form.
//!
//! Three kernels, all one thread per result:
//! - [`buffer_kernel`]: loads `a`, `b`, `c` ... from arrays, runs the
//!   instruction's text exactly as written, stores `d` (`ptxfp hw check`,
//!   `probe`); any single-destination instruction ptxfp computes (the float
//!   table, `cvt`, `setp`/`set`/`selp`/`slct`/`testp`, the integer and bit
//!   instructions), predicates moved through `.b32` words;
//! - [`index_kernel`]: makes the two 16-bit operands from the global index
//!   (`a = i >> 16`, `b = i & 0xffff`), so a 2^32-pair sweep needs no operand
//!   upload (`ptxfp hw sweep`);
//! - [`mixed_equivalence_kernel`]: for a mixed-precision form
//!   (`fma.rn.f32.f16`, sm_100), the sequence it is specified to equal, runnable
//!   on sm_90: exact conversion of the 16-bit operands to `.f32`, then the
//!   `.f32` instruction with the same rounding and `.sat`.
//!
//! The driver JIT-compiles this text (`cuModuleLoadData`); no nvcc is needed.

use core::fmt::Write as _;

use ptxfp::form::round_suffix;
use ptxfp::{Clamp, Form, Instruction, PtxType, PtxVersion, Target};

/// What the generator needs to know about one instruction: its text and its
/// operand types. This is the adapter between `ptxfp::Instruction` (a form
/// of the float table or any other op ptxfp computes) and the generator.
#[derive(Clone, Debug, PartialEq)]
pub struct InstrForm {
    /// The instruction (its text is the instruction without operands:
    /// `fma.rn.oob.relu.bf16x2`, `cvt.rzi.s32.f32`, `setp.ltu.f64`).
    pub ins: Instruction,
    /// Type of `d`.
    pub dest: PtxType,
    /// Types of `a`, `b`[, `c` ...] in operand order.
    pub srcs: Vec<PtxType>,
    /// The lowest PTX ISA version and target that accept the instruction.
    pub requires: (PtxVersion, Target),
    /// The source that is an immediate in the instruction's text, not a
    /// register (`lop3`'s immLut, 9.7.8.6: "an integer constant"): a kernel
    /// is made for one value of it ([`buffer_kernel_imm`]), and the arrays
    /// carry the other sources only.
    pub imm: Option<usize>,
    /// The carry flag the instruction reads (its last source, given as a
    /// 0/1 word and set into `CC.CF` before it) and writes (read back with
    /// `addc.u32 d, 0, 0` by the [`Part::Carry`] kernel).
    pub carry: ptxfp::Carry,
}

/// Which destination a buffer kernel stores: the instruction's value, or
/// the carry flag it writes (`add.cc`, `addc.cc`, `mad.cc`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// `d`.
    Value,
    /// `CC.CF` after the instruction, as 0 or 1 in a `.b32`.
    Carry,
}

/// The module header: `.version`, `.target`, and whether `.address_size 64`
/// may be written (PTX ISA 2.3 and later).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// `.version`.
    pub version: PtxVersion,
    /// `.target`.
    pub target: Target,
}

impl Header {
    /// `.address_size` exists from PTX ISA 2.3.
    pub fn has_address_size(self) -> bool {
        self.version >= PtxVersion::new(2, 3)
    }
    /// `cvta` (generic addressing) exists from PTX ISA 2.0.
    fn has_cvta(self) -> bool {
        self.version >= PtxVersion::new(2, 0)
    }
}

/// Known targets with the first PTX ISA version that accepts them (PTX ISA
/// "Release notes" table), lowest first.
pub const TARGET_VERSIONS: &[(u16, PtxVersion)] = &[
    (10, PtxVersion::new(1, 0)),
    (11, PtxVersion::new(1, 0)),
    (12, PtxVersion::new(1, 2)),
    (13, PtxVersion::new(1, 2)),
    (20, PtxVersion::new(2, 0)),
    (30, PtxVersion::new(3, 0)),
    (35, PtxVersion::new(3, 1)),
    (50, PtxVersion::new(4, 0)),
    (52, PtxVersion::new(4, 1)),
    (53, PtxVersion::new(4, 2)),
    (60, PtxVersion::new(5, 0)),
    (70, PtxVersion::new(6, 0)),
    (75, PtxVersion::new(6, 3)),
    (80, PtxVersion::new(7, 0)),
    (86, PtxVersion::new(7, 1)),
    (89, PtxVersion::new(7, 8)),
    (90, PtxVersion::new(7, 8)),
    (100, PtxVersion::new(8, 6)),
    (120, PtxVersion::new(8, 7)),
];

/// Every PTX ISA version, oldest first.
pub const VERSIONS: &[PtxVersion] = &[
    PtxVersion::new(1, 0),
    PtxVersion::new(1, 1),
    PtxVersion::new(1, 2),
    PtxVersion::new(1, 3),
    PtxVersion::new(1, 4),
    PtxVersion::new(1, 5),
    PtxVersion::new(2, 0),
    PtxVersion::new(2, 1),
    PtxVersion::new(2, 2),
    PtxVersion::new(2, 3),
    PtxVersion::new(3, 0),
    PtxVersion::new(3, 1),
    PtxVersion::new(3, 2),
    PtxVersion::new(4, 0),
    PtxVersion::new(4, 1),
    PtxVersion::new(4, 2),
    PtxVersion::new(4, 3),
    PtxVersion::new(5, 0),
    PtxVersion::new(6, 0),
    PtxVersion::new(6, 1),
    PtxVersion::new(6, 2),
    PtxVersion::new(6, 3),
    PtxVersion::new(6, 4),
    PtxVersion::new(6, 5),
    PtxVersion::new(7, 0),
    PtxVersion::new(7, 1),
    PtxVersion::new(7, 2),
    PtxVersion::new(7, 3),
    PtxVersion::new(7, 4),
    PtxVersion::new(7, 5),
    PtxVersion::new(7, 6),
    PtxVersion::new(7, 7),
    PtxVersion::new(7, 8),
    PtxVersion::new(8, 0),
    PtxVersion::new(8, 1),
    PtxVersion::new(8, 2),
    PtxVersion::new(8, 3),
    PtxVersion::new(8, 4),
    PtxVersion::new(8, 5),
    PtxVersion::new(8, 6),
    PtxVersion::new(8, 7),
    PtxVersion::new(8, 8),
    PtxVersion::new(9, 0),
    PtxVersion::new(9, 1),
];

/// Picks `.version` and `.target` for running `form` on `device`.
///
/// The target is the device's own sm when the form allows it, else the
/// highest known target below it that the form accepts (PTX is forward
/// compatible: the driver JIT-compiles code for an older target to the
/// device's). The version is the lowest one that accepts that target and the
/// form (`accepts(version, target)`, normally "`Form::validate` gives no
/// diagnostic at all", warnings included), preferring versions with
/// `.address_size 64`. Example: `mad.f32` without rounding is rejected for
/// sm_20 and up from PTX ISA 3.2 and warned about in 3.1 (docs/NVIDIA.md "mad.f32 without a rounding modifier"), so
/// on sm_90 it runs as `.version 3.0`, `.target sm_30`.
pub fn choose_header(
    form: &InstrForm,
    device: Target,
    accepts: impl Fn(PtxVersion, Target) -> bool,
) -> Option<Header> {
    let (min_version, min_target) = form.requires;
    let targets = TARGET_VERSIONS
        .iter()
        .rev()
        .filter(|(sm, _)| *sm <= device.sm && *sm >= min_target.sm);
    let mut fallback = None;
    for &(sm, target_version) in targets {
        // The device's own `a`/`f` target first where the device has one
        // (`cvt.rs`, `.s2f6x2`, the FP4/FP6 conversions need it), then the
        // plain one.
        let own = (sm == device.sm && device != Target::sm(sm)).then_some(device);
        for target in own.into_iter().chain([Target::sm(sm)]) {
            let floor = min_version.max(target_version);
            for &version in VERSIONS.iter().filter(|v| **v >= floor) {
                if accepts(version, target) {
                    let header = Header { version, target };
                    if header.has_address_size() {
                        return Some(header);
                    }
                    fallback.get_or_insert(header);
                }
            }
        }
    }
    fallback
}

/// The entry point's name in every generated kernel.
pub const ENTRY: &str = "ptxfp_kernel";

/// Threads per block for every launch.
pub const BLOCK: u32 = 256;

/// Register and memory type used to hold a value of type `t`: `.f32`/`.f64`
/// for those, else the bit-size type of the same width (PTX ISA §6.4.1:
/// bit-size types are compatible with any type of the same size; `.bf16`
/// values live in `.b16` registers).
pub fn reg_type(t: PtxType) -> &'static str {
    match t {
        PtxType::F32 => ".f32",
        PtxType::F64 => ".f64",
        _ => match storage_bits(t) {
            16 => ".b16",
            32 => ".b32",
            _ => ".b64",
        },
    }
}

/// Width in bits of one value of type `t` in the kernel's arrays (and the
/// register that moves it): the type's own width, but a predicate travels
/// as a `.b32` word (0 or 1) and an 8-bit type in a `.b16` register (PTX
/// ISA 5.2.2: "the .u8, .s8, and .b8 ... types are restricted to ld, st,
/// and cvt instructions"; registers of them are not declared: a `cvt` to
/// or from an 8-bit type names a 16-bit or wider register).
pub const fn storage_bits(t: PtxType) -> u32 {
    match t.bits() {
        1 => 32,
        8 => 16,
        b => b,
    }
}

/// The mask of the bits a result of type `t` defines in its stored word:
/// the type's width (a predicate: bit 0). Bits above it are the wider
/// register's, which PTX leaves to the instruction (a `cvt` to `.s8`
/// sign-extends on NVIDIA's GPUs: the harness reports them apart).
pub const fn value_mask(t: PtxType) -> u64 {
    match t.bits() {
        64 => u64::MAX,
        b => (1 << b) - 1,
    }
}

const OPERANDS: [&str; 5] = ["a", "b", "c", "e", "f"];

/// What the instruction under test looks like inside the kernel: extra
/// registers and the lines that compute `%vd` from `%va`, `%vb`, `%vc`.
struct Body {
    regs: Vec<String>,
    lines: Vec<String>,
    comment: String,
}

fn instruction_body(form: &InstrForm, imm: u64) -> Body {
    instruction_body_part(form, imm, Part::Value)
}

fn instruction_body_part(form: &InstrForm, imm: u64, part: Part) -> Body {
    // The carry-in is no operand of the instruction's text: it is set into
    // CC.CF before it.
    let cin = form.carry.reads.then(|| form.srcs.len() - 1);
    let explicit = form.srcs.len() - usize::from(cin.is_some());
    let operands: Vec<String> = (0..explicit)
        .map(|i| {
            if form.imm == Some(i) {
                format!("{imm:#x}")
            } else {
                format!("%v{}", OPERANDS[i])
            }
        })
        .collect();
    let mut regs = Vec::new();
    let mut lines = Vec::new();
    if let Some(c) = cin {
        // CC.CF = (carry-in word != 0): 0xffffffff + 1 carries, + 0 does not.
        regs.push(".b32 \t%cset".to_string());
        lines.push(format!(
            "add.cc.u32 \t%cset, %v{}, 0xffffffff;",
            OPERANDS[c]
        ));
    }
    // A predicate source arrives as a `.b32` word: nonzero is true.
    for (i, t) in form.srcs.iter().enumerate().take(explicit) {
        if *t == PtxType::Pred {
            let n = OPERANDS[i];
            regs.push(format!(".pred \t%q{n}"));
            lines.push(format!("setp.ne.b32 \t%q{n}, %v{n}, 0;"));
        }
    }
    let operands: Vec<String> = operands
        .into_iter()
        .zip(&form.srcs)
        .map(|(o, t)| {
            if *t == PtxType::Pred {
                o.replacen("%v", "%q", 1)
            } else {
                o
            }
        })
        .collect();
    // A predicate destination leaves as 1 or 0; several (`setp.f16x2
    // p|q`) as the bits of one word, destination k in bit k.
    let preds = !form.carry.writes && form.ins.dsts.iter().all(|t| *t == PtxType::Pred);
    let d = if part == Part::Carry {
        // The value goes to a register of its own; the carry is stored.
        regs.push(format!(
            ".{} \t%vv",
            reg_type(form.ins.dsts[0]).trim_start_matches('.')
        ));
        "%vv".to_string()
    } else if preds {
        let names: Vec<String> = (0..form.ins.dsts.len())
            .map(|k| format!("%qd{k}"))
            .collect();
        for n in &names {
            regs.push(format!(".pred \t{n}"));
        }
        names.join("|")
    } else {
        "%vd".to_string()
    };
    lines.push(format!("{} \t{d}, {};", form.text(), operands.join(", ")));
    if part == Part::Carry {
        lines.push("addc.u32 \t%vd, 0, 0;".to_string());
    }
    if preds {
        lines.push("selp.b32 \t%vd, 1, 0, %qd0;".to_string());
        for k in 1..form.ins.dsts.len() {
            regs.push(format!(".b32 \t%vd{k}"));
            lines.push(format!("selp.b32 \t%vd{k}, {}, 0, %qd{k};", 1u32 << k));
            lines.push(format!("or.b32 \t%vd, %vd, %vd{k};"));
        }
    }
    Body {
        regs,
        lines,
        comment: format!(
            "runs `{} d, {}`{}",
            form.text(),
            (0..explicit)
                .map(|i| if form.imm == Some(i) {
                    format!("{imm:#x}")
                } else {
                    OPERANDS[i].to_string()
                })
                .collect::<Vec<_>>()
                .join(", "),
            match (cin.is_some(), part) {
                (true, Part::Carry) => " from the carry in, storing its carry out",
                (true, Part::Value) => " from the carry in",
                (false, Part::Carry) => " storing its carry out",
                (false, Part::Value) => "",
            }
        ),
    }
}

fn header_text(out: &mut String, header: Header, what: &str) {
    let _ = writeln!(
        out,
        "//\n// Generated by `ptxfp hw`: {what}, one thread per result.\n//"
    );
    let _ = writeln!(out, ".version {}", header.version);
    let _ = writeln!(out, ".target {}", header.target);
    if header.has_address_size() {
        let _ = writeln!(out, ".address_size 64");
    }
    out.push('\n');
}

/// Declarations, thread index `%r4` bounded by `param_n`, `%rd1` = index as u64.
fn prologue(out: &mut String, header: Header, params: &[&str], regs: &[String]) {
    // PTX ISA 1.0-1.3 had no kernel parameter list (the H200's JIT: "Feature
    // 'kernel parameter list' requires PTX ISA .version 1.4 or later"): the
    // parameters are `.param` declarations in the body, as nvcc then wrote
    // them; `.visible` came with PTX ISA 2.0's linking directives.
    if header.version < PtxVersion::new(1, 4) {
        let _ = writeln!(out, ".entry {ENTRY}\n{{");
        for p in params {
            let _ = writeln!(out, "\t{p};");
        }
    } else {
        let visible = if header.version >= PtxVersion::new(2, 0) {
            ".visible "
        } else {
            ""
        };
        let _ = writeln!(out, "{visible}.entry {ENTRY}(");
        for (i, p) in params.iter().enumerate() {
            let sep = if i + 1 == params.len() { "" } else { "," };
            let _ = writeln!(out, "\t{p}{sep}");
        }
        out.push_str(")\n{\n");
    }
    out.push_str("\t.reg .pred \t%p1;\n\t.reg .b32 \t%r<6>;\n\t.reg .b64 \t%rd<12>;\n");
    for r in regs {
        let _ = writeln!(out, "\t.reg {r};");
    }
    out.push('\n');
    out.push_str(
        "\tmov.u32 \t%r1, %ctaid.x;\n\
         \tmov.u32 \t%r2, %ntid.x;\n\
         \tmov.u32 \t%r3, %tid.x;\n\
         \tmad.lo.u32 \t%r4, %r1, %r2, %r3;\n\
         \tld.param.u32 \t%r5, [param_n];\n\
         \tsetp.ge.u32 \t%p1, %r4, %r5;\n\
         \t@%p1 bra \tDONE;\n\
         \tcvt.u64.u32 \t%rd1, %r4;\n",
    );
}

/// `%rd{addr}` = global address of element `%rd1` of array `param`.
fn element_address(out: &mut String, header: Header, param: &str, width: u32, ptr: u32, addr: u32) {
    let _ = writeln!(out, "\tld.param.u64 \t%rd{ptr}, [{param}];");
    if header.has_cvta() {
        let _ = writeln!(out, "\tcvta.to.global.u64 \t%rd{ptr}, %rd{ptr};");
    }
    let _ = writeln!(out, "\tmad.lo.u64 \t%rd{addr}, %rd1, {width}, %rd{ptr};");
}

fn epilogue(out: &mut String, header: Header, dest: PtxType, body: &Body) {
    for line in &body.lines {
        let _ = writeln!(out, "\t{line}");
    }
    element_address(out, header, "param_d", storage_bits(dest) / 8, 10, 11);
    let _ = writeln!(out, "\tst.global{} \t[%rd11], %vd;", reg_type(dest));
    out.push_str("DONE:\n\tret;\n}\n");
}

fn operand_regs(form: &InstrForm, body: &Body) -> Vec<String> {
    let mut regs: Vec<String> = form
        .srcs
        .iter()
        .enumerate()
        .filter(|(i, _)| form.imm != Some(*i))
        .map(|(i, t)| format!("{} \t%v{}", reg_type(*t), OPERANDS[i]))
        .collect();
    regs.push(format!("{} \t%vd", reg_type(form.dest)));
    regs.extend(body.regs.iter().cloned());
    regs
}

fn buffer_kernel_with(form: &InstrForm, header: Header, body: Body) -> String {
    let mut out = String::new();
    header_text(&mut out, header, &body.comment);
    let names: Vec<String> = (0..form.srcs.len())
        .filter(|i| form.imm != Some(*i))
        .map(|i| format!(".param .u64 param_{}", OPERANDS[i]))
        .collect();
    let mut params = vec![".param .u64 param_d"];
    params.extend(names.iter().map(String::as_str));
    params.push(".param .u32 param_n");
    prologue(&mut out, header, &params, &operand_regs(form, &body));
    for (i, t) in form.srcs.iter().enumerate() {
        if form.imm == Some(i) {
            continue;
        }
        let ptr = 2 + 2 * i as u32;
        let param = format!("param_{}", OPERANDS[i]);
        element_address(&mut out, header, &param, storage_bits(*t) / 8, ptr, ptr + 1);
        let _ = writeln!(
            out,
            "\tld.global{} \t%v{}, [%rd{}];",
            reg_type(*t),
            OPERANDS[i],
            ptr + 1
        );
    }
    epilogue(&mut out, header, form.dest, &body);
    out
}

/// The checking kernel: `ptxfp_kernel(d, a, b[, c], n)`; thread `i < n` loads
/// `a[i]`, `b[i]`, `c[i]` (each array holds values of the operand's width),
/// runs the form's text exactly as written, and stores `d[i]`.
pub fn buffer_kernel(form: &InstrForm, header: Header) -> String {
    buffer_kernel_with(form, header, instruction_body(form, 0))
}

/// [`buffer_kernel`] storing `part`: for [`Part::Carry`] the kernel's
/// array holds `CC.CF` after the instruction (0 or 1, `.b32` words).
pub fn buffer_kernel_part(form: &InstrForm, header: Header, part: Part) -> String {
    match part {
        Part::Value => buffer_kernel(form, header),
        Part::Carry => {
            let stored = InstrForm {
                dest: PtxType::Pred,
                ..form.clone()
            };
            buffer_kernel_with(&stored, header, instruction_body_part(form, 0, Part::Carry))
        }
    }
}

/// [`buffer_kernel`] with the immediate source ([`InstrForm::imm`]) set to
/// `value`; its array is not a parameter (`ptxfp_kernel(d, a, b, c, n)`
/// for `lop3.b32 d, a, b, c, immLut`).
pub fn buffer_kernel_imm(form: &InstrForm, header: Header, value: u64) -> String {
    buffer_kernel_with(form, header, instruction_body(form, value))
}

/// How the 16-bit index halves become operands in [`index_kernel`]: the
/// exhaustive layout of `ptxfp::sweep::Operands` (the order `ptxfp sweep`
/// digests), with `x = i >> 16`, `y = i & 0xffff`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lanes {
    /// Scalar `.f16`/`.bf16` operands: `a = x`, `b = y`.
    Scalar,
    /// Packed `.f16x2`/`.bf16x2`: `a = x | y << 16`, `b = y | x << 16`, so
    /// lane 0 computes `x op y` and lane 1 `y op x`.
    Swapped,
}

/// The operands `(a, b)` of global index `i` in [`index_kernel`]'s order,
/// which is `ptxfp::sweep::operand` for `Operands::Exhaustive`.
pub fn index_operands(i: u64, lanes: Lanes) -> (u64, u64) {
    use ptxfp::sweep::{operand, Operands};
    let width = match lanes {
        Lanes::Scalar => 16,
        Lanes::Swapped => 32,
    };
    (
        operand(Operands::Exhaustive, 2, i, 0, width),
        operand(Operands::Exhaustive, 2, i, 1, width),
    )
}

/// The operands of global index `i` of an exhaustive sweep of a form with
/// `arity` sources (2 or 3) of `lanes`' shape: `ptxfp::sweep::operand`'s
/// layout (`ptxfp sweep`'s digest order). Two sources: `x = i >> 16`, `y =
/// i & 0xffff`; three: `x = i >> 32`, `y = (i >> 16) & 0xffff`, `z = i &
/// 0xffff`, scalar `a, b, c = x, y, z`, packed `a = {x, y}`, `b = {y, z}`,
/// `c = {z, x}` (lane 0 first).
pub fn index_operands_n(i: u64, arity: usize, lanes: Lanes) -> Vec<u64> {
    use ptxfp::sweep::{operand, Operands};
    let width = match lanes {
        Lanes::Scalar => 16,
        Lanes::Swapped => 32,
    };
    (0..arity)
        .map(|k| operand(Operands::Exhaustive, arity, i, k, width))
        .collect()
}

/// The sweep kernel: `ptxfp_kernel(d, base, n)`; thread `t < n` takes the
/// global index `i = base + t`, makes `a` and `b` (and `c`) from it as
/// [`index_operands_n`] says, runs the form, stores `d[t]`. `form` must
/// have two or three 16-bit (or 32-bit packed) sources.
pub fn index_kernel(form: &InstrForm, header: Header, lanes: Lanes) -> String {
    let arity = form.srcs.len();
    let mut body = instruction_body(form, 0);
    body.comment = format!(
        "{} with {}",
        body.comment,
        match (arity, lanes) {
            (2, Lanes::Scalar) => "x = i >> 16, y = i & 0xffff, a = x, b = y",
            (2, Lanes::Swapped) => "x = i >> 16, y = i & 0xffff, a = {x, y}, b = {y, x} (lane 0 first)",
            (_, Lanes::Scalar) => "x = i >> 32, y = (i >> 16) & 0xffff, z = i & 0xffff, a = x, b = y, c = z",
            (_, Lanes::Swapped) => "x = i >> 32, y = (i >> 16) & 0xffff, z = i & 0xffff, a = {x, y}, b = {y, z}, c = {z, x} (lane 0 first)",
        }
    );
    // The 16-bit halves x, y (, z) of the index, high first; packed forms
    // build operand k from halves k and k + 1 (mod the arity).
    let halves = &["%ha", "%hb", "%hc"][..arity];
    let mut regs = operand_regs(form, &body);
    if lanes == Lanes::Swapped {
        regs.extend(halves.iter().map(|h| format!(".b16 \t{h}")));
    }
    let mut out = String::new();
    header_text(&mut out, header, &body.comment);
    let params = [
        ".param .u64 param_d",
        ".param .u64 param_base",
        ".param .u32 param_n",
    ];
    prologue(&mut out, header, &params, &regs);
    out.push_str("\tld.param.u64 \t%rd2, [param_base];\n\tadd.u64 \t%rd3, %rd2, %rd1;\n");
    for k in 0..arity {
        let to = match lanes {
            Lanes::Scalar => format!("%v{}", OPERANDS[k]),
            Lanes::Swapped => halves[k].to_string(),
        };
        // cvt.u16.u64 keeps the low 16 bits.
        match 16 * (arity - 1 - k) {
            0 => {
                let _ = writeln!(out, "\tcvt.u16.u64 \t{to}, %rd3;");
            }
            shift => {
                let r = 4 + k;
                let _ = writeln!(out, "\tshr.u64 \t%rd{r}, %rd3, {shift};");
                let _ = writeln!(out, "\tcvt.u16.u64 \t{to}, %rd{r};");
            }
        }
    }
    if lanes == Lanes::Swapped {
        // docs/NVIDIA.md "Registers and lanes": `mov.b32 d, {h0, h1}` puts h0 in bits 0..15.
        for k in 0..arity {
            let _ = writeln!(
                out,
                "\tmov.b32 \t%v{}, {{{}, {}}};",
                OPERANDS[k],
                halves[k],
                halves[(k + 1) % arity]
            );
        }
    }
    epilogue(&mut out, header, form.dest, &body);
    out
}

/// Why a form has no mixed-precision equivalence kernel.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a mixed-precision form (add/sub/fma with .f32 destination and .f16/.bf16 sources)")]
pub struct NotMixed(pub String);

/// The `.f32` instruction a mixed-precision form is specified to equal:
/// `fma.rz.sat.f32.bf16` → `fma.rz.sat.f32`; a left-out rounding modifier is
/// written `.rn` (9.7.5: "`.rn` ... is the default"), which also keeps the
/// assembler from contracting an `add`.
pub fn mixed_equivalent(form: &InstrForm) -> Result<String, NotMixed> {
    let Some(f) = form.form().filter(|f| f.ty().is_mixed()) else {
        return Err(NotMixed(form.text()));
    };
    // The table's mixed rows are add, sub and fma; `.sat` is their only clamp.
    let sat = if f.clamp() == Clamp::Sat { ".sat" } else { "" };
    Ok(format!(
        "{}{}{sat}.f32",
        f.op().name(),
        round_suffix(f.rounding())
    ))
}

/// The mixed-precision equivalence kernel: same parameters as
/// [`buffer_kernel`], but each `.f16` source is widened with `cvt.f32.f16`
/// and each `.bf16` source by placing its bits in the upper half of a
/// `.b32` (`mov.b32 d, {0, a}`; both conversions are exact: binary16 and
/// bfloat16 values are all binary32 values), then [`mixed_equivalent`] runs
/// on `.f32` operands. NOTE(hw): a NaN input is widened to some NaN; the
/// `.f32` instruction then returns `0x7fffffff` for any NaN (docs/NVIDIA.md,
/// "NaN results"), so the NaN's payload cannot matter.
pub fn mixed_equivalence_kernel(form: &InstrForm, header: Header) -> Result<String, NotMixed> {
    let op = mixed_equivalent(form)?;
    let mut regs = vec![".b16 \t%zero".to_string()];
    let mut lines = vec!["mov.b16 \t%zero, 0;".to_string()];
    let mut operands = Vec::new();
    for (i, t) in form.srcs.iter().enumerate() {
        let name = OPERANDS[i];
        match t {
            PtxType::F16 => {
                regs.push(format!(".f32 \t%w{name}"));
                lines.push(format!("cvt.f32.f16 \t%w{name}, %v{name};"));
                operands.push(format!("%w{name}"));
            }
            PtxType::BF16 => {
                regs.push(format!(".b32 \t%w{name}"));
                lines.push(format!("mov.b32 \t%w{name}, {{%zero, %v{name}}};"));
                operands.push(format!("%w{name}"));
            }
            PtxType::F32 => operands.push(format!("%v{name}")),
            _ => return Err(NotMixed(form.text().clone())),
        }
    }
    lines.push(format!("{op} \t%vd, {};", operands.join(", ")));
    let body = Body {
        regs,
        lines,
        comment: format!(
            "checks `{}` through its .f32 equivalent `{op}` on exactly widened operands",
            form.text()
        ),
    };
    Ok(buffer_kernel_with(form, header, body))
}

impl InstrForm {
    /// The instruction without operands, as PTX prints it.
    pub fn text(&self) -> String {
        self.ins.text.clone()
    }

    /// The form, for an instruction of the float table.
    pub fn form(&self) -> Option<Form> {
        self.ins.form()
    }
}

/// Blocks needed for `n` threads of [`BLOCK`].
pub fn grid(n: u32) -> u32 {
    n.div_ceil(BLOCK)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(text: &str, dest: PtxType, srcs: &[PtxType], v: (u8, u8), sm: u16) -> InstrForm {
        InstrForm {
            ins: Instruction::parse(text).unwrap(),
            imm: None,
            carry: Default::default(),
            dest,
            srcs: srcs.to_vec(),
            requires: (PtxVersion::new(v.0, v.1), Target::sm(sm)),
        }
    }

    #[test]
    fn header_prefers_device_target() {
        let f = form("add.rn.f16", PtxType::F16, &[PtxType::F16; 2], (4, 2), 53);
        let ok = |v: PtxVersion, t: Target| v >= PtxVersion::new(4, 2) && t.sm >= 53;
        let h = choose_header(&f, Target::sm(90), ok).unwrap();
        assert_eq!(
            (h.version, h.target),
            (PtxVersion::new(7, 8), Target::sm(90))
        );
    }

    #[test]
    fn header_for_mad_f32_without_rounding_goes_back_to_ptx_3_0() {
        let f = form("mad.f32", PtxType::F32, &[PtxType::F32; 3], (1, 0), 10);
        // docs/NVIDIA.md "mad.f32 without a rounding modifier": rejected from 3.2 for sm_20 and up, warned in 3.1.
        let ok = |v: PtxVersion, t: Target| t.sm < 20 || v <= PtxVersion::new(3, 0);
        let h = choose_header(&f, Target::sm(90), ok).unwrap();
        assert_eq!(
            (h.version, h.target),
            (PtxVersion::new(3, 0), Target::sm(30))
        );
        assert!(h.has_address_size());
    }

    /// A form that needs an `a` target runs on an `a` device under that
    /// target: `.s2f6x2` (PTX ISA 9.1, sm_100a and kin) on sm_100a.
    #[test]
    fn header_takes_the_devices_arch_target() {
        let f = form(
            "cvt.rn.satfinite.s2f6x2.f32",
            PtxType::S2f6x2,
            &[PtxType::F32; 2],
            (9, 1),
            100,
        );
        let sm100a: Target = "sm_100a".parse().unwrap();
        let ok = |v: PtxVersion, t: Target| v >= PtxVersion::new(9, 1) && t == sm100a;
        let h = choose_header(&f, sm100a, ok).unwrap();
        assert_eq!((h.version, h.target), (PtxVersion::new(9, 1), sm100a));
        // A plain device has no such target.
        assert_eq!(choose_header(&f, Target::sm(100), ok), None);
    }

    #[test]
    fn no_header_when_device_too_old() {
        let f = form(
            "fma.rn.oob.f16",
            PtxType::F16,
            &[PtxType::F16; 3],
            (8, 1),
            90,
        );
        assert_eq!(choose_header(&f, Target::sm(80), |_, _| true), None);
    }

    #[test]
    fn index_order() {
        assert_eq!(index_operands(0x1234_5678, Lanes::Scalar), (0x1234, 0x5678));
        assert_eq!(
            index_operands(0xffff_0001, Lanes::Swapped),
            (0x0001_ffff, 0xffff_0001)
        );
    }

    #[test]
    fn mixed_equivalents() {
        let f = |t: &str, n| {
            let small = if t.ends_with("bf16") {
                PtxType::BF16
            } else {
                PtxType::F16
            };
            let mut srcs = vec![small; n];
            srcs.push(PtxType::F32);
            mixed_equivalent(&form(t, PtxType::F32, &srcs, (8, 6), 100))
        };
        assert_eq!(f("fma.rz.sat.f32.bf16", 2).unwrap(), "fma.rz.sat.f32");
        assert_eq!(f("add.f32.f16", 1).unwrap(), "add.rn.f32");
        assert_eq!(f("sub.sat.f32.bf16", 1).unwrap(), "sub.rn.sat.f32");
        assert!(f("fma.rn.f16", 2).is_err());
    }
}
