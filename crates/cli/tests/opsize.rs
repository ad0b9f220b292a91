//! Operands wider than the instruction's type (PTX ISA §9.4, §9.4.1): the
//! kernels of testdata/opsize, whose expected bytes come from an
//! independent model of the ISA's tables (testdata/opsize/README.md), run
//! as their first lines say; every byte of `out` must be the model's.
//! Then the rules the model found, on cases worked out by hand.

mod common;

use std::collections::BTreeMap;
use std::process::{Command, Output};

fn root() -> String {
    format!("{}/../..", env!("CARGO_MANIFEST_DIR"))
}

fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("spawn ptxfp")
}

/// The bytes the run wrote, by address.
fn written(o: &Output) -> BTreeMap<u64, u8> {
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("run --json");
    let mut mem = BTreeMap::new();
    for e in j["memory"].as_array().expect("memory") {
        let at = u64::from_str_radix(e["address"].as_str().unwrap().trim_start_matches("0x"), 16)
            .unwrap();
        let hex = e["bytes"].as_str().unwrap();
        for i in 0..hex.len() / 2 {
            mem.insert(
                at + i as u64,
                u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap(),
            );
        }
    }
    mem
}

#[test]
fn every_kernel_writes_the_models_bytes() {
    let dir = format!("{}/testdata/opsize", root());
    let mut kernels: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ptx"))
        .collect();
    kernels.sort();
    assert_eq!(kernels.len(), 45);
    let mut slots = 0;
    for path in kernels {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut args: Vec<String> = common::launch_words(&text)
            .into_iter()
            .map(str::to_string)
            .collect();
        args[0] = path.to_str().unwrap().to_string();
        let mut argv = vec!["run".to_string(), "--json".to_string()];
        argv.extend(args);
        let o = ptxfp(&argv.iter().map(String::as_str).collect::<Vec<_>>());
        let name = path.file_name().unwrap().to_str().unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        let mem = written(&o);
        // `out` is the only global variable written: its lowest address.
        let base = *mem.keys().next().expect("bytes written");
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
        for line in expected.lines().filter(|l| !l.starts_with('#')) {
            let mut f = line.split_whitespace();
            let (Some(off), Some(hex)) = (f.next(), f.next()) else {
                continue;
            };
            let off = u64::from_str_radix(off, 16).unwrap();
            let got: String = (0..hex.len() as u64 / 2)
                .map(|i| {
                    mem.get(&(base + off + i))
                        .map_or("--".into(), |b| format!("{b:02x}"))
                })
                .collect();
            assert_eq!(
                got,
                hex,
                "{name}: out+{off:#x} ({})",
                line.split('#').nth(1).unwrap_or("").trim()
            );
            slots += 1;
        }
    }
    assert!(slots > 1000, "{slots} slots");
}

/// Runs a one-thread kernel with `body` after `.reg` lines; the 16 bytes
/// of `out` it writes, from `inp` = 00 bc 11 22 80 ...
fn one(regs: &str, body: &str) -> Result<String, String> {
    let src = format!(
        ".version 8.8\n.target sm_90\n.address_size 64\n\
         .global .align 16 .b8 inp[16] = {{0x00, 0xbc, 0x11, 0x22, 0x80, 0x33, 0x44, 0x55, 0, 0, 0, 0, 0, 0, 0, 0}};\n\
         .global .align 16 .b8 out[16];\n.visible .entry k()\n{{\n{regs}\n{body}\n}}\n"
    );
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let file = common::test_file(&format!(
        "{}.ptx",
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::write(&file, src).unwrap();
    let o = ptxfp(&["run", "--json", file.to_str().unwrap()]);
    if o.status.code() != Some(0) {
        return Err(String::from_utf8_lossy(&o.stdout).into_owned());
    }
    Ok(written(&o).values().map(|b| format!("{b:02x}")).collect())
}

/// §9.4.1, note 4: "Floating-point source registers can only be used with
/// bit-size or floating-point instruction types. When used with a narrower
/// bit-size instruction type, the data are truncated", and a destination's
/// "are zero-extended" (Tables 27/28: chop, zext). Both were refused.
#[test]
fn bit_size_accesses_narrower_than_a_float_register() {
    // ld.b16 of bc00 (the bytes 00 bc) into an .f32 holding junk: 0000bc00.
    let ld = one(
        ".reg .f32 %f;",
        "mov.b32 %f, 0x12345678;\nld.global.b16 %f, [inp];\nst.global.b32 [out], %f;",
    );
    assert_eq!(ld.as_deref(), Ok("00bc0000"));
    // st.b16 of an .f32 register holding abcd1234 (low half 1234: 34 12).
    let st = one(
        ".reg .f32 %f;",
        "mov.b32 %f, 0xabcd1234;\nst.global.b16 [out], %f;",
    );
    assert_eq!(st.as_deref(), Ok("3412"));
    // An integer type with a float register stays invalid (Table 28: inv).
    let bad = one(
        ".reg .f32 %f;",
        "ld.global.u16 %f, [inp];\nst.global.b32 [out], %f;",
    );
    assert!(
        bad.as_ref()
            .is_err_and(|e| e.contains("`%f` is declared `.f32`")),
        "{bad:?}"
    );
}

/// Tables 27/28's `.b128` column: chop for a source, zext or sext for a
/// destination. `ld.s8` of 0x80 fills all 128 bits with the sign; `ld.u8`
/// zero-extends; `st.u16` stores the low bits. They were refused ("the
/// destination must be a register"). `cvt` with a `.b128` register is
/// refused with a reason (docs/ENGINE.md).
#[test]
fn narrow_accesses_of_a_b128_register() {
    let regs = ".reg .b128 %q;\n.reg .b64 %lo, %hi;";
    let sext = one(
        regs,
        "mov.b128 %q, {0x1111, 0x2222};\nld.global.s8 %q, [inp+4];\nst.global.b128 [out], %q;",
    );
    assert_eq!(sext.as_deref(), Ok("80ffffffffffffffffffffffffffffff"));
    let zext = one(
        regs,
        "mov.b128 %q, {0x1111, 0x2222};\nld.global.u8 %q, [inp+4];\nst.global.b128 [out], %q;",
    );
    assert_eq!(zext.as_deref(), Ok("80000000000000000000000000000000"));
    let st = one(
        regs,
        "mov.b128 %q, {0x1122334455667788, 0x99};\nst.global.u16 [out], %q;",
    );
    assert_eq!(st.as_deref(), Ok("8877"));
    let cvt = one(
        ".reg .b128 %q;\n.reg .b32 %r;",
        "mov.b32 %r, 1;\ncvt.s32.s8 %q, %r;\nst.global.b128 [out], %q;",
    );
    assert!(
        cvt.as_ref()
            .is_err_and(|e| e.contains("is a `.b128` register: ptxfp does not run `cvt` with one")),
        "{cvt:?}"
    );
}

/// §9.4's Table 26: an `.f32` instruction with a `.u32` operand is
/// invalid. `run` refused `setp.lt.f32` on a `.u32` register and `check`
/// passed it; now both refuse it, at the operand.
#[test]
fn check_holds_setp_operands_to_their_types() {
    let (code, err) = common::check_src(
        "setp.ptx",
        ".version 8.8\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\
         .reg .u32 %u;\n.reg .f32 %f;\n.reg .pred %p, %q;\n\
         setp.lt.f32 %p, %u, %f;\nsetp.eq.u16 %p, %u, 1;\nsetp.lt.and.f32 %p|%q, %f, %f, !%p;\nret;\n}\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "9:17: error: operand `%u` is a `.u32` register; `setp.lt.f32` needs `.f32` here"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "10:17: error: operand `%u` is a `.u32` register; `setp.eq.u16` needs `.u16` here"
        ),
        "{err}"
    );
    assert_eq!(err.matches(": error:").count(), 2, "{err}");
}
