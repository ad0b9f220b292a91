//! The CUDA device runtime's functions that nvcc's PTX calls, through the
//! binary: `vprintf` (device `printf`), `malloc` and `free`, and
//! `__assertfail` (a failed `assert()`), on kernels in nvcc's shape
//! (examples/kernels/printf.ptx, heap.ptx, assert.ptx, whose header
//! comments give their CUDA source) and on small snippets.
//!
//! Every expected `printf` text is the C library's (glibc 2.36, Debian 12,
//! x86-64), printed by calling its snprintf from Python with ctypes, the
//! one-liner beside each; never ptxfp's output. Heap addresses follow from
//! the documented rules (docs/ENGINE.md "The CUDA device runtime").

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn kernel(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/kernels")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

/// `ptxfp ARGS`, with `stdin` as standard input.
fn ptxfp(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&out(o).0).unwrap_or_else(|e| panic!("{e}: {:?}", out(o)))
}

/// `mem[A..B] = xx xx ...` of `bytes` at `addr`, as `ptxfp run` prints it.
fn mem_line(addr: u64, bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "mem[{addr:#x}..{:#x}] = {}\n",
        addr + bytes.len() as u64,
        hex.join(" ")
    )
}

const HEAP: u64 = 0x2000_0000_0000_0000;

/// The printf.ptx launch: two CTAs of two threads, v = {-3, 10, 7, 1000}.
fn show(extra: &[&str]) -> Output {
    let k = kernel("printf.ptx");
    let mut args = vec![
        "run",
        &k,
        "--grid",
        "2",
        "--block",
        "2",
        "--set",
        "_Z4showPKiPi_param_0=0x1000",
        "--set",
        "_Z4showPKiPi_param_1=0x2000",
        "--mem",
        "0x1000=fdffffff0a00000007000000e8030000",
    ];
    args.extend(extra);
    ptxfp(&args, None)
}

/// What printf.ptx's threads print: per thread i (CTA b, thread t, value
/// v), `printf("b%d t%d v=%d x=%#x f=%f g=%g e=%.3e s=%s c=%c l=%ld %%\n",
/// b, t, v, v, v * 0.25, v * 0.25, v * 0.25, "xyz", 'A' + i, v * 1e9L)`:
///   python3 -c "import ctypes as C; L=C.CDLL(None); b=C.create_string_buffer(200)
///   for i,(B,t,v) in enumerate([(0,0,-3),(0,1,10),(1,0,7),(1,1,1000)]): L.snprintf(b, 200, b'b%d t%d v=%d x=%#x f=%f g=%g e=%.3e s=%s c=%c l=%ld %%\n', C.c_int(B), C.c_int(t), C.c_int(v), C.c_int(v), C.c_double(v*0.25), C.c_double(v*0.25), C.c_double(v*0.25), b'xyz', C.c_int(65+i), C.c_long(v*10**9)); print(repr(b.value))"
const SHOWN: [&str; 4] = [
    "b0 t0 v=-3 x=0xfffffffd f=-0.750000 g=-0.75 e=-7.500e-01 s=xyz c=A l=-3000000000 %\n",
    "b0 t1 v=10 x=0xa f=2.500000 g=2.5 e=2.500e+00 s=xyz c=B l=10000000000 %\n",
    "b1 t0 v=7 x=0x7 f=1.750000 g=1.75 e=1.750e+00 s=xyz c=C l=7000000000 %\n",
    "b1 t1 v=1000 x=0x3e8 f=250.000000 g=250 e=2.500e+02 s=xyz c=D l=1000000000000 %\n",
];

/// Device printf prints what the host's C library prints, in the engine's
/// order (CTA by CTA, in a warp lane by lane), before the run's report;
/// it returns the number of arguments: 10, and 0 without any.
#[test]
fn printf_prints_as_the_c_library_in_thread_order() {
    let o = show(&[]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "");
    let end = "-- end of CTA\n";
    let mut returns = vec![10u8, 0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0, 10, 0, 0, 0];
    returns.extend([0; 8]);
    let want =
        [SHOWN[0], SHOWN[1], end, SHOWN[2], SHOWN[3], end].concat() + &mem_line(0x2000, &returns);
    assert_eq!(stdout, want);
}

/// `--json`: one entry per call, with its place and thread; the run's
/// other fields as before.
#[test]
fn printf_json_has_each_call_with_its_thread() {
    let o = show(&["--json"]);
    assert_eq!(o.status.code(), Some(0), "{:?}", out(&o));
    let v = json(&o);
    let k = kernel("printf.ptx");
    let call = |ctaid: u32, tid: u32, line: u32, text: &str| {
        serde_json::json!({
            "location": format!("{k}:{line}:1"),
            "ctaid": [ctaid, 0, 0],
            "tid": [tid, 0, 0],
            "text": text,
        })
    };
    let end = "-- end of CTA\n";
    assert_eq!(
        v["printf"],
        serde_json::json!([
            call(0, 0, 92, SHOWN[0]),
            call(0, 1, 92, SHOWN[1]),
            call(0, 0, 115, end),
            call(1, 0, 92, SHOWN[2]),
            call(1, 1, 92, SHOWN[3]),
            call(1, 0, 115, end),
        ])
    );
    assert_eq!(v["assertions"], serde_json::json!([]));
    assert_eq!(v["memory"][0]["address"], "0x2000");
}

/// With --trace the text comes where the call ran, among the trace lines.
#[test]
fn printf_text_is_in_its_place_in_a_trace() {
    let src = ".extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);
.global .align 1 .b8 fmt[4] = {104, 105, 10, 0};
.entry k()
{
.reg .b64 %rd1;
.reg .b32 %r1;
mov.u64 %rd1, fmt;
{
.param .b64 param0;
st.param.b64 [param0], %rd1;
.param .b64 param1;
st.param.b64 [param1], 0;
.param .b32 retval0;
call.uni (retval0), vprintf, (param0, param1);
ld.param.b32 %r1, [retval0];
}
}
";
    let o = ptxfp(&["run", "--trace", "-"], Some(src));
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("call.uni (retval0), vprintf"))
        .unwrap();
    assert_eq!(lines[at + 1], "hi");
    assert!(lines[at + 2].starts_with("trace <stdin>:15:1: ld.param.b32"));
}

/// A one-thread snippet calling `vprintf` with format `fmt` (a `.global`
/// string) and the bytes `args` as its argument buffer (`.local`), its
/// return value in %r1.
fn printf_snippet(fmt: &str, args: &[u8]) -> String {
    let mut f: Vec<String> = fmt.bytes().map(|b| b.to_string()).collect();
    f.push("0".into());
    let n = args.len().max(1);
    let a: Vec<String> = args.iter().map(|b| b.to_string()).collect();
    let init = if args.is_empty() {
        String::new()
    } else {
        format!(" = {{{}}}", a.join(", "))
    };
    format!(
        ".extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);
.global .align 1 .b8 fmt[{}] = {{{}}};
.global .align 8 .b8 buf[{n}]{init};
.entry k()
{{
.reg .b64 %rd<3>;
.reg .b32 %r1;
mov.u64 %rd1, fmt;
mov.u64 %rd2, buf;
{{
.param .b64 param0;
st.param.b64 [param0], %rd1;
.param .b64 param1;
st.param.b64 [param1], %rd2;
.param .b32 retval0;
call.uni (retval0), vprintf, (param0, param1);
ld.param.b32 %r1, [retval0];
}}
}}
",
        f.len(),
        f.join(", ")
    )
}

/// The argument buffer as nvcc packs it: an int at 0, then 4 bytes of
/// padding, a double at 8.
#[test]
fn printf_reads_its_arguments_aligned_to_their_size() {
    // python3 -c "import ctypes as C; b=C.create_string_buffer(99); C.CDLL(None).snprintf(b, 99, b'%d|%5.1f|%%\n', C.c_int(7), C.c_double(2.25)); print(repr(b.value))"
    let mut args = 7i32.to_le_bytes().to_vec();
    args.extend([0xee; 4]);
    args.extend(2.25f64.to_le_bytes());
    let o = ptxfp(&["run", "-"], Some(&printf_snippet("%d|%5.1f|%%\n", &args)));
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stdout.starts_with("7|  2.2|%\n"), "{stdout}");
    // Two arguments.
    assert!(stdout.contains("%r1 = 0x00000002  b32\n"), "{stdout}");
}

/// The CUDA C++ Programming Guide: "If the format string is NULL, -1 is
/// returned."
#[test]
fn printf_of_a_null_format_returns_minus_one() {
    let src = printf_snippet("x", &[]).replace("mov.u64 %rd1, fmt;", "mov.u64 %rd1, 0;");
    let o = ptxfp(&["run", "-"], Some(&src));
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stdout.starts_with("%rd1 = 0x0000000000000000"), "{stdout}");
    assert!(stdout.contains("%r1 = 0xffffffff  b32\n"), "{stdout}");
}

/// What cannot be printed stops the run with an error at the call, naming
/// the thread in a launch of several.
#[test]
fn printf_errors_name_the_line_and_the_thread() {
    let error = |src: &str, extra: &[&str]| -> String {
        let mut args = vec!["run", "-"];
        args.extend(extra);
        let o = ptxfp(&args, Some(src));
        assert_eq!(o.status.code(), Some(2), "{:?}", out(&o));
        out(&o).1.lines().next().unwrap().to_string()
    };
    // A format string in memory never written.
    let src = printf_snippet("x", &[]).replace("mov.u64 %rd1, fmt;", "mov.u64 %rd1, 0x5000;");
    assert_eq!(
        error(&src, &["--block", "2"]),
        "<stdin>:16:1: error: `call vprintf`: the format string at 0x5000: memory at 0x5000 was never given or written (thread (0,0,0) of CTA (0,0,0))"
    );
    // An argument the buffer does not hold (never written).
    let src = printf_snippet("%d %ld\n", &[1, 0, 0, 0]);
    assert_eq!(
        error(&src, &[]),
        "<stdin>:16:1: error: `call vprintf`: the argument of `%ld` (8 bytes at offset 8 of the argument buffer): memory at 0x10000408 was never given or written"
    );
    // Arguments without a buffer.
    let src = printf_snippet("%d\n", &[]).replace("mov.u64 %rd2, buf;", "mov.u64 %rd2, 0;");
    assert_eq!(
        error(&src, &[]),
        "<stdin>:16:1: error: `call vprintf`: `%d` needs an argument, but the argument buffer is a null pointer (the call passed none)"
    );
    // Not CUDA's grammar.
    let src = printf_snippet("%.*f\n", &[1, 0, 0, 0]);
    assert!(error(&src, &[]).starts_with(
        "<stdin>:16:1: error: `call vprintf`: `%.*`: a precision taken from an argument (`.*`) is not CUDA's"
    ));
}

/// What a kernel printed before a run-time error is printed (on stdout, as
/// it ran), and in `--json` it is in the error object.
#[test]
fn printf_output_before_a_runtime_error_is_kept() {
    let src = printf_snippet("before\n", &[]).replace(
        "ld.param.b32 %r1, [retval0];\n}\n",
        "ld.param.b32 %r1, [retval0];\n}\nld.global.u32 %r1, [0x5000];\n",
    );
    let o = ptxfp(&["run", "-"], Some(&src));
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout, "before\n");
    assert!(
        stderr.starts_with("<stdin>:19:20: error: `ld.global.u32` reads 4 bytes at 0x5000"),
        "{stderr}"
    );
    let o = ptxfp(&["run", "--json", "-"], Some(&src));
    assert_eq!(o.status.code(), Some(2));
    let v = json(&o);
    assert_eq!(
        v["printf"],
        serde_json::json!([{"location": "<stdin>:16:1", "ctaid": [0, 0, 0], "tid": [0, 0, 0], "text": "before\n"}])
    );
    assert_eq!(v["errors"][0]["location"], "<stdin>:19:20");
}

/// heap.ptx: four threads' 16-byte blocks one after the other from the
/// heap's start; thread 0's freed, malloc(20) gets the block after the
/// four, malloc(8) thread 0's again, 8 MiB does not fit (NULL). Thread 0's
/// block was freed: its bytes are not in the memory written.
#[test]
fn malloc_gives_first_fit_blocks_and_free_gives_them_back() {
    let run = |extra: &[&str]| {
        let k = kernel("heap.ptx");
        let mut args = vec![
            "run",
            &k,
            "--block",
            "4",
            "--set",
            "_Z4heapPy_param_0=0x1000",
        ];
        args.extend(extra);
        let o = ptxfp(&args, None);
        let (stdout, stderr) = out(&o);
        assert_eq!(o.status.code(), Some(0), "{stderr}");
        assert_eq!(stderr, "");
        stdout
    };
    let words = |v: &[u64]| -> Vec<u8> { v.iter().flat_map(|w| w.to_le_bytes()).collect() };
    let blocks: String = (1..4u64)
        .map(|t| mem_line(HEAP + 16 * t, &(100 + t as u32).to_le_bytes()))
        .collect();
    let want = mem_line(
        0x1000,
        &words(&[HEAP, HEAP + 16, HEAP + 32, HEAP + 48, HEAP + 64, HEAP, 0]),
    ) + &blocks;
    assert_eq!(run(&[]), want);
    // A heap of 64 bytes: the four blocks fill it; only thread 0's freed
    // block is left, too small for malloc(20).
    let want = mem_line(
        0x1000,
        &words(&[HEAP, HEAP + 16, HEAP + 32, HEAP + 48, 0, HEAP, 0]),
    ) + &blocks;
    assert_eq!(run(&["--malloc-heap-size", "64"]), want);
}

/// A one-thread-per-lane kernel body `body` with `malloc` and `free`
/// declared, `%rd<9>` and `%r<4>` registers, `%p<2>` predicates.
fn heap_snippet(body: &str) -> String {
    format!(
        ".extern .func (.param .b64 r) malloc(.param .b64 n);
.extern .func free(.param .b64 p);
.global .align 8 .u64 g;
.entry k()
{{
.reg .b64 %rd<9>;
.reg .b32 %r<4>;
.reg .pred %p<2>;
{body}}}
"
    )
}

const MALLOC_16: &str = "{
.param .b64 param0;
st.param.b64 [param0], 16;
.param .b64 retval0;
call.uni (retval0), malloc, (param0);
ld.param.b64 %rd1, [retval0];
}
";

const FREE_RD1: &str = "{
.param .b64 param0;
st.param.b64 [param0], %rd1;
call.uni free, (param0);
}
";

/// Thread 0 allocates a block and shares it; every thread frees it:
/// thread 1's is a double free, an error that names it and the line.
#[test]
fn a_double_free_is_an_error_naming_the_thread_and_the_line() {
    let body = format!(
        "mov.u32 %r1, %tid.x;
setp.ne.u32 %p1, %r1, 0;
@%p1 bra SHARED;
{MALLOC_16}st.global.u64 [g], %rd1;
SHARED:
bar.sync 0;
ld.global.u64 %rd1, [g];
{FREE_RD1}"
    );
    let o = ptxfp(&["run", "--block", "2", "-"], Some(&heap_snippet(&body)));
    let (_, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr.starts_with("<stdin>:26:1: error: `call free`: 0x2000000000000000 is freed twice (a double free: the CUDA C++ Programming Guide leaves it undefined) (thread (1,0,0) of CTA (0,0,0))"),
        "{stderr}"
    );
}

/// `free(NULL)` is ignored; `malloc(0)` gives NULL; freeing an address
/// `malloc` did not give is an error.
#[test]
fn free_null_malloc_zero_and_a_foreign_pointer() {
    let body = "mov.u64 %rd1, 0;\n".to_string()
        + FREE_RD1
        + &MALLOC_16.replace("[param0], 16;", "[param0], 0;")
        + "mov.u64 %rd2, %rd1;\n";
    let o = ptxfp(&["run", "-"], Some(&heap_snippet(&body)));
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stdout,
        "%rd1 = 0x0000000000000000  b64\n%rd2 = 0x0000000000000000  u64 0\n"
    );
    let body = format!("{MALLOC_16}add.u64 %rd1, %rd1, 8;\n{FREE_RD1}");
    let o = ptxfp(&["run", "-"], Some(&heap_snippet(&body)));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        out(&o).1.starts_with("<stdin>:20:1: error: `call free`: 0x2000000000000008 is not the address of a block `malloc` gave"),
        "{}",
        out(&o).1
    );
}

/// `__nv_aligned_device_malloc(size, align)` gives a block at a multiple
/// of `align`, first fit, and the bytes it skips stay free for `malloc`;
/// `free` takes its blocks back. An alignment that is not a power of 2 is
/// an error (the guide: "align must be a non-zero power of 2").
#[test]
fn aligned_malloc_gives_blocks_at_multiples_of_the_alignment() {
    let aligned = |size: u64, align: u64, to: &str| {
        format!(
            "{{
.param .b64 param0;
st.param.b64 [param0], {size};
.param .b64 param1;
st.param.b64 [param1], {align};
.param .b64 retval0;
call.uni (retval0), __nv_aligned_device_malloc, (param0, param1);
ld.param.b64 {to}, [retval0];
}}
"
        )
    };
    let decl =
        ".extern .func (.param .b64 r) __nv_aligned_device_malloc(.param .b64 n, .param .b64 a);\n";
    // malloc(16) at the heap's start; 100 bytes at the next multiple of
    // 1024; malloc(16) again fills the gap below it (first fit: at 16);
    // free of the aligned block, and 8 bytes aligned to 512 go to 512.
    let body = format!(
        "{MALLOC_16}mov.u64 %rd3, %rd1;\n{}{MALLOC_16}mov.u64 %rd4, %rd1;\nmov.u64 %rd1, %rd2;\n{FREE_RD1}{}",
        aligned(100, 1024, "%rd2"),
        aligned(8, 512, "%rd5"),
    );
    let o = ptxfp(
        &["run", "-"],
        Some(&(decl.to_string() + &heap_snippet(&body))),
    );
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    for (reg, at) in [("%rd2", 1024), ("%rd3", 0), ("%rd4", 16), ("%rd5", 512)] {
        assert!(
            stdout.contains(&format!("{reg} = {:#018x}", HEAP + at)),
            "{reg}: {stdout}"
        );
    }
    let body = aligned(8, 24, "%rd1");
    let o = ptxfp(
        &["run", "-"],
        Some(&(decl.to_string() + &heap_snippet(&body))),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        out(&o).1.contains(
            "error: `call __nv_aligned_device_malloc`: its alignment 24 is not a power of 2"
        ),
        "{}",
        out(&o).1
    );
}

/// A block's memory holds nothing until written (CUDA leaves it
/// uninitialised), and nothing after `free`: loading it is the error of a
/// load of memory never written, with a hint about the heap.
#[test]
fn heap_memory_is_unwritten_until_stored_and_after_free() {
    let before = format!("{MALLOC_16}ld.u32 %r1, [%rd1];\n");
    let after = format!("{MALLOC_16}st.u32 [%rd1], 5;\n{FREE_RD1}ld.u32 %r1, [%rd1];\n");
    for (body, line) in [(before, 16), (after, 22)] {
        let o = ptxfp(&["run", "-"], Some(&heap_snippet(&body)));
        let (_, stderr) = out(&o);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr.starts_with(&format!("<stdin>:{line}:13: error: `ld.u32` reads 4 bytes at 0x2000000000000000, but memory at 0x2000000000000000 was never given or written")),
            "{stderr}"
        );
        assert!(
            stderr.contains("help: the device heap holds no value until it is written: `malloc` leaves a block uninitialised (as CUDA does), and `free` forgets what it held"),
            "{stderr}"
        );
    }
}

/// assert.ptx: threads 1 and 3 fail `assert(v[i] > 0)`: each prints CUDA's
/// line on stderr, the run stops (no thread stores) and exits with 1; what
/// the threads printed before is on stdout.
#[test]
fn a_failed_assert_stops_the_run_with_exit_code_1() {
    let run = |extra: &[&str]| {
        let k = kernel("assert.ptx");
        let mut args = vec![
            "run",
            &k,
            "--block",
            "4",
            "--set",
            "_Z5checkPKiPi_param_0=0x1000",
            "--set",
            "_Z5checkPKiPi_param_1=0x2000",
            "--mem",
            "0x1000=01000000ffffffff02000000fbffffff",
        ];
        args.extend(extra);
        ptxfp(&args, None)
    };
    let o = run(&[]);
    let (stdout, stderr) = out(&o);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    // python3 -c "import ctypes as C; b=C.create_string_buffer(99); [C.CDLL(None).snprintf(b, 99, b'thread %d checks %d\n', C.c_int(i), C.c_int(v)) or print(repr(b.value)) for i, v in enumerate([1, -1, 2, -5])]"
    assert_eq!(
        stdout,
        "thread 0 checks 1\nthread 1 checks -1\nthread 2 checks 2\nthread 3 checks -5\n"
    );
    // The CUDA C++ Programming Guide's form: "test.cu:19: void
    // testAssert(): block: [0,0,0], thread: [0,0,0] Assertion
    // `should_be_one` failed."
    assert_eq!(
        stderr,
        "check.cu:7: void check(const int *, int *): block: [0,0,0], thread: [1,0,0] Assertion `v[i] > 0` failed.\n\
         check.cu:7: void check(const int *, int *): block: [0,0,0], thread: [3,0,0] Assertion `v[i] > 0` failed.\n"
    );
    let o = run(&["--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    let k = kernel("assert.ptx");
    let failed = |t: u32| {
        serde_json::json!({
            "location": format!("{k}:108:1"),
            "ctaid": [0, 0, 0],
            "tid": [t, 0, 0],
            "message": "v[i] > 0",
            "file": "check.cu",
            "line": 7,
            "function": "void check(const int *, int *)",
            "text": format!("check.cu:7: void check(const int *, int *): block: [0,0,0], thread: [{t},0,0] Assertion `v[i] > 0` failed."),
        })
    };
    assert_eq!(v["assertions"], serde_json::json!([failed(1), failed(3)]));
    assert_eq!(v["printf"].as_array().unwrap().len(), 4);
    assert_eq!(v["memory"], serde_json::json!([]));
}

/// A function without a body that is not one of the runtime's stays an
/// error at its call, as before; a runtime function called with the wrong
/// number of arguments is an error too.
#[test]
fn other_externs_and_wrong_calls_are_errors() {
    let src = ".extern .func (.param .b32 r) __nanosleep_like(.param .b32 a);
.entry k()
{
.reg .b32 %r1;
{
.param .b32 param0;
st.param.b32 [param0], 1;
.param .b32 retval0;
call.uni (retval0), __nanosleep_like, (param0);
ld.param.b32 %r1, [retval0];
}
}
";
    let o = ptxfp(&["run", "-"], Some(src));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        out(&o).1.starts_with("<stdin>:9:21: error: `call __nanosleep_like`: no .func `__nanosleep_like` with a body in this module"),
        "{}",
        out(&o).1
    );
    let body = MALLOC_16.replace("(param0);", "(param0, param0);");
    let o = ptxfp(&["run", "-"], Some(&heap_snippet(&body)));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        out(&o).1.starts_with("<stdin>:13:1: error: `call malloc` passes 2 argument(s) and 1 return value(s); the CUDA runtime's `malloc` takes 1 and returns 1"),
        "{}",
        out(&o).1
    );
}
