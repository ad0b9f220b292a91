//! Addresses in variable initializers (PTX ISA §5.4.4) and call tables
//! (PTX ISA `call` with `flist`), through `ptxfp run`. The engine picks the
//! addresses, so every expected value is a layout-free fact: the data a
//! pointer reaches, an address rebuilt from its bytes equal to the one
//! `mov` gives, the function a table entry calls. Constants are worked
//! out by hand in the comments.

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

const HEAD: &str = ".version 8.1\n.target sm_90\n.address_size 64\n";

/// The ISA's own examples: `p1 = foo` (the offset of foo in .const),
/// `p2 = generic(foo)`, `parr = {generic(bar), generic(bar)+4,
/// generic(bar)+8}`, and the bytes of foo's address, `0xff(foo)` to
/// `0xff00000000000000(foo)`, and of foo+4. The kernel stores: the three
/// values parr points at (2, 3, 5), then 1 for each address that equals
/// the one `mov` gives (p1, p2, the 8 bytes of foo, the 8 of foo+4).
#[test]
fn initializers_hold_addresses_and_their_bytes() {
    let bytes = |e: &str| {
        (0..8)
            .map(|k| format!("0xff{}({e})", "00".repeat(k)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let src = format!(
        "{HEAD}.const .u32 foo = 42;\n\
         .global .u32 bar[] = {{ 2, 3, 5 }};\n\
         .global .u32 p1 = foo;\n\
         .global .u64 p2 = generic(foo);\n\
         .global .u64 parr[] = {{ generic(bar), generic(bar)+4,\n generic(bar)+8 }};\n\
         .global .u8 addr[] = {{{}}};\n\
         .global .u8 addr2[8] = {{{}}};\n\
         .visible .entry k(.param .u64 out)\n{{\n\
         .reg .b64 %rd<12>;\n.reg .b32 %r<12>;\n.reg .pred %p<4>;\n\
         ld.param.u64 %rd1, [out];\n\
         ld.global.u64 %rd2, [parr];\n ld.u32 %r1, [%rd2];\n st.global.u32 [%rd1], %r1;\n\
         ld.global.u64 %rd2, [parr+8];\n ld.u32 %r1, [%rd2];\n st.global.u32 [%rd1+4], %r1;\n\
         ld.global.u64 %rd2, [parr+16];\n ld.u32 %r1, [%rd2];\n st.global.u32 [%rd1+8], %r1;\n\
         mov.u32 %r2, foo;\n ld.global.u32 %r3, [p1];\n\
         setp.eq.u32 %p1, %r2, %r3;\n selp.u32 %r4, 1, 0, %p1;\n st.global.u32 [%rd1+12], %r4;\n\
         mov.u64 %rd3, foo;\n cvta.const.u64 %rd3, %rd3;\n ld.global.u64 %rd4, [p2];\n\
         setp.eq.u64 %p1, %rd3, %rd4;\n selp.u32 %r4, 1, 0, %p1;\n st.global.u32 [%rd1+16], %r4;\n\
         mov.u64 %rd3, foo;\n ld.global.u64 %rd5, [addr];\n\
         setp.eq.u64 %p1, %rd3, %rd5;\n selp.u32 %r4, 1, 0, %p1;\n st.global.u32 [%rd1+20], %r4;\n\
         add.u64 %rd3, %rd3, 4;\n ld.global.u64 %rd5, [addr2];\n\
         setp.eq.u64 %p1, %rd3, %rd5;\n selp.u32 %r4, 1, 0, %p1;\n st.global.u32 [%rd1+24], %r4;\n\
         ret;\n}}\n",
        bytes("foo"),
        bytes("foo+4")
    );
    let (code, out, err) = run(&src, &["--set", "out=0x100000"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains(
            "mem[0x100000..0x10001c] = 02 00 00 00 03 00 00 00 05 00 00 00 \
             01 00 00 00 01 00 00 00 01 00 00 00 01 00 00 00"
        ),
        "{out}"
    );
}

/// `mask()` of an integer constant expression (PTX ISA 7.3): 0xFF(1000 +
/// 546) is 1546 = 0x60a, byte 0x0a; 0xFF00(0x1234) is 0x12; 0xFF(2*3+1) is
/// 7; 0xFF0000(0x10000 * 3 - 1) is 0x2ffff, byte 2 of it 0x02. Read back
/// through the initialized variable.
#[test]
fn mask_of_a_constant_expression_is_one_byte_of_it() {
    let src = format!(
        "{HEAD}.global .u8 b[] = {{ 0xFF(1000 + 546), 0xFF00(0x1234), 0xFF(2*3+1), 0xFF0000(0x10000 * 3 - 1) }};\n\
         .visible .entry k(.param .u64 out)\n{{\n\
         .reg .b64 %rd<4>;\n.reg .b32 %r<4>;\n\
         ld.param.u64 %rd1, [out];\n\
         ld.global.u32 %r1, [b];\n st.global.u32 [%rd1], %r1;\n\
         ret;\n}}\n"
    );
    let (code, out, err) = run(&src, &["--set", "out=0x100000"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("mem[0x100000..0x100004] = 0a 12 07 02"),
        "{out}"
    );
}

/// PTX ISA `call`'s call-table example, as nvcc writes a switch over
/// device functions: `jmptbl` holds f1, f2 and f3; the kernel calls
/// through entries 1 and 2 (f2(40) = 42, f3(40) = 43) and through the
/// address `mov` gives f1 (41). A function the table does not list, and
/// a `flist` that names nothing, stop the run at the call.
#[test]
fn call_tables_list_the_functions_a_call_may_reach() {
    let funcs = ".func (.reg .u32 rv) f1 (.reg .u32 a) { add.u32 rv, a, 1; ret; }\n\
                 .func (.reg .u32 rv) f2 (.reg .u32 a) { add.u32 rv, a, 2; ret; }\n\
                 .func (.reg .u32 rv) f3 (.reg .u32 a) { add.u32 rv, a, 3; ret; }\n\
                 .func (.reg .u32 rv) f4 (.reg .u32 a) { add.u32 rv, a, 4; ret; }\n";
    let kernel = |table: &str, last: &str| {
        format!(
            "{HEAD}{funcs}.global .u64 jmptbl[3] = {{ {table} }};\n\
             .visible .entry k(.param .u64 out)\n{{\n\
             .reg .b64 %rd<6>;\n.reg .b32 %r<6>;\n\
             ld.param.u64 %rd1, [out];\n mov.u32 %r1, 40;\n\
             ld.global.u64 %rd2, [jmptbl+8];\n call (%r2), %rd2, (%r1), jmptbl;\n\
             ld.global.u64 %rd2, [jmptbl+16];\n call (%r3), %rd2, (%r1), jmptbl;\n\
             mov.u64 %rd3, {last};\n call (%r4), %rd3, (%r1), jmptbl;\n\
             st.global.u32 [%rd1], %r2;\n st.global.u32 [%rd1+4], %r3;\n st.global.u32 [%rd1+8], %r4;\n\
             ret;\n}}\n"
        )
    };
    let (code, out, err) = run(&kernel("f1, f2, f3", "f1"), &["--set", "out=0x100000"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("mem[0x100000..0x10000c] = 2a 00 00 00 2b 00 00 00 29 00 00 00"),
        "{out}"
    );
    // f4 is not in the table: the third call stops.
    let (code, _, err) = run(&kernel("f1, f2, f3", "f4"), &["--set", "out=0x100000"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("holds the address of `f4`, which the call table `jmptbl` does not list"),
        "{err}"
    );
    let (code, _, err) = run(
        &kernel("f1, f2, f3", "f1").replace("(%r1), jmptbl;\nst", "(%r1), nolist;\nst"),
        &["--set", "out=0x100000"],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("`nolist` is not a `nolist: .callprototype ...;`"),
        "{err}"
    );
}

/// Bad initializers: one error each, at the place, and no false error
/// about the braces after it.
#[test]
fn bad_initializers_are_one_clear_error() {
    let cases: [(&str, &str); 5] = [
        (
            ".global .u8 a[] = {0x0f(foo), 1};",
            "`0x0f(...)`: the mask is 0xFF, 0xFF00",
        ),
        (
            ".global .u8 a[] = {0xff(foo, 1};",
            "expected `)` to close `0xff(`",
        ),
        (
            ".global .u64 a[] = {generic(), 1};",
            "expected `generic(NAME)`",
        ),
        (".global .u64 a[] = {foo+, 1};", "expected a byte offset"),
        (
            ".global .u32 a[] = {{1, 2}, 3 4};",
            "expected `,` or `}` in the initializer, found `4`",
        ),
    ];
    for (decl, want) in cases {
        let src =
            format!("{HEAD}.const .u32 foo = 1;\n{decl}\n.visible .entry k()\n{{\nret;\n}}\n");
        let (code, _, err) = run(&src, &[]);
        assert_eq!(code, Some(2), "{decl}: {err}");
        assert!(err.contains(want), "{decl}: {err}");
        assert_eq!(err.matches("error:").count(), 1, "{decl}: {err}");
    }
    // Names that are not allowed or not there: errors at the name.
    let (code, _, err) = run(
        &format!("{HEAD}.global .u64 p = nosuch;\n.visible .entry k()\n{{\nret;\n}}\n"),
        &[],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("4:18: error: `nosuch` in the initializer of `p` is no variable or function"),
        "{err}"
    );
    let (code, _, err) = run(
        &format!("{HEAD}.shared .u32 s;\n.global .u64 p = s;\n.visible .entry k()\n{{\nret;\n}}\n"),
        &[],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("`s` is a .shared variable: only .global and .const variables"),
        "{err}"
    );
}
