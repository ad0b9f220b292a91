//! The CUDA device runtime beyond the launch (docs/ENGINE.md "The CUDA
//! device runtime"), through the binary: examples/kernels/cdp-runtime.ptx
//! calls every function by CUDA 12's `__cudaCDP2` name, and
//! examples/kernels/cdp1-sync.ptx waits for its children with CDP1's
//! device-side `cudaDeviceSynchronize`, and
//! examples/kernels/cdp-copy3d.ptx copies and sets in 3D. Every expected word is worked out
//! here from the kernels' CUDA source (each file's header), never taken
//! from ptxfp.

mod common;
use common::{fails_with, mem, run_src, text, u32s, words};

const RUNTIME: &str = include_str!("../../../examples/kernels/cdp-runtime.ptx");
const SYNC: &str = include_str!("../../../examples/kernels/cdp1-sync.ptx");
const CDP: &str = include_str!("../../../examples/kernels/cdp.ptx");
const COPY3D: &str = include_str!("../../../examples/kernels/cdp-copy3d.ptx");
const OUT: u64 = 0x1000;

/// `src` with its first `from` made `to`; `from` must be there (an
/// edit that matches nothing would test the kernel unchanged).
fn edit(src: &str, from: &str, to: &str) -> String {
    assert!(src.contains(from), "`{from}` is not in the kernel");
    src.replacen(from, to, 1)
}

/// Runs `entry` of `src` with its one pointer parameter at [`OUT`], as
/// the example kernels' headers say, in a file of its own (`name`; the
/// tests run at once).
fn launch(entry: &str, name: &str, src: &str) -> std::process::Output {
    run_src(
        &format!("{name}.ptx"),
        src,
        &[
            "--entry",
            entry,
            "--set",
            &format!("{entry}_param_0={OUT:#x}"),
        ],
    )
}

/// cdp-runtime.ptx, or a variant of it.
fn runtime(name: &str, src: &str) -> std::process::Output {
    launch("runtime", name, src)
}

/// Device queries, the last error, cudaMalloc/cudaFree, streams and
/// events, a tail launch, and copies ordered after the grids of their
/// stream.
#[test]
fn cdp2_names_run_the_device_runtime() {
    let o = runtime("rt-0", RUNTIME);
    // cudaGetDeviceCount: 0, n = 1; cudaGetDevice: 0, d = 0; warp size 32;
    // compute capability 8 (sm_80); attribute 9999: cudaErrorInvalidValue
    // (1); cudaPeekAtLastError 1, cudaGetLastError 1, then 0.
    assert_eq!(mem(&o, OUT, 40), words(&[0, 1, 0, 0, 32, 8, 1, 1, 1, 0]));
    // cudaMalloc 0, cudaFree 0, and the heap's first block.
    assert_eq!(mem(&o, OUT + 40, 8), words(&[0, 0]));
    assert_eq!(mem(&o, OUT + 48, 8), 0x2000_0000_0000_0000u64.to_le_bytes());
    // Stream and event created, recorded, waited for, the stream destroyed
    // once (0) and again (cudaErrorInvalidResourceHandle, 400), the event
    // destroyed.
    assert_eq!(mem(&o, OUT + 56, 24), words(&[0, 0, 0, 0, 0, 400]));
    assert_eq!(mem(&o, OUT + 96, 4), words(&[0]));
    // put<<<1, 4, 0, s>>>(out + 20, 100).
    assert_eq!(mem(&o, OUT + 80, 16), words(&[100, 101, 102, 103]));
    // cudaMemsetAsync(out + 30, 0x5a, 8, s).
    assert_eq!(mem(&o, OUT + 120, 8), [0x5a; 8]);
    // cudaMemcpyAsync(out + 34, out + 20, 16, ...) after put, in stream s.
    assert_eq!(mem(&o, OUT + 136, 16), words(&[100, 101, 102, 103]));
    // grand (77), mid (5), and the tail launch last after both: 77 + 1.
    assert_eq!(mem(&o, OUT + 160, 12), words(&[77, 5, 78]));
    // The first 8 bytes of cudaGetErrorName(400).
    assert_eq!(mem(&o, OUT + 200, 8), *b"cudaErro");
    let (_, stderr) = text(&o);
    assert!(
        stderr.contains("`call __cudaCDP2DeviceGetAttribute` returns cudaError 1 (cudaErrorInvalidValue): attribute 9999 is not one ptxfp models"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "`call __cudaCDP2StreamDestroy` returns cudaError 400 (cudaErrorInvalidResourceHandle)"
        ),
        "{stderr}"
    );
}

/// Without the tail launch's stream, `last` runs right after the parent,
/// before `mid` and its child: it reads out[40] before grand writes it.
#[test]
fn only_a_tail_launch_waits_for_its_parents_other_work() {
    let src = edit(
        RUNTIME,
        "    st.param.b64 [param1+0], 3;",
        "    st.param.b64 [param1+0], 0;",
    );
    let o = runtime("rt-1", &src);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("was never given or written") && stderr.contains("`last`"),
        "{stderr}"
    );
}

/// The names CUDA 11 and CDP1 use, the `_ptsz` ones of the per-thread
/// default stream, and CDP2's, all launch the same grids.
#[test]
fn every_name_of_the_launch_runs() {
    for (buffer, launch) in [
        ("__cudaCDP2GetParameterBufferV2", "__cudaCDP2LaunchDeviceV2"),
        (
            "__cudaCDP2GetParameterBufferV2",
            "__cudaCDP2LaunchDeviceV2_ptsz",
        ),
        ("cudaGetParameterBufferV2", "cudaLaunchDeviceV2_ptsz"),
    ] {
        let src = CDP
            .replace("cudaGetParameterBufferV2", buffer)
            .replace("cudaLaunchDeviceV2", launch);
        let o = run_src(
            "cdp-names.ptx",
            &src,
            &[
                "--entry",
                "parent",
                "--grid",
                "3",
                "--block",
                "4",
                "--set",
                "parent_param_0=0x1000",
            ],
        );
        // As in engine_cdp.rs: child b writes out[16b + i] = 100(b + 1) +
        // i + 1000(b + 1) for i < 4(b + 1).
        for b in 0..3u32 {
            let n = 4 * (b + 1);
            let want: Vec<u32> = (0..n).map(|i| 1100 * (b + 1) + i).collect();
            assert_eq!(
                u32s(&mem(&o, OUT + 64 * u64::from(b), 4 * n as usize)),
                want,
                "{launch}"
            );
        }
    }
    // Names the runtime does not have stay calls of undefined functions.
    for (from, to) in [
        ("cudaLaunchDeviceV2", "__cudaCDP2LaunchDeviceV3"),
        ("cudaGetParameterBufferV2", "cudaGetParameterBufferV2_ptsz"),
    ] {
        let src = CDP.replace(from, to);
        let o = run_src(
            "cdp-unknown.ptx",
            &src,
            &["--entry", "parent", "--set", "parent_param_0=0x1000"],
        );
        fails_with(&o, |e| {
            e.contains(&format!("no .func `{to}` with a body in this module"))
        });
    }
}

fn sync(name: &str, args: &[&str]) -> std::process::Output {
    run_src(name, SYNC, args)
}

/// cudaDeviceSynchronize runs the grids the caller's grid launched so
/// far: the thread reads what they wrote right after it.
#[test]
fn device_synchronize_waits_for_the_children() {
    let o = sync(
        "sync-0.ptx",
        &[
            "--entry",
            "sync_parent",
            "--grid",
            "2",
            "--block",
            "2",
            "--set",
            "sync_parent_param_0=0x1000",
        ],
    );
    assert_eq!(mem(&o, OUT, 16), words(&[10, 11, 12, 13]));
    assert_eq!(mem(&o, OUT + 32, 16), words(&[20, 21, 22, 23]));
    assert_eq!(mem(&o, OUT + 400, 8), words(&[0, 0]));
    assert_eq!(mem(&o, OUT + 416, 8), words(&[13, 23]));
}

/// Each level of `deep` waits for the next: out[200 + d] = 4 - d; and
/// 25 grids nested (depths 0 to 24, CUDA's most) wait the same way.
#[test]
fn device_synchronize_nests() {
    let o = sync(
        "sync-1.ptx",
        &[
            "--entry",
            "deep",
            "--set",
            "deep_param_0=0x1000",
            "--set",
            "deep_param_1=0",
        ],
    );
    assert_eq!(mem(&o, OUT + 800, 16), words(&[4, 3, 2, 1]));
    let src = edit(
        SYNC,
        "setp.gt.s32 %p1, %r1, 2;",
        "setp.gt.s32 %p1, %r1, 23;",
    );
    let o = run_src(
        "cdp1-deep.ptx",
        &src,
        &[
            "--entry",
            "deep",
            "--set",
            "deep_param_0=0x1000",
            "--set",
            "deep_param_1=0",
        ],
    );
    let want: Vec<u32> = (0..25).map(|d| 25 - d).collect();
    assert_eq!(u32s(&mem(&o, OUT + 800, 100)), want);
}

/// sm_90 and later have no device-side cudaDeviceSynchronize; an error in
/// a grid run at the call names that grid and keeps what ran before.
#[test]
fn device_synchronize_errors() {
    let o = sync(
        "sync-2.ptx",
        &[
            "--device",
            "sm_90",
            "--entry",
            "deep",
            "--set",
            "deep_param_0=0x1000",
            "--set",
            "deep_param_1=0",
        ],
    );
    fails_with(&o, |e| {
        e.contains("device-side cudaDeviceSynchronize does not run on sm_90")
            && e.contains("help: run it as an older device (--device sm_80)")
    });
    let src = edit(
        SYNC,
        "    mad.lo.s32 %r3, %r1, 10, %r2;",
        "    mad.lo.s32 %r3, %r1, 10, %r2;\n    ld.global.u32 %r4, [%rd2+4096];",
    );
    let o = run_src(
        "cdp1-bad.ptx",
        &src,
        &[
            "--entry",
            "sync_parent",
            "--set",
            "sync_parent_param_0=0x1000",
            "--json",
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let e = &v["errors"][0];
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("of a child grid of `fill` (nested 1 deep)"),
        "{stdout}"
    );
    // The parent's store before the launch is not there (it stores after);
    // the parameter buffer it filled is.
    let memory = v["memory"].as_array().unwrap();
    assert!(
        memory.iter().any(|m| m["address"] == "0x1fffffff00000000"),
        "{stdout}"
    );
}

/// Copies and sets the device runtime refuses, and one that reads memory
/// never written.
#[test]
fn copies_check_their_arguments() {
    // cudaMemcpyHostToDevice (1) from the device: cudaErrorInvalidMemcpyDirection.
    let src = edit(
        RUNTIME,
        "    st.param.b32 [param3+0], 3;",
        "    st.param.b32 [param3+0], 1;",
    );
    let o = runtime("rt-2", &src);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("`call __cudaCDP2MemcpyAsync` returns cudaError 21 (cudaErrorInvalidMemcpyDirection): kind 1"),
        "{stderr}"
    );
    assert!(!text(&o).0.contains("mem[0x1088"), "no copy ran");
    // A source never written: an error at the call, after the grids before it.
    let src = edit(
        RUNTIME,
        "    add.s64 %rd16, %rd1, 136;",
        "    add.s64 %rd16, %rd1, 136;\n    add.s64 %rd14, %rd1, 0x100000;",
    );
    let o = runtime("rt-3", &src);
    fails_with(&o, |e| {
        e.contains("`__cudaCDP2MemcpyAsync`, run after the grid that called it: the source byte at 0x101000 was never given or written (row 0, byte 0)")
    });
    // A stream never created.
    let src = edit(
        RUNTIME,
        "call.uni (retval0), __cudaCDP2MemsetAsync, (param0, param1, param2, param3);",
        "call.uni (retval0), __cudaCDP2MemsetAsync, (param0, param1, param2, param0);",
    );
    let o = runtime("rt-4", &src);
    let (stdout, stderr) = text(&o);
    assert!(
        stderr.contains("`call __cudaCDP2MemsetAsync` returns cudaError 400"),
        "{stderr}"
    );
    assert!(!stdout.contains("5a 5a"), "{stdout}");
}

/// cudaGetErrorString has CUDA's text where ptxfp knows it, and says so
/// where it does not; an unknown code is an error too.
#[test]
fn error_names_and_strings() {
    let src = RUNTIME.replace("__cudaCDP2GetErrorName", "__cudaCDP2GetErrorString");
    let o = runtime("rt-5", &src);
    // "invalid resource handle".
    assert_eq!(mem(&o, OUT + 200, 8), *b"invalid ");
    for (code, says) in [
        (
            "69",
            "ptxfp does not have CUDA's text for cudaErrorLaunchPendingCountExceeded (69)",
        ),
        ("12345", "ptxfp does not know the cudaError_t code 12345"),
    ] {
        let src = edit(
            &src,
            "    st.param.b32 [param0+0], 400;",
            &format!("    st.param.b32 [param0+0], {code};"),
        );
        fails_with(&runtime("rt-6", &src), |e| e.contains(says));
    }
}

/// Each byte a copy or set writes is a step: a set of 100,000 bytes
/// stops at `--max-steps 50000` with an error at its call.
#[test]
fn copies_count_against_max_steps() {
    let src = edit(
        RUNTIME,
        "    .param .b64 param2;\n    st.param.b64 [param2+0], 8;",
        "    .param .b64 param2;\n    st.param.b64 [param2+0], 100000;",
    );
    let o = run_src(
        "rt-steps.ptx",
        &src,
        &[
            "--entry",
            "runtime",
            "--set",
            "runtime_param_0=0x1000",
            "--max-steps",
            "50000",
        ],
    );
    fails_with(&o, |e| {
        e.contains("the run reached --max-steps 50000 thread-instructions in `__cudaCDP2MemsetAsync` (1 rows of 100000 bytes")
    });
}

/// A set's pages count against `--max-memory`: 2,000,000 bytes fit the
/// check at the call (at most the limit), and with the kernel's own pages
/// the run holds more than 2,000,100.
#[test]
fn copies_count_against_max_memory() {
    let src = edit(
        RUNTIME,
        "    .param .b64 param2;\n    st.param.b64 [param2+0], 8;",
        "    .param .b64 param2;\n    st.param.b64 [param2+0], 2000000;",
    );
    let o = run_src(
        "rt-memory.ptx",
        &src,
        &[
            "--entry",
            "runtime",
            "--set",
            "runtime_param_0=0x1000",
            "--max-memory",
            "2000100",
        ],
    );
    fails_with(&o, |e| {
        e.contains("the run's memory reached --max-memory 2000100 bytes in `__cudaCDP2MemsetAsync`, run after the grid that called it")
    });
}

/// Streams created in a loop and never destroyed: the 65,537th is
/// refused with cudaErrorMemoryAllocation (2), so the run's memory stays
/// bounded; the count of refusals is 1 and the last error is 2.
#[test]
fn streams_alive_at_once_are_bounded() {
    let src = r#".version 8.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) __cudaCDP2StreamCreateWithFlags
(
    .param .b64 __cudaCDP2StreamCreateWithFlags_param_0,
    .param .b32 __cudaCDP2StreamCreateWithFlags_param_1
)
;
.visible .entry make(.param .u64 out)
{
    .local .align 8 .b8 depot[8];
    .reg .pred %p<3>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u64 %rd2, depot;
    cvta.local.u64 %rd3, %rd2;
    mov.u32 %r1, 0;
    mov.u32 %r2, 0;
    mov.u32 %r5, 0;
$L__loop:
    {
    .param .b64 param0;
    st.param.b64 [param0+0], %rd3;
    .param .b32 param1;
    st.param.b32 [param1+0], 1;
    .param .b32 retval0;
    call.uni (retval0), __cudaCDP2StreamCreateWithFlags, (param0, param1);
    ld.param.b32 %r3, [retval0+0];
    }
    setp.ne.s32 %p1, %r3, 0;
    selp.u32 %r4, 1, 0, %p1;
    add.s32 %r2, %r2, %r4;
    @%p1 mov.u32 %r5, %r3;
    add.s32 %r1, %r1, 1;
    setp.lt.u32 %p2, %r1, 65537;
    @%p2 bra $L__loop;
    st.global.u32 [%rd1], %r2;
    st.global.u32 [%rd1+4], %r5;
    ret;
}
"#;
    let o = run_src(
        "rt-streams.ptx",
        src,
        &["--entry", "make", "--set", "out=0x1000"],
    );
    assert_eq!(mem(&o, OUT, 8), words(&[1, 2]));
    let (_, stderr) = text(&o);
    assert!(
        stderr.contains("returns cudaError 2 (cudaErrorMemoryAllocation): 65536 streams are alive"),
        "{stderr}"
    );
}

/// Each child grid's start counts `GRID_START_STEPS` (4,096)
/// thread-instructions, so a run that launches grids without end stops at
/// `--max-steps` in about the time its steps take: cdp.ptx's parent of 3
/// CTAs launches 3 children and a grandchild, 16,384 steps of starts.
#[test]
fn grid_starts_count_against_max_steps() {
    let args = |steps: &'static str| {
        vec![
            "--entry",
            "parent",
            "--grid",
            "3",
            "--block",
            "4",
            "--set",
            "parent_param_0=0x1000",
            "--max-steps",
            steps,
        ]
    };
    // The kernels' own steps are a few hundred: 20,000 is enough for all,
    // the grandchild too (900 + i + out[201], which is 2000).
    let o = run_src("rt-grids-ok.ptx", CDP, &args("20000"));
    assert_eq!(mem(&o, OUT + 400, 8), words(&[2900, 2901]));
    let o = run_src("rt-grids.ptx", CDP, &args("10000"));
    fails_with(&o, |e| {
        e.contains("the run reached --max-steps 10000 thread-instructions starting a child grid of `child` launched here (each grid's start counts 4096 thread-instructions)")
    });
}

/// cdp-copy3d.ptx, or a variant of it.
fn copy3d(name: &str, src: &str) -> std::process::Output {
    launch("copy3d", name, src)
}

/// `cudaMemcpy3DAsync` and `cudaMemset3DAsync` between pitched slices,
/// and `cudaRuntimeGetVersion`: cdp-copy3d.ptx's header works out each
/// byte.
#[test]
fn copies_and_sets_in_3d_and_the_runtime_version() {
    let o = copy3d("c3-0", COPY3D);
    // buf[i] = i below 64: the copy's source, untouched.
    assert_eq!(mem(&o, OUT, 64), (0..64u8).collect::<Vec<_>>());
    // Row r of slice z, 3 bytes from 9 + 32z + 8r, at 64 + 12z + 4r.
    let copied: Vec<u8> = [
        [9, 10, 11, 67],
        [17, 18, 19, 71],
        [72, 73, 74, 75],
        [41, 42, 43, 79],
        [49, 50, 51, 83],
        [84, 85, 86, 87],
    ]
    .concat();
    assert_eq!(mem(&o, OUT + 64, 24), copied);
    // 0x77 in the first 2 bytes of rows 0 and 1 of slices 0 and 1 at
    // 96 + 12z + 4r; row 2 of slice 0 (104..108) untouched.
    let set: Vec<u8> = [
        [0x77, 0x77, 0x62, 0x63],
        [0x77, 0x77, 0x66, 0x67],
        [0x68, 0x69, 0x6a, 0x6b],
        [0x77, 0x77, 0x6e, 0x6f],
        [0x77, 0x77, 0x72, 0x73],
    ]
    .concat();
    assert_eq!(mem(&o, OUT + 96, 20), set);
    // cudaSuccess three times; CUDA 12.0 wrote PTX ISA 8.0.
    assert_eq!(mem(&o, OUT + 128, 16), words(&[0, 0, 0, 12000]));
    // PTX ISA 8.6 came with CUDA 12.7 (there is no 8.x of 12.6), 7.0 with
    // 11.0.
    for (version, cuda) in [("8.6", 12070), ("7.0", 11000)] {
        let src = edit(
            COPY3D,
            "\n.version 8.0\n",
            &format!("\n.version {version}\n"),
        );
        let o = copy3d("c3-version", &src);
        assert_eq!(mem(&o, OUT + 140, 4), words(&[cuda]), "{version}");
    }
}

/// A row wider than its pitch is cudaErrorInvalidPitchValue (12), and
/// nothing is copied; a CUDA array is an error ptxfp names.
#[test]
fn a_3d_copy_checks_its_pitches_and_refuses_arrays() {
    // extent.width 9 > the source's pitch 8.
    let src = edit(
        COPY3D,
        "st.local.u64 [%SPL+128], 3;",
        "st.local.u64 [%SPL+128], 9;",
    );
    let o = copy3d("c3-pitch", &src);
    assert_eq!(mem(&o, OUT + 128, 4), words(&[12]));
    assert_eq!(mem(&o, OUT + 64, 24), (64..88u8).collect::<Vec<_>>());
    let (_, stderr) = text(&o);
    assert!(
        stderr.contains("`call __cudaCDP2Memcpy3DAsync` returns cudaError 12 (cudaErrorInvalidPitchValue): a row of 9 bytes is wider than its pitch"),
        "{stderr}"
    );
    // srcArray = 0x1000.
    let src = edit(
        COPY3D,
        "    st.local.u64 [%SPL+8], 1;",
        "    st.local.u64 [%SPL+0], %rd1;\n    st.local.u64 [%SPL+8], 1;",
    );
    let o = copy3d("c3-array", &src);
    fails_with(&o, |e| {
        e.contains(
            "`call __cudaCDP2Memcpy3DAsync`: `srcArray` is 0x1000: ptxfp models no CUDA arrays",
        )
    });
    // A source that runs into bytes never written is an error at the
    // call that names the slice. With srcPtr.ysize 16, slices are 128
    // bytes apart: slice 1's row 0 starts at 9 + 128 = 137, in out[2]
    // (buf[128..144] is out[0..4], written by the grid before the copy
    // runs), and its row 1 at 145 = 0x91, never written.
    let src = edit(
        COPY3D,
        "st.local.u64 [%SPL+56], 4;",
        "st.local.u64 [%SPL+56], 16;",
    );
    let o = copy3d("c3-unwritten", &src);
    fails_with(&o, |e| {
        e.contains("`__cudaCDP2Memcpy3DAsync`, run after the grid that called it: the source byte at 0x1091 was never given or written (slice 1, row 1, byte 0)")
    });
}

/// The runtime functions whose answer depends on ptxas (function
/// attributes, occupancy) or on the host (a device graph launch) are
/// errors that say why, not calls of undefined functions.
#[test]
fn runtime_functions_ptxfp_cannot_answer_are_errors_that_say_why() {
    let kernel = |decl: &str, call: &str| {
        format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n{decl}\n.visible .entry k(.param .u64 k_param_0)\n{{\n.reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nld.param.u64 %rd1, [k_param_0];\n{call}\nret;\n}}\n"
        )
    };
    let cases = [
        (
            ".extern .func (.param .b32 func_retval0) __cudaCDP2FuncGetAttributes(.param .b64 a, .param .b64 b);",
            "{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd1;\n.param .b64 param1;\nst.param.b64 [param1+0], %rd1;\n.param .b32 retval0;\ncall.uni (retval0), __cudaCDP2FuncGetAttributes, (param0, param1);\nld.param.b32 %r1, [retval0+0];\n}",
            "`call __cudaCDP2FuncGetAttributes`: ptxfp does not run this CUDA runtime function: its answer depends on how ptxas compiles the kernel",
        ),
        (
            ".extern .func (.param .b32 func_retval0) __cudaCDP2OccupancyMaxActiveBlocksPerMultiprocessor(.param .b64 a, .param .b64 b, .param .b32 c, .param .b64 d);",
            "{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd1;\n.param .b64 param1;\nst.param.b64 [param1+0], %rd1;\n.param .b32 param2;\nst.param.b32 [param2+0], 128;\n.param .b64 param3;\nst.param.b64 [param3+0], 0;\n.param .b32 retval0;\ncall.uni (retval0), __cudaCDP2OccupancyMaxActiveBlocksPerMultiprocessor, (param0, param1, param2, param3);\nld.param.b32 %r1, [retval0+0];\n}",
            "ptxfp does not run this CUDA runtime function: its answer depends on how ptxas compiles the kernel",
        ),
        (
            ".extern .func (.param .b32 func_retval0) cudaGraphLaunch(.param .b64 a, .param .b64 b);",
            "{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd1;\n.param .b64 param1;\nst.param.b64 [param1+0], 0;\n.param .b32 retval0;\ncall.uni (retval0), cudaGraphLaunch, (param0, param1);\nld.param.b32 %r1, [retval0+0];\n}",
            "`call cudaGraphLaunch`: ptxfp does not run this CUDA runtime function: a kernel launches only a graph the host instantiated",
        ),
    ];
    for (k, (decl, call, why)) in cases.iter().enumerate() {
        let o = run_src(
            &format!("rt-not-run-{k}.ptx"),
            &kernel(decl, call),
            &["--set", "k_param_0=0x1000"],
        );
        fails_with(&o, |e| e.contains(why));
    }
}
