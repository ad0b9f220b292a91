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

/// `ptxfp run` of `src` (written to a temporary file named `name`) with
/// `args`.
pub fn run_src(name: &str, src: &str, args: &[&str]) -> Output {
    let dir = std::env::temp_dir().join(format!(
        "ptxfp-{}-{}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, src).unwrap();
    let mut all = vec!["run", path.to_str().unwrap()];
    all.extend_from_slice(args);
    ptxfp(&all)
}

pub fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
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
