//! The execution engine through the library: calls with `.reg`
//! parameters, divergence and reconvergence, barriers released by exited
//! threads, per-thread `.local` and per-CTA `.shared` memory, the special
//! registers. Each expected value is derived in the test from the kernel's
//! meaning (comments), and compared exactly.

use ptxfp_interp::{run, Inputs, Launch, Options, RunError};

const HEAD: &str = ".version 7.0\n.target sm_70\n.address_size 64\n";

fn launch(block: u32, grid: u32) -> Options {
    Options {
        launch: Launch {
            grid: [grid, 1, 1],
            block: [block, 1, 1],
            dynamic_shared: 0,
            cluster: None,
            cooperative: false,
        },
        ..Options::default()
    }
}

fn out_at(addr: u64) -> Inputs {
    Inputs {
        sets: vec![("out".into(), format!("{addr:#x}"))],
        ..Inputs::default()
    }
}

/// The u32 words of the memory written, from its single run at `addr`.
fn words(memory: &[(u64, Vec<u8>)], addr: u64) -> Vec<u32> {
    assert_eq!(memory.len(), 1, "{memory:?}");
    assert_eq!(memory[0].0, addr);
    memory[0]
        .1
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Fibonacci by double recursion with `.reg` parameters:
/// fib(0) = 0, fib(1) = 1, fib(n) = fib(n-1) + fib(n-2); fib(15) = 610.
#[test]
fn recursion_with_reg_parameters() {
    let src = format!(
        "{HEAD}.func (.reg .u32 r) fib(.reg .u32 n)
{{
.reg .pred %p;
.reg .u32 %a, %b, %m;
setp.lt.u32 %p, n, 2;
@%p bra SMALL;
sub.u32 %m, n, 1;
call (%a), fib, (%m);
sub.u32 %m, n, 2;
call (%b), fib, (%m);
add.u32 r, %a, %b;
ret;
SMALL:
mov.u32 r, n;
ret;
}}
.entry k(.param .u64 out)
{{
.reg .u32 %v;
.reg .u64 %o;
ld.param.u64 %o, [out];
call (%v), fib, (15);
st.global.u32 [%o], %v;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &Options::default()).unwrap();
    let fib = |n: u32| (0..n).fold((0u32, 1u32), |(a, b), _| (b, a + b)).0;
    assert_eq!(words(&o.memory, 0x1000), vec![fib(15)]);
    assert_eq!(fib(15), 610);
}

/// An if/else on lane parity splits the warp in two halves that each run
/// with their own mask; after the join all 32 run together.
#[test]
fn if_else_diverges_and_reconverges() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .pred %p;
.reg .u32 %t, %b, %m, %j;
.reg .u64 %o, %x;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
and.b32 %b, %t, 1;
setp.eq.u32 %p, %b, 1;
@%p bra ODD;
activemask.b32 %m;
bra.uni JOIN;
ODD:
activemask.b32 %m;
JOIN:
activemask.b32 %j;
mul.wide.u32 %x, %t, 8;
add.u64 %o, %o, %x;
st.global.v2.u32 [%o], {{%m, %j}};
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(32, 1)).unwrap();
    let want: Vec<u32> = (0..32)
        .flat_map(|t| {
            let half: u32 = (0..32).filter(|l| l % 2 == t % 2).map(|l| 1u32 << l).sum();
            [half, u32::MAX]
        })
        .collect();
    assert_eq!(words(&o.memory, 0x1000), want);
}

/// Threads that exit do not hold a barrier up: the second warp exits, the
/// first passes `bar.sync 0` and writes.
#[test]
fn exited_threads_release_a_barrier() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .pred %p;
.reg .u32 %t;
.reg .u64 %o, %x;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
setp.ge.u32 %p, %t, 32;
@%p exit;
bar.sync 0;
mul.wide.u32 %x, %t, 4;
add.u64 %o, %o, %x;
st.global.u32 [%o], %t;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(64, 1)).unwrap();
    assert_eq!(words(&o.memory, 0x1000), (0..32).collect::<Vec<u32>>());
}

/// `.local` is each thread's and `.shared` each CTA's: every thread of two
/// CTAs stores its id in both, then reads them back after a barrier.
#[test]
fn local_per_thread_shared_per_cta() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.local .u32 mine;
.shared .u32 first;
.reg .pred %p;
.reg .u32 %t, %c, %id, %l, %s;
.reg .u64 %o, %x;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
mov.u32 %c, %ctaid.x;
mad.lo.u32 %id, %c, 100, %t;
st.local.u32 [mine], %id;
setp.eq.u32 %p, %t, 0;
@%p st.shared.u32 [first], %id;
bar.sync 0;
ld.local.u32 %l, [mine];
ld.shared.u32 %s, [first];
mad.lo.u32 %id, %c, 40, %t;
mul.wide.u32 %x, %id, 8;
add.u64 %o, %o, %x;
st.global.v2.u32 [%o], {{%l, %s}};
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(40, 2)).unwrap();
    let want: Vec<u32> = (0..2u32)
        .flat_map(|c| (0..40u32).flat_map(move |t| [c * 100 + t, c * 100]))
        .collect();
    assert_eq!(words(&o.memory, 0x1000), want);
}

/// %laneid, %warpid, %nwarpid and %lanemask_lt of a CTA of 40 threads.
#[test]
fn lane_and_warp_registers() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .u32 %t, %l, %w, %n, %m;
.reg .u64 %o, %x;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
mov.u32 %l, %laneid;
mov.u32 %w, %warpid;
mov.u32 %n, %nwarpid;
mov.u32 %m, %lanemask_lt;
mul.wide.u32 %x, %t, 16;
add.u64 %o, %o, %x;
st.global.v4.u32 [%o], {{%l, %w, %n, %m}};
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(40, 1)).unwrap();
    let want: Vec<u32> = (0..40u32)
        .flat_map(|t| [t % 32, t / 32, 2, (1u32 << (t % 32)) - 1])
        .collect();
    assert_eq!(words(&o.memory, 0x1000), want);
}

/// The special registers the driver or the hardware defines and the
/// engine gives fixed values (docs/ENGINE.md "Special registers"): the
/// performance counters and `%envreg`s 0 (each settable with `--set`),
/// `%current_graph_exec` 0 (no graph), `%clock_hi` the upper half of
/// `%clock64`; `--set` in the register's own type (`%gridid` is 64
/// bits); `%total_smem_size` (PTX ISA §10.30) from the launch.
#[test]
fn driver_defined_special_registers() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .u32 %a<6>;
.reg .u64 %o, %b<3>;
ld.param.u64 %o, [out];
mov.u32 %a0, %pm3;
mov.u32 %a1, %envreg7;
mov.u32 %a2, %clock_hi;
mov.u32 %a3, %envreg31;
mov.u64 %b0, %pm7_64;
mov.u64 %b1, %current_graph_exec;
mov.u64 %b2, %gridid;
st.u32 [%o], %a0;
st.u32 [%o+4], %a1;
st.u32 [%o+8], %a2;
st.u32 [%o+12], %a3;
st.u64 [%o+16], %b0;
st.u64 [%o+24], %b1;
st.u64 [%o+32], %b2;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(1, 1)).unwrap();
    assert_eq!(words(&o.memory, 0x1000), [0; 10]);
    let mut given = out_at(0x1000);
    for (name, value) in [
        ("%envreg31", "0xdeadbeef"),
        ("%envreg7", "12"),
        ("%pm7_64", "0x123456789"),
        ("%gridid", "0x100000002"),
    ] {
        given.sets.push((name.into(), value.into()));
    }
    let o = run(&src, &given, &launch(1, 1)).unwrap();
    assert_eq!(
        words(&o.memory, 0x1000),
        [0, 12, 0, 0xdead_beef, 0x2345_6789, 1, 0, 0, 2, 1]
    );
    // %total_smem_size: the dynamic shared memory in the device's
    // allocation units (256 bytes on sm_70, 128 on sm_80): 300 bytes are
    // 512 and 384; with a static `.shared` variable, how ptxas packs it
    // decides, and only a given value runs.
    let total = |shared: &str| {
        format!(
            "{HEAD}{shared}.entry k(.param .u64 out)
{{
.reg .u32 %a;
.reg .u64 %o;
ld.param.u64 %o, [out];
mov.u32 %a, %total_smem_size;
st.u32 [%o], %a;
}}
"
        )
    };
    let dynamic = total(".extern .shared .align 4 .b8 dyn[];\n");
    for (device, want) in [("sm_70", 512), ("sm_80", 384), ("sm_90", 384)] {
        let mut opts = launch(1, 1);
        opts.launch.dynamic_shared = 300;
        opts.device = Some(device.parse().unwrap());
        let o = run(&dynamic, &out_at(0x1000), &opts).unwrap();
        assert_eq!(words(&o.memory, 0x1000), [want], "{device}");
    }
    let o = run(&total(""), &out_at(0x1000), &launch(1, 1)).unwrap();
    assert_eq!(words(&o.memory, 0x1000), [0]);
    let fixed = total(".shared .align 4 .b8 tile[100];\n");
    match run(&fixed, &out_at(0x1000), &launch(1, 1)) {
        Err(RunError::Runtime { error, .. }) => {
            assert!(
                error
                    .message
                    .contains("`%total_smem_size` has no value in ptxfp's model"),
                "{}",
                error.message
            );
            assert_eq!(
                error.help.as_deref(),
                Some("give it with --set %total_smem_size=VALUE")
            );
        }
        other => panic!("{other:?}"),
    }
    let mut given = out_at(0x1000);
    given.sets.push(("%total_smem_size".into(), "4096".into()));
    let o = run(&fixed, &given, &launch(1, 1)).unwrap();
    assert_eq!(words(&o.memory, 0x1000), [4096]);
}

/// `.alias bar, foo;` (PTX ISA §11.2.3, the ISA's own example shape):
/// a call of `bar` runs `foo`, and `bar`'s address is `foo`'s, so an
/// indirect call through it runs `foo` too.
#[test]
fn an_alias_calls_its_function() {
    let src = format!(
        "{HEAD}.visible .func (.param .u32 r) foo(.param .u32 p)
{{
.reg .u32 %a;
ld.param.u32 %a, [p];
add.u32 %a, %a, 100;
st.param.u32 [r], %a;
ret;
}}
.visible .func (.param .u32 r) bar(.param .u32 p);
.alias bar, foo;
.entry k(.param .u64 out)
{{
.reg .u32 %x, %y;
.reg .u64 %o, %f;
ld.param.u64 %o, [out];
{{
.param .u32 a;
st.param.u32 [a], 5;
.param .u32 r;
call.uni (r), bar, (a);
ld.param.u32 %x, [r];
}}
mov.u64 %f, bar;
{{
.param .u32 a;
st.param.u32 [a], 7;
.param .u32 r;
proto: .callprototype (.param .u32 _) _ (.param .u32 _);
call.uni (r), %f, (a), proto;
ld.param.u32 %y, [r];
}}
st.u32 [%o], %x;
st.u32 [%o+4], %y;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(1, 1)).unwrap();
    assert_eq!(words(&o.memory, 0x1000), [105, 107]);
}

/// `WARP_SZ` (PTX ISA §5.1.4) is the constant 32 as an operand of a store
/// and of arithmetic (ZLUDA's warp_sz.ptx stores it with `st.u8`).
#[test]
fn warp_sz_is_a_constant() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .u32 %a;
.reg .u64 %o;
ld.param.u64 %o, [out];
add.u32 %a, WARP_SZ, 1;
st.u32 [%o], %a;
st.u32 [%o+4], WARP_SZ;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(1, 1)).unwrap();
    assert_eq!(words(&o.memory, 0x1000), [33, 32]);
}

/// `.reg .v4 .u32 v;` (PTX ISA §5.4.2): loaded, stored and moved whole,
/// and read by element (`v.w`).
#[test]
fn vector_registers() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .v4 .u32 v;
.reg .v2.u32 h;
.reg .u32 s;
.reg .u64 %o;
ld.param.u64 %o, [out];
ld.global.v4.u32 v, [%o];
mov.b32 s, v.w;
add.u32 v.x, v.x, s;
st.global.v4.u32 [%o+16], v;
mov.v2.u32 h, {{v.y, v.z}};
st.global.v2.u32 [%o+32], h;
}}
"
    );
    let inputs = Inputs {
        sets: vec![("out".into(), "0x1000".into())],
        mems: vec![(
            "0x1000".into(),
            [1u32, 2, 3, 4]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect(),
        )],
        ..Inputs::default()
    };
    let o = run(&src, &inputs, &launch(1, 1)).unwrap();
    // v = {1, 2, 3, 4}; v.x += v.w; then {v.y, v.z}.
    assert_eq!(words(&o.memory, 0x1010), [5, 2, 3, 4, 2, 3]);
}

/// `.extern .shared` takes its size from the launch's dynamic shared memory.
#[test]
fn dynamic_shared_memory() {
    let src = format!(
        "{HEAD}.extern .shared .align 4 .b8 dyn[];
.entry k(.param .u64 out)
{{
.reg .u32 %t, %a, %v, %r, %z;
.reg .u64 %o, %x;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
mov.u32 %a, dyn;
mad.lo.u32 %a, %t, 4, %a;
mul.lo.u32 %v, %t, 3;
st.shared.u32 [%a], %v;
bar.sync 0;
sub.u32 %r, 63, %t;
mov.u32 %a, dyn;
mad.lo.u32 %a, %r, 4, %a;
ld.shared.u32 %v, [%a];
mov.u32 %z, %dynamic_smem_size;
mul.wide.u32 %x, %t, 8;
add.u64 %o, %o, %x;
st.global.v2.u32 [%o], {{%v, %z}};
}}
"
    );
    let mut opts = launch(64, 1);
    opts.launch.dynamic_shared = 256;
    let o = run(&src, &out_at(0x1000), &opts).unwrap();
    let want: Vec<u32> = (0..64u32).flat_map(|t| [(63 - t) * 3, 256]).collect();
    assert_eq!(words(&o.memory, 0x1000), want);
}

/// A call to a function the module does not define is an error at the
/// call, with the name; a wrong argument count says both counts.
#[test]
fn call_errors_say_what_is_wrong() {
    let src = format!(
        "{HEAD}.func (.reg .u32 r) f(.reg .u32 a)\n{{\nmov.u32 r, a;\nret;\n}}\n.entry k()\n{{\n.reg .u32 %v;\ncall (%v), f, (1, 2);\n}}\n"
    );
    // The count is the module check's error, before the run.
    match run(&src, &Inputs::default(), &Options::default()) {
        Err(RunError::Program(error)) => assert_eq!(
            error.message,
            "`call f` passes 2 argument(s) and 1 return value(s); `f` takes 1 and returns 1"
        ),
        other => panic!("{other:?}"),
    }
    // And the engine's at the call where the check is skipped.
    let lenient = Options {
        lenient: true,
        ..Options::default()
    };
    match run(&src, &Inputs::default(), &lenient) {
        Err(RunError::Runtime { error, .. }) => assert_eq!(
            error.message,
            "`call f` passes 2 argument(s) and 1 return value(s); `f` takes 1 and returns 1"
        ),
        other => panic!("{other:?}"),
    }
    let src = format!("{HEAD}.entry k()\n{{\ncall g;\n}}\n");
    match run(&src, &Inputs::default(), &Options::default()) {
        Err(RunError::Runtime { error, .. }) => {
            assert_eq!(
                error.message,
                "`call g`: no .func `g` with a body in this module"
            )
        }
        other => panic!("{other:?}"),
    }
}

/// `bar.red`: the threads whose predicate holds (t and 3 = 0 among
/// 0..63: 0, 4, ..., 60, that is 16 of them), their and (false) and or
/// (true), in every thread.
#[test]
fn bar_red_reduces_over_the_cta() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .pred %p, %all, %any;
.reg .u32 %t, %n, %a, %o;
.reg .b32 %r;
.reg .u64 %x, %y;
ld.param.u64 %x, [out];
mov.u32 %t, %tid.x;
and.b32 %r, %t, 3;
setp.eq.b32 %p, %r, 0;
bar.red.popc.u32 %n, 0, %p;
bar.red.and.pred %all, 1, %p;
barrier.red.or.pred %any, 2, 64, %p;
mov.u32 %a, 0;
mov.u32 %o, 0;
@%all mov.u32 %a, 1;
@%any mov.u32 %o, 1;
mul.wide.u32 %y, %t, 12;
add.u64 %x, %x, %y;
st.global.u32 [%x], %n;
st.global.u32 [%x+4], %a;
st.global.u32 [%x+8], %o;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(64, 1));
    let o = match o {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    let ones = (0..64).filter(|t| t & 3 == 0).count() as u32;
    assert_eq!(ones, 16);
    let want: Vec<u32> = (0..64).flat_map(|_| [ones, 0, 1]).collect();
    assert_eq!(words(&o.memory, 0x1000), want);
}

/// A barrier as the last instruction still completes before the threads
/// end: `bar.red` as the last line gives its result (64 threads, all true).
#[test]
fn a_barrier_at_the_end_completes() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)\n{{\n.reg .u32 %n, %t;\n.reg .u64 %x, %y;\nld.param.u64 %x, [out];\nmov.u32 %t, %tid.x;\nmul.wide.u32 %y, %t, 4;\nadd.u64 %x, %x, %y;\nst.global.u32 [%x], %t;\nbar.red.popc.u32 %n, 0, 1;\n}}\n"
    );
    // The result lands in a register: with one thread, it is reported.
    let one = run(&src, &out_at(0x1000), &Options::default()).unwrap();
    let n = one.regs.iter().find(|r| r.name == "%n").map(|r| r.bits);
    assert_eq!(n, Some(1));
    let many = run(&src, &out_at(0x1000), &launch(64, 1)).unwrap();
    assert_eq!(words(&many.memory, 0x1000), (0..64).collect::<Vec<u32>>());
}

/// redux.sync over a warp: the sum of 0..31 (496), the min and max of
/// t - 10 (-10, 21), the xor of 0..31 (0); match.any.sync of t & 3: the
/// lanes with the same remainder, 0x11111111 << (t & 3); match.all.sync of
/// it: 0 (they differ).
#[test]
fn redux_and_match_over_a_warp() {
    // redux.sync: "requires sm_80 or higher".
    let head = HEAD.replace("sm_70", "sm_80");
    let src = format!(
        "{head}.entry k(.param .u64 out)
{{
.reg .pred %p;
.reg .u32 %t, %s;
.reg .s32 %v, %lo, %hi;
.reg .b32 %b, %x, %r, %any, %all;
.reg .u64 %o, %y;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
redux.sync.add.u32 %s, %t, -1;
sub.s32 %v, %t, 10;
redux.sync.min.s32 %lo, %v, -1;
redux.sync.max.s32 %hi, %v, -1;
mov.b32 %b, %t;
redux.sync.xor.b32 %x, %b, -1;
and.b32 %r, %b, 3;
match.any.sync.b32 %any, %r, -1;
match.all.sync.b32 %all|%p, %r, -1;
mul.wide.u32 %y, %t, 24;
add.u64 %o, %o, %y;
st.global.u32 [%o], %s;
st.global.s32 [%o+4], %lo;
st.global.s32 [%o+8], %hi;
st.global.b32 [%o+12], %x;
st.global.b32 [%o+16], %any;
st.global.b32 [%o+20], %all;
}}
"
    );
    let o = match run(&src, &out_at(0x1000), &launch(32, 1)) {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    let sum: u32 = (0..32).sum();
    let xor = (0..32u32).fold(0, |a, t| a ^ t);
    let want: Vec<u32> = (0..32u32)
        .flat_map(|t| [sum, (-10i32) as u32, 21, xor, 0x1111_1111u32 << (t & 3), 0])
        .collect();
    assert_eq!(words(&o.memory, 0x1000), want);
}

/// Each call has its own `.local` frame: f(n) keeps n in a local variable
/// across the recursive call, f(n) = n + f(n - 1), f(0) = 0; f(10) = 55
/// only if the inner calls do not overwrite the outer ones' n.
#[test]
fn recursion_keeps_each_frames_locals() {
    let src = format!(
        "{HEAD}.func (.reg .u32 r) f(.reg .u32 n)
{{
.local .align 4 .u32 keep;
.reg .pred %p;
.reg .u32 %m, %s, %k;
setp.eq.u32 %p, n, 0;
@%p bra ZERO;
st.local.u32 [keep], n;
sub.u32 %m, n, 1;
call (%s), f, (%m);
ld.local.u32 %k, [keep];
add.u32 r, %k, %s;
ret;
ZERO:
mov.u32 r, 0;
ret;
}}
.entry k(.param .u64 out)
{{
.reg .u32 %v;
.reg .u64 %o;
ld.param.u64 %o, [out];
call (%v), f, (10);
st.global.u32 [%o], %v;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(2, 1)).unwrap();
    let want: u32 = (1..=10).sum();
    assert_eq!(words(&o.memory, 0x1000), vec![want]);
}

/// Divergent calls: odd threads call f (10 a), even ones g (a + 100, or
/// `exit` inside g for a > 5, and g ends without `ret`); the warp runs
/// both calls and meets again after them. Threads 6 and 8 write nothing.
#[test]
fn divergent_calls_and_exit_in_a_callee() {
    let src = format!(
        "{HEAD}.func (.reg .u32 r) f(.reg .u32 a)
{{
mul.lo.u32 r, a, 10;
ret;
}}
.func (.reg .u32 r) g(.reg .u32 a)
{{
.reg .pred %q;
setp.gt.u32 %q, a, 5;
@%q exit;
add.u32 r, a, 100;
}}
.entry k(.param .u64 out)
{{
.reg .pred %p;
.reg .u32 %t, %b, %v;
.reg .u64 %o, %x;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
and.b32 %b, %t, 1;
setp.eq.u32 %p, %b, 1;
@%p bra ODD;
call (%v), g, (%t);
bra.uni J;
ODD:
call (%v), f, (%t);
J:
mul.wide.u32 %x, %t, 4;
add.u64 %o, %o, %x;
st.global.u32 [%o], %v;
}}
"
    );
    let o = run(&src, &out_at(0x1000), &launch(10, 1)).unwrap();
    let mut want: Vec<(u64, Vec<u8>)> = Vec::new();
    for t in 0..10u32 {
        let v = match t {
            6 | 8 => continue,
            t if t % 2 == 1 => 10 * t,
            t => t + 100,
        };
        let a = 0x1000 + 4 * u64::from(t);
        match want.last_mut() {
            Some((s, b)) if *s + b.len() as u64 == a => b.extend(v.to_le_bytes()),
            _ => want.push((a, v.to_le_bytes().to_vec())),
        }
    }
    assert_eq!(o.memory, want);
}

/// `brx.idx` through a `.branchtargets` list: thread t jumps to the label
/// numbered t & 1, L0 writing 10 and L1 writing 20.
#[test]
fn brx_idx_jumps_through_a_target_list() {
    let src = format!(
        "{HEAD}.entry k(.param .u64 out)
{{
.reg .u32 %t, %i, %v;
.reg .u64 %o, %x;
ld.param.u64 %o, [out];
mov.u32 %t, %tid.x;
and.b32 %i, %t, 1;
ts: .branchtargets L0, L1;
brx.idx %i, ts;
L0:
mov.u32 %v, 10;
bra.uni J;
L1:
mov.u32 %v, 20;
J:
mul.wide.u32 %x, %t, 4;
add.u64 %o, %o, %x;
st.global.u32 [%o], %v;
}}
"
    );
    let o = match run(&src, &out_at(0x1000), &launch(4, 1)) {
        Ok(o) => o,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(words(&o.memory, 0x1000), vec![10, 20, 10, 20]);
}

/// The engine's fast path evaluates a warp's instruction with
/// `batch::compute_columns`, which must give `compute`'s first destination
/// bit for bit for every kind of op it serves (forms, integer ops, `cvt`,
/// `setp`, `selp`/`slct`, `testp`), and refuse the carry chain.
#[test]
fn compute_columns_is_compute_per_element() {
    use ptxfp_isa::op::decode;
    use ptxfp_isa::types::mask;
    use ptxfp_model::batch::compute_columns;
    use ptxfp_model::{compute, Exec};
    let exec = Exec::default();
    // A small deterministic generator: mixed ordinary values and patterns.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        match x % 5 {
            0 => 0,
            1 => x >> 60,
            2 => 0x7c00_7f80_0000,
            _ => x,
        }
    };
    let ops = [
        "add.u32",
        "mul.hi.s32",
        "mad.lo.u32",
        "shl.b32",
        "setp.lt.u32",
        "setp.gtu.f32",
        "setp.eq.and.f16",
        "cvt.f32.f16",
        "cvt.rn.f16.f32",
        "cvt.rzi.s32.f64",
        "selp.b32",
        "slct.s32.f32",
        "testp.finite.f32",
        "fma.rn.f16",
        "fma.rn.ftz.sat.f32",
        "min.NaN.f16x2",
        "add.rn.f64",
        "mad.f32",
        "div.rn.f32",
    ];
    for text in ops {
        let op = decode(text, false).op;
        let sig = op.signature().unwrap_or_else(|| panic!("{text} computes"));
        let n = 64;
        let cols: Vec<Vec<u64>> = sig
            .srcs
            .iter()
            .map(|t| (0..n).map(|_| next() & mask(t.bits())).collect())
            .collect();
        let refs: Vec<&[u64]> = cols.iter().map(|c| &c[..]).collect();
        let mut out = vec![0u64; n];
        assert!(compute_columns(&op, &refs, &exec, &mut out), "{text}");
        for i in 0..n {
            let s: Vec<u64> = cols.iter().map(|c| c[i]).collect();
            let want = compute(&op, &s, false, &exec).unwrap().dst[0];
            assert_eq!(out[i], want, "{text} on {s:x?}");
        }
    }
    // The carry chain keeps a flag per element: not this function's.
    let addc = decode("addc.cc.u32", false).op;
    let mut out = [0u64; 1];
    assert!(!compute_columns(&addc, &[&[1], &[2]], &exec, &mut out));
}

/// A trace kept in memory is bounded (`MAX_KEPT_TRACE` steps): an endless
/// loop traced by the library's `run` (Python's `run(trace=True)`) used
/// to grow without end until the process ran out of memory (found by the
/// `run` fuzz target: 4 GB from an 886-byte module). It now stops with an
/// error at the line, after exactly that many steps kept.
#[test]
fn a_trace_kept_in_memory_is_bounded() {
    let src = format!(
        "{HEAD}.visible .entry k()\n{{\n.reg .b32 %i;\n.reg .pred %p;\n\
         mov.u32 %i, 0;\nLOOP:\nadd.u32 %i, %i, 0;\nsetp.lt.u32 %p, %i, 1000;\n@%p bra LOOP;\nret;\n}}\n"
    );
    let opts = Options {
        trace: true,
        ..Options::default()
    };
    match run(&src, &Inputs::default(), &opts) {
        Err(RunError::Runtime { error, before }) => {
            let trace = &before.trace;
            assert!(
                error
                    .message
                    .starts_with("the trace kept in memory reached 1000000 steps"),
                "{}",
                error.message
            );
            assert_eq!(trace.len(), 1_000_000);
        }
        Err(e) => panic!("expected the trace bound, got another error: {e}"),
        Ok(o) => panic!(
            "expected the trace bound, got a run of {} steps",
            o.trace.len()
        ),
    }
}
