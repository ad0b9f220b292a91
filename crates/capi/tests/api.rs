//! The C API called from Rust (the same `extern "C"` functions the
//! header declares): every op the model computes is reachable and gives
//! `Instruction::eval`'s bits; errors, messages and buffers; threads.

use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr::{null, null_mut};

use ptxfp::cvt::Cvt;
use ptxfp::int::IntOp;
use ptxfp::setp::{Select, Setp, Testp};
use ptxfp::{Form, Instruction, Op, PtxVersion, Setup, Target, Variant};
use ptxfp_c::*;

/// Parses `form` under `target`/`ptx`; the status, the handle and the
/// message.
fn parse(form: &str, target: Option<&str>, ptx: u32) -> (ptxfp_status, ptxfp_op, String) {
    parse_on(form, target, None, ptx)
}

fn parse_on(
    form: &str,
    target: Option<&str>,
    device: Option<&str>,
    ptx: u32,
) -> (ptxfp_status, ptxfp_op, String) {
    let f = CString::new(form).unwrap();
    let t = target.map(|t| CString::new(t).unwrap());
    let d = device.map(|d| CString::new(d).unwrap());
    let mut op = ptxfp_op { opaque: [7, 7] };
    let mut err = vec![0 as c_char; 2048];
    let st = unsafe {
        ptxfp_op_parse_on(
            f.as_ptr(),
            t.as_ref().map_or(null(), |t| t.as_ptr()),
            d.as_ref().map_or(null(), |d| d.as_ptr()),
            ptx,
            &mut op,
            err.as_mut_ptr(),
            err.len(),
        )
    };
    let msg = unsafe { CStr::from_ptr(err.as_ptr()) }
        .to_string_lossy()
        .to_string();
    (st, op, msg)
}

/// Every op `ptxfp forms --family all` lists.
fn all_ops() -> Vec<Op> {
    let mut v: Vec<Op> = Form::all().into_iter().map(Op::Form).collect();
    v.extend(IntOp::all().into_iter().map(Op::Int));
    v.extend(Cvt::all().into_iter().map(Op::Cvt));
    v.extend(Setp::all().into_iter().map(Op::Setp));
    v.extend(Select::all().into_iter().map(Op::Select));
    v.extend(Testp::all().into_iter().map(Op::Testp));
    v
}

/// Deterministic operand bits with edge values mixed in.
fn operands(seed: u64, n: usize) -> Vec<u64> {
    let edges = [
        0u64,
        1,
        0x8000,
        0x7c00,
        0x7e00,
        0x3c00,
        0x7f80_0000,
        0x3f80_0000,
        0xffff_ffff,
        0x7ff0_0000_0000_0000,
        0x8000_0000_0000_0000,
        u64::MAX,
    ];
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if i % 3 == 0 {
                edges[(x % edges.len() as u64) as usize]
            } else {
                x
            }
        })
        .collect()
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

#[test]
fn every_op_is_reachable_and_evaluates_as_the_library() {
    let ops = all_ops();
    assert!(ops.len() > 1000, "{} ops", ops.len());
    let mut checked = 0;
    for op in &ops {
        let text = match op {
            Op::Form(f) => f.to_string(),
            Op::Int(i) => i.to_string(),
            Op::Cvt(c) => c.to_string(),
            Op::Setp(c) => c.to_string(),
            Op::Select(c) => c.to_string(),
            Op::Testp(c) => c.to_string(),
            _ => unreachable!(),
        };
        // The default setup, else the op's own minimum (mad.f32 without a
        // rounding modifier exists on sm_1x only).
        let (mut st, mut h, mut msg) = parse(&text, None, 0);
        let mut setup = Setup::default();
        if st != ptxfp_status::PTXFP_OK {
            let (ptx, min) = op.requires().expect("a computing op has requirements");
            // The op's minimum target, or its a/f variant (family- and
            // architecture-specific forms), at the target's own minimum
            // version where that is higher.
            for variant in [Variant::Plain, Variant::Family, Variant::Arch] {
                let target = Target { variant, ..min };
                let Some(tmin) = target.min_ptx() else {
                    continue;
                };
                let ptx = tmin.max(ptx);
                let v = u32::from(ptx.major) * 10 + u32::from(ptx.minor);
                (st, h, msg) = parse(&text, Some(&target.to_string()), v);
                setup = Setup {
                    target,
                    device: None,
                    ptx,
                };
                if st == ptxfp_status::PTXFP_OK {
                    break;
                }
            }
        }
        let ins = Instruction::parse(&text).unwrap();
        assert_eq!(st, ptxfp_status::PTXFP_OK, "{text}: {msg}");
        // Every handle with one bit flipped is refused (the handle's check
        // is a linear code).
        for bit in 0..128 {
            let mut bad = h;
            bad.opaque[bit / 64] ^= 1 << (bit % 64);
            assert_eq!(ptxfp_op_arity(bad), 0, "{text}: bit {bit}");
            assert_eq!(ptxfp_op_eval(bad, 1, 2, 3), 0, "{text}: bit {bit}");
        }
        assert_eq!(ptxfp_op_arity(h) as usize, ins.srcs.len(), "{text}");
        assert_eq!(ptxfp_op_dst_count(h) as usize, ins.dsts.len(), "{text}");
        assert_eq!(ptxfp_op_is_approx(h), ins.is_approx(), "{text}");
        let mut buf = [0 as c_char; 64];
        let len = unsafe { ptxfp_op_text(h, buf.as_mut_ptr(), buf.len()) };
        assert_eq!(len, ins.text.len());
        if let Some(f) = ins.form() {
            let (ws, wd) = ptxfp::batch::widths(&f);
            for (k, w) in ws.iter().enumerate() {
                assert_eq!(ptxfp_op_src_bits(h, k as u32), *w, "{text}");
            }
            assert_eq!(ptxfp_op_dst_bits(h), wd, "{text}");
        }
        let exec = setup.exec();
        let n = ins.srcs.len();
        let seed = checked as u64;
        let cols: Vec<Vec<u64>> = (0..n)
            .map(|k| {
                operands(seed * 8 + k as u64, 24)
                    .into_iter()
                    .map(|v| v & mask(ins.srcs[k].bits()))
                    .collect()
            })
            .collect();
        for i in 0..24 {
            let s: Vec<u64> = cols.iter().map(|c| c[i]).collect();
            let (want, approx) = ins.eval(&s, &exec);
            let mut s4 = [0u64; 5];
            s4[..n].copy_from_slice(&s);
            if n <= 3 {
                assert_eq!(
                    ptxfp_op_eval(h, s4[0], s4[1], s4[2]),
                    want[0],
                    "{text} {s:x?}"
                );
            }
            let mut d = [0u64; 3];
            let mut a = false;
            let st = unsafe { ptxfp_op_eval_all(h, s4.as_ptr(), n, d.as_mut_ptr(), 3, &mut a) };
            assert_eq!(st, ptxfp_status::PTXFP_OK);
            assert_eq!(&d[..want.len()], &want[..], "{text} {s:x?}");
            assert_eq!(a, approx);
        }
        // ptxfp_op_run_all over the same columns, at each operand's width.
        let bytes = |bits: u32| (bits / 8) as usize;
        let src_cols: Vec<Vec<u8>> = (0..n)
            .map(|k| {
                let w = bytes(ptxfp_op_src_bits(h, k as u32));
                cols[k]
                    .iter()
                    .flat_map(|v| v.to_le_bytes()[..w].to_vec())
                    .collect()
            })
            .collect();
        let nd = ins.dsts.len();
        let mut dst_cols: Vec<Vec<u8>> = vec![vec![0; 24 * 8]; nd];
        let srcs: Vec<*const c_void> = src_cols.iter().map(|c| c.as_ptr().cast()).collect();
        let dsts: Vec<*mut c_void> = dst_cols.iter_mut().map(|c| c.as_mut_ptr().cast()).collect();
        let st = unsafe { ptxfp_op_run_all(h, srcs.as_ptr(), n, dsts.as_ptr(), nd, 24, 1) };
        assert_eq!(st, ptxfp_status::PTXFP_OK, "{text}");
        for i in 0..24 {
            let s: Vec<u64> = cols.iter().map(|c| c[i]).collect();
            let (want, _) = ins.eval(&s, &exec);
            for k in 0..nd {
                let w = bytes(ptxfp_op_dst_bits_at(h, k as u32));
                let mut v = [0u8; 8];
                v[..w].copy_from_slice(&dst_cols[k][i * w..(i + 1) * w]);
                assert_eq!(u64::from_le_bytes(v), want[k], "{text} run_all {s:x?}");
            }
        }
        checked += 1;
    }
    eprintln!("{checked} ops reachable through ptxfp_op_parse");
}

#[test]
fn run_on_many_threads_matches_eval() {
    // Above the length that stays on the calling thread.
    let n = 70_000;
    for (form, ws) in [
        ("fma.rn.f16", 2usize),
        ("fma.rn.relu.bf16x2", 4),
        ("mad.rn.f32", 4),
        ("div.rn.f64", 8),
        ("min.NaN.f16", 2),
        ("add.u32", 4),
        ("cvt.rn.f16.f32", 4),
    ] {
        let (st, h, msg) = parse(form, None, 0);
        assert_eq!(st, ptxfp_status::PTXFP_OK, "{msg}");
        let arity = ptxfp_op_arity(h) as usize;
        let cols: Vec<Vec<u64>> = (0..arity)
            .map(|k| {
                let w = ptxfp_op_src_bits(h, k as u32);
                operands(k as u64 + 99, n)
                    .into_iter()
                    .map(|v| v & mask(w))
                    .collect()
            })
            .collect();
        let raw: Vec<Vec<u8>> = (0..arity)
            .map(|k| {
                let w = ptxfp_op_src_bits(h, k as u32) as usize / 8;
                assert_eq!(w, if k == 0 { ws } else { w });
                cols[k]
                    .iter()
                    .flat_map(|v| v.to_le_bytes()[..w].to_vec())
                    .collect()
            })
            .collect();
        let wd = ptxfp_op_dst_bits(h) as usize / 8;
        let p = |k: usize| raw.get(k).map_or(null(), |c| c.as_ptr().cast::<c_void>());
        for threads in [0, 1, 2] {
            let mut d = vec![0u64; n]; // 8-byte aligned for every width
            let st =
                unsafe { ptxfp_op_run(h, p(0), p(1), p(2), d.as_mut_ptr().cast(), n, threads) };
            assert_eq!(st, ptxfp_status::PTXFP_OK);
            let bytes: &[u8] = unsafe { std::slice::from_raw_parts(d.as_ptr().cast(), n * 8) };
            for i in (0..n).step_by(7) {
                let mut v = [0u8; 8];
                v[..wd].copy_from_slice(&bytes[i * wd..(i + 1) * wd]);
                let got = u64::from_le_bytes(v);
                let s: Vec<u64> = (0..3).map(|k| cols.get(k).map_or(0, |c| c[i])).collect();
                assert_eq!(
                    got,
                    ptxfp_op_eval(h, s[0], s[1], s[2]),
                    "{form} #{i} threads={threads}"
                );
            }
        }
        // In place: d is a.
        let mut a = raw[0].clone();
        let b = p(1);
        let c = p(2);
        if wd == ws {
            let st =
                unsafe { ptxfp_op_run(h, a.as_ptr().cast(), b, c, a.as_mut_ptr().cast(), n, 0) };
            assert_eq!(st, ptxfp_status::PTXFP_OK);
            for i in (0..n).step_by(11) {
                let mut v = [0u8; 8];
                v[..wd].copy_from_slice(&a[i * wd..(i + 1) * wd]);
                let s: Vec<u64> = (0..3).map(|k| cols.get(k).map_or(0, |c| c[i])).collect();
                assert_eq!(
                    u64::from_le_bytes(v),
                    ptxfp_op_eval(h, s[0], s[1], s[2]),
                    "{form} in place #{i}"
                );
            }
        }
    }
}

#[test]
fn eval_from_many_threads_at_once() {
    let forms = [
        "fma.rn.f16",
        "fma.rn.bf16",
        "mad.rn.f32",
        "fma.rn.ftz.sat.f16x2",
        "add.cc.u32",
        "setp.lt.f32",
    ];
    let ops: Vec<ptxfp_op> = forms
        .iter()
        .map(|f| {
            let (st, h, msg) = parse(f, None, 0);
            assert_eq!(st, ptxfp_status::PTXFP_OK, "{msg}");
            h
        })
        .collect();
    let srcs = operands(5, 3 * 20_000);
    let serial: Vec<Vec<u64>> = ops
        .iter()
        .map(|h| {
            srcs.chunks(3)
                .map(|s| ptxfp_op_eval(*h, s[0], s[1], s[2]))
                .collect()
        })
        .collect();
    std::thread::scope(|sc| {
        for t in 0..8 {
            let (ops, srcs, serial) = (&ops, &srcs, &serial);
            sc.spawn(move || {
                for round in 0..3 {
                    for (j, h) in ops.iter().enumerate().rev() {
                        // Each thread parses too: parsing is thread-safe and
                        // gives the same handle.
                        let (st, again, _) = parse(forms[j], None, 0);
                        assert_eq!(st, ptxfp_status::PTXFP_OK);
                        assert_eq!(again, *h);
                        for (i, s) in srcs.chunks(3).enumerate().skip((t + round) % 3).step_by(2) {
                            assert_eq!(ptxfp_op_eval(*h, s[0], s[1], s[2]), serial[j][i]);
                        }
                    }
                }
            });
        }
    });
}

#[test]
fn errors_have_a_status_and_the_command_lines_message() {
    use ptxfp_status::*;
    // Not an instruction: the parser's placed message.
    let (st, h, msg) = parse("fma.rn.f17", None, 0);
    assert_eq!(st, PTXFP_ERR_SYNTAX);
    assert_eq!(h, ptxfp_op::default(), "a failed parse zeroes the handle");
    assert!(msg.starts_with("<form>:1:"), "{msg}");
    let (st, _, msg) = parse("fmaa.rn.f32", None, 0);
    assert_eq!(st, PTXFP_ERR_SYNTAX);
    assert!(msg.contains("did you mean"), "{msg}");
    let (st, _, msg) = parse("ld.global.f32", None, 0);
    assert_eq!(st, PTXFP_ERR_SYNTAX);
    assert!(msg.contains("does not compute"), "{msg}");
    // Targets and versions.
    let (st, _, msg) = parse("fma.rn.f16", Some("sm_x"), 0);
    assert_eq!(st, PTXFP_ERR_TARGET);
    assert!(msg.contains("invalid target `sm_x`"), "{msg}");
    let (st, _, msg) = parse("fma.rn.f16", Some("sm_99"), 0);
    assert_eq!(st, PTXFP_ERR_TARGET);
    assert!(msg.contains("no PTX ISA has the target"), "{msg}");
    let (st, _, msg) = parse("fma.rn.f16", None, 57);
    assert_eq!(st, PTXFP_ERR_PTX_VERSION);
    assert!(msg.contains("PTX ISA 5.7 does not exist"), "{msg}");
    // Past two digits: no version, not a spelling error (the C API
    // survey of 2026-11-28: "expected MAJOR.MINOR").
    let (st, _, msg) = parse("fma.rn.f16", None, 2559);
    assert_eq!(st, PTXFP_ERR_PTX_VERSION);
    assert!(msg.contains("PTX ISA 255.9 does not exist"), "{msg}");
    // Too old a version for the instruction: the message of
    // `ptxfp eval fma.rn.bf16 --target sm_90 --ptx 6.0`, the help naming
    // this API's parameter.
    let (st, _, msg) = parse("fma.rn.bf16", Some("sm_90"), 60);
    assert!(
        matches!(st, PTXFP_ERR_UNAVAILABLE | PTXFP_ERR_PTX_VERSION),
        "{st:?}"
    );
    assert!(msg.contains("requires PTX ISA"), "{msg}");
    // A version older than the target.
    let (st, _, msg) = parse("add.rn.f32", Some("sm_100"), 70);
    assert_eq!(st, PTXFP_ERR_PTX_VERSION);
    assert!(msg.starts_with("target sm_100, ptx_version 70: "), "{msg}");
    // Too old a target for the instruction.
    let (st, _, msg) = parse("fma.rn.bf16", Some("sm_70"), 0);
    assert_eq!(st, PTXFP_ERR_UNAVAILABLE);
    assert!(
        msg.contains("fma.bf16 requires sm_80 or higher; the target is sm_70"),
        "{msg}"
    );
    assert!(msg.contains("help: use target sm_80 or higher"), "{msg}");
    // The message is the library's (the command line's wording).
    let ins = Instruction::parse("fma.rn.bf16").unwrap();
    let setup = Setup {
        target: Target::sm(70),
        device: None,
        ptx: PtxVersion::LATEST,
    };
    let first = ins
        .check(&setup)
        .into_iter()
        .find(|f| f.is_error())
        .unwrap();
    assert!(msg.contains(&first.message(&ins.text)), "{msg}");
    // A device that lacks the instruction; one that cannot load the code.
    let (st, _, msg) = parse_on("fma.rn.bf16", Some("sm_80"), Some("sm_75"), 0);
    assert_eq!(st, PTXFP_ERR_UNAVAILABLE, "{msg}");
    assert!(msg.contains("the device is sm_75"), "{msg}");
    let (st, _, msg) = parse_on("add.rn.f32", Some("sm_90a"), Some("sm_100"), 0);
    assert_eq!(st, PTXFP_ERR_DEVICE, "{msg}");
    // Success leaves an empty message.
    let (st, _, msg) = parse("fma.rn.f16", None, 0);
    assert_eq!((st, msg.as_str()), (PTXFP_OK, ""));
    // Every status has a description.
    for s in 0..=16 {
        let m = unsafe { CStr::from_ptr(ptxfp_status_message(s)) };
        assert!(!m.to_bytes().is_empty() && m.to_bytes() != b"unknown status");
    }
}

#[test]
fn err_buffers_of_every_size_and_null_pointers() {
    use ptxfp_status::*;
    let form = CString::new("fma.rn.f17").unwrap();
    let full = parse("fma.rn.f17", None, 0).2;
    for len in [0usize, 1, 2, 7, 64, 4096] {
        let mut buf = vec![0x55 as c_char; len + 8];
        let mut op = ptxfp_op::default();
        let st =
            unsafe { ptxfp_op_parse(form.as_ptr(), null(), 0, &mut op, buf.as_mut_ptr(), len) };
        assert_eq!(st, PTXFP_ERR_SYNTAX);
        // Nothing past err_len is written.
        assert!(buf[len..].iter().all(|&b| b == 0x55), "len {len}");
        if len > 0 {
            let s = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_bytes();
            assert_eq!(s.len(), (len - 1).min(full.len()));
            assert!(full.as_bytes().starts_with(s));
        }
    }
    // A cut never splits a character: `µ` is two bytes.
    let mu = CString::new("fma.rn.µ").unwrap();
    let mut buf = vec![0 as c_char; 4096];
    let mut op = ptxfp_op::default();
    unsafe { ptxfp_op_parse(mu.as_ptr(), null(), 0, &mut op, buf.as_mut_ptr(), buf.len()) };
    let whole = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_bytes().to_vec();
    for len in 1..whole.len() {
        let mut b = vec![0 as c_char; len];
        unsafe { ptxfp_op_parse(mu.as_ptr(), null(), 0, &mut op, b.as_mut_ptr(), len) };
        let s = unsafe { CStr::from_ptr(b.as_ptr()) };
        assert!(s.to_str().is_ok(), "cut at {len} splits a character");
    }
    // NULL pointers.
    let mut op = ptxfp_op::default();
    let st = unsafe { ptxfp_op_parse(null(), null(), 0, &mut op, null_mut(), 0) };
    assert_eq!(st, PTXFP_ERR_NULL);
    let f = CString::new("fma.rn.f16").unwrap();
    let st = unsafe { ptxfp_op_parse(f.as_ptr(), null(), 0, null_mut(), null_mut(), 0) };
    assert_eq!(st, PTXFP_ERR_NULL);
    // Not UTF-8.
    let bad = [0x66u8, 0xff, 0];
    let st = unsafe { ptxfp_op_parse(bad.as_ptr().cast(), null(), 0, &mut op, null_mut(), 0) };
    assert_eq!(st, PTXFP_ERR_ENCODING);
    // A zeroed or forged handle: eval gives 0, the others say so.
    for h in [
        ptxfp_op::default(),
        ptxfp_op {
            opaque: [u64::MAX, u64::MAX],
        },
    ] {
        assert_eq!(ptxfp_op_eval(h, 1, 2, 3), 0);
        assert_eq!(ptxfp_op_arity(h), 0);
        assert_eq!(ptxfp_op_dst_bits(h), 0);
        let x = [0u16; 4];
        let mut d = [0u16; 4];
        let st = unsafe {
            ptxfp_op_run(
                h,
                x.as_ptr().cast(),
                x.as_ptr().cast(),
                x.as_ptr().cast(),
                d.as_mut_ptr().cast(),
                4,
                1,
            )
        };
        assert_eq!(st, PTXFP_ERR_HANDLE);
    }
    // run: a missing array, a misaligned one; n = 0 reads nothing.
    let (_, h, _) = parse("fma.rn.f32", None, 0);
    let x = [0u32; 5];
    let mut d = [0u32; 5];
    let p = x.as_ptr().cast::<c_void>();
    let st = unsafe { ptxfp_op_run(h, p, null(), p, d.as_mut_ptr().cast(), 4, 1) };
    assert_eq!(st, PTXFP_ERR_NULL);
    let st = unsafe { ptxfp_op_run(h, p, p, p, null_mut(), 4, 1) };
    assert_eq!(st, PTXFP_ERR_NULL);
    let odd = unsafe { x.as_ptr().cast::<u8>().add(1) }.cast::<c_void>();
    let st = unsafe { ptxfp_op_run(h, odd, p, p, d.as_mut_ptr().cast(), 4, 1) };
    assert_eq!(st, PTXFP_ERR_OPERANDS);
    let st = unsafe { ptxfp_op_run(h, null(), null(), null(), d.as_mut_ptr().cast(), 0, 1) };
    assert_eq!(st, PTXFP_OK);
    // eval_all: counts must fit.
    let s = [0u64; 4];
    let mut dd = [0u64; 3];
    let st = unsafe { ptxfp_op_eval_all(h, s.as_ptr(), 2, dd.as_mut_ptr(), 3, null_mut()) };
    assert_eq!(st, PTXFP_ERR_OPERANDS);
    // The version.
    let v = unsafe { CStr::from_ptr(ptxfp_version()) }.to_str().unwrap();
    assert_eq!(v, env!("CARGO_PKG_VERSION"));
    assert_eq!(
        ptxfp_api_version(),
        PTXFP_API_MAJOR * 1000 + PTXFP_API_MINOR
    );
}

#[test]
fn run_ptx_gives_registers_and_diagnostics_as_data() {
    use ptxfp_status::*;
    let src = CString::new(".reg .b16 a, d;\nfma.rn.f16 d, a, a, a;\n").unwrap();
    let set = CString::new("a=0x4000").unwrap();
    let sets = [set.as_ptr()];
    let mut run: *mut ptxfp_run = null_mut();
    let st = unsafe { ptxfp_run_ptx(src.as_ptr(), sets.as_ptr(), 1, null(), null(), 0, &mut run) };
    assert_eq!(st, PTXFP_OK);
    let name = CString::new("d").unwrap();
    let mut bits = 0;
    assert!(unsafe { ptxfp_run_find(run, name.as_ptr(), &mut bits) });
    assert_eq!(bits, 0x4600, "2 * 2 + 2 = 6");
    assert!(unsafe { ptxfp_run_register_count(run) } >= 2);
    unsafe { ptxfp_run_free(run) };
    // An error, with its place.
    let bad = CString::new(".version 8.1\n.target sm_70\n.reg .b16 d;\nfma.rn.bf16 d, d, d, d;\n")
        .unwrap();
    let st = unsafe { ptxfp_run_ptx(bad.as_ptr(), null(), 0, null(), null(), 0, &mut run) };
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    assert!(unsafe { ptxfp_run_diagnostic_count(run) } >= 1);
    let mut d = std::mem::MaybeUninit::<ptxfp_diagnostic>::uninit();
    assert!(unsafe { ptxfp_run_diagnostic(run, 0, d.as_mut_ptr()) });
    let d = unsafe { d.assume_init() };
    assert!(d.is_error);
    assert_eq!((d.line, d.column), (4, 1));
    let m = unsafe { CStr::from_ptr(d.message) }.to_string_lossy();
    assert!(m.contains("requires sm_80"), "{m}");
    unsafe { ptxfp_run_free(run) };
    // Bad arguments.
    let t = CString::new("sm_x").unwrap();
    let st = unsafe { ptxfp_run_ptx(src.as_ptr(), null(), 0, t.as_ptr(), null(), 0, &mut run) };
    assert_eq!(st, PTXFP_ERR_TARGET);
    // With a diagnostic that says why (API 1.8).
    assert_eq!(unsafe { ptxfp_run_diagnostic_count(run) }, 1);
    unsafe { ptxfp_run_free(run) };
    let st = unsafe { ptxfp_run_ptx(null(), null(), 0, null(), null(), 0, &mut run) };
    assert_eq!(st, PTXFP_ERR_NULL);
    unsafe { ptxfp_run_free(null_mut()) };
    assert_eq!(unsafe { ptxfp_run_diagnostic_count(null()) }, 0);
}

/// Device printf and assert through `ptxfp_run_ptx` (API minor 2): the
/// module (tests/printf_assert.ptx, in nvcc's shape) prints "x=%d %c\n"
/// of 42 and 0, then asserts that printf returned 99, which it does not
/// (it returns its 2 arguments): CUDA's line, and the registers until then.
#[test]
fn device_printf_and_assert_reach_the_caller() {
    use ptxfp_status::*;
    let src = CString::new(include_str!("printf_assert.ptx")).unwrap();
    let mut run: *mut ptxfp_run = null_mut();
    let st = unsafe { ptxfp_run_ptx(src.as_ptr(), null(), 0, null(), null(), 0, &mut run) };
    assert_eq!(st, PTXFP_ERR_ASSERTION);
    let msg = unsafe { CStr::from_ptr(ptxfp_status_message(st as i32)) }.to_string_lossy();
    assert!(msg.contains("assert()"), "{msg}");
    assert_eq!(unsafe { ptxfp_run_printf_count(run) }, 1);
    let mut len = 0usize;
    let p = unsafe { ptxfp_run_printf(run, 0, &mut len) };
    // "%c" of 0 puts a NUL inside: the length tells.
    let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len + 1) };
    assert_eq!(bytes, b"x=42 \0\n\0");
    assert!(unsafe { ptxfp_run_printf(run, 1, &mut len) }.is_null());
    assert_eq!(unsafe { ptxfp_run_assertion_count(run) }, 1);
    let a = unsafe { CStr::from_ptr(ptxfp_run_assertion(run, 0)) }.to_string_lossy();
    assert_eq!(
        a,
        "k.cu:3: void k(): block: [0,0,0], thread: [0,0,0] Assertion `x < 0` failed."
    );
    assert!(unsafe { ptxfp_run_assertion(run, 1) }.is_null());
    let name = CString::new("%r3").unwrap();
    let mut bits = 0;
    assert!(unsafe { ptxfp_run_find(run, name.as_ptr(), &mut bits) });
    assert_eq!(bits, 2, "printf returns its argument count");
    unsafe { ptxfp_run_free(run) };
    assert_eq!(unsafe { ptxfp_run_printf_count(null()) }, 0);
    assert_eq!(unsafe { ptxfp_run_assertion_count(null()) }, 0);
    assert!(unsafe { ptxfp_run_assertion(null(), 0) }.is_null());
}

#[test]
fn a_fourth_source_reads_zero_in_eval_and_run() {
    // bfi.b32 d, f, a, pos, len: ptxfp_op_eval and ptxfp_op_run take three.
    let (st, h, msg) = parse("bfi.b32", None, 0);
    assert_eq!(st, ptxfp_status::PTXFP_OK, "{msg}");
    assert_eq!(ptxfp_op_arity(h), 4);
    let n = 100_000; // the parallel path too
    let cols: Vec<Vec<u32>> = (0..3)
        .map(|k| operands(k + 40, n).into_iter().map(|v| v as u32).collect())
        .collect();
    for threads in [0, 1] {
        let mut d = vec![0u32; n];
        let st = unsafe {
            ptxfp_op_run(
                h,
                cols[0].as_ptr().cast(),
                cols[1].as_ptr().cast(),
                cols[2].as_ptr().cast(),
                d.as_mut_ptr().cast(),
                n,
                threads,
            )
        };
        assert_eq!(st, ptxfp_status::PTXFP_OK);
        for i in (0..n).step_by(13) {
            let s = [cols[0][i] as u64, cols[1][i] as u64, cols[2][i] as u64, 0];
            let mut all = [0u64; 3];
            let st =
                unsafe { ptxfp_op_eval_all(h, s.as_ptr(), 4, all.as_mut_ptr(), 3, null_mut()) };
            assert_eq!(st, ptxfp_status::PTXFP_OK);
            assert_eq!(d[i] as u64, all[0]);
            assert_eq!(ptxfp_op_eval(h, s[0], s[1], s[2]), all[0]);
        }
    }
}

#[test]
fn impossible_lengths_and_thread_counts_are_statuses_not_aborts() {
    use ptxfp_status::*;
    // A length no array has: its overlap copy was an allocation of 2^62
    // bytes, which aborted the process ("memory allocation ... failed"),
    // or a slice of more than isize::MAX bytes.
    let (_, h, _) = parse("fma.rn.f16", None, 0);
    let x = [0x3c00u16; 64];
    let mut d = [0u16; 64];
    let p = x.as_ptr().cast::<c_void>();
    for n in [usize::MAX / 8, usize::MAX / 2, usize::MAX] {
        let st = unsafe { ptxfp_op_run(h, p, p, p, d.as_mut_ptr().cast(), n, 0) };
        assert_eq!(st, PTXFP_ERR_OPERANDS, "n = {n:#x}");
        let st = unsafe { ptxfp_op_run(h, p, p, p, x.as_ptr() as *mut c_void, n, 1) };
        assert_eq!(st, PTXFP_ERR_OPERANDS, "in place, n = {n:#x}");
    }
    let (_, h64, _) = parse("fma.rn.f64", None, 0);
    let y = [0u64; 8];
    let mut e = [0u64; 8];
    let q = y.as_ptr().cast::<c_void>();
    let st = unsafe { ptxfp_op_run(h64, q, q, q, e.as_mut_ptr().cast(), usize::MAX / 8, 0) };
    assert_eq!(st, PTXFP_ERR_OPERANDS);
    // More threads than a pool is made of: at once, not minutes of
    // spawning (u32::MAX tried to start four billion threads).
    let n = 20_000;
    let a = vec![0x3c00u16; n];
    let mut o = vec![0u16; n];
    let pa = a.as_ptr().cast::<c_void>();
    for threads in [1025, u32::MAX] {
        let st = unsafe { ptxfp_op_run(h, pa, pa, pa, o.as_mut_ptr().cast(), n, threads) };
        assert_eq!(st, PTXFP_ERR_THREADS, "threads = {threads}");
    }
    // Whatever n: an empty run with too many threads was PTXFP_OK (the C
    // API survey of 2026-11-28).
    let st = unsafe { ptxfp_op_run(h, pa, pa, pa, o.as_mut_ptr().cast(), 0, 5000) };
    assert_eq!(st, PTXFP_ERR_THREADS, "n = 0");
    let st = unsafe { ptxfp_op_run(h, pa, pa, pa, o.as_mut_ptr().cast(), n, 1024) };
    assert_eq!(st, PTXFP_OK);
    assert!(o.iter().all(|&v| v == 0x4000));
    // ptxfp_mma_dot_rows: c NULL made a zero row per d element, an abort
    // for a length no array has.
    let gpu = CString::new("H100").unwrap();
    let bf16 = CString::new("bf16").unwrap();
    let f32_ = CString::new("f32").unwrap();
    let mut dd = [0u32; 4];
    for rows in [1usize << 60, usize::MAX / 4] {
        let st = unsafe {
            ptxfp_mma_dot_rows(
                gpu.as_ptr(),
                bf16.as_ptr(),
                f32_.as_ptr(),
                null(),
                null(),
                0,
                null(),
                dd.as_mut_ptr(),
                rows,
                1,
            )
        };
        assert_eq!(st, PTXFP_ERR_OPERANDS, "rows = {rows:#x}");
    }
    assert_eq!(ones_rows(5000, 5000).0, PTXFP_ERR_THREADS);
}

/// `ptxfp_mma_dot_rows` of `rows` rows of K = 1 (bf16 ones, H100, f32) on
/// `threads`: the status and `d`.
fn ones_rows(rows: usize, threads: u32) -> (ptxfp_status, Vec<u32>) {
    let gpu = CString::new("H100").unwrap();
    let bf16 = CString::new("bf16").unwrap();
    let f32_ = CString::new("f32").unwrap();
    let ones = vec![0x3f80_0000u32; rows];
    let mut d = vec![0u32; rows];
    let st = unsafe {
        ptxfp_mma_dot_rows(
            gpu.as_ptr(),
            bf16.as_ptr(),
            f32_.as_ptr(),
            ones.as_ptr(),
            ones.as_ptr(),
            1,
            null(),
            d.as_mut_ptr(),
            rows,
            threads,
        )
    };
    (st, d)
}

#[test]
fn destinations_may_share_an_array_and_sources_overlap_them() {
    use ptxfp_status::*;
    // setp's p|q into one array: defined (the later destination's values),
    // no longer two `&mut` slices of the same memory.
    let (st, h, msg) = parse("setp.lt.f16x2", None, 0);
    assert_eq!(st, PTXFP_OK, "{msg}");
    assert_eq!(ptxfp_op_dst_count(h), 2);
    let n = 70_000; // more than one block of the column evaluator
                    // Lane 0 1.0 or 2.0, lane 1 1.0 or -1.0: p and q differ.
    let a: Vec<u32> = (0..n as u32)
        .map(|i| [0x3c00_3c00, 0xbc00_4000][i as usize % 2])
        .collect();
    let b: Vec<u32> = (0..n as u32)
        .map(|i| [0x3c00_3c00, 0x3c00_3c00, 0x4000_3800][i as usize % 3])
        .collect();
    let mut pq = vec![9u8; n];
    let mut q = vec![9u8; n];
    let srcs = [a.as_ptr().cast::<c_void>(), b.as_ptr().cast()];
    for threads in [0, 1] {
        let dsts = [pq.as_mut_ptr().cast::<c_void>(), pq.as_mut_ptr().cast()];
        let st = unsafe { ptxfp_op_run_all(h, srcs.as_ptr(), 2, dsts.as_ptr(), 2, n, threads) };
        assert_eq!(st, PTXFP_OK);
        let dsts = [null_mut(), q.as_mut_ptr().cast::<c_void>()];
        let st = unsafe { ptxfp_op_run_all(h, srcs.as_ptr(), 2, dsts.as_ptr(), 2, n, threads) };
        assert_eq!(st, PTXFP_OK);
        assert_eq!(pq, q);
    }
    // An integer op in place over several blocks: each source read before
    // any element is written.
    let (_, add, _) = parse("add.s32", None, 0);
    let mut x: Vec<u32> = (0..n as u32).collect();
    let want: Vec<u32> = x.iter().map(|v| v.wrapping_mul(2)).collect();
    let px = x.as_mut_ptr().cast::<c_void>();
    let st = unsafe { ptxfp_op_run(add, px, px, null(), px, n, 0) };
    assert_eq!(st, PTXFP_OK);
    assert_eq!(x, want);
    // Shifted by one element: the original values, as a copy would give.
    let mut s: Vec<u32> = (0..n as u32 + 1).collect();
    let ps = s.as_mut_ptr().cast::<c_void>();
    let st = unsafe { ptxfp_op_run(add, ps, ps, null(), s[1..].as_mut_ptr().cast(), n, 1) };
    assert_eq!(st, PTXFP_OK);
    assert_eq!(s[0], 0);
    assert!(s[1..].iter().enumerate().all(|(i, &v)| v == 2 * i as u32));
}

/// Sixteen callers asking for pools of 1024 threads at once: each pool
/// has no more threads than the host has cores. Each call made 1024 OS
/// threads, 16,384 in all, and under `ulimit -v 4000000` rayon aborted
/// while it made them (the C API survey of 2026-11-28, finding 5).
#[cfg(target_os = "linux")]
#[test]
fn pools_of_concurrent_callers_are_capped_at_the_cores() {
    use ptxfp_status::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    let threads_now = || -> usize {
        let s = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = s.lines().find(|l| l.starts_with("Threads:")).unwrap();
        line[8..].trim().parse().unwrap()
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let done = AtomicBool::new(false);
    let most = std::thread::scope(|s| {
        let sampler = s.spawn(|| {
            let mut most = 0;
            while !done.load(Ordering::Relaxed) {
                most = most.max(threads_now());
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            most
        });
        let callers: Vec<_> = (0..16)
            .map(|_| {
                s.spawn(|| {
                    let (_, h, _) = parse("fma.rn.f16", None, 0);
                    let n = 200_000;
                    let a = vec![0x3c00u16; n];
                    let mut o = vec![0u16; n];
                    let pa = a.as_ptr().cast::<c_void>();
                    for _ in 0..3 {
                        let st =
                            unsafe { ptxfp_op_run(h, pa, pa, pa, o.as_mut_ptr().cast(), n, 1024) };
                        assert_eq!(st, PTXFP_OK);
                        assert!(o.iter().all(|&v| v == 0x4000));
                    }
                    let (st, d) = ones_rows(20_000, 1024);
                    assert_eq!(st, PTXFP_OK);
                    assert!(d.iter().all(|&v| v == 0x3f80_0000));
                })
            })
            .collect();
        for c in callers {
            c.join().unwrap();
        }
        done.store(true, Ordering::Relaxed);
        sampler.join().unwrap()
    });
    // The callers, the sampler, the test harness's threads and rayon's
    // global pool besides the sixteen pools.
    assert!(
        most <= 16 * cores + 17 + 64 + cores,
        "{most} threads at once on {cores} cores"
    );
}

/// A handle with any one bit flipped (every op's handle:
/// `every_op_is_reachable_and_evaluates_as_the_library`), or these
/// handles with a setup field edited and the magic bytes left intact (a
/// target of sm_0 or sm_65445, PTX ISA 255.255, the second word
/// overwritten), is refused by every function:
/// the fast evaluator too, which read the first word only (the C API
/// survey of 2026-11-28, finding 7: these evaluated, and `ptxfp_op_eval`
/// took a handle `ptxfp_op_arity` said was invalid).
#[test]
fn a_corrupted_handle_is_refused_by_every_function() {
    use ptxfp_status::*;
    let one = 0x3f80_0000u64;
    for (form, target) in [
        ("fma.rn.f32", Some("sm_90")),
        ("add.rn.f16", None),
        ("add.u32", Some("sm_80")),
    ] {
        let (st, good, msg) = parse(form, target, 0);
        assert_eq!(st, PTXFP_OK, "{msg}");
        assert_ne!(ptxfp_op_arity(good), 0);
        let want = ptxfp_op_eval(good, one, one, one);
        let mut edits: Vec<(String, ptxfp_op)> = Vec::new();
        for w in 0..2 {
            for bit in 0..64 {
                let mut h = good;
                h.opaque[w] ^= 1 << bit;
                edits.push((format!("word {w} bit {bit}"), h));
            }
        }
        let mut h = good;
        h.opaque[1] &= 0xff00_0000_0000_0000;
        edits.push(("target sm_0".into(), h));
        let mut h = good;
        h.opaque[1] ^= 0xffff;
        edits.push(("target sm_65445".into(), h));
        let mut h = good;
        h.opaque[0] |= 0xffff << 40;
        edits.push(("PTX ISA 255.255".into(), h));
        let mut h = good;
        h.opaque[1] = u64::MAX;
        edits.push(("second word all ones".into(), h));
        let mut h = good;
        h.opaque[1] = 0x7f00_0000_0000_0000;
        edits.push(("second word its magic byte alone".into(), h));
        for (what, h) in edits {
            assert_eq!(ptxfp_op_eval(h, one, one, one), 0, "{form}: {what}");
            assert_eq!(ptxfp_op_arity(h), 0, "{form}: {what}");
            assert_eq!(ptxfp_op_dst_count(h), 0, "{form}: {what}");
            let s = [one; 3];
            let mut d = [0u64; 3];
            let st = unsafe { ptxfp_op_eval_all(h, s.as_ptr(), 3, d.as_mut_ptr(), 3, null_mut()) };
            assert_eq!(st, PTXFP_ERR_HANDLE, "{form}: {what}");
            let a = [one as u32; 4];
            let mut o = [0u32; 4];
            let p = a.as_ptr().cast::<c_void>();
            let st = unsafe { ptxfp_op_run(h, p, p, p, o.as_mut_ptr().cast(), 4, 1) };
            assert_eq!(st, PTXFP_ERR_HANDLE, "{form}: {what}");
        }
        // The handle as parsed still evaluates.
        assert_eq!(ptxfp_op_eval(good, one, one, one), want);
    }
}
