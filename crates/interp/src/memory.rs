//! Byte-addressed little-endian memory for the interpreter. One flat address
//! space holds every state space (a simplification: addresses are what the
//! program computes). Only bytes that were given (`--mem`, initializers,
//! parameters) or written may be read.

use std::collections::{BTreeMap, BTreeSet};

/// Bytes per page: memory is kept in pages, so that megabytes given by
/// `--mem-file` cost about their own size (a map entry per byte cost
/// over 20 bytes per byte).
const PAGE: u64 = 4096;

/// One page: its bytes, and which of them were given or written.
#[derive(Clone, Debug)]
struct Page {
    data: Box<[u8]>,
    known: Box<[u64]>,
}

impl Page {
    fn new() -> Page {
        Page {
            data: vec![0; PAGE as usize].into_boxed_slice(),
            known: vec![0; (PAGE / 64) as usize].into_boxed_slice(),
        }
    }
    fn get(&self, off: usize) -> Option<u8> {
        (self.known[off / 64] >> (off % 64) & 1 == 1).then(|| self.data[off])
    }
    fn set(&mut self, off: usize, b: u8) {
        self.data[off] = b;
        self.known[off / 64] |= 1 << (off % 64);
    }
}

/// The memory of one run.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// By page number (address / [`PAGE`]).
    pages: BTreeMap<u64, Page>,
    written: BTreeSet<u64>,
}

impl Memory {
    fn byte(&self, a: u64) -> Option<u8> {
        self.pages.get(&(a / PAGE))?.get((a % PAGE) as usize)
    }
    fn set(&mut self, a: u64, b: u8) {
        self.pages
            .entry(a / PAGE)
            .or_insert_with(Page::new)
            .set((a % PAGE) as usize, b);
    }
    /// Gives bytes (input, not counted as written).
    pub fn give(&mut self, addr: u64, data: &[u8]) {
        let mut done = 0usize;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a % PAGE) as usize;
            let n = (PAGE as usize - off).min(data.len() - done);
            let page = self.pages.entry(a / PAGE).or_insert_with(Page::new);
            for (i, b) in data[done..done + n].iter().enumerate() {
                page.set(off + i, *b);
            }
            done += n;
        }
    }
    /// Reads `n` bytes little-endian; `Err(addr)` names the first byte never given.
    pub fn read(&self, addr: u64, n: u32) -> Result<u64, u64> {
        let mut v = 0u64;
        for i in 0..u64::from(n) {
            let a = addr.wrapping_add(i);
            let b = self.byte(a).ok_or(a)?;
            v |= u64::from(b) << (8 * i);
        }
        Ok(v)
    }
    /// Writes the low `n` bytes of `v`, little-endian.
    pub fn write(&mut self, addr: u64, n: u32, v: u64) {
        for i in 0..u64::from(n) {
            let a = addr.wrapping_add(i);
            self.set(a, (v >> (8 * i)) as u8);
            self.written.insert(a);
        }
    }
    /// The written bytes as contiguous runs `(address, bytes)`.
    pub fn written_runs(&self) -> Vec<(u64, Vec<u8>)> {
        let mut runs: Vec<(u64, Vec<u8>)> = Vec::new();
        for &a in &self.written {
            let b = self.byte(a).unwrap_or(0);
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

    #[test]
    fn pages_join_and_wrap() {
        let mut m = Memory::default();
        // Across a page boundary: 0x0ffe, 0x0fff in one page, 0x1000 in the next.
        m.give(0x0ffe, &[1, 2, 3]);
        assert_eq!(m.read(0x0ffe, 3), Ok(0x03_02_01));
        assert_eq!(m.read(0x0ffd, 1), Err(0x0ffd));
        assert_eq!(m.read(0x1000, 2), Err(0x1001));
        // The last byte of the address space, then address 0.
        m.give(u64::MAX, &[0xaa, 0xbb]);
        assert_eq!(m.read(u64::MAX, 2), Ok(0xbbaa));
        // A given zero is known; an unknown byte next to it is not.
        m.give(0x5000, &[0]);
        assert_eq!(m.read(0x5000, 1), Ok(0));
        assert_eq!(m.read(0x5000, 2), Err(0x5001));
    }
}
