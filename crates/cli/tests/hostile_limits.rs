//! The bounds the hostile-input survey of 2026-11-28 found missing, each
//! on the smallest input that showed it: a `.func`'s `.local` frame and
//! `.param` arguments, the CTA's shared memory, bulk instructions under
//! `--max-steps`, warnings raised as a program runs, variables past the
//! address space, `verify --json` mismatches, `sweep merge` duplicates and
//! `hw run`'s reading of its file (docs/LIMITS.md); and two findings of
//! the survey of 303 real PTX files of the same day (`red.cas`,
//! `@@DWARF`); and from the Python survey of 2026-11-29, the bound of
//! `--dynamic-shared` and Ctrl-C.

mod common;
use common::{ptxfp, run_src, text};

const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

/// A 1 GiB `.local` array in a `.func` called three times, never
/// touched: each call saves and forgets what the frame holds, not its
/// length (it allocated 2 GB a call, uncounted by --max-memory).
#[test]
fn a_large_local_frame_costs_what_it_holds() {
    let src = format!(
        "{HEAD}.func f()\n{{\n    .local .align 8 .b8 buf[1073741824];\n    .reg .b64 %rd;\n    mov.u64 %rd, buf;\n    st.local.u32 [%rd+1000000], 7;\n    ret;\n}}\n\
.visible .entry k()\n{{\n    call.uni f;\n    call.uni f;\n    call.uni f;\n    ret;\n}}\n"
    );
    let o = run_src("local_frame.ptx", &src, &["--max-memory", "1000000"]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
}

/// A 1 GiB `.param` array passed by value: refused at the call with its
/// size and the fix, not copied byte by byte.
#[test]
fn a_parameter_larger_than_local_memory_is_refused() {
    let src = format!(
        "{HEAD}.func f(.param .align 8 .b8 p[1073741824])\n{{\n    ret;\n}}\n\
.visible .entry k()\n{{\n    {{\n    .param .align 8 .b8 x[1073741824];\n    call.uni f, (x);\n    }}\n    ret;\n}}\n"
    );
    let o = run_src("big_param.ptx", &src, &[]);
    common::fails_with(&o, |e| {
        e.contains(":12:5:")
            && e.contains("takes 1073741824 bytes, more than the 524288 bytes of local memory a GPU gives a thread")
            && e.contains("pass a pointer")
    });
}

/// 16 MiB of static `.shared`, or 300,000 bytes of dynamic shared memory:
/// more than any GPU gives a CTA (227 KiB), refused at the declaration.
#[test]
fn shared_memory_past_any_gpu_is_refused() {
    let src = format!("{HEAD}.shared .align 16 .b8 s[16777216];\n.visible .entry k()\n{{\n    st.shared.u32 [s], 1;\n    ret;\n}}\n");
    let o = run_src("big_shared.ptx", &src, &[]);
    common::fails_with(&o, |e| {
        e.contains(":4:23:")
            && e.contains("take 16777216 bytes with `s`")
            && e.contains("232448 bytes (227 KiB)")
    });
    let src = format!("{HEAD}.shared .align 16 .b8 s[1024];\n.extern .shared .align 16 .b8 d[];\n.visible .entry k()\n{{\n    st.shared.u32 [d], 1;\n    ret;\n}}\n");
    let o = run_src("big_dynamic.ptx", &src, &["--dynamic-shared", "232448"]);
    common::fails_with(&o, |e| {
        e.contains("(the dynamic shared memory, --dynamic-shared 232448)")
    });
    let o = run_src("dynamic_fits.ptx", &src, &["--dynamic-shared", "231424"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    // A launch past the bound fails on a GPU even where no `.extern
    // .shared` array takes it (it read back as %dynamic_smem_size cut to
    // 32 bits).
    let src = format!("{HEAD}.visible .entry k()\n{{\n    ret;\n}}\n");
    for n in ["232449", "9223372036854775808"] {
        let o = run_src("no_dynamic.ptx", &src, &["--dynamic-shared", n]);
        common::fails_with(&o, |e| {
            e.contains(&format!(
                "--dynamic-shared {n}: more than the 232448 bytes (227 KiB)"
            ))
        });
    }
    let o = run_src("no_dynamic.ptx", &src, &["--dynamic-shared", "232448"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
}

/// Static `.shared` past what ptxas allows an entry (48 KiB from sm_20 on,
/// 16 KiB on sm_1x): the engine runs it, with a warning that names the
/// variable that passed the bound and ptxas's message. At the bound, and
/// with the rest in dynamic shared memory, no warning. (There was none:
/// the kernel ran without a word and failed to build for the GPU.)
#[test]
fn static_shared_memory_past_what_ptxas_allows_is_a_warning() {
    let src = format!(
        "{HEAD}.visible .entry k()\n{{\n    .shared .b8 a[40000];\n    .shared .b8 b[10000];\n    st.shared.u8 [b], 1;\n    ret;\n}}\n"
    );
    let o = run_src("static48.ptx", &src, &[]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("static48.ptx:7:17: warning: the entry's static `.shared` variables take 50000 bytes, past 49152 (0xc000) from `b` on: ptxas refuses more for sm_90 (\"uses too much shared data (0xc350 bytes, 0xc000 max)\"); the engine runs it"),
        "{stderr}"
    );
    let src = ".version 1.4\n.target sm_13\n.entry k\n{\n    .shared .b8 a[16385];\n    exit;\n}\n";
    let o = run_src("static16.ptx", src, &[]);
    let (_, stderr) = text(&o);
    assert!(stderr.contains("static16.ptx:5:17: warning: the entry's static `.shared` variables take 16385 bytes, past 16384 (0x4000) from `a` on: ptxas refuses more for sm_13"), "{stderr}");
    let src = format!(
        "{HEAD}.extern .shared .align 16 .b8 d[];\n.visible .entry k()\n{{\n    .shared .b8 a[49152];\n    st.shared.u8 [d], 1;\n    ret;\n}}\n"
    );
    let o = run_src("static_ok.ptx", &src, &["--dynamic-shared", "65536"]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("ptxas refuses"), "{stderr}");
}

/// An endless loop of 128 KiB `st.bulk`: each counts a step a byte, so
/// --max-steps 1000000 stops it after 8 trips (one step each let a 16 MiB
/// loop run for years under the default).
#[test]
fn bulk_instructions_count_a_step_a_byte() {
    let src = ".version 8.8\n.target sm_100\n.address_size 64\n.shared .align 16 .b8 s[131072];\n.visible .entry k()\n{\nL:\n    st.bulk.shared::cta [s], 131072, 0;\n    bra L;\n}\n";
    let t = std::time::Instant::now();
    let o = run_src("bulk_loop.ptx", src, &["--max-steps", "1000000"]);
    common::fails_with(&o, |e| e.contains("--max-steps 1000000"));
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
}

/// 1,500 refused `cudaMemcpyAsync` calls: the first 1000 warnings are
/// listed, then one line counts them all (each was kept: an endless loop
/// took 3.7 GB).
#[test]
fn warnings_raised_as_a_program_runs_are_bounded() {
    let src = include_str!("hostile_warnings.ptx");
    let o = run_src("warnings.ptx", src, &[]);
    let (_, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.matches("returns cudaError").count(), 1000);
    assert!(
        stderr.contains("1500 warnings as the program ran; the first 1000 are listed"),
        "{stderr}"
    );
}

/// Variables whose sizes reach past the address space the engine gives
/// them are refused at the declaration (the next variable sat at
/// 0xffffffffffffffff and failed at its first use).
#[test]
fn variables_past_the_address_space_are_refused_where_declared() {
    let src = format!("{HEAD}.global .u64 a[2305843009213693952];\n.global .u32 b = 7;\n.visible .entry k()\n{{\n    .reg .u32 %r;\n    ld.global.u32 %r, [b];\n    ret;\n}}\n");
    let o = run_src("huge_var.ptx", &src, &[]);
    common::fails_with(&o, |e| {
        e.contains(":4:14:") && e.contains("`a` takes 2^64 bytes or more")
    });
}

/// `verify --json` lists the first 10,000 mismatches and counts them all.
#[test]
fn verify_json_lists_a_bounded_number_of_mismatches() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mm.txt");
    std::fs::write(&path, "add.rn.f16 3c00 3c00 4001\n".repeat(10_050)).unwrap();
    let o = ptxfp(&["verify", "--json", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["failed"], 10_050);
    assert_eq!(v["mismatches"].as_array().unwrap().len(), 10_000);
    let w = v["warnings"].as_array().unwrap();
    assert!(
        w.iter().any(
            |w| w["message"] == "10050 mismatches in all; the first 10000 are listed"
                && w["severity"] == "warning"
        ),
        "{w:?}"
    );
}

/// Six copies of one shard record: each refusal names up to three of the
/// others and counts the rest (a list of every other copy grew as the
/// square of the copies).
#[test]
fn merge_names_a_few_duplicates_and_counts_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let o = ptxfp(&[
        "sweep",
        "add.rn.f16",
        "--exhaustive",
        "--shard",
        "0/256",
        "--out",
        d,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    let rec = std::fs::read_dir(dir.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    for i in 0..5 {
        std::fs::copy(&rec, dir.path().join(format!("copy{i}.json"))).unwrap();
    }
    let o = ptxfp(&["sweep", "merge", d]);
    let (out, err) = text(&o);
    let all = format!("{out}{err}");
    assert_eq!(all.matches("is also in").count(), 6, "{all}");
    assert_eq!(all.matches(", 2 more (a duplicate").count(), 6, "{all}");
}

/// `hw run` reads its file as `run` does: a NUL byte is an error at
/// once (it read /dev/urandom until memory ran out).
#[test]
fn hw_run_refuses_a_binary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bin.ptx");
    std::fs::write(&path, b".version 8.0\n\0 .target sm_90\n").unwrap();
    let o = ptxfp(&["hw", "run", path.to_str().unwrap()]);
    common::fails_with(&o, |e| e.contains("a NUL byte: this is not a text file"));
}

/// A device-side `cudaMemsetAsync` of 32 bytes at 0xfffffffffffffff0
/// returns cudaErrorInvalidValue with a warning and writes nothing (it
/// wrapped to address 0, where `st` refuses such an access).
#[test]
fn a_device_memset_past_the_address_space_is_refused() {
    let o = run_src(
        "memset_wrap.ptx",
        include_str!("hostile_memset_wrap.ptx"),
        &[],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("returns cudaError 1 (cudaErrorInvalidValue): the destination at 0xfffffffffffffff0 runs past the end of the address space"), "{stderr}");
    assert!(!stdout.contains("mem["), "{stdout}");
}

/// A surface whose pitch times rows passes 2^64 is refused when bound (it
/// wrapped to a small image and `sust` wrote at wrapped addresses).
#[test]
fn a_surface_past_the_address_space_is_refused() {
    let src = format!("{HEAD}.global .surfref sref;\n.visible .entry k()\n{{\n    ret;\n}}\n");
    let o = run_src(
        "surface_wrap.ptx",
        &src,
        &["--surface", "sref=4294967295x4294967295:f32x4@0x10000"],
    );
    common::fails_with(&o, |e| {
        e.contains("the image runs past the end of the address space")
    });
}

/// From the survey of 303 real PTX files (2026-11-28): `red` has no
/// `.cas` (the engine read the missing third operand and panicked), and
/// nvopencc's legacy `@@DWARF` lines (PTX 1.x debug data) are skipped,
/// while `@@` before anything else is still an error.
#[test]
fn red_cas_is_refused_and_dwarf_lines_are_skipped() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p)\n{{\n    .reg .b32 %b;\n    .reg .b64 %a;\n    ld.param.u64 %a, [p];\n    mov.b32 %b, 1;\n    red.global.cas.b32 [%a], %b;\n    ret;\n}}\n"
    );
    let o = run_src(
        "red_cas.ptx",
        &src,
        &["--set", "p=0x1000", "--mem", "0x1000=01000000"],
    );
    common::fails_with(&o, |e| {
        e.contains(":10:5:")
            && e.contains("`red` has no `.cas` or `.exch`")
            && e.contains("use `atom`")
    });
    let dwarf = "\t.version 1.4\n\t.target sm_10, map_f64_to_f32\n\t.entry k (.param .u64 p)\n\t{\n\t.reg .u64 %rd<2>;\n\t.reg .f32 %f<2>;\n\tld.param.u64 %rd1, [p];\n\tld.global.f32 %f1, [%rd1+0];\n\tadd.f32 %f1, %f1, %f1;\n\tst.global.f32 [%rd1+0], %f1;\n\texit;\n\t}\n\t@@DWARF .section .debug_pubnames, \"\", @progbits\n\t@@DWARF .byte\t0x2b, 0x00, 0x00, 0x00\n\t@@DWARF .4byte\t.debug_info\n";
    let o = run_src(
        "dwarf.ptx",
        dwarf,
        &["--set", "p=0x1000", "--mem", "0x1000=0000803f"],
    );
    assert_eq!(common::mem(&o, 0x1000, 4), 2f32.to_le_bytes());
    let o = run_src(
        "atat.ptx",
        &format!("{HEAD}.visible .entry k()\n{{\n@@ bra L;\nL: ret;\n}}\n"),
        &[],
    );
    common::fails_with(&o, |e| {
        e.contains(":6:2:") && e.contains("`@@` begins only the legacy `@@dwarf` debug line")
    });
}

/// PTX ISA §4.5.3: "integer constants are interpreted as in C, i.e., zero
/// values are False and non-zero values are True" where a predicate is
/// read (a `lop3` that ptxas 13.0 compiled with `0xc0` for its predicate
/// input was refused: "does not fit in `.pred`").
#[test]
fn integer_constants_are_predicates_as_in_c() {
    let src = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n    .reg .b32 %r<4>;\n    .reg .pred %p<4>;\n    .reg .f32 %f<2>;\n\
    mov.b32 %r0, 0xF0;\n    mov.b32 %r1, 0xCC;\n    mov.b32 %r2, 0xAA;\n\
    lop3.and.b32 %r3|%p1, %r0, %r1, %r2, 0x96, 0xc0;\n\
    mov.pred %p2, 3;\n    mov.pred %p0, 0;\n\
    mov.f32 %f0, 0f3f800000;\n    mov.f32 %f1, 0f40000000;\n    setp.lt.and.f32 %p3, %f0, %f1, 2;\n    ret;\n}\n";
    let o = run_src("pred_const.ptx", src, &[]);
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    for want in [
        "%r3 = 0x00000096",
        "%p1 = 0x1",
        "%p2 = 0x1",
        "%p0 = 0x0",
        "%p3 = 0x1",
    ] {
        assert!(stdout.contains(want), "{want}: {stdout}");
    }
}

/// `.maxntid` and `.reqntid` (PTX ISA 11.4.1, 11.4.3) bound the launch: a
/// block of more threads than they allow is refused at the directive, as
/// a GPU refuses the launch; another shape of `.reqntid`'s count or less
/// is a warning; an extent of 0 is an error of `check` and `run`.
#[test]
fn thread_block_directives_bound_the_launch() {
    let kernel = |d: &str| {
        format!("{HEAD}.visible .entry k()\n{d}\n{{\n    .reg .u32 %r;\n    mov.u32 %r, %ntid.x;\n    ret;\n}}\n")
    };
    let o = run_src(
        "maxntid.ptx",
        &kernel(".maxntid 32, 1, 1"),
        &["--block", "1024"],
    );
    common::fails_with(&o, |e| {
        e.contains("maxntid.ptx:5:1: error: --block 1024,1,1 has 1024 threads, more than `k`'s `.maxntid 32,1,1` allows (32)")
            && e.contains("launch with --block 32,1,1")
    });
    // The product bounds the block, not each extent: 16x2 fits 32x1x1.
    let o = run_src(
        "maxntid.ptx",
        &kernel(".maxntid 32, 1, 1"),
        &["--block", "16,2"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
    let o = run_src("reqntid.ptx", &kernel(".reqntid 64"), &["--block", "128"]);
    common::fails_with(&o, |e| {
        e.contains("reqntid.ptx:5:1: error: --block 128,1,1 has 128 threads, more than `k`'s `.reqntid 64,1,1` allows (64)")
    });
    let o = run_src("reqntid.ptx", &kernel(".reqntid 64"), &["--block", "32"]);
    let (_, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(
        e.contains("reqntid.ptx:5:1: warning: --block 32,1,1 is not `k`'s `.reqntid 64,1,1`"),
        "{e}"
    );
    let o = run_src("reqntid.ptx", &kernel(".reqntid 64"), &["--block", "64"]);
    let (_, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(!e.contains("warning"), "{e}");
    for d in [".maxntid 0, 0, 0", ".reqntid 8, 0"] {
        let o = run_src("zero.ptx", &kernel(d), &[]);
        common::fails_with(&o, |e| e.contains("an extent of 0 allows no thread block"));
    }
}

/// A file of lone CR line ends (classic Mac OS) reads line by line, as LF
/// and CR LF files do; it was one line, every directive after `.version`
/// an error.
#[test]
fn lone_cr_line_ends_are_line_ends() {
    let src = format!("{HEAD}.visible .entry k()\n{{\n    .reg .f32 %f;\n    add.f32 %f, 0f3F800000, 0f3F800000;\n    ret;\n}}\n")
        .replace('\n', "\r");
    let o = run_src("cr.ptx", &src, &[]);
    let (out, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(out.contains("%f = 0x40000000"), "{out}");
    // Positions count CR lines: the typo is on line 7.
    let bad = src.replace("add.f32", "add.f33");
    let o = run_src("cr.ptx", &bad, &[]);
    common::fails_with(&o, |e| {
        e.contains("cr.ptx:7:8: error: unknown modifier or type `.f33`")
    });
}

/// `label: .calltargets f, g;` is a PTX directive (the list of an
/// indirect call, PTX ISA 10.3): no "unknown directive" warning; the
/// engine checks the call against it.
#[test]
fn calltargets_is_a_directive() {
    let src = format!(
        "{HEAD}.func f()\n{{\n    ret;\n}}\n.visible .entry k()\n{{\n    .reg .u64 %a;\n    mov.u64 %a, f;\n    T: .calltargets f;\n    call.uni %a, (), T;\n    ret;\n}}\n"
    );
    let o = run_src("targets.ptx", &src, &[]);
    let (_, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(!e.contains("unknown directive"), "{e}");
}

/// `--contract` lists the first 1000 contractions that change a result and
/// counts the rest: a loop of a mul and an add kept one a trip (about 30
/// bytes a step; the survey's 10^8-trip loop aborted at 2.5 GB). Each trip
/// here: (1 + 2^-12)^2 rounds to 1 + 2^-11 (the 2^-24 is a tie to even),
/// so the sum with -1 is 2^-11 as written and 2^-11 + 2^-24 fused.
#[test]
fn contractions_are_bounded() {
    let src = format!(
        "{HEAD}.visible .entry k()\n{{\n    .reg .f32 %a, %m, %s;\n    .reg .u32 %i;\n    .reg .pred %p;\n    mov.f32 %a, 0f3F800800;\n    mov.u32 %i, 0;\nL:\n    mul.f32 %m, %a, %a;\n    add.f32 %s, %m, 0fBF800000;\n    add.u32 %i, %i, 1;\n    setp.lt.u32 %p, %i, 3000;\n    @%p bra L;\n    ret;\n}}\n"
    );
    let o = run_src("contract_loop.ptx", &src, &["--contract"]);
    let (out, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    let listed = out.lines().filter(|l| l.starts_with("contract: ")).count();
    assert_eq!(listed, 1000, "{e}");
    // Fused: 2^-11 + 2^-24 = 0x3a000400; as written: 2^-11 = 0x3a000000.
    let first = out
        .lines()
        .find(|l| l.starts_with("contract: "))
        .unwrap_or("")
        .to_lowercase();
    assert!(
        first.contains("3a000400") && first.contains("as written = 0x3a000000"),
        "{first}"
    );
    assert!(
        e.contains("--contract: 3000 contractions changed a result; the first 1000 are listed"),
        "{e}"
    );
}

/// Ctrl-C stops a run where it is, says where, and exits 130 (it ended
/// the process with nothing said, or waited out --max-steps).
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_run_and_says_where() {
    use std::io::{BufRead, Read};
    use std::process::{Command, Stdio};
    let src = format!("{HEAD}.visible .entry k()\n{{\n    .reg .pred %p;\n    .reg .b32 %r;\n    mov.u32 %r, 0;\nL:\n    add.u32 %r, %r, 1;\n    setp.ne.u32 %p, %r, 0;\n    @%p bra L;\n    ret;\n}}\n");
    let path = common::test_file("spin.ptx");
    std::fs::write(&path, src).unwrap();
    // --trace: its first line says the run (and so the handler) started.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(["run", path.to_str().unwrap(), "--trace", "--block", "64"])
        .args(["--max-steps", "1000000000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.contains("spin.ptx:"), "{first}");
    let drain = std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    let t = std::time::Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    drain.join().unwrap().unwrap();
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("error: the run was interrupted after ")
            && err.contains("was about to run this line"),
        "{err}"
    );
}
