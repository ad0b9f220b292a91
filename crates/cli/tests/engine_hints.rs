//! `run` of the sm_90-era instructions nvcc and CUTLASS emit around the
//! arithmetic: `elect.sync`, the cache and scheduling hints (`prefetch`,
//! `createpolicy` with `.L2::cache_hint` loads and stores, `applypriority`,
//! `discard`, `nanosleep`, `setmaxnreg`, `griddepcontrol`, `pmevent`,
//! `brkpt`) and `trap`. Expected values are derived by hand in comments.

use std::process::Command;

fn run(src: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("k.ptx");
    std::fs::write(&f, src).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .arg("run")
        .arg(&f)
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

const HEAD: &str = ".version 8.4\n.target sm_90a\n.address_size 64\n";

/// Each thread stores `d` and `p` of `elect.sync` under a membermask that
/// leaves out lanes 0-3 and every odd lane: the leader is lane 4, the
/// lowest active lane of the mask, for every thread, and only lane 4's `p`
/// is true. Lanes 0-2 are predicated off around a second election, whose
/// leader (full mask) is then lane 3. The hints around it change nothing.
#[test]
fn elect_sync_elects_the_lowest_active_lane_of_the_mask() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 out)\n{{\n\
         .reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .pred %p<4>;\n\
         ld.param.u64 %rd1, [out];\n\
         mov.u32 %r1, %laneid;\n\
         mul.wide.u32 %rd2, %r1, 16;\n\
         add.s64 %rd3, %rd1, %rd2;\n\
         prefetch.global.L2 [%rd3];\n\
         prefetchu.L1 [%rd3];\n\
         createpolicy.fractional.L2::evict_last.b64 %rd4, 1.0;\n\
         applypriority.global.L2::evict_normal [%rd3], 128;\n\
         nanosleep.u32 100;\n\
         discard.global.L2 [%rd3], 128;\n\
         pmevent 1;\n\
         griddepcontrol.wait;\n\
         setmaxnreg.inc.sync.aligned.u32 232;\n\
         elect.sync %r2|%p1, 0x55555550;\n\
         selp.u32 %r3, 1, 0, %p1;\n\
         st.global.L2::cache_hint.u32 [%rd3], %r2, %rd4;\n\
         st.global.u32 [%rd3+4], %r3;\n\
         setp.lt.u32 %p2, %r1, 3;\n\
         mov.u32 %r4, 99;\n\
         mov.u32 %r5, 7;\n\
         @!%p2 elect.sync %r4|%p3, 0xffffffff;\n\
         @!%p2 selp.u32 %r5, 1, 0, %p3;\n\
         st.global.u32 [%rd3+8], %r4;\n\
         ld.global.L2::cache_hint.u32 %r6, [%rd3+4], %rd4;\n\
         st.global.u32 [%rd3+12], %r5;\n\
         elect.sync _|%p1, 0xffffffff;\n\
         griddepcontrol.launch_dependents;\n\
         brkpt;\n\
         ret;\n}}\n"
    );
    let (code, out, err) = run(&src, &["--block", "32", "--set", "out=0x10000", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let mut bytes = Vec::new();
    for m in v["memory"].as_array().unwrap() {
        let hex = m["bytes"].as_str().unwrap();
        for i in (0..hex.len()).step_by(2) {
            bytes.push(u8::from_str_radix(&hex[i..i + 2], 16).unwrap());
        }
    }
    assert_eq!(bytes.len(), 32 * 16, "{out}");
    let word = |lane: usize, k: usize| {
        u32::from_le_bytes(
            bytes[lane * 16 + 4 * k..lane * 16 + 4 * k + 4]
                .try_into()
                .unwrap(),
        )
    };
    for lane in 0..32 {
        assert_eq!(word(lane, 0), 4, "lane {lane}: d of the first election");
        assert_eq!(word(lane, 1), u32::from(lane == 4), "lane {lane}: p");
        let (d2, p2) = if lane < 3 {
            (99, 7)
        } else {
            (3, u32::from(lane == 3))
        };
        assert_eq!(word(lane, 2), d2, "lane {lane}: d of the second election");
        assert_eq!(word(lane, 3), p2, "lane {lane}: p of the second election");
    }
}

/// `trap` stops the run with an error at its line (exit 2), after what
/// came before it ran.
#[test]
fn trap_aborts_the_kernel_at_its_line() {
    let src = format!(
        "{HEAD}.visible .entry k()\n{{\n.reg .b32 %r1;\nmov.u32 %r1, 5;\ntrap;\nret;\n}}\n"
    );
    let (code, out, err) = run(&src, &[]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains(":8:1: error: `trap`: the kernel aborted here"),
        "{err}"
    );
}

/// What nvcc writes and issue 18 lists: `setp.ftz.gt.f32` (modifiers in
/// that order), the combining `setp.lt.and.u32 p, a, b, !c`, a `$stack`
/// name, a DWARF `.section`, and the relaxed size rule of PTX ISA §6.4.2
/// ("floating-point instruction types still require that the operand
/// type-size matches exactly, unless the operand is of bit-size type"):
/// `ld.global.f32` into a `.b64` register, zero-extended.
#[test]
fn nvcc_spellings_and_the_relaxed_size_rule() {
    let src = format!(
        "{HEAD}.visible .entry k(.param .u64 out)\n{{\n\
         .reg .b32 %r<5>;\n.reg .b64 %rd<5>;\n.reg .f32 %f<4>;\n.reg .pred %p<4>;\n\
         .local .align 4 .b8 $stack[16];\n\
         ld.param.u64 %rd1, [out];\n\
         mov.f32 %f1, 0f3F800000;\n\
         mov.f32 %f2, 0f40000000;\n\
         setp.ftz.gt.f32 %p1, %f2, %f1;\n\
         setp.lt.and.u32 %p2, 1, 2, %p1;\n\
         setp.lt.and.u32 %p3, 1, 2, !%p1;\n\
         selp.u32 %r1, 1, 0, %p2;\n\
         selp.u32 %r2, 1, 0, %p3;\n\
         st.global.f32 [%rd1], %f2;\n\
         ld.global.f32 %rd2, [%rd1];\n\
         st.global.u32 [%rd1+4], %r1;\n\
         st.global.u32 [%rd1+8], %r2;\n\
         st.global.b64 [%rd1+16], %rd2;\n\
         mov.u64 %rd3, $stack;\n\
         ret;\n}}\n\
         .section .debug_info\n{{\n.b32 12\n.b8 0\n}}\n"
    );
    let (code, out, err) = run(&src, &["--set", "out=0x1000"]);
    assert_eq!(code, Some(0), "{err}");
    // 2.0f is 0x40000000; 2 > 1 so p1, then p2 = (1 < 2) and p1 = 1, p3 =
    // (1 < 2) and !p1 = 0; the b64 register holds 2.0f's bits, zero-extended.
    assert!(
        out.contains("mem[0x1000..0x100c] = 00 00 00 40 01 00 00 00 00 00 00 00"),
        "{out}"
    );
    assert!(
        out.contains("mem[0x1010..0x1018] = 00 00 00 40 00 00 00 00"),
        "{out}"
    );
}

fn check(src: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("k.ptx");
    std::fs::write(&f, src).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .arg("check")
        .arg(&f)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr),
    )
}

/// A hint outside its syntax lines (PTX ISA 9.7.9.15-17, 9.7.13.10/13,
/// 9.7.19) is an error at its line for `check` and `run` alike, naming
/// the forms; a malformed fence or `tensormap` likewise (they were
/// counted as valid but not run, and `check` passed them).
#[test]
fn malformed_hints_are_errors_at_their_line() {
    for (line, want) in [
        (
            "prefetch.bogus.L7 [%rd1];",
            "`prefetch{.global,.local}.{L1,L2}`",
        ),
        (
            "prefetch.shared.L1 [%rd1];",
            "`prefetch{.global,.local}.{L1,L2}`",
        ),
        ("prefetchu.L2 [%rd1];", "`prefetchu.L1`"),
        (
            "applypriority.global.L2::evict_first [%rd1], 128;",
            "`applypriority{.global}.L2::evict_normal [a], 128`",
        ),
        (
            "discard.global.L1 [%rd1], 128;",
            "`discard{.global}.L2 [a], 128`",
        ),
        ("nanosleep.u64 %rd1;", "`nanosleep.u32 t`"),
        (
            "setmaxnreg.inc.u32 240;",
            "`setmaxnreg.{inc,dec}.sync.aligned.u32 imm-reg-count`",
        ),
        (
            "griddepcontrol.signal;",
            "`griddepcontrol.{launch_dependents,wait}`",
        ),
        ("pmevent.all 1;", "`pmevent a` or `pmevent.mask a`"),
        ("fence.bogus;", "`fence{.sem}.scope`"),
        (
            "tensormap.query.is_small.u32 %p1, 4;",
            "`tensormap.query.is_large.u32",
        ),
    ] {
        let src = format!(
            "{HEAD}.visible .entry k(.param .u64 out)\n{{\n.reg .b64 %rd<2>;\n.reg .pred %p<2>;\n\
             ld.param.u64 %rd1, [out];\n{line}\nret;\n}}\n"
        );
        let (code, out) = check(&src);
        assert_eq!(code, Some(1), "{line}: {out}");
        assert!(
            out.contains(":9:1: error:") && out.contains(want),
            "{line}: {out}"
        );
        let (code, _, err) = run(&src, &["--set", "out=0x1000"]);
        assert_eq!(code, Some(2), "{line}: {err}");
        assert!(
            err.contains(":9:1: error:") && err.contains(want),
            "{line}: {err}"
        );
    }
}

/// The hints' version and target rules, and their operands: "The only
/// supported value for the size operand is 128" (applypriority, discard);
/// setmaxnreg's count "in the range 24 to 256 (both inclusive)", "in
/// multiples of 8", on sm_90a (not sm_90); `.L2::evict_last` from PTX ISA
/// 7.4; PTX ISA 9.4's `.L1::32B.valid_addr` on sm_90 and
/// `applypriority.async.bulk` on the sm_107f family only.
#[test]
fn hint_rules_and_operands() {
    let body = |head: &str, line: &str| {
        format!(
            "{head}.visible .entry k(.param .u64 out)\n{{\n.reg .b64 %rd<2>;\n\
             ld.param.u64 %rd1, [out];\n{line}\nret;\n}}\n"
        )
    };
    // Each runs as a no-op where its rules hold.
    for (head, line) in [
        (HEAD, "applypriority.global.L2::evict_normal [%rd1], 128;"),
        (HEAD, "discard.L2 [%rd1], 128;"),
        (HEAD, "setmaxnreg.dec.sync.aligned.u32 24;"),
        (HEAD, "setmaxnreg.inc.sync.aligned.u32 256;"),
        (HEAD, "prefetch.local.L1 [%rd1];"),
        (HEAD, "prefetch.param.tensormap [%rd1];"),
        (
            ".version 9.4\n.target sm_90\n.address_size 64\n",
            "prefetch.global.L1::32B.valid_addr [%rd1];",
        ),
        (
            ".version 9.4\n.target sm_107f\n.address_size 64\n",
            "applypriority.async.bulk.bulk_group.L2::evict_normal [%rd1], 4096;",
        ),
        (
            ".version 8.8\n.target sm_100f\n.address_size 64\n",
            "setmaxnreg.inc.sync.aligned.u32 232;",
        ),
    ] {
        let (code, _, err) = run(&body(head, line), &["--set", "out=0x1000"]);
        assert_eq!(code, Some(0), "{line}: {err}");
    }
    for (head, line, want) in [
        (
            HEAD,
            "applypriority.global.L2::evict_normal [%rd1], 64;",
            "The only supported value for the size operand is 128",
        ),
        (HEAD, "discard.global.L2 [%rd1];", "takes `[a], 128`"),
        (HEAD, "setmaxnreg.inc.sync.aligned.u32 260;", "24 to 256"),
        (
            HEAD,
            "setmaxnreg.inc.sync.aligned.u32 100;",
            "multiples of 8",
        ),
        (
            HEAD,
            "prefetch.global.L2 %rd1;",
            "`prefetch.global.L2`: this operand must be an address `[a]`",
        ),
        (HEAD, "griddepcontrol.wait %rd1;", "takes no operands"),
        (
            ".version 8.4\n.target sm_90\n.address_size 64\n",
            "setmaxnreg.inc.sync.aligned.u32 240;",
            "sm_90a",
        ),
        (
            ".version 7.0\n.target sm_80\n.address_size 64\n",
            "prefetch.global.L2::evict_last [%rd1];",
            "requires PTX ISA 7.4",
        ),
        (
            ".version 9.3\n.target sm_90\n.address_size 64\n",
            "prefetch.global.L1::32B.valid_addr [%rd1];",
            "requires PTX ISA 9.4",
        ),
        (
            ".version 9.4\n.target sm_107\n.address_size 64\n",
            "applypriority.async.bulk.bulk_group.L2::evict_normal [%rd1], 4096;",
            "needs a family target",
        ),
        (
            ".version 9.4\n.target sm_100f\n.address_size 64\n",
            "applypriority.async.bulk.bulk_group.L2::evict_normal [%rd1], 4096;",
            "sm_107",
        ),
    ] {
        let (code, _, err) = run(&body(head, line), &["--set", "out=0x1000"]);
        assert_eq!(code, Some(2), "{line}: {err}");
        assert!(err.contains(want), "{line}: {err}");
    }
}
