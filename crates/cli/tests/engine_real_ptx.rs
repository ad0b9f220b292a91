//! What real compilers write and the engine must run, or refuse clearly
//! (the survey of Triton, numba and CUDA 5 PTX, and the hostile-input
//! fuzzing, of docs/TESTING.md): undefined values that flow but are never
//! stored, warp-collective instructions that a whole warp skips, scalar
//! accesses in braces, comparisons after the type, declaration lists; and
//! the bounds on a run's memory.

mod common;
use common::{fails_with, run_src, text};

const HEAD: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

/// Triton's cross-warp reduction, reduced: lane 0 of each warp writes its
/// partial, only threads 0 and 1 load the partials (a guarded
/// `ld.shared`), and every thread shuffles and adds the loaded register;
/// only thread 0 stores. Threads 2 to 63 compute from a register they
/// never wrote: undefined values, never stored, so the run succeeds (with
/// one warning) and stores 1 + 2.
const CROSS_WARP: &str = r#"
.extern .shared .align 16 .b8 smem[];
.visible .entry k(.param .u64 out)
{
    .reg .pred %p<4>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    and.b32 %r3, %r1, 31;
    shr.u32 %r4, %r1, 5;
    setp.eq.u32 %p1, %r3, 0;
    shl.b32 %r5, %r4, 2;
    mov.u32 %r6, smem;
    add.u32 %r7, %r6, %r5;
    add.u32 %r8, %r4, 1;
    @%p1 st.shared.b32 [%r7], %r8;
    bar.sync 0;
    setp.lt.u32 %p2, %r1, 2;
    shl.b32 %r9, %r1, 2;
    add.u32 %r10, %r6, %r9;
    @%p2 ld.shared.b32 %r2, [%r10];
    shfl.sync.bfly.b32 %r11, %r2, 1, 31, -1;
    add.s32 %r11, %r2, %r11;
    mov.b32 %r0, %r11;
    setp.eq.u32 %p3, %r1, STORER;
    @%p3 st.global.b32 [%rd1], %r0;
    ret;
}
"#;

fn cross_warp(storer: u32) -> (Option<i32>, String, String) {
    let src = format!(
        "{HEAD}{}",
        CROSS_WARP.replace("STORER", &storer.to_string())
    );
    let o = run_src(
        &format!("cross_warp_{storer}.ptx"),
        &src,
        &[
            "--block",
            "64",
            "--dynamic-shared",
            "8",
            "--set",
            "out=0x1000",
            "--mem",
            "0x1000=00000000",
        ],
    );
    let (stdout, stderr) = text(&o);
    (o.status.code(), stdout, stderr)
}

#[test]
fn undefined_values_flow_through_arithmetic_and_shuffles_and_store_as_zeros() {
    let (code, stdout, stderr) = cross_warp(0);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "mem[0x1000..0x1004] = 03 00 00 00\n");
    // One warning, at the first read of a register never written.
    assert_eq!(stderr.matches("warning").count(), 1, "{stderr}");
    assert!(
        stderr.contains("register `%r2` is read before it is written (thread (2,0,0)"),
        "{stderr}"
    );
    // Thread 5 stores what it computed from its unwritten %r2: zeros, with
    // a warning at the store that names the thread (a GPU stores whatever
    // the register holds).
    let (code, stdout, stderr) = cross_warp(5);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout, "mem[0x1000..0x1004] = 00 00 00 00\n");
    assert!(
        stderr.contains(
            "warning: thread (5,0,0) of CTA (0,0,0) stores register `%r0`, which has no value: zeros are written"
        ) && stderr.contains("st.global.b32 [%rd1], %r0"),
        "{stderr}"
    );
}

/// An undefined value as a guard or a branch condition is an error; in a
/// run of one thread, whose registers are its output, an undefined result
/// is too.
#[test]
fn an_undefined_guard_or_result_of_one_thread_is_an_error() {
    let src = format!(
        "{HEAD}.visible .entry k()\n{{\n.reg .pred %p;\n.reg .b32 %r<4>;\n\
         mov.u32 %r1, %tid.x;\nadd.u32 %r2, %r3, 1;\nsetp.eq.u32 %p, %r2, 0;\n\
         @%p mov.u32 %r1, 7;\nret;\n}}\n"
    );
    let o = run_src("undefined_guard.ptx", &src, &["--block", "32"]);
    // %p was written, from %r2, from %r3, which never was: the help
    // names %r3, where the missing value came from.
    fails_with(&o, |stderr| {
        stderr.contains("register `%p` has no value: it was never written, or was computed from a register without one")
            && stderr.contains("the first register read without a value was `%r3` at ")
            && stderr.contains("--set %r3=VALUE")
    });
    let o = run_src(
        "undefined_result.ptx",
        &format!("{HEAD}.reg .f32 a, b;\nadd.f32 a, b, b;\nmov.f32 b, 1.0;\n"),
        &[],
    );
    fails_with(&o, |stderr| {
        stderr.contains("5:12: error: register `b` is read before it is written")
    });
}

/// `and` and `or` whose defined operand decides the result (false and
/// anything, true or anything, `& 0`, `| ~0`), and `setp`/`set` whose
/// `.and`/`.or` operand `c` decides it, give a value, as every GPU
/// computes it: ISPC masks LLVM's `undef` lanes so (dePTX's
/// `ao_ispc_tasks`). A result that depends on the missing value, and
/// `xor`, which is not monotone (two missing values might be equal or
/// not), still have none.
#[test]
fn and_or_decided_by_their_defined_operand_have_a_value() {
    let kernel = |body: &str| {
        format!(
            "{HEAD}.visible .entry k(.param .u64 out)\n{{\n.reg .pred %p<8>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<2>;\n\
             ld.param.u64 %rd1, [out];\nsetp.ne.u32 %p1, %r1, 0;\nsetp.eq.u32 %p2, 1, 0;\nsetp.eq.u32 %p3, 1, 1;\n\
             {body}\nret;\n}}\n"
        )
    };
    let args = [
        "--block",
        "32",
        "--set",
        "out=0x1000",
        "--mem",
        "0x1000=ffffffff",
    ];
    // %p1 has no value (from %r1, never written), %p2 is false, %p3 true.
    for body in [
        "and.pred %p4, %p1, %p2;\n@%p4 st.global.u32 [%rd1], 1;\n@!%p4 st.global.u32 [%rd1], 2;",
        "not.pred %p5, %p1;\nand.pred %p4, %p2, %p5;\n@%p4 st.global.u32 [%rd1], 1;\n@!%p4 st.global.u32 [%rd1], 2;",
        "or.pred %p4, %p3, %p1;\n@%p4 st.global.u32 [%rd1], 2;\n@!%p4 st.global.u32 [%rd1], 1;",
        "and.b32 %r2, %r1, 0;\nadd.u32 %r2, %r2, 2;\nst.global.u32 [%rd1], %r2;",
        "or.b32 %r2, %r1, -1;\nadd.u32 %r2, %r2, 3;\nst.global.u32 [%rd1], %r2;",
        // setp's BoolOp with the `c` that decides it, both destinations.
        "setp.lt.and.s32 %p4|%p5, %r1, 7, %p2;\nor.pred %p4, %p4, %p5;\n@%p4 st.global.u32 [%rd1], 1;\n@!%p4 st.global.u32 [%rd1], 2;",
        "setp.lt.or.s32 %p4, %r1, 7, %p3;\n@%p4 st.global.u32 [%rd1], 2;\n@!%p4 st.global.u32 [%rd1], 1;",
        "set.lt.and.u32.s32 %r2, %r1, 7, %p2;\nadd.u32 %r2, %r2, 2;\nst.global.u32 [%rd1], %r2;",
    ] {
        let o = run_src("and_or.ptx", &kernel(body), &args);
        let (stdout, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{body}\n{stderr}");
        assert_eq!(
            stdout, "mem[0x1000..0x1004] = 02 00 00 00\n",
            "{body}\n{stderr}"
        );
        // No store of a register without a value; one warning, of %p1's
        // read of %r1 (line 10), whose result has none.
        assert!(!stderr.contains("stores register"), "{body}\n{stderr}");
        assert_eq!(stderr.matches("warning").count(), 1, "{body}\n{stderr}");
        assert!(stderr.contains(":10:18: warning: register `%r1` is read before it is written"), "{body}\n{stderr}");
    }
    // The read without a value whose result is decided draws no warning:
    // %r1 read only by `and.b32 ..., 0`.
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 out)\n{{\n.reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n\
         ld.param.u64 %rd1, [out];\nand.b32 %r2, %r1, 0;\nst.global.u32 [%rd1], %r2;\nret;\n}}\n"
    );
    let o = run_src("and_zero.ptx", &src, &args);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert_eq!(stdout, "mem[0x1000..0x1004] = 00 00 00 00\n", "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
    for body in [
        "and.pred %p4, %p1, %p3;\n@%p4 st.global.u32 [%rd1], 1;",
        "or.pred %p4, %p1, %p2;\n@%p4 st.global.u32 [%rd1], 1;",
        "xor.pred %p4, %p1, %p1;\n@%p4 st.global.u32 [%rd1], 1;",
        "setp.lt.and.s32 %p4, %r1, 7, %p3;\n@%p4 st.global.u32 [%rd1], 1;",
        "setp.lt.xor.s32 %p4, %r1, 7, %p2;\n@%p4 st.global.u32 [%rd1], 1;",
        "and.b32 %r2, %r1, 1;\nsetp.ne.u32 %p4, %r2, 5;\n@%p4 st.global.u32 [%rd1], 1;",
    ] {
        let o = run_src("and_or.ptx", &kernel(body), &args);
        fails_with(&o, |stderr| {
            stderr.contains("register `%p4` has no value") && stderr.contains("was `%r1` at")
        });
    }
}

/// "In conditionally executed code, a `mma` instruction should only be
/// used if it is known that all threads in the warp evaluate the condition
/// identically": a warp whose guard is false in every thread skips it; a
/// guard that splits a warp is still the error.
#[test]
fn a_guard_false_in_a_whole_warp_skips_an_aligned_instruction() {
    let run = |bound: u32| {
        let src = format!(
            "{HEAD}.visible .entry k(.param .u64 out)\n{{\n.reg .pred %p<2>;\n.reg .b32 %r<4>;\n\
             .reg .f32 %f<8>;\n.reg .b64 %rd<3>;\nld.param.u64 %rd1, [out];\n\
             mov.u32 %r1, %tid.x;\nmov.b32 %r2, 0x3c003c00;\nmov.f32 %f1, 0f3F800000;\n\
             setp.lt.u32 %p1, %r1, {bound};\n\
             @%p1 mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {{%f2,%f3,%f4,%f5}}, {{%r2,%r2,%r2,%r2}}, {{%r2,%r2}}, {{%f1,%f1,%f1,%f1}};\n\
             setp.eq.u32 %p1, %r1, 0;\n@%p1 st.global.f32 [%rd1], %f2;\nret;\n}}\n"
        );
        run_src(
            &format!("aligned_{bound}.ptx"),
            &src,
            &["--block", "64", "--set", "out=0x1000"],
        )
    };
    let o = run(32);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    // 16 products of 1.0 * 1.0, plus 1.0.
    assert_eq!(stdout, "mem[0x1000..0x1004] = 00 00 88 41\n");
    let o = run(40);
    fails_with(&o, |stderr| {
        stderr.contains("needs all 32 threads of the warp; 8 of them run it here")
    });
}

/// Triton's scalar accesses, `ld.global.b32 { %r1 }, [ %rd1 + 0 ]` and
/// `st.global.b32 [ %rd2 + 0 ], { %r2 }`; CUDA 5.0's `setp.b32.eq`; and a
/// list of names in one `.shared` declaration.
#[test]
fn forms_real_compilers_write() {
    let src = format!(
        "{HEAD}.shared .align 4 .u32 a, b;\n.visible .entry k(.param .u64 p0, .param .u64 p1)\n{{\n\
         .reg .pred %p<2>;\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n\
         ld.param.u64 %rd1, [p0];\nld.param.u64 %rd2, [p1];\nmov.pred %p1, -1;\n\
         @%p1 ld.global.b32 {{ %r1 }}, [ %rd1 + 0 ];\nst.shared.u32 [b], %r1;\n\
         ld.shared.u32 %r2, [b];\nsetp.b32.eq %p1, %r2, 5;\nselp.u32 %r3, 6, 0, %p1;\n\
         @%p1 st.global.b32 [ %rd2 + 0 ], {{ %r3 }};\nret;\n}}\n"
    );
    for extra in [&[][..], &["--contract"][..]] {
        let mut args = vec![
            "--block",
            "32",
            "--set",
            "p0=0x1000",
            "--set",
            "p1=0x2000",
            "--mem",
            "0x1000=05000000",
        ];
        args.extend_from_slice(extra);
        let o = run_src("forms.ptx", &src, &args);
        let (stdout, stderr) = text(&o);
        assert_eq!(o.status.code(), Some(0), "{stderr}");
        assert!(
            stdout.contains("mem[0x2000..0x2004] = 06 00 00 00\n"),
            "{stdout}"
        );
    }
}

/// A loop that stores to ever new addresses stops at --max-memory with
/// the line and the thread; a register file over it is refused before
/// the run.
#[test]
fn memory_is_bounded_by_max_memory() {
    let src = format!(
        "{HEAD}.entry k()\n{{\n.reg .b64 %a;\nmov.b64 %a, 0x100000;\nL:\n\
         st.global.u8 [%a], 1;\nadd.u64 %a, %a, 64;\nbra L;\n}}\n"
    );
    let o = run_src("grow.ptx", &src, &["--max-memory", "1000000"]);
    fails_with(&o, |stderr| {
        stderr.contains("the run's memory reached --max-memory 1000000 bytes")
            && stderr.contains("thread (0,0,0) of CTA (0,0,0)")
            && stderr.contains("--max-memory BYTES")
    });
    let src = format!("{HEAD}.entry k()\n{{\n.reg .b32 %r<100>;\nmov.b32 %r99, 1;\nret;\n}}\n");
    let o = run_src(
        "regs.ptx",
        &src,
        &["--block", "1024", "--max-memory", "10000"],
    );
    fails_with(&o, |stderr| {
        stderr.contains(
            "the register file needs 16384 bytes (1 registers for each of the CTA's 1024 threads",
        )
    });
    // Registers --lenient declares as the run reaches them: the one past
    // the limit stops the run at its line (it panicked, holding nothing).
    let src =
        format!("{HEAD}.entry k()\n{{\nmov.u32 a1, 1;\nmov.u32 a2, 1;\nmov.u32 a3, 1;\nret;\n}}\n");
    let o = run_src(
        "lenient_regs.ptx",
        &src,
        &["--lenient", "--block", "1024", "--max-memory", "40000"],
    );
    fails_with(&o, |stderr| {
        stderr.contains("8:9: error: the register file needs 49152 bytes (3 registers")
    });
}

/// A launch of many threads prints memory, and registers only with
/// --thread: with none written, it says so rather than "nothing was
/// written".
#[test]
fn a_launch_that_writes_no_memory_says_how_to_see_registers() {
    let src = format!("{HEAD}.entry k()\n{{\n.reg .b32 %r;\nmov.b32 %r, 1;\nret;\n}}\n");
    let o = run_src("no_memory.ptx", &src, &["--block", "2"]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("no memory was written (a launch of 2 threads prints the memory it wrote; --thread TID[@CTAID] prints one thread's registers)"),
        "{stderr}"
    );
}

/// A --tensor-map whose place is wrong is reported as that option.
#[test]
fn a_tensor_map_error_names_its_option() {
    let src = format!("{HEAD}.entry k(.param .u64 p)\n{{\nret;\n}}\n");
    let o = run_src(
        "tmap.ptx",
        &src,
        &["--set", "p=0", "--tensor-map", "m=f32:16@0x10000:box=16"],
    );
    fails_with(&o, |stderr| {
        stderr.contains("--tensor-map m=f32:16@0x10000:box=16: `m` is neither")
    });
}

/// `selp` picks one of its operands: the other may have no value (a
/// masked load, then a select of it or a default), and the result is
/// defined; picking the one without a value is not.
#[test]
fn selp_of_a_masked_load_is_defined_where_it_picks_the_default() {
    let src = |pick: &str| {
        format!(
            "{HEAD}.visible .entry k(.param .u64 in, .param .u64 out)\n{{\n.reg .pred %p;\n\
             .reg .b32 %r<4>;\n.reg .b64 %rd<5>;\nld.param.u64 %rd1, [in];\nld.param.u64 %rd2, [out];\n\
             mov.u32 %r0, %tid.x;\nmul.wide.u32 %rd3, %r0, 4;\nadd.s64 %rd1, %rd1, %rd3;\n\
             add.s64 %rd2, %rd2, %rd3;\nsetp.lt.u32 %p, %r0, 16;\n@%p ld.global.u32 %r1, [%rd1];\n\
             selp.u32 %r2, {pick}, %p;\nst.global.u32 [%rd2], %r2;\nret;\n}}\n"
        )
    };
    let input: Vec<u32> = (0..16).map(|i| 100 + i).collect();
    let mem = format!("0x1000={}", common::hex(&common::words(&input)));
    let args = [
        "--block",
        "32",
        "--set",
        "in=0x1000",
        "--set",
        "out=0x2000",
        "--mem",
        &mem,
    ];
    let o = run_src("selp_default.ptx", &src("%r1, 7"), &args);
    let want: Vec<u32> = (0..32).map(|i| if i < 16 { 100 + i } else { 7 }).collect();
    assert_eq!(common::mem(&o, 0x2000, 128), common::words(&want));
    // Picking the unloaded register where %p is false: thread 16 is the
    // first to store a value it never had (zeros, and a warning).
    let o = run_src("selp_undefined.ptx", &src("7, %r1"), &args);
    let want: Vec<u32> = (0..32).map(|i| if i < 16 { 7 } else { 0 }).collect();
    assert_eq!(common::mem(&o, 0x2000, 128), common::words(&want));
    let (_, stderr) = common::text(&o);
    assert!(
        stderr.contains("thread (16,0,0) of CTA (0,0,0) stores register `%r2`, which has no value"),
        "{stderr}"
    );
}

/// LLVM's shapes (found by scripts/llvm-diff against lli): a lane packed
/// beside a register never written (an `undef` lane) is used alone, and a
/// register never written is stored (a struct field no load reads). The
/// packed lane keeps its value; the unwritten one packs and stores as
/// zeros, with a warning, in a kernel of one thread too.
#[test]
fn a_lane_packed_beside_an_unwritten_register_keeps_its_value() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p)\n{{\n\
         .reg .b16 %h<4>;\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n\
         ld.param.u64 %rd1, [p];\n\
         ld.global.b16 %h1, [%rd1];\n\
         mov.b32 %r1, {{%h1, %h2}};\n\
         add.rn.f16x2 %r2, %r1, %r1;\n\
         mov.b32 {{%h3, _}}, %r2;\n\
         st.global.b16 [%rd1+2], %h3;\n\
         st.global.u64 [%rd1+8], %rd2;\n\
         ret;\n}}\n"
    );
    // 1.0 + 1.0 = 2.0 (0x4000) in lane 0; %rd2 (never written) stores as
    // eight zero bytes over the 0xff given there.
    let o = run_src(
        "packed_undef.ptx",
        &src,
        &[
            "--set",
            "p=0x1000",
            "--mem",
            "0x1000=003c0000ffffffffffffffffffffffff",
        ],
    );
    // (Memory given and not written is not printed.)
    assert_eq!(common::mem(&o, 0x1002, 2), [0x00, 0x40]);
    assert_eq!(common::mem(&o, 0x1008, 8), [0; 8]);
    let (_, stderr) = text(&o);
    assert!(
        stderr.contains("stores register `%rd2`, which has no value: zeros are written"),
        "{stderr}"
    );
    assert!(
        stderr.contains("register `%h2` is read before it is written"),
        "{stderr}"
    );
}

/// The CUDA samples' `SharedMemory<T>` pattern: each type's `extern
/// __shared__` array is a `.extern .shared` array of its own name, and all
/// of them are the one dynamic shared memory ("All variables declared in
/// this fashion, start at the same address in memory"), at the largest
/// alignment any asks for. Thread t writes word t through one name and
/// reads word 31 - t through the other, after the barrier.
#[test]
fn dynamic_shared_arrays_of_different_names_alias() {
    let src = format!(
        "{HEAD}.extern .shared .align 4 .b8 _Z10smem_floatv[];\n\
.extern .shared .align 1024 .b8 _Z11smem_doublev[];\n\
.visible .entry k(.param .u64 out)\n{{\n\
    .reg .b32 %r<6>;\n    .reg .b64 %rd<8>;\n\
    ld.param.u64 %rd1, [out];\n    mov.u32 %r1, %tid.x;\n\
    mul.wide.u32 %rd2, %r1, 4;\n    mov.u64 %rd3, _Z10smem_floatv;\n    add.s64 %rd4, %rd3, %rd2;\n\
    add.u32 %r2, %r1, 100;\n    st.shared.u32 [%rd4], %r2;\n    bar.sync 0;\n\
    sub.u32 %r3, 31, %r1;\n    mul.wide.u32 %rd5, %r3, 4;\n    mov.u64 %rd6, _Z11smem_doublev;\n    add.s64 %rd6, %rd6, %rd5;\n\
    ld.shared.u32 %r4, [%rd6];\n\
    cvt.u32.u64 %r5, %rd3;\n    and.b32 %r5, %r5, 1023;\n    add.u32 %r4, %r4, %r5;\n\
    add.s64 %rd7, %rd1, %rd2;\n    st.global.u32 [%rd7], %r4;\n    ret;\n}}\n"
    );
    let zeros = format!("0x1000={}", "00".repeat(128));
    let args = [
        "--block",
        "32",
        "--dynamic-shared",
        "128",
        "--set",
        "out=0x1000",
        "--mem",
        &zeros,
    ];
    let o = run_src("dynamic_alias.ptx", &src, &args);
    // Word t: 100 + (31 - t), and the arrays' address is 1024-aligned.
    let want: Vec<u32> = (0..32).map(|t| 100 + 31 - t).collect();
    assert_eq!(common::mem(&o, 0x1000, 128), common::words(&want));
}

/// numba's 2012 prototype (`ptx-protoype/add.ptx`, from the LLVM 3.x PTX
/// backend) writes `.target compute_10, map_f64_to_f32`: read as sm_10,
/// with a warning that the ISA names sm targets (it was an error). A
/// `compute_` name of no target stays an error.
#[test]
fn a_compute_target_is_read_as_its_sm_target() {
    let src = ".version 1.4\n.target compute_10, map_f64_to_f32\n.entry k\n{\n.reg .u32 %r;\nmov.u32 %r, 1;\nret;\n}\n";
    let (code, out) = common::check_src("compute.ptx", src);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("compute.ptx:2:9: warning: `.target compute_10`: the PTX ISA names sm targets; read as `sm_10`")
            && out.contains("sm_10 (from the file)"),
        "{out}"
    );
    let o = run_src("compute.ptx", src, &[]);
    let (stdout, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(stdout.contains("%r = 0x00000001"), "{stdout}");
    let (code, out) = common::check_src("bad.ptx", &src.replace("compute_10", "compute_1x"));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("unknown `.target` entry `compute_1x`"),
        "{out}"
    );
}

/// LLVM's bf16 arithmetic for sm_80 code that flushes f32 subnormals
/// (`-denormal-fp-math-f32=preserve-sign`) widens with
/// `cvt.ftz.f32.bf16` under PTX ISA 7.1, which its bf16-instructions.ll
/// test has ptxas 11.8 verify for sm_80. The ISA dates the `.ftz` 7.8 and
/// sm_90: a warning, not an error, and the flush runs (a subnormal bf16
/// becomes a signed zero, a normal one is exact).
#[test]
fn cvt_ftz_f32_bf16_runs_where_ptxas_takes_it() {
    let src = ".version 7.1\n.target sm_80\n.address_size 64\n\
        .visible .entry k(.param .u64 out)\n{\n\
        .reg .b16 %rs<3>;\n.reg .f32 %f<3>;\n.reg .b64 %rd<2>;\n\
        ld.param.u64 %rd1, [out];\n\
        mov.b16 %rs1, 0x8001;\n mov.b16 %rs2, 0x3f80;\n\
        cvt.ftz.f32.bf16 %f1, %rs1;\n cvt.ftz.f32.bf16 %f2, %rs2;\n\
        st.global.v2.f32 [%rd1], {%f1, %f2};\nret;\n}\n";
    let o = run_src("ftz.ptx", src, &["--set", "out=0x1000"]);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        out.contains("mem[0x1000..0x1008] = 00 00 00 80 00 00 80 3f"),
        "{out}"
    );
    assert!(
        err.contains("ftz.ptx:12:1: warning: `cvt.ftz.f32.bf16` before PTX ISA 7.8 or sm_90"),
        "{err}"
    );
    // Below the plain form's own version it stays an error.
    let o = run_src(
        "ftz.ptx",
        &src.replace(".version 7.1", ".version 7.0"),
        &["--set", "out=0x1000"],
    );
    fails_with(&o, |e| e.contains("requires PTX ISA 7.8 or later"));
}

/// LLVM's wmma tests (wmma-ptx60-sm70 to wmma-ptx64-sm70, each verified by
/// ptxas) write `.satfinite` on the `.f16` `wmma.mma` forms, which PTX ISA
/// 6.5 removed: `check` takes it (a deprecation warning at 6.4, an error
/// from 6.5), and `run` refuses it where reached, saying why (what it
/// makes of an infinity or a NaN is not documented).
#[test]
fn f16_wmma_satfinite_is_checked_by_version_and_refused_where_run() {
    let body = |v: &str| {
        format!(
            ".version {v}\n.target sm_70\n.address_size 64\n.visible .entry k()\n{{\n.reg .b32 %r<24>;\n\
             wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16.satfinite {{%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}}, \
             {{%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15}}, {{%r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23}}, \
             {{%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}};\nret;\n}}\n"
        )
    };
    let o = run_src("w.ptx", &body("6.0"), &["--block", "32"]);
    fails_with(&o, |e| {
        e.contains("w.ptx:7:1:")
            && e.contains("does not run `.satfinite` on floating-point `wmma.mma`")
    });
    let o = run_src("w.ptx", &body("7.0"), &["--block", "32"]);
    fails_with(&o, |e| e.contains("removed in PTX ISA 6.5"));
}
