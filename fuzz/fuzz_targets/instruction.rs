//! `cargo +nightly fuzz run instruction`: any instruction text (every
//! family: the float table, integer, cvt, setp/selp/testp) through the
//! library entry the CLI, Python and C share (`ptxfp::Instruction`):
//! parse, check under three setups, evaluate. Never panics, and the three
//! evaluation paths agree bit for bit: the scalar semantics, the one-register
//! plan and the column kernels.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxfp::batch::{Slice, SliceMut};
use ptxfp::{Instruction, PtxVersion, Setup, Target};

fuzz_target!(|data: &[u8]| {
    // The text up to the first NUL, then operand bits.
    let cut = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..cut]) else {
        return;
    };
    let bits: Vec<u64> = data[cut.min(data.len())..]
        .chunks(8)
        .map(|c| c.iter().rev().fold(0u64, |a, &b| (a << 8) | u64::from(b)))
        .collect();
    let Ok(ins) = Instruction::parse(text) else {
        return;
    };
    for setup in [
        Setup::default(),
        Setup {
            target: Target::sm(13),
            device: Some(Target::sm(90)),
            ptx: PtxVersion::new(1, 4),
        },
        Setup {
            target: Target::sm(100),
            device: Some(Target::sm(80)),
            ptx: PtxVersion::new(9, 0),
        },
    ] {
        for f in ins.check(&setup) {
            let _ = (f.message(&ins.text), f.help(), f.is_error());
        }
    }
    let exec = Setup::default().exec();
    let mask = |ty: ptxfp::PtxType, v: u64| match ty.bits() {
        64 => v,
        b => v & ((1u64 << b) - 1),
    };
    let srcs: Vec<u64> = ins
        .srcs
        .iter()
        .enumerate()
        .map(|(i, ty)| mask(*ty, bits.get(i).copied().unwrap_or(0)))
        .collect();
    let (dst, _) = ins.eval(&srcs, &exec);
    assert_eq!(dst.len(), ins.dsts.len());
    if let Some(plan) = ins.plan(&exec) {
        let mut ops = [0u64; 3];
        ops[..srcs.len()].copy_from_slice(&srcs);
        assert_eq!(plan.one().eval(ops), dst[0], "{ins}: one-register plan");
        // The column kernels, on a few copies (every kernel path the CPU has
        // is chosen by the batch code itself).
        let n = 37;
        let (ws, wd) = plan.widths();
        let cols: Vec<Vec<u64>> = srcs.iter().map(|&s| vec![s; n]).collect();
        let c = ptxfp::batch::Columns::new(&ws, &cols);
        let got = ptxfp::batch::collect_u64(wd, n, |out| ins.eval_columns(&exec, &c.slices(), out))
            .expect("widths come from the plan");
        assert!(got.iter().all(|&g| g == dst[0]), "{ins}: column kernels");
        let _ = (Slice::B16(&[]), SliceMut::B16(&mut []));
    } else if ins.dsts.len() == 1 {
        let cols: Vec<Vec<u64>> = srcs.iter().map(|&s| vec![s; 5]).collect();
        let refs: Vec<&[u64]> = cols.iter().map(Vec::as_slice).collect();
        let mut out = vec![0u64; 5];
        if ins.eval_u64_columns(&exec, &refs, &mut out) {
            assert!(out.iter().all(|&g| g == dst[0]), "{ins}: u64 columns");
        }
    }
});
