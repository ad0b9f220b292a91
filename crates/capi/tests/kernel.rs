//! `ptxfp_run_kernel` (API 1.4) called from Rust: a kernel of several
//! CTAs with shared memory and `bar.sync` (tests/revsum.ptx) checked byte
//! for byte against what this test computes, the launch's fields, the
//! memory accessors, and every misuse answered with a status.
//! (tests/c/kernel.c does the same from C.)

use std::ffi::{c_char, CStr, CString};
use std::ptr::{null, null_mut};

use ptxfp_c::ptxfp_status::*;
use ptxfp_c::*;

const IN: u64 = 0x10000;
const OUT: u64 = 0x20000;
const SUMS: u64 = 0x30000;

fn revsum() -> CString {
    CString::new(include_str!("revsum.ptx")).unwrap()
}

fn launch() -> ptxfp_launch {
    ptxfp_launch {
        struct_size: std::mem::size_of::<ptxfp_launch>(),
        entry: null(),
        grid: [0; 3],
        block: [0; 3],
        cluster: [0; 3],
        thread: [0; 3],
        cta: [0; 3],
        lenient: false,
        check_memory: false,
        report_thread: false,
        dynamic_shared: 0,
        max_steps: 0,
        max_memory: 0,
        cooperative: false,
        tensor_maps: null(),
        n_tensor_maps: 0,
        surfaces: null(),
        n_surfaces: 0,
        textures: null(),
        n_textures: 0,
        stop: null(),
        malloc_heap_size: 0,
    }
}

/// `ptxfp_run_kernel` of `src` under `l`, with no settings, memory or
/// overrides, into `run` (to free).
fn kernel(src: &CString, l: &ptxfp_launch, run: &mut *mut ptxfp_run) -> ptxfp_status {
    let (st, r) = kernel_with(src, &[], &[], l);
    *run = r;
    st
}

/// `ptxfp_run_kernel` of `src` with `sets`, `mems` and `l`, no overrides:
/// the status and the run (to free).
fn kernel_with(
    src: &CString,
    sets: &[*const c_char],
    mems: &[ptxfp_mem],
    l: &ptxfp_launch,
) -> (ptxfp_status, *mut ptxfp_run) {
    let mut run = null_mut();
    // SAFETY: NUL-terminated text and settings, arrays of their lengths, a
    // launch, and a place for the run.
    let st = unsafe {
        ptxfp_run_kernel(
            src.as_ptr(),
            sets.as_ptr(),
            sets.len(),
            mems.as_ptr(),
            mems.len(),
            l,
            null(),
            null(),
            0,
            &mut run,
        )
    };
    (st, run)
}

/// A run's diagnostics as `(is_error, line, column, message)`.
fn diags(run: *const ptxfp_run) -> Vec<(bool, u32, u32, String)> {
    let mut v = Vec::new();
    let mut d = std::mem::MaybeUninit::<ptxfp_diagnostic>::uninit();
    for i in 0..unsafe { ptxfp_run_diagnostic_count(run) } {
        assert!(unsafe { ptxfp_run_diagnostic(run, i, d.as_mut_ptr()) });
        let d = unsafe { d.assume_init_ref() };
        let m = unsafe { CStr::from_ptr(d.message) }
            .to_string_lossy()
            .to_string();
        v.push((d.is_error, d.line, d.column, m));
    }
    v
}

/// The inputs of revsum for `n` values: `in[i]`, and the bias.
fn inputs(n: usize) -> (Vec<u8>, [u32; 4]) {
    let v: Vec<u8> = (0..n as u32)
        .flat_map(|i| (i.wrapping_mul(2_654_435_761) ^ 0x9e37_79b9).to_le_bytes())
        .collect();
    (v, [7, 0x8000_0000, 0xffff_ffff, 12345])
}

/// What revsum writes: `out` (each block reversed) and `sums`.
fn expected(input: &[u8], bias: [u32; 4], ctas: usize, threads: usize) -> (Vec<u8>, Vec<u8>) {
    let x: Vec<u32> = input
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let mut out = Vec::new();
    let mut sums = Vec::new();
    for c in 0..ctas {
        let block = &x[c * threads..(c + 1) * threads];
        for t in 0..threads {
            out.extend(block[threads - 1 - t].to_le_bytes());
        }
        let s = block.iter().fold(bias[c], |a, &v| a.wrapping_add(v));
        sums.extend(s.to_le_bytes());
    }
    (out, sums)
}

/// Runs revsum over `ctas` CTAs of `threads` threads with `l`'s other
/// fields; the status and the run.
fn run_revsum(
    ctas: u32,
    threads: u32,
    mut l: ptxfp_launch,
    input: &[u8],
    bias: &[u8],
) -> (ptxfp_status, *mut ptxfp_run) {
    let src = revsum();
    let sets: Vec<CString> = [
        format!("in={IN:#x}"),
        format!("out={OUT:#x}"),
        format!("sums={SUMS:#x}"),
    ]
    .into_iter()
    .map(|s| CString::new(s).unwrap())
    .collect();
    let set_ptrs: Vec<*const c_char> = sets.iter().map(|s| s.as_ptr()).collect();
    let at_in = CString::new(format!("{IN:#x}")).unwrap();
    let at_bias = CString::new("bias").unwrap();
    let at_bias8 = CString::new(" bias+8 ").unwrap();
    // The bias by the variable's name, in two pieces (`var+offset`).
    let mems = [
        ptxfp_mem {
            at: at_in.as_ptr(),
            bytes: input.as_ptr(),
            len: input.len(),
        },
        ptxfp_mem {
            at: at_bias.as_ptr(),
            bytes: bias.as_ptr(),
            len: 8,
        },
        ptxfp_mem {
            at: at_bias8.as_ptr(),
            bytes: bias[8..].as_ptr(),
            len: 8,
        },
    ];
    l.grid = [ctas, 0, 0];
    l.block = [threads, 1, 0];
    kernel_with(&src, &set_ptrs, &mems, &l)
}

fn bias_bytes(bias: [u32; 4]) -> Vec<u8> {
    bias.iter().flat_map(|b| b.to_le_bytes()).collect()
}

#[test]
fn a_kernel_of_four_ctas_writes_what_it_should() {
    let (ctas, threads) = (4usize, 64usize);
    let (input, bias) = inputs(ctas * threads);
    let (want_out, want_sums) = expected(&input, bias, ctas, threads);
    let (st, run) = run_revsum(
        ctas as u32,
        threads as u32,
        launch(),
        &input,
        &bias_bytes(bias),
    );
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    assert!(diags(run).is_empty(), "{:?}", diags(run));
    // Several threads and no report_thread: memory only.
    assert_eq!(unsafe { ptxfp_run_register_count(run) }, 0);
    // Exactly two ranges: out and sums (the inputs were given, not written).
    assert_eq!(unsafe { ptxfp_run_memory_count(run) }, 2);
    let mut r = std::mem::MaybeUninit::<ptxfp_mem_range>::uninit();
    let mut got = Vec::new();
    for i in 0..2 {
        assert!(unsafe { ptxfp_run_memory(run, i, r.as_mut_ptr()) });
        let r = unsafe { r.assume_init_ref() };
        got.push((
            r.address,
            unsafe { std::slice::from_raw_parts(r.bytes, r.len) }.to_vec(),
        ));
    }
    assert!(!unsafe { ptxfp_run_memory(run, 2, r.as_mut_ptr()) });
    assert_eq!(
        got,
        vec![(OUT, want_out.clone()), (SUMS, want_sums.clone())]
    );
    // Read back by address, with a byte on each side that was not written.
    let mut buf = vec![0xaau8; want_out.len() + 2];
    let n = unsafe { ptxfp_run_memory_read(run, OUT - 1, buf.as_mut_ptr(), buf.len()) };
    assert_eq!(n, want_out.len());
    assert_eq!(buf[0], 0xaa);
    assert_eq!(buf[buf.len() - 1], 0xaa);
    assert_eq!(&buf[1..buf.len() - 1], &want_out[..]);
    let mut s = [0u8; 16];
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, SUMS, s.as_mut_ptr(), 16) },
        16
    );
    assert_eq!(&s[..], &want_sums[..]);
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, 0, s.as_mut_ptr(), 16) },
        0
    );
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, SUMS, null_mut(), 16) },
        0
    );
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, u64::MAX - 3, s.as_mut_ptr(), 16) },
        0
    );
    unsafe { ptxfp_run_free(run) };
    assert_eq!(unsafe { ptxfp_run_memory_count(null()) }, 0);
    assert!(!unsafe { ptxfp_run_memory(null(), 0, r.as_mut_ptr()) });
}

#[test]
fn report_thread_gives_that_threads_registers() {
    let (input, bias) = inputs(4 * 64);
    let mut l = launch();
    l.report_thread = true;
    l.thread = [5, 0, 0];
    l.cta = [2, 0, 0];
    let (st, run) = run_revsum(4, 64, l, &input, &bias_bytes(bias));
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    let find = |name: &str| {
        let n = CString::new(name).unwrap();
        let mut bits = 0;
        assert!(
            unsafe { ptxfp_run_find(run, n.as_ptr(), &mut bits) },
            "{name}"
        );
        bits
    };
    assert_eq!(find("%r1"), 5, "%tid.x");
    assert_eq!(find("%r2"), 2, "%ctaid.x");
    let x = |i: usize| u32::from_le_bytes(input[4 * i..4 * i + 4].try_into().unwrap());
    assert_eq!(find("%r5"), u64::from(x(2 * 64 + 5)), "its own value");
    assert_eq!(find("%r10"), u64::from(x(2 * 64 + 58)), "the reversed one");
    unsafe { ptxfp_run_free(run) };
    // A thread outside the launch: the engine's message, without a place.
    l.thread = [64, 0, 0];
    let (st, run) = run_revsum(4, 64, l, &input, &bias_bytes(bias));
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].0 && d[0].1 == 0 && d[0].2 == 0, "{d:?}");
    assert!(d[0].3.contains("--thread 64,0,0@2,0,0"), "{d:?}");
    unsafe { ptxfp_run_free(run) };
}

#[test]
fn a_launch_the_engine_refuses_is_a_placeless_diagnostic() {
    let (input, bias) = inputs(4 * 64);
    let b = bias_bytes(bias);
    // 2048 threads in a CTA.
    let (st, run) = run_revsum(1, 2048, launch(), &input, &b);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].0 && (d[0].1, d[0].2) == (0, 0), "{d:?}");
    assert!(d[0].3.contains("2048 threads"), "{d:?}");
    unsafe { ptxfp_run_free(run) };
    // A grid's y past 65535.
    let mut l = launch();
    let src = revsum();
    l.grid = [1, 65536, 1];
    let mut run = null_mut();
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    assert!(
        d.len() == 1 && d[0].1 == 0 && d[0].3.contains("65535"),
        "{d:?}"
    );
    unsafe { ptxfp_run_free(run) };
    // An entry the module does not have.
    let mut l = launch();
    let e = CString::new("nosuch").unwrap();
    l.entry = e.as_ptr();
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    assert!(
        diags(run).iter().any(|d| d.0 && d.3.contains("nosuch")),
        "{:?}",
        diags(run)
    );
    unsafe { ptxfp_run_free(run) };
    // Bytes past the end of the variable they name.
    let at = CString::new("bias+12").unwrap();
    let m = [ptxfp_mem {
        at: at.as_ptr(),
        bytes: b.as_ptr(),
        len: 8,
    }];
    let st = unsafe {
        ptxfp_run_kernel(
            src.as_ptr(),
            null(),
            0,
            m.as_ptr(),
            1,
            null(),
            null(),
            null(),
            0,
            &mut run,
        )
    };
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    assert!(d.len() == 1 && d[0].0 && d[0].1 == 0, "{d:?}");
    unsafe { ptxfp_run_free(run) };
}

/// An endless loop stops at `max_steps` with an error at its line; the
/// run keeps what the kernel wrote and printed before (API 1.6): each
/// thread's `st` of 7 and the `printf` of its one thread.
#[test]
fn max_steps_stops_an_endless_loop_at_its_line() {
    let src = CString::new(
        ".version 8.0\n.target sm_80\n.address_size 64\n\
         .extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n\
         .global .align 1 .b8 msg[5] = {115, 112, 105, 110, 0};\n\
         .entry spin()\n{\n.reg .b64 %f; .reg .b32 %i; .reg .pred %p;\n\
         st.global.u32 [0x1000], 7; mov.u32 %i, 0;\n\
         cvta.global.u64 %f, msg;\n\
         { .param .b64 p0; st.param.b64 [p0], %f; .param .b64 p1; st.param.b64 [p1], 0;\n\
         .param .b32 r0; call.uni (r0), vprintf, (p0, p1); }\n\
         L: add.u32 %i, %i, 1; setp.ne.u32 %p, %i, 0; @%p bra L;\n}\n",
    )
    .unwrap();
    let mut l = launch();
    l.max_steps = 1000;
    let mut run = null_mut();
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    let last = d.last().expect("a diagnostic");
    assert!(last.0, "{d:?}");
    assert_eq!(last.1, 13, "the line of the loop: {d:?}");
    assert!(last.3.contains("1000"), "{d:?}");
    assert_eq!(unsafe { ptxfp_run_memory_count(run) }, 1);
    let mut buf = [0u8; 4];
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, 0x1000, buf.as_mut_ptr(), 4) },
        4
    );
    assert_eq!(buf, [7, 0, 0, 0]);
    assert_eq!(unsafe { ptxfp_run_printf_count(run) }, 1);
    let mut len = 0;
    let p = unsafe { ptxfp_run_printf(run, 0, &mut len) };
    assert_eq!(
        unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len) },
        b"spin"
    );
    unsafe { ptxfp_run_free(run) };
}

/// API 1.10's `malloc_heap_size` on examples/kernels/heap.ptx (whose
/// header gives the heap's rules): four threads take the heap's first
/// four 16-byte blocks, thread 0 frees its own, and `malloc(20)` gets the
/// block after the four, `0x2000000000000040` (docs/ENGINE.md "The CUDA
/// device runtime"); in a heap of 64 bytes the four fill it and
/// `malloc(20)` gives NULL. A 1.9 `struct_size`, which ends before the
/// field, has the default heap even where the bytes after it are set.
#[test]
fn malloc_heap_size_bounds_the_device_heap() {
    let src = CString::new(include_str!("../../../examples/kernels/heap.ptx")).unwrap();
    let set = CString::new("_Z4heapPy_param_0=0x1000").unwrap();
    let out4 = |l: &ptxfp_launch| {
        let (st, run) = kernel_with(&src, &[set.as_ptr()], &[], l);
        assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
        let mut b = [0u8; 8];
        assert_eq!(
            unsafe { ptxfp_run_memory_read(run, 0x1000 + 32, b.as_mut_ptr(), 8) },
            8
        );
        unsafe { ptxfp_run_free(run) };
        u64::from_le_bytes(b)
    };
    let mut l = launch();
    l.block = [4, 1, 1];
    assert_eq!(out4(&l), 0x2000_0000_0000_0040);
    l.malloc_heap_size = 64;
    assert_eq!(out4(&l), 0);
    l.struct_size = std::mem::offset_of!(ptxfp_launch, malloc_heap_size);
    assert_eq!(out4(&l), 0x2000_0000_0000_0040);
    // Over 1 TiB: the engine's error, with the field's C name.
    let mut l = launch();
    l.malloc_heap_size = (1 << 40) + 1;
    let (st, run) = kernel_with(&src, &[set.as_ptr()], &[], &l);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let h = helps(run);
    assert!(
        h.iter()
            .any(|h| h.ends_with("in C: --malloc-heap-size is ptxfp_launch.malloc_heap_size")),
        "{h:?}"
    );
    unsafe { ptxfp_run_free(run) };
}

/// A diagnostic that names `ptxfp run`'s flags gives their C names in its
/// help (API 1.10): the step limit's names `--max-steps`; a grid of two
/// CTAs adds `--cooperative` (a CTA may wait for a later one).
#[test]
fn a_diagnostic_gives_the_c_names_of_the_flags_it_names() {
    let src = CString::new(
        ".version 8.0\n.target sm_80\n.entry spin()\n{\n.reg .b32 %i; .reg .pred %p;\n\
         mov.u32 %i, 0;\nL: add.u32 %i, %i, 1; setp.ne.u32 %p, %i, 0; @%p bra L;\n}\n",
    )
    .unwrap();
    let mut l = launch();
    l.max_steps = 1000;
    let mut run = null_mut();
    assert_eq!(kernel(&src, &l, &mut run), PTXFP_ERR_PROGRAM);
    let h = helps(run);
    let last = h.last().expect("a help");
    assert!(
        last.starts_with("raise the limit with --max-steps N"),
        "{h:?}"
    );
    assert!(
        last.ends_with("holds; in C: --max-steps is ptxfp_launch.max_steps"),
        "{h:?}"
    );
    unsafe { ptxfp_run_free(run) };
    l.grid = [2, 1, 1];
    assert_eq!(kernel(&src, &l, &mut run), PTXFP_ERR_PROGRAM);
    let h = helps(run);
    let last = h.last().expect("a help");
    assert!(
        last.ends_with(
            "; in C: --max-steps is ptxfp_launch.max_steps; --cooperative is ptxfp_launch.cooperative"
        ),
        "{h:?}"
    );
    unsafe { ptxfp_run_free(run) };
}

/// A run's diagnostics' helps ("" for none).
fn helps(run: *const ptxfp_run) -> Vec<String> {
    let mut v = Vec::new();
    let mut d = std::mem::MaybeUninit::<ptxfp_diagnostic>::uninit();
    for i in 0..unsafe { ptxfp_run_diagnostic_count(run) } {
        assert!(unsafe { ptxfp_run_diagnostic(run, i, d.as_mut_ptr()) });
        let d = unsafe { d.assume_init_ref() };
        v.push(if d.help.is_null() {
            String::new()
        } else {
            unsafe { CStr::from_ptr(d.help) }
                .to_string_lossy()
                .to_string()
        });
    }
    v
}

/// API 1.9's `stop`: a flag set by another thread ends an endless loop
/// with a diagnostic at its line, keeping the memory written before; one
/// set before the call stops the run at its first instruction; a flag left
/// at 0 changes nothing.
#[test]
fn a_stop_flag_ends_a_run_where_it_is() {
    use std::sync::atomic::{AtomicI32, Ordering};
    let src = CString::new(
        ".version 8.0\n.target sm_80\n.address_size 64\n.entry spin()\n{\n.reg .b32 %i; .reg .pred %p;\n\
         st.global.u32 [0x1000], 7; mov.u32 %i, 0;\n\
         L: add.u32 %i, %i, 1; setp.ne.u32 %p, %i, 0; @%p bra L;\n}\n",
    )
    .unwrap();
    let flag = AtomicI32::new(0);
    let mut l = launch();
    l.block = [64, 1, 1];
    l.max_steps = u64::MAX;
    l.stop = flag.as_ptr().cast_const();
    let mut run = null_mut();
    let st = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(300));
            flag.store(1, Ordering::Relaxed);
        });
        kernel(&src, &l, &mut run)
    });
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    let last = d.last().expect("a diagnostic");
    assert_eq!(last.1, 8, "the line of the loop: {d:?}");
    assert!(
        last.3.starts_with("the run was interrupted after "),
        "{d:?}"
    );
    let mut buf = [0u8; 4];
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, 0x1000, buf.as_mut_ptr(), 4) },
        4
    );
    assert_eq!(buf, [7, 0, 0, 0]);
    unsafe { ptxfp_run_free(run) };
    // Set before the call: no instruction runs.
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    assert!(
        d.last()
            .unwrap()
            .3
            .starts_with("the run was interrupted after 1 thread-instructions"),
        "{d:?}"
    );
    assert_eq!(unsafe { ptxfp_run_memory_count(run) }, 0);
    unsafe { ptxfp_run_free(run) };
    // At 0 it is only read.
    flag.store(0, Ordering::Relaxed);
    let (st, ran) = kernel_with(&revsum(), &[], &[], &launch_with_stop(&flag));
    assert_ne!(st, PTXFP_ERR_OPERANDS);
    unsafe { ptxfp_run_free(ran) };
    // Not aligned for an int32_t.
    let bytes = [0u8; 8];
    let mut lm = launch();
    lm.stop = bytes.as_ptr().wrapping_add(1).cast();
    let st = kernel(&src, &lm, &mut run);
    assert_eq!(st, PTXFP_ERR_OPERANDS);
    assert!(run.is_null());
}

fn launch_with_stop(flag: &std::sync::atomic::AtomicI32) -> ptxfp_launch {
    let mut l = launch();
    l.stop = flag.as_ptr().cast_const();
    l
}

#[test]
fn ptxfp_run_ptx_is_a_kernel_run_of_one_thread() {
    // One thread: its registers and all the memory it wrote (shared too).
    let src = CString::new(
        ".version 8.0\n.target sm_80\n.shared .align 4 .b32 sh[2];\n.reg .b32 r;\n\
         mov.b32 r, 0x01020304;\nst.shared.b32 [sh+4], r;\n",
    )
    .unwrap();
    for kernel in [false, true] {
        let mut run = null_mut();
        let l = launch();
        let st = unsafe {
            if kernel {
                ptxfp_run_kernel(
                    src.as_ptr(),
                    null(),
                    0,
                    null(),
                    0,
                    &l,
                    null(),
                    null(),
                    0,
                    &mut run,
                )
            } else {
                ptxfp_run_ptx(src.as_ptr(), null(), 0, null(), null(), 0, &mut run)
            }
        };
        assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
        let name = CString::new("r").unwrap();
        let mut bits = 0;
        assert!(unsafe { ptxfp_run_find(run, name.as_ptr(), &mut bits) });
        assert_eq!(bits, 0x0102_0304);
        assert_eq!(unsafe { ptxfp_run_memory_count(run) }, 1);
        let mut r = std::mem::MaybeUninit::<ptxfp_mem_range>::uninit();
        assert!(unsafe { ptxfp_run_memory(run, 0, r.as_mut_ptr()) });
        let r = unsafe { r.assume_init() };
        assert_eq!(
            unsafe { std::slice::from_raw_parts(r.bytes, r.len) },
            &[4, 3, 2, 1]
        );
        unsafe { ptxfp_run_free(run) };
    }
}

/// `lenient`, `check_memory`, `dynamic_shared`: each as its flag.
#[test]
fn the_launch_flags_reach_the_engine() {
    let mut run = null_mut();
    // An undeclared register: an error, a warning with `lenient`.
    let src = CString::new(".version 8.0\n.target sm_80\nmov.b32 q, 5;\n").unwrap();
    let mut l = launch();
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    unsafe { ptxfp_run_free(run) };
    l.lenient = true;
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    assert!(
        diags(run).iter().any(|d| !d.0 && d.1 == 3),
        "{:?}",
        diags(run)
    );
    unsafe { ptxfp_run_free(run) };
    // A load of memory never given: an error at its line, a warning with
    // `check_memory` (and the load reads zeros).
    let src = CString::new(
        ".version 8.0\n.target sm_80\n.reg .b32 r;\n.reg .b64 a;\nmov.b64 a, 0x4000;\n\
         ld.global.b32 r, [a];\n",
    )
    .unwrap();
    let mut l = launch();
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    assert!(
        diags(run).iter().any(|d| d.0 && d.1 == 6),
        "{:?}",
        diags(run)
    );
    unsafe { ptxfp_run_free(run) };
    l.check_memory = true;
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    assert!(
        diags(run).iter().any(|d| !d.0 && d.1 == 6),
        "{:?}",
        diags(run)
    );
    unsafe { ptxfp_run_free(run) };
    // %dynamic_smem_size.
    let src =
        CString::new(".version 8.0\n.target sm_80\n.reg .b32 r;\nmov.u32 r, %dynamic_smem_size;\n")
            .unwrap();
    let mut l = launch();
    l.dynamic_shared = 96;
    let st = kernel(&src, &l, &mut run);
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    let name = CString::new("r").unwrap();
    let mut bits = 0;
    assert!(unsafe { ptxfp_run_find(run, name.as_ptr(), &mut bits) });
    assert_eq!(bits, 96);
    unsafe { ptxfp_run_free(run) };
}

/// Misuse: a status, never a crash; `*out` NULL unless the program ran or
/// was refused.
#[test]
fn every_misuse_is_a_status() {
    let src = revsum();
    let l = launch();
    let at = CString::new("0x1000").unwrap();
    let byte = [1u8];
    let mut run: *mut ptxfp_run = null_mut();
    let call = |sets: *const *const c_char,
                n_sets: usize,
                mems: *const ptxfp_mem,
                n_mems: usize,
                l: *const ptxfp_launch,
                run: &mut *mut ptxfp_run| unsafe {
        *run = std::ptr::NonNull::dangling().as_ptr(); // must be overwritten
        ptxfp_run_kernel(
            src.as_ptr(),
            sets,
            n_sets,
            mems,
            n_mems,
            l,
            null(),
            null(),
            0,
            run,
        )
    };
    // NULL pointers with counts.
    assert_eq!(call(null(), 1, null(), 0, &l, &mut run), PTXFP_ERR_NULL);
    assert!(run.is_null());
    assert_eq!(call(null(), 0, null(), 1, &l, &mut run), PTXFP_ERR_NULL);
    assert!(run.is_null());
    let st = unsafe {
        ptxfp_run_kernel(
            null(),
            null(),
            0,
            null(),
            0,
            &l,
            null(),
            null(),
            0,
            &mut run,
        )
    };
    assert_eq!(st, PTXFP_ERR_NULL);
    let st = unsafe {
        ptxfp_run_kernel(
            src.as_ptr(),
            null(),
            0,
            null(),
            0,
            &l,
            null(),
            null(),
            0,
            null_mut(),
        )
    };
    assert_eq!(st, PTXFP_ERR_NULL);
    let null_set = [null::<c_char>()];
    assert_eq!(
        call(null_set.as_ptr(), 1, null(), 0, &l, &mut run),
        PTXFP_ERR_NULL
    );
    let m = |at: *const c_char, bytes: *const u8, len: usize| [ptxfp_mem { at, bytes, len }];
    let mm = m(null(), byte.as_ptr(), 1);
    assert_eq!(
        call(null(), 0, mm.as_ptr(), 1, &l, &mut run),
        PTXFP_ERR_NULL
    );
    let mm = m(at.as_ptr(), null(), 1);
    assert_eq!(
        call(null(), 0, mm.as_ptr(), 1, &l, &mut run),
        PTXFP_ERR_NULL
    );
    assert!(run.is_null());
    // No bytes (NULL or not): nothing given, the run goes on (`--mem`
    // refuses an empty range; an empty array in C is no input).
    let tiny = CString::new(".reg .b32 r;\nmov.b32 r, 1;\n").unwrap();
    let ok = |mems: *const ptxfp_mem, n_mems: usize, l: *const ptxfp_launch| {
        let mut run = null_mut();
        let st = unsafe {
            ptxfp_run_kernel(
                tiny.as_ptr(),
                null(),
                0,
                mems,
                n_mems,
                l,
                null(),
                null(),
                0,
                &mut run,
            )
        };
        let n = unsafe { ptxfp_run_register_count(run) };
        unsafe { ptxfp_run_free(run) };
        (st, n)
    };
    let mm = m(at.as_ptr(), null(), 0);
    assert_eq!(ok(mm.as_ptr(), 1, null()), (PTXFP_OK, 1));
    // Lengths no array has.
    for len in [usize::MAX, isize::MAX as usize + 1, usize::MAX - 8] {
        let mm = m(at.as_ptr(), byte.as_ptr(), len);
        assert_eq!(
            call(null(), 0, mm.as_ptr(), 1, &l, &mut run),
            PTXFP_ERR_OPERANDS,
            "{len:#x}"
        );
        assert!(run.is_null());
    }
    // A length that passes but runs past the end of the address space.
    let high = (usize::MAX - 2) as *const u8;
    let mm = m(at.as_ptr(), high, 8);
    assert_eq!(
        call(null(), 0, mm.as_ptr(), 1, &l, &mut run),
        PTXFP_ERR_OPERANDS
    );
    let one = m(at.as_ptr(), byte.as_ptr(), 1);
    for n in [usize::MAX, usize::MAX / 24 + 1, isize::MAX as usize / 8] {
        assert_eq!(
            call(null(), 0, one.as_ptr(), n, &l, &mut run),
            PTXFP_ERR_OPERANDS,
            "{n:#x}"
        );
    }
    let set = CString::new("in=0").unwrap();
    let sets = [set.as_ptr()];
    for n in [usize::MAX, usize::MAX / 8 + 1] {
        assert_eq!(
            call(sets.as_ptr(), n, null(), 0, &l, &mut run),
            PTXFP_ERR_OPERANDS,
            "{n:#x}"
        );
        let st =
            unsafe { ptxfp_run_ptx(src.as_ptr(), sets.as_ptr(), n, null(), null(), 0, &mut run) };
        assert_eq!(st, PTXFP_ERR_OPERANDS);
    }
    // Strings that are not UTF-8.
    let bad = CString::new(vec![b'x', 0xff]).unwrap();
    let mm = m(bad.as_ptr(), byte.as_ptr(), 1);
    assert_eq!(
        call(null(), 0, mm.as_ptr(), 1, &l, &mut run),
        PTXFP_ERR_ENCODING
    );
    let bad_set = [bad.as_ptr()];
    assert_eq!(
        call(bad_set.as_ptr(), 1, null(), 0, &l, &mut run),
        PTXFP_ERR_ENCODING
    );
    let mut le = launch();
    le.entry = bad.as_ptr();
    assert_eq!(
        call(null(), 0, null(), 0, &le, &mut run),
        PTXFP_ERR_ENCODING
    );
    assert!(run.is_null());
    // struct_size: 0, one byte short, absurd; larger with a field this
    // library does not know set; larger with zeros is a later header's
    // struct asking nothing new.
    #[repr(C)]
    struct Later {
        l: ptxfp_launch,
        more: [u64; 2],
    }
    // API 1.4's struct ends where `cooperative` starts, 1.6's where
    // `tensor_maps` does. A size between the headers' is none of theirs:
    // one byte short of ours ran without the 1.7 bindings it set (the C
    // API survey of 2026-11-28).
    let size_1_4 = std::mem::offset_of!(ptxfp_launch, cooperative);
    let size_1_6 = std::mem::offset_of!(ptxfp_launch, tensor_maps);
    let size_1_8 = std::mem::offset_of!(ptxfp_launch, stop);
    let size_1_9 = std::mem::offset_of!(ptxfp_launch, malloc_heap_size);
    let ours = std::mem::size_of::<ptxfp_launch>();
    for size in [
        0,
        size_1_4 - 1,
        size_1_4 + 1,
        size_1_6 + 1,
        size_1_8 + 1,
        size_1_9 + 1,
        ours - 1,
        4097,
        usize::MAX,
    ] {
        let mut ls = launch();
        ls.struct_size = size;
        assert_eq!(
            call(null(), 0, null(), 0, &ls, &mut run),
            PTXFP_ERR_STRUCT_SIZE,
            "{size}"
        );
        assert!(run.is_null());
    }
    let mut later = Later {
        l: launch(),
        more: [0, 1],
    };
    later.l.struct_size = std::mem::size_of::<Later>();
    assert_eq!(
        call(null(), 0, null(), 0, &later.l, &mut run),
        PTXFP_ERR_STRUCT_SIZE
    );
    later.more = [0, 0];
    assert_eq!(ok(null(), 0, &later.l), (PTXFP_OK, 1));
    assert_eq!(
        unsafe { CStr::from_ptr(ptxfp_status_message(PTXFP_ERR_STRUCT_SIZE as i32)) }
            .to_string_lossy(),
        "the struct's struct_size is not one this library knows"
    );
}

/// A setting that overflows its register's type: a warning without a
/// place (the engine's `input_warnings`, which runs left out before
/// API 1.4).
#[test]
fn a_settings_warning_is_a_placeless_warning() {
    let src = CString::new(".reg .f32 x, y;\nadd.f32 y, x, x;\n").unwrap();
    let set = CString::new("x=1e999").unwrap();
    let sets = [set.as_ptr()];
    let mut run = null_mut();
    let st = unsafe { ptxfp_run_ptx(src.as_ptr(), sets.as_ptr(), 1, null(), null(), 0, &mut run) };
    assert_eq!(st, PTXFP_OK);
    let d = diags(run);
    assert!(
        d.iter()
            .any(|d| !d.0 && (d.1, d.2) == (0, 0) && d.3.contains("1e999")),
        "{d:?}"
    );
    unsafe { ptxfp_run_free(run) };
}

/// examples/kernels/grid-sync.ptx (a grid-wide barrier) over 8 CTAs of
/// 64 threads under `l`, at most 10^6 steps: the status and the run.
fn grid_sync(mut l: ptxfp_launch) -> (ptxfp_status, *mut ptxfp_run) {
    let src = CString::new(include_str!("../../../examples/kernels/grid-sync.ptx")).unwrap();
    let sets = [
        CString::new("out=0x1000").unwrap(),
        CString::new("bar=0x2000").unwrap(),
    ];
    let set_ptrs: Vec<*const c_char> = sets.iter().map(|s| s.as_ptr()).collect();
    let zeros = [0u8; 64];
    let (at_out, at_bar) = (
        CString::new("0x1000").unwrap(),
        CString::new("0x2000").unwrap(),
    );
    let mems = [
        ptxfp_mem {
            at: at_out.as_ptr(),
            bytes: zeros.as_ptr(),
            len: 64,
        },
        ptxfp_mem {
            at: at_bar.as_ptr(),
            bytes: zeros.as_ptr(),
            len: 4,
        },
    ];
    l.grid = [8, 1, 1];
    l.block = [64, 1, 1];
    l.max_steps = 1_000_000;
    kernel_with(&src, &set_ptrs, &mems, &l)
}

/// `cooperative` (API 1.5): the grid barrier completes; a caller of the
/// 1.4 header (its `struct_size` ends before the field) gets the
/// sequential launch, whatever the byte past its struct holds.
#[test]
fn a_cooperative_launch_runs_a_grid_barrier() {
    let mut l = launch();
    l.cooperative = true;
    let (st, run) = grid_sync(l);
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    let mut out = [0u8; 64];
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, 0x1000, out.as_mut_ptr(), 64) },
        64
    );
    let want: Vec<u8> = (1..=8u32)
        .chain([36; 8])
        .flat_map(u32::to_le_bytes)
        .collect();
    assert_eq!(out.to_vec(), want);
    unsafe { ptxfp_run_free(run) };
    l.struct_size = std::mem::offset_of!(ptxfp_launch, cooperative);
    let (st, run) = grid_sync(l);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    assert!(
        diags(run)
            .iter()
            .any(|d| d.3.contains("--max-steps 1000000") && d.3.contains("thread")),
        "{:?}",
        diags(run)
    );
    unsafe { ptxfp_run_free(run) };
}

/// `tensor_maps` (API 1.7): an im2col load of one convolution tap (the
/// Python test's kernel: 12 pixels of 8 `.f16` channels from a 1x3x4x8
/// image padded by 1, filter offset (r, s) = (2, 0)) through a map given
/// as `ptxfp run --tensor-map` takes it; a 1.6 `struct_size` gets no map
/// (the load says none was given); a NULL array with a count is
/// `PTXFP_ERR_NULL`.
#[test]
fn tensor_maps_reach_the_run() {
    let src = CString::new(
        r#".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .align 64 .b8 tmap[128], .param .u64 out)
{
    .reg .b64 %tm;
    mov.b64 %tm, tmap;
    cvta.param.u64 %tm, %tm;
.shared .align 8 .b64 bar;
.shared .align 128 .b8 tile[192];
.reg .pred %p<2>;
.reg .b32 %r<10>;
.reg .b16 %h<2>;
.reg .b64 %rd<4>;
ld.param.u64 %rd1, [out];
mov.u32 %r1, bar;
mov.u32 %r2, tile;
mov.u32 %r3, 0;
mov.u32 %r4, -1;
mov.u16 %h0, 0;
mov.u16 %h1, 2;
mbarrier.init.shared::cta.b64 [%r1], 1;
mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [%r1], 192;
cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r2], [%tm, {%r3, %r4, %r4, %r3}], [%r1], {%h0, %h1};
W:
mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], 0;
@!%p1 bra W;
mov.u32 %r5, 0;
L:
add.u32 %r6, %r2, %r5;
ld.shared.u32 %r7, [%r6];
cvt.u64.u32 %rd3, %r5;
add.u64 %rd3, %rd1, %rd3;
st.global.u32 [%rd3], %r7;
add.u32 %r5, %r5, 4;
setp.lt.u32 %p1, %r5, 192;
@%p1 bra L;
ret;
}
"#,
    )
    .unwrap();
    // Element i of the NHWC image holds the f16 bits 0x3c00 + i.
    let image: Vec<u8> = (0..96u16)
        .flat_map(|i| (0x3c00 + i).to_le_bytes())
        .collect();
    let at = CString::new("0x1000").unwrap();
    let mems = [ptxfp_mem {
        at: at.as_ptr(),
        bytes: image.as_ptr(),
        len: image.len(),
    }];
    let set = CString::new("out=0x4000").unwrap();
    let sets = [set.as_ptr()];
    let map = CString::new("tmap=f16:8x4x3x1@0x1000:pixels=12:channels=8:lower=-1x-1:upper=-1x-1")
        .unwrap();
    let maps = [map.as_ptr()];
    let mut l = launch();
    l.tensor_maps = maps.as_ptr();
    l.n_tensor_maps = 1;
    let (st, run) = kernel_with(&src, &sets, &mems, &l);
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    let mut out = [0u8; 192];
    assert_eq!(
        unsafe { ptxfp_run_memory_read(run, 0x4000, out.as_mut_ptr(), 192) },
        192
    );
    // Output pixel (oh, ow) reads input pixel (oh - 1 + 2, ow - 1 + 0),
    // zeros outside the 3 x 4 image, worked out pixel by pixel.
    let mut want = Vec::new();
    for oh in 0..3i32 {
        for ow in 0..4i32 {
            let (h, w) = (oh - 1 + 2, ow - 1);
            for c in 0..8i32 {
                let v: u16 = if (0..3).contains(&h) && (0..4).contains(&w) {
                    0x3c00 + ((h * 4 + w) * 8 + c) as u16
                } else {
                    0
                };
                want.extend(v.to_le_bytes());
            }
        }
    }
    assert_eq!(out.to_vec(), want);
    unsafe { ptxfp_run_free(run) };
    // A 1.7 or 1.8 caller: the struct ends before `stop`, the bindings
    // are read all the same.
    l.struct_size = std::mem::offset_of!(ptxfp_launch, stop);
    let (st, run) = kernel_with(&src, &sets, &mems, &l);
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    unsafe { ptxfp_run_free(run) };
    // A 1.6 caller: the struct ends before the bindings.
    l.struct_size = std::mem::offset_of!(ptxfp_launch, tensor_maps);
    let (st, run) = kernel_with(&src, &sets, &mems, &l);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    assert!(
        diags(run).iter().any(|d| d.3.contains("no tensor map")),
        "{:?}",
        diags(run)
    );
    unsafe { ptxfp_run_free(run) };
    let mut l = launch();
    l.n_tensor_maps = 1;
    let (st, run) = kernel_with(&src, &sets, &mems, &l);
    assert_eq!(st, PTXFP_ERR_NULL);
    assert!(run.is_null());
}

/// A diagnostic hands over no piece of more than 256 characters: a
/// `--set` of a 10 MB name made a 20 MB message (the C API survey of
/// 2026-11-28); the name is cut to its first 100 characters and a count,
/// quoted and unquoted alike.
#[test]
fn long_names_are_cut_in_messages() {
    let src = CString::new(".version 8.0\n.target sm_80\n.entry k()\n{\nret;\n}\n").unwrap();
    let name = "x".repeat(10 << 20);
    let set = CString::new(format!("{name}=1")).unwrap();
    let (st, run) = kernel_with(&src, &[set.as_ptr()], &[], &launch());
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    let m = &d.last().expect("a diagnostic").3;
    assert!(m.len() < 1000, "{} bytes", m.len());
    assert!(
        m.contains(&format!("{}... (10485660 more characters)", &name[..100])),
        "{m}"
    );
    unsafe { ptxfp_run_free(run) };
}

/// A `ptxfp_mem` is refused before it is stored when what it takes is past
/// `max_memory` (700 MB under a 1 MB limit took 3.6 GB before the first
/// instruction said so, and blamed it), with a placeless error that names
/// the `--mem` and the limit; and 64 MiB given in one range runs within a
/// `max_memory` of 1.3 times its size (a page of the map cost 5.6 times).
#[test]
fn a_mem_past_max_memory_is_refused_before_it_is_stored() {
    let src = CString::new(
        ".version 8.0\n.target sm_80\n.reg .b32 r;\n.reg .b64 a;\nmov.b64 a, 0x4100000;\n\
         ld.global.b32 r, [a+-4];\nadd.u32 r, r, 1;\nst.global.b32 [a+-8], r;\n",
    )
    .unwrap();
    let bytes: Vec<u8> = (0..64u32 << 20).map(|k| (k % 251) as u8).collect();
    let at = CString::new("0x100000").unwrap();
    let mems = [ptxfp_mem {
        at: at.as_ptr(),
        bytes: bytes.as_ptr(),
        len: bytes.len(),
    }];
    let mut l = launch();
    l.max_memory = 1_000_000;
    let (st, run) = kernel_with(&src, &[], &mems, &l);
    assert_eq!(st, PTXFP_ERR_PROGRAM);
    let d = diags(run);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].0 && d[0].1 == 0, "{d:?}");
    assert!(
        d[0].3
            .starts_with("--mem 0x100000: the 67108864 bytes given take up to")
            && d[0].3.contains("past --max-memory 1000000"),
        "{d:?}"
    );
    unsafe { ptxfp_run_free(run) };
    l.max_memory = (64 << 20) * 13 / 10;
    let (st, run) = kernel_with(&src, &[], &mems, &l);
    assert_eq!(st, PTXFP_OK, "{:?}", diags(run));
    let last = u32::from_le_bytes(bytes[bytes.len() - 4..].try_into().unwrap());
    let name = CString::new("r").unwrap();
    let mut bits = 0;
    assert!(unsafe { ptxfp_run_find(run, name.as_ptr(), &mut bits) });
    assert_eq!(bits, u64::from(last) + 1);
    let mut out = [0u8; 8];
    let n = unsafe { ptxfp_run_memory_read(run, 0x4100000 - 8, out.as_mut_ptr(), 8) };
    assert_eq!(n, 4);
    assert_eq!(out[..4], (last + 1).to_le_bytes());
    unsafe { ptxfp_run_free(run) };
}

/// A bad `target`, `device` or `ptx_version` in a run: its status and a run
/// with one placeless error that says which and why, the message
/// `ptxfp_op_parse_on` gives (it was a bare status, the run NULL); and a
/// device that cannot load the code is `PTXFP_ERR_DEVICE`, as in a parse
/// (it was `PTXFP_ERR_PROGRAM`). The C API survey of 2026-11-28, findings
/// 9 and 12.
#[test]
fn a_bad_setup_in_a_run_says_why() {
    let src = CString::new(".version 8.0\n.target sm_90\n.reg .b32 r;\nmov.b32 r, 1;\n").unwrap();
    let c = |s: &str| CString::new(s).unwrap();
    let run_with = |target: Option<&CString>, device: Option<&CString>, v: u32| {
        let mut run = null_mut();
        let st = unsafe {
            ptxfp_run_ptx(
                src.as_ptr(),
                null(),
                0,
                target.map_or(null(), |t| t.as_ptr()),
                device.map_or(null(), |d| d.as_ptr()),
                v,
                &mut run,
            )
        };
        assert!(!run.is_null(), "status {st:?}");
        let d = diags(run);
        unsafe { ptxfp_run_free(run) };
        (st, d)
    };
    let parse_message = |target: Option<&CString>, device: Option<&CString>, v: u32| {
        let form = c("add.u32");
        let mut op = ptxfp_op::default();
        let mut err = vec![0 as c_char; 4096];
        let st = unsafe {
            ptxfp_op_parse_on(
                form.as_ptr(),
                target.map_or(null(), |t| t.as_ptr()),
                device.map_or(null(), |d| d.as_ptr()),
                v,
                &mut op,
                err.as_mut_ptr(),
                err.len(),
            )
        };
        let m = unsafe { CStr::from_ptr(err.as_ptr()) }
            .to_string_lossy()
            .to_string();
        (st, m)
    };
    for (target, device, v, status) in [
        (Some(c("sm_1000")), None, 0, PTXFP_ERR_TARGET),
        (None, Some(c("bogus")), 0, PTXFP_ERR_TARGET),
        (None, None, 999, PTXFP_ERR_PTX_VERSION),
        (None, None, 2559, PTXFP_ERR_PTX_VERSION),
    ] {
        let (st, d) = run_with(target.as_ref(), device.as_ref(), v);
        assert_eq!(st, status, "{d:?}");
        let (pst, pm) = parse_message(target.as_ref(), device.as_ref(), v);
        assert_eq!(pst, status, "{pm}");
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].0 && (d[0].1, d[0].2) == (0, 0), "{d:?}");
        assert_eq!(d[0].3, pm);
    }
    // The code's target is sm_90; a device of sm_50 cannot load it, from
    // the module's `.target` or from `target`.
    let sm50 = c("sm_50");
    let (st, d) = run_with(None, Some(&sm50), 0);
    assert_eq!(st, PTXFP_ERR_DEVICE, "{d:?}");
    assert!(
        d.iter()
            .any(|d| d.0 && d.3.starts_with("--device sm_50 cannot run this code")),
        "{d:?}"
    );
    let sm90 = c("sm_90");
    let (st, d) = run_with(Some(&sm90), Some(&sm50), 0);
    assert_eq!(st, PTXFP_ERR_DEVICE, "{d:?}");
    assert_eq!(
        parse_message(Some(&sm90), Some(&sm50), 0).0,
        PTXFP_ERR_DEVICE
    );
    // A device that loads it runs.
    let sm100 = c("sm_100");
    assert_eq!(run_with(None, Some(&sm100), 0).0, PTXFP_OK);
}
