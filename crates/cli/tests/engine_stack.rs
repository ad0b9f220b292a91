//! `alloca`, `stacksave` and `stackrestore` (PTX ISA 9.7.17, 7.3, sm_52)
//! through the binary (docs/ENGINE.md "The stack: alloca, stacksave,
//! stackrestore"). Expected values come from the kernel's arithmetic done
//! here in Rust and from the ISA's semantics ("stackptr =
//! alloc_stack_mem(size, a)", "deallocated when the function exits").

mod common;
use common::{mem, run_src, text, words};

/// `fill(n, k)` allocates `n` words on the stack (`alloca.u64`, 16-byte
/// aligned), writes `i * i + k` (`st.local`), sums them back (a generic
/// `ld`) and returns the sum. The entry saves its stack pointer, keeps a
/// word of its own (`alloca.u32` of 8 bytes, 777 in it), calls `fill`
/// four times (n = 10 + 3 tid + j, k = tid), then stores the sums, its
/// word, the bytes its own allocation took (saved pointer minus the
/// pointer after the calls) and whether the pointer after the calls is
/// its allocation's (the callees' allocations were freed at their `ret`),
/// and restores the stack pointer.
const STACK: &str = r#".version 7.3
.target sm_52
.address_size 64
.func (.param .b32 ret) fill(.param .b32 n, .param .b32 k)
{
    .reg .pred %p<2>;
    .reg .b32 %r<12>;
    .reg .b64 %rd<8>;
    ld.param.u32 %r1, [n];
    ld.param.u32 %r2, [k];
    mul.wide.u32 %rd1, %r1, 4;
    alloca.u64 %rd2, %rd1, 16;
    mov.u32 %r3, 0;
$L__fill:
    setp.ge.u32 %p1, %r3, %r1;
    @%p1 bra $L__filled;
    mad.lo.u32 %r4, %r3, %r3, %r2;
    mul.wide.u32 %rd3, %r3, 4;
    add.s64 %rd4, %rd2, %rd3;
    st.local.u32 [%rd4], %r4;
    add.u32 %r3, %r3, 1;
    bra.uni $L__fill;
$L__filled:
    mov.u32 %r5, 0;
    mov.u32 %r3, 0;
$L__sum:
    setp.ge.u32 %p1, %r3, %r1;
    @%p1 bra $L__done;
    mul.wide.u32 %rd3, %r3, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.u32 %r6, [%rd4];
    add.u32 %r5, %r5, %r6;
    add.u32 %r3, %r3, 1;
    bra.uni $L__sum;
$L__done:
    st.param.b32 [ret], %r5;
    ret;
}
.visible .entry k(.param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<16>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mul.lo.u32 %r2, %r1, 7;
    mul.wide.u32 %rd2, %r2, 4;
    add.s64 %rd3, %rd1, %rd2;
    stacksave.u64 %rd4;
    alloca.u32 %r3, 8;
    mov.u32 %r4, 777;
    st.local.u32 [%r3], %r4;
    mov.u32 %r5, 0;
$L__calls:
    mad.lo.u32 %r6, %r1, 3, 10;
    add.u32 %r6, %r6, %r5;
    {
    .param .b32 p0;
    .param .b32 p1;
    .param .b32 r0;
    st.param.b32 [p0], %r6;
    st.param.b32 [p1], %r1;
    call.uni (r0), fill, (p0, p1);
    ld.param.b32 %r7, [r0];
    }
    mul.wide.u32 %rd5, %r5, 4;
    add.s64 %rd6, %rd3, %rd5;
    st.global.u32 [%rd6], %r7;
    add.u32 %r5, %r5, 1;
    setp.lt.u32 %p1, %r5, 4;
    @%p1 bra $L__calls;
    ld.local.u32 %r8, [%r3];
    st.global.u32 [%rd3+16], %r8;
    stacksave.u64 %rd7;
    sub.s64 %rd8, %rd4, %rd7;
    cvt.u32.u64 %r9, %rd8;
    st.global.u32 [%rd3+20], %r9;
    cvt.u64.u32 %rd9, %r3;
    setp.eq.u64 %p1, %rd7, %rd9;
    selp.u32 %r10, 1, 0, %p1;
    st.global.u32 [%rd3+24], %r10;
    stackrestore.u64 %rd4;
    ret;
}
"#;

#[test]
fn alloca_in_calls_and_the_entry() {
    for threads in [1u32, 4] {
        let o = run_src(
            "stack.ptx",
            STACK,
            &["--block", &threads.to_string(), "--set", "out=0x100000"],
        );
        let mut want = Vec::new();
        for t in 0..threads {
            for j in 0..4 {
                let n = 10 + 3 * t + j;
                want.push((0..n).fold(0u32, |s, i| s.wrapping_add(i * i + t)));
            }
            // 777; an 8-byte allocation from an 8-byte-aligned stack
            // pointer takes 8 bytes; the callees' allocations are gone.
            want.extend([777, 8, 1]);
        }
        assert_eq!(
            mem(&o, 0x100000, want.len() * 4),
            words(&want),
            "{threads} thread(s): {:?}",
            text(&o)
        );
    }
}

/// Uses the PTX ISA leaves undefined or calls a stack overflow: errors at
/// their operand, exit code 2.
#[test]
fn stack_misuse_is_an_error_at_its_line() {
    let kernel = |body: &str| {
        format!(
            ".version 7.3\n.target sm_52\n.address_size 64\n.visible .entry k()\n{{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\nstacksave.u64 %rd1;\nalloca.u64 %rd2, 64;\n{body}\nret;\n}}\n"
        )
    };
    for (body, at, msg) in [
        (
            "add.s64 %rd3, %rd1, 8;\nstackrestore.u64 %rd3;",
            "%rd3;",
            "not a stack pointer of this function",
        ),
        (
            "alloca.u64 %rd3, 2000000;",
            "2000000",
            "stack overflow: `alloca.u64` of 2000000 bytes",
        ),
        ("alloca.u64 %rd3, 8, 12;", "12", "immAlign 12"),
        (
            "st.local.u32 [%rd2], 5;\nstackrestore.u64 %rd1;\nld.local.u32 %r1, [%rd2];",
            "[%rd2];",
            "was never given or written",
        ),
    ] {
        let src = kernel(body);
        let o = run_src("misuse.ptx", &src, &[]);
        let (_, stderr) = text(&o);
        let last = body.lines().last().unwrap();
        let line = 9 + body.lines().count();
        let col = last.find(at).unwrap() + 1;
        assert_eq!(o.status.code(), Some(2), "{body}: {stderr}");
        assert!(
            stderr.contains(&format!("misuse.ptx:{line}:{col}: error: ")) && stderr.contains(msg),
            "{body}: {stderr}"
        );
    }
    // Older code than the instructions: an error before the run, and in
    // `check`.
    let old = kernel("").replace(".version 7.3", ".version 7.2");
    let o = run_src("old.ptx", &old, &[]);
    let (_, stderr) = text(&o);
    assert!(
        stderr.contains("old.ptx:8:1: error: `stacksave.u64` requires PTX ISA 7.3 or later"),
        "{stderr}"
    );
}
