//! A fault-tolerant parser for PTX modules as nvcc emits them, and for
//! snippets: directives, `.reg` declarations, variables, labels, predicated
//! instructions with operands. Every piece keeps its byte span in the source
//! so that diagnostics point at the exact place (PTX ISA §4 "Syntax").
//!
//! It does not know instruction semantics: an instruction is its opcode text
//! (`fma.rn.relu.bf16x2`) and its operands. Unknown directives are skipped;
//! what cannot be parsed becomes a [`Diagnostic`] and parsing resumes at the
//! next `;`.

use core::ops::Range;
use ptxfp_isa::diag::Diagnostic;
use ptxfp_isa::target::PtxVersion;
use ptxfp_isa::target::Target;
use ptxfp_isa::types::PtxType;

mod constexpr;

/// A byte range in the source.
pub type Span = Range<usize>;

/// A state space of a variable or memory access (PTX ISA §5.1).
pub use ptxfp_isa::space::Space;

/// A `.reg` declaration of one register, or of a `%name<N>` range (PTX ISA
/// §5.1.1, "parameterized variable names"): `%f<4>` declares `%f0` to
/// `%f3` and is one declaration, whatever `N` is, so that memory follows
/// the text, not the count (`.reg .b32 %r<1000000>;` is 23 bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegDecl {
    /// The register's name (`%f3`, `fc`); for a range, the name before
    /// `<N>` (`%f`).
    pub name: String,
    /// `Some(N)` for a range: the registers `name0` to `name{N-1}`.
    pub range: Option<u32>,
    /// Its declared type.
    pub ty: PtxType,
    /// Where the name (or range) was declared.
    pub span: Span,
    /// The function body it belongs to (0: module level); see [`Function`].
    pub scope: usize,
    /// The innermost `{ }` block it is declared in (0: module level); see
    /// [`Module::block_parents`]. A register is visible in its block and the
    /// blocks nested in it, where a declaration of the same name shadows it.
    pub block: usize,
}

/// A function (`.entry` or `.func`) with a body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// True for `.entry`.
    pub entry: bool,
    /// The scope number of its body: its registers and instructions carry it.
    pub scope: usize,
    /// The names of its return parameters (`.func (.param .b32 r) f(...)`:
    /// `r`), `.param` variables or `.reg` registers of its body, in order.
    pub returns: Vec<String>,
    /// The names of its parameters, in order, as [`Function::returns`].
    pub params: Vec<String>,
    /// `.reqnctapercluster X{, Y{, Z}}` (PTX ISA 7.8, sm_90): the CTAs per
    /// cluster the kernel needs (missing dimensions 1), and where the
    /// directive is written.
    pub cluster: Option<Ntid>,
    /// `.explicitcluster`: the kernel must be launched with clusters.
    pub explicit_cluster: bool,
    /// `.maxclusterrank N` (PTX ISA 7.8, sm_90): "the maximum number of
    /// thread blocks (CTAs) allowed to be part of a cluster".
    pub max_cluster_rank: Option<u32>,
    /// `.minperctamemory N` (PTX ISA 9.4, sm_80): "the minimum number of
    /// bytes of per-CTA global memory that must be available when this
    /// kernel is launched" (`.entry` only).
    pub min_per_cta_memory: Option<u32>,
    /// `.maxntid nx{, ny{, nz}}` (PTX ISA 11.4.1): "the maximum number of
    /// threads in the thread block (CTA)", "the product of the maximum
    /// extent in each dimension" (missing dimensions 1), and where it is
    /// written.
    pub maxntid: Option<Ntid>,
    /// `.reqntid nx{, ny{, nz}}` (PTX ISA 11.4.3): "the number of threads
    /// in the thread block (CTA)", and where it is written.
    pub reqntid: Option<Ntid>,
}

impl Function {
    /// Why a call that passes `args` arguments and takes `rets` return
    /// values does not fit this function's header, if it does not (PTX
    /// ISA `call`: the lists bind to the parameters one by one).
    pub fn call_mismatch(&self, args: usize, rets: usize) -> Option<String> {
        (args != self.params.len() || rets != self.returns.len()).then(|| {
            format!(
                "`call {}` passes {args} argument(s) and {rets} return value(s); `{}` takes {} and returns {}",
                self.name,
                self.name,
                self.params.len(),
                self.returns.len()
            )
        })
    }
}

/// The extents of a `.maxntid`, `.reqntid` or `.reqnctapercluster`
/// directive (missing ones 1), and where it is written.
pub type Ntid = ([u32; 3], Span);

/// A variable in memory: `.global .align 4 .b8 buf[16];`, or a kernel
/// parameter `.param .u64 k_param_0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDecl {
    /// Its state space.
    pub space: Space,
    /// Its name.
    pub name: String,
    /// Element type.
    pub ty: PtxType,
    /// Size in bytes (element size times the array length).
    pub size: u64,
    /// The size of one element in bytes: its type's, times the lanes of a
    /// `.v2`/`.v4` variable (the step of `a[i]`).
    pub elem: u64,
    /// Initial bytes, when an initializer of constants was given: those of
    /// the values written, in memory order; the rest of the variable (to
    /// [`VarDecl::size`]) is zero (PTX ISA §5.4.4).
    pub init: Option<Vec<u8>>,
    /// The addresses in its initializer (`generic(msg)`, `buf+4`, a
    /// function's name, one byte of one: `0xff00(buf)`), which `run`
    /// writes over their zero placeholders in [`VarDecl::init`] once
    /// variables have addresses.
    pub addrs: Vec<AddrInit>,
    /// Where it was declared.
    pub span: Span,
    /// The function body it belongs to (0: module level), as
    /// [`RegDecl::scope`]: a function's parameters belong to its body.
    /// The parameters of a declaration without a body are module level.
    pub scope: usize,
    /// Its `.align` (PTX ISA §5.4.5: "Byte alignment of storage for all
    /// variables can be specified"); 0 where none is written.
    pub align: u64,
    /// Its opaque type, for a `.texref`, `.samplerref` or `.surfref`
    /// (whose [`VarDecl::ty`] is then `.b64`, the handle's size).
    pub opaque: Option<ptxfp_isa::space::Opaque>,
    /// The `{ }` block it is declared in (0: module level; a function's
    /// parameters: its body's block), as [`RegDecl::block`].
    pub block: usize,
    /// Declared `.extern` (PTX ISA, linking directives: a symbol that
    /// another module defines): not zeroed, since its contents are that
    /// module's; a definition in this module is the same variable.
    pub external: bool,
}

/// An address in a variable's initializer (PTX ISA §5.4.4: "Variable
/// names appearing in initializers represent the address of the variable
/// [...] Initializers may also contain `var+offset` expressions [...] An
/// operator, `generic()`, is provided to create a generic address";
/// "Device function names appearing in initializers represent the address
/// of the first instruction in the function"; "The `mask()` operator
/// extracts n consecutive bits from the expression used in initializers
/// and inserts these bits at the lowest position of the initialized
/// variable").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddrInit {
    /// Where the value is in the variable, in bytes.
    pub at: u64,
    /// Its width in bytes (the variable's element type's).
    pub width: u8,
    /// The variable or function named.
    pub name: String,
    /// Written `generic(name)`.
    pub generic: bool,
    /// The byte offset added (`name+8`).
    pub offset: i64,
    /// `0xff00(name)`: the bits taken, shifted down to bit 0.
    pub mask: Option<u64>,
    /// Where the name is.
    pub span: Span,
}

/// What an operand is. Operands are views of the module's text (see
/// [`Module`]): a name or a constant is a slice of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperandKind<'m> {
    /// A name: a register, a variable, a label or a special register.
    Name(&'m str),
    /// An immediate, as written (`0f3F800000`, `-1.5`, `0x10`).
    Imm(&'m str),
    /// A vector `{a, b}`.
    Vector(Vec<Operand<'m>>),
    /// An address `[base]`, `[base+imm]`, `[imm]`, or an array element
    /// `a[i]` (PTX ISA §6.4.2, "indexing into the array using
    /// square-bracket notation"), whose offset is `i` times the element's
    /// size.
    Address {
        /// Register or variable name; `None` for an absolute address.
        base: Option<&'m str>,
        /// The byte offset.
        offset: i64,
        /// Written `a[i]`: as a memory operand the same as `[a+offset]`,
        /// and as a value the element's address ("mov.u32 s, a[1]; //
        /// move address of a[1] into s").
        element: bool,
    },
    /// A name plus a constant, `temp + 1` or `avar+4` outside brackets:
    /// the register's value plus the constant, or the variable's address
    /// plus it (PTX ISA `mov`: "variable with optional offset"; ptxas takes
    /// `reg+imm` as a value too).
    Sum {
        /// The register or variable.
        base: &'m str,
        /// The constant added (negative for `-`).
        offset: i64,
    },
    /// Something else (a call's parenthesized list, `p|q`): kept as text.
    Other(&'m str),
}

/// One operand with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand<'m> {
    /// The operand.
    pub kind: OperandKind<'m>,
    /// Where it is.
    pub span: Span,
}

/// A predicate guard `@p` or `@!p`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard<'m> {
    /// The predicate register.
    pub reg: &'m str,
    /// `@!p`.
    pub negated: bool,
    /// Where the register name is.
    pub span: Span,
}

/// One instruction, as [`Module::stmt`] gives it: a view of the module's
/// compact statement, built when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instr<'m> {
    /// The guard, if any.
    pub guard: Option<Guard<'m>>,
    /// Opcode with its modifiers and types, as written (`fma.rn.f16x2`).
    pub opcode: &'m str,
    /// Where the opcode is.
    pub opcode_span: Span,
    /// The operands.
    pub operands: Vec<Operand<'m>>,
    /// The whole statement, guard to `;`.
    pub span: Span,
    /// The function body it is in (0: module level).
    pub scope: usize,
    /// The innermost `{ }` block it is in (0: module level).
    pub block: usize,
}

impl<'m> Instr<'m> {
    /// The opcode's first part (`fma` of `fma.rn.f16`).
    pub fn root(&self) -> &'m str {
        self.opcode.split('.').next().unwrap_or("")
    }
    /// The opcode's parts after the root, without dots.
    pub fn suffixes(&self) -> impl Iterator<Item = &'m str> {
        self.opcode.split('.').skip(1)
    }

    /// A direct `call`'s parts (PTX ISA `call`: "call{.uni} (ret-param),
    /// func, (param-list);", each list optional): the return names, the
    /// function's name operand, and the argument names. `None` where an
    /// operand is not of that shape (the engine's `call` says what).
    pub fn call_parts(&self) -> Option<(Vec<&'m str>, &Operand<'m>, Vec<&'m str>)> {
        let ops = &self.operands;
        let (rets, f, args) = match ops.first().map(|o| &o.kind) {
            Some(OperandKind::Other(_)) => (call_list(&ops[0])?, ops.get(1)?, ops.get(2)),
            _ => (Vec::new(), ops.first()?, ops.get(1)),
        };
        let args = match args {
            Some(a) => call_list(a)?,
            None => Vec::new(),
        };
        Some((rets, f, args))
    }
}

/// A directive's 32-bit unsigned value (`.maxntid 256`, `.maxnreg 0x20`):
/// an integer constant of PTX ISA §4.5.1 within 0..=2^32-1.
fn directive_u32(t: &str) -> Option<u32> {
    ptxfp_isa::literal::parse_int(t).and_then(|v| u32::try_from(v).ok())
}

/// The names in a call's `(a, b)` list; `None` where `op` is not one.
pub fn call_list<'t>(op: &Operand<'t>) -> Option<Vec<&'t str>> {
    match &op.kind {
        OperandKind::Other(t) => {
            let inner = t.strip_prefix('(')?.strip_suffix(')')?.trim();
            if inner.is_empty() {
                return Some(Vec::new());
            }
            Some(inner.split(',').map(str::trim).collect())
        }
        _ => None,
    }
}

/// A statement in the body, as [`Module::stmt`] gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt<'m> {
    /// An instruction.
    Instr(Instr<'m>),
    /// A label `$L__BB0_1:`, with the function body it is in (its scope,
    /// as [`Instr::scope`]): a label is local to its function.
    Label(&'m str, Span, usize),
}

/// A span as the module keeps it: u32 offsets ([`parse`] takes texts of
/// less than 4 GiB).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Loc {
    start: u32,
    end: u32,
}

impl Loc {
    fn of(span: &Span) -> Loc {
        // `parse` refuses a text whose offsets do not fit.
        Loc {
            start: span.start as u32,
            end: span.end as u32,
        }
    }
    fn span(self) -> Span {
        self.start as usize..self.end as usize
    }
}

/// What kind of operand an [`OpData`] is; `extra` says more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OpKind {
    /// The text of the span.
    Name,
    /// The text of the span, or with `extra` other than `NO_EXTRA`, the
    /// text `Module::texts[extra]` (`- 1.5` is `-1.5`).
    Imm,
    /// `Module::vectors[extra]`: its elements.
    Vector,
    /// `Module::addresses[extra]`: base and offset.
    Address,
    /// `Module::addresses[extra]`: an array element `a[i]`, its base
    /// (always there) and its offset in bytes.
    Element,
    /// `Module::addresses[extra]`: base (always there) and offset.
    Sum,
    /// The text of the span.
    Other,
}

const NO_EXTRA: u32 = u32::MAX;

/// An operand as the module keeps it: 16 bytes, its text in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OpData {
    loc: Loc,
    kind: OpKind,
    extra: u32,
}

/// A statement as the module keeps it (44 bytes): spans, and its operands
/// as a range of `Module::operands`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StmtData {
    /// The statement, guard to `;`; for a label, its name.
    span: Loc,
    opcode: Loc,
    /// The guard's register (with `GUARD`).
    guard: Loc,
    first: u32,
    count: u32,
    scope: u32,
    block: u32,
    flags: u8,
}

const LABEL: u8 = 1;
const GUARD: u8 = 2;
const NEGATED: u8 = 4;
/// The opcode was written with spaces (`xor .b32`): its text is in
/// `Module::spaced`.
const SPACED: u8 = 8;

/// A parsed module or snippet. It borrows the text it was parsed from, and
/// keeps each statement compact (spans and kinds, about 45 bytes and 16 per
/// operand): [`Module::stmt`] and [`Module::stmts`] give them as [`Stmt`]
/// views, whose names and constants are slices of the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Module<'a> {
    src: &'a str,
    /// `.version`, with the span of its value.
    pub version: Option<(PtxVersion, Span)>,
    /// `.target`: the highest-numbered sm target its directives name
    /// (the first, unless a later one names a higher), with the span of
    /// its value.
    pub target: Option<(Target, Span)>,
    /// Every register declared, in order.
    pub regs: Vec<RegDecl>,
    /// Every variable and parameter declared, in order.
    pub vars: Vec<VarDecl>,
    /// The statements, in order (all functions concatenated; see [`Instr::scope`]).
    stmts: Vec<StmtData>,
    /// The operands of every statement (each one's in a row), and the
    /// elements of `{...}` vectors.
    operands: Vec<OpData>,
    /// Per vector operand: its elements, `first..first + count` of `operands`.
    vectors: Vec<(u32, u32)>,
    /// Per address operand: the base's span and the offset.
    addresses: Vec<(Option<Loc>, i64)>,
    /// Immediates whose text is not one piece of the source (`- 1.5`).
    texts: Vec<String>,
    /// The opcodes written with spaces before their qualifiers (`xor
    /// .b32`), joined (`xor.b32`): where the opcode starts and the text's
    /// index in `texts`, in the order of the text.
    spaced: Vec<(u32, u32)>,
    /// The functions with bodies, in order.
    pub functions: Vec<Function>,
    /// `.alias fAlias, fAliasee;` (PTX ISA §11.2.3: "Defines an alias to
    /// existing function symbol"): each alias, the function it names,
    /// and the directive's span.
    pub aliases: Vec<(String, String, Span)>,
    /// The `{ }` blocks: `block_parents[id]` is the block that encloses
    /// block `id` (ids count from 1 in the order the blocks open; 0 is the
    /// module level, its own parent). A function body is a block whose
    /// parent is 0.
    pub block_parents: Vec<usize>,
    /// `block_ends[id]`: the last block inside block `id` (itself when
    /// none), so that block `a` encloses block `b` exactly when
    /// `a <= b <= block_ends[a]` (ids count in the order blocks open).
    block_ends: Vec<usize>,
    /// The `%name<N>` ranges refused (past [`MAX_REGS`]): (name, N, type).
    /// Their registers are not declared, and their uses are not errors of
    /// their own (the declaration's error says it once).
    refused_ranges: Vec<(String, u32, PtxType)>,
    /// What could not be parsed.
    pub diagnostics: Vec<Diagnostic>,
    /// Where parsing stopped, when the diagnostics reached
    /// [`MAX_DIAGNOSTICS`] (the last one says so): the module holds what
    /// came before.
    pub truncated: Option<usize>,
}

/// The most errors and warnings kept about one module: past them the
/// parser, `check` and `run`'s validation stop, with
/// [`too_many_diagnostics`] last. Each costs 150 to 250 bytes, far more
/// than the few bytes of text that can cause one: without a bound a large
/// file of mistakes would exhaust memory.
pub const MAX_DIAGNOSTICS: usize = 1_000_000;

/// The error that ends diagnostics cut at [`MAX_DIAGNOSTICS`], at byte `at`.
pub fn too_many_diagnostics(at: usize) -> Diagnostic {
    Diagnostic::error(
        at..at,
        format!("more than {MAX_DIAGNOSTICS} errors and warnings: ptxfp stopped reading here"),
    )
    .with_help("fix the first ones, or split the file")
}

impl<'a> Module<'a> {
    /// The function `name` calls: the function an `.alias` names (PTX
    /// ISA §11.2.3), else `name` itself.
    pub fn aliased<'n>(&'n self, name: &'n str) -> &'n str {
        self.aliases
            .iter()
            .find(|(a, ..)| a == name)
            .map_or(name, |(_, f, _)| f.as_str())
    }

    /// The index in [`Module::functions`] of the function `name` names
    /// (through an `.alias`, [`Module::aliased`]), if the module defines
    /// one.
    pub fn function_index(&self, name: &str) -> Option<usize> {
        let named = self.aliased(name);
        self.functions.iter().position(|f| f.name == named)
    }

    /// The text the module was parsed from.
    pub fn source(&self) -> &'a str {
        self.src
    }

    /// How many statements there are.
    pub fn stmt_count(&self) -> usize {
        self.stmts.len()
    }

    /// Statement `i` (in source order), or `None` past the last.
    pub fn stmt(&self, i: usize) -> Option<Stmt<'_>> {
        self.stmts.get(i).map(|d| self.view(d))
    }

    /// The statements, in order.
    pub fn stmts(&self) -> impl ExactSizeIterator<Item = Stmt<'_>> + '_ {
        self.stmts.iter().map(|d| self.view(d))
    }

    fn view(&self, d: &StmtData) -> Stmt<'_> {
        if d.flags & LABEL != 0 {
            Stmt::Label(&self.src[d.span.span()], d.span.span(), d.scope as usize)
        } else {
            Stmt::Instr(self.instr(d))
        }
    }

    /// The labels, each with its statement's index and its function's scope
    /// (as [`Stmt::Label`]), without building the instructions' views.
    pub fn labels(&self) -> impl Iterator<Item = (usize, &str, usize)> + '_ {
        self.labels_in_blocks()
            .map(|(i, l, scope, _)| (i, l, scope))
    }

    /// The labels with their blocks: (statement, name, scope, block). A
    /// label is local to the `{ }` block that defines it (nvcc and
    /// CUTLASS repeat `LAB_WAIT:` or `$continue:` in sibling inline-asm
    /// blocks): a branch reaches the one in the innermost block around it.
    pub fn labels_in_blocks(&self) -> impl Iterator<Item = (usize, &str, usize, usize)> + '_ {
        self.stmts
            .iter()
            .enumerate()
            .filter(|(_, d)| d.flags & LABEL != 0)
            .map(|(i, d)| {
                (
                    i,
                    &self.src[d.span.span()],
                    d.scope as usize,
                    d.block as usize,
                )
            })
    }

    /// The labels of each function by name, each in its block: where a
    /// branch in a block goes ([`Shadows::lookup`]).
    pub fn label_index(&self) -> std::collections::HashMap<(usize, &str), Shadows> {
        let mut index: std::collections::HashMap<(usize, &str), Shadows> =
            std::collections::HashMap::new();
        for (i, l, scope, block) in self.labels_in_blocks() {
            index.entry((scope, l)).or_default().add(block, i);
        }
        index
    }

    /// Statement `i`'s opcode, if it is an instruction, without building
    /// its view.
    pub fn opcode(&self, i: usize) -> Option<&str> {
        let d = self.stmts.get(i).filter(|d| d.flags & LABEL == 0)?;
        Some(self.opcode_text(d))
    }

    /// The opcode of a statement: its text, or the joined text of one
    /// written with spaces.
    fn opcode_text(&self, d: &StmtData) -> &str {
        if d.flags & SPACED != 0 {
            if let Ok(k) = self.spaced.binary_search_by_key(&d.opcode.start, |s| s.0) {
                return &self.texts[self.spaced[k].1 as usize];
            }
        }
        &self.src[d.opcode.span()]
    }

    fn instr(&self, d: &StmtData) -> Instr<'_> {
        let ops = &self.operands[d.first as usize..(d.first + d.count) as usize];
        Instr {
            guard: (d.flags & GUARD != 0).then(|| Guard {
                reg: &self.src[d.guard.span()],
                negated: d.flags & NEGATED != 0,
                span: d.guard.span(),
            }),
            opcode: self.opcode_text(d),
            opcode_span: d.opcode.span(),
            operands: ops.iter().map(|o| self.operand(o)).collect(),
            span: d.span.span(),
            scope: d.scope as usize,
            block: d.block as usize,
        }
    }

    fn operand(&self, d: &OpData) -> Operand<'_> {
        let span = d.loc.span();
        let text = &self.src[span.clone()];
        let kind = match d.kind {
            OpKind::Name if d.extra == NO_EXTRA => OperandKind::Name(text),
            // A vector register's element (`v.x` of `.reg .v4 .u32 v;`).
            OpKind::Name => OperandKind::Name(&self.texts[d.extra as usize]),
            OpKind::Imm if d.extra == NO_EXTRA => OperandKind::Imm(text),
            OpKind::Imm => OperandKind::Imm(&self.texts[d.extra as usize]),
            OpKind::Vector => {
                let (first, count) = self.vectors[d.extra as usize];
                let elems = &self.operands[first as usize..(first + count) as usize];
                OperandKind::Vector(elems.iter().map(|e| self.operand(e)).collect())
            }
            OpKind::Address | OpKind::Element => {
                let (base, offset) = self.addresses[d.extra as usize];
                OperandKind::Address {
                    base: base.map(|b| &self.src[b.span()]),
                    offset,
                    element: d.kind == OpKind::Element,
                }
            }
            OpKind::Sum => {
                let (base, offset) = self.addresses[d.extra as usize];
                OperandKind::Sum {
                    base: base.map_or("", |b| &self.src[b.span()]),
                    offset,
                }
            }
            OpKind::Other => OperandKind::Other(text),
        };
        Operand { kind, span }
    }

    /// The blocks from `block` outward: `block`, its parent, ..., 0.
    pub fn enclosing(&self, block: usize) -> impl Iterator<Item = usize> + '_ {
        let mut next = Some(block);
        std::iter::from_fn(move || {
            let b = next?;
            let parent = self.block_parents.get(b).copied().unwrap_or(0);
            next = (b != 0 && parent < b).then_some(parent);
            Some(b)
        })
    }

    /// The type of a register of a `%name<N>` range refused for its size
    /// (`name` then a number below N, and for a range of vectors an
    /// element `.x`, `.y`, ...), so that its uses add no errors.
    pub fn refused_range_type(&self, reg: &str) -> Option<PtxType> {
        let reg = ["x", "y", "z", "w", "lo", "hi"]
            .iter()
            .find_map(|l| reg.strip_suffix(l)?.strip_suffix('.'))
            .unwrap_or(reg);
        self.refused_ranges.iter().find_map(|(prefix, n, ty)| {
            let k = reg.strip_prefix(prefix.as_str())?;
            let ok = !k.is_empty()
                && k.bytes().all(|b| b.is_ascii_digit())
                && (k == "0" || !k.starts_with('0'))
                && k.parse::<u32>().is_ok_and(|k| k < *n);
            ok.then_some(*ty)
        })
    }

    /// Whether block `outer` is `inner` or encloses it (constant time).
    pub fn encloses(&self, outer: usize, inner: usize) -> bool {
        outer == 0 || (outer <= inner && self.block_ends.get(outer).is_some_and(|e| inner <= *e))
    }

    /// The function body (a block whose parent is 0) that holds `block`;
    /// 0 for the module level.
    pub fn body_of(&self, block: usize) -> usize {
        self.enclosing(block)
            .take_while(|b| *b != 0)
            .last()
            .unwrap_or(0)
    }

    /// How deep `block` is nested (0: module level, 1: a function body).
    pub fn depth(&self, block: usize) -> usize {
        self.enclosing(block).count() - 1
    }
}

/// Register names resolved as PTX scopes them: a `.reg` declared in a
/// `{ }` block is visible there and in the blocks nested in it, unless one
/// of those declares the name again, which shadows it until the block
/// closes (nvcc's inline-asm blocks `{ .reg .b16 t; ... }` rely on this).
pub struct RegScopes<'m> {
    module: &'m Module<'m>,
    by_name: rustc_hash::FxHashMap<&'m str, Shadows>,
    /// The `%name<N>` ranges, by the name before `<N>`.
    by_prefix: rustc_hash::FxHashMap<&'m str, Shadows>,
}

/// One register a name refers to: its declaration and, for a range, its
/// number in it.
#[derive(Clone, Copy, Debug)]
pub struct RegRef<'m> {
    /// The declaration (for a range, of all of its registers).
    pub decl: &'m RegDecl,
    /// The declaration's position in [`Module::regs`].
    pub id: usize,
    /// For a range's register, its number (`%r7`: 7).
    pub index: Option<u32>,
}

impl RegRef<'_> {
    /// The register's name (`%r7`).
    pub fn name(&self) -> std::borrow::Cow<'_, str> {
        match self.index {
            Some(k) => format!("{}{k}", self.decl.name).into(),
            None => self.decl.name.as_str().into(),
        }
    }
}

impl std::ops::Deref for RegRef<'_> {
    type Target = RegDecl;
    fn deref(&self) -> &RegDecl {
        self.decl
    }
}

impl<'m> RegScopes<'m> {
    /// Indexes the module's declarations (the first of a name in a block
    /// counts; a second one there is a parse error).
    pub fn new(module: &'m Module<'m>) -> RegScopes<'m> {
        let mut by_name: rustc_hash::FxHashMap<&str, Shadows> = Default::default();
        let mut by_prefix: rustc_hash::FxHashMap<&str, Shadows> = Default::default();
        for (i, r) in module.regs.iter().enumerate() {
            let map = if r.range.is_some() {
                &mut by_prefix
            } else {
                &mut by_name
            };
            map.entry(r.name.as_str()).or_default().add(r.block, i);
        }
        RegScopes {
            module,
            by_name,
            by_prefix,
        }
    }

    /// The declaration `name` refers to in `block`: the one in the
    /// innermost enclosing block that declares it (by itself or in a
    /// range).
    pub fn lookup(&self, name: &str, block: usize) -> Option<RegRef<'m>> {
        let regs = &self.module.regs;
        let mut best = self
            .by_name
            .get(name)
            .and_then(|s| s.lookup(self.module, block))
            .map(|i| RegRef {
                decl: &regs[i],
                id: i,
                index: None,
            });
        for (p, k) in number_splits(name) {
            let Some(s) = self.by_prefix.get(p) else {
                continue;
            };
            let found =
                s.lookup_where(self.module, block, |i| regs[i].range.is_some_and(|n| k < n));
            if let Some(i) = found {
                // Every candidate's block encloses `block`: they nest,
                // and the innermost one opened last.
                // (In one block, a parse error: the first counts.)
                let b = regs[i].block;
                if best.is_none_or(|r| r.decl.block < b || (r.decl.block == b && i < r.id)) {
                    best = Some(RegRef {
                        decl: &regs[i],
                        id: i,
                        index: Some(k),
                    });
                }
            }
        }
        best
    }

    /// Every declaration of `name`, in any block, in the module's order.
    pub fn all_named(&self, name: &str) -> Vec<RegRef<'m>> {
        let regs = &self.module.regs;
        let mut all: Vec<RegRef<'m>> = self
            .by_name
            .get(name)
            .map(|s| {
                s.all()
                    .iter()
                    .map(|&(_, i)| RegRef {
                        decl: &regs[i],
                        id: i,
                        index: None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        for (p, k) in number_splits(name) {
            for &(_, i) in self.by_prefix.get(p).map_or(&[][..], |s| s.all()) {
                if regs[i].range.is_some_and(|n| k < n) {
                    all.push(RegRef {
                        decl: &regs[i],
                        id: i,
                        index: Some(k),
                    });
                }
            }
        }
        all.sort_by_key(|r| r.id);
        all
    }
}

/// The declarations of one register name, each in its block: which one a
/// block sees (the one in the innermost block around it that declares the
/// name). A lookup is a binary search, then one step outward per
/// same-named declaration nested around the nearest one before the block,
/// not a walk through every enclosing block (20,000 nested blocks once
/// took 8 s to check) nor a scan of every declaration (50,000 sibling
/// blocks each declaring `t`, 45 s to run).
#[derive(Clone, Debug, Default)]
pub struct Shadows {
    /// (block, what it declares), sorted by block, one per block.
    decls: Vec<(usize, usize)>,
    /// For each of `decls`, the position of the nearest declaration whose
    /// block encloses its own; made at the first lookup after a change.
    outer: std::cell::OnceCell<Vec<Option<usize>>>,
}

impl Shadows {
    /// Declares the name in `block` as `what`; the earlier `what` where
    /// the block already declares it (a second declaration in one block
    /// is a parse error; the first one counts).
    pub fn add(&mut self, block: usize, what: usize) -> usize {
        let at = self.decls.partition_point(|d| d.0 < block);
        if let Some(d) = self.decls.get(at).filter(|d| d.0 == block) {
            return d.1;
        }
        self.decls.insert(at, (block, what));
        self.outer = std::cell::OnceCell::new();
        what
    }

    /// Every declaration, (block, what), in block order.
    pub fn all(&self) -> &[(usize, usize)] {
        &self.decls
    }

    /// What `block` sees: the declaration in the innermost block around it
    /// (itself included) that declares the name.
    pub fn lookup(&self, module: &Module<'_>, block: usize) -> Option<usize> {
        self.lookup_where(module, block, |_| true)
    }

    /// What `block` sees of the declarations that `keep` accepts (for a
    /// range, those whose N is large enough): the innermost one around it.
    pub fn lookup_where(
        &self,
        module: &Module<'_>,
        block: usize,
        keep: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let outer = self.outer.get_or_init(|| {
            // Blocks open in id order: the declarations around the one
            // being placed are a stack.
            let mut open: Vec<usize> = Vec::new();
            let mut outer = Vec::with_capacity(self.decls.len());
            for (j, d) in self.decls.iter().enumerate() {
                while open
                    .last()
                    .is_some_and(|&k| !module.encloses(self.decls[k].0, d.0))
                {
                    open.pop();
                }
                outer.push(open.last().copied());
                open.push(j);
            }
            outer
        });
        // The last declaration in a block opened no later than `block`:
        // the innermost one around `block` is it or one around it (a
        // block around `block` that opened before this one also encloses
        // this one).
        let mut j = self.decls.partition_point(|d| d.0 <= block).checked_sub(1);
        while let Some(k) = j {
            let (b, what) = self.decls[k];
            if module.encloses(b, block) && keep(what) {
                return Some(what);
            }
            j = outer[k];
        }
        None
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Word,
    Punct(char),
    Str,
    Newline,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    span: Span,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '%' | '$')
}

/// The next token from byte `*pos` on, or `None` at the end: a word, a
/// punctuation mark, a string, or one `Newline` for a run of line ends
/// (those inside `/* */` comments included: `.loc` ends at one). Comments
/// are dropped (PTX ISA §4.2: C-style `//` and `/* */` comments). Tokens
/// are made one at a time as the parser asks: no token list is kept.
fn lex_next(src: &str, pos: &mut usize, diags: &mut Vec<Diagnostic>) -> Option<Token> {
    let b = src.as_bytes();
    let mut i = *pos;
    let mut newline = None;
    while let Some(c) = src[i..].chars().next() {
        if c == '\n' {
            newline.get_or_insert(i);
            i += 1;
        } else if c.is_whitespace() {
            i += c.len_utf8();
        } else if src[i..].starts_with("//") {
            i = src[i..].find('\n').map_or(src.len(), |n| i + n);
        } else if src[i..].starts_with("/*") {
            match src[i + 2..].find("*/") {
                Some(n) => {
                    if src[i..i + 2 + n].contains('\n') {
                        newline.get_or_insert(i);
                    }
                    i = i + 2 + n + 2;
                }
                None => {
                    diags.push(Diagnostic::error(i..i + 2, "unterminated `/*` comment"));
                    i = src.len();
                }
            }
        } else {
            break;
        }
    }
    *pos = i;
    if let Some(at) = newline {
        return Some(Token {
            tok: Tok::Newline,
            span: at..at + 1,
        });
    }
    let c = src[i..].chars().next()?;
    let start = i;
    let tok = if c == '"' {
        let mut j = i + 1;
        while j < b.len() && b[j] != b'"' && b[j] != b'\n' {
            j += 1;
        }
        if j >= b.len() || b[j] != b'"' {
            diags.push(Diagnostic::error(i..j, "unterminated string"));
            i = j;
        } else {
            i = j + 1;
        }
        Tok::Str
    } else if is_word_char(c) {
        loop {
            while i < src.len() {
                let d = src[i..].chars().next().unwrap_or(' ');
                if !is_word_char(d) {
                    break;
                }
                i += d.len_utf8();
            }
            // PTX ISA §4.5.2: a decimal float literal has "an optional
            // signed exponent": `1.0e-3` is one token, not `1.0e - 3`.
            if signed_exponent_follows(&src[start..i], &b[i..]) {
                i += 1;
                continue;
            }
            // Qualifiers with `::` belong to the opcode or directive:
            // `ld.global.L1::no_allocate`, `mbarrier.init.shared::cta`
            // (an identifier has no `.`, so a label `L:` is not taken).
            if src[i..].starts_with("::")
                && src[i + 2..].chars().next().is_some_and(is_word_char)
                && src[start..i].contains('.')
            {
                i += 2;
                continue;
            }
            // A ratio inside such a qualifier: `spcompress.b8.b2.sp::2:4.x1`
            // (PTX ISA 9.4, "`.spfactor = { .sp::2:4 }`"). A label (`L2:`)
            // has no `.`, and no `::` before its digit.
            if src[i..].starts_with(':')
                && src[i + 1..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_digit())
                && src[start..i].contains("::")
                && src[..i].ends_with(|c: char| c.is_ascii_digit())
            {
                i += 1;
                continue;
            }
            break;
        }
        // A state space run into its type, `.param.u64 x;` or
        // `.func (.param.f32 r) f(.param.f32 a)` (accepted by ptxas, and in
        // ZLUDA's tests): the directive is a word of its own, the type the next.
        if let Some(n) = fused_state_space(&src[start..i]) {
            i = start + n;
        }
        // PTX ISA 9.4 §11.5.6: in `.nv_intermediate_source_section`,
        // "`.source_begin` and `.source_end` [...] indicate the start and
        // end of the source text and may contain arbitrary text including
        // newlines": one token, whatever its braces, quotes or comments.
        if &src[start..i] == ".source_begin" {
            match source_end(&src[i..]) {
                Some(n) => i += n,
                None => {
                    diags.push(
                        Diagnostic::error(start..i, "`.source_begin` without `.source_end`: the source text runs to the end of the file")
                            .with_help("end the embedded source with `.source_end` on a line of its own"),
                    );
                    i = src.len();
                }
            }
            *pos = i;
            return Some(Token {
                tok: Tok::Str,
                span: start..i,
            });
        }
        Tok::Word
    } else {
        i += c.len_utf8();
        Tok::Punct(c)
    };
    *pos = i;
    Some(Token {
        tok,
        span: start..i,
    })
}

/// The bytes of `rest` up to and including the first `.source_end` that
/// stands as a word of its own (after a line start or white space, before
/// white space or the end), or `None`.
fn source_end(rest: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = rest[from..].find(".source_end") {
        let at = from + k;
        let end = at + ".source_end".len();
        let before = rest[..at]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace);
        let after = rest[end..].chars().next().is_none_or(|c| !is_word_char(c));
        if before && after {
            return Some(end);
        }
        from = end;
    }
    None
}

/// The length of the state-space directive a word starts with when a type
/// follows it with no space (`.param.u64` → 6), else `None`.
fn fused_state_space(word: &str) -> Option<usize> {
    [".param", ".reg", ".shared", ".global", ".local", ".const"]
        .into_iter()
        .find(|d| {
            word.len() > d.len() + 1
                && word.starts_with(d)
                && word.as_bytes()[d.len()] == b'.'
                && word[d.len()..]
                    .chars()
                    .nth(1)
                    .is_some_and(|c| c.is_ascii_alphabetic())
        })
        .map(str::len)
}

/// The options a `.target` may name beside its sm target (PTX ISA §11.1.4).
const TARGET_OPTIONS: [&str; 4] = [
    "texmode_unified",
    "texmode_independent",
    "debug",
    "map_f64_to_f32",
];

struct Parser<'a> {
    src: &'a str,
    /// Where the lexer goes on.
    at: usize,
    /// Tokens made and not yet consumed: up to and including the next one
    /// that is not a `Newline` (at most two: runs of line ends are one).
    ahead: std::collections::VecDeque<Token>,
    /// The last token consumed that is not a `Newline`.
    last: Option<Tok>,
    /// The operands of the statement being parsed.
    scratch: Vec<OpData>,
    m: Module<'a>,
    /// The current function body's scope (0 outside any).
    scope: usize,
    /// A function header seen, whose body is next: name and entry-ness.
    pending: Option<(String, bool, Span)>,
    /// The index in `m.vars` of the first parameter of the function header
    /// seen last: its parameters join the body's scope when it opens.
    header_vars: Option<usize>,
    /// `.reg` parameters of the function header seen last (`.func (.reg
    /// .b32 r) f(.reg .b16 a)`, PTX ISA §11.2.2): registers of its body.
    /// A vector parameter (`.reg .v2 .u32 v`) has its element count
    /// (else 1): its elements `v.x`, `v.y`, ... are the registers.
    header_regs: Vec<(String, PtxType, Span, u32)>,
    /// The parameter names of the function header seen last: its return
    /// parameters (before its name) and its parameters (after).
    header_sig: (Vec<String>, Vec<String>),
    /// `.reqnctapercluster` and `.explicitcluster` of the header seen last.
    header_cluster: (Option<Ntid>, bool, Option<u32>),
    /// `.maxntid` and `.reqntid` of the header seen last, with their spans.
    header_ntid: (Option<Ntid>, Option<Ntid>),
    /// `.minperctamemory N` of the function header being read.
    header_per_cta: Option<u32>,
    /// The open `{ }` blocks, outermost first: their ids and where each
    /// opened (the brace depth is the length).
    blocks: Vec<(usize, Span)>,
    /// Blocks opened so far (ids start at 1; 0 is the module level).
    block_count: usize,
    /// Names declared, per block.
    names: std::collections::HashSet<(usize, String)>,
    /// The `%name<N>` ranges declared, per block and name: N.
    ranges: std::collections::HashMap<(usize, String), u32>,
    /// Registers declared so far, ranges counted by their size (at most
    /// [`MAX_REGS`]).
    reg_count: usize,
    /// Elements declared by ranges of vectors (`.reg .v4 .u32 v<N>;`), at
    /// most [`MAX_VEC_RANGE_REGS`], and a bound on the bytes of their
    /// names (at most [`MAX_VEC_RANGE_BYTES`]).
    vec_range_regs: usize,
    vec_range_bytes: usize,
    /// Vector registers (`.reg .v4 .u32 v;`) and their element counts: each
    /// is declared as its elements `v.x`, `v.y`, ..., and `v` as an operand
    /// stands for `{v.x, v.y, ...}`.
    vec_regs: std::collections::HashMap<String, u32>,
    /// Labels defined, per `{ }` block (a label is local to its block).
    labels: std::collections::HashSet<(usize, &'a str)>,
    /// Names of the functions with bodies so far (a second body is an
    /// error; a set, so that 100,000 functions stay linear).
    defined: std::collections::HashSet<String>,
    /// Where the last token consumed ends.
    last_end: usize,
    /// The operands being parsed are a `call`'s: `(` opens a list of
    /// parameters, not a constant expression.
    call_operands: bool,
    /// Variables declared, per block and name, and whether that
    /// declaration was `.extern` (a function header's parameters are
    /// checked in their own list).
    var_names: std::collections::HashMap<(usize, String), bool>,
    /// The declaration being read is `.extern`.
    declaring_extern: bool,
    /// A `.tex` declaration is being read (PTX ISA §5.1.8, deprecated):
    /// its `.u32`/`.u64` names are `.global .texref`s.
    declaring_tex: bool,
    /// The declaration being read is a function header's parameter.
    in_header: bool,
    /// Line numbers for a message that names another line (its index is
    /// built once, on first use: one per message made a file of 50,000
    /// nested `.entry` take 56 s).
    lines: ptxfp_isa::diag::SourceMap<'a>,
}

impl<'a> Parser<'a> {
    /// Lexes until `ahead` holds a token that is not a `Newline` (or the
    /// text ends).
    fn fill(&mut self) {
        while self.ahead.back().is_none_or(|t| t.tok == Tok::Newline) {
            match lex_next(self.src, &mut self.at, &mut self.m.diagnostics) {
                Some(t) => self.ahead.push_back(t),
                None => return,
            }
        }
    }
    /// The next token that is not a `Newline`.
    fn peek(&self) -> Option<&Token> {
        self.ahead.iter().find(|t| t.tok != Tok::Newline)
    }
    /// The next token, `Newline` included.
    fn peek_raw(&self) -> Option<&Token> {
        self.ahead.front()
    }
    /// Consumes the next token, `Newline` included.
    fn bump_raw(&mut self) {
        if let Some(t) = self.ahead.pop_front() {
            if t.tok != Tok::Newline {
                self.last = Some(t.tok);
                self.last_end = t.span.end;
            }
        }
        self.fill();
    }
    /// Next token, skipping newlines.
    fn next(&mut self) -> Option<Token> {
        while let Some(t) = self.ahead.pop_front() {
            if t.tok != Tok::Newline {
                self.last = Some(t.tok);
                self.last_end = t.span.end;
                self.fill();
                return Some(t);
            }
        }
        None
    }
    fn text(&self, t: &Token) -> &'a str {
        &self.src[t.span.clone()]
    }
    fn peek_punct(&self, c: char) -> bool {
        self.peek().is_some_and(|t| t.tok == Tok::Punct(c))
    }
    fn eof_span(&self) -> Span {
        self.src.len()..self.src.len()
    }
    fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.m.diagnostics.push(Diagnostic::error(span, msg));
    }
    /// Skips to just after the next `;` (or `{`/`}` left for the caller).
    /// `.alias fAlias, fAliasee;` after its directive (at `at`): both
    /// names, or an error that says what was expected.
    fn alias(&mut self, at: Span) {
        let mut names = Vec::new();
        for (k, what) in ["the alias", "the function it names"]
            .into_iter()
            .enumerate()
        {
            if k == 1 {
                if !self.peek_punct(',') {
                    let span = self.peek().map_or(self.eof_span(), |t| t.span.clone());
                    self.error(span, "`.alias`: expected `,` between the alias and the function (`.alias fAlias, fAliasee;`)");
                    self.recover();
                    return;
                }
                self.next();
            }
            match self.peek().cloned() {
                Some(n) if n.tok == Tok::Word && !self.text(&n).starts_with('.') => {
                    self.next();
                    names.push(self.text(&n).to_string());
                }
                other => {
                    let span = other.map_or(self.eof_span(), |t| t.span);
                    self.error(
                        span,
                        format!("`.alias`: expected {what}'s name (`.alias fAlias, fAliasee;`)"),
                    );
                    self.recover();
                    return;
                }
            }
        }
        let end = self.peek().map_or(at.end, |t| t.span.end);
        if self.peek_punct(';') {
            self.next();
        } else {
            let span = self.peek().map_or(self.eof_span(), |t| t.span.clone());
            self.error(span, "`.alias`: expected `;` after the function's name");
            self.recover();
        }
        let (alias, target) = (names.remove(0), names.remove(0));
        self.m.aliases.push((alias, target, at.start..end));
    }

    fn recover(&mut self) {
        while let Some(t) = self.peek() {
            match t.tok {
                Tok::Punct(';') => {
                    self.next();
                    return;
                }
                Tok::Punct('{') | Tok::Punct('}') => return,
                _ => {
                    self.next();
                }
            }
        }
    }
    /// After a bad operand: skips to just after the next `;` on this line,
    /// braces included (they belonged to the operand), or to the line's end.
    fn recover_in_line(&mut self) {
        while let Some(tok) = self.peek_raw().map(|t| t.tok) {
            match tok {
                Tok::Newline => return,
                Tok::Punct(';') => {
                    self.bump_raw();
                    return;
                }
                _ => self.bump_raw(),
            }
        }
    }

    /// Skips to the end of the current line (`.loc`, `.file` have no `;`).
    fn skip_line(&mut self) {
        while let Some(tok) = self.peek_raw().map(|t| t.tok) {
            self.bump_raw();
            if tok == Tok::Newline {
                return;
            }
        }
    }

    fn run(mut self) -> Module<'a> {
        while let Some(t) = self.peek().cloned() {
            if self.m.diagnostics.len() >= MAX_DIAGNOSTICS {
                self.m.diagnostics.push(too_many_diagnostics(t.span.start));
                self.m.truncated = Some(t.span.start);
                return self.m;
            }
            let text = self.text(&t);
            match t.tok {
                Tok::Punct('{') => {
                    self.next();
                    self.block_count += 1;
                    if self.blocks.is_empty() {
                        self.scope = self.m.functions.len() + 1;
                        let (name, entry, at) = self.pending.take().unwrap_or_default();
                        // PTX ISA §11.3: a function is defined once in a module.
                        if !name.is_empty() && !self.defined.insert(name.clone()) {
                            self.error(
                                at,
                                format!("`{name}` is defined twice: a second function body with this name"),
                            );
                        }
                        if let Some(first) = self.header_vars.take() {
                            for v in self.m.vars.iter_mut().skip(first) {
                                v.scope = self.scope;
                                v.block = self.block_count;
                            }
                        }
                        let (returns, params) = std::mem::take(&mut self.header_sig);
                        let (cluster, explicit_cluster, max_cluster_rank) =
                            std::mem::take(&mut self.header_cluster);
                        let min_per_cta_memory = self.header_per_cta.take();
                        let (maxntid, reqntid) = std::mem::take(&mut self.header_ntid);
                        self.m.functions.push(Function {
                            name,
                            entry,
                            scope: self.scope,
                            returns,
                            params,
                            cluster,
                            explicit_cluster,
                            max_cluster_rank,
                            min_per_cta_memory,
                            maxntid,
                            reqntid,
                        });
                    }
                    let parent = self.blocks.last().map_or(0, |b| b.0);
                    self.m.block_parents.push(parent);
                    self.blocks.push((self.block_count, t.span.clone()));
                    for (name, ty, span, lanes) in std::mem::take(&mut self.header_regs) {
                        self.declared(&name, span.clone());
                        self.push_reg(name, ty, span, lanes);
                    }
                }
                Tok::Punct('}') => {
                    self.next();
                    if self.blocks.pop().is_none() {
                        self.error(t.span.clone(), "`}` without a matching `{`");
                    }
                    if self.blocks.is_empty() {
                        self.scope = 0;
                    }
                }
                Tok::Punct(';') => {
                    self.next();
                    self.end_declaration();
                }
                Tok::Word if text.starts_with('.') => self.directive(),
                Tok::Word | Tok::Punct('@') => self.statement(),
                _ => {
                    self.next();
                    self.error(
                        t.span.clone(),
                        format!("unexpected `{}`", text.escape_debug()),
                    );
                    self.recover();
                }
            }
        }
        if let Some((_, open)) = self.blocks.last().cloned() {
            self.error(open, "`{` is never closed: a `}` is missing");
        }
        self.m
    }

    fn directive(&mut self) {
        let Some(t) = self.next() else { return };
        let d = self.text(&t);
        match d {
            ".version" => {
                // `.version` is the module's first directive (PTX ISA §11.1.3),
                // with its number on the same line.
                let Some(v) = self
                    .peek()
                    .cloned()
                    .filter(|v| v.tok == Tok::Word && !self.text(v).starts_with('.'))
                else {
                    return self.error(
                        t.span,
                        "`.version` needs a PTX ISA version: write e.g. `.version 8.6`",
                    );
                };
                self.next();
                if self.m.version.is_none() && self.m.target.is_some() {
                    self.error(
                        t.span.start..v.span.end,
                        "`.version` after `.target`: a module starts with `.version`, then `.target`",
                    );
                }
                match self.text(&v).parse::<PtxVersion>() {
                    Ok(_) if self.m.version.is_some() => self.error(
                        t.span.start..v.span.end,
                        "a second `.version` directive: a module has one, at its start",
                    ),
                    Ok(ver) => self.m.version = Some((ver, v.span)),
                    Err(e) => self.error(v.span, e.to_string()),
                }
            }
            ".target" => {
                // PTX ISA §11.1.4: `.target stringlist`, one sm_ target plus
                // the options texmode_unified, texmode_independent, debug,
                // map_f64_to_f32, separated by commas.
                // "subsequent .target directives can be used to change the
                // set of target features allowed during parsing. A program
                // with multiple .target directives will compile and run
                // only on devices that support all features of the
                // highest-numbered architecture listed in the program": the
                // module's target is the highest named, and a later
                // directive may name options alone, without an sm target.
                let again = self.m.target.is_some();
                let mut seen_sm = false;
                // The options named, with where, for their rules below.
                let mut options: Vec<(&'static str, Span)> = Vec::new();
                let unknown = |s: &str| {
                    format!("unknown `.target` entry `{s}`: expected sm_XY (e.g. sm_90), texmode_unified, texmode_independent, debug or map_f64_to_f32")
                };
                while let Some(v) = self.peek_raw().cloned() {
                    if v.tok == Tok::Newline || v.tok == Tok::Punct(';') {
                        break;
                    }
                    self.bump_raw();
                    let s = self.text(&v);
                    match v.tok {
                        Tok::Punct(',') => {}
                        Tok::Word if TARGET_OPTIONS.contains(&s) => {
                            // The table's own name: `s` borrows the text.
                            let name = TARGET_OPTIONS.iter().find(|o| **o == s);
                            options.push((name.copied().unwrap_or_default(), v.span.clone()));
                        }
                        // `compute_10` (numba's 2012 prototype, from the LLVM
                        // 3.x PTX backend): the virtual architecture's name,
                        // which the ISA's `.target` list does not have; read
                        // as its sm target, with a warning.
                        Tok::Word if s.starts_with("compute_") && !seen_sm => {
                            let sm = format!("sm_{}", &s["compute_".len()..]);
                            match sm.parse::<Target>() {
                                Ok(tg) => {
                                    seen_sm = true;
                                    self.m.diagnostics.push(Diagnostic::warning(
                                        v.span.clone(),
                                        format!("`.target {s}`: the PTX ISA names sm targets; read as `{sm}`"),
                                    ));
                                    self.raise_target(tg, v.span);
                                }
                                Err(_) => self.error(v.span, unknown(s)),
                            }
                        }
                        Tok::Word if s.starts_with("sm_") => match s.parse::<Target>() {
                            Ok(_) if seen_sm => {
                                self.error(v.span, "`.target` names two sm targets")
                            }
                            Ok(tg) => {
                                seen_sm = true;
                                self.raise_target(tg, v.span);
                            }
                            Err(e) => {
                                // Named, but not a target: that one error says it.
                                seen_sm = true;
                                self.error(v.span, e.to_string());
                            }
                        },
                        _ => self.error(v.span, unknown(s)),
                    }
                }
                if !seen_sm && !again {
                    self.error(
                        t.span,
                        "`.target` names no sm target: expected e.g. `.target sm_90`",
                    );
                }
                self.target_options(&options);
            }
            ".reg" => self.reg_decl(t.span),
            ".global" | ".shared" | ".local" | ".const" | ".param" => {
                let space = Space::parse(d).unwrap_or(Space::Global);
                self.var_decl(space, t.span);
            }
            // PTX ISA §5.1.8 (Texture State Space, deprecated): "variables
            // declared in the .tex state space are equivalent to
            // module-scoped .texref variables in the .global state space.
            // For example, `.tex .u32 tex_a;` is equivalent to `.global
            // .texref tex_a;`" (CUDA 1.x to 3.x wrote it).
            ".tex" => {
                self.declaring_tex = true;
                self.var_decl(Space::Global, t.span);
                self.declaring_tex = false;
            }
            ".visible" | ".extern" | ".weak" | ".common" => {
                // `.extern .shared .b8 smem[];` is a variable; otherwise a function follows.
                if let Some(n) = self.peek().cloned() {
                    if let Some(space) = Space::parse(self.text(&n)) {
                        self.next();
                        self.declaring_extern = d == ".extern";
                        self.var_decl(space, n.span);
                        self.declaring_extern = false;
                    }
                }
            }
            ".entry" | ".func" => {
                // A function is a module-level declaration: a body holds
                // statements and variables, never another function.
                if let Some((_, open)) = self.blocks.first() {
                    let (line, _) = self.lines.line_col(open.start);
                    self.error(
                        t.span.clone(),
                        format!("`{d}` inside a function body: functions are declared at module level, and the body opened on line {line} is not closed by `}}` before this"),
                    );
                }
                self.function_header(d == ".entry")
            }
            // `.loc_intermediate file line column` (PTX ISA 9.4 §11.5.5):
            // a location, as `.loc`.
            ".loc" | ".file" | ".loc_intermediate" => self.skip_line(),
            // PTX ISA 9.4 §11.5.6: `.nv_intermediate_source_section {
            // .code_block { .ir_name: "TileIR" .sourceFileName: 2
            // .source_begin ... .source_end } }`: embedded IR source for
            // debug information, not code; skipped with its braces (the
            // source text is one token).
            ".nv_intermediate_source_section" => {
                if self.peek_punct('{') {
                    self.next();
                    self.skip_balanced('{', '}', 1, false);
                } else {
                    self.error(
                        t.span.clone(),
                        "`.nv_intermediate_source_section` needs its `{ .code_block { ... } }`",
                    );
                }
            }
            ".section" => {
                // `.section .debug_abbrev { .b8 1 ... }` (nvcc -lineinfo, -G):
                // debug data, not code; skipped with its braces, whether
                // `{` ends the directive's line (nvcc 10) or starts the next.
                while let Some(tok) = self.peek_raw().map(|t| t.tok) {
                    if tok == Tok::Punct('{') {
                        break;
                    }
                    self.bump_raw();
                    if tok == Tok::Newline {
                        break;
                    }
                }
                if self.peek_punct('{') {
                    self.next();
                    self.skip_balanced('{', '}', 1, false);
                }
            }
            // Statements of call and branch tables (PTX ISA §11.2, §9.7.12):
            // `p: .callprototype ...;`, `t: .branchtargets L0, L1;`: not
            // modelled, skipped to their `;`.
            ".callprototype" | ".branchtargets" | ".calltargets" => self.recover(),
            // PTX ISA §11.2.3: `.alias fAlias, fAliasee;`.
            ".alias" => self.alias(t.span.clone()),
            ".address_size" => {
                // PTX ISA §11.1.5: `.address_size 32` or `64`.
                match self.peek().cloned() {
                    Some(v) if matches!(self.text(&v), "32" | "64") => {
                        self.next();
                    }
                    Some(v) if v.tok == Tok::Word && !self.text(&v).starts_with('.') => {
                        self.next();
                        let shown = self.text(&v).escape_debug().to_string();
                        self.error(
                            v.span,
                            format!("`.address_size {shown}`: the address size is 32 or 64"),
                        );
                    }
                    _ => self.error(t.span, "`.address_size` needs 32 or 64"),
                }
            }
            ".pragma" | ".maxntid" | ".reqntid" | ".minnctapersm" | ".maxnreg"
            | ".maxnctapersm" | ".noreturn" => {
                while let Some(tok) = self.peek_raw().map(|t| t.tok) {
                    if tok == Tok::Newline || matches!(tok, Tok::Punct(';' | '{')) {
                        break;
                    }
                    self.bump_raw();
                }
            }
            _ if PtxType::parse(d).is_some() => {
                self.error(
                    t.span.clone(),
                    format!("a statement starts with the type `{d}`: an instruction starts with its opcode, e.g. `add{d} d, a, b;`"),
                );
                self.recover();
            }
            _ => {
                self.m.diagnostics.push(Diagnostic::warning(
                    t.span.clone(),
                    format!("unknown directive `{}` skipped", d.escape_debug()),
                ));
                self.recover();
            }
        }
    }

    /// The qualifiers after `.reg` (in a declaration or a `.func`
    /// parameter): `.align N`, `.v2`/`.v4` and the type, as the type and
    /// the element count; `None` after reporting what is wrong (an unknown
    /// type, no type at all).
    fn reg_type(&mut self, dspan: &Span) -> Option<(PtxType, u32)> {
        let mut ty = None;
        let mut lanes = 1;
        while let Some(t) = self.peek().cloned() {
            let s = self.text(&t);
            if t.tok != Tok::Word || !s.starts_with('.') {
                break;
            }
            self.next();
            if s == ".align" {
                let _ = self.align_value(t.span);
            } else if s.starts_with(".v2") || s.starts_with(".v4") {
                // `.v4 .u32` or `.v4.u32` (ZLUDA's vector_extract.ptx).
                lanes = if s.starts_with(".v2") { 2 } else { 4 };
                match &s[3..] {
                    "" => {}
                    rest => match PtxType::parse(rest) {
                        Some(tt) => ty = Some(tt),
                        None => {
                            self.error(t.span, format!("unknown register type `{s}`"));
                            return None;
                        }
                    },
                }
            } else if s == ".b128" {
                // PTX ISA 5.2.2: ".b128 ... 128-bit untyped"; see
                // `B128_HALVES`.
                if lanes != 1 {
                    self.error(
                        t.span,
                        "`.b128` registers are not vector elements: declare `.reg .b128`",
                    );
                    return None;
                }
                ty = Some(PtxType::B64);
                lanes = B128_HALVES;
            } else {
                match PtxType::parse(s) {
                    Some(tt) => ty = Some(tt),
                    None => {
                        self.error(t.span, format!("unknown register type `{s}`"));
                        return None;
                    }
                }
            }
        }
        if ty.is_none() {
            self.error(dspan.clone(), "register declared without a type");
        }
        ty.map(|t| (t, lanes))
    }

    /// `.reg .f32 %f<4>, fc;` (PTX ISA §5.1.1, parameterized names §10.1):
    /// qualifiers, then names separated by `,`, then `;`.
    fn reg_decl(&mut self, dspan: Span) {
        let Some((ty, lanes)) = self.reg_type(&dspan) else {
            self.recover();
            return;
        };
        loop {
            let Some(t) = self.next() else {
                self.error(dspan, "`.reg` declaration without `;`");
                return;
            };
            let s = self.text(&t);
            if t.tok != Tok::Word || !is_ident(s) {
                self.error(
                    t.span,
                    format!("expected a register name in the `.reg` declaration, found `{s}`"),
                );
                self.recover();
                return;
            }
            let mut span = t.span.clone();
            let mut count = None;
            // Registers per name: a vector's elements each count.
            let per = lane_names(lanes).len();
            if self.peek_punct('<') {
                self.next();
                let n = self.next();
                let close = self.next();
                // A count too large for 32 bits is past the bound too (one
                // error, and no error at each use).
                let c = n.as_ref().and_then(|n| {
                    let t = self.text(n);
                    match t.parse::<u32>() {
                        Ok(c) => Some(c),
                        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
                            Some(u32::MAX)
                        }
                        Err(_) => None,
                    }
                });
                match (c, close) {
                    (Some(0), Some(close)) if close.tok == Tok::Punct('>') => {
                        self.error(
                            t.span.start..close.span.end,
                            format!("`{s}<0>` declares no register: the count is at least 1"),
                        );
                        self.recover();
                        return;
                    }
                    (Some(c), Some(close))
                        if close.tok == Tok::Punct('>')
                            && self.reg_count + c as usize * per > MAX_REGS =>
                    {
                        self.error(
                            t.span.start..close.span.end,
                            format!("more than {MAX_REGS} registers declared in the module"),
                        );
                        if self.m.refused_ranges.len() < 64 {
                            self.m.refused_ranges.push((s.to_string(), c, ty));
                        }
                        self.recover();
                        return;
                    }
                    // A range of vectors is declared element by element
                    // (below), each element a name of its own: bounded
                    // apart, so that a short line cannot declare a
                    // million long names.
                    (Some(c), Some(close))
                        if close.tok == Tok::Punct('>')
                            && per > 1
                            && (self.vec_range_regs + c as usize * per > MAX_VEC_RANGE_REGS
                                || self.vec_range_bytes
                                    + (c as usize * per).saturating_mul(s.len() + 14)
                                    > MAX_VEC_RANGE_BYTES) =>
                    {
                        self.m.diagnostics.push(
                            Diagnostic::error(
                                t.span.start..close.span.end,
                                format!(
                                    "ranges of vector registers declare more than {MAX_VEC_RANGE_REGS} elements (or {} MiB of their names) in the module: each element of `{s}<{c}>` is a register of its own",
                                    MAX_VEC_RANGE_BYTES >> 20
                                ),
                            )
                            .with_help("declare a range of scalars (`.reg .b32 %r<N>;` has no such bound) or fewer vectors"),
                        );
                        if self.m.refused_ranges.len() < 64 {
                            self.m.refused_ranges.push((s.to_string(), c, ty));
                        }
                        self.recover();
                        return;
                    }
                    (Some(c), Some(close)) if close.tok == Tok::Punct('>') => {
                        span.end = close.span.end;
                        count = Some(c);
                        if per > 1 {
                            self.vec_range_regs += c as usize * per;
                            self.vec_range_bytes += c as usize * per * (s.len() + 14);
                        }
                    }
                    _ => {
                        self.error(t.span, "expected `<N>` after a register name");
                        self.recover();
                        return;
                    }
                }
            }
            match count {
                // A range of scalars is one declaration.
                Some(c) if lanes == 1 => {
                    let again = self.ranges.get(&(self.block(), s.to_string())).copied();
                    self.declared_range(s, c, span.clone());
                    if let Some(was) = again {
                        // Declared twice in one block (an error): one
                        // range, as large as the larger, so that no use
                        // of either becomes a second error.
                        let (block, name) = (self.block(), s);
                        if let Some(r) = self
                            .m
                            .regs
                            .iter_mut()
                            .rev()
                            .find(|r| r.block == block && r.range.is_some() && r.name == name)
                        {
                            r.range = Some(was.max(c));
                        }
                        self.ranges.insert((block, s.to_string()), was.max(c));
                        self.reg_count += c.saturating_sub(was) as usize;
                    } else {
                        self.reg_count += c as usize;
                        self.vec_regs.remove(s);
                        self.m.regs.push(RegDecl {
                            name: s.to_string(),
                            range: Some(c),
                            ty,
                            span: span.clone(),
                            scope: self.scope,
                            block: self.block(),
                        });
                    }
                }
                // A range of vectors: each vector's elements are registers.
                Some(c) => {
                    for k in 0..c {
                        let name = format!("{s}{k}");
                        self.declared(&name, span.clone());
                        self.push_reg(name, ty, span.clone(), lanes);
                    }
                }
                None => {
                    self.declared(s, span.clone());
                    self.push_reg(s.to_string(), ty, span.clone(), lanes);
                }
            }
            match self.next() {
                Some(x) if x.tok == Tok::Punct(';') => return,
                Some(x) if x.tok == Tok::Punct(',') => {}
                other => {
                    let at = other.map_or(self.eof_span(), |o| o.span);
                    self.m.diagnostics.push(
                        Diagnostic::error(at, format!("expected `,` or `;` after register `{s}`"))
                            .with_help("is the `;` at the end of the `.reg` line missing?"),
                    );
                    self.recover();
                    return;
                }
            }
        }
    }

    /// Declares register `name` of `lanes` elements (`B128_HALVES`: a
    /// `.b128` register's two halves) (1: a scalar) in the
    /// current block.
    fn push_reg(&mut self, name: String, ty: PtxType, span: Span, lanes: u32) {
        if lanes > 1 {
            // PTX ISA §5.4.2, vectors: the elements are `.x`, `.y`, `.z`,
            // `.w`; each is a register of its own here.
            for c in lane_names(lanes) {
                self.reg_count += 1;
                self.m.regs.push(RegDecl {
                    name: format!("{name}.{c}"),
                    range: None,
                    ty,
                    span: span.clone(),
                    scope: self.scope,
                    block: self.block(),
                });
            }
            self.vec_regs.insert(name, lanes);
            return;
        }
        // A scalar of the same name (in a later function) is itself.
        self.vec_regs.remove(&name);
        self.reg_count += 1;
        self.m.regs.push(RegDecl {
            name,
            range: None,
            ty,
            span,
            scope: self.scope,
            block: self.block(),
        });
    }

    /// The innermost open `{ }` block (0: module level).
    fn block(&self) -> usize {
        self.blocks.last().map_or(0, |b| b.0)
    }

    /// Records a name declared in the current `{ }` block; a second
    /// declaration there is an error (PTX ISA §5.1.1: names are unique in
    /// their scope; a nested block may declare a name again).
    fn declared(&mut self, name: &str, span: Span) {
        let block = self.blocks.last().map_or(0, |b| b.0);
        let in_range = number_splits(name).any(|(p, k)| {
            self.ranges
                .get(&(block, p.to_string()))
                .is_some_and(|n| k < *n)
        });
        if in_range || !self.names.insert((block, name.to_string())) {
            self.error(
                span,
                format!("`{name}` is declared twice in the same scope"),
            );
        }
    }

    /// Records the range `prefix<n>` declared in the current block: an
    /// error where a name it declares is already declared there.
    fn declared_range(&mut self, prefix: &str, n: u32, span: Span) {
        let block = self.block();
        let again = self.ranges.contains_key(&(block, prefix.to_string()));
        // A name of the block: `prefix` then a number below n. (At most
        // MAX_REGS tries in a module: each range adds its n to the count,
        // and a range declared again stops above.)
        use std::fmt::Write as _;
        let mut named = None;
        if !again && !self.names.is_empty() {
            let mut key = (block, String::new());
            for k in 0..n {
                key.1.clear();
                let _ = write!(key.1, "{prefix}{k}");
                if self.names.contains(&key) {
                    named = Some(std::mem::take(&mut key.1));
                    break;
                }
            }
        }
        // Another range's name: `%r<20>` and `%r1<5>` both declare `%r10`.
        // With `prefix = q + d` (d digits, no leading 0), `q<m>` declares
        // `q{d}{k}` (the number d·10 and up) when d·10 < m; the other way
        // round alike.
        let clash = |d: &str, m: u32| {
            !d.starts_with('0') && d.parse::<u64>().is_ok_and(|d| d * 10 < u64::from(m))
        };
        let mut other = again.then(|| format!("{prefix}0"));
        for (q, _) in number_splits(prefix) {
            let d = &prefix[q.len()..];
            if let Some(&m) = self.ranges.get(&(block, q.to_string())) {
                if other.is_none() && clash(d, m) {
                    other = Some(format!("{prefix}0"));
                }
            }
        }
        // Ranges `prefix{d}<m>` with d·10 < n: at most n/10 of them to try.
        for d in 1..=(u64::from(n).saturating_sub(1) / 10) {
            if other.is_some() {
                break;
            }
            if self.ranges.contains_key(&(block, format!("{prefix}{d}"))) {
                other = Some(format!("{prefix}{d}0"));
            }
        }
        match named.or(other) {
            Some(dup) => self.error(
                span,
                format!("`{dup}` is declared twice in the same scope (`{prefix}<{n}>` declares `{prefix}0` to `{prefix}{}`)", n - 1),
            ),
            None => {
                self.ranges.insert((block, prefix.to_string()), n);
            }
        }
    }

    /// The module's target after a `.target` names `tg`: the first named,
    /// or a higher-numbered one a later directive names (PTX ISA §11.1.4:
    /// "devices that support all features of the highest-numbered
    /// architecture listed in the program").
    fn raise_target(&mut self, tg: Target, span: Span) {
        if self.m.target.as_ref().is_none_or(|(was, _)| tg.sm > was.sm) {
            self.m.target = Some((tg, span));
        }
    }

    /// The rules of `.target`'s options (PTX ISA §11.1.4, the target
    /// table and its notes), as warnings: "Texturing mode introduced in
    /// PTX ISA version 1.5"; "The debug option requires PTX ISA version
    /// 3.0"; the two texturing modes are one choice. ptxfp reads no
    /// option otherwise (textures are bound as in unified mode;
    /// docs/ENGINE.md "Textures").
    fn target_options(&mut self, options: &[(&str, Span)]) {
        let version = self.m.version.as_ref().map(|(v, _)| *v);
        let mut modes = 0;
        for (name, span) in options {
            let why = match *name {
                "texmode_unified" | "texmode_independent" => {
                    modes += 1;
                    if modes == 2 {
                        Some(
                            "`texmode_unified` and `texmode_independent` are one choice: name one"
                                .to_string(),
                        )
                    } else {
                        version
                            .filter(|v| *v < PtxVersion::new(1, 5))
                            .map(|v| format!("`{name}` needs PTX ISA 1.5 (texturing modes were introduced in it); the module is {v}"))
                    }
                }
                "debug" => version
                    .filter(|v| *v < PtxVersion::new(3, 0))
                    .map(|v| format!("`debug` needs PTX ISA 3.0; the module is {v}")),
                // sm_13 "Disallows use of map_f64_to_f32", yet NVIDIA's
                // nvopencc wrote `.target sm_20, map_f64_to_f32` in the
                // CUDA Samples that its JIT runs: no warning.
                _ => None,
            };
            if let Some(why) = why {
                self.m.diagnostics.push(Diagnostic::warning(
                    span.clone(),
                    format!("`.target`: {why}"),
                ));
            }
        }
    }

    /// `.const[2]` (in a declaration, at `at`) or `ld.const[2]`, up to
    /// the `]`: banked constant memory, which PTX ISA 2.2 removed and
    /// ptxfp does not model. The error says so, and the statement is
    /// skipped.
    fn banked_const(&mut self, at: Span) {
        let mut end = at.end;
        // `[`, the bank, `]` (at most a few tokens; what else is there is
        // skipped with the statement).
        for _ in 0..3 {
            let Some(t) = self.next() else { break };
            end = t.span.end;
            if t.tok == Tok::Punct(']') {
                break;
            }
        }
        let written = self.src[at.start..end].to_string();
        self.m.diagnostics.push(
            Diagnostic::error(
                at.start..end,
                format!("`{written}`: banked constant memory (PTX ISA §5.1.3.1, \"Banked Constant State Space (deprecated)\": \"In PTX ISA version 2.2, we eliminated explicit banks\") is not modelled by ptxfp"),
            )
            .with_help("declare and read `.const` without a bank (bank zero), or pass the buffer's address as a kernel parameter (`.param .u64 .ptr.const .align 4 buf`) and read it with `ld.const` at that address"),
        );
        // To the `;`, over an initializer's braces.
        while let Some(t) = self.peek() {
            match t.tok {
                Tok::Punct(';') => {
                    self.next();
                    return;
                }
                Tok::Punct('{') => {
                    self.next();
                    if self.skip_balanced('{', '}', 1, true).is_none() {
                        return;
                    }
                }
                Tok::Punct('}') => return,
                _ => {
                    self.next();
                }
            }
        }
    }

    /// `.global .align 4 .b8 name[16] = {1, 2};` (PTX ISA §5.4).
    fn var_decl(&mut self, space: Space, dspan: Span) {
        // `.const[2]`: a bank, written against the state space.
        if space == Space::Const
            && self
                .peek()
                .is_some_and(|t| t.tok == Tok::Punct('[') && t.span.start == dspan.end)
        {
            self.banked_const(dspan);
            return;
        }
        let mut ty = None;
        // `.v2`/`.v4` (PTX ISA §5.4.2: vector variables): each element is
        // that many values of the type.
        let mut opaque = self
            .declaring_tex
            .then_some(ptxfp_isa::space::Opaque::Texref);
        let mut lanes = 1u64;
        let mut align = 0;
        // A name declared: a `,` after it starts the next name of a list
        // (PTX ISA §5.4.1's `.reg .pred p, q, r;`, which ptxas reads in
        // every state space: `.shared .u32 a, b;`), except in a parameter
        // list, where it ends the parameter.
        let mut named = false;
        loop {
            let Some(t) = self.next() else { return };
            let s = self.text(&t);
            match t.tok {
                Tok::Punct(';') => return,
                Tok::Punct(',') if named && space != Space::Param => continue,
                Tok::Punct(',') | Tok::Punct(')') => return,
                Tok::Word if s == ".align" => align = self.align_value(t.span),
                // `.attribute(.managed)` (PTX ISA §5.4.8, variable
                // attributes; nvcc's `__managed__`): memory the host also
                // sees, which changes nothing in a run.
                Tok::Word if s == ".attribute" && self.peek_punct('(') => {
                    self.next();
                    if self.skip_balanced('(', ')', 1, true).is_none() {
                        self.error(t.span, "`.attribute(` is not closed by `)`");
                        return;
                    }
                }
                Tok::Word if matches!(s, ".v2" | ".v4" | ".v8") => {
                    lanes = s[2..].parse().unwrap_or(1);
                }
                Tok::Word if s.starts_with('.') => {
                    if let Some(tt) = PtxType::parse(s).filter(|_| self.declaring_tex) {
                        // The handle's 64 bits, whichever of the two.
                        if !matches!(tt, PtxType::U32 | PtxType::U64) {
                            self.error(
                                t.span,
                                format!("`.tex {s}`: a `.tex` variable is `.u32` or `.u64` (PTX ISA §5.1.8); write `.global .texref NAME;`"),
                            );
                        }
                        ty = Some(PtxType::B64);
                    } else if let Some(tt) = PtxType::parse(s) {
                        ty = Some(tt);
                    } else if let Some(o) = ptxfp_isa::space::Opaque::parse(&s[1..]) {
                        // Opaque handles (PTX ISA §5.3): 64 bits, never read
                        // as data by ptxfp.
                        ty = Some(PtxType::B64);
                        opaque = Some(o);
                    }
                    // Other qualifiers (`.ptr`, `.v2`, `.visible`) are skipped.
                }
                Tok::Word => {
                    let Some(ty) = ty else {
                        self.error(dspan, "variable declared without a type");
                        self.recover();
                        return;
                    };
                    let width = u64::from(ty.bits().max(8) / 8);
                    let elem = width * lanes;
                    let mut count = 1u64;
                    let mut open_len = false;
                    while self.peek_punct('[') {
                        self.next();
                        if self.peek_punct(']') {
                            open_len = true;
                            self.next();
                            continue;
                        }
                        // PTX ISA §5.4.3: "The size of the dimension is
                        // either a constant expression, or is left empty"
                        // (`buf[4*1024]`).
                        let constant = self.constant_follows();
                        let v = if constant {
                            let errors = self.m.diagnostics.len();
                            let v = self.const_expr().and_then(|(v, _)| v.int());
                            // The expression's own error says what is wrong.
                            if v.is_none() && self.m.diagnostics.len() > errors {
                                self.recover();
                                return;
                            }
                            v
                        } else {
                            None
                        };
                        let close = self.next();
                        match (v, close) {
                            (Some(v), Some(c)) if c.tok == Tok::Punct(']') && v >= 0 => {
                                count = count.saturating_mul(v as u64)
                            }
                            _ => {
                                self.error(t.span, "expected `[N]` after a variable name, N a constant expression from 0 to 2^63 - 1 (the array's element count)");
                                self.recover();
                                return;
                            }
                        }
                    }
                    let mut init = None;
                    let mut addrs = Vec::new();
                    if self.peek_punct('=') {
                        self.next();
                        let Some((mut bytes, found)) = self.initializer(ty) else {
                            self.recover();
                            return;
                        };
                        // Values, `width` bytes each; an element holds `lanes`.
                        let given = bytes.len() as u64 / width;
                        if open_len {
                            count = given.div_ceil(lanes);
                        }
                        let fit = count.saturating_mul(lanes);
                        if given > fit {
                            self.error(
                                t.span.clone(),
                                format!("{given} initializers for `{s}`, which has {fit} value(s)"),
                            );
                        }
                        // The values given (no more than fit), at any size:
                        // the bytes are at most the input's size times 8.
                        // The rest is zero and is not kept (a megabyte
                        // array with one value costs one value).
                        let kept = fit.saturating_mul(width).min(bytes.len() as u64);
                        bytes.truncate(kept as usize);
                        bytes.shrink_to_fit();
                        init = Some(bytes);
                        addrs = found;
                        addrs.retain(|a| a.at < kept);
                    }
                    self.m.vars.push(VarDecl {
                        space,
                        name: s.to_string(),
                        ty,
                        size: elem.saturating_mul(count),
                        elem,
                        init,
                        addrs,
                        span: t.span.clone(),
                        scope: self.scope,
                        align,
                        opaque,
                        block: self.block(),
                        external: self.declaring_extern,
                    });
                    // PTX ISA §5.1.1: names are unique in their scope. An
                    // `.extern` declaration and a definition are one
                    // variable; a header's parameters are checked in
                    // their list (`header_param`).
                    if !self.in_header {
                        let key = (self.block(), s.to_string());
                        let external = self.declaring_extern;
                        match self.var_names.get(&key) {
                            Some(&was) if !was && !external => self.error(
                                t.span,
                                format!("variable `{s}` is declared twice in the same scope"),
                            ),
                            Some(_) if external => {}
                            _ => {
                                self.var_names.insert(key, external);
                            }
                        }
                    }
                    if space == Space::Param {
                        return;
                    }
                    named = true;
                }
                _ => {
                    self.error(
                        t.span,
                        format!("unexpected `{}` in a declaration", s.escape_debug()),
                    );
                    self.recover();
                    return;
                }
            }
        }
    }

    /// The values after `=` (PTX ISA §5.4.4): one constant, or a `{ }` list
    /// (nested for arrays of arrays), each a literal converted to `ty` as an
    /// immediate of that type would be, or an address ([`AddrInit`], a
    /// zero placeholder among the bytes). `None` after an error (with the
    /// rest of the initializer skipped, so that its braces add no error).
    fn initializer(&mut self, ty: PtxType) -> Option<(Vec<u8>, Vec<AddrInit>)> {
        // Each value's bytes as it is read (little-endian, the type's
        // width), so a huge initializer costs its bytes, not a u64 each.
        let width = (ty.bits().max(8) / 8) as usize;
        let mut values: Vec<u8> = Vec::new();
        let push =
            |values: &mut Vec<u8>, v: u64| values.extend_from_slice(&v.to_le_bytes()[..width]);
        let mut addrs = Vec::new();
        let mut depth = 0usize;
        // True where a value may come next (after `=`, `{` or `,`).
        let mut want_value = true;
        loop {
            let Some(x) = self.peek().cloned() else {
                self.error(self.eof_span(), "the initializer is not terminated by `;`");
                return None;
            };
            let xs = self.text(&x);
            match x.tok {
                Tok::Punct('{') if want_value => depth += 1,
                Tok::Punct('}') if depth > 0 && (!want_value || self.prev_is_punct('{')) => {
                    depth -= 1;
                    want_value = false;
                }
                Tok::Punct(',') if depth > 0 && !want_value => want_value = true,
                Tok::Punct(';') if depth == 0 && !want_value => return Some((values, addrs)),
                // `0xff00(buf)`, `0xFF(1000 + 546)`: one byte of an address
                // or of a constant (PTX ISA 7.1 and 7.3).
                Tok::Word if want_value && starts_numeric(xs) && self.punct_after_next('(') => {
                    self.next();
                    self.next();
                    let mask = match ptxfp_isa::literal::parse_int(xs).map(|m| m as u64) {
                        Some(m) if (0..8).any(|k| m == 0xff << (8 * k)) => m,
                        _ => {
                            self.error(x.span, format!("`{xs}(...)`: the mask is 0xFF, 0xFF00, 0xFF0000, ... 0xFF00000000000000 (one byte, PTX ISA §5.4.4)"));
                            self.skip_initializer(depth);
                            return None;
                        }
                    };
                    // An address is filled in by `run` over a 0; a constant
                    // gives its byte now.
                    let inner = match self.peek().cloned() {
                        Some(n) if n.tok == Tok::Word && is_ident(self.text(&n)) => self
                            .address_init(values.len() as u64, width, Some(mask))
                            .map(|a| {
                                addrs.push(a);
                                0
                            }),
                        _ => self
                            .constant_sum()
                            .map(|v| (v & mask) >> mask.trailing_zeros()),
                    };
                    match inner {
                        Some(v) if self.peek_punct(')') => {
                            self.next();
                            push(&mut values, v);
                        }
                        _ => {
                            if inner.is_some() {
                                let at = self.peek().map_or(self.eof_span(), |t| t.span.clone());
                                self.error(at, format!("expected `)` to close `{xs}(`"));
                            }
                            self.skip_initializer(depth);
                            return None;
                        }
                    }
                    want_value = false;
                    continue;
                }
                Tok::Word if want_value && is_ident(xs) => {
                    match self.address_init(values.len() as u64, width, None) {
                        Some(a) => addrs.push(a),
                        None => {
                            self.skip_initializer(depth);
                            return None;
                        }
                    }
                    push(&mut values, 0);
                    want_value = false;
                    continue;
                }
                // A constant expression (PTX ISA §4.5.4): `(1 << 4) + 2`,
                // `~0`, `4*1024`.
                _ if want_value && {
                    self.next();
                    let e = self.expression_starts(&x, false);
                    self.unread(vec![x.clone()]);
                    e
                } =>
                {
                    let Some((v, span)) = self.const_expr() else {
                        self.skip_initializer(depth);
                        return None;
                    };
                    // An integer value in an integer or bit variable: its
                    // low bits, as C converts it; else read as a literal
                    // (a floating-point variable rounds it).
                    let int_ty = !ty.is_float();
                    if let (Some(i), true) = (v.int(), int_ty) {
                        push(&mut values, i as u64 & ptxfp_isa::types::mask(ty.bits()));
                        want_value = false;
                        continue;
                    }
                    match self.initializer_literal(&v.literal(), ty, &span) {
                        Ok(bits) => push(&mut values, bits),
                        Err(e) => {
                            self.error(span, e);
                            self.skip_initializer(depth);
                            return None;
                        }
                    }
                    want_value = false;
                    continue;
                }
                Tok::Punct('-' | '+') | Tok::Word if want_value => {
                    self.next();
                    let (text, span) = if x.tok == Tok::Word {
                        (xs.to_string(), x.span.clone())
                    } else {
                        match self.peek().cloned() {
                            Some(n) if n.tok == Tok::Word => {
                                (format!("{xs}{}", self.text(&n)), x.span.start..n.span.end)
                            }
                            _ => {
                                self.error(x.span, format!("expected a number after `{xs}`"));
                                self.skip_initializer(depth);
                                return None;
                            }
                        }
                    };
                    if x.tok != Tok::Word {
                        self.next();
                    }
                    let parsed = if starts_numeric(text.trim_start_matches(['-', '+'])) {
                        self.initializer_literal(&text, ty, &span)
                    } else {
                        Err(format!(
                            "`{text}` in an initializer: only numeric constants are supported"
                        ))
                    };
                    match parsed {
                        Ok(v) => push(&mut values, v),
                        Err(e) => {
                            self.error(span, e);
                            self.skip_initializer(depth);
                            return None;
                        }
                    }
                    want_value = false;
                    continue;
                }
                _ => {
                    let expected = match (want_value, depth) {
                        (true, _) => "a constant or an address",
                        (false, 0) => "`;`",
                        (false, _) => "`,` or `}`",
                    };
                    self.m.diagnostics.push(
                        Diagnostic::error(x.span, format!("expected {expected} in the initializer, found `{xs}`"))
                            .with_help("initializers are constants (`= {1.5, -2, 0x3c00}`) and addresses (`buf`, `buf+4`, `generic(buf)`, a function's name, `0xff00(buf)`)"),
                    );
                    self.skip_initializer(depth);
                    return None;
                }
            }
            self.next();
        }
    }

    /// The bits of literal `text` in an initializer of type `ty` (at
    /// `span`): a constant that overflowed to Inf or underflowed to 0 in
    /// `ty` is said, as in an instruction.
    fn initializer_literal(&mut self, text: &str, ty: PtxType, span: &Span) -> Result<u64, String> {
        let lit = ptxfp_isa::literal::Literal::imm(text, ty)?;
        for w in &lit.warnings {
            self.m
                .diagnostics
                .push(Diagnostic::warning(span.clone(), w.to_string()));
        }
        Ok(lit.bits)
    }

    /// After an error in an initializer `depth` braces deep: skips to the
    /// brace that closes it (not past a `;`), so that the caller's
    /// recovery sees no stray `}`.
    fn skip_initializer(&mut self, mut depth: usize) {
        while depth > 0 {
            match self.peek().map(|t| t.tok) {
                Some(Tok::Punct('{')) => depth += 1,
                Some(Tok::Punct('}')) => depth -= 1,
                Some(Tok::Punct(';')) | None => return,
                _ => {}
            }
            self.next();
        }
    }

    /// True when the token after the next one is the punctuation `c`
    /// (lexing it now).
    fn punct_after_next(&mut self, c: char) -> bool {
        while self.ahead.iter().filter(|t| t.tok != Tok::Newline).count() < 2 {
            match lex_next(self.src, &mut self.at, &mut self.m.diagnostics) {
                Some(t) => self.ahead.push_back(t),
                None => break,
            }
        }
        self.ahead
            .iter()
            .filter(|t| t.tok != Tok::Newline)
            .nth(1)
            .is_some_and(|t| t.tok == Tok::Punct(c))
    }

    /// An address value at byte `at`: `name`, `generic(name)`, then any
    /// `+ N`/`- N`. `None` after an error.
    fn address_init(&mut self, at: u64, width: usize, mask: Option<u64>) -> Option<AddrInit> {
        let first = self.next()?;
        let mut name = self.text(&first).to_string();
        let mut span = first.span.clone();
        let mut generic = false;
        if name == "generic" && self.peek_punct('(') {
            self.next();
            match (self.next(), self.peek().cloned()) {
                (Some(n), Some(close))
                    if n.tok == Tok::Word
                        && is_ident(self.text(&n))
                        && close.tok == Tok::Punct(')') =>
                {
                    self.next();
                    name = self.text(&n).to_string();
                    span = n.span.clone();
                    generic = true;
                }
                _ => {
                    self.error(
                        first.span,
                        "expected `generic(NAME)`, the generic address of a variable",
                    );
                    return None;
                }
            }
        }
        let offset = self.offset_terms()?;
        Some(AddrInit {
            at,
            width: width as u8,
            name,
            generic,
            offset,
            mask,
            span,
        })
    }

    /// `+ 4 - 2 ...` after an address: their sum.
    fn offset_terms(&mut self) -> Option<i64> {
        let Some(sign) = self
            .peek()
            .cloned()
            .filter(|t| matches!(t.tok, Tok::Punct('+' | '-')))
        else {
            return Some(0);
        };
        // `buf+4`, `buf + 4*8`, `buf - 2 + 6`: a constant expression with
        // its sign.
        self.next();
        let constant = self.constant_follows();
        if !constant {
            self.error(
                sign.span,
                "expected a byte offset after the address, e.g. `buf+4`",
            );
            return None;
        }
        self.unread(vec![sign]);
        self.address_offset()
    }

    /// An integer constant expression inside `mask(...)` (PTX ISA §4.5.4).
    fn constant_sum(&mut self) -> Option<u64> {
        let (v, span) = self.const_expr()?;
        let v = v.int();
        if v.is_none() {
            self.error(
                span,
                "expected an integer constant expression, e.g. `0xFF00(131187)`",
            );
        }
        v.map(|v| v as u64)
    }

    /// True when the token before the next one is the punctuation `c`.
    fn prev_is_punct(&self, c: char) -> bool {
        self.last == Some(Tok::Punct(c))
    }

    /// Consumes tokens up to the `close` that balances an `open` already
    /// consumed (`depth` of them open): the end offset of that `close`, or
    /// `None` at a `;` when `stop_at_semicolon` (a statement ended inside)
    /// or at the end of the input.
    fn skip_balanced(
        &mut self,
        open: char,
        close: char,
        mut depth: usize,
        stop_at_semicolon: bool,
    ) -> Option<usize> {
        while let Some(t) = self.next() {
            match t.tok {
                Tok::Punct(c) if c == open => depth += 1,
                Tok::Punct(c) if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(t.span.end);
                    }
                }
                Tok::Punct(';') if stop_at_semicolon => return None,
                _ => {}
            }
        }
        None
    }

    /// The value after `.align`: a power of two (PTX ISA §5.4.5); 0
    /// where it is not one (an error).
    fn align_value(&mut self, at: Span) -> u64 {
        match self.peek().cloned() {
            Some(v) if v.tok == Tok::Word && starts_numeric(self.text(&v)) => {
                self.next();
                match ptxfp_isa::literal::parse_int(self.text(&v)) {
                    Some(n) if n > 0 && (n as u64).is_power_of_two() => n as u64,
                    _ => {
                        let shown = self.text(&v).escape_debug().to_string();
                        self.error(v.span, format!("`.align {shown}`: the alignment is a power of two (1, 2, 4, 8, 16...)"));
                        0
                    }
                }
            }
            _ => {
                self.error(at, "`.align` needs a byte count, e.g. `.align 4`");
                0
            }
        }
    }

    /// A `.reg .TYPE name` parameter of a `.func` header: its type, then
    /// its name; it stops before the `,` or `)` that follows.
    fn reg_param(&mut self, dspan: Span) {
        // A vector register parameter (`.reg .v2 .u32 v`, ZLUDA's
        // vector.ptx) is its elements, as a declared vector register is.
        let Some((ty, lanes)) = self.reg_type(&dspan) else {
            return;
        };
        match self.peek().cloned() {
            Some(t) if t.tok == Tok::Word && is_ident(self.text(&t)) => {
                self.next();
                self.header_regs
                    .push((self.text(&t).to_string(), ty, t.span, lanes));
            }
            other => {
                let at = other.map_or(self.eof_span(), |o| o.span);
                self.error(at, "expected the parameter's name after its `.reg` type");
            }
        }
    }

    /// Records a parameter of the header being read: a return parameter
    /// when the function's name is still to come.
    fn header_param(&mut self, is_return: bool, name: String, span: Span) {
        // A function's parameters and return parameters are one list of
        // names, each unique.
        let (r, p) = &self.header_sig;
        if r.contains(&name) || p.contains(&name) {
            self.error(
                span,
                format!("parameter `{name}` is declared twice in this function's parameter lists"),
            );
            return;
        }
        if is_return {
            self.header_sig.0.push(name);
        } else {
            self.header_sig.1.push(name);
        }
    }

    /// `.entry name(.param .u64 p0, ...)` or `.func (.param .b32 r) name(...)`:
    /// records the name and the parameters.
    /// The end of a function declaration without a body: its parameters
    /// stay module level, and nothing of its header carries over.
    fn end_declaration(&mut self) {
        self.pending = None;
        self.header_vars = None;
        self.header_regs.clear();
        self.header_sig = Default::default();
        self.header_cluster = Default::default();
        self.header_ntid = Default::default();
        self.header_per_cta = None;
    }

    fn function_header(&mut self, entry: bool) {
        let mut name = None;
        self.header_sig = Default::default();
        // Open `(` of the parameter lists, to report one left unclosed.
        let mut open: Vec<Span> = Vec::new();
        self.header_vars = Some(self.m.vars.len());
        while let Some(t) = self.peek().cloned() {
            if name.is_none()
                && open.is_empty()
                && t.tok == Tok::Word
                && !self.text(&t).starts_with('.')
            {
                name = Some(self.text(&t).to_string());
                self.pending = Some((self.text(&t).to_string(), entry, t.span.clone()));
            }
            match t.tok {
                Tok::Punct('{') | Tok::Punct(';') => break,
                // A declaration without its `;`, as nvcc 3.x writes
                // prototypes (`.func _Z3fooi (.param .u32 a)` and then the
                // next `.entry`): it ends where the next module-level
                // declaration begins.
                Tok::Word
                    if name.is_some()
                        && open.is_empty()
                        && matches!(
                            self.text(&t),
                            ".entry"
                                | ".func"
                                | ".visible"
                                | ".extern"
                                | ".weak"
                                | ".common"
                                | ".global"
                                | ".const"
                                | ".shared"
                                | ".local"
                                | ".file"
                                | ".section"
                                | ".alias"
                        ) =>
                {
                    self.end_declaration();
                    return;
                }
                Tok::Punct('(') => {
                    self.next();
                    open.push(t.span);
                }
                Tok::Punct(')') => {
                    self.next();
                    if open.pop().is_none() {
                        self.error(t.span, "`)` without a matching `(`");
                    }
                }
                Tok::Word if self.text(&t) == ".param" => {
                    self.next();
                    let before = self.m.vars.len();
                    self.in_header = true;
                    self.var_decl(Space::Param, t.span);
                    self.in_header = false;
                    if let Some(v) = self.m.vars.get(before) {
                        let (n, at) = (v.name.clone(), v.span.clone());
                        self.header_param(name.is_none(), n, at);
                    }
                }
                Tok::Word if self.text(&t) == ".reg" => {
                    self.next();
                    let before = self.header_regs.len();
                    self.reg_param(t.span);
                    if let Some((n, _, at, _)) = self.header_regs.get(before) {
                        let (n, at) = (n.clone(), at.clone());
                        self.header_param(name.is_none(), n, at);
                    }
                }
                Tok::Word
                    if self.text(&t).starts_with('.')
                        && self.text(&t) != ".entry"
                        && self.text(&t) != ".func"
                        && self.text(&t) != ".visible"
                        && self.text(&t) != ".extern"
                        && self.text(&t) != ".weak"
                        && self.text(&t) != ".noreturn" =>
                {
                    // `.maxntid 128, 1, 1` and similar performance directives;
                    // the cluster ones are kept (PTX ISA 11.6: "
                    // .reqnctapercluster nx{, ny{, nz}}", ".explicitcluster",
                    // ".maxclusterrank n").
                    let d = self.text(&t).to_string();
                    self.next();
                    if d == ".explicitcluster" {
                        self.header_cluster.1 = true;
                    }
                    // PTX ISA 9.4 §11.4.10: ".minperctamemory size; size =
                    // 32-bit unsigned integer (bytes)"; "only allowed on
                    // `.entry` functions".
                    if d == ".minperctamemory" {
                        match self.peek().cloned() {
                            Some(v) if self.text(&v).parse::<u32>().is_ok() => {
                                self.next();
                                if entry {
                                    self.header_per_cta = self.text(&v).parse::<u32>().ok();
                                } else {
                                    self.error(t.span.clone(), "`.minperctamemory` is only allowed on `.entry` functions (PTX ISA 11.4.10)");
                                }
                            }
                            _ => self.error(t.span.clone(), "`.minperctamemory` needs a size in bytes, a 32-bit unsigned integer: `.minperctamemory 2048`"),
                        }
                    }
                    // PTX ISA 11.4 (performance-tuning directives):
                    // ".maxnreg n", ".minnctapersm ncta", ".maxnctapersm
                    // ncta", and 11.6's ".maxclusterrank n", each a 32-bit
                    // unsigned integer. ptxfp runs with any (and bounds a
                    // cluster by `.maxclusterrank`); one that is no such
                    // number is an error (`.minnctapersm
                    // 18446744073709551616` passed).
                    if matches!(
                        d.as_str(),
                        ".maxnreg" | ".minnctapersm" | ".maxnctapersm" | ".maxclusterrank"
                    ) {
                        let value = self
                            .peek()
                            .cloned()
                            .map(|v| (directive_u32(self.text(&v)), v));
                        match value {
                            Some((Some(n), _)) => {
                                if d == ".maxclusterrank" {
                                    self.header_cluster.2 = Some(n);
                                }
                                self.next();
                            }
                            v => {
                                let at = match v {
                                    Some((_, v)) if v.tok == Tok::Word => t.span.start..v.span.end,
                                    _ => t.span.clone(),
                                };
                                self.error(at, format!("`{d}` needs one 32-bit unsigned integer (0 to 4294967295): `{d} 4`"));
                            }
                        }
                    }
                    // PTX ISA 11.4.1 ".maxntid nx, .maxntid nx, ny, .maxntid
                    // nx, ny, nz" and 11.4.3 ".reqntid nx{, ny{, nz}}": kept
                    // for the launch (`run` refuses a block they do not
                    // allow); an extent of 0 allows no launch at all.
                    // PTX ISA 11.6 ".reqnctapercluster nx{, ny{, nz}}" alike.
                    if d == ".maxntid" || d == ".reqntid" || d == ".reqnctapercluster" {
                        let (dims, k, end) = self.extents();
                        let span = t.span.start..end.unwrap_or(t.span.end);
                        if k == 0 {
                            self.error(span.clone(), format!("`{d}` needs 1 to 3 extents, 32-bit unsigned integers: `{d} 256` or `{d} 16, 16, 4`"));
                        } else if dims.contains(&0) {
                            self.error(span.clone(), format!("`{d} {}`: an extent of 0 allows no {}; each extent is at least 1", dims[..k].iter().map(u32::to_string).collect::<Vec<_>>().join(", "), if d == ".reqnctapercluster" { "cluster" } else { "thread block" }));
                        }
                        let slot = match d.as_str() {
                            ".maxntid" => &mut self.header_ntid.0,
                            ".reqntid" => &mut self.header_ntid.1,
                            _ => &mut self.header_cluster.0,
                        };
                        *slot = Some((dims, span));
                    }
                }
                _ => {
                    self.next();
                }
            }
        }
        if let Some(at) = open.first() {
            self.error(
                at.clone(),
                "the parameter list's `(` is never closed: a `)` is missing",
            );
        }
        if name.is_none() {
            let at = self
                .peek()
                .map_or_else(|| self.eof_span(), |t| t.span.clone());
            self.error(
                at,
                format!(
                    "`.{}` without a name: expected e.g. `.{} k(...)`",
                    ["func", "entry"][usize::from(entry)],
                    ["func", "entry"][usize::from(entry)]
                ),
            );
        }
    }

    /// The extents `nx{, ny{, nz}}` of a header directive (`.maxntid`,
    /// `.reqntid`, `.reqnctapercluster`), the missing ones 1: them, how
    /// many were written, and where the last ends.
    fn extents(&mut self) -> ([u32; 3], usize, Option<usize>) {
        let mut dims = [1u32; 3];
        let mut k = 0;
        let mut end = None;
        while let Some(t) = self.peek() {
            if t.tok == Tok::Punct(',') {
                self.next();
                continue;
            }
            match directive_u32(self.text(t)) {
                Some(n) if k < 3 => {
                    dims[k] = n;
                    k += 1;
                    end = Some(t.span.end);
                    self.next();
                }
                _ => break,
            }
        }
        (dims, k, end)
    }

    /// A label or an instruction.
    fn statement(&mut self) {
        let Some(first) = self.next() else { return };
        let start = first.span.start;
        let mut guard = None;
        let mut op_tok = first.clone();
        // PTX ISA §11.5.2 (`@@dwarf`): "The @@dwarf syntax is deprecated as
        // of PTX ISA version 2.0 but is supported for legacy PTX ISA
        // version 1.x code": debug data to the end of the line, skipped
        // (nvopencc wrote `@@DWARF .byte ...` lines).
        if first.tok == Tok::Punct('@') && self.peek_punct('@') {
            let second = self.next();
            let dwarf = self
                .peek()
                .cloned()
                .is_some_and(|w| self.text(&w).eq_ignore_ascii_case("dwarf"));
            if !dwarf {
                let sp = second.map_or(self.eof_span(), |o| o.span);
                self.error(sp, "expected a predicate register after `@` (`@@` begins only the legacy `@@dwarf` debug line)");
                self.recover();
                return;
            }
            while let Some(tok) = self.peek_raw().map(|t| t.tok) {
                if tok == Tok::Newline {
                    break;
                }
                self.bump_raw();
            }
            return;
        }
        if first.tok == Tok::Punct('@') {
            let negated = self.peek_punct('!');
            if negated {
                self.next();
            }
            match self.next() {
                Some(p) if p.tok == Tok::Word => guard = Some((Loc::of(&p.span), negated)),
                other => {
                    let sp = other.map_or(self.eof_span(), |o| o.span);
                    self.error(sp, "expected a predicate register after `@`");
                    self.recover();
                    return;
                }
            }
            match self.next() {
                Some(o) if o.tok == Tok::Word => op_tok = o,
                other => {
                    let sp = other.map_or(self.eof_span(), |o| o.span);
                    self.error(sp, "expected an instruction after the guard");
                    self.recover();
                    return;
                }
            }
        } else if self.peek_punct(':') {
            self.next();
            let name = self.text(&first);
            if !is_ident(name) {
                self.error(
                    first.span.clone(),
                    format!("`{}` is not a label name: a label is an identifier (PTX ISA §4.4: a letter, or `_`, `$` or `%` and more), not a number", name.escape_debug()),
                );
            }
            if !self.labels.insert((self.block(), name)) {
                self.error(
                    first.span.clone(),
                    format!("label `{name}` is defined twice"),
                );
            }
            self.m.stmts.push(StmtData {
                span: Loc::of(&first.span),
                opcode: Loc::default(),
                guard: Loc::default(),
                first: 0,
                count: 0,
                scope: self.scope as u32,
                block: self.block() as u32,
                flags: LABEL,
            });
            return;
        }
        // `xor .b32 a, b, c;`, `mov .s32 b, -1;`: the opcode's qualifiers
        // after spaces, on its line, as CUTLASS's mixed-input utilities and
        // TransformerEngine write them in inline PTX that nvcc compiles.
        // No operand starts with `.`: read as one opcode, `xor.b32`.
        let mut joined: Option<String> = None;
        let mut op_end = op_tok.span.end;
        loop {
            self.fill();
            let Some(t) = self.peek_raw().cloned() else {
                break;
            };
            let s = self.text(&t);
            if t.tok != Tok::Word || !s.starts_with('.') || s.len() < 2 {
                break;
            }
            self.bump_raw();
            joined
                .get_or_insert_with(|| self.text(&op_tok).to_string())
                .push_str(s);
            op_end = t.span.end;
        }
        let opcode = joined.as_deref().unwrap_or(self.text(&op_tok));
        // The operands, kept for reuse: one buffer for every statement.
        let mut operands = std::mem::take(&mut self.scratch);
        operands.clear();
        let op_span = op_tok.span.start..op_end;
        self.operands_of(start, guard, op_tok, opcode, &mut operands);
        self.scratch = operands;
        if let Some(text) = joined {
            // The statement just pushed, if its operands parsed.
            if let Some(d) = self
                .m
                .stmts
                .last_mut()
                .filter(|d| d.opcode.start as usize == op_span.start && d.flags & LABEL == 0)
            {
                d.opcode = Loc::of(&op_span);
                d.flags |= SPACED;
                self.m
                    .spaced
                    .push((op_span.start as u32, self.m.texts.len() as u32));
                self.m.texts.push(text);
            }
        }
    }

    /// The operands of the instruction `opcode` (its token `op_tok`, the
    /// statement from `start`, with its guard), up to its `;`: the
    /// statement is kept if they parse.
    fn operands_of(
        &mut self,
        start: usize,
        guard: Option<(Loc, bool)>,
        op_tok: Token,
        opcode: &str,
        operands: &mut Vec<OpData>,
    ) {
        self.call_operands = opcode.split('.').next() == Some("call");
        // `ld.const[2].b32`: a bank, written against the opcode.
        if opcode.ends_with(".const")
            && self
                .peek()
                .is_some_and(|t| t.tok == Tok::Punct('[') && t.span.start == op_tok.span.end)
        {
            self.banked_const(op_tok.span.clone());
            return;
        }
        // Operands are separated by single commas (PTX ISA §4.3).
        let mut want_operand = true;
        let end;
        loop {
            let Some(t) = self.peek().cloned() else {
                self.error(
                    op_tok.span.clone(),
                    format!("`{opcode}` without a terminating `;`"),
                );
                return;
            };
            match t.tok {
                Tok::Punct(';') if want_operand && !operands.is_empty() => {
                    self.error(
                        t.span,
                        format!("`{opcode}`: an operand is missing after the last `,`"),
                    );
                    self.next();
                    return;
                }
                Tok::Punct(';') => {
                    self.next();
                    end = t.span.end;
                    break;
                }
                Tok::Punct('}') | Tok::Punct('{')
                    if operands.is_empty() && t.tok == Tok::Punct('}') =>
                {
                    self.error(t.span, format!("`{opcode}` without a terminating `;`"));
                    return;
                }
                Tok::Punct(',') if !want_operand => {
                    want_operand = true;
                    self.next();
                }
                Tok::Punct(',') => {
                    self.error(
                        t.span,
                        format!("`{opcode}`: expected an operand before `,`"),
                    );
                    self.recover();
                    return;
                }
                // A new line starts with what cannot continue the operands:
                // the `;` is missing at the end of the previous line. Said
                // there, and the next line is parsed as a statement of its own.
                _ if !want_operand
                    && operands.last().is_some_and(|o| {
                        self.src[o.loc.end as usize..t.span.start].contains('\n')
                    }) =>
                {
                    let last = operands.last().map_or(0..0, |o| o.loc.span());
                    self.error(
                        last.end..last.end,
                        format!("`{opcode}`: a `;` is missing at the end of the line"),
                    );
                    end = last.end;
                    break;
                }
                _ if !want_operand => {
                    let at = t.span.clone();
                    self.m.diagnostics.push(
                        Diagnostic::error(at, format!("`{opcode}`: expected `,` or `;` after operand `{}`", &self.src[operands.last().map_or(0..0, |o| o.loc.span())]))
                            .with_help("operands are separated by commas; is the `;` at the end of the line missing?"),
                    );
                    self.recover();
                    return;
                }
                _ => match self.operand() {
                    Some(o) => {
                        operands.push(o);
                        want_operand = false;
                    }
                    None => {
                        self.recover_in_line();
                        return;
                    }
                },
            }
        }
        let (guard, flags) = match guard {
            Some((at, true)) => (at, GUARD | NEGATED),
            Some((at, false)) => (at, GUARD),
            None => (Loc::default(), 0),
        };
        self.m.stmts.push(StmtData {
            span: Loc::of(&(start..end)),
            opcode: Loc::of(&op_tok.span),
            guard,
            first: self.m.operands.len() as u32,
            count: operands.len() as u32,
            scope: self.scope as u32,
            block: self.block() as u32,
            flags,
        });
        self.m.operands.extend_from_slice(operands);
    }

    fn operand(&mut self) -> Option<OpData> {
        self.operand_at(0)
    }

    /// True when `t` (consumed) starts a constant expression rather than a
    /// plain operand: `(` (unless it opens a `call`'s list, `in_call`),
    /// `~`, `!` before a constant, a sign before `(` or another operator,
    /// or a number with a binary operator after it.
    fn expression_starts(&mut self, t: &Token, in_call: bool) -> bool {
        match t.tok {
            Tok::Punct('(') => !in_call,
            Tok::Punct('~') => true,
            Tok::Punct('!') => self.constant_follows(),
            // A sign before a number starts an expression only where a
            // binary operator follows the number (`-1 << 4`; `-1` alone
            // stays the literal it is).
            Tok::Punct('-' | '+') => {
                let numeric = self
                    .peek()
                    .is_some_and(|n| n.tok == Tok::Word && starts_numeric(self.text(n)));
                if !numeric {
                    return self.constant_follows();
                }
                self.fill2();
                self.ahead
                    .iter()
                    .filter(|x| x.tok != Tok::Newline)
                    .nth(1)
                    .is_some_and(|x| constexpr::binary_token(x.tok, self.text(x)))
            }
            Tok::Word if starts_numeric(self.text(t)) => self
                .peek()
                .is_some_and(|n| constexpr::binary_token(n.tok, self.text(n))),
            _ => false,
        }
    }

    /// True when the next token can start a constant expression: a
    /// number, `(`, or a unary operator.
    fn constant_follows(&self) -> bool {
        self.peek().is_some_and(|n| match n.tok {
            Tok::Word => starts_numeric(self.text(n)),
            Tok::Punct(c) => matches!(c, '(' | '~' | '!' | '-' | '+'),
            _ => false,
        })
    }

    /// The constant offset of an address, `+ 4`, `-8`, `4*8`: an integer
    /// constant expression.
    fn address_offset(&mut self) -> Option<i64> {
        let (v, span) = self.const_expr()?;
        let off = v.int();
        if off.is_none() {
            self.error(
                span,
                "an address offset is an integer, not a floating-point constant",
            );
        }
        off
    }

    /// An operand of `kind` at `span` (its text is the span's).
    fn op(kind: OpKind, span: Span) -> Option<OpData> {
        Some(OpData {
            loc: Loc::of(&span),
            kind,
            extra: NO_EXTRA,
        })
    }

    fn operand_at(&mut self, depth: usize) -> Option<OpData> {
        let t = self.next()?;
        let s = self.text(&t);
        let start = t.span.start;
        // A constant expression (PTX ISA §4.5.4): `(1 + 2)`, `~0`, `-(3)`,
        // `1 << 4`, `0x10 | 1`: folded to the literal of its value.
        if self.expression_starts(&t, self.call_operands) {
            self.unread(vec![t]);
            let (v, span) = self.const_expr()?;
            let mut imm = Self::op(OpKind::Imm, span)?;
            imm.extra = self.m.texts.len() as u32;
            self.m.texts.push(v.literal());
            return Some(imm);
        }
        match t.tok {
            Tok::Punct('-') => {
                let n = self.next();
                match n {
                    Some(n) if n.tok == Tok::Word && starts_numeric(self.text(&n)) => {
                        let mut imm = Self::op(OpKind::Imm, start..n.span.end)?;
                        if n.span.start != t.span.end {
                            // `- 1.5`: the constant is `-1.5`.
                            imm.extra = self.m.texts.len() as u32;
                            self.m.texts.push(format!("-{}", self.text(&n)));
                        }
                        Some(imm)
                    }
                    // `-r3`: a negated register, as `vmad` takes its
                    // sources (PTX ISA 9.7.18.1.3: "vmad.s32.s32.u32.sat
                    // r0, r1, r2, -r3;"), kept as text.
                    Some(n) if n.tok == Tok::Word && n.span.start == t.span.end => {
                        Self::op(OpKind::Other, start..n.span.end)
                    }
                    _ => {
                        self.error(t.span, "expected a number after `-`");
                        None
                    }
                }
            }
            Tok::Word if starts_numeric(s) => Self::op(OpKind::Imm, t.span),
            Tok::Word => {
                // `p|q` (setp's second destination) stays text.
                if self.peek_punct('|') {
                    self.next();
                    let q = self.next()?;
                    return Self::op(OpKind::Other, start..q.span.end);
                }
                if let Some(&lanes) = self.vec_regs.get(s) {
                    // A vector register: `{v.x, v.y, ...}`.
                    let elems: Vec<OpData> = lane_names(lanes)
                        .iter()
                        .map(|c| {
                            self.m.texts.push(format!("{s}.{c}"));
                            OpData {
                                loc: Loc::of(&t.span),
                                kind: OpKind::Name,
                                extra: (self.m.texts.len() - 1) as u32,
                            }
                        })
                        .collect();
                    let mut v = Self::op(OpKind::Vector, t.span)?;
                    v.extra = self.m.vectors.len() as u32;
                    let first = self.m.operands.len() as u32;
                    self.m.vectors.push((first, elems.len() as u32));
                    self.m.operands.extend(elems);
                    return Some(v);
                }
                if self.peek_punct('+') || self.peek_punct('-') {
                    // `temp + 1`, `avar+4`, `r+-1`, `buf + 4*8`: a name plus
                    // a constant expression (its sign the expression's).
                    let sign = self.next()?;
                    let constant = self.constant_follows();
                    if !constant {
                        let what = format!(
                            "expected a constant after `{s}{}`: write e.g. `{s} + 4`",
                            self.text(&sign)
                        );
                        self.error(sign.span, what);
                        return None;
                    }
                    self.unread(vec![sign]);
                    let (v, span) = self.const_expr()?;
                    let Some(offset) = v.int() else {
                        self.error(
                            span,
                            format!("`{s}` plus a floating-point constant: the offset of a register or a variable is an integer"),
                        );
                        return None;
                    };
                    let mut o = Self::op(OpKind::Sum, start..span.end)?;
                    o.extra = self.m.addresses.len() as u32;
                    self.m.addresses.push((Some(Loc::of(&t.span)), offset));
                    return Some(o);
                }
                if self.peek_punct('[') {
                    // PTX ISA §6.4.2, arrays as operands: "indexing into the
                    // array using square-bracket notation": `ld.const.b16 r,
                    // a[1];` reads the element at `a` plus 1 × its size, and
                    // `mov.u32 s, a[1]; // move address of a[1] into s`
                    // (the interpreter's `read`). The index is a constant
                    // expression (`a[N-1]`).
                    let elem = self
                        .m
                        .vars
                        .iter()
                        .rev()
                        .find(|v| v.name == s)
                        .map(|v| v.elem as i64);
                    if let Some(elem) = elem {
                        let open = self.next()?;
                        let idx = if self.constant_follows() {
                            // A malformed expression has its own error.
                            self.const_expr()?.0.int()
                        } else {
                            None
                        };
                        let close = self.next();
                        let end = close.as_ref().map_or(open.span.end, |c| c.span.end);
                        let closed = close.is_some_and(|c| c.tok == Tok::Punct(']'));
                        let (Some(idx), true) = (idx, closed) else {
                            self.error(
                                start..end,
                                "an array element takes a constant integer index (`a[1]`, `a[4-1]`); for a register index, compute the address first (`mad.wide.u32 %rd1, %r1, 4, %rd0;` with `%rd0` from `mov.u64 %rd0, a;`) and use `[%rd1]`",
                            );
                            return None;
                        };
                        let mut a = Self::op(OpKind::Element, start..end)?;
                        a.extra = self.m.addresses.len() as u32;
                        self.m
                            .addresses
                            .push((Some(Loc::of(&t.span)), idx.wrapping_mul(elem)));
                        return Some(a);
                    }
                }
                Self::op(OpKind::Name, t.span)
            }
            Tok::Punct('!') => {
                let q = self.next()?;
                Self::op(OpKind::Other, start..q.span.end)
            }
            Tok::Punct('{') => {
                let mut elems = Vec::new();
                let mut want = true;
                loop {
                    if self.peek_punct('}') && (!want || elems.is_empty()) {
                        let c = self.next()?;
                        if depth == 0 && self.peek_punct('|') {
                            // `{d0, d1, d2, d3}|p`: a vector destination with
                            // a predicate beside it (`tex`, `tld4`: "d[|p]"),
                            // kept as text, as `p|q` is.
                            let bar = self.next()?;
                            let q = match self.next() {
                                Some(q) if q.tok == Tok::Word => q,
                                _ => {
                                    self.error(
                                        bar.span,
                                        "expected a predicate register after `|`: write e.g. `{r1, r2, r3, r4}|p`",
                                    );
                                    return None;
                                }
                            };
                            return Self::op(OpKind::Other, start..q.span.end);
                        }
                        let mut v = Self::op(OpKind::Vector, start..c.span.end)?;
                        v.extra = self.m.vectors.len() as u32;
                        let first = self.m.operands.len() as u32;
                        self.m.vectors.push((first, elems.len() as u32));
                        self.m.operands.extend(elems);
                        return Some(v);
                    }
                    if !want {
                        if self.peek_punct(',') {
                            self.next();
                            want = true;
                            continue;
                        }
                        let at = self.peek().map_or(self.eof_span(), |x| x.span.clone());
                        self.error(at, "expected `,` or `}` in a `{...}` vector operand");
                        return None;
                    }
                    if self.peek_punct(',') || self.peek_punct('}') {
                        let at = self.peek().map_or(self.eof_span(), |x| x.span.clone());
                        self.error(at, "expected an element in a `{...}` vector operand");
                        return None;
                    }
                    if self.peek_punct(';') || self.peek().is_none() {
                        self.error(t.span, "unclosed `{` in an operand");
                        return None;
                    }
                    if depth >= MAX_NESTING {
                        self.error(t.span, "operand vectors nested too deeply");
                        return None;
                    }
                    elems.push(self.operand_at(depth + 1)?);
                    want = false;
                }
            }
            Tok::Punct('[') => {
                // PTX ISA §6.4.1: `[reg]`, `[var]`, `[reg+imm]`, `[var-imm]`,
                // `[imm]`, the constant a constant expression (§4.5.4:
                // `[rd + 4*8]`, `[rd+-4]`).
                let mut base = None;
                let mut offset: i64 = 0;
                if let Some(b) = self
                    .peek()
                    .filter(|b| b.tok == Tok::Word && !starts_numeric(self.text(b)))
                    .cloned()
                {
                    self.next();
                    base = Some(Loc::of(&b.span));
                }
                let Some(x) = self.peek().cloned() else {
                    self.error(t.span, "unclosed `[` in an address");
                    return None;
                };
                let xs = self.text(&x);
                match x.tok {
                    Tok::Punct(']') => {}
                    // `[tex, {x, y}]`, `[surf, {x, y}]` (texture and surface
                    // instructions, PTX ISA §9.7.10-11): kept as text.
                    Tok::Punct(',') if base.is_some() => {
                        self.next();
                        let Some(end) = self.skip_balanced('[', ']', 1, true) else {
                            self.error(t.span, "unclosed `[` in an address");
                            return None;
                        };
                        return Self::op(OpKind::Other, start..end);
                    }
                    Tok::Punct('+' | '-') if base.is_some() => {
                        let sign = self.next()?;
                        if self.peek_punct(']') {
                            self.error(
                                sign.span,
                                "an offset sign with no number after it: write e.g. `[r+4]`",
                            );
                            return None;
                        }
                        self.unread(vec![sign]);
                        offset = self.address_offset()?;
                    }
                    Tok::Word if starts_numeric(xs) && base.is_some() => {
                        self.error(
                            x.span,
                            format!("expected `+` or `-` before the offset `{xs}`"),
                        );
                        return None;
                    }
                    _ if base.is_none() => offset = self.address_offset()?,
                    _ => {
                        self.error(
                            x.span,
                            format!("unexpected `{}` in an address", xs.escape_debug()),
                        );
                        return None;
                    }
                }
                match self.next() {
                    Some(c) if c.tok == Tok::Punct(']') => {
                        // PTX ISA `ld`: "d, [a]{.unified}": "the pointer is
                        // in unified address space", a generic address, as
                        // every address of a register is here.
                        let mut end = c.span.end;
                        if let Some(u) = self.peek().filter(|u| self.text(u) == ".unified").cloned()
                        {
                            self.next();
                            end = u.span.end;
                        }
                        let mut a = Self::op(OpKind::Address, start..end)?;
                        a.extra = self.m.addresses.len() as u32;
                        self.m.addresses.push((base, offset));
                        Some(a)
                    }
                    Some(c) => {
                        let cs = self.text(&c);
                        self.error(
                            c.span,
                            format!("unexpected `{}` in an address", cs.escape_debug()),
                        );
                        None
                    }
                    None => {
                        self.error(t.span, "unclosed `[` in an address");
                        None
                    }
                }
            }
            Tok::Punct('(') => {
                let Some(end) = self.skip_balanced('(', ')', 1, true) else {
                    self.error(t.span, "unclosed `(`");
                    return None;
                };
                Self::op(OpKind::Other, start..end)
            }
            _ => {
                self.error(
                    t.span,
                    format!("unexpected `{}` in operands", s.escape_debug()),
                );
                None
            }
        }
    }
}

/// The most registers a module may declare in all (`%r<N>` ranges included).
const MAX_REGS: usize = 1 << 20;

/// The most elements ranges of vector registers (`.reg .v4 .f32 v<N>;`)
/// may declare in a module. Unlike a range of scalars, each element is a
/// declaration of its own (about 300 bytes with its name), so a short line
/// could otherwise cost a gigabyte; no compiler output met writes more
/// than a few.
const MAX_VEC_RANGE_REGS: usize = 1 << 16;

/// The most bytes the names of those elements may take (each name counted
/// with 14 bytes for its number and lane): 16 MiB.
const MAX_VEC_RANGE_BYTES: usize = 16 << 20;

/// The ways `name` can be a range's register, `prefix` then a number below
/// the range's N (PTX ISA §5.1.1: `%r<N>` declares `%r0` to `%r{N-1}`): one
/// per split inside its trailing digits where the number written there
/// has no leading zero. `%r105` is `%r` 105, `%r1` 5 or `%r10` 5.
pub fn number_splits(name: &str) -> impl Iterator<Item = (&str, u32)> {
    let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
    let start = name.len() - digits;
    (start..name.len()).filter_map(move |at| {
        let (p, k) = name.split_at(at);
        let ok = !p.is_empty() && (k == "0" || !k.starts_with('0'));
        ok.then(|| k.parse::<u32>().ok().map(|k| (p, k))).flatten()
    })
}

/// The deepest `{...}` nesting of an operand.
const MAX_NESTING: usize = 4;

/// True when `word` is a decimal number ending in an exponent marker
/// (`1.5e`, `2E`) and `rest` starts with a sign and a digit.
fn signed_exponent_follows(word: &str, rest: &[u8]) -> bool {
    let w = word.as_bytes();
    let hex =
        w.len() > 1 && w[0] == b'0' && matches!(w[1], b'x' | b'X' | b'f' | b'F' | b'd' | b'D');
    starts_numeric(word)
        && !hex
        && matches!(w.last(), Some(b'e' | b'E'))
        && w[..w.len() - 1]
            .iter()
            .all(|c| c.is_ascii_digit() || *c == b'.')
        && matches!(rest, [b'+' | b'-', d, ..] if d.is_ascii_digit())
}

/// A PTX identifier (PTX ISA §4.4): `[a-zA-Z][a-zA-Z0-9_$]*` or
/// `[_$%][a-zA-Z0-9_$]+`.
/// The `lanes` of a `.reg .b128 q` declaration. PTX ISA 5.2.2 (Fundamental
/// Types): ".b128" is a bit-size type; "Support for .b128 type introduced in
/// PTX ISA version 8.3" (`ld`, `st`, `mov`, `atom`). The engine's registers
/// hold at most 64 bits, so a `.b128` register is two `.b64` registers,
/// `q.lo` (bits 0..63, the bytes at the lower addresses) and `q.hi` (bits
/// 64..127), and `q` as an operand is the vector `{q.lo, q.hi}`: what
/// `mov.b128 q, {lo, hi}` packs and `mov.b128 {lo, hi}, q` unpacks.
pub const B128_HALVES: u32 = 128;

/// The register `q` where operand `o` is a `.b128` register, the pair
/// `{q.lo, q.hi}` ([`B128_HALVES`]).
pub fn b128_register<'a>(o: &Operand<'a>) -> Option<&'a str> {
    match &o.kind {
        OperandKind::Vector(v) => match &v[..] {
            [Operand {
                kind: OperandKind::Name(lo),
                ..
            }, Operand {
                kind: OperandKind::Name(hi),
                ..
            }] => lo
                .strip_suffix(".lo")
                .filter(|q| hi.strip_suffix(".hi") == Some(q)),
            _ => None,
        },
        _ => None,
    }
}

/// The element names of a vector register of `lanes` elements (PTX ISA
/// 5.4.2: `.x`, `.y`, `.z`, `.w`), or of a `.b128` register's halves.
fn lane_names(lanes: u32) -> &'static [&'static str] {
    match lanes {
        B128_HALVES => &["lo", "hi"],
        n => &["x", "y", "z", "w"][..(n as usize).min(4)],
    }
}

fn is_ident(s: &str) -> bool {
    let b = s.as_bytes();
    let rest_ok = |r: &[u8]| {
        r.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
    };
    match b {
        [c, rest @ ..] if c.is_ascii_alphabetic() => rest_ok(rest),
        [b'_' | b'$' | b'%', rest @ ..] => !rest.is_empty() && rest_ok(rest),
        _ => false,
    }
}

fn starts_numeric(s: &str) -> bool {
    s.as_bytes().first().is_some_and(|c| c.is_ascii_digit())
}

/// Parses a module or snippet. Never panics; problems are in
/// [`Module::diagnostics`].
pub fn parse(src: &str) -> Module<'_> {
    let mut m = Module {
        src,
        block_parents: vec![0],
        ..Module::default()
    };
    // Spans are kept as u32 offsets.
    if u32::try_from(src.len()).is_err() {
        m.diagnostics.push(Diagnostic::error(
            0..0,
            format!(
                "the text has {} bytes; ptxfp parses at most {} (4 GiB - 1): split it",
                src.len(),
                u32::MAX
            ),
        ));
        return m;
    }
    // A UTF-8 byte-order mark is not PTX text: treat it as white space.
    let at = if src.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let mut p = Parser {
        src,
        at,
        ahead: Default::default(),
        last: None,
        scratch: Vec::new(),
        m,
        scope: 0,
        pending: None,
        header_vars: None,
        header_regs: Vec::new(),
        header_sig: Default::default(),
        header_cluster: Default::default(),
        header_ntid: Default::default(),
        header_per_cta: None,
        blocks: Vec::new(),
        block_count: 0,
        names: Default::default(),
        ranges: Default::default(),
        reg_count: 0,
        vec_range_regs: 0,
        vec_range_bytes: 0,
        vec_regs: Default::default(),
        labels: Default::default(),
        defined: Default::default(),
        last_end: 0,
        call_operands: false,
        var_names: Default::default(),
        declaring_extern: false,
        declaring_tex: false,
        in_header: false,
        lines: ptxfp_isa::diag::SourceMap::new(src),
    };
    p.fill();
    let mut m = p.run();
    // Each block's last descendant: ids are given as blocks open, so a
    // block's descendants are the ids after it, up to this one.
    let mut ends: Vec<usize> = (0..m.block_parents.len()).collect();
    for b in (1..ends.len()).rev() {
        let parent = m.block_parents[b];
        if parent < b {
            ends[parent] = ends[parent].max(ends[b]);
        }
    }
    m.block_ends = ends;
    // PTX ISA §11.2.3: "fAliasee is a function symbol which must be
    // defined in the same module as .alias declaration".
    let bad: Vec<Diagnostic> = m
        .aliases
        .iter()
        .filter(|(_, f, _)| !m.functions.iter().any(|g| g.name == *f && !g.entry))
        .map(|(a, f, span)| {
            Diagnostic::error(
                span.clone(),
                format!("`.alias {a}, {f};`: `{f}` is no `.func` with a body in this module, and an alias names a function the module defines (PTX ISA §11.2.3)"),
            )
        })
        .collect();
    m.diagnostics.extend(bad);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nvcc 3.x (nvopencc) writes function prototypes without their `;`
    /// (gpuocelot's tests/ptx/thrust/*.ptx, CUDA 3.2 output): the
    /// declaration ends where the next `.entry` begins, which keeps its
    /// name and body, and the later definition is not a second body.
    #[test]
    fn a_prototype_without_its_semicolon_ends_at_the_next_declaration() {
        let src = "\t.version 2.2\n\t.target sm_20\n\
            \t.visible .func _Z3fooi (.param .u32 __cudaparmf1__Z3fooi)\n\n\
            \t.entry _Z6kernelv (\n\t\t.param .s32 __cudaparm_n)\n\t{\n\tret;\n\t}\n\
            \t.visible .func _Z3fooi (.param .u32 __cudaparmf1__Z3fooi)\n\t{\n\tret;\n\t}\n\
            \t.extern .func (.param .b32 r) _Z3bari (.param .b32 a)\n\
            \t.global .u32 g;\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let names: Vec<(&str, bool)> = m
            .functions
            .iter()
            .map(|f| (f.name.as_str(), f.entry))
            .collect();
        assert_eq!(names, [("_Z6kernelv", true), ("_Z3fooi", false)]);
    }

    /// `.alias fAlias, fAliasee;` (PTX ISA §11.2.3) names a function the
    /// module defines; anything else is an error at the directive.
    #[test]
    fn an_alias_names_a_defined_function() {
        let head = ".version 6.3\n.target sm_30\n.address_size 64\n\
            .visible .func foo(.param .u32 p)\n{\nret;\n}\n\
            .visible .func bar(.param .u32 p);\n";
        let src = format!("{head}.alias bar, foo;\n");
        let m = parse(&src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        assert_eq!(m.aliased("bar"), "foo");
        assert_eq!(m.aliased("foo"), "foo");
        for (text, says) in [
            (".alias bar, baz;", "`baz` is no `.func` with a body"),
            (
                ".alias bar foo;",
                "expected `,` between the alias and the function",
            ),
            (".alias , foo;", "expected the alias's name"),
            (".alias bar, foo", "expected `;` after the function's name"),
        ] {
            let src = format!("{head}{text}\n");
            let m = parse(&src);
            assert!(
                m.diagnostics.iter().any(|d| d.message.contains(says)),
                "{text}: {:?}",
                m.diagnostics
            );
        }
    }

    /// `.param.u64` with no space (ZLUDA's call.ptx, call_rnd.ptx) is the
    /// directive and the type, in a header and in a body.
    /// A list of names in one variable declaration, in any state space
    /// but a parameter list: each name with the declaration's type and
    /// alignment.
    #[test]
    fn a_declaration_may_name_several_variables() {
        let src = ".version 7.0\n.target sm_80\n.address_size 64\n\
            .shared .align 8 .u32 a, b[4];\n.global .f32 g, h;\n\
            .entry k(.param .u64 p, .param .u32 q)\n{\n.local .u16 x, y;\nret;\n}\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let v = |n: &str| m.vars.iter().find(|v| v.name == n).unwrap();
        assert_eq!(
            (v("a").size, v("a").align, v("b").size, v("b").align),
            (4, 8, 16, 8)
        );
        assert_eq!(
            (v("g").ty, v("h").ty, v("h").init.is_none()),
            (PtxType::F32, PtxType::F32, true)
        );
        assert_eq!(
            (v("x").space, v("y").space, v("y").size),
            (Space::Local, Space::Local, 2)
        );
        assert_eq!(m.functions[0].params, ["p", "q"]);
    }

    #[test]
    fn a_state_space_run_into_its_type_is_two_words() {
        let src = ".version 6.5\n.target sm_30\n.address_size 64\n\
            .func (.param.f32 r) f(.param.f32 x, .param.f32 y)\n{\nret;\n}\n\
            .entry k(.param .u64 p)\n{\n.param.u64 a;\n.reg.u32 n;\nret;\n}\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        assert_eq!(m.functions[0].returns, ["r"]);
        assert_eq!(m.functions[0].params, ["x", "y"]);
        assert!(m.vars.iter().any(|v| v.name == "a" && v.ty == PtxType::U64));
        assert!(m.regs.iter().any(|r| r.name == "n" && r.ty == PtxType::U32));
        // An opcode's state space stays in the opcode.
        assert_eq!(fused_state_space("ld.param.u64"), None);
        assert_eq!(fused_state_space(".param"), None);
        assert_eq!(fused_state_space(".shared::cta"), None);
    }

    /// `.reg .b128 q` declares the `.b64` halves `q.lo`, `q.hi`, and a
    /// range `%w<2>` each pair; `q` as an operand is `{q.lo, q.hi}`. A
    /// `.b128` vector is no type.
    #[test]
    fn b128_registers_are_two_halves() {
        let src = ".version 8.3\n.target sm_70\n\
            .entry k()\n{\n.reg .u64 a;\n.reg .b128 q, %w<2>;\n\
            ld.b128 q, [a];\nret;\n}\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let names: Vec<&str> = m.regs.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            ["a", "q.lo", "q.hi", "%w0.lo", "%w0.hi", "%w1.lo", "%w1.hi"]
        );
        assert!(m.regs[1..].iter().all(|r| r.ty == PtxType::B64));
        let ld = m
            .stmts()
            .find_map(|s| match s {
                Stmt::Instr(i) if i.opcode == "ld.b128" => Some(i),
                _ => None,
            })
            .unwrap();
        let OperandKind::Vector(v) = &ld.operands[0].kind else {
            panic!("{:?}", ld.operands[0])
        };
        let elems: Vec<_> = v.iter().map(|e| e.kind.clone()).collect();
        assert_eq!(elems, ["q.lo", "q.hi"].map(OperandKind::Name).to_vec());
        let bad = parse(".version 8.3\n.target sm_70\n.entry k()\n{\n.reg .v2 .b128 q;\nret;\n}\n");
        assert_eq!(bad.diagnostics.len(), 1, "{:?}", bad.diagnostics);
        assert!(bad.diagnostics[0]
            .message
            .contains("`.b128` registers are not vector elements"));
    }

    /// `.reg .v4 .u32 v;` declares `v.x` ... `v.w`; `v` as an operand is
    /// the vector of them, `v.w` one element (ZLUDA's vector4.ptx; the
    /// fused `.v4.u16` of vector_extract.ptx).
    #[test]
    fn vector_registers_are_their_elements() {
        let src = ".version 6.5\n.target sm_60\n\
            .entry k(.param .u64 p)\n{\n.reg .u64 a;\n.reg .v4 .u32 v;\n.reg .v2.u16 h;\n\
            .reg .u32 s;\nld.v4.u32 v, [a];\nmov.b32 s, v.w;\nret;\n}\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let names: Vec<&str> = m.regs.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["a", "v.x", "v.y", "v.z", "v.w", "h.x", "h.y", "s"]);
        assert_eq!(m.regs[6].ty, PtxType::U16);
        let instrs: Vec<Instr> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some(i),
                _ => None,
            })
            .collect();
        let OperandKind::Vector(v) = &instrs[0].operands[0].kind else {
            panic!("{:?}", instrs[0].operands[0])
        };
        let elems: Vec<_> = v.iter().map(|e| e.kind.clone()).collect();
        assert_eq!(
            elems,
            ["v.x", "v.y", "v.z", "v.w"].map(OperandKind::Name).to_vec()
        );
        assert_eq!(instrs[1].operands[1].kind, OperandKind::Name("v.w"));
        // A scalar `v` declared later is a plain register again.
        let two = parse(
            ".version 6.5\n.target sm_60\n.entry a()\n{\n.reg .v2 .u32 v;\nret;\n}\n\
             .entry b()\n{\n.reg .u32 v;\nmov.u32 v, 1;\nret;\n}\n",
        );
        assert!(two.diagnostics.is_empty(), "{:?}", two.diagnostics);
        let mov = two
            .stmts()
            .find_map(|s| match s {
                Stmt::Instr(i) if i.opcode == "mov.u32" => Some(i),
                _ => None,
            })
            .unwrap();
        assert_eq!(mov.operands[0].kind, OperandKind::Name("v"));
        // A vector parameter is its elements too, registers of the body;
        // its name, in the function's parameters, stands for them.
        let p = parse(
            ".version 6.5\n.target sm_60\n.func f(.reg .v2 .u32 x)\n{\nmov.v2.u32 x, x;\nret;\n}\n",
        );
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        assert_eq!(p.functions[0].params, ["x"]);
        let names: Vec<&str> = p.regs.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["x.x", "x.y"]);
        let Some(Stmt::Instr(mov)) = p.stmts().next() else {
            panic!()
        };
        assert!(matches!(&mov.operands[1].kind, OperandKind::Vector(v) if v.len() == 2));
    }

    /// A name plus a constant outside brackets (`temp + 1`, `avar-8`) is
    /// one operand, its base and offset; a sign with no constant after it
    /// is an error that says what to write.
    #[test]
    fn a_name_plus_a_constant_is_one_operand() {
        let m = parse("st.u64 [x], temp + 1;\nmov.u64 r, avar-0x8;\n");
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let ops: Vec<OperandKind> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some(i.operands[1].kind.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(
            ops,
            [
                OperandKind::Sum {
                    base: "temp",
                    offset: 1
                },
                OperandKind::Sum {
                    base: "avar",
                    offset: -8
                }
            ]
        );
        let m = parse("add.u32 r, r +;\n");
        let msgs: Vec<&str> = m.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(msgs, ["expected a constant after `r+`: write e.g. `r + 4`"]);
    }

    /// Qualifiers after spaces on the opcode's line are the opcode's
    /// (`xor .b32`, CUTLASS's `mixed_input_utils.hpp`; `mov .s32`,
    /// TransformerEngine's `ptx_arch_spec.cuh`): one opcode, its span over
    /// the whole; a qualifier on the next line is not joined, and an
    /// opcode without spaces keeps its source text.
    #[test]
    fn qualifiers_after_spaces_belong_to_the_opcode() {
        let src = ".reg .b32 a, b;\nxor .b32 a, b, 0x80808080;\nmov   .s32\t.x b, -1;\nmov.b32 a, b;\nadd\n.u32 a, a, 1;\n";
        let m = parse(src);
        let ins: Vec<(String, &str)> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some((i.opcode.to_string(), &src[i.opcode_span])),
                _ => None,
            })
            .collect();
        assert_eq!(
            ins[..3],
            [
                ("xor.b32".to_string(), "xor .b32"),
                ("mov.s32.x".to_string(), "mov   .s32\t.x"),
                ("mov.b32".to_string(), "mov.b32"),
            ]
        );
        assert_eq!(m.opcode(0), Some("xor.b32"));
        // `add` then `.u32` on the next line: not one opcode.
        assert!(!m.diagnostics.is_empty());
        assert!(ins.iter().all(|(o, _)| o != "add.u32"), "{ins:?}");
    }

    /// PTX ISA §5.1.3.1: banked constant memory (`.const[2]`, `ld.const[2]`,
    /// before PTX ISA 2.2) is one error each, which names it, and the
    /// statements after it parse: an initializer's braces are skipped
    /// with the declaration.
    #[test]
    fn banked_constant_memory_is_one_clear_error_each() {
        let src = ".version 2.1\n.target sm_20\n\
            .const[2] .f32 c[4] = { 1.0, 2.0, 3.0, 4.0 };\n\
            .extern .const[3] .b32 buf[];\n\
            .const .f32 d[2];\n\
            .entry k()\n{\n.reg .f32 f;\nld.const[2].f32 f, [c+4];\nld.const.f32 f, [d];\nret;\n}\n";
        let m = parse(src);
        let msgs: Vec<(usize, &str)> = m
            .diagnostics
            .iter()
            .map(|d| (d.span.start, d.message.as_str()))
            .collect();
        assert_eq!(msgs.len(), 3, "{msgs:?}");
        for ((at, msg), what) in msgs.iter().zip([".const[2]", ".const[3]", "ld.const[2]"]) {
            assert!(src[*at..].starts_with(what), "{msgs:?}");
            assert!(
                msg.starts_with(&format!(
                    "`{what}`: banked constant memory (PTX ISA §5.1.3.1"
                )),
                "{msg}"
            );
        }
        let ops: Vec<&str> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some(i.opcode),
                _ => None,
            })
            .collect();
        assert_eq!(ops, ["ld.const.f32", "ret"]);
        assert!(m.vars.iter().any(|v| v.name == "d"));
    }

    /// PTX ISA §6.4.2: `a[2]` as an operand is the element's address
    /// (ZLUDA's const.ptx: `ld.const.b16 t, constparams[1];`).
    #[test]
    fn an_array_element_operand_is_an_address() {
        let src = ".version 6.5\n.target sm_30\n\
            .const .align 8 .b16 c[4] = { 10, 20, 30, 40 };\n\
            .entry k()\n{\n.reg .b16 t;\nld.const.b16 t, c[3];\nret;\n}\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let ld = m
            .stmts()
            .find_map(|s| match s {
                Stmt::Instr(i) if i.opcode == "ld.const.b16" => Some(i),
                _ => None,
            })
            .unwrap();
        assert_eq!(
            ld.operands[1].kind,
            OperandKind::Address {
                base: Some("c"),
                offset: 6,
                element: true
            }
        );
    }

    #[test]
    fn parses_an_nvcc_kernel() {
        let src = r#"
//
// Generated by NVIDIA NVVM Compiler
.version 8.6
.target sm_90
.address_size 64

.visible .entry k(
    .param .u64 k_param_0,
    .param .u64 k_param_1
)
{
    .reg .pred %p<2>;
    .reg .b16 %rs<4>;
    .reg .b64 %rd<3>;
    .loc 1 5 3
    ld.param.u64 %rd1, [k_param_0];
    cvta.to.global.u64 %rd2, %rd1;
    ld.global.b16 %rs1, [%rd2+2];
    @!%p1 bra $L__BB0_2;
$L__BB0_2:
    fma.rn.f16 %rs3, %rs1, %rs2, %rs1; /* c */
    mov.b32 %r1, {%rs1, %rs2};
    ret;
}
"#;
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        assert_eq!(m.version.as_ref().map(|v| v.0), Some(PtxVersion::new(8, 6)));
        assert_eq!(m.target.as_ref().map(|v| v.0), Some(Target::sm(90)));
        // Three ranges (`%p<2>`, `%rs<4>`, `%rd<3>`): one declaration each.
        let ranges: Vec<_> = m.regs.iter().map(|r| (r.name.as_str(), r.range)).collect();
        assert_eq!(
            ranges,
            [("%p", Some(2)), ("%rs", Some(4)), ("%rd", Some(3))]
        );
        assert_eq!(m.vars.len(), 2);
        assert_eq!(m.vars[1].name, "k_param_1");
        // Parameters belong to their function's body.
        assert_eq!((m.vars[1].scope, m.functions[0].scope), (1, 1));
        let instrs: Vec<Instr> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some(i),
                _ => None,
            })
            .collect();
        assert_eq!(instrs.len(), 7);
        assert_eq!(
            instrs[2].operands[1].kind,
            OperandKind::Address {
                base: Some("%rd2"),
                offset: 2,
                element: false
            }
        );
        let g = instrs[3].guard.as_ref().unwrap();
        assert!(g.negated && g.reg == "%p1");
        assert_eq!(&src[instrs[4].opcode_span.clone()], "fma.rn.f16");
        assert!(matches!(instrs[5].operands[1].kind, OperandKind::Vector(ref v) if v.len() == 2));
    }

    #[test]
    fn blocks_scope_registers() {
        let src = ".reg .b32 a;\n.entry k()\n{\n.reg .b32 a, b;\n{\n.reg .f32 a;\nmov.f32 a, 1.0;\n}\nmov.b32 b, a;\n}\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        // Block 1 is k's body (parent 0), block 2 the inner block.
        assert_eq!(m.block_parents, [0, 0, 1]);
        assert_eq!(m.enclosing(2).collect::<Vec<_>>(), [2, 1, 0]);
        assert_eq!((m.body_of(2), m.depth(2), m.depth(0)), (1, 2, 0));
        let blocks: Vec<(&str, usize)> =
            m.regs.iter().map(|r| (r.name.as_str(), r.block)).collect();
        assert_eq!(blocks, [("a", 0), ("a", 1), ("b", 1), ("a", 2)]);
        let instrs: Vec<usize> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some(i.block),
                _ => None,
            })
            .collect();
        assert_eq!(instrs, [2, 1]);
        let scopes = RegScopes::new(&m);
        let ty = |n, b| scopes.lookup(n, b).map(|r| r.ty);
        assert_eq!(ty("a", 2), Some(PtxType::F32));
        assert_eq!(ty("a", 1), Some(PtxType::B32));
        assert_eq!(scopes.lookup("a", 0).map(|r| r.block), Some(0));
        assert_eq!(ty("b", 0), None);
    }

    /// A range is one declaration, and a name it declares cannot be
    /// declared again in its block, by a name or by another range:
    /// `%r<11>` and `%r1<5>` share `%r10`; `%r<10>` and `%r1<5>` share
    /// nothing; `%r0<2>` declares `%r00`, which no range's number is.
    #[test]
    fn ranges_are_one_declaration_and_clash_by_name() {
        let dup = |decls: &str| -> Vec<String> {
            let src = format!(".entry k()\n{{\n{decls}\n}}\n");
            let m = parse(&src);
            m.diagnostics.iter().map(|d| d.message.clone()).collect()
        };
        for (decls, clash) in [
            (".reg .b32 %r<10>; .reg .b32 %r5;", Some("%r5")),
            (".reg .b32 %r5; .reg .b32 %r<10>;", Some("%r5")),
            (".reg .b32 %r<11>; .reg .b32 %r1<5>;", Some("%r10")),
            (".reg .b32 %r1<5>; .reg .b32 %r<11>;", Some("%r10")),
            (".reg .b32 %r<3>; .reg .b16 %r<3>;", Some("%r0")),
            (".reg .b32 %r<10>; .reg .b32 %r1<5>;", None),
            (".reg .b32 %r1<5>; .reg .b32 %r<10>;", None),
            (".reg .b32 %r0<2>; .reg .b32 %r<100>;", None),
            (".reg .b32 %r05; .reg .b32 %r<10>;", None),
            (".reg .b32 %r<10>; .reg .b32 %r10;", None),
            (".reg .b32 %r<10>; { .reg .b32 %r5; }", None),
        ] {
            let got = dup(decls);
            match clash {
                Some(name) => assert!(
                    got.len() == 1 && got[0].starts_with(&format!("`{name}` is declared twice")),
                    "{decls}: {got:?}"
                ),
                None => assert!(got.is_empty(), "{decls}: {got:?}"),
            }
        }
        // A million registers are one declaration of a few bytes.
        let m = parse(".entry k()\n{\n.reg .b32 %r<1000000>;\n}\n");
        assert_eq!(m.regs.len(), 1);
        let scopes = RegScopes::new(&m);
        assert_eq!(
            scopes.lookup("%r999999", 1).map(|r| r.index),
            Some(Some(999_999))
        );
        assert!(scopes.lookup("%r1000000", 1).is_none());
        assert!(scopes.lookup("%r007", 1).is_none());
        assert_eq!(scopes.all_named("%r12").len(), 1);
    }

    /// The indexed lookup (binary search, then outward through same-named
    /// declarations) agrees with the plain walk out through every enclosing
    /// block, on random block trees of random texts: nested, sibling and
    /// re-entered blocks, names declared in some blocks and not others.
    #[test]
    fn indexed_scopes_agree_with_the_walk_outward() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..300 {
            let mut src = String::from(".entry k()\n{\n");
            let mut depth = 1;
            for _ in 0..40 {
                match next(4) {
                    0 => {
                        src += "{\n";
                        depth += 1;
                    }
                    1 if depth > 1 => {
                        src += "}\n";
                        depth -= 1;
                    }
                    _ => {
                        // Names and ranges: `a<12>` and `a1<2>` both
                        // declare `a10` and `a11`.
                        let name = ["a", "b", "c", "a1", "a<3>", "a<12>", "a1<2>", "b<1>"]
                            [next(8) as usize];
                        src += &format!(".reg .b32 {name};\n");
                        // Blocks may declare once per name: a repeat is a
                        // parse error, which the walk and the index both
                        // resolve to the first.
                        src += "{\n";
                        depth += 1;
                    }
                }
            }
            src += &"}\n".repeat(depth);
            let m = parse(&src);
            let scopes = RegScopes::new(&m);
            // Each declaration's names, written out.
            let names = |r: &RegDecl| -> Vec<String> {
                match r.range {
                    Some(n) => (0..n).map(|k| format!("{}{k}", r.name)).collect(),
                    None => vec![r.name.clone()],
                }
            };
            let names_of: Vec<Vec<String>> = m.regs.iter().map(names).collect();
            for name in [
                "a", "b", "c", "z", "a0", "a1", "a2", "a3", "a10", "a11", "a01", "b0",
            ] {
                for block in 0..m.block_parents.len() {
                    let walk = m.enclosing(block).find_map(|b| {
                        (0..m.regs.len()).find(|&i| {
                            m.regs[i].block == b && names_of[i].iter().any(|n| n == name)
                        })
                    });
                    let got = scopes.lookup(name, block);
                    assert_eq!(
                        got.map(|r| r.id),
                        walk,
                        "{name} in block {block} of:\n{src}"
                    );
                    if let Some(r) = got {
                        assert_eq!(r.name(), name);
                    }
                }
            }
        }
    }

    /// The module keeps statements compact and gives them back as views:
    /// every operand kind, a guard, labels, and a constant written apart
    /// from its sign (`- 1.5`), whose text is not one piece of the source.
    #[test]
    fn compact_statements_read_back_as_written() {
        // What a statement costs, whatever its text: the point of the layout.
        assert!(std::mem::size_of::<StmtData>() <= 44);
        assert_eq!(std::mem::size_of::<OpData>(), 16);
        let src = ".reg .b32 r, s;\n.reg .pred p, q;\n.global .b8 buf[8];\nL0:\n\
                   @!p mov.b32 r, - 1.5;\nsetp.lt.s32 p|q, r, -2;\n\
                   ld.global.v2.b32 {r, s}, [buf+4];\nmov.b64 {r, {s, _}}, 0;\nst.b32 [0x10], r;\nL1: ret;\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        assert_eq!(m.stmt_count(), 8);
        assert_eq!(m.labels().collect::<Vec<_>>(), [(0, "L0", 0), (6, "L1", 0)]);
        assert_eq!(m.opcode(0), None);
        assert_eq!(m.opcode(2), Some("setp.lt.s32"));
        let Some(Stmt::Instr(mov)) = m.stmt(1) else {
            panic!("{:?}", m.stmt(1))
        };
        let g = mov.guard.clone().unwrap();
        assert_eq!((g.reg, g.negated, &src[g.span]), ("p", true, "p"));
        assert_eq!(&src[mov.span.clone()], "@!p mov.b32 r, - 1.5;");
        assert_eq!(mov.operands[1].kind, OperandKind::Imm("-1.5"));
        assert_eq!(&src[mov.operands[1].span.clone()], "- 1.5");
        let kinds: Vec<Vec<OperandKind>> = m
            .stmts()
            .filter_map(|s| match s {
                Stmt::Instr(i) => Some(i.operands.into_iter().map(|o| o.kind).collect()),
                Stmt::Label(..) => None,
            })
            .collect();
        /// The kind with every span inside it 0..0, to compare to a literal.
        fn spanless<'m>(k: &OperandKind<'m>) -> OperandKind<'m> {
            match k {
                OperandKind::Vector(v) => vector(v.iter().map(|o| spanless(&o.kind)).collect()),
                k => k.clone(),
            }
        }
        fn vector(v: Vec<OperandKind<'_>>) -> OperandKind<'_> {
            OperandKind::Vector(
                v.into_iter()
                    .map(|kind| Operand { kind, span: 0..0 })
                    .collect(),
            )
        }
        let name = OperandKind::Name;
        let kinds: Vec<Vec<OperandKind>> = kinds
            .iter()
            .map(|ks| ks.iter().map(spanless).collect())
            .collect();
        assert_eq!(
            kinds,
            [
                vec![name("r"), OperandKind::Imm("-1.5")],
                vec![OperandKind::Other("p|q"), name("r"), OperandKind::Imm("-2")],
                vec![
                    vector(vec![name("r"), name("s")]),
                    OperandKind::Address {
                        base: Some("buf"),
                        offset: 4,
                        element: false
                    }
                ],
                vec![
                    vector(vec![name("r"), vector(vec![name("s"), name("_")])]),
                    OperandKind::Imm("0")
                ],
                vec![
                    OperandKind::Address {
                        base: None,
                        offset: 16,
                        element: false
                    },
                    name("r")
                ],
                vec![],
            ]
        );
    }

    /// Tokens are made as the parser asks; a run of line ends (comments'
    /// included) is one, and still ends a `.loc` line or an operand list.
    #[test]
    fn line_ends_in_comments_still_end_lines() {
        let src = ".reg .b32 a, b;\n.loc 1 2 3 /* x\n\n y */ mov.b32 a, b;\n\n\nmov.b32 a, b\n/* c */ mov.b32 b, a;\n";
        let m = parse(src);
        let msgs: Vec<String> = m.diagnostics.iter().map(|d| d.message.clone()).collect();
        assert_eq!(msgs, ["`mov.b32`: a `;` is missing at the end of the line"]);
        let ops: Vec<&str> = (0..m.stmt_count()).filter_map(|i| m.opcode(i)).collect();
        assert_eq!(ops, ["mov.b32", "mov.b32", "mov.b32"]);
    }

    /// PTX ISA 9.4's intermediate-IR debug constructs: `.loc_intermediate`
    /// ends at its line (the instruction after it is kept), and
    /// `.nv_intermediate_source_section`'s source text is skipped whatever
    /// it holds (braces, quotes, comments, `.source_end` inside a word).
    #[test]
    fn intermediate_source_sections_and_locations() {
        let src = ".version 9.4\n.target sm_100\n.visible .entry k() .minperctamemory 3000\n{\n.reg .b32 a;\n.loc 1 72 5\n.loc_intermediate 2 23 6\nmov.b32 a, 1;\nret;\n}\n.file 1 \"a.cu\"\n.file 2 \"t.ir\"\n.nv_intermediate_source_section {\n  .code_block {\n    .ir_name: \"TileIR\"\n    .sourceFileName: 2\n    .source_begin\n      func { \"unclosed ' } } /* x.source_end_y\n    .source_end\n  }\n  .code_block {\n    .ir_name: \"TileIR\"\n    .sourceFileName: 2\n    .source_begin\n.source_end\n  }\n}\n.global .b32 g;\n";
        let m = parse(src);
        assert!(m.diagnostics.is_empty(), "{:?}", m.diagnostics);
        let ops: Vec<&str> = (0..m.stmt_count()).filter_map(|i| m.opcode(i)).collect();
        assert_eq!(ops, ["mov.b32", "ret"]);
        assert_eq!(m.functions[0].min_per_cta_memory, Some(3000));
        assert_eq!(m.vars.last().map(|v| v.name.as_str()), Some("g"));
        // An unterminated source block, `.minperctamemory` on a `.func`
        // or without a size: errors that say so.
        let m =
            parse(".nv_intermediate_source_section {\n .code_block {\n .source_begin\n text }\n");
        assert!(m.diagnostics[0]
            .message
            .contains("`.source_begin` without `.source_end`"));
        let m = parse(".func f() .minperctamemory 64\n{\nret;\n}\n");
        assert!(m.diagnostics[0]
            .message
            .contains("only allowed on `.entry`"));
        let m = parse(".entry k() .minperctamemory x\n{\nret;\n}\n");
        assert!(m.diagnostics[0].message.contains("needs a size in bytes"));
    }

    /// A second body of a function is found by a set: 200,000 functions
    /// parse in linear time (a scan of those before each took 29 s).
    #[test]
    fn many_functions_parse_in_linear_time() {
        let mut src: String = (0..200_000)
            .map(|i| format!(".func f{i}()\n{{\nret;\n}}\n"))
            .collect();
        src += ".func f7()\n{\n}\n";
        let t = std::time::Instant::now();
        let m = parse(&src);
        assert!(t.elapsed().as_secs_f64() < 5.0, "{:?}", t.elapsed());
        assert_eq!(m.functions.len(), 200_001);
        let msgs: Vec<&str> = m.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            msgs,
            ["`f7` is defined twice: a second function body with this name"]
        );
    }

    #[test]
    fn bad_input_is_diagnosed() {
        for src in [
            "add.f16 a, b",
            "@ add.f16 a,b,c;",
            ".reg .f99 x;",
            "/* x",
            "mov.b32 a, {b, c;",
            "ld.b32 a, [b+zz];",
        ] {
            let m = parse(src);
            assert!(!m.diagnostics.is_empty(), "{src}");
        }
        assert_eq!(ptxfp_isa::literal::parse_int("0x10"), Some(16));
        assert_eq!(ptxfp_isa::literal::parse_int("-8"), Some(-8));
        assert_eq!(ptxfp_isa::literal::parse_int("010"), Some(8));
    }
}
