//! Declarations and calls the hostile-input survey of 2026-11-28 found
//! accepted without a word, and its errors that had no location or said
//! the wrong thing: each on the smallest input that showed it.

mod common;
use common::{check_src, fails_with, ptxfp, run_src, text};

const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

/// `check` of `src` fails (exit 1) with each of `want` in what it says.
fn rejects(name: &str, src: &str, want: &[&str]) {
    let (code, out) = check_src(name, src);
    assert_eq!(code, 1, "{out}");
    for w in want {
        assert!(out.contains(w), "want {w:?} in {out}");
    }
}

/// `sweep add.rn.f16 --exhaustive --shard K --out DIR`, which succeeds.
fn shard(dir: &std::path::Path, k: &str) {
    let o = ptxfp(&[
        "sweep",
        "add.rn.f16",
        "--exhaustive",
        "--shard",
        k,
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
}

/// Two parameters of one name (`.param .u32 a, .param .u64 a`): an error
/// of `check` and of `run` at the second, as a register declared twice is.
/// A return parameter and a parameter share the list.
#[test]
fn a_parameter_declared_twice_is_an_error() {
    let src = format!("{HEAD}.visible .entry k(.param .u32 a, .param .u64 a)\n{{\n    ret;\n}}\n");
    rejects("dup_param.ptx", &src, &["dup_param.ptx:4:46: error: parameter `a` is declared twice in this function's parameter lists"]);
    fails_with(&run_src("dup_param.ptx", &src, &[]), |e| {
        e.contains(":4:46:") && e.contains("declared twice")
    });
    let src = format!("{HEAD}.func (.param .b32 r) f(.reg .b32 r)\n{{\n    ret;\n}}\n");
    rejects(
        "dup_ret.ptx",
        &src,
        &[":4:35: error: parameter `r` is declared twice"],
    );
    // Two prototypes whose parameters have one name are two lists.
    let src = format!("{HEAD}.extern .func f(.param .b32 a);\n.extern .func g(.param .b32 a);\n.visible .entry k()\n{{\n    ret;\n}}\n");
    let (code, out) = check_src("protos.ptx", &src);
    assert_eq!(code, 0, "{out}");
}

/// A variable declared twice in one scope is an error of `check` (it was
/// one of `run` only). An `.extern` declaration and the definition are
/// one variable: the run reads the definition's value. nvcc's call blocks
/// declare `param0` again in each `{ }` at other sizes: no error.
#[test]
fn variables_declared_twice() {
    let src =
        format!("{HEAD}.global .u32 g;\n.global .u32 g;\n.visible .entry k()\n{{\n    ret;\n}}\n");
    rejects(
        "dup_global.ptx",
        &src,
        &["dup_global.ptx:5:14: error: variable `g` is declared twice in the same scope"],
    );
    let src = format!(
        "{HEAD}.visible .entry k()\n{{\n    .local .u32 x;\n    .local .u32 x;\n    ret;\n}}\n"
    );
    rejects(
        "dup_local.ptx",
        &src,
        &[":7:17: error: variable `x` is declared twice"],
    );
    let src = format!("{HEAD}.extern .global .u32 g;\n.global .u32 g = 5;\n.visible .entry k()\n{{\n    .reg .u32 %r;\n    ld.global.u32 %r, [g];\n    ret;\n}}\n");
    let o = run_src("extern_then_defined.ptx", &src, &[]);
    let (out, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(out.contains("%r = 0x00000005"), "{out}");
    let src = format!("{HEAD}.func (.param .b32 r) f(.param .b64 a)\n{{\n    st.param.b32 [r], 1;\n    ret;\n}}\n.func g(.param .b32 a)\n{{\n    ret;\n}}\n\
.visible .entry k()\n{{\n    {{\n    .param .b64 param0;\n    .param .b32 retval0;\n    st.param.b64 [param0], 1;\n    call.uni (retval0), f, (param0);\n    }}\n    {{\n    .param .b32 param0;\n    st.param.b32 [param0], 1;\n    call.uni g, (param0);\n    }}\n    ret;\n}}\n");
    let (code, out) = check_src("call_blocks.ptx", &src);
    assert_eq!(code, 0, "{out}");
    let o = run_src("call_blocks.ptx", &src, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o).1);
}

/// An `.extern .global` variable that this module does not define holds
/// what another module put there: a read is the error of memory never
/// given, with the `--mem` that gives it (it read zeros).
#[test]
fn an_undefined_extern_variable_is_not_zero() {
    let src = format!("{HEAD}.extern .global .u32 g;\n.visible .entry k()\n{{\n    .reg .u32 %r;\n    ld.global.u32 %r, [g];\n    ret;\n}}\n");
    fails_with(&run_src("extern.ptx", &src, &[]), |e| {
        e.contains("extern.ptx:8:23:")
            && e.contains("never given or written")
            && e.contains("--mem g+0=HEXBYTES")
    });
    let o = run_src("extern.ptx", &src, &["--mem", "g=07000000"]);
    let (out, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(out.contains("%r = 0x00000007"), "{out}");
}

/// A `.entry` inside another's body is an error where it is written
/// (`check` passed it, and `run --entry j` found no `j`).
#[test]
fn a_function_inside_a_body_is_an_error() {
    // 50,000 of them: each message's line number came from a line index
    // built again (56 s for this 2.4 MB file); now one index.
    let many: String = (0..50_000)
        .map(|i| format!(".entry k{i}()\n{{\n.entry j{i}()\n{{\nret;\n}}\nret;\n}}\n"))
        .collect();
    let t = std::time::Instant::now();
    let (code, _) = check_src("many.ptx", &format!("{HEAD}{many}"));
    assert_eq!(code, 1);
    assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
    let src =
        format!("{HEAD}.visible .entry k()\n{{\n.visible .entry j()\n{{\nret;\n}}\nret;\n}}\n");
    rejects("nested.ptx", &src, &["nested.ptx:6:10: error: `.entry` inside a function body: functions are declared at module level, and the body opened on line 5 is not closed by `}` before this"]);
}

/// A call's `.param` arguments and return values have their parameters'
/// sizes: a 3-byte array for a `.b64` and a 100-byte array for a `.b32`
/// return are errors of `check` (they ran, the callee reading past the
/// array). The argument count is `check`'s too now.
#[test]
fn call_arguments_have_their_parameters_sizes() {
    let src = format!("{HEAD}.func (.param .b32 r) f(.param .b64 a)\n{{\n    st.param.b32 [r], 1;\n    ret;\n}}\n\
.visible .entry k()\n{{\n    .param .b8 x[3];\n    .param .b8 y[100];\n    call.uni (y), f, (x);\n    ret;\n}}\n");
    rejects(
        "sizes.ptx",
        &src,
        &[
            "sizes.ptx:13:5: error: `call f`: the argument `x` is a .param of 3 byte(s), but `f`'s parameter `a` takes 8",
            "`call f`: the return value `y` is a .param of 100 byte(s), but `f`'s return parameter `r` takes 4",
        ],
    );
    fails_with(&run_src("sizes.ptx", &src, &[]), |e| {
        e.contains("is a .param of 3 byte(s)")
    });
    let src = src.replace("(y), f, (x)", "(y), f, (x, x)");
    rejects(
        "count.ptx",
        &src,
        &["`call f` passes 2 argument(s) and 1 return value(s); `f` takes 1 and returns 1"],
    );
}

/// `.reqnctapercluster`'s errors are at the directive: a cluster of
/// 2^32-1 cubed CTAs (the engine's bound is 32; the count is exact, it
/// wrapped in 64 bits) at `run`, an extent of 0 at `check`.
#[test]
fn cluster_directive_errors_have_its_location() {
    let src = format!("{HEAD}.visible .entry k()\n.reqnctapercluster 4294967295,4294967295,4294967295\n{{\n    ret;\n}}\n");
    fails_with(&run_src("cluster.ptx", &src, &[]), |e| {
        e.contains("cluster.ptx:5:1: error: `k`'s .reqnctapercluster: cluster 4294967295,4294967295,4294967295 has 79228162458924105385300197375 CTAs: a cluster has at most 32")
    });
    let src = src.replace("4294967295,4294967295,4294967295", "2, 0");
    rejects(
        "cluster0.ptx",
        &src,
        &["cluster0.ptx:5:1: error: `.reqnctapercluster 2, 0`: an extent of 0 allows no cluster"],
    );
}

/// A device-side launch of more threads than --max-steps has left is an
/// error at the call that launched it (it read as if about the command
/// line's launch); a launch's count is exact past 2^64.
#[test]
fn launch_counts_are_exact_and_located() {
    let src = format!("{HEAD}.extern .func (.param .b64 func_retval0) cudaGetParameterBufferV2(.param .b64 p0, .param .align 4 .b8 p1[12], .param .align 4 .b8 p2[12], .param .b32 p3);\n\
.extern .func (.param .b32 func_retval0) cudaLaunchDeviceV2(.param .b64 p0, .param .b64 p1);\n\
.visible .entry k()\n{{\n    .reg .u32 %r;\n    .reg .u64 %rd<9>;\n    mov.u64 %rd7, k;\n\
    {{\n    .param .b64 param0;\n    st.param.b64 [param0], %rd7;\n    .param .align 4 .b8 param1[12];\n    st.param.b32 [param1], 2147483647;\n    st.param.b32 [param1+4], 1;\n    st.param.b32 [param1+8], 1;\n\
    .param .align 4 .b8 param2[12];\n    st.param.b32 [param2], 1024;\n    st.param.b32 [param2+4], 1;\n    st.param.b32 [param2+8], 1;\n    .param .b32 param3;\n    st.param.b32 [param3], 0;\n\
    .param .b64 retval0;\n    call.uni (retval0), cudaGetParameterBufferV2, (param0, param1, param2, param3);\n    ld.param.b64 %rd8, [retval0];\n    }}\n\
    {{\n    .param .b64 param0;\n    st.param.b64 [param0], %rd8;\n    .param .b64 param1;\n    st.param.b64 [param1], 0;\n    .param .b32 retval0;\n    call.uni (retval0), cudaLaunchDeviceV2, (param0, param1);\n    ld.param.b32 %r, [retval0];\n    }}\n    ret;\n}}\n");
    fails_with(&run_src("cdp.ptx", &src, &[]), |e| {
        e.contains("cdp.ptx:34:5: error: the child grid of `k` launched here has 2199023254528 threads (grid 2147483647,1,1 of blocks 1024,1,1), more than the")
    });
    let src = format!("{HEAD}.visible .entry k()\n{{\n    ret;\n}}\n");
    let o = run_src(
        "huge.ptx",
        &src,
        &["--grid", "2147483647,65535,65535", "--block", "1024"],
    );
    // 2147483647 · 65535² · 1024 = 9444444733164249676800, past 2^64.
    fails_with(&o, |e| {
        e.contains("the launch has 9444444733164249676800 threads")
    });
}

/// `--set` of a `.b128` register or a vector register says how to set
/// its parts (it said the register was not declared).
#[test]
fn set_names_the_parts_of_wide_registers() {
    let src = ".version 8.3\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n    .reg .b128 %q;\n    .reg .v4 .u32 %v;\n    .reg .u32 %r;\n    mov.b128 %q, {%r, %r, %r, %r};\n    mov.u32 %r, %v.x;\n    ret;\n}\n";
    fails_with(&run_src("wide.ptx", src, &["--set", "%q=0x1"]), |e| {
        e.contains("--set %q: `%q` is a .b128 register, held as two 64-bit halves: set them, --set %q.lo=0x... --set %q.hi=0x...")
    });
    fails_with(&run_src("wide.ptx", src, &["--set", "%v=1"]), |e| {
        e.contains("--set %v: `%v` is a vector register of 4 elements: set each, --set %v.x=... --set %v.y=... --set %v.z=... --set %v.w=...")
    });
    fails_with(&run_src("wide.ptx", src, &["--set", "%nope=1"]), |e| {
        e.contains("--set %nope: no register or parameter `%nope` is declared")
    });
}

/// A `bra` to itself that a thread takes never ends: an error at once
/// (it ran to --max-steps, 30 s at the default), through labels between
/// too; the same branch not taken goes on.
#[test]
fn a_branch_to_itself_is_an_endless_loop() {
    let src = format!("{HEAD}.visible .entry k()\n{{\nL:\n    bra L;\n    ret;\n}}\n");
    for args in [&[][..], &["--block", "64"][..]] {
        let t = std::time::Instant::now();
        fails_with(&run_src("spin.ptx", &src, args), |e| {
            e.contains("spin.ptx:7:5: error: an endless loop: this `bra` branches to itself")
        });
        assert!(t.elapsed().as_secs() < 10);
    }
    let src = format!("{HEAD}.visible .entry k()\n{{\n    .reg .pred %p;\n    .reg .u32 %r;\n    setp.ne.u32 %p, %tid.x, 0;\nL:\nM:\n    @%p bra L;\n    mov.u32 %r, 1;\n    ret;\n}}\n");
    // Thread 0 goes on; thread 1 takes the branch.
    let o = run_src("guarded.ptx", &src, &[]);
    let (out, e) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{e}");
    assert!(out.contains("%r = 0x00000001"), "{out}");
    fails_with(&run_src("guarded.ptx", &src, &["--block", "2"]), |e| {
        e.contains("guarded.ptx:11:5: error: an endless loop")
    });
}

/// An unguarded `bra` back over register arithmetic alone never ends
/// either: an error at once, after the first trip (a fuzz input of
/// 2026-11-29 on registers never written ran 197 s to --max-steps). A
/// guarded branch, or a body with a memory access (which may fault on a
/// GPU), a call or another branch, runs as before.
#[test]
fn an_unguarded_loop_of_arithmetic_is_an_endless_loop() {
    let body = |b: &str| {
        format!("{HEAD}.visible .entry k()\n{{\n    .reg .pred %p, %q;\n    .reg .u32 %i, %s;\n    mov.u32 %i, 0;\nL:\n{b}\n    ret;\n}}\n")
    };
    let spin = body("    add.u32 %i, %i, 1;\n    shl.b32 %s, %i, 2;\n    bra.uni L;");
    for args in [&[][..], &["--block", "64"][..]] {
        let t = std::time::Instant::now();
        fails_with(&run_src("spin.ptx", &spin, args), |e| {
            e.contains("spin.ptx:12:5: error: an endless loop: this `bra` has no guard, and nothing between its label and it can leave the loop")
        });
        assert!(t.elapsed().as_secs() < 10);
    }
    // A guard set before the loop and not written in it: the same.
    let fixed = body("    add.u32 %i, %i, 1;\n    @!%p bra L;").replace(
        "    mov.u32 %i, 0;\n",
        "    mov.u32 %i, 0;\n    setp.eq.u32 %p, %i, 1;\n",
    );
    fails_with(&run_src("fixed.ptx", &fixed, &[]), |e| {
        e.contains("fixed.ptx:12:5: error: an endless loop: this `bra`'s guard `%p` is not written between its label and it")
    });
    // A guard the loop writes, but only from what the loop does not change
    // (cargo-fuzz, 2026-11-29: `setp.lt.u32 %p, $%i, 1000` beside `add.u32
    // %i, %i, 1`, where `$%i` is another register): once settled it is the
    // same each trip. Said after a few trips, not at --max-steps.
    let settled = body("    add.u32 %i, %i, 1;\n    setp.lt.u32 %p, %s, 1000;\n    @%p bra L;")
        .replace(
            "    mov.u32 %i, 0;\n",
            "    mov.u32 %i, 0;\n    mov.u32 %s, 7;\n",
        );
    fails_with(&run_src("settled.ptx", &settled, &[]), |e| {
        e.contains("settled.ptx:13:5: error: an endless loop: this `bra`'s guard `%p` is computed in the loop only from values the loop does not change")
    });
    // Settled after two trips, but not taken then: it ends, in an outer
    // loop of 50 that enters it again each time (no count carried over).
    let twice = body(
        "    mov.u32 %s, 3;\nM:\n    setp.lt.u32 %q, %s, 10;\n    mov.u32 %s, 100;\n    @%q bra M;\n    add.u32 %i, %i, 1;\n    setp.lt.u32 %p, %i, 50;\n    @%p bra L;",
    );
    let o = run_src("twice.ptx", &twice, &[]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Each of these leaves, faults or is bounded: --max-steps ends it.
    for b in [
        "    add.u32 %i, %i, 1;\n    setp.ne.u32 %p, %i, 0;\n    @%p bra L;",
        "    add.u32 %i, %i, 1;\n    st.global.u32 [0x1000], %i;\n    bra L;",
        "    add.u32 %i, %i, 1;\n    setp.eq.u32 %p, %i, 0;\n    @%p bra L;\n    bra L;",
        "    add.u32 %i, %i, 1;\n    setp.eq.u32 %q|%p, %i, 0;\n    @%p bra L;",
        // A clock changes on its own: not settled.
        "    mov.u32 %s, %clock;\n    setp.ne.u32 %p, %s, 0;\n    @%p bra L;",
        // Settled through a chain, but from the counter: not settled.
        "    add.u32 %i, %i, 1;\n    mov.u32 %s, %i;\n    setp.ne.u32 %p, %s, 0;\n    @%p bra L;",
    ] {
        fails_with(
            &run_src("bounded.ptx", &body(b), &["--max-steps", "10000"]),
            |e| e.contains("10000") && !e.contains("an endless loop"),
        );
    }
}

/// `sweep merge` of a directory whose only record is cut short names the
/// file and why (it said only that there were no records).
#[test]
fn merge_names_the_records_it_refused() {
    let dir = tempfile::tempdir().unwrap();
    let src = tempfile::tempdir().unwrap();
    shard(src.path(), "0/256");
    let rec = std::fs::read_dir(src.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let bytes = std::fs::read(&rec).unwrap();
    std::fs::write(dir.path().join("cut.json"), &bytes[..100]).unwrap();
    let o = ptxfp(&["sweep", "merge", dir.path().to_str().unwrap()]);
    fails_with(&o, |e| {
        e.contains("no sweep shard records")
            && e.contains("1 .json file(s) refused:")
            && e.contains("cut.json: not a ptxfp sweep shard record: EOF while parsing")
    });
}

/// The performance directives take one 32-bit unsigned integer (any
/// spelling of one: `0x20`), and a label outside every body is an error
/// of a module with functions (`A: .visible .entry k()` passed).
#[test]
fn directive_values_and_labels_outside_bodies() {
    for (d, ok) in [
        (".maxnreg 0x20", true),
        (".maxclusterrank 2", true),
        (".maxclusterrank -1", false),
        (".minnctapersm 4", true),
        (".maxnctapersm 4294967295", true),
        (".minnctapersm 18446744073709551616", false),
        (".maxnreg 4294967296", false),
        (".maxnctapersm x", false),
    ] {
        let src = format!("{HEAD}.visible .entry k()\n{d}\n{{\n    ret;\n}}\n");
        let (code, out) = check_src("directive.ptx", &src);
        assert_eq!(code, if ok { 0 } else { 1 }, "{d}: {out}");
        if !ok {
            assert!(
                out.contains(":5:1: error:")
                    && out.contains("needs one 32-bit unsigned integer (0 to 4294967295)"),
                "{d}: {out}"
            );
        }
    }
    let src = format!("{HEAD}A: .visible .entry k()\n{{\n    ret;\n}}\n");
    rejects(
        "label.ptx",
        &src,
        &["label.ptx:4:1: error: the label `A` is outside any function body"],
    );
}

/// `sweep` and `bench` of an instruction outside the floating-point
/// table say so, with the commands that run it (they said "not modelled",
/// or "unknown opcode cvt ... did you mean cos?"); `--out` naming a file
/// says it is not a directory (it said "File exists").
#[test]
fn sweep_messages_say_what_is_wrong() {
    for form in ["add.u32", "cvt.rn.f16.f32"] {
        for cmd in [&["sweep", form, "--random", "10"][..], &["bench", form][..]] {
            fails_with(&ptxfp(cmd), |e| {
                e.contains(&format!("`{form}` is not a form of the floating-point table, which sweeps and benchmarks take"))
                    && e.contains("`ptxfp forms --family float` lists those forms")
            });
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let f = file.to_str().unwrap();
    fails_with(
        &ptxfp(&[
            "sweep",
            "add.rn.f16",
            "--exhaustive",
            "--shard",
            "0/256",
            "--out",
            f,
        ]),
        |e| e.contains(&format!("--out {f}: not a directory")),
    );
}

/// `sweep merge` refuses, by name, a `.json` entry that is not a regular
/// file (a pipe, a directory, a link to a device or to nothing: skipped
/// without a word before) and one larger than any record (a 2 GB sparse
/// file ran memory out); the two good records still merge.
#[cfg(unix)]
#[test]
fn merge_refuses_what_is_not_a_record_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for k in ["0/2", "1/2"] {
        shard(d, k);
    }
    std::fs::create_dir(d.join("sub.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", d.join("zero.json")).unwrap();
    std::os::unix::fs::symlink(d.join("nothing"), d.join("dangling.json")).unwrap();
    let big = std::fs::File::create(d.join("sparse.json")).unwrap();
    big.set_len(2 << 30).unwrap();
    let o = ptxfp(&["sweep", "merge", d.to_str().unwrap()]);
    let (out, e) = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{e}");
    assert!(out.contains("shards    2 of 2"), "{out}");
    assert!(
        out.contains("sub.json: not a ptxfp sweep shard record: not a regular file"),
        "{out}"
    );
    assert!(
        out.contains("zero.json: not a ptxfp sweep shard record: not a regular file"),
        "{out}"
    );
    assert!(
        out.contains("refused   ") && out.contains("dangling.json: "),
        "{out}"
    );
    assert!(
        out.contains("sparse.json: not a ptxfp sweep shard record: 2147483648 bytes, larger than any record (1073741824 bytes)"),
        "{out}"
    );
}

/// A surface pitch of 2^63 or more is a pitch (it was "at least 1"), and
/// the image it makes runs past the address space.
#[test]
fn a_huge_surface_pitch_is_a_pitch() {
    let src = format!("{HEAD}.global .surfref s;\n.visible .entry k()\n{{\n    ret;\n}}\n");
    fails_with(
        &run_src(
            "surf.ptx",
            &src,
            &["--surface", "s=16x16:u8@0x10000:pitch=18446744073709551615"],
        ),
        |e| e.contains("the image runs past the end of the address space"),
    );
    fails_with(
        &run_src(
            "surf.ptx",
            &src,
            &["--surface", "s=16x16:u8@0x10000:pitch=-1"],
        ),
        |e| e.contains("pitch takes a count of at least 1"),
    );
}

/// `--entry NAME` that names no entry: the "did you mean" hint measures
/// names of at most 64 characters. Two 20,000-character names built a
/// 20,001² table (3 GB, 6 s); now the error is at once.
#[test]
fn a_long_entry_name_is_not_measured() {
    let a = "a".repeat(20_000);
    let src = format!("{HEAD}.visible .entry {a}()\n{{\n    ret;\n}}\n.visible .entry kernel()\n{{\n    ret;\n}}\n");
    let t = std::time::Instant::now();
    let b = "b".repeat(20_000);
    fails_with(&run_src("long.ptx", &src, &["--entry", &b]), |e| {
        e.contains("no .entry `bbbb") && e.contains("did you mean --entry")
    });
    assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
    fails_with(&run_src("long.ptx", &src, &["--entry", "kernal"]), |e| {
        e.contains("did you mean --entry kernel?")
    });
}

/// The operand counts of the instructions `check` does not type (`ld`,
/// `st`, `mov`, the branches, barriers, warp-level instructions, atomics,
/// `cp.async`), from their syntax lines: a line with one too many or too
/// few is an error of `check`, and of `run` before any thread runs,
/// wherever it is. Before, `check` passed each of these and `run` refused
/// one only when a thread reached it; `ret 5;` and `exit %r1;` ran.
/// Over the 2,571 real modules of testdata, examples and the third survey,
/// and 997 of the mirrored repositories, the rule adds no error.
#[test]
fn operand_counts_of_the_untyped_instructions() {
    let cases = [
        (
            "ld.global.u32 %r1, [%rd1], 5;",
            "`ld.global.u32` takes 2 operand(s) (`ld... d, [a]{, cache-policy};`); 3 given",
        ),
        (
            "ld.global.L2::cache_hint.u32 %r1, [%rd1];",
            "`ld.global.L2::cache_hint.u32` takes 3 operand(s)",
        ),
        (
            "st.global.u32 [%rd1];",
            "`st.global.u32` takes 2 operand(s)",
        ),
        (
            "mov.u32 %r1;",
            "`mov.u32` takes 2 operand(s) (`mov.type d, a;`); 1 given",
        ),
        (
            "bar.sync 0, 32, 5;",
            "`bar.sync` takes 1 to 2 operand(s) (`bar.sync a{, b};`); 3 given",
        ),
        (
            "barrier.cluster.arrive %r1;",
            "`barrier.cluster.arrive` takes 0 operand(s)",
        ),
        (
            "shfl.sync.idx.b32 %r1, %r2, 1;",
            "`shfl.sync.idx.b32` takes 5 operand(s)",
        ),
        (
            "vote.sync.any.pred %p1, %p1;",
            "`vote.sync.any.pred` takes 3 operand(s)",
        ),
        (
            "atom.global.cas.b32 %r1, [%rd1], 1;",
            "`atom.global.cas.b32` takes 4 operand(s)",
        ),
        (
            "red.global.add.u32 [%rd1];",
            "`red.global.add.u32` takes 2 operand(s)",
        ),
        (
            "cp.async.ca.shared.global [%rd1], [%rd2];",
            "takes 3 to 4 operand(s)",
        ),
        // A cache policy only with `.L2::cache_hint`, and then always.
        (
            "cp.async.ca.shared.global [%rd1], [%rd2], 4, 4, %rd3;",
            "takes 3 to 4 operand(s)",
        ),
        (
            "cp.async.cg.shared.global.L2::cache_hint [%rd1], [%rd2], 16;",
            "takes 4 to 5 operand(s)",
        ),
        (
            "cvta.to.global.u64 %rd2;",
            "`cvta.to.global.u64` takes 2 operand(s)",
        ),
        ("ret 5;", "`ret` takes 0 operand(s) (`ret{.uni};`); 1 given"),
        ("exit %r1;", "`exit` takes 0 operand(s) (`exit;`); 1 given"),
        ("membar.gl %r1;", "`membar.gl` takes 0 operand(s)"),
        (
            "bra L1, L1;",
            "`bra` takes 1 operand(s) (`bra{.uni} tgt;`); 2 given",
        ),
        // And what each operand is: an address where the line has `[a]`,
        // a register where it has a destination, a value elsewhere.
        (
            "ld.global.u32 %r1, %rd1;",
            "`ld.global.u32`: this operand must be an address `[a]`",
        ),
        (
            "st.global.u32 [%rd1], [%rd2];",
            "`st.global.u32`: this operand must be a value, not an address",
        ),
        (
            "mov.u32 5, %r1;",
            "`mov.u32`: this operand must be a register (the destination)",
        ),
        (
            "atom.global.add.u32 %r1, %rd1, 1;",
            "`atom.global.add.u32`: this operand must be an address `[a]`",
        ),
        (
            "bar.sync [%rd1];",
            "`bar.sync`: this operand must be a value, not an address",
        ),
    ];
    let src = |line: &str| {
        format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.global .u32 g[4];\n.visible .entry k(.param .u64 p)\n{{\n\
             .reg .pred %p<4>;\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nld.param.u64 %rd1, [p];\nbra L1;\n{line}\nL1:\nret;\n}}\n"
        )
    };
    for (line, want) in cases {
        let (code, out) = check_src("ops.ptx", &src(line));
        assert_eq!(code, 1, "{line}: {out}");
        assert!(
            out.contains("ops.ptx:12:") && out.contains(want),
            "{line}: {out}"
        );
        // `run` refuses it before a thread runs (the line is never reached).
        let o = run_src("ops.ptx", &src(line), &["--set", "p=0x1000"]);
        fails_with(&o, |e| e.contains(want));
    }
    // What the syntax lines allow passes.
    for line in [
        "ld.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;",
        "bar.sync 0, 32;",
        "barrier.cluster.arrive;",
        "shfl.sync.idx.b32 %r1|%p1, %r2, 1, 31, 0xffffffff;",
        "cp.async.ca.shared.global [%rd1], [%rd2], 4, 2;",
        "cp.async.ca.shared.global [%rd1], [%rd2], 4, %p1;",
        "cp.async.cg.shared.global.L2::cache_hint [%rd1], [%rd2], 16, %rd3;",
        "cp.async.cg.shared.global.L2::cache_hint.L2::128B [%rd1], [%rd2], 16, 8, %rd3;",
        "ld.global.v2.u32 {%r1, %r2}, [%rd1];",
        "mov.u64 %rd2, g[1];",
        "ld.global.u32 %r1, g[1];",
        "mov.u64 %rd2, g;",
    ] {
        let (code, out) = check_src("ok.ptx", &src(line));
        assert_eq!(code, 0, "{line}: {out}");
    }
}

/// PTX ISA `ld`: "ld... d, [a]{.unified}{, cache-policy}", `.unified`
/// naming the address a generic one (as every register address is here):
/// read and run; it failed to parse ("expected `,` or `;` after operand").
/// 5 + 7 stored: 12.
#[test]
fn an_address_may_say_it_is_unified() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 p, .param .u64 q)\n{{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n\
         ld.param.u64 %rd1, [p];\nld.param.u64 %rd2, [q];\nld.u32 %r1, [%rd1].unified;\n\
         ld.global.u32 %r2, [%rd1+4].unified;\nadd.u32 %r3, %r1, %r2;\nst.global.u32 [%rd2], %r3;\nret;\n}}\n"
    );
    let (code, out) = check_src("unified.ptx", &src);
    assert_eq!(code, 0, "{out}");
    let o = run_src(
        "unified.ptx",
        &src,
        &[
            "--set",
            "p=0x1000",
            "--set",
            "q=0x2000",
            "--mem",
            "0x1000=0500000007000000",
            "--mem",
            "0x2000=00000000",
        ],
    );
    let (stdout, stderr) = text(&o);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.contains("mem[0x2000..0x2004] = 0c 00 00 00"),
        "{stdout}"
    );
}
