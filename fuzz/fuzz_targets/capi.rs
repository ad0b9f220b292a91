//! `cargo +nightly fuzz run capi`: the C library's entry points as a
//! simulator calls them. Any form, target and PTX version text through
//! `ptxfp_op_parse_on`, with error buffers of every size; then the queries
//! and `ptxfp_op_eval`/`ptxfp_op_eval_all`/`ptxfp_op_run` on the operand
//! bits that follow, and on a handle whose bits the input corrupts. Never
//! panics, never writes past a buffer, and the scalar and array paths give
//! the same bits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxfp_c::*;
use std::ffi::CString;

fuzz_target!(|data: &[u8]| {
    // form \0 target \0 device \0 then: ptx version, err_len, operands.
    let mut parts = data.splitn(4, |&b| b == 0);
    let (Some(form), Some(target), Some(device), Some(rest)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return;
    };
    let c = |b: &[u8]| CString::new(b).ok();
    let (Some(form), Some(target), Some(device)) = (c(form), c(target), c(device)) else {
        return;
    };
    let byte = |i: usize| rest.get(i).copied().unwrap_or(0);
    let ptx = u32::from(byte(0));
    let err_len = usize::from(byte(1)) % 80;
    let ops: Vec<u64> = rest[rest.len().min(2)..]
        .chunks(8)
        .map(|c| c.iter().rev().fold(0u64, |a, &b| (a << 8) | u64::from(b)))
        .collect();
    let get = |k: usize| ops.get(k).copied().unwrap_or(0);
    // Guard bytes after the error buffer: never written.
    let mut err = vec![0x55u8; err_len + 8];
    let mut op = ptxfp_op { opaque: [0; 2] };
    let target_ptr = if target.as_bytes().is_empty() { std::ptr::null() } else { target.as_ptr() };
    let device_ptr = if device.as_bytes().is_empty() { std::ptr::null() } else { device.as_ptr() };
    let status = unsafe {
        ptxfp_op_parse_on(
            form.as_ptr(),
            target_ptr,
            device_ptr,
            ptx,
            &mut op,
            err.as_mut_ptr().cast(),
            err_len,
        )
    };
    assert!(err[err_len..].iter().all(|&b| b == 0x55), "wrote past the error buffer");
    if err_len > 0 {
        assert!(err[..err_len].contains(&0), "message not NUL-terminated");
    }
    let _ = ptxfp_status_message(status as _);
    // A handle the caller corrupted: no panic, no crash.
    let bad = ptxfp_op { opaque: [get(0), get(1)] };
    for h in [op, bad] {
        let _ = (ptxfp_op_arity(h), ptxfp_op_dst_bits(h), ptxfp_op_dst_count(h), ptxfp_op_is_approx(h));
        let _ = ptxfp_op_eval(h, get(2), get(3), get(4));
    }
    if status as u32 != 0 {
        return;
    }
    // The scalar call and the array call agree (3 elements, one thread).
    let (a, b, cc) = (get(2), get(3), get(4));
    let d = ptxfp_op_eval(op, a, b, cc);
    let bits = |k: u32| ptxfp_op_src_bits(op, k);
    let lay = |v: u64, w: u32| -> Vec<u8> {
        let n = (w as usize / 8).max(1);
        (0..3).flat_map(|_| v.to_le_bytes()[..n].to_vec()).collect()
    };
    let (va, vb, vc) = (lay(a, bits(0)), lay(b, bits(1)), lay(cc, bits(2)));
    let dw = (ptxfp_op_dst_bits(op) as usize / 8).max(1);
    let mut out = vec![0u8; 3 * dw];
    let st = unsafe {
        ptxfp_op_run(
            op,
            va.as_ptr().cast(),
            vb.as_ptr().cast(),
            vc.as_ptr().cast(),
            out.as_mut_ptr().cast(),
            3,
            1,
        )
    };
    if st as u32 == 0 && ptxfp_op_dst_count(op) == 1 {
        let mut le = [0u8; 8];
        le[..dw.min(8)].copy_from_slice(&out[..dw.min(8)]);
        let mask = if dw >= 8 { u64::MAX } else { (1u64 << (8 * dw)) - 1 };
        assert_eq!(u64::from_le_bytes(le), d & mask, "ptxfp_op_run vs ptxfp_op_eval");
    }
});
