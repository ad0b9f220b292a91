//! Readers of the measurement and Octave files (testdata/tc), shared by the
//! test files.
#![allow(dead_code)]

use std::fs;
use std::path::Path;

/// Whitespace-separated hex words per line, one row per non-empty line.
pub fn read_hex_rows(p: &Path) -> Vec<Vec<u32>> {
    fs::read_to_string(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|t| u32::from_str_radix(t, 16).expect("hex"))
                .collect()
        })
        .collect()
}
