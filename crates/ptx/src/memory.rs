//! Byte-addressed little-endian memory for the interpreter. One flat address
//! space holds every state space (a simplification: addresses are what the
//! program computes). Only bytes that were given (`--mem`, initializers,
//! parameters) or written may be read.

use std::collections::{BTreeMap, BTreeSet};

/// The memory of one run.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    bytes: BTreeMap<u64, u8>,
    written: BTreeSet<u64>,
}

impl Memory {
    /// Gives bytes (input, not counted as written).
    pub fn give(&mut self, addr: u64, data: &[u8]) {
        for (i, b) in data.iter().enumerate() {
            self.bytes.insert(addr.wrapping_add(i as u64), *b);
        }
    }
    /// Reads `n` bytes little-endian; `Err(addr)` names the first byte never given.
    pub fn read(&self, addr: u64, n: u32) -> Result<u64, u64> {
        let mut v = 0u64;
        for i in 0..u64::from(n) {
            let a = addr.wrapping_add(i);
            let b = *self.bytes.get(&a).ok_or(a)?;
            v |= u64::from(b) << (8 * i);
        }
        Ok(v)
    }
    /// Writes the low `n` bytes of `v`, little-endian.
    pub fn write(&mut self, addr: u64, n: u32, v: u64) {
        for i in 0..u64::from(n) {
            let a = addr.wrapping_add(i);
            self.bytes.insert(a, (v >> (8 * i)) as u8);
            self.written.insert(a);
        }
    }
    /// The written bytes as contiguous runs `(address, bytes)`.
    pub fn written_runs(&self) -> Vec<(u64, Vec<u8>)> {
        let mut runs: Vec<(u64, Vec<u8>)> = Vec::new();
        for &a in &self.written {
            let b = self.bytes.get(&a).copied().unwrap_or(0);
            match runs.last_mut() {
                Some((start, v)) if start.wrapping_add(v.len() as u64) == a => v.push(b),
                _ => runs.push((a, vec![b])),
            }
        }
        runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn little_endian_and_runs() {
        let mut m = Memory::default();
        m.give(0x10, &[0x00, 0x3c]);
        assert_eq!(m.read(0x10, 2), Ok(0x3c00));
        assert_eq!(m.read(0x11, 2), Err(0x12));
        m.write(0x20, 4, 0x4000_3c00);
        m.write(0x24, 1, 0xff);
        assert_eq!(
            m.written_runs(),
            vec![(0x20, vec![0x00, 0x3c, 0x00, 0x40, 0xff])]
        );
    }
}
