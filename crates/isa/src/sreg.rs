//! The special registers (PTX ISA §10), declared once: each name, its
//! type, and what it holds ([`Sreg`]). `ptxfp check` takes the type from
//! here; the engine (ptxfp-interp's `special_value`) gives each [`Sreg`]
//! its value, and docs/ENGINE.md "Special registers" says which value.

use crate::target::PtxVersion;
use crate::types::PtxType;

/// What a special register holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sreg {
    /// §10.1 `%tid`: the thread's identifier in its CTA.
    Tid,
    /// §10.2 `%ntid`: the CTA's shape.
    Ntid,
    /// §10.6 `%ctaid`: the CTA's identifier in the grid.
    Ctaid,
    /// §10.7 `%nctaid`: the grid's shape.
    Nctaid,
    /// §10.3 `%laneid`: the thread's lane in its warp.
    Laneid,
    /// `%warpid`: a warp identifier.
    Warpid,
    /// `%nwarpid`: the most warp identifiers.
    Nwarpid,
    /// `%smid`: a multiprocessor identifier.
    Smid,
    /// `%nsmid`: the most multiprocessor identifiers.
    Nsmid,
    /// `%gridid`: a temporal grid identifier.
    Gridid,
    /// `%is_explicit_cluster`, and §10.12-§10.17's `%clusterid`,
    /// `%nclusterid`, `%cluster_ctaid`, `%cluster_nctaid`,
    /// `%cluster_ctarank`, `%cluster_nctarank`: the name as written (the
    /// engine's cluster model reads it).
    Cluster,
    /// `%lanemask_eq`: the thread's lane's bit.
    LanemaskEq,
    /// `%lanemask_le`: its lane's bit and those below.
    LanemaskLe,
    /// `%lanemask_lt`: the bits below its lane's.
    LanemaskLt,
    /// `%lanemask_ge`: its lane's bit and those above.
    LanemaskGe,
    /// `%lanemask_gt`: the bits above its lane's.
    LanemaskGt,
    /// `%clock`: a 32-bit cycle counter.
    Clock,
    /// `%clock_hi`: the upper 32 bits of `%clock64`.
    ClockHi,
    /// `%clock64`: a 64-bit cycle counter.
    Clock64,
    /// `%pm0..%pm7`: performance monitoring counters, whose behavior the
    /// ISA leaves undefined.
    Pm(u8),
    /// `%pm0_64..%pm7_64`: the same, 64 bits.
    Pm64(u8),
    /// `%envreg0..%envreg31`: read-only registers the driver sets before
    /// the launch, with meanings the driver defines.
    Envreg(u8),
    /// `%globaltimer`: a 64-bit nanosecond timer.
    Globaltimer,
    /// `%globaltimer_lo`: its lower 32 bits.
    GlobaltimerLo,
    /// `%globaltimer_hi`: its upper 32 bits.
    GlobaltimerHi,
    /// `%reserved_smem_offset_begin`, `_end`, `_cap`,
    /// `%reserved_smem_offset_0`/`_1`: the shared memory NVIDIA's system
    /// software reserves.
    ReservedSmem,
    /// `%total_smem_size`: the CTA's shared memory as the driver
    /// allocates it (in its allocation units).
    TotalSmemSize,
    /// `%aggr_smem_size`: the same with the reserved region.
    AggrSmemSize,
    /// `%dynamic_smem_size`: the launch's dynamic shared memory.
    DynamicSmemSize,
    /// `%current_graph_exec`: the CUDA device graph the kernel runs in,
    /// 0 outside a graph.
    CurrentGraphExec,
    /// `%perctamemoryoffset` (PTX ISA 9.4 §10.34): "the 64-bit address of
    /// the current CTA's memory slice from the per-CTA global memory
    /// region".
    PerCtaMemoryOffset,
    /// `%perctamemorysize` (PTX ISA 9.4 §10.35): "the size (in bytes) of
    /// the per-CTA global memory region", "the pitch between consecutive
    /// CTA regions".
    PerCtaMemorySize,
}

/// A special register as an operand: what it holds, the component (0, 1,
/// 2 for `.x`, `.y`, `.z`) of the vector ones, and its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Special {
    /// What it holds.
    pub reg: Sreg,
    /// The component of a vector one (`.x` 0, `.y` 1, `.z` 2; 0 else).
    pub dim: usize,
    /// Its type as an operand.
    pub ty: PtxType,
    /// A vector register read whole (a cluster register without `.x`,
    /// `.y` or `.z`).
    pub whole: bool,
}

/// The scalar special registers: name, what it holds, type.
const SCALARS: &[(&str, Sreg, PtxType)] = {
    use PtxType::{Pred, B32, U32, U64};
    use Sreg::*;
    &[
        ("%laneid", Laneid, U32),
        ("%warpid", Warpid, U32),
        ("%nwarpid", Nwarpid, U32),
        ("%smid", Smid, U32),
        ("%nsmid", Nsmid, U32),
        ("%gridid", Gridid, U64),
        ("%is_explicit_cluster", Cluster, Pred),
        ("%cluster_ctarank", Cluster, U32),
        ("%cluster_nctarank", Cluster, U32),
        ("%lanemask_eq", LanemaskEq, U32),
        ("%lanemask_le", LanemaskLe, U32),
        ("%lanemask_lt", LanemaskLt, U32),
        ("%lanemask_ge", LanemaskGe, U32),
        ("%lanemask_gt", LanemaskGt, U32),
        ("%clock", Clock, U32),
        ("%clock_hi", ClockHi, U32),
        ("%clock64", Clock64, U64),
        ("%globaltimer", Globaltimer, U64),
        ("%globaltimer_lo", GlobaltimerLo, U32),
        ("%globaltimer_hi", GlobaltimerHi, U32),
        ("%reserved_smem_offset_begin", ReservedSmem, B32),
        ("%reserved_smem_offset_end", ReservedSmem, B32),
        ("%reserved_smem_offset_cap", ReservedSmem, B32),
        ("%reserved_smem_offset_0", ReservedSmem, B32),
        ("%reserved_smem_offset_1", ReservedSmem, B32),
        ("%total_smem_size", TotalSmemSize, U32),
        ("%aggr_smem_size", AggrSmemSize, U32),
        ("%dynamic_smem_size", DynamicSmemSize, U32),
        ("%current_graph_exec", CurrentGraphExec, U64),
        ("%perctamemoryoffset", PerCtaMemoryOffset, U64),
        ("%perctamemorysize", PerCtaMemorySize, U32),
    ]
};

/// The vector special registers, read by component (`.x`, `.y`, `.z`):
/// `%tid`, `%ntid`, `%ctaid` and `%nctaid`, `.v4 .u32` (`.v4 .u16` before PTX ISA 2.0, so nvcc of
/// the time wrote `cvt.u32.u16 %r1, %tid.x`), and §10.12-§10.15's
/// cluster ones (also read whole, as `.v4 .u32`).
const VECTORS: &[(&str, Sreg)] = &[
    ("%tid", Sreg::Tid),
    ("%ntid", Sreg::Ntid),
    ("%ctaid", Sreg::Ctaid),
    ("%nctaid", Sreg::Nctaid),
    ("%clusterid", Sreg::Cluster),
    ("%nclusterid", Sreg::Cluster),
    ("%cluster_ctaid", Sreg::Cluster),
    ("%cluster_nctaid", Sreg::Cluster),
];

/// The special register `name` is, in PTX ISA `version`, or `None`.
pub fn special(name: &str, version: PtxVersion) -> Option<Special> {
    if let Some(&(_, reg, ty)) = SCALARS.iter().find(|(n, ..)| *n == name) {
        return Some(Special {
            reg,
            dim: 0,
            ty,
            whole: false,
        });
    }
    let (base, dim) = match name.rsplit_once('.') {
        Some((b, "x")) => (b, 0),
        Some((b, "y")) => (b, 1),
        Some((b, "z")) => (b, 2),
        _ => (name, 0),
    };
    if let Some(&(_, reg)) = VECTORS.iter().find(|(n, _)| *n == base) {
        let whole = base == name;
        // Only the cluster registers are read whole.
        if whole && reg != Sreg::Cluster {
            return None;
        }
        let ty = if reg != Sreg::Cluster && version.major < 2 {
            PtxType::U16
        } else {
            PtxType::U32
        };
        return Some(Special {
            reg,
            dim,
            ty,
            whole,
        });
    }
    let numbered = |prefix: &str, suffix: &str, count: u8| {
        let n: u8 = name
            .strip_prefix(prefix)?
            .strip_suffix(suffix)?
            .parse()
            .ok()?;
        // No leading zeros or signs: `%pm07` is no register.
        (n < count && name.len() == prefix.len() + suffix.len() + n.to_string().len()).then_some(n)
    };
    if let Some(n) = numbered("%pm", "_64", 8) {
        return Some(Special {
            reg: Sreg::Pm64(n),
            dim: 0,
            ty: PtxType::U64,
            whole: false,
        });
    }
    if let Some(n) = numbered("%pm", "", 8) {
        return Some(Special {
            reg: Sreg::Pm(n),
            dim: 0,
            ty: PtxType::U32,
            whole: false,
        });
    }
    numbered("%envreg", "", 32).map(|n| Special {
        reg: Sreg::Envreg(n),
        dim: 0,
        ty: PtxType::B32,
        whole: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_types_and_components() {
        let v2 = PtxVersion::new(2, 0);
        let v1 = PtxVersion::new(1, 4);
        let s = |n: &str| special(n, v2);
        assert_eq!(
            s("%tid.y").map(|s| (s.reg, s.dim, s.ty)),
            Some((Sreg::Tid, 1, PtxType::U32))
        );
        assert_eq!(special("%ntid.x", v1).map(|s| s.ty), Some(PtxType::U16));
        assert_eq!(s("%tid"), None);
        assert_eq!(s("%tid.w"), None);
        assert_eq!(
            s("%clusterid").map(|s| (s.reg, s.whole)),
            Some((Sreg::Cluster, true))
        );
        assert_eq!(s("%clusterid.x").map(|s| s.whole), Some(false));
        assert_eq!(s("%cluster_ctarank").map(|s| s.whole), Some(false));
        assert_eq!(s("%cluster_ctaid.z").map(|s| s.dim), Some(2));
        assert_eq!(s("%gridid").map(|s| s.ty), Some(PtxType::U64));
        assert_eq!(s("%clock_hi").map(|s| s.reg), Some(Sreg::ClockHi));
        assert_eq!(s("%pm7").map(|s| s.reg), Some(Sreg::Pm(7)));
        assert_eq!(
            s("%pm0_64").map(|s| (s.reg, s.ty)),
            Some((Sreg::Pm64(0), PtxType::U64))
        );
        assert_eq!(s("%envreg31").map(|s| s.reg), Some(Sreg::Envreg(31)));
        for bad in [
            "%pm8",
            "%pm07",
            "%pm+1",
            "%envreg32",
            "%envreg",
            "%envreg03",
            "%pm8_64",
            "%r1",
            "%pm",
        ] {
            assert_eq!(s(bad), None, "{bad}");
        }
        assert_eq!(s("%current_graph_exec").map(|s| s.ty), Some(PtxType::U64));
        assert_eq!(s("%is_explicit_cluster").map(|s| s.ty), Some(PtxType::Pred));
    }
}
