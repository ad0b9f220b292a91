//! Dynamic parallelism through the binary (docs/ENGINE.md "Dynamic
//! parallelism"): examples/kernels/cdp.ptx, a parent whose CTAs each
//! launch a child grid (cudaGetParameterBufferV2 + cudaLaunchDeviceV2, and
//! the older cudaGetParameterBuffer + cudaLaunchDevice), one of which
//! launches a grandchild. Every expected word is worked out here from the
//! kernels' CUDA source (the file's header), never taken from ptxfp.

mod common;
use common::{fails_with, mem, run_src, text, u32s, words};

const CDP: &str = include_str!("../../../examples/kernels/cdp.ptx");
const OUT: u64 = 0x1000;

/// The parent over `--grid 3 --block 4`: out[200 + b] = 1000(b + 1);
/// child b's threads i < 4(b + 1) write out[16b + i] = 100(b + 1) + i +
/// 1000(b + 1), reading the word its parent wrote before the launch; the
/// grandchild of child 1 (tag 2) writes out[16 + 84 + i] = 900 + i + 2000.
#[test]
fn child_grids_run_after_their_parent_and_see_its_writes() {
    let args = [
        "--entry",
        "parent",
        "--grid",
        "3",
        "--block",
        "4",
        "--set",
        "parent_param_0=0x1000",
    ];
    let o = run_src("cdp.ptx", CDP, &args);
    for b in 0..3u32 {
        let n = 4 * (b + 1);
        let want: Vec<u32> = (0..n).map(|i| 100 * (b + 1) + i + 1000 * (b + 1)).collect();
        assert_eq!(
            u32s(&mem(&o, OUT + 64 * u64::from(b), 4 * n as usize)),
            want,
            "child {b}"
        );
    }
    assert_eq!(mem(&o, OUT + 800, 12), words(&[1000, 2000, 3000]));
    assert_eq!(mem(&o, OUT + 400, 8), words(&[2900, 2901]));
    // Nothing else of out: child 0 wrote 4 words of its 16, and the
    // grandchild only 2.
    let (stdout, _) = text(&o);
    assert!(stdout.contains("mem[0x1000..0x1010]"), "{stdout}");
    assert!(stdout.contains("mem[0x1190..0x1198]"), "{stdout}");
    // The same run twice gives the same output.
    assert_eq!(o.stdout, run_src("cdp.ptx", CDP, &args).stdout);
}

/// cudaGetParameterBuffer(alignment, size) and cudaLaunchDevice(func,
/// buffer, grid, block, shared, stream): child<<<2, 4>>>(out, 5, out +
/// 200) with out[200] = 7000: out[i] = 500 + i + 7000.
#[test]
fn the_older_launch_functions_run_too() {
    let o = run_src(
        "cdp-v1.ptx",
        CDP,
        &["--entry", "parent_v1", "--set", "parent_v1_param_0=0x1000"],
    );
    let want: Vec<u32> = (0..8).map(|i| 500 + i + 7000).collect();
    assert_eq!(u32s(&mem(&o, OUT, 32)), want);
}

/// Launches CUDA refuses return its error code, with a warning at the
/// call, and run nothing: a kernel address that is no `.entry`
/// (cudaErrorInvalidDeviceFunction, 98) and a block of 2048 threads
/// (cudaErrorInvalidConfiguration, 9). The parent's own word is still
/// written.
#[test]
fn refused_launches_return_cuda_errors() {
    for (from, to, code) in [
        ("    mov.u64 %rd5, child;", "    mov.u64 %rd5, 16;", 98),
        ("    mov.u32 %r6, 4;", "    mov.u32 %r6, 2048;", 9),
    ] {
        let src = CDP.replacen(from, to, 1);
        assert_ne!(src, CDP);
        // The launch's return value stored where out[300] is.
        let src = src.replacen(
            "    ld.param.b32 %r7, [retval0+0];\n    }",
            "    ld.param.b32 %r7, [retval0+0];\n    }\n    st.global.u32 [%rd2+1200], %r7;",
            1,
        );
        let o = run_src(
            "cdp-refused.ptx",
            &src,
            &["--entry", "parent", "--set", "parent_param_0=0x1000"],
        );
        let (stdout, stderr) = text(&o);
        assert!(
            stderr.contains(&format!(
                "warning: `call cudaLaunchDeviceV2` returns cudaError {code} ("
            )) && stderr.contains("the launch is refused: "),
            "{stderr}"
        );
        assert_eq!(mem(&o, OUT + 1200, 4), words(&[code]));
        assert_eq!(mem(&o, OUT + 800, 4), words(&[1000]));
        assert!(!stdout.contains("mem[0x1000..0x1010]"), "{stdout}");
    }
}

/// A child that launches itself from every grid nests without end: the
/// 25th level is the error CUDA's hardware limit gives; an error in a
/// child grid says which grid it is.
#[test]
fn nesting_is_bounded_and_child_errors_name_their_grid() {
    let deep = CDP.replacen(
        "    setp.ne.s32 %p1, %r1, 2;",
        "    setp.eq.s32 %p1, %r1, -1;",
        1,
    );
    let args = ["--entry", "parent", "--set", "parent_param_0=0x1000"];
    let o = run_src("cdp-deep.ptx", &deep, &args);
    fails_with(&o, |e| {
        e.contains("a grid nested 24 deep launches another: CUDA nests grids at most 24 deep")
    });
    let bad = CDP.replacen(
        "    ld.global.u32 %r6, [%rd4];",
        "    ld.global.u32 %r6, [%rd4+4096];",
        1,
    );
    let o = run_src("cdp-bad.ptx", &bad, &args);
    fails_with(&o, |e| {
        e.contains("never given or written")
            && e.contains("of a child grid of `child` (nested 1 deep)")
    });
}

/// Global variables keep what the grids before wrote: `first` (declared
/// before both kernels) and `late` (declared between them, so that the
/// child's variables are laid out where the parent's were) count 5 + 1 by
/// the parent's thread, then + 10 by each of the child's 2 threads; the
/// child stores what it read.
#[test]
fn global_variables_carry_over_to_child_grids() {
    let src = r#".version 7.0
.target sm_70
.address_size 64
.extern .func (.param .b64 r) cudaGetParameterBufferV2(.param .b64 f, .param .align 4 .b8 g[12], .param .align 4 .b8 b[12], .param .b32 s);
.extern .func (.param .b32 r) cudaLaunchDeviceV2(.param .b64 p, .param .b64 s);
.global .u32 first = 5;
.visible .entry kid(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    atom.global.add.u32 %r2, [first], 10;
    atom.global.add.u32 %r3, [late], 10;
    mul.wide.u32 %rd2, %r1, 8;
    add.s64 %rd3, %rd1, %rd2;
    st.global.v2.u32 [%rd3], {%r2, %r3};
    ret;
}
.global .u32 late = 7;
.visible .entry dad(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    atom.global.add.u32 %r1, [first], 1;
    atom.global.add.u32 %r1, [late], 1;
    mov.u64 %rd2, kid;
    mov.u32 %r2, 1;
    mov.u32 %r3, 2;
    {
    .param .b64 p0; st.param.b64 [p0], %rd2;
    .param .align 4 .b8 p1[12]; st.param.b32 [p1], %r2; st.param.b32 [p1+4], %r2; st.param.b32 [p1+8], %r2;
    .param .align 4 .b8 p2[12]; st.param.b32 [p2], %r3; st.param.b32 [p2+4], %r2; st.param.b32 [p2+8], %r2;
    .param .b32 p3; st.param.b32 [p3], 0;
    .param .b64 r0;
    call.uni (r0), cudaGetParameterBufferV2, (p0, p1, p2, p3);
    ld.param.b64 %rd3, [r0];
    }
    st.u64 [%rd3], %rd1;
    {
    .param .b64 p0; st.param.b64 [p0], %rd3;
    .param .b64 p1; st.param.b64 [p1], 0;
    .param .b32 r0;
    call.uni (r0), cudaLaunchDeviceV2, (p0, p1);
    }
    ret;
}
"#;
    let o = run_src(
        "cdp-globals.ptx",
        src,
        &["--entry", "dad", "--set", "out=0x1000", "--json"],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    // first: 5 + 1 = 6 when the child starts; late: 7 + 1 = 8.
    let want = common::hex(&words(&[6, 8, 16, 18]));
    let mem = v["memory"].as_array().unwrap();
    assert!(
        mem.iter()
            .any(|m| m["address"] == "0x1000" && m["bytes"] == want),
        "{stdout}"
    );
}

/// `%gridid` counts the grids in the order they run, depth first: the
/// parent 0, its children in launch order, each followed by its own
/// children: CTA 0's child 1, CTA 1's child 2, that child's grandchild 3,
/// CTA 2's child 4 (each child adds it in place of the word its parent
/// wrote).
#[test]
fn gridid_counts_the_grids_in_run_order() {
    let src = CDP.replacen(
        "    ld.global.u32 %r6, [%rd4];",
        "    mov.u32 %r6, %gridid;",
        1,
    );
    let o = run_src(
        "cdp-gridid.ptx",
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
    for (b, id) in [(0u32, 1), (1, 2), (2, 4)] {
        let n = 4 * (b + 1);
        let want: Vec<u32> = (0..n).map(|i| 100 * (b + 1) + i + id).collect();
        assert_eq!(
            u32s(&mem(&o, OUT + 64 * u64::from(b), 4 * n as usize)),
            want
        );
    }
    assert_eq!(mem(&o, OUT + 400, 8), words(&[903, 904]));
}
