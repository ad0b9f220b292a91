//! One instruction, parsed and validated once, then evaluated on scalars or
//! columns: what the command line's `eval`/`verify`/`gen`, the Python
//! package and the C library all take. Text → [`Instruction::parse`] →
//! [`Instruction::check`] against a [`Setup`] → [`Instruction::eval`] /
//! [`Instruction::eval_columns`] → bits.

use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::form::Form;
use ptxfp_isa::op::{self, Op};
use ptxfp_isa::target::{PtxVersion, Target};
use ptxfp_isa::types::PtxType;
use ptxfp_model::batch::{self, BatchError, Plan, Slice, SliceMut};
use ptxfp_model::{Exec, HwProfile};

/// What is modelled: the code's `.target`, the device that runs it (none:
/// the target) and the module's `.version`; the command line's
/// `--target`, `--device` and `--ptx`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The code's `.target`.
    pub target: Target,
    /// The device that runs the code; none: the target.
    pub device: Option<Target>,
    /// The module's `.version`.
    pub ptx: PtxVersion,
}

impl Default for Setup {
    /// The command line's defaults: `Target::DEFAULT`, no device,
    /// `PtxVersion::LATEST`.
    fn default() -> Setup {
        Setup {
            target: Target::DEFAULT,
            device: None,
            ptx: PtxVersion::LATEST,
        }
    }
}

impl Setup {
    /// What is wrong with the setup itself, whatever the instruction: a
    /// version that predates the target (ptxas refuses the module), a
    /// device that cannot load the target's code.
    pub fn check(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        if let Some(d) = ptxfp_isa::syntax::header_error(self.ptx, self.target, 0..0) {
            out.push(Finding::Header(d));
        }
        if let Some(device) = self.device {
            if let Some(why) = self.target.unloadable_on(device) {
                out.push(Finding::Unloadable {
                    target: self.target,
                    device,
                    why,
                });
            }
        }
        out
    }

    /// The execution context of the model.
    pub fn exec(&self) -> Exec {
        Exec {
            code_target: self.target,
            device: self.device.unwrap_or(self.target),
            ptx: self.ptx,
            hw: HwProfile::NVIDIA,
        }
    }
}

/// Something [`Instruction::check`] found. Each front end words the
/// setup its own way (`--target`, `target=`); [`Finding::message`] and
/// [`Finding::help`] are the neutral wording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A diagnostic of the instruction itself: its span points into
    /// [`Instruction::text`], and a help about the version or target reads
    /// `use .version ...`/`use .target ...`
    /// (`ptxfp_isa::syntax::help_for_flags` rewrites it for flags).
    Text(Diagnostic),
    /// The device cannot run the instruction.
    Device {
        /// The lowest target that can.
        needs: Target,
        /// The device of the setup.
        device: Target,
    },
    /// The version predates the target: ptxas refuses the module (the
    /// diagnostic has no place).
    Header(Diagnostic),
    /// The device cannot load the target's code, and why.
    Unloadable {
        /// The target.
        target: Target,
        /// The device.
        device: Target,
        /// Why.
        why: String,
    },
}

impl Finding {
    /// Whether it is an error (else a warning).
    pub fn is_error(&self) -> bool {
        match self {
            Finding::Text(d) | Finding::Header(d) => d.is_error(),
            _ => true,
        }
    }

    /// What is wrong, without a place.
    pub fn message(&self, text: &str) -> String {
        match self {
            Finding::Text(d) | Finding::Header(d) => d.message.clone(),
            Finding::Device { needs, device } => {
                format!("{text} requires {needs} or higher; the device is {device}")
            }
            Finding::Unloadable {
                target,
                device,
                why,
            } => {
                format!("target {target} on device {device}: {why}")
            }
        }
    }

    /// How to fix it, where known.
    pub fn help(&self) -> Option<String> {
        match self {
            Finding::Text(d) | Finding::Header(d) => d.help.clone(),
            Finding::Device { needs, .. } => Some(format!("use a device of {needs} or higher")),
            Finding::Unloadable { .. } => Some(
                "give a device that can load the target's code (without one, the device is the target)".into(),
            ),
        }
    }
}

/// An op that computes (`Op::signature`), decoded once, with its operands
/// as `eval` writes them: sources, then a carry-in where the op reads one
/// (`ptxfp::explicit_operands`); destinations, then a carry-out.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    /// The text: canonical for a form of the table, as written (trimmed)
    /// otherwise.
    pub text: String,
    /// The decoded op.
    pub op: Op,
    /// The source operands' types.
    pub srcs: Vec<PtxType>,
    /// The destination operands' types.
    pub dsts: Vec<PtxType>,
}

/// Whether `t` is whitespace and comments (`//` to the end of a line,
/// `/* ... */`), and `;`s.
fn only_comments(mut t: &str) -> bool {
    loop {
        t = t.trim_start_matches(|c: char| c.is_whitespace() || c == ';');
        if t.is_empty() {
            return true;
        }
        if let Some(rest) = t.strip_prefix("//") {
            t = rest.split_once('\n').map_or("", |(_, r)| r);
        } else if let Some(rest) = t.strip_prefix("/*") {
            match rest.split_once("*/") {
                Some((_, r)) => t = r,
                None => return false,
            }
        } else {
            return false;
        }
    }
}

/// The operands of `text` (an opcode, then operands as PTX writes them,
/// with at most one `;` to end them), read by the module parser, and
/// counted as [`Instruction::parse`] counts them: each element of a
/// vector `{a, b}` is one. An empty operand, an address, a comment left
/// open or text after the `;` is an error at its place: they were
/// counted and never read, so `min.f32 d, a, b,` chose the three-input
/// `min` (the C API survey of 2026-11-28, finding 10).
fn operand_count(text: &str, opcode: &str) -> Result<usize, Diagnostic> {
    use ptxfp_front::module::{self, OperandKind, Stmt};
    // The `;` that may be missing, on its own line: after a `//` comment
    // (which may itself end in `;`); an empty statement where it was not.
    let stmt = format!("{text}\n;");
    let m = module::parse(&stmt);
    let clip = |r: std::ops::Range<usize>| r.start.min(text.len())..r.end.min(text.len());
    if let Some(d) = m.diagnostics.iter().find(|d| d.is_error()) {
        let mut d = d.clone();
        d.span = clip(d.span.clone());
        return Err(d);
    }
    let mut stmts = m.stmts();
    let ins = match stmts.next() {
        Some(Stmt::Instr(i)) if i.opcode == opcode => i,
        _ => {
            return Err(Diagnostic::error(
                0..text.len(),
                format!("`{text}` is not one instruction and its operands"),
            )
            .with_help(format!("write `{opcode} d, a, b`, or `{opcode}` alone")))
        }
    };
    // Nothing but comments after the `;` (a function or directive there
    // leaves no statement behind).
    let end = ins.span.end.min(stmt.len());
    let semicolon = stmt[..end].rfind(';').unwrap_or(end);
    if stmts.next().is_some() || !only_comments(&stmt[semicolon + 1..]) {
        return Err(Diagnostic::error(
            clip(semicolon..text.len()),
            "text after the instruction's `;`",
        )
        .with_help("give one instruction"));
    }
    let name = |t: &str| {
        t.strip_prefix('!')
            .unwrap_or(t)
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || "_$%".contains(c))
    };
    let mut n = 0;
    for (k, op) in ins.operands.iter().enumerate() {
        let bad = |what: &str| {
            Err(Diagnostic::error(
                clip(op.span.clone()),
                format!("operand {} of `{opcode}` is {what}", k + 1),
            )
            .with_help("write register names or immediates: `d, a, b`"))
        };
        n += match &op.kind {
            OperandKind::Name(_) | OperandKind::Imm(_) => 1,
            OperandKind::Vector(v) => {
                for e in v {
                    if !matches!(e.kind, OperandKind::Name(_) | OperandKind::Imm(_)) {
                        return bad("a vector of something other than registers and immediates");
                    }
                }
                v.len()
            }
            OperandKind::Address { .. } => {
                return bad("an address (`[...]`), which no computing instruction takes")
            }
            OperandKind::Sum { .. } => return bad("a sum, which no computing instruction takes"),
            OperandKind::Other(t) => {
                let pair = k == 0 && t.split('|').count() == 2 && t.split('|').all(name);
                if !(pair || (k > 0 && t.starts_with('!') && name(t))) {
                    return bad(&format!("`{t}`, not a register name or an immediate"));
                }
                1
            }
        };
    }
    Ok(n)
}

impl Instruction {
    /// Parses a form of the instruction table (with its parser's errors),
    /// else any instruction ptxfp computes; else says why not. The error's
    /// span points into `text.trim()`.
    ///
    /// # Errors
    /// A diagnostic: the text is no instruction, or one that computes no
    /// value from register operands.
    ///
    /// The opcode may be followed by its operands as PTX writes them
    /// (`min.f32 d, a, b, c`): their count picks the form where the text
    /// names forms of two arities (9.7.3.11: `min`/`max` `.f32` with two or
    /// three inputs, [`Instruction::with_sources`]) and must fit the op;
    /// the values are not read, but each must be an operand a computing
    /// instruction takes: a register name, an immediate, a vector of them,
    /// `p|q` first; one `;` may end the text.
    pub fn parse(text: &str) -> Result<Instruction, Diagnostic> {
        let trimmed = text.trim();
        if trimmed.starts_with('@') {
            let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
            return Err(Diagnostic::error(
                0..end,
                format!(
                    "a guard `{}` has no meaning for one instruction evaluated alone",
                    &trimmed[..end]
                ),
            )
            .with_help(
                "write the instruction without it (`ptxfp run` runs guarded instructions)",
            ));
        }
        if let Some((opcode, _)) = trimmed.split_once(char::is_whitespace) {
            let n = operand_count(trimmed, opcode)?;
            let ins = Instruction::parse(opcode)?;
            let ins = ins.with_sources(n.saturating_sub(1));
            let want = 1 + ins.op.signature().map_or(0, |s| s.srcs.len());
            if n != want {
                return Err(Diagnostic::error(
                    opcode.len()..trimmed.len(),
                    format!("`{opcode}` takes {want} operands, destination first; {n} given"),
                )
                .with_help(format!("write `{opcode}` alone, or with {want} operands")));
            }
            return Ok(ins);
        }
        if ptxfp_isa::syntax::in_family(trimmed) {
            let form = Form::parse(trimmed)?;
            return Instruction::of(Op::Form(form), form.to_string()).ok_or_else(|| {
                Diagnostic::error(0..trimmed.len(), format!("{form}: no signature"))
            });
        }
        let dec = op::decode(trimmed, false);
        // A form's name is written in its syntax line's order: the
        // reordering a module's text may have (a warning there) is an
        // error here, with the same help.
        if let Some(mut d) = dec.diags.into_iter().next() {
            d.severity = ptxfp_isa::diag::Severity::Error;
            return Err(d);
        }
        if let Some(i) = Instruction::of(dec.op.clone(), trimmed.to_string()) {
            return Ok(i);
        }
        // Not something ptxfp computes: say what it is, and what is.
        let what = match dec.op {
            Op::NotPtx => {
                let root = trimmed.split('.').next().unwrap_or("");
                match ptxfp_isa::opcodes::closest(root) {
                    Some(c) => format!("`{root}` is not a PTX instruction (did you mean `{c}`?)"),
                    None => format!("`{root}` is not a PTX instruction"),
                }
            }
            Op::Unsupported(_) => {
                format!("`{trimmed}` is a PTX instruction ptxfp does not compute yet")
            }
            _ => format!(
                "`{trimmed}` does not compute a value from register operands (memory and control flow run in `ptxfp run`)"
            ),
        };
        Err(Diagnostic::error(0..trimmed.len(), what).with_help(
            "`ptxfp forms` lists the forms; integer, cvt and setp instructions are taken too",
        ))
    }

    /// The same instruction with `n` source operands, where its text names
    /// forms of two arities (9.7.3.11/9.7.3.12: `min.f32` with two or three
    /// inputs, `Op::with_sources`); itself otherwise (a wrong count is then
    /// the caller's to report). The text stays the form's canonical text,
    /// which both arities share: vector lines tell them apart by their
    /// number of fields.
    pub fn with_sources(self, n: usize) -> Instruction {
        if n == self.srcs.len() {
            return self;
        }
        let op = self.op.with_sources(n);
        if op == self.op {
            return self;
        }
        Instruction::of(op, self.text.clone()).unwrap_or(self)
    }

    /// The instruction of a decoded op, where it computes.
    pub fn of(op: Op, text: String) -> Option<Instruction> {
        let sig = op.signature()?;
        let (srcs, dsts) = ptxfp_model::explicit_operands(&sig);
        Some(Instruction {
            text,
            op,
            srcs,
            dsts,
        })
    }

    /// The form, for an op of the instruction table.
    pub fn form(&self) -> Option<Form> {
        self.op.form()
    }

    /// Whether its results are `.approx` (not correctly rounded).
    pub fn is_approx(&self) -> bool {
        self.form().is_some_and(|f| f.is_approx())
    }

    /// The minimum PTX ISA version and target, with the target's `a`/`f`
    /// suffix where the instruction needs one (`add.u8x4`: 9.2, sm_120f),
    /// as `ptxfp forms` lists it ([`crate::forms::minimum`]).
    pub fn requires(&self) -> Option<(PtxVersion, Target)> {
        crate::forms::minimum(&self.text, &self.op)
    }

    /// Validates the instruction against a setup: the PTX ISA version and
    /// target it needs, whether the device can run it and load the
    /// target's code, and whether the version allows the target. Errors
    /// and warnings, in the order the command line reports them.
    pub fn check(&self, setup: &Setup) -> Vec<Finding> {
        let mut out = Vec::new();
        let diags = self.op.validate(&self.text, setup.ptx, setup.target);
        // The device must be able to run the op, as in `ptxfp run`.
        let needs = self.op.requires().map_or(Target::sm(10), |r| r.1);
        if let Some(device) = setup.device.filter(|d| !d.at_least(needs.sm)) {
            out.push(Finding::Device { needs, device });
        }
        // The setup's own errors ([`Setup::check`]).
        out.extend(setup.check());
        out.extend(diags.into_iter().map(Finding::Text));
        out
    }

    /// The destinations' bits from the sources' (each masked to its
    /// width), and whether the result is `.approx`.
    pub fn eval(&self, srcs: &[u64], exec: &Exec) -> (Vec<u64>, bool) {
        if let Op::Form(f) = &self.op {
            // The table's forms: straight to their semantics (no signature
            // to build per vector).
            use ptxfp_model::Eval as _;
            return (vec![f.eval(srcs, exec)], f.is_approx());
        }
        ptxfp_model::compute_explicit(&self.op, srcs, exec)
            .unwrap_or_else(|| (vec![0; self.dsts.len()], false))
    }

    /// Why source `k`'s value `bits` is no operand of this instruction, where
    /// the ISA limits a constant operand further than its type: `lop3`'s
    /// `immLut` "is an integer constant that can take values from 0 to
    /// 255" (9.7.8.6), a `.b32` source (a module's `check` holds the
    /// written constant to the same rule).
    pub fn source_error(&self, k: usize, bits: u64) -> Option<String> {
        let limit = self.op.source_limit(k)?;
        (bits > limit.max).then(|| format!("{}; {bits:#x} is {bits}", limit.rule))
    }

    /// The type of the destination that is the complement of the first,
    /// where the op writes one: `setp.CmpOp{.BoolOp}.type p|q, ...`'s `q`
    /// ("q = BoolOp(!t, c)", 9.7.8.2); `None` for the others.
    pub fn complement(&self) -> Option<PtxType> {
        self.op.signature().and_then(|s| s.complement)
    }

    /// [`Instruction::eval`], then the [`Instruction::complement`]
    /// destination where the op writes one.
    pub fn eval_with_complement(&self, srcs: &[u64], exec: &Exec) -> (Vec<u64>, bool) {
        // An op with a complement reads no carry: one computation gives
        // both (`Computed::dst`).
        if self.complement().is_some() {
            if let Some(r) = ptxfp_model::compute(&self.op, srcs, false, exec) {
                return (r.dst.to_vec(), r.approx);
            }
        }
        self.eval(srcs, exec)
    }

    /// The operand names `eval` prints: `a, b, c` (mixed add/sub: `a, c`),
    /// `cc` for a carry-in.
    pub fn source_names(&self) -> Vec<String> {
        let sig_srcs = self.op.signature().map_or(0, |s| s.srcs.len());
        (0..self.srcs.len())
            .map(|k| {
                if k >= sig_srcs {
                    "cc".to_string()
                } else if self
                    .form()
                    .is_some_and(|f| f.op().arity() == 2 && f.ty().is_mixed() && k == 1)
                {
                    "c".to_string()
                } else {
                    ["a", "b", "c", "d", "e"]
                        .get(k)
                        .map_or_else(|| format!("src{k}"), |n| n.to_string())
                }
            })
            .collect()
    }

    /// The batch plan of a form with a fast kernel ([`Plan::of`]), whose
    /// [`Plan::one`] evaluates one register at a time without allocating.
    pub fn plan(&self, exec: &Exec) -> Option<Plan> {
        Plan::of(&self.form()?, exec)
    }

    /// Evaluates a form of the table over register columns, on all of
    /// rayon's threads, on the fastest kernel path the CPU has
    /// ([`batch::eval`]): sources in operand order, each in its register
    /// width.
    ///
    /// # Errors
    /// If the instruction is not a form of the table (use
    /// [`Instruction::eval_u64_columns`]), or a width, count or length does
    /// not fit it.
    pub fn eval_columns(
        &self,
        exec: &Exec,
        srcs: &[Slice],
        out: SliceMut,
    ) -> Result<(), BatchError> {
        match self.form() {
            Some(f) => batch::eval(&f, exec, srcs, out),
            None => Err(BatchError::NotAForm(self.text.clone())),
        }
    }

    /// Evaluates any single-destination instruction without a carry over
    /// `u64` columns (each source masked to its width), on all of rayon's
    /// threads: `out[i]` is the destination of element `i`. False, with
    /// nothing written, where the instruction has several destinations or
    /// a carry, or the count or a length does not fit.
    pub fn eval_u64_columns(&self, exec: &Exec, srcs: &[&[u64]], out: &mut [u64]) -> bool {
        use rayon::prelude::*;
        const CHUNK: usize = 1 << 14;
        if self.dsts.len() != 1
            || srcs.len() != self.srcs.len()
            || srcs.iter().any(|s| s.len() != out.len())
            || self
                .op
                .signature()
                .is_none_or(|s| s.carry.reads || s.carry.writes)
        {
            return false;
        }
        // A long column of a narrow-source conversion: its table once (on
        // every core), then lookups, rather than the stages per element.
        if let (Op::Cvt(c), [x]) = (&self.op, srcs) {
            use ptxfp_model::eval::{cvt_lookup, cvt_table, TABLE_MIN};
            if x.len() >= TABLE_MIN {
                if let Some(t) = cvt_table(c, exec) {
                    if out
                        .par_chunks_mut(CHUNK)
                        .zip(x.par_chunks(CHUNK))
                        .all(|(o, x)| cvt_lookup(&t, x, o))
                    {
                        return true;
                    }
                }
            }
        }
        out.par_chunks_mut(CHUNK).enumerate().all(|(k, o)| {
            let lo = k * CHUNK;
            let cols: Vec<&[u64]> = srcs.iter().map(|s| &s[lo..lo + o.len()]).collect();
            batch::compute_columns(&self.op, &cols, exec, o)
        })
    }
}

impl std::fmt::Display for Instruction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}
