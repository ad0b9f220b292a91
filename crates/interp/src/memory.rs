//! Byte-addressed little-endian memory for the interpreter. One flat address
//! space holds every state space (a simplification: addresses are what the
//! program computes). Only bytes that were given (`--mem`, initializers,
//! parameters) or written may be read.

use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::collections::BTreeMap;

/// Bytes per page: memory is kept in small pages, so that megabytes given
/// by `--mem-file` cost about twice their size (a map entry per byte cost
/// over 20 bytes per byte), and a store far from every other costs one
/// page (about 100 bytes; 4 KiB pages cost 4.6 KiB a store, so that a
/// million scattered stores took 4.6 GB).
pub(crate) const PAGE: u64 = 64;

/// One page: its bytes, which of them were given or written, and which
/// were written (bit `i` for byte `i`).
#[derive(Clone, Debug)]
struct Page {
    data: [u8; PAGE as usize],
    known: u64,
    written: u64,
}

impl Page {
    fn new() -> Page {
        Page {
            data: [0; PAGE as usize],
            known: 0,
            written: 0,
        }
    }
    fn get(&self, off: usize) -> Option<u8> {
        (self.known >> off & 1 == 1).then(|| self.data[off])
    }
    fn set(&mut self, off: usize, b: u8) {
        self.data[off] = b;
        self.known |= 1 << off;
    }
}

thread_local! {
    /// The pages every [`Memory`] of this thread holds: a run's memories
    /// (global, each CTA's shared, each thread's local) live on the thread
    /// that runs it, so the engine bounds them all with one number
    /// ([`live_bytes`]).
    static LIVE_PAGES: Cell<u64> = const { Cell::new(0) };
}

/// What a page costs the host, as `--max-memory` counts it: its map
/// entry (the page number and [`Page`], 88 bytes) and the map's control
/// byte, times four: the map keeps up to twice its entries' room, and
/// while it grows the old table lives beside the new. Counting the 64
/// bytes of data alone let a run take 4.3 times its `--max-memory`
/// (the hostile-input survey's store loop aborted at 2.2 GB).
pub const PAGE_COST: u64 = 4 * (std::mem::size_of::<(u64, Page)>() as u64 + 1);

/// The host bytes the pages every [`Memory`] of the calling thread holds
/// cost (each page [`PAGE`] bytes, given or written, at [`PAGE_COST`]).
pub fn live_bytes() -> u64 {
    LIVE_PAGES.with(Cell::get) * PAGE_COST
}

fn count_pages(added: u64, removed: u64) {
    LIVE_PAGES.with(|c| c.set((c.get() + added).saturating_sub(removed)));
}

/// An access of `n` bytes (1 to 8) at `addr` that lies in one page: its
/// offset in the page, its length, and its bytes as a page's bit mask.
fn in_page(addr: u64, n: u32) -> Option<(usize, usize, u64)> {
    let off = (addr % PAGE) as usize;
    let len = n as usize;
    ((1..=8).contains(&len) && off + len <= PAGE as usize)
        .then(|| (off, len, (u64::MAX >> (64 - len)) << off))
}

/// The memory of one run.
#[derive(Debug, Default)]
pub struct Memory {
    /// By page number (address / [`PAGE`]), hashed: a lookup costs the
    /// same however many pages there are (a tree of the pages of a few
    /// megabytes made each access a dozen steps down it).
    pages: FxHashMap<u64, Page>,
    /// Ranges given as zeros (zero-initialized variables), disjoint and
    /// apart, by first address: their last (inclusive). A byte of a page
    /// that knows it is that byte; otherwise in a range it is zero. A
    /// megabyte variable costs a map entry, not a megabyte.
    zeros: BTreeMap<u64, u64>,
}

impl Clone for Memory {
    fn clone(&self) -> Memory {
        count_pages(self.pages.len() as u64, 0);
        Memory {
            pages: self.pages.clone(),
            zeros: self.zeros.clone(),
        }
    }
}

impl Drop for Memory {
    fn drop(&mut self) {
        count_pages(0, self.pages.len() as u64);
    }
}

impl Memory {
    fn byte(&self, a: u64) -> Option<u8> {
        let page = self.pages.get(&(a / PAGE));
        if let Some(b) = page.and_then(|p| p.get((a % PAGE) as usize)) {
            return Some(b);
        }
        self.zero_at(a)
    }
    fn page(&mut self, a: u64) -> &mut Page {
        self.pages.entry(a / PAGE).or_insert_with(|| {
            count_pages(1, 0);
            Page::new()
        })
    }
    /// Appends to `out` the `n` bytes from `addr` on, each as
    /// [`Memory::read`] of one byte gives it (`None`: never given nor
    /// written), a page at a time.
    pub fn known_bytes(&self, addr: u64, n: u64, out: &mut Vec<Option<u8>>) {
        let mut done = 0;
        while done < n {
            let a = addr.wrapping_add(done);
            let off = a % PAGE;
            let len = (PAGE - off).min(n - done);
            let page = self.pages.get(&(a / PAGE));
            for k in 0..len {
                let b = page.and_then(|p| p.get((off + k) as usize));
                out.push(b.or_else(|| self.zero_at(a + k)));
            }
            done += len;
        }
    }

    /// 0 where a zero range holds `a`.
    fn zero_at(&self, a: u64) -> Option<u8> {
        let (_, &last) = self.zeros.range(..=a).next_back()?;
        (a <= last).then_some(0)
    }

    /// Gives bytes (input, not counted as written).
    pub fn give(&mut self, addr: u64, data: &[u8]) {
        let mut done = 0usize;
        while done < data.len() {
            let a = addr.wrapping_add(done as u64);
            let off = (a % PAGE) as usize;
            let n = (PAGE as usize - off).min(data.len() - done);
            let page = self.page(a);
            for (i, b) in data[done..done + n].iter().enumerate() {
                page.set(off + i, *b);
            }
            done += n;
        }
    }
    /// Gives `len` zero bytes from `addr` on (input, as [`Memory::give`]
    /// of that many zeros, wrapping past the end of the address space
    /// likewise), in memory that does not grow with `len`.
    pub fn give_zeros(&mut self, addr: u64, len: u64) {
        let Some(n) = len.checked_sub(1) else { return };
        let last = addr.wrapping_add(n);
        if last < addr {
            self.zero_range(addr, u64::MAX);
            self.zero_range(0, last);
        } else {
            self.zero_range(addr, last);
        }
    }
    /// Bytes `first..=last` given as zeros.
    fn zero_range(&mut self, mut first: u64, mut last: u64) {
        // Bytes given before in the range are given again, as zeros.
        let (lo, hi) = (first / PAGE, last / PAGE);
        let in_range: Vec<u64> = if hi - lo < self.pages.len() as u64 {
            (lo..=hi).filter(|n| self.pages.contains_key(n)).collect()
        } else {
            self.pages
                .keys()
                .copied()
                .filter(|n| (lo..=hi).contains(n))
                .collect()
        };
        for n in in_range {
            let Some(page) = self.pages.get_mut(&n) else {
                continue;
            };
            for off in 0..PAGE {
                let a = n * PAGE + off;
                if (first..=last).contains(&a) && page.known >> off & 1 == 1 {
                    page.data[off as usize] = 0;
                }
            }
        }
        // One range with those it overlaps or touches.
        let joined: Vec<(u64, u64)> = self
            .zeros
            .range(..=last.saturating_add(1))
            .rev()
            .take_while(|(_, l)| l.saturating_add(1) >= first)
            .map(|(f, l)| (*f, *l))
            .collect();
        for (f, l) in joined {
            self.zeros.remove(&f);
            first = first.min(f);
            last = last.max(l);
        }
        self.zeros.insert(first, last);
    }
    /// Reads `n` bytes little-endian; `Err(addr)` names the first byte never given.
    pub fn read(&self, addr: u64, n: u32) -> Result<u64, u64> {
        // Within one page whose bytes are all known: one page lookup, not
        // one a byte (the byte loop below says which byte is missing, and
        // reads the zero ranges).
        if let Some((off, len, bits)) = in_page(addr, n) {
            if let Some(p) = self.pages.get(&(addr / PAGE)) {
                if p.known & bits == bits {
                    let mut b = [0u8; 8];
                    b[..len].copy_from_slice(&p.data[off..off + len]);
                    return Ok(u64::from_le_bytes(b));
                }
            }
        }
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
        if let Some((off, len, bits)) = in_page(addr, n) {
            let page = self.page(addr);
            page.data[off..off + len].copy_from_slice(&v.to_le_bytes()[..len]);
            page.known |= bits;
            page.written |= bits;
            return;
        }
        for i in 0..u64::from(n) {
            let a = addr.wrapping_add(i);
            let page = self.page(a);
            let off = (a % PAGE) as usize;
            page.set(off, (v >> (8 * i)) as u8);
            page.written |= 1 << off;
        }
    }
    /// Forgets `len` bytes from `addr` on: they read as never given
    /// (a `.func`'s parameters at a new call). Zero ranges are not
    /// affected (they hold `.global`/`.const` variables, never forgotten).
    /// Costs what the memory holds in the range, not its length (a
    /// `.func`'s 1 GiB `.local` array, forgotten at each call, took a
    /// second a call).
    pub fn forget(&mut self, addr: u64, len: u64) {
        for (n, mask) in self.pages_in(addr, len) {
            if let Some(p) = self.pages.get_mut(&n) {
                p.known &= !mask;
                p.written &= !mask;
            }
        }
    }

    /// The bytes given or written in `[addr, addr + len)` (cut at the end
    /// of the address space), as runs `(address, bytes)` in address
    /// order; like [`Memory::forget`], at the cost of what is held there.
    pub fn known_runs(&self, addr: u64, len: u64) -> Vec<(u64, Vec<u8>)> {
        let mut runs = Vec::new();
        for (n, mask) in self.pages_in(addr, len) {
            let p = &self.pages[&n];
            extend_runs(&mut runs, n, p, p.known & mask);
        }
        runs
    }

    /// The pages held that have a byte in `[addr, addr + len)` (cut at the
    /// end of the address space), in order, each with the mask of those
    /// bytes: by page number where the range spans fewer pages than the
    /// memory holds, else from the memory's pages.
    fn pages_in(&self, addr: u64, len: u64) -> Vec<(u64, u64)> {
        if len == 0 {
            return Vec::new();
        }
        let last = addr.saturating_add(len - 1);
        let (first_page, last_page) = (addr / PAGE, last / PAGE);
        let mut held: Vec<u64> = if last_page - first_page < self.pages.len() as u64 {
            (first_page..=last_page)
                .filter(|n| self.pages.contains_key(n))
                .collect()
        } else {
            let mut v: Vec<u64> = self
                .pages
                .keys()
                .copied()
                .filter(|n| (first_page..=last_page).contains(n))
                .collect();
            v.sort_unstable();
            v
        };
        held.drain(..)
            .map(|n| {
                let lo = if n == first_page { addr % PAGE } else { 0 };
                let hi = if n == last_page {
                    last % PAGE
                } else {
                    PAGE - 1
                };
                let mask = (u64::MAX >> (63 - (hi - lo))) << lo;
                (n, mask)
            })
            .collect()
    }
    /// The written bytes as contiguous runs `(address, bytes)`.
    pub fn written_runs(&self) -> Vec<(u64, Vec<u8>)> {
        let mut runs = Vec::new();
        let mut order: Vec<(&u64, &Page)> = self.pages.iter().collect();
        order.sort_unstable_by_key(|(n, _)| **n);
        for (&n, page) in order {
            extend_runs(&mut runs, n, page, page.written);
        }
        runs
    }
}

/// Adds the bytes of page `n` that `mask` marks to `runs`, in address
/// order: a byte right after the last run's end joins it.
fn extend_runs(runs: &mut Vec<(u64, Vec<u8>)>, n: u64, page: &Page, mask: u64) {
    for off in (0..PAGE as usize).filter(|o| mask >> o & 1 == 1) {
        let (a, b) = (n * PAGE + off as u64, page.data[off]);
        match runs.last_mut() {
            Some((start, v)) if start.wrapping_add(v.len() as u64) == a => v.push(b),
            _ => runs.push((a, vec![b])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `known_runs` and `forget` over ranges within a page, across pages
    /// and far larger than what is held (2^63 bytes), against a map of
    /// bytes.
    #[test]
    fn known_runs_and_forget_follow_a_byte_map() {
        let mut m = Memory::default();
        let mut want = std::collections::BTreeMap::new();
        for (a, n) in [
            (0x100u64, 10u64),
            (0x13e, 4),
            (0x1000, 64),
            (0x5000_0000, 3),
        ] {
            let bytes: Vec<u8> = (0..n).map(|k| (a + k) as u8).collect();
            m.give(a, &bytes);
            for k in 0..n {
                want.insert(a + k, (a + k) as u8);
            }
        }
        let runs = |m: &Memory, a: u64, n: u64| -> Vec<(u64, u8)> {
            m.known_runs(a, n)
                .into_iter()
                .flat_map(|(s, v)| {
                    v.into_iter()
                        .enumerate()
                        .map(move |(k, b)| (s + k as u64, b))
                })
                .collect()
        };
        let from = |w: &std::collections::BTreeMap<u64, u8>, a: u64, n: u64| -> Vec<(u64, u8)> {
            w.range(a..a.saturating_add(n))
                .map(|(k, v)| (*k, *v))
                .collect()
        };
        for (a, n) in [
            (0x100, 10),
            (0x104, 0x3c),
            (0x13f, 2),
            (0, 1 << 63),
            (0x1010, 0x20),
            (0x5000_0001, 1),
        ] {
            assert_eq!(runs(&m, a, n), from(&want, a, n), "{a:#x}+{n:#x}");
        }
        assert_eq!(m.known_runs(0x100, 0x3f).len(), 2);
        for (a, n) in [(0x105, 0x3b), (0x1020, 1 << 62)] {
            m.forget(a, n);
            let gone: Vec<u64> = want.range(a..a + n).map(|(k, _)| *k).collect();
            for k in gone {
                want.remove(&k);
            }
            assert_eq!(
                runs(&m, 0, u64::MAX),
                from(&want, 0, u64::MAX),
                "forget {a:#x}+{n:#x}"
            );
        }
        assert_eq!(m.read(0x104, 1), Ok(4));
        assert_eq!(m.read(0x105, 1), Err(0x105));
        assert_eq!(m.read(0x1020, 1), Err(0x1020));
    }

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

    /// Reads and writes of 1 to 8 bytes at every offset of a page, some
    /// across its end, against a map of bytes: the one-page path and the
    /// byte loop agree, and a read names its first unknown byte.
    #[test]
    fn reads_and_writes_match_a_byte_map() {
        use std::collections::HashMap;
        let mut m = Memory::default();
        let mut bytes: HashMap<u64, u8> = HashMap::new();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        m.give_zeros(0x1100, 0x20);
        (0x1100..0x1120).for_each(|a| {
            bytes.insert(a, 0);
        });
        for _ in 0..20_000 {
            let r = next();
            let a = 0x1000 + r % 0x180;
            let n = (r >> 16) as u32 % 8 + 1;
            let v = next();
            if r >> 40 & 1 == 0 {
                if r >> 41 & 1 == 0 {
                    m.write(a, n, v);
                } else {
                    m.give(a, &v.to_le_bytes()[..n as usize]);
                }
                for i in 0..u64::from(n) {
                    bytes.insert(a + i, (v >> (8 * i)) as u8);
                }
            } else {
                let want = (0..u64::from(n)).try_fold(0u64, |acc, i| {
                    bytes
                        .get(&(a + i))
                        .map(|b| acc | u64::from(*b) << (8 * i))
                        .ok_or(a + i)
                });
                assert_eq!(m.read(a, n), want, "{n} bytes at {a:#x}");
            }
        }
    }

    /// `known_bytes` gives what one-byte reads give, across pages, zero
    /// ranges, forgotten bytes and the end of the address space.
    #[test]
    fn known_bytes_are_one_byte_reads() {
        let mut m = Memory::default();
        m.give(PAGE - 3, &[1, 2, 3, 4, 5, 6]);
        m.give_zeros(2 * PAGE - 2, 5);
        m.write(2 * PAGE, 1, 9);
        m.forget(PAGE, 1);
        m.give(u64::MAX - 1, &[7, 8]);
        m.give(0, &[10]);
        for (addr, n) in [(PAGE - 5, 2 * PAGE + 10), (u64::MAX - 3, 6), (0, 0)] {
            let mut got = Vec::new();
            m.known_bytes(addr, n, &mut got);
            let want: Vec<Option<u8>> = (0..n)
                .map(|i| {
                    let a = addr.wrapping_add(i);
                    m.read(a, 1).ok().map(|b| b as u8)
                })
                .collect();
            assert_eq!(got, want, "{addr:#x}+{n}");
        }
        let mut got = Vec::new();
        m.known_bytes(PAGE - 4, 8, &mut got);
        assert_eq!(
            got,
            [
                None,
                Some(1),
                Some(2),
                Some(3),
                None,
                Some(5),
                Some(6),
                None
            ]
        );
    }

    /// [`live_bytes`] counts the pages of every memory of the thread:
    /// made, cloned and dropped.
    #[test]
    fn live_bytes_follow_the_pages() {
        let before = live_bytes();
        let mut m = Memory::default();
        m.write(0, 1, 7);
        m.give(PAGE * 10 - 1, &[1, 2]);
        m.give_zeros(1 << 40, 1 << 30);
        assert_eq!(live_bytes() - before, 3 * PAGE_COST);
        let c = m.clone();
        assert_eq!(live_bytes() - before, 6 * PAGE_COST);
        drop(m);
        assert_eq!(live_bytes() - before, 3 * PAGE_COST);
        drop(c);
        assert_eq!(live_bytes(), before);
    }

    /// Zero ranges read as zeros until given or written, in constant
    /// memory; bytes past them are unknown.
    #[test]
    fn zero_ranges_cost_nothing_until_written() {
        let mut m = Memory::default();
        m.give_zeros(0x1000_0000, 1 << 20);
        m.give_zeros(0x1010_0000, 16);
        assert_eq!(m.read(0x1000_0000, 8), Ok(0));
        assert_eq!(m.read(0x100f_fffc, 8), Ok(0));
        assert_eq!(m.read(0x1010_000c, 8), Err(0x1010_0010));
        assert_eq!(m.read(0x0fff_ffff, 1), Err(0x0fff_ffff));
        assert!(m.pages.is_empty());
        m.give(0x1000_0004, &[7]);
        m.write(0x1000_0008, 2, 0x0102);
        assert_eq!(m.read(0x1000_0000, 8), Ok(0x07_0000_0000));
        assert_eq!(m.read(0x1000_0008, 4), Ok(0x0102));
        assert_eq!(m.written_runs(), vec![(0x1000_0008, vec![0x02, 0x01])]);
        // A range to the end of the address space, and one past it.
        m.give_zeros(u64::MAX - 1, 2);
        assert_eq!(m.read(u64::MAX - 1, 2), Ok(0));
        m.give_zeros(u64::MAX, 3);
        assert_eq!(m.read(u64::MAX, 3), Ok(0));
        assert_eq!(m.read(2, 1), Err(2));
        // Zeros over given bytes give them again; ranges join.
        m.give_zeros(0x1000_0000, 8);
        assert_eq!(m.read(0x1000_0000, 8), Ok(0));
        m.give_zeros(0x0fff_fff0, 0x11);
        assert_eq!(m.read(0x0fff_fff0, 4), Ok(0));
        assert_eq!(m.read(0x0fff_ffef, 1), Err(0x0fff_ffef));
        assert_eq!(m.zeros.len(), 3);
    }
}
