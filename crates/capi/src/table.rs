//! Every op the model computes, decoded once into an immutable table that
//! the 16-byte `ptxfp_op` handle indexes. The table is built on first use
//! (`OnceLock`) and never changes afterwards: there is no mutable global
//! state, and a handle stays valid for the life of the process.
//!
//! Handle layout (plain data, never dereferenced, checked on every use):
//!
//! ```text
//! opaque[0]  bits  0..32  index into Table::entries
//!            bit  32      FAST: Table::fast[2 * index + SM1X] holds the plan
//!            bit  33      SM1X: the code's target is sm_1x (the only part of
//!                         the setup a fast plan depends on: Plan::of)
//!            bits 34..40  CHECK, low 6 bits
//!            bits 40..48  PTX ISA major     bits 48..56  minor
//!            bits 56..64  MAGIC0
//! opaque[1]  bits  0..16  target sm         bits 16..24  target variant
//!            bits 24..40  device sm (0: the target)
//!            bits 40..48  device variant    bits 48..56  CHECK, high 8
//!            bits 56..64  MAGIC1
//! ```
//!
//! CHECK is a 14-bit check of the rest ([`check_bits`]): a handle with a
//! bit flipped, or (but for a chance of 2^-14) a field changed (a target
//! of sm_0, a PTX ISA 255.255, a second word overwritten), is refused by
//! every function, the fast evaluator too, where the magic bytes alone
//! let it through.

use std::collections::HashMap;
use std::sync::OnceLock;

use ptxfp::alt::Alt;
use ptxfp::batch::{OnePlan, Plan};
use ptxfp::cvt::Cvt;
use ptxfp::int::IntOp;
use ptxfp::mixed::Mixed;
use ptxfp::setp::{Select, SetSimd, Setp, Testp};
use ptxfp::{Exec, Form, Instruction, Op, PtxType, PtxVersion, Setup, Target, Variant};
use ptxfp_fast::{F32Fn, F32One, HalfFn, HalfOne};

pub(crate) const FAST: u64 = 1 << 32;
pub(crate) const SM1X: u64 = 1 << 33;
const MAGIC0: u64 = 0xC1;
const MAGIC1: u64 = 0x7F;
const CHECK0: u64 = 0x3f << 34;
const CHECK1: u64 = 0xff << 48;

/// The CHECK bits of a handle's words (which are ignored): the other bits,
/// the second word turned by 7, folded into 14 by exclusive or, in their
/// places. A linear code: one flipped bit flips one CHECK bit, so every
/// single-bit corruption is refused (a multiplicative hash let about 1 in
/// 27,000 through); other corruption passes with a chance of 2^-14.
#[inline(always)]
fn check_bits(w0: u64, w1: u64) -> (u64, u64) {
    let x = (w0 & !CHECK0) ^ (w1 & !CHECK1).rotate_left(7);
    let h = (x ^ x >> 14 ^ x >> 28 ^ x >> 42 ^ x >> 56) & 0x3fff;
    ((h & 0x3f) << 34, (h >> 6) << 48)
}

/// Whether `encode` made the words: the magic bytes and CHECK.
#[inline(always)]
fn intact([w0, w1]: [u64; 2]) -> bool {
    w0 >> 56 == MAGIC0 && w1 >> 56 == MAGIC1 && check_bits(w0, w1) == (w0 & CHECK0, w1 & CHECK1)
}

/// The most sources an op reads (`cvt.rs...e4m3x4.f32 d, {a, b, e, f},
/// rbits`: four lanes and the random bits) and the most destinations it
/// writes (a packed setp's two predicates, or a result and its carry-out).
pub(crate) const MAX_SRCS: usize = 5;
pub(crate) const MAX_DSTS: usize = 3;

/// One op of the table, with what the C side asks of it precomputed.
pub(crate) struct Entry {
    pub ins: Instruction,
    /// Source and destination array element widths: 8, 16, 32 or 64.
    pub src_bits: Vec<u32>,
    pub dst_bits: Vec<u32>,
    /// Masks of the sources' type widths (a predicate: 1 bit).
    pub src_mask: [u64; MAX_SRCS],
}

/// The ops, their one-register plans and the lookup from a decoded op.
pub(crate) struct Table {
    pub entries: Vec<Entry>,
    /// `2 * index + sm1x`: the plan where the form has one.
    pub fast: Vec<Option<Fast>>,
    plans: Vec<Option<Plan>>,
    index: HashMap<Key, u32>,
}

/// An op that computes, as a hashable key.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Form(Form),
    Int(IntOp),
    Cvt(Cvt),
    Alt(Alt),
    Mixed(Mixed),
    Setp(Setp),
    SetSimd(SetSimd),
    Select(Select),
    Testp(Testp),
}

fn key(op: &Op) -> Option<Key> {
    Some(match op {
        Op::Form(f) => Key::Form(*f),
        Op::Int(i) => Key::Int(*i),
        Op::Cvt(c) => Key::Cvt(*c),
        Op::Alt(a) => Key::Alt(*a),
        Op::Mixed(m) => Key::Mixed(*m),
        Op::Setp(c) => Key::Setp(*c),
        Op::SetSimd(s) => Key::SetSimd(*s),
        Op::Select(c) => Key::Select(*c),
        Op::Testp(t) => Key::Testp(*t),
        _ => return None,
    })
}

/// The array element width of a type: a predicate and the 8-bit types are
/// one byte (`uint8_t`), the others their own width.
pub(crate) fn element_bits(t: PtxType) -> u32 {
    t.bits().max(8)
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The execution contexts a plan can depend on: an sm_1x target or not.
fn exec_of(sm1x: bool) -> Exec {
    let t = if sm1x {
        Target::sm(13)
    } else {
        Target::DEFAULT
    };
    Setup {
        target: t,
        device: None,
        ptx: PtxVersion::LATEST,
    }
    .exec()
}

/// The table, built on first use.
pub(crate) fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build)
}

fn build() -> Table {
    let ops = Form::all()
        .into_iter()
        .map(|f| (Op::Form(f), f.to_string()))
        .chain(
            IntOp::all()
                .into_iter()
                .map(|i| (Op::Int(i), i.to_string())),
        )
        .chain(Cvt::all().into_iter().map(|c| (Op::Cvt(c), c.to_string())))
        .chain(Alt::all().into_iter().map(|a| (Op::Alt(a), a.to_string())))
        .chain(
            Mixed::all()
                .into_iter()
                .map(|m| (Op::Mixed(m), m.to_string())),
        )
        .chain(
            Setp::all()
                .into_iter()
                .map(|c| (Op::Setp(c), c.to_string())),
        )
        .chain(
            Select::all()
                .into_iter()
                .map(|c| (Op::Select(c), c.to_string())),
        )
        .chain(
            Testp::all()
                .into_iter()
                .map(|c| (Op::Testp(c), c.to_string())),
        );
    let execs = [exec_of(false), exec_of(true)];
    let mut t = Table {
        entries: Vec::new(),
        fast: Vec::new(),
        plans: Vec::new(),
        index: HashMap::new(),
    };
    for (op, text) in ops {
        let Some(k) = key(&op) else { continue };
        if t.index.contains_key(&k) {
            continue;
        }
        let Some(ins) = Instruction::of(op, text) else {
            continue;
        };
        if ins.srcs.len() > MAX_SRCS || ins.dsts.len() > MAX_DSTS || ins.dsts.is_empty() {
            continue;
        }
        let mut src_mask = [0; MAX_SRCS];
        for (m, s) in src_mask.iter_mut().zip(&ins.srcs) {
            *m = mask(s.bits());
        }
        for exec in &execs {
            let plan = ins.plan(exec);
            t.fast.push(plan.map(|p| Fast::of(p.one())));
            t.plans.push(plan);
        }
        t.index.insert(k, t.entries.len() as u32);
        t.entries.push(Entry {
            src_bits: ins.srcs.iter().map(|s| element_bits(*s)).collect(),
            dst_bits: ins.dsts.iter().map(|s| element_bits(*s)).collect(),
            src_mask,
            ins,
        });
    }
    t
}

/// A one-register plan with its kernel chosen once: the model's
/// `HalfOne::kernel`/`F32One::kernel` for a one-lane half form and a
/// three-source binary32 fma (a 16-bit or 32-bit source is the low bits of
/// its register), `OnePlan::eval` otherwise.
#[derive(Clone, Copy)]
pub(crate) enum Fast {
    Half(HalfOne, HalfFn),
    F32(F32One, F32Fn),
    Plan(OnePlan),
}

impl Fast {
    fn of(p: OnePlan) -> Fast {
        match p {
            OnePlan::Half { one, x2: false } => Fast::Half(one, one.kernel()),
            OnePlan::F32 {
                one,
                two_sources: false,
            } => Fast::F32(one, one.kernel()),
            p => Fast::Plan(p),
        }
    }

    /// `OnePlan::eval`.
    #[inline(always)]
    pub fn eval(&self, ops: [u64; 3]) -> u64 {
        match self {
            Fast::Half(one, f) => u64::from(f(one, ops[0] as u16, ops[1] as u16, ops[2] as u16)),
            Fast::F32(one, f) => u64::from(f(one, ops[0] as u32, ops[1] as u32, ops[2] as u32)),
            Fast::Plan(p) => p.eval(ops),
        }
    }
}

/// A decoded handle.
pub(crate) struct Handle {
    pub entry: &'static Entry,
    pub setup: Setup,
}

impl Handle {
    pub fn exec(&self) -> Exec {
        self.setup.exec()
    }
}

fn variant_bits(v: Variant) -> u64 {
    match v {
        Variant::Plain => 0,
        Variant::Arch => 1,
        Variant::Family => 2,
    }
}

fn variant_of(b: u64) -> Option<Variant> {
    Some(match b {
        0 => Variant::Plain,
        1 => Variant::Arch,
        2 => Variant::Family,
        _ => return None,
    })
}

/// The handle of `ins` (a parsed instruction) under `setup`, or `None`
/// where the table lacks its op.
pub(crate) fn encode(ins: &Instruction, setup: &Setup) -> Option<[u64; 2]> {
    let t = table();
    let idx = *t.index.get(&key(&ins.op)?)?;
    let exec = setup.exec();
    let sm1x = exec.code_target.is_sm1x();
    let slot = 2 * idx as usize + usize::from(sm1x);
    // The table's plan was built for a representative setup: use it only
    // where this setup's plan is the same.
    let fast = match (&t.plans[slot], ins.plan(&exec)) {
        (Some(a), Some(b)) => *a == b,
        _ => false,
    };
    let mut w0 = u64::from(idx) | MAGIC0 << 56;
    if fast {
        w0 |= FAST;
    }
    if sm1x {
        w0 |= SM1X;
    }
    w0 |= u64::from(setup.ptx.major) << 40 | u64::from(setup.ptx.minor) << 48;
    let mut w1 =
        u64::from(setup.target.sm) | variant_bits(setup.target.variant) << 16 | MAGIC1 << 56;
    if let Some(d) = setup.device {
        w1 |= u64::from(d.sm) << 24 | variant_bits(d.variant) << 40;
    }
    let (c0, c1) = check_bits(w0, w1);
    Some([w0 | c0, w1 | c1])
}

/// The op and setup of a handle, or `None` for anything `encode` did not
/// make (a zeroed or corrupted handle).
pub(crate) fn decode(h: [u64; 2]) -> Option<Handle> {
    if !intact(h) {
        return None;
    }
    let [w0, w1] = h;
    let entry = table().entries.get((w0 & 0xffff_ffff) as usize)?;
    let target = Target {
        sm: (w1 & 0xffff) as u16,
        variant: variant_of((w1 >> 16) & 0xff)?,
    };
    let dev_sm = ((w1 >> 24) & 0xffff) as u16;
    let device = if dev_sm == 0 {
        None
    } else {
        Some(Target {
            sm: dev_sm,
            variant: variant_of((w1 >> 40) & 0xff)?,
        })
    };
    let ptx = PtxVersion::new(((w0 >> 40) & 0xff) as u8, ((w0 >> 48) & 0xff) as u8);
    Some(Handle {
        entry,
        setup: Setup {
            target,
            device,
            ptx,
        },
    })
}

/// The one-register plan of a handle with the FAST bit.
#[inline(always)]
pub(crate) fn fast_plan(h: [u64; 2]) -> Option<&'static Fast> {
    let w0 = h[0];
    if w0 & FAST == 0 || !intact(h) {
        return None;
    }
    let slot = 2 * (w0 & 0xffff_ffff) as usize + ((w0 & SM1X) >> 33) as usize;
    table().fast.get(slot)?.as_ref()
}
