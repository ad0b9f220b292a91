//! Helpers shared by the engine tests that run the binary
//! (engine_async.rs, engine_cluster.rs): run a module, read the memory
//! it printed, make inputs.
#![allow(dead_code)]

use std::process::{Command, Output};

/// `ptxfp ARGS`.
pub fn ptxfp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ptxfp"))
        .args(args)
        .output()
        .unwrap()
}

/// The temporary file `name` of the running test: in a directory of the
/// test's own (tests run in parallel threads, each named after its test,
/// and two that wrote one name in a shared directory raced), the same
/// path at each call, so that two runs of one test print alike.
pub fn test_file(name: &str) -> std::path::PathBuf {
    let test = std::thread::current()
        .name()
        .unwrap_or("main")
        .replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "-");
    let dir = std::env::temp_dir().join(format!(
        "ptxfp-{}-{}/{test}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// `ptxfp run` of `src` (written to a temporary file named `name`) with
/// `args`.
pub fn run_src(name: &str, src: &str, args: &[&str]) -> Output {
    let path = test_file(name);
    std::fs::write(&path, src).unwrap();
    let mut all = vec!["run", path.to_str().unwrap()];
    all.extend_from_slice(args);
    ptxfp(&all)
}

/// `ptxfp check --max-diagnostics 0` of `src` (written to a temporary
/// file named `name`): its exit code and all it printed.
pub fn check_src(name: &str, src: &str) -> (i32, String) {
    let path = test_file(name);
    std::fs::write(&path, src).unwrap();
    let o = ptxfp(&["check", "--max-diagnostics", "0", path.to_str().unwrap()]);
    let (out, err) = text(&o);
    (o.status.code().unwrap_or(-1), format!("{out}{err}"))
}

pub fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `o` ended with exit code 2 (usage or input error) and a stderr that
/// `holds`.
pub fn fails_with(o: &Output, holds: impl Fn(&str) -> bool) {
    let (_, stderr) = text(o);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(holds(&stderr), "{stderr}");
}

/// The bytes `len` at `addr` of the `mem[A..B] = ..` lines a run printed.
pub fn mem(o: &Output, addr: u64, len: usize) -> Vec<u8> {
    let (stdout, stderr) = text(o);
    assert_eq!(o.status.code(), Some(0), "{stdout}{stderr}");
    let mut got = vec![None; len];
    for line in stdout.lines() {
        let Some(rest) = line.strip_prefix("mem[") else {
            continue;
        };
        let (range, bytes) = rest.split_once("] = ").unwrap();
        let start = u64::from_str_radix(
            range.split("..").next().unwrap().trim_start_matches("0x"),
            16,
        )
        .unwrap();
        for (k, b) in bytes.split(' ').enumerate() {
            let a = start + k as u64;
            if a >= addr && a < addr + len as u64 {
                got[(a - addr) as usize] = Some(u8::from_str_radix(b, 16).unwrap());
            }
        }
    }
    got.into_iter()
        .enumerate()
        .map(|(k, b)| {
            b.unwrap_or_else(|| panic!("byte {:#x} not written: {stdout}", addr + k as u64))
        })
        .collect()
}

pub fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The little-endian 32-bit words of `b` (the inverse of [`words`]).
pub fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Inputs that are not a simple ramp: a 32-bit LCG (Numerical Recipes'
/// constants) from `seed`.
pub fn lcg(n: usize, seed: u32) -> Vec<u32> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            x
        })
        .collect()
}

/// A kernel of one warp around one instruction: thread `%laneid` loads
/// its `n` registers of each source `(p, n, ty)` in `srcs` (`.reg .ty
/// %p<n>`, from `[param p] + width * n * %laneid`, width 8 for `f64`,
/// else 4), runs `opcode {%d0, ...}, {%p0, ...}, ...` and stores its `nd`
/// registers `%d` of `dty` the same way at `[param d]`.
pub fn warp_kernel(
    header: &str,
    opcode: &str,
    (nd, dty): (usize, &str),
    srcs: &[(&str, usize, &str)],
) -> String {
    let width = |ty: &str| if ty == "f64" { 8 } else { 4 };
    let list = |p: &str, n: usize| -> String {
        (0..n)
            .map(|i| format!("%{p}{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (mut params, mut decls, mut body) = (vec![], String::new(), String::new());
    for &(p, n, ty) in srcs.iter().chain([("d", nd, dty)].iter()) {
        params.push(format!(".param .u64 {p}"));
        decls += &format!("    .reg .{ty} %{p}<{n}>;\n");
    }
    let load_store = |p: &str, n: usize, ty: &str, store: bool| -> String {
        let mut t = format!(
            "    ld.param.u64 %p, [{p}];\n    mul.wide.u32 %o, %l, {};\n    add.u64 %p, %p, %o;\n",
            width(ty) * n
        );
        for i in 0..n {
            let at = width(ty) * i;
            t += &if store {
                format!("    st.global.{ty} [%p+{at}], %{p}{i};\n")
            } else {
                format!("    ld.global.{ty} %{p}{i}, [%p+{at}];\n")
            };
        }
        t
    };
    for &(p, n, ty) in srcs {
        body += &load_store(p, n, ty, false);
    }
    let operands: Vec<String> = [("d", nd)]
        .into_iter()
        .chain(srcs.iter().map(|&(p, n, _)| (p, n)))
        .map(|(p, n)| format!("{{{}}}", list(p, n)))
        .collect();
    body += &format!("    {opcode} {};\n", operands.join(", "));
    body += &load_store("d", nd, dty, true);
    format!(
        "{header}\n.address_size 64\n\n.visible .entry k({})\n{{\n{decls}    .reg .u32 %l;\n    .reg .u64 %p, %o;\n    mov.u32 %l, %laneid;\n{body}    ret;\n}}\n",
        params.join(", ")
    )
}

/// `ptxfp run` of a [`warp_kernel`] on one warp of `device` with the
/// sources' register bytes (in `srcs`' order, at 0x100000, 0x200000,
/// ...) and `d` at 0x1000000: D's `d_len` bytes, or the error output.
pub fn run_warp(
    src: &str,
    device: &str,
    names: &[&str],
    srcs: &[Vec<u8>],
    d_len: usize,
) -> Result<Vec<u8>, String> {
    let mut args: Vec<String> = ["--block", "32", "--device", device]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for (k, (name, bytes)) in names.iter().zip(srcs).enumerate() {
        let at = 0x100000 * (k + 1);
        args.push("--set".into());
        args.push(format!("{name}={at:#x}"));
        args.push("--mem".into());
        args.push(format!("{at:#x}={}", hex(bytes)));
    }
    args.extend(["--set".to_string(), "d=0x1000000".to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let o = run_src(&format!("warp{n}.ptx"), src, &args);
    if o.status.code() != Some(0) {
        return Err(text(&o).1);
    }
    Ok(mem(&o, 0x1000000, d_len))
}

/// The launch a sample kernel's first line gives (`// ptxfp run FILE ARGS`):
/// `FILE ARGS`, split as the shell splits words.
pub fn launch_words(text: &str) -> Vec<&str> {
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("// ptxfp run "))
        .expect("launch line")
        .split_whitespace()
        .collect()
}
