//! `ptxfp check`: validates the floating-point instructions of the
//! add/sub/mul/fma/mad family in a PTX module against its `.version` and
//! `.target`, their operand counts and the declared types of their
//! registers; floating-point `cvt` lines likewise (their target and
//! register types). Other instructions are skipped and counted, after
//! their version and target rules, their guard and the `%` names of their
//! operands (declared registers, special registers or variables).

use crate::module::{self, Instr, OperandKind, Stmt};
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::op::Op;
use ptxfp_isa::setp::{CmpInstr, Setp};
use ptxfp_isa::target::PtxVersion;
use ptxfp_isa::target::Target;
use ptxfp_isa::types::PtxType;
use std::collections::BTreeMap;

/// Overrides for the module's directives (`--target`, `--ptx`).
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckOptions {
    /// Overrides `.target`.
    pub target: Option<Target>,
    /// Overrides `.version`.
    pub version: Option<PtxVersion>,
    /// `target` only stands in for a missing `.target` (`ptxfp run` of a
    /// snippet on its device): nobody wrote it, so it is not checked
    /// against the version, and it is reported as the default.
    pub target_implied: bool,
}

/// Where the version or target in force came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A command-line flag.
    Flag,
    /// The module's directive.
    Directive,
    /// Neither: the default (latest version, [`Target::DEFAULT`]).
    Default,
}

/// The result of checking one module.
#[derive(Clone, Debug)]
pub struct Report {
    /// Errors and warnings, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// Instructions of the family (and float `cvt`s) that were checked.
    pub checked: usize,
    /// Other instructions, by opcode root, skipped.
    pub skipped: BTreeMap<String, usize>,
    /// The version in force and where it came from.
    pub version: (PtxVersion, Origin),
    /// The target in force and where it came from.
    pub target: (Target, Origin),
    /// Where checking (or parsing) stopped, when the diagnostics reached
    /// [`module::MAX_DIAGNOSTICS`]: the instructions after it are not
    /// checked, and the last diagnostic there says so.
    pub truncated: Option<usize>,
}

impl Report {
    /// True if any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
    /// Number of skipped instructions.
    pub fn skipped_total(&self) -> usize {
        self.skipped.values().sum()
    }
}

/// Checks a module.
pub fn check(src: &str, opts: CheckOptions) -> Report {
    check_module(&module::parse(src), opts)
}

/// Checks a parsed module.
pub fn check_module(m: &module::Module, opts: CheckOptions) -> Report {
    let (version, vo) = match (opts.version, &m.version) {
        (Some(v), _) => (v, Origin::Flag),
        (None, Some((v, _))) => (*v, Origin::Directive),
        (None, None) => (PtxVersion::LATEST, Origin::Default),
    };
    let (target, to) = match (opts.target, &m.target) {
        (Some(t), None) if opts.target_implied => (t, Origin::Default),
        (Some(t), _) => (t, Origin::Flag),
        (None, Some((t, _))) => (*t, Origin::Directive),
        (None, None) => (Target::DEFAULT, Origin::Default),
    };
    let mut diags = m.diagnostics.clone();
    // Point at the directive that is in force: the `.target` line, or, when
    // --target overrides it, the `.version` line the flag's target is too
    // new for (a flag has no place in the file).
    let header = match (to, vo) {
        (Origin::Directive, _) => m.target.as_ref().map_or(0..0, |t| t.1.clone()),
        (_, Origin::Directive) => m.version.as_ref().map_or(0..0, |v| v.1.clone()),
        _ => 0..0,
    };
    // Only a target that was given (a default stands in for an invalid
    // `.target`, already an error) can be too new for the version.
    if m.target.is_some() || (opts.target.is_some() && !opts.target_implied) {
        diags.extend(
            ptxfp_isa::syntax::header_error(version, target, header).map(|mut d| {
                if to == Origin::Flag {
                    d.message = d.message.replacen("`.target ", "`--target ", 1);
                }
                d
            }),
        );
    }
    // Registers are scoped by `{ }` block: a nested block (nvcc's inline
    // asm) may declare a name again, with any type, shadowing the outer
    // one inside it. A second declaration in the same block is the
    // parser's error.
    let scopes = module::RegScopes::new(m);
    // Branch targets: the labels of each function body (a label is local
    // to its function).
    let labels = m.label_index();
    // Variable names, for the `%` names of the instructions not modelled.
    let var_names: std::collections::HashSet<&str> =
        m.vars.iter().map(|v| v.name.as_str()).collect();
    let mut checked = 0;
    let mut skipped = BTreeMap::new();
    let mut truncated = m.truncated;
    // Once, not per instruction: `{ }` blocks outside functions are
    // unnamed functions, and a file of them made the scan quadratic.
    let has_named_function = m.functions.iter().any(|f| !f.name.is_empty());
    let mut closest: std::collections::HashMap<&str, Option<&str>> =
        std::collections::HashMap::new();
    // Built at the first `call`.
    let mut param_index = None;
    for s in m.stmts() {
        // A label belongs to a function body, as an instruction does.
        if let Stmt::Label(name, span, 0) = &s {
            if has_named_function {
                diags.push(Diagnostic::error(
                    span.clone(),
                    format!("the label `{name}` is outside any function body: a label marks an instruction of a body"),
                ));
            }
        }
        let Stmt::Instr(ins) = &s else { continue };
        // Memory stays bounded: a file of mistakes stops at the limit.
        if truncated.is_some() {
            break;
        }
        if diags.len() >= module::MAX_DIAGNOSTICS {
            diags.push(module::too_many_diagnostics(ins.span.start));
            truncated = Some(ins.span.start);
            break;
        }
        let mut decoded = ptxfp_isa::op::decode(ins.opcode, false);
        // 9.7.3.11/9.7.3.12: `min.f32 d, a, b` and `min.f32 d, a, b, c` are
        // one text; the operand count picks the form.
        decoded.op = decoded
            .op
            .with_sources(ins.operands.len().saturating_sub(1));
        // PTX ISA §11: instructions belong in a function body. A bare
        // snippet (no function at all) is ptxfp's own convenience.
        if ins.scope == 0 && has_named_function {
            diags.push(
                Diagnostic::error(
                    ins.span.clone(),
                    "an instruction outside any function body: once a module has .entry or .func bodies, every instruction must be inside one",
                )
                .with_help("move it into a `{ }` body, or run the instructions as a snippet without functions"),
            );
        }
        // tcgen05.mma's operands, run or refused alike, once its
        // qualifiers are right (their errors are the decoding's).
        if ins.opcode.starts_with("tcgen05.mma.") && !decoded.diags.iter().any(|d| d.is_error()) {
            check_tcgen05_mma(ins, target, &mut diags);
        }
        if ins.root() == "call" {
            let index = param_index.get_or_insert_with(|| ParamIndex::new(m));
            check_call(m, ins, index, &mut diags);
        }
        if decoded.op == Op::Bra {
            for op in &ins.operands {
                if let OperandKind::Name(l) = &op.kind {
                    let here = labels
                        .get(&(ins.scope, *l))
                        .and_then(|all| all.lookup(m, ins.block));
                    if here.is_none() {
                        diags.push(Diagnostic::error(
                            op.span.clone(),
                            format!("`bra {l}`: no label `{l}` is defined in this function"),
                        ));
                    }
                }
            }
        }
        // A guard names a declared `.pred` register (PTX ISA §9.3).
        if let Some(g) = &ins.guard {
            match scopes
                .lookup(g.reg, ins.block)
                .map(|r| r.ty)
                .or_else(|| m.refused_range_type(g.reg))
            {
                None => diags.push(
                    undeclared(g.reg, g.span.clone())
                        .with_help(format!("declare it, e.g. `.reg .pred {};`", g.reg)),
                ),
                Some(PtxType::Pred) => {}
                Some(t) => diags.push(Diagnostic::error(
                    g.span.clone(),
                    format!(
                        "the guard `{}` is a `{t}` register; a guard must be `.pred`",
                        g.reg
                    ),
                )),
            }
        }
        let at = ins.opcode_span.start;
        let regs = |n: &str| {
            scopes
                .lookup(n, ins.block)
                .map(|r| r.ty)
                .or_else(|| special_register_type(n, version))
                .or_else(|| m.refused_range_type(n))
        };
        match &decoded.op {
            Op::NotPtx => {
                let d = Diagnostic::error(
                    at..at + ins.root().len(),
                    format!("`{}` is not a PTX instruction", ins.root()),
                );
                // Once per unknown word: a file of one typo repeated a
                // million times measured it a million times (11 s).
                let near = *closest
                    .entry(ins.root())
                    .or_insert_with(|| ptxfp_isa::opcodes::closest(ins.root()));
                diags.push(match near {
                    Some(n) => d.with_help(format!("did you mean `{n}`?")),
                    None => d,
                });
            }
            // A malformed form of a family ptxfp models: its errors, and
            // its operands' declarations.
            Op::Unsupported(_) if !decoded.diags.is_empty() => {
                diags.extend(decoded.diags.iter().map(|d| d.clone().shifted(at)));
                undeclared_operands(ins, &regs, &mut diags);
            }
            op if op.is_computation() => {
                let op = &decoded.op;
                // A decoding's warnings: a modifier out of its syntax
                // line's order, repaired (docs/NVIDIA.md "Modifier order").
                diags.extend(decoded.diags.iter().map(|d| d.clone().shifted(at)));
                diags.extend(
                    op.validate(ins.opcode, version, target)
                        .into_iter()
                        .map(|d| d.shifted(at)),
                );
                match op {
                    Op::Form(f) => {
                        let before = diags.len();
                        check_operands(ins, &f.to_string(), &op_types(op), &regs, &mut diags);
                        // `min.xorsign.abs.f32 d, a, b, c`: say why (9.7.3.11).
                        let n = ins.operands.len().saturating_sub(1);
                        if let (Some(hint), Some(d)) = (f.arity_hint(n), diags.get_mut(before)) {
                            if d.span == ins.opcode_span {
                                d.help = Some(hint.to_string());
                            }
                        }
                    }
                    Op::Cvt(c) => {
                        check_cvt_operands(ins, &op_types(op), c.row().syntax, &regs, &mut diags)
                    }
                    Op::Setp(c) if c.instr == CmpInstr::Setp || c.bool_op.is_some() => {
                        check_setp_operands(ins, c, &op_types(op), &regs, &mut diags)
                    }
                    Op::Int(i) if i.bool_op().is_some() => check_lop3_operands(ins, &mut diags),
                    _ => check_operands(ins, ins.opcode, &op_types(op), &regs, &mut diags),
                }
                if let Some(limit) = op.source_limit(3) {
                    check_immlut(ins, limit, &mut diags);
                }
            }
            // mbarrier, bulk copies, cluster barriers: their rows' PTX ISA
            // version and target (ptxfp_isa::mbarrier).
            Op::Control(ptxfp_isa::control::Control::Async(_)) => {
                diags.extend(
                    decoded
                        .op
                        .validate(ins.opcode, version, target)
                        .into_iter()
                        .map(|d| d.shifted(at)),
                );
                check_operand_count(ins, &mut diags);
            }
            // The engine's instructions with a version and target rule
            // of their own (`ldmatrix`, `wmma`, ...: `Op::validate`): its
            // errors; counted with the others.
            Op::Control(c) => {
                // A warp-wide instruction's qualifiers out of their line's
                // order: the warning (docs/NVIDIA.md "Modifier order").
                diags.extend(decoded.diags.iter().map(|d| d.clone().shifted(at)));
                diags.extend(
                    (decoded.op.validate(ins.opcode, version, target).into_iter())
                        .map(|d| d.shifted(at)),
                );
                if let ptxfp_isa::control::Control::Wgmma(ptxfp_isa::wgmma::Wgmma::Mma(m)) = c {
                    let len = |i: usize| match ins.operands.get(i).map(|o| &o.kind) {
                        Some(OperandKind::Vector(v)) => Some(v.len()),
                        _ => None,
                    };
                    if let Some(why) =
                        m.operands_error(ins.operands.len(), len(1).is_some(), len(0), len(1))
                    {
                        diags.push(Diagnostic::error(
                            ins.opcode_span.clone(),
                            format!("`{}` {why}", ins.opcode),
                        ));
                    }
                }
                percent_names(ins, &regs, &var_names, &mut diags);
                check_operand_count(ins, &mut diags);
                match c {
                    ptxfp_isa::control::Control::Tcgen05(ptxfp_isa::tcgen05::Tcgen05::Ld(m)) => {
                        check_tmem_registers(ins, m, true, &mut diags)
                    }
                    ptxfp_isa::control::Control::Tcgen05(ptxfp_isa::tcgen05::Tcgen05::St(m)) => {
                        check_tmem_registers(ins, m, false, &mut diags)
                    }
                    _ => {}
                }
                *skipped.entry(ins.root().to_string()).or_insert(0) += 1;
                continue;
            }
            // Valid PTX outside the model (integer arithmetic, moves,
            // memory, control flow, `cvt.rmi.f32.f32`...): counted, with
            // the version and target rules they have (`ld.b128`: `Op::validate`).
            _ => {
                diags.extend(
                    (decoded.op.validate(ins.opcode, version, target).into_iter())
                        .map(|d| d.shifted(at)),
                );
                if !matches!(decoded.op, Op::Bra) && !matches!(ins.root(), "call" | "brx") {
                    percent_names(ins, &regs, &var_names, &mut diags);
                }
                check_operand_count(ins, &mut diags);
                *skipped.entry(ins.root().to_string()).or_insert(0) += 1;
                continue;
            }
        }
        checked += 1;
    }
    let diags = diags
        .into_iter()
        .map(|d| ptxfp_isa::syntax::help_for_flags(d, vo == Origin::Flag, to == Origin::Flag));
    let mut diags: Vec<Diagnostic> = diags.collect();
    diags.sort_by_key(|d| d.span.start);
    Report {
        diagnostics: diags,
        checked,
        skipped,
        version: (version, vo),
        target: (target, to),
        truncated,
    }
}

/// `tcgen05.mma`'s operands against its syntax lines
/// (`ptxfp_isa::tcgen05::mma_operands_error`): at the operand in error,
/// or at the opcode for a wrong count.
fn check_tcgen05_mma(ins: &Instr, target: Target, diags: &mut Vec<Diagnostic>) {
    use ptxfp_isa::tcgen05::Arg;
    let args: Vec<Arg> = ins
        .operands
        .iter()
        .map(|o| match &o.kind {
            OperandKind::Address { .. } => Arg::Address,
            OperandKind::Vector(v) => Arg::Vector(v.len()),
            OperandKind::Imm(t) => {
                Arg::Imm(ptxfp_isa::literal::parse_int(t).and_then(|v| u64::try_from(v).ok()))
            }
            _ => Arg::Reg,
        })
        .collect();
    if let Some((at, why)) = ptxfp_isa::tcgen05::mma_operands_error(ins.opcode, &args, target) {
        let span = at
            .and_then(|i| ins.operands.get(i))
            .map_or(ins.opcode_span.clone(), |o| o.span.clone());
        diags.push(Diagnostic::error(span, why));
    }
}

/// The `.param` variables of a module by function body and name: the
/// block each is declared in and its size (a call's arguments are
/// declared again in each call's `{ }` block, at any size).
struct ParamIndex<'m>(std::collections::HashMap<(usize, &'m str), Vec<(usize, u64)>>);

impl<'m> ParamIndex<'m> {
    fn new(m: &'m module::Module) -> Self {
        let mut all: std::collections::HashMap<_, Vec<_>> = std::collections::HashMap::new();
        for v in m.vars.iter().filter(|v| v.space == module::Space::Param) {
            all.entry((v.scope, v.name.as_str()))
                .or_default()
                .push((v.block, v.size));
        }
        ParamIndex(all)
    }

    /// The size of the `.param` variable `name` seen from `block` of
    /// body `scope`: the one of the innermost block around it.
    fn size(&self, m: &module::Module, scope: usize, mut block: usize, name: &str) -> Option<u64> {
        let all = self.0.get(&(scope, name))?;
        loop {
            if let Some(&(_, size)) = all.iter().rev().find(|(b, _)| *b == block) {
                return Some(size);
            }
            if block == 0 {
                return None;
            }
            block = m.block_parents.get(block).copied().unwrap_or(0);
        }
    }
}

/// A direct `call` of a function of the module: as many arguments and
/// return values as its header has (PTX ISA `call`: the lists bind to
/// its parameters one by one, "passed by value"), and each `.param`
/// variable of the caller's bound to a parameter of the same size, as
/// ptxas requires (a 3-byte array for a `.b64` made the callee read
/// bytes past it).
fn check_call(m: &module::Module, ins: &Instr, index: &ParamIndex, diags: &mut Vec<Diagnostic>) {
    let Some((rets, fop, args)) = ins.call_parts() else {
        return;
    };
    let OperandKind::Name(fname) = fop.kind else {
        return;
    };
    let named = m.aliased(fname);
    let Some(f) = m.functions.iter().find(|f| f.name == named && !f.entry) else {
        return;
    };
    if let Some(why) = f.call_mismatch(args.len(), rets.len()) {
        diags.push(Diagnostic::error(ins.span.clone(), why));
        return;
    }
    let pairs = args
        .iter()
        .zip(&f.params)
        .map(|p| (p, "argument", "parameter"));
    let pairs = pairs.chain(
        rets.iter()
            .zip(&f.returns)
            .map(|p| (p, "return value", "return parameter")),
    );
    for ((given, formal), what, whose) in pairs {
        let Some(have) = index.size(m, ins.scope, ins.block, given) else {
            continue;
        };
        let Some(want) = index
            .0
            .get(&(f.scope, formal.as_str()))
            .and_then(|v| v.first())
        else {
            continue;
        };
        if have != want.1 {
            diags.push(
                Diagnostic::error(
                    ins.span.clone(),
                    format!("`call {fname}`: the {what} `{given}` is a .param of {have} byte(s), but `{}`'s {whose} `{formal}` takes {}", f.name, want.1),
                )
                .with_help(format!("declare `{given}` with the size of `{formal}` (a .param of {} bytes)", want.1)),
            );
        }
    }
}

/// An integer constant too wide for the integer or bit-size operand type
/// `ty` it is used as (`0xffffffffffffffffU` as a `.u32`): its value
/// truncated to the operand's width, and the warning that says so. PTX ISA
/// §4.5.1: "Integer constants are 64-bits in size ... When used in an
/// instruction or data initialization, each integer constant is converted
/// to the appropriate size based on the data or instruction type at its
/// use"; ptxas accepts such a constant and keeps its low bits. `None`
/// where `t` is not an integer constant, or `ty` is a float type or
/// `.pred` (those take no such conversion: the constant is an error).
pub fn truncated_constant(t: &str, ty: PtxType) -> Option<(u64, String)> {
    if ty.is_float() || ty == PtxType::Pred || ty.bits() >= 64 {
        return None;
    }
    let wide = ptxfp_isa::literal::parse_int(t)? as u64;
    let v = wide & ptxfp_isa::types::mask(ty.bits());
    let shown = ptxfp_isa::literal::hex(v, ty);
    Some((
        v,
        format!(
            "the 64-bit constant `{t}` is truncated to the {} bits of `{ty}`: {shown} (PTX ISA §4.5.1: each integer constant \"is converted to the appropriate size based on the data or instruction type at its use\"; ptxas keeps the low bits); write `{shown}` to say so",
            ty.bits()
        ),
    ))
}

/// The operand types an op fixes (every op `check` looks at fixes them).
fn op_types(op: &Op) -> Vec<PtxType> {
    op.operand_types().unwrap_or_default()
}

/// The operands of an instruction `check` does not model (`ld`, `st`,
/// `atom`, `shfl`, ...): a name in the register style, `%` and more (as
/// every compiler names its registers), that is no declared register,
/// special register or variable is an error, as in the modelled
/// instructions; `run` refused it, `check` passed it (the inline-PTX
/// survey of 2026-11-29). Names without `%` may be variables, labels or
/// functions declared without a body, and are left to `run`.
fn percent_names(
    ins: &Instr,
    regs: &dyn Fn(&str) -> Option<PtxType>,
    vars: &std::collections::HashSet<&str>,
    diags: &mut Vec<Diagnostic>,
) {
    fn walk(
        op: &module::Operand,
        regs: &dyn Fn(&str) -> Option<PtxType>,
        vars: &std::collections::HashSet<&str>,
        diags: &mut Vec<Diagnostic>,
    ) {
        let name = match &op.kind {
            OperandKind::Name(n) => Some(*n),
            OperandKind::Address { base, .. } => *base,
            OperandKind::Sum { base, .. } => Some(*base),
            OperandKind::Vector(v) => {
                for e in v {
                    walk(e, regs, vars, diags);
                }
                None
            }
            _ => None,
        };
        if let Some(n) = name.filter(|n| n.starts_with('%') && n.len() > 1) {
            // A video instruction's operand selector: `%a.b4321`, `%d.h1`,
            // `%v.y.b1` (a vector register's element).
            let base = n
                .rsplit_once('.')
                .filter(|(_, s)| {
                    s.len() > 1
                        && matches!(s.as_bytes()[0], b'b' | b'h')
                        && s[1..].bytes().all(|c| c.is_ascii_digit())
                })
                .map_or(n, |(b, _)| b);
            if regs(n).is_none() && regs(base).is_none() && !vars.contains(n) {
                diags.push(undeclared(n, op.span.clone()));
            }
        }
    }
    for op in &ins.operands {
        walk(op, regs, vars, diags);
    }
}

/// For an opcode that did not parse: its operands can still be checked
/// for declarations.
fn undeclared_operands(
    ins: &Instr,
    regs: &dyn Fn(&str) -> Option<PtxType>,
    diags: &mut Vec<Diagnostic>,
) {
    for op in &ins.operands {
        if let OperandKind::Name(n) = &op.kind {
            if regs(n).is_none() {
                diags.push(undeclared(n, op.span.clone()));
            }
        }
    }
}

/// The operands of `form` (named so in messages) against the types of
/// d, a, b[, c]: their count, declarations, register types and immediates.
fn check_operands(
    ins: &Instr,
    form: &str,
    types: &[PtxType],
    regs: &dyn Fn(&str) -> Option<PtxType>,
    diags: &mut Vec<Diagnostic>,
) {
    if ins.operands.len() != types.len() {
        diags.push(Diagnostic::error(
            ins.opcode_span.clone(),
            format!(
                "`{form}` takes {} operands (d, {}); {} given",
                types.len(),
                ["a", "b", "c", "d"][..types.len().clamp(2, 5) - 1].join(", "),
                ins.operands.len()
            ),
        ));
    }
    for (i, (op, ty)) in ins.operands.iter().zip(types).enumerate() {
        check_operand(i, op, ty, form, regs, diags);
    }
}

/// Operand `i` of `form`, of type `ty`: a declared register the type
/// accepts, a constant `run` can read, or (a source) a register plus a
/// constant.
fn check_operand(
    i: usize,
    op: &module::Operand,
    ty: &PtxType,
    form: &str,
    regs: &dyn Fn(&str) -> Option<PtxType>,
    diags: &mut Vec<Diagnostic>,
) {
    match &op.kind {
        OperandKind::Name(n) => match regs(n) {
            None => diags.push(undeclared(n, op.span.clone()).with_help(format!(
                "declare it, e.g. `.reg {} {n};`",
                ty.bit_type().unwrap_or(*ty)
            ))),
            Some(rt) if !ty.accepts_register(rt) => diags.push(
                Diagnostic::error(
                    op.span.clone(),
                    format!("operand `{n}` is a `{rt}` register; `{form}` needs `{ty}` here"),
                )
                .with_help(match ty.bit_type().filter(|b| b != ty) {
                    Some(b) => format!("use a `{ty}` or `{b}` register"),
                    None => format!("use a `{ty}` register"),
                }),
            ),
            Some(_) => {}
        },
        // `r + 1` (a register or variable plus a constant) as an integer
        // or bit-size source: the run reads it (its name there).
        OperandKind::Sum { .. } if i > 0 && !ty.is_float() && *ty != PtxType::Pred => {}
        // The constant must be one `run` can read (PTX ISA §4.5), for
        // every type; a 16-bit floating-point one is also worth a
        // warning. Integer constants are 64-bit and "converted to the
        // appropriate size based on the data or instruction type at
        // its use" (PTX ISA §4.5.1): nvcc writes `add.s16 %rs2, %rs1, 1`.
        OperandKind::Imm(t) if i > 0 => match ptxfp_isa::literal::Literal::imm(t, *ty) {
            Err(e) => diags.push(match truncated_constant(t, *ty) {
                Some((_, w)) => Diagnostic::warning(op.span.clone(), w),
                None => Diagnostic::error(op.span.clone(), e),
            }),
            Ok(lit) => {
                // A constant that overflowed to Inf or underflowed to 0.
                for w in lit.warnings {
                    diags.push(Diagnostic::warning(op.span.clone(), w.to_string()));
                }
                if (ty.bits() == 16 && ty.is_float())
                    || matches!(ty, PtxType::F16x2 | PtxType::BF16x2)
                {
                    diags.push(Diagnostic::warning(
                        op.span.clone(),
                        format!("immediate `{t}` for a `{ty}` operand: PTX has no literals of this type; ptxas may reject it"),
                    ));
                }
            }
        },
        _ => diags.push(Diagnostic::error(
            op.span.clone(),
            if i == 0 {
                "the destination must be a register".to_string()
            } else {
                format!("expected a `{ty}` register or immediate")
            },
        )),
    }
}

/// The operands of an instruction that `check` does not type (`ld`,
/// `st`, `mov`, the branches, barriers and warp-level instructions:
/// `ptxfp_isa::qualifiers::operand_count`): their count, and where the
/// syntax line has an address or a destination, that the operand is one;
/// an error where not (ptxas refuses the line; the engine refused it only
/// when a thread ran it).
fn check_operand_count(ins: &Instr, diags: &mut Vec<Diagnostic>) {
    let Some(want) = ptxfp_isa::qualifiers::operand_count(ins.opcode) else {
        return;
    };
    let n = ins.operands.len();
    if n < want.fewest || n > want.most {
        let takes = if want.fewest == want.most {
            format!("{}", want.fewest)
        } else {
            format!("{} to {}", want.fewest, want.most)
        };
        diags.push(Diagnostic::error(
            ins.opcode_span.clone(),
            format!(
                "`{}` takes {takes} operand(s) (`{};`); {n} given",
                ins.opcode, want.syntax
            ),
        ));
        return;
    }
    for (o, kind) in ins.operands.iter().zip(want.kinds.chars()) {
        let address = matches!(o.kind, OperandKind::Address { .. });
        // `a[i]` is an address in brackets' place and a value (its
        // address) in a value's.
        let element = matches!(o.kind, OperandKind::Address { element: true, .. });
        let wrong = match kind {
            'a' => (!address).then_some("an address `[a]`"),
            'd' => matches!(o.kind, OperandKind::Imm(_) | OperandKind::Address { .. })
                .then_some("a register (the destination)"),
            _ => (address && !element).then_some("a value, not an address"),
        };
        if let Some(what) = wrong {
            diags.push(Diagnostic::error(
                o.span.clone(),
                format!(
                    "`{}`: this operand must be {what} (`{};`)",
                    ins.opcode, want.syntax
                ),
            ));
            return;
        }
    }
}

/// `tcgen05.ld` (`load`) or `st`'s register vector `r`: as many `.b32`
/// registers as the shape and `.num` make (PTX ISA 9.7.16, Tables 49 and
/// 50; a single register counts as one), checked where the operand count
/// is right and `r` is a register or a vector (`check_operand_count` says
/// the rest); the engine says the same when a warp runs the line.
fn check_tmem_registers(
    ins: &Instr,
    m: &ptxfp_isa::tcgen05::Move,
    load: bool,
    diags: &mut Vec<Diagnostic>,
) {
    let split = usize::from(m.shape == ptxfp_isa::tcgen05::Shape::S16x32bx2);
    if ins.operands.len() != 2 + split {
        return;
    }
    let r = if load {
        &ins.operands[0]
    } else {
        &ins.operands[1 + split]
    };
    let given = match &r.kind {
        OperandKind::Vector(v) => v.len(),
        OperandKind::Name(_) => 1,
        _ => return,
    };
    if let Some(why) = m.registers_error(ins.opcode, load, given) {
        diags.push(Diagnostic::error(r.span.clone(), why));
    }
}

/// A float `cvt`'s operands: their count, declarations and register types.
fn check_cvt_operands(
    ins: &Instr,
    types: &[PtxType],
    syntax: &str,
    regs: &dyn Fn(&str) -> Option<PtxType>,
    diags: &mut Vec<Diagnostic>,
) {
    // A `.b128` register (`{q.lo, q.hi}` once declared): §9.4.1 allows
    // it wider than the `cvt`'s type, but the engine runs `.b128`
    // registers with `ld`, `st`, `mov.b128` and `atom` only (docs/ENGINE.md
    // "`.b128` registers"); say so rather than count its halves.
    for o in &ins.operands {
        if let Some(q) = module::b128_register(o) {
            diags.push(
                Diagnostic::error(
                    o.span.clone(),
                    format!("`{q}` is a `.b128` register: ptxfp does not run `cvt` with one (PTX allows it, §9.4.1)"),
                )
                .with_help(format!("convert into a `.b64` register and move it: `mov.b128 {q}, {{lo, hi}};`")),
            );
            return;
        }
    }
    // A vector source (`cvt.rs...e4m3x4.f32 d, {a, b, e, f}, rbits`)
    // counts its elements one by one, as the op's types do.
    let flat: Vec<&module::Operand> = ins
        .operands
        .iter()
        .flat_map(|o| match &o.kind {
            OperandKind::Vector(v) => v.iter().collect::<Vec<_>>(),
            _ => vec![o],
        })
        .collect();
    if flat.len() != types.len() {
        // The operands of the form's syntax line (`d, {a, b, e, f}, rbits`).
        let shape = syntax
            .split_once(' ')
            .map_or("", |(_, o)| o.split(';').next().unwrap_or(""));
        diags.push(
            Diagnostic::error(
                ins.opcode_span.clone(),
                format!(
                    "`{}` takes {} operands; {} given",
                    ins.opcode,
                    types.len(),
                    flat.len()
                ),
            )
            .with_help(format!("write `{} {shape};`", ins.opcode)),
        );
    }
    for (op, ty) in flat.into_iter().zip(types) {
        if let OperandKind::Name(n) = &op.kind {
            match regs(n) {
                None => diags.push(
                    undeclared(n, op.span.clone())
                        .with_help(format!("declare it, e.g. `.reg {ty} {n};`")),
                ),
                Some(rt) if !ty.accepts_conversion_register(rt) => diags.push(Diagnostic::error(
                    op.span.clone(),
                    format!(
                        "operand `{n}` is a `{rt}` register; `{}` needs `{ty}` here",
                        ins.opcode
                    ),
                )),
                Some(_) => {}
            }
        }
    }
}

/// A `setp`'s (or combining `set`'s) operand count: `p[|q], a, b` and,
/// with a BoolOp, `{!}c` (the predicate operands' `|` and `!` are checked
/// when they run).
fn check_setp_operands(
    ins: &Instr,
    c: &Setp,
    types: &[PtxType],
    regs: &dyn Fn(&str) -> Option<PtxType>,
    diags: &mut Vec<Diagnostic>,
) {
    // Each register and constant against its type (`setp.lt.f32` on a
    // `.u32` register is refused by `run`, and was passed here: an
    // independent model of §9.4's Table 26, 2026-11-29); `p|q` and a
    // negated `!c` are read by the run.
    let form = c.to_string();
    for (i, (op, ty)) in ins.operands.iter().zip(types).enumerate() {
        if matches!(
            op.kind,
            OperandKind::Name(_) | OperandKind::Imm(_) | OperandKind::Sum { .. }
        ) {
            check_operand(i, op, ty, &form, regs, diags);
        }
    }
    let d = if c.instr == CmpInstr::Setp {
        "p[|q]"
    } else {
        "d"
    };
    let (want, shape) = if c.bool_op.is_some() {
        (4, format!("{d}, a, b, {{!}}c"))
    } else {
        (3, format!("{d}, a, b"))
    };
    if ins.operands.len() != want {
        diags.push(Diagnostic::error(
            ins.opcode_span.clone(),
            format!(
                "`{}` takes {want} operands ({shape}); {} given",
                ins.opcode,
                ins.operands.len()
            ),
        ));
    }
}

/// `lop3.BoolOp.b32 d|p, a, b, c, immLut, q` (9.7.8.6): six operands,
/// the first a pair `d|p` (`d` may be the sink `_`).
fn check_lop3_operands(ins: &Instr, diags: &mut Vec<Diagnostic>) {
    if ins.operands.len() != 6 {
        diags.push(Diagnostic::error(
            ins.opcode_span.clone(),
            format!(
                "`{}` takes 6 operands (d|p, a, b, c, immLut, q); {} given",
                ins.opcode,
                ins.operands.len()
            ),
        ));
    }
    if let Some(d) = ins.operands.first() {
        if !matches!(&d.kind, OperandKind::Other(t) if t.contains('|')) {
            diags.push(
                Diagnostic::error(
                    d.span.clone(),
                    format!("`{}` writes a register and a predicate: `d|p`", ins.opcode),
                )
                .with_help("write `d|p`, or `_|p` to keep only the predicate"),
            );
        }
    }
}

/// `lop3`'s fifth operand (9.7.8.6): "`immLut` is an integer constant
/// that can take values from 0 to 255". A register there, or a constant
/// past 255, is an error (both were taken, the register read as a value
/// and a constant's upper bits ignored: found by an independent model of
/// the integer family, 2026-11-29).
fn check_immlut(ins: &Instr, limit: ptxfp_isa::op::SourceLimit, diags: &mut Vec<Diagnostic>) {
    // Source 3 (`Op::source_limit`) is operand 4, after `d`.
    let Some(lut) = ins.operands.get(4) else {
        return;
    };
    let help = "write the truth table as a constant: F(0xF0, 0xCC, 0xAA) for F(a, b, c), e.g. 0x96 for a ^ b ^ c";
    let rule = limit.rule;
    let why = match &lut.kind {
        OperandKind::Imm(t) => match ptxfp_isa::literal::parse_int(t) {
            Some(v) if (0..=limit.max as i64).contains(&v) => return,
            Some(v) => format!("{rule}; `{t}` is {v}"),
            None => format!("{rule}; `{t}` is not an integer"),
        },
        _ => format!("{rule}, not a register or an address"),
    };
    diags.push(Diagnostic::error(lut.span.clone(), why).with_help(help));
}

/// The type of special register `n` as an operand (PTX ISA §10,
/// ptxfp_isa::sreg), or of the predefined identifier `WARP_SZ` (§5.1.4);
/// `None` if it is neither.
fn special_register_type(n: &str, version: PtxVersion) -> Option<PtxType> {
    if n == "WARP_SZ" {
        return Some(PtxType::U32);
    }
    ptxfp_isa::sreg::special(n, version).map(|s| s.ty)
}

fn undeclared(n: &str, span: core::ops::Range<usize>) -> Diagnostic {
    Diagnostic::error(span, format!("register `{n}` is not declared"))
        .with_help(format!("declare it with `.reg .TYPE {n};`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_skips() {
        let src = ".version 8.6\n.target sm_90\n.reg .b16 %rs<3>;\n.reg .b32 %r<2>;\nbar.sync 0;\nadd.rn.f16 %rs2, %rs0, %rs1;\nadd.f16 %rs2, %r0, %rs1;\nadd.f16 %rs2, %rs0;\n";
        let r = check(src, CheckOptions::default());
        assert_eq!(r.checked, 3);
        assert_eq!(r.skipped_total(), 1);
        let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(&src[errors[0].span.clone()], "%r0");
    }

    /// Special registers are operands of any instruction; before PTX ISA
    /// 2.0 `%tid.x` is `.u16` (the CUDA SDK 2.2 template's
    /// `cvt.u32.u16 %r1, %tid.x;`), from 2.0 on `.u32`.
    #[test]
    fn special_registers_need_no_declaration() {
        let old = ".version 1.4\n.target sm_10\n.entry k()\n{\n.reg .u32 %r1;\n\
                   cvt.u32.u16 %r1, %tid.x;\ncvt.u32.u16 %r1, %ntid.y;\nexit;\n}\n";
        assert_eq!(errors(old, CheckOptions::default()), Vec::<String>::new());
        let new = ".version 6.5\n.target sm_30\n.entry k()\n{\n.reg .u64 %rd;\n\
                   cvt.u64.u32 %rd, %ctaid.x;\nret;\n}\n";
        assert_eq!(errors(new, CheckOptions::default()), Vec::<String>::new());
        let unknown = ".version 6.5\n.target sm_30\n.entry k()\n{\n.reg .u32 %r1;\n\
                   cvt.u32.u16 %r1, %tid.w;\nret;\n}\n";
        assert_eq!(errors(unknown, CheckOptions::default()).len(), 1);
        // The driver's and the hardware's (ptxfp_isa::sreg), in their types.
        let driver =
            ".version 8.5\n.target sm_90\n.entry k()\n{\n.reg .u32 %r1;\n.reg .u64 %rd1;\n\
                   add.u32 %r1, %pm7, %envreg31;\nadd.u32 %r1, %clock_hi, %total_smem_size;\n\
                   add.u64 %rd1, %pm0_64, %current_graph_exec;\nret;\n}\n";
        assert_eq!(
            errors(driver, CheckOptions::default()),
            Vec::<String>::new()
        );
        let beyond = ".version 8.5\n.target sm_90\n.entry k()\n{\n.reg .u32 %r1;\n\
                   add.u32 %r1, %pm8, %envreg32;\nret;\n}\n";
        assert_eq!(errors(beyond, CheckOptions::default()).len(), 2);
    }

    /// The errors of `src`, each as `line:column: message [help]`.
    fn errors(src: &str, opts: CheckOptions) -> Vec<String> {
        let map = ptxfp_isa::diag::SourceMap::new(src);
        check(src, opts)
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| {
                let (l, c) = map.line_col(d.span.start);
                format!(
                    "{l}:{c}: {} [{}]",
                    d.message,
                    d.help.clone().unwrap_or_default()
                )
            })
            .collect()
    }

    /// The instructions `check` does not model still name declared
    /// registers: a `%` name that is none (gpuocelot's texture.ptx reads
    /// `%rw4` of `.reg .b32 %rw<4>`) is an error there too; special
    /// registers, variables, video selectors (`%a.b4321`) and names
    /// without `%` (labels, functions) are not.
    #[test]
    fn percent_names_of_unmodelled_instructions_are_declared() {
        let src = ".version 8.0\n.target sm_90\n.address_size 64\n\
            .global .u32 %gv;\n.entry k(.param .u64 p)\n{\n\
            .reg .b32 %rw<4>;\n.reg .b64 %rd<2>;\n\
            ld.param.u64 %rd1, [p];\n\
            ld.global.u32 %rw4, [%rd1+4];\n\
            st.global.v2.u32 [%rd9], {%rw1, %rw5};\n\
            mov.u32 %rw2, %tid.x;\n\
            ld.global.u32 %rw3, [%gv];\n\
            vabsdiff4.u32.u32.u32.add %rw0, %rw1.b3210, %rw2.b7654, %rw3;\n\
            .reg .v2 .b32 %v;\n\
            vadd.u32.u32.u32 %rw2, %v.y.b1, %v.x;\n\
            ret;\n}\n";
        assert_eq!(
            errors(src, CheckOptions::default()),
            [
                "10:15: register `%rw4` is not declared [declare it with `.reg .TYPE %rw4;`]",
                "11:18: register `%rd9` is not declared [declare it with `.reg .TYPE %rd9;`]",
                "11:33: register `%rw5` is not declared [declare it with `.reg .TYPE %rw5;`]",
            ]
        );
    }

    /// `lop3`'s `immLut` (9.7.8.6): "an integer constant that can take
    /// values from 0 to 255". 0, 255, a constant expression and the
    /// `.BoolOp` form's fifth operand are taken; a register, 256 and a
    /// float constant are errors at the operand.
    #[test]
    fn lop3_takes_an_8_bit_constant_truth_table() {
        let src = ".version 8.2\n.target sm_70\n.address_size 64\n.entry k()\n{\n\
            .reg .b32 %r<5>;\n.reg .pred %p<2>;\n\
            lop3.b32 %r1, %r2, %r3, %r4, 0;\n\
            lop3.b32 %r1, %r2, %r3, %r4, 255;\n\
            lop3.b32 %r1, %r2, %r3, %r4, (0xF0 & 0xCC) | 0xAA;\n\
            lop3.or.b32 %r1|%p1, %r2, %r3, %r4, 0x3f, %p0;\n\
            lop3.b32 %r1, %r2, %r3, %r4, %r0;\n\
            lop3.b32 %r1, %r2, %r3, %r4, 256;\n\
            lop3.and.b32 _|%p1, %r2, %r3, %r4, 0F3f800000, %p0;\n\
            ret;\n}\n";
        let e = errors(src, CheckOptions::default());
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(
            e[0].starts_with("12:30: `immLut` is an integer constant from 0 to 255")
                && e[0].contains("not a register"),
            "{e:?}"
        );
        assert!(
            e[1].starts_with("13:30: ") && e[1].contains("`256` is 256"),
            "{e:?}"
        );
        assert!(
            e[2].starts_with("14:36: ") && e[2].contains("not an integer"),
            "{e:?}"
        );
    }

    /// nvopencc 3.x/4.0's `.version 1.4` with `.target sm_20` (NVIDIA's
    /// CUDA Samples ship it for the driver's JIT) is accepted; an older
    /// version, or another target too new for its version, is not.
    #[test]
    fn fermi_modules_of_ptx_isa_1_4_are_accepted() {
        let src = |v: &str, t: &str| {
            format!(".version {v}\n.target {t}, map_f64_to_f32\n.entry k()\n{{\nret;\n}}\n")
        };
        assert!(errors(&src("1.4", "sm_20"), CheckOptions::default()).is_empty());
        assert_eq!(
            errors(&src("1.3", "sm_20"), CheckOptions::default()),
            ["2:9: `.target sm_20` needs PTX ISA 2.0 or later, but the module is 1.3: ptxas rejects this module [use .version 2.0 or later]"]
        );
        assert!(
            errors(&src("1.4", "sm_30"), CheckOptions::default())[0].contains("needs PTX ISA 3.0")
        );
    }

    /// `.target`'s options by their rules: warnings, the module checked.
    #[test]
    fn target_options_keep_their_rules() {
        let warnings = |head: &str| -> Vec<String> {
            let src = format!("{head}\n.entry k()\n{{\nret;\n}}\n");
            let r = check(&src, CheckOptions::default());
            r.diagnostics
                .iter()
                .filter(|d| !d.is_error())
                .map(|d| d.message.clone())
                .collect()
        };
        assert_eq!(
            warnings(".version 1.4\n.target sm_10, texmode_independent"),
            ["`.target`: `texmode_independent` needs PTX ISA 1.5 (texturing modes were introduced in it); the module is 1.4"]
        );
        assert_eq!(
            warnings(".version 1.5\n.target sm_10, texmode_unified, texmode_independent"),
            ["`.target`: `texmode_unified` and `texmode_independent` are one choice: name one"]
        );
        assert_eq!(
            warnings(".version 2.3\n.target sm_20, debug"),
            ["`.target`: `debug` needs PTX ISA 3.0; the module is 2.3"]
        );
        for fine in [
            ".version 1.5\n.target sm_10, texmode_independent",
            ".version 3.0\n.target sm_20, debug",
            ".version 1.4\n.target sm_10, map_f64_to_f32",
            // NVIDIA's CUDA Samples (nvopencc), though the ISA disallows it.
            ".version 1.4\n.target sm_20, map_f64_to_f32",
        ] {
            assert!(warnings(fine).is_empty(), "{fine}: {:?}", warnings(fine));
        }
    }

    #[test]
    fn what_ptxas_rejects_outside_the_family() {
        let src =
            ".version 4.2\n.target sm_90\n.visible .entry k(\n{\n.reg .b16 a;\n.reg .b32 r;\n\
                   @q fam.rn.f16 a, a, a;\n@r add.rn.f16 a, a, a;\nld.global.b16 a, [r];\nret;\n}\n\
                   .entry k()\n{\nret;\n}\n";
        assert_eq!(
            errors(src, CheckOptions::default()),
            [
                "2:9: `.target sm_90` needs PTX ISA 7.8 or later, but the module is 4.2: ptxas rejects this module [use .version 7.8 or later]",
                "3:18: the parameter list's `(` is never closed: a `)` is missing []",
                "7:2: register `q` is not declared [declare it, e.g. `.reg .pred q;`]",
                "7:4: `fam` is not a PTX instruction [did you mean `fma`?]",
                "8:2: the guard `r` is a `.b32` register; a guard must be `.pred` []",
                "12:8: `k` is defined twice: a second function body with this name []",
            ]
        );
        // The typo is counted as checked; `ld` and `ret` are skipped.
        let r = check(src, CheckOptions::default());
        assert_eq!((r.checked, r.skipped_total()), (2, 3));
        assert_eq!(
            errors(".target\n.entry\n{\n}\n", CheckOptions::default()),
            [
                "1:1: `.target` names no sm target: expected e.g. `.target sm_90` []",
                "3:1: `.entry` without a name: expected e.g. `.entry k(...)` []",
            ]
        );
        assert_eq!(
            errors(".entry k(.param .u64 p))\n{\n}\n", CheckOptions::default()),
            ["1:24: `)` without a matching `(` []"]
        );
    }

    #[test]
    fn fixes_name_the_flag_that_set_the_version_or_target() {
        let src = ".version 7.0\n.target sm_80\n.reg .b16 a;\nmul.rn.bf16 a, a, a;\n";
        let flags = CheckOptions {
            version: Some(PtxVersion { major: 7, minor: 0 }),
            target: Some(Target::sm(80)),
            ..CheckOptions::default()
        };
        assert_eq!(
            errors(src, flags),
            [
                "4:1: mul.bf16 requires PTX ISA 7.8 or later; the module is 7.0 [use --ptx 7.8 or later]",
                "4:1: mul.bf16 requires sm_90 or higher; the target is sm_80 [use --target sm_90 or higher]",
            ]
        );
        assert_eq!(
            errors(src, CheckOptions::default()),
            [
                "4:1: mul.bf16 requires PTX ISA 7.8 or later; the module is 7.0 [use .version 7.8 or later]",
                "4:1: mul.bf16 requires sm_90 or higher; the target is sm_80 [use .target sm_90 or higher]",
            ]
        );
    }

    /// `fma.rnd.f32`/`fma.rnd.f64` (what nvcc emits for float and double
    /// fma) are checked by fma's own rules (9.7.3.6), as `run` does.
    #[test]
    fn fma_f32_and_f64_are_checked() {
        let src =
            ".version 1.3\n.target sm_13\n.reg .f64 a;\n.reg .f32 f;\nfma.rn.f64 a, a, a, a;\n\
                   fma.f32 f, f, f, f;\nfma.rn.f32 f, f, f;\nfma.rn.f64 a, a, a, f;\n";
        assert_eq!(
            errors(src, CheckOptions::default()),
            [
                "5:1: fma.f64 requires PTX ISA 1.4 or later; the module is 1.3 [use .version 1.4 or later]",
                "6:1: fma.f32 requires a rounding modifier (9.7.3.6: .rnd has no default) [write fma.rn.f32 (or .rz, .rm, .rp)]",
                "7:1: fma.f32 requires PTX ISA 2.0 or later; the module is 1.3 [use .version 2.0 or later]",
                "7:1: fma.f32 requires sm_20 or higher; the target is sm_13 [use .target sm_20 or higher]",
                "7:1: `fma.rn.f32` takes 4 operands (d, a, b, c); 3 given []",
                "8:1: fma.f64 requires PTX ISA 1.4 or later; the module is 1.3 [use .version 1.4 or later]",
                "8:21: operand `f` is a `.f32` register; `fma.rn.f64` needs `.f64` here [use a `.f64` or `.b64` register]",
            ]
        );
        let ok = ".version 2.0\n.target sm_20\n.reg .f64 a;\n.reg .f32 f;\nfma.rn.f64 a, a, a, a;\nfma.rz.ftz.sat.f32 f, f, f, f;\n";
        let r = check(ok, CheckOptions::default());
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        assert_eq!(r.checked, 2);
    }

    /// Valid PTX that check once rejected, and invalid PTX it once passed.
    #[test]
    fn func_reg_params_setp_boolop_labels_and_module_scope() {
        // PTX ISA `.func`: `.func (.reg .b32 rval) foo (.reg .b32 N, .reg .f64 dbl)`.
        let ok = ".version 8.6\n.target sm_90\n.visible .func (.reg .b16 r) f(.reg .b16 a, .reg .f32 x)\n{\n\
                  .reg .pred p;\nsetp.ne.and.f32 p, x, x, p;\n@p bra DONE;\nadd.f16 r, a, a;\nDONE:\nret;\n}\n";
        let r = check(ok, CheckOptions::default());
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        // A bare snippet, even with a `{ }` block, is not a module with functions.
        let snippet = ".reg .b16 t;\nmov.b16 t, 1;\n{\n.reg .b16 t;\n}\nadd.f16 t, t, t;\n";
        assert!(check(snippet, CheckOptions::default())
            .diagnostics
            .is_empty());
        let bad = ".version 8.6\n.target sm_90\n.reg .b16 x;\nmov.b16 x, 0x3c00;\n.entry a()\n{\n\
                   .reg .pred p;\nsetp.ne.and.f32 p, x, x;\nbra NOWHERE;\nret;\n}\nadd.f16 x, x, x;\n";
        let out_of_body = "an instruction outside any function body: once a module has .entry or .func bodies, every instruction must be inside one [move it into a `{ }` body, or run the instructions as a snippet without functions]";
        assert_eq!(
            errors(bad, CheckOptions::default()),
            [
                format!("4:1: {out_of_body}"),
                "8:1: `setp.ne.and.f32` takes 4 operands (p[|q], a, b, {!}c); 3 given []".into(),
                // The module's `.b16` register is no `.f32` operand.
                "8:20: operand `x` is a `.b16` register; `setp.ne.and.f32` needs `.f32` here [use a `.f32` or `.b32` register]".into(),
                "8:23: operand `x` is a `.b16` register; `setp.ne.and.f32` needs `.f32` here [use a `.f32` or `.b32` register]".into(),
                "9:5: `bra NOWHERE`: no label `NOWHERE` is defined in this function []".into(),
                format!("12:1: {out_of_body}"),
            ]
        );
    }

    /// check reads immediates as run does: a malformed or integer constant
    /// for a float operand is an error in both (it was only a warning here).
    #[test]
    fn immediates_are_read_as_run_reads_them() {
        let src = ".version 8.6\n.target sm_90\n.reg .b16 a, d;\n.reg .f32 f;\n\
                   add.f16 d, a, 0x3c0g;\nadd.f16 d, a, 1.0.0;\nadd.f16 d, a, 1.5;\nmad.rn.f32 f, f, f, 2;\n";
        let r = check(src, CheckOptions::default());
        let shown: Vec<String> = r
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.severity, &src[d.span.clone()]))
            .collect();
        assert_eq!(
            shown,
            ["error 0x3c0g", "error 1.0.0", "warning 1.5", "error 2"]
        );
        assert!(r.diagnostics[1]
            .message
            .contains("is not a floating-point constant for a `.f16` operand"));
    }

    /// Module syntax that ptxas refuses, each with one error at its place.
    #[test]
    fn malformed_module_syntax() {
        for (src, want) in [
            (".version\n.target sm_90\n", "1:1: `.version` needs a PTX ISA version: write e.g. `.version 8.6` []"),
            (".target sm_90\n.version 8.6\n", "2:1: `.version` after `.target`: a module starts with `.version`, then `.target` []"),
            (".address_size 48\n", "1:15: `.address_size 48`: the address size is 32 or 64 []"),
            (".f16 h2, h0, h0;\n", "1:1: a statement starts with the type `.f16`: an instruction starts with its opcode, e.g. `add.f16 d, a, b;` []"),
            (".global .align 3 .b8 b[4];\n", "1:16: `.align 3`: the alignment is a power of two (1, 2, 4, 8, 16...) []"),
            (".reg .f16 a<0>;\n", "1:11: `a<0>` declares no register: the count is at least 1 []"),
            (".reg .b64 r;\n.reg .b32 x;\nld.global.b32 x, [r+];\n", "3:20: an offset sign with no number after it: write e.g. `[r+4]` []"),
            (".reg .b64 r;\n.reg .b32 x;\nld.global.b32 x, [r 4];\n", "3:21: expected `+` or `-` before the offset `4` []"),
            ("1abc:\nret;\n", "1:1: `1abc` is not a label name: a label is an identifier (PTX ISA §4.4: a letter, or `_`, `$` or `%` and more), not a number []"),
            // An invalid target is one error: no second one about the default standing in.
            (".version 7.0\n.target sm_80a\n", "2:9: invalid target `sm_80a`: expected sm_XY, e.g. sm_90, sm_90a, sm_100f []"),
            // The `;` is missing where the line ends, and the next line
            // still counts as its own instruction.
            (".reg .b16 a, b;\nadd.f16 b, a, a\nadd.f16 b, a, a;\n", "2:16: `add.f16`: a `;` is missing at the end of the line []"),
            (".reg .b16 a;\nadd.rnn.f16 a, a, a;\n", "2:4: unknown modifier or type `.rnn`: expected a modifier (.approx .full .rn .rz .rm .rp .ftz .oob .sat .relu .NaN .xorsign.abs .abs) or a type (.f16 .f16x2 .bf16 .bf16x2 .f32x2 .f32 .f64) [did you mean `.rn`?]"),
            (".reg .f32 a;\nmadd.rn.f32 a, a, a, a;\n", "2:1: `madd` is not a PTX instruction [did you mean `mad`?]"),
        ] {
            assert_eq!(errors(src, CheckOptions::default()), [want], "{src}");
        }
        let e = errors(".version 8.6\n.target sm_999\n", CheckOptions::default());
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].starts_with("2:9: no PTX ISA has the target `sm_999`"),
            "{e:?}"
        );
    }

    /// A label belongs to its function: a `bra` in one kernel cannot reach
    /// a label of another.
    #[test]
    fn labels_are_local_to_their_function() {
        let src = ".version 8.6\n.target sm_90\n.entry a()\n{\nbra L;\nret;\n}\n.entry b()\n{\nL:\nret;\n}\n";
        assert_eq!(
            errors(src, CheckOptions::default()),
            ["5:5: `bra L`: no label `L` is defined in this function []"]
        );
    }

    /// Valid PTX as nvcc emits it, outside the modelled family, gets no
    /// diagnostic: conversions ptxfp does not model, `::` qualifiers, debug
    /// sections, address initializers, texture operands and references,
    /// call/branch tables (f32x2 arithmetic is checked).
    #[test]
    fn valid_nvcc_ptx_outside_the_family_is_clean() {
        let src = r#".version 8.7
.target sm_100a
.address_size 64
.global .align 1 .b8 msg[4] = {104, 105, 0, 0};
.global .align 8 .u64 msgptr = generic(msg);
.global .align 8 .u64 ptrs[2] = {generic(msg), generic(msg)+1};
.global .texref tex0;
.global .samplerref samp0;
.common .global .align 4 .b32 commonvar;
.visible .entry k(.param .u64 k_param_0)
{
    .reg .pred %p<2>;
    .reg .b16 %rs<4>;
    .reg .f32 %f<8>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<4>;
    .reg .f64 %fd<3>;
    ld.param.u64 %rd1, [k_param_0];
    ld.global.nc.L1::no_allocate.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];
    mbarrier.init.shared::cta.b64 [%rd1], 1;
    cvt.rmi.f32.f32 %f2, %f1;
    cvt.rni.f64.f64 %fd1, %fd2;
    cvt.rna.tf32.f32 %r5, %f1;
    cvt.rn.satfinite.e4m3x2.f32 %rs1, %f1, %f2;
    add.rn.f32x2 %rd2, %rd2, %rd2;
    tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd2, {%f5, %f6}];
    suld.b.2d.v2.b32.trap {%r4, %r5}, [%rd2, {%r1, %r2}];
$L__tbl: .branchtargets $L__BB0_1, $L__BB0_1;
prototype_0 : .callprototype ()_ (.param .b32 _);
    @%p1 bra $L__BB0_1;
$L__BB0_1:
    ret;
}
	.section	.debug_abbrev
	{
.b8 1
.b8 17
	}
"#;
        let r = check(src, CheckOptions::default());
        assert!(r.diagnostics.is_empty(), "{:#?}", r.diagnostics);
        // The four `cvt` lines, the `.f32x2` add (issue 19) and the
        // `mbarrier.init` (its row's version and target) are checked clean.
        assert_eq!(r.checked, 6);
    }

    /// With --target overriding the file's `.target`, a header error points
    /// at the `.version` line the flag's target is too new for.
    #[test]
    fn a_flag_target_too_new_points_at_the_version() {
        let flags = CheckOptions {
            target: Some(Target::sm(90)),
            ..CheckOptions::default()
        };
        assert_eq!(
            errors(".version 7.0\n.target sm_80\n", flags),
            ["1:10: `--target sm_90` needs PTX ISA 7.8 or later, but the module is 7.0: ptxas rejects this module [use .version 7.8 or later]"]
        );
    }

    #[test]
    fn constants_out_of_range_are_warned_about() {
        let src =
            ".version 8.6\n.target sm_90\n.reg .f32 a, d;\nmad.rn.f32 d, a, 1e999999, 1e-999999;\n";
        let r = check(src, CheckOptions::default());
        let warnings: Vec<&str> = r
            .diagnostics
            .iter()
            .filter(|d| !d.is_error())
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(
            warnings[0].contains("1e999999") && warnings[0].contains("Inf"),
            "{warnings:?}"
        );
        assert!(warnings[1].contains("1e-999999"), "{warnings:?}");
    }
}
