//! `stacksave`, `stackrestore` and `alloca` (PTX ISA 9.7.17, PTX ISA 7.3,
//! sm_52; decoded as `ptxfp_isa::control::Control::Stack`): each thread
//! has a stack of local memory, [`STACK_TOP`] down to [`STACK_TOP`] -
//! [`STACK_SIZE`], in its own `.local` memory; `alloca` moves its stack
//! pointer down, `stackrestore` and the end of a call move it back
//! (docs/ENGINE.md "The stack: alloca, stacksave, stackrestore").

use super::*;
use ptxfp_isa::control::StackOp;

/// The stack pointer of a thread that allocated nothing: the top of its
/// stack. Below 0x8000_0000 (the cluster windows) so that a 32-bit
/// `alloca.u32` pointer holds it, and far above the variables (which
/// start at 0x1000_0000).
pub(crate) const STACK_TOP: u64 = 0x7000_0000;

/// The bytes of one thread's stack. PTX ISA `alloca`: "If sufficient
/// memory is unavailable for allocation on the stack, then execution of
/// alloca may result in stack overflow"; here that is an error at the
/// `alloca`. (CUDA's stack size is the host's `cudaLimitStackSize`; the
/// engine's choice is 1 MiB.)
pub(crate) const STACK_SIZE: u64 = 1 << 20;

/// "immAlign ... must be a power of 2 and must not exceed 2^23".
const MAX_ALIGN: u64 = 1 << 23;

/// "immAlign is an optional argument with default value being 8 which is
/// the minimum guaranteed alignment" (`frame_align`).
const FRAME_ALIGN: u64 = 8;

impl Machine<'_, '_> {
    /// Runs a stack instruction for the running thread.
    pub(crate) fn stack_op(
        &mut self,
        ins: &Instr,
        op: StackOp,
        ty: PtxType,
    ) -> Result<Flow, RunError> {
        let ops = &ins.operands;
        let form = match op {
            StackOp::Save => "d",
            StackOp::Restore => "a",
            StackOp::Alloca => "ptr, size{, immAlign}",
        };
        let n_ok = match op {
            StackOp::Alloca => (2..=3).contains(&ops.len()),
            _ => ops.len() == 1,
        };
        if !n_ok {
            return Err(err(
                ins.opcode_span.clone(),
                format!("`{}` takes `{form}`", ins.opcode),
            ));
        }
        let sp = self.eng.threads[self.lane].sp;
        match op {
            StackOp::Save => {
                // stacksave: "d = stackptr;".
                self.write(&ops[0], ty, sp)?;
                self.trace(ins, &[], Some((sp, ty)));
            }
            StackOp::Restore => {
                let a = self.read(&ops[0], ty)?;
                // stackrestore: "stackptr = a". "if stackrestore is used
                // with an arbitrary value of a, it may cause corruption of
                // stack pointer": a value that is not a stack pointer this
                // function's stack has held (between the current one and
                // the one at its start) is an error.
                let base = self.frame_sp();
                if a < sp || a > base {
                    return Err(err_help(
                        ops[0].span.clone(),
                        format!("`{}` to {a:#x}: not a stack pointer of this function (the stack pointer is {sp:#x}, and was {base:#x} when the function began)", ins.opcode),
                        "restore a value that `stacksave` gave in this function, unchanged",
                    ));
                }
                self.stack_release(a);
                self.trace(ins, &[(a, ty)], None);
            }
            StackOp::Alloca => {
                let size = self.read(&ops[1], ty)?;
                let mut srcs = vec![(size, ty)];
                let align = match ops.get(2) {
                    None => FRAME_ALIGN,
                    Some(o) => {
                        // "immAlign is a 32-bit value ... It is an integer
                        // constant, must be a power of 2 and must not
                        // exceed 2^23."
                        let v = self.read(o, PtxType::U32)?;
                        if !matches!(o.kind, OperandKind::Imm(_))
                            || !v.is_power_of_two()
                            || v > MAX_ALIGN
                        {
                            return Err(err(
                                o.span.clone(),
                                format!("immAlign {v}: `{}` takes an integer constant, a power of 2 up to 2^23", ins.opcode),
                            ));
                        }
                        srcs.push((v, PtxType::U32));
                        v
                    }
                };
                // "a = max(immAlign, frame_align); stackptr =
                // alloc_stack_mem(size, a)": "Since the stack grows down,
                // the updated stack pointer contains a lower address";
                // "ptr is the lowest address of the memory allocated".
                let a = align.max(FRAME_ALIGN);
                let new = sp
                    .checked_sub(size)
                    .map(|p| p & !(a - 1))
                    .filter(|p| *p >= STACK_TOP - STACK_SIZE);
                let Some(new) = new else {
                    return Err(err_help(
                        ops[1].span.clone(),
                        format!("stack overflow: `{}` of {size} bytes (aligned to {a}) does not fit the {} bytes left of the thread's {STACK_SIZE}-byte stack", ins.opcode, sp - (STACK_TOP - STACK_SIZE)),
                        "docs/ENGINE.md \"The stack\": each thread's stack holds 1 MiB; free earlier allocations with stacksave/stackrestore",
                    ));
                };
                self.eng.threads[self.lane].sp = new;
                // "The returned pointer ptr points to local memory": it
                // holds nothing until written.
                self.eng.private[self.lane].forget(new, sp - new);
                self.write(&ops[0], ty, new)?;
                self.trace(ins, &srcs, Some((new, ty)));
            }
        }
        Ok(Flow::Next)
    }

    /// The stack pointer when the running thread's current function
    /// began: the top for the entry, else what its caller had.
    fn frame_sp(&self) -> u64 {
        self.eng.threads[self.lane].frame_sp()
    }

    /// Moves the running thread's stack pointer up to `to`, forgetting
    /// what the memory between held ("accessing deallocated memory after
    /// executing stackrestore results in undefined behavior": a load of it
    /// is the error of memory never written).
    pub(crate) fn stack_release(&mut self, to: u64) {
        let lane = self.lane;
        let sp = self.eng.threads[lane].sp;
        if to > sp {
            self.eng.private[lane].forget(sp, to - sp);
        }
        self.eng.threads[lane].sp = to;
    }
}
