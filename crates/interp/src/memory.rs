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
    /// What the pages every [`Memory`] of this thread holds cost the host:
    /// a run's memories (global, each CTA's shared, each thread's local)
    /// live on the thread that runs it, so the engine bounds them all with
    /// one number ([`live_bytes`]).
    static LIVE_BYTES: Cell<u64> = const { Cell::new(0) };
}

/// What a page costs the host, as `--max-memory` counts it: its map
/// entry (the page number and [`Page`], 88 bytes) and the map's control
/// byte, times four: the map keeps up to twice its entries' room, and
/// while it grows the old table lives beside the new. Counting the 64
/// bytes of data alone let a run take 4.3 times its `--max-memory`
/// (the hostile-input survey's store loop aborted at 2.2 GB).
pub const PAGE_COST: u64 = 4 * (std::mem::size_of::<(u64, Page)>() as u64 + 1);

/// What a page of a block costs the host: the [`Page`] alone, 80 bytes
/// for 64 (a block is one vector, allocated at its size).
pub const BLOCK_PAGE_COST: u64 = std::mem::size_of::<Page>() as u64;

/// A `give` of at least this many bytes goes to blocks: an
/// input of megabytes costs 1.25 times its size, where pages of the map
/// cost 5.6 times (a 700 MB `ptxfp_mem` took 3.6 GB of the host).
pub const BLOCK_MIN: u64 = 4096;

/// The host bytes the pages every [`Memory`] of the calling thread holds
/// cost (each page [`PAGE`] bytes, given or written, at [`PAGE_COST`],
/// or at [`BLOCK_PAGE_COST`] in a block).
pub fn live_bytes() -> u64 {
    LIVE_BYTES.with(Cell::get)
}

fn count_bytes(added: u64, removed: u64) {
    LIVE_BYTES.with(|c| c.set(c.get().saturating_add(added).saturating_sub(removed)));
}

/// At most what [`Memory::give`] of `len` bytes at `addr` adds to
/// [`live_bytes`] (the pages it touches, as if none were held; unless the
/// host cannot allocate a block, whose pages then go to the map, which
/// the check before each instruction counts), so that an input is
/// refused before it is stored.
pub fn give_cost(addr: u64, len: u64) -> u64 {
    let Some(n) = len.checked_sub(1) else {
        return 0;
    };
    match addr.checked_add(n) {
        Some(last) if len >= BLOCK_MIN => {
            (last / PAGE - addr / PAGE + 1).saturating_mul(BLOCK_PAGE_COST)
        }
        Some(last) => (last / PAGE - addr / PAGE + 1).saturating_mul(PAGE_COST),
        // Past the end of the address space: the pages to its end and
        // those from 0 on.
        None => {
            let last = addr.wrapping_add(n);
            (u64::MAX / PAGE - addr / PAGE + 1 + last / PAGE + 1).saturating_mul(PAGE_COST)
        }
    }
}

/// The mask of the bytes of page `n` in `first..=last`.
fn mask_of(n: u64, first: u64, last: u64) -> u64 {
    let lo = if n == first / PAGE { first % PAGE } else { 0 };
    let hi = if n == last / PAGE {
        last % PAGE
    } else {
        PAGE - 1
    };
    (u64::MAX >> (63 - (hi - lo))) << lo
}

/// An access of `n` bytes (1 to 8) at `addr` that lies in one page: its
/// offset in the page, its length, and its bytes as a page's bit mask.
fn in_page(addr: u64, n: u32) -> Option<(usize, usize, u64)> {
    let off = (addr % PAGE) as usize;
    let len = n as usize;
    ((1..=8).contains(&len) && off + len <= PAGE as usize)
        .then(|| (off, len, (u64::MAX >> (64 - len)) << off))
}

/// Runs of pages given at once, in one vector each.
#[derive(Clone, Debug, Default)]
struct Blocks {
    /// By first page number; none overlap.
    list: Vec<(u64, Vec<Page>)>,
    /// The index of the block the last lookup found, tried first: a
    /// kernel reads one input for a while, and a page of the map pays two
    /// compares for it (a search of the blocks behind a miss of the map
    /// cost 6% of a loop that reads a 16 MiB input).
    hot: Cell<usize>,
}

impl Blocks {
    /// The index of the block that holds page `n`.
    #[inline]
    fn index_of(&self, n: u64) -> Option<usize> {
        let h = self.hot.get();
        if let Some((f, b)) = self.list.get(h) {
            if n.wrapping_sub(*f) < b.len() as u64 {
                return Some(h);
            }
        }
        let i = self.list.partition_point(|(f, _)| *f <= n).checked_sub(1)?;
        let (f, b) = &self.list[i];
        (n - f < b.len() as u64).then(|| {
            self.hot.set(i);
            i
        })
    }
    /// Page `n` of the hot block, if it holds it.
    #[inline]
    fn hot_page(&self, n: u64) -> Option<&Page> {
        let (f, b) = self.list.get(self.hot.get())?;
        b.get(usize::try_from(n.wrapping_sub(*f)).ok()?)
    }
    /// The indices of the blocks with a page in `lo..=hi`.
    fn between(&self, lo: u64, hi: u64) -> std::ops::Range<usize> {
        let start = self.list.partition_point(|(f, b)| f + b.len() as u64 <= lo);
        let end = self.list.partition_point(|(f, _)| *f <= hi);
        start..end.max(start)
    }
    /// How many pages the blocks hold.
    fn pages(&self) -> u64 {
        self.list.iter().map(|(_, b)| b.len() as u64).sum()
    }
}

/// The memory of one run.
#[derive(Debug, Default)]
pub struct Memory {
    /// By page number (address / [`PAGE`]), hashed: a lookup costs the
    /// same however many pages there are (a tree of the pages of a few
    /// megabytes made each access a dozen steps down it).
    pages: FxHashMap<u64, Page>,
    /// Runs of pages that one `give` of at least [`BLOCK_MIN`] bytes
    /// reached, by first page number: one vector of pages each, at
    /// [`BLOCK_PAGE_COST`] a page. A page number is in `pages` or in a
    /// block, never in both; blocks do not overlap.
    blocks: Blocks,
    /// Ranges given as zeros (zero-initialized variables), disjoint and
    /// apart, by first address: their last (inclusive). A byte of a page
    /// that knows it is that byte; otherwise in a range it is zero. A
    /// megabyte variable costs a map entry, not a megabyte.
    zeros: BTreeMap<u64, u64>,
}

impl Clone for Memory {
    fn clone(&self) -> Memory {
        count_bytes(self.cost(), 0);
        Memory {
            pages: self.pages.clone(),
            blocks: self.blocks.clone(),
            zeros: self.zeros.clone(),
        }
    }
}

impl Drop for Memory {
    fn drop(&mut self) {
        count_bytes(0, self.cost());
    }
}

impl Memory {
    /// What this memory's pages add to [`live_bytes`].
    fn cost(&self) -> u64 {
        self.pages.len() as u64 * PAGE_COST + self.blocks.pages() * BLOCK_PAGE_COST
    }
    fn byte(&self, a: u64) -> Option<u8> {
        let page = self.get_page(a / PAGE);
        if let Some(b) = page.and_then(|p| p.get((a % PAGE) as usize)) {
            return Some(b);
        }
        self.zero_at(a)
    }
    /// Page `n`, from the map or a block.
    #[inline]
    fn get_page(&self, n: u64) -> Option<&Page> {
        if self.blocks.list.is_empty() {
            return self.pages.get(&n);
        }
        if let Some(p) = self.blocks.hot_page(n) {
            return Some(p);
        }
        if let Some(p) = self.pages.get(&n) {
            return Some(p);
        }
        let i = self.blocks.index_of(n)?;
        let (f, b) = &self.blocks.list[i];
        Some(&b[(n - f) as usize])
    }
    /// The page of address `a`, made (in the map) if none holds it.
    fn page(&mut self, a: u64) -> &mut Page {
        let n = a / PAGE;
        if !self.blocks.list.is_empty() {
            if let Some(i) = self.blocks.index_of(n) {
                let (f, b) = &mut self.blocks.list[i];
                return &mut b[(n - *f) as usize];
            }
        }
        self.pages.entry(n).or_insert_with(|| {
            count_bytes(PAGE_COST, 0);
            Page::new()
        })
    }
    /// Pages `lo..=hi` in blocks: each run of them no block holds becomes
    /// a new block, the map's pages in it moved there. Blocks are never
    /// joined: 4096 adjacent gifts of 4 KiB, each copied with the whole
    /// block before it into a new one, took 24 s (and twice the block's
    /// memory while copying); now each page is allocated once. A run the
    /// host cannot allocate is left to the map.
    fn make_block(&mut self, lo: u64, hi: u64) {
        let at = self.blocks.between(lo, hi);
        let mut gaps = Vec::new();
        let mut next = lo;
        for (f, b) in &self.blocks.list[at.clone()] {
            if *f > next {
                gaps.push((next, f - 1));
            }
            next = next.max(f + b.len() as u64);
        }
        if next <= hi {
            gaps.push((next, hi));
        }
        for (first, last) in gaps {
            let Ok(len) = usize::try_from(last - first + 1) else {
                continue;
            };
            let mut block: Vec<Page> = Vec::new();
            if block.try_reserve_exact(len).is_err() {
                continue;
            }
            block.resize(len, Page::new());
            let mut removed = 0;
            for n in self.map_pages_between(first, last) {
                if let Some(p) = self.pages.remove(&n) {
                    removed += PAGE_COST;
                    block[(n - first) as usize] = p;
                }
            }
            count_bytes(len as u64 * BLOCK_PAGE_COST, removed);
            let i = self.blocks.list.partition_point(|(f, _)| *f < first);
            self.blocks.list.insert(i, (first, block));
            self.blocks.hot.set(i);
        }
    }
    /// The page numbers in `lo..=hi` that the map holds, in order: by
    /// page number where the range spans fewer pages than the map holds,
    /// else from the map's pages.
    fn map_pages_between(&self, lo: u64, hi: u64) -> Vec<u64> {
        if hi - lo < self.pages.len() as u64 {
            (lo..=hi).filter(|n| self.pages.contains_key(n)).collect()
        } else {
            let mut v: Vec<u64> = self
                .pages
                .keys()
                .copied()
                .filter(|n| (lo..=hi).contains(n))
                .collect();
            v.sort_unstable();
            v
        }
    }
    /// The blocks' pages in `lo..=hi`: (block's first page, first index,
    /// end index) for each block that has one, in order.
    fn block_spans(&self, lo: u64, hi: u64) -> Vec<(usize, usize, usize)> {
        let at = self.blocks.between(lo, hi);
        self.blocks.list[at.clone()]
            .iter()
            .zip(at)
            .map(|((f, b), i)| {
                let start = lo.saturating_sub(*f) as usize;
                let end = usize::try_from(hi - f)
                    .map_or(usize::MAX, |x| x.saturating_add(1))
                    .min(b.len());
                (i, start, end)
            })
            .collect()
    }
    /// The pages held (map and blocks) with a byte in `first..=last`, in
    /// address order, each with the mask of those bytes.
    fn held_between(&self, first: u64, last: u64) -> impl Iterator<Item = (u64, &Page, u64)> {
        let (lo, hi) = (first / PAGE, last / PAGE);
        let mut map = self
            .map_pages_between(lo, hi)
            .into_iter()
            .map(|n| (n, &self.pages[&n]))
            .peekable();
        let mut blocks = self
            .block_spans(lo, hi)
            .into_iter()
            .flat_map(|(i, s, e)| {
                let (f, b) = &self.blocks.list[i];
                b[s..e]
                    .iter()
                    .enumerate()
                    .map(move |(k, p)| (f + (s + k) as u64, p))
            })
            .peekable();
        std::iter::from_fn(move || match (map.peek(), blocks.peek()) {
            (Some(x), Some(y)) if x.0 < y.0 => map.next(),
            (Some(_), None) => map.next(),
            _ => blocks.next(),
        })
        .map(move |(n, p)| (n, p, mask_of(n, first, last)))
    }
    /// Calls `f` on each page held with a byte in `first..=last` (map and
    /// blocks, in no order) with the mask of those bytes.
    fn each_held_mut(&mut self, first: u64, last: u64, mut f: impl FnMut(&mut Page, u64)) {
        let (lo, hi) = (first / PAGE, last / PAGE);
        for n in self.map_pages_between(lo, hi) {
            if let Some(p) = self.pages.get_mut(&n) {
                f(p, mask_of(n, first, last));
            }
        }
        for (i, s, e) in self.block_spans(lo, hi) {
            let (b, pages) = &mut self.blocks.list[i];
            for (k, p) in pages[s..e].iter_mut().enumerate() {
                f(p, mask_of(*b + (s + k) as u64, first, last));
            }
        }
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
            let page = self.get_page(a / PAGE);
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

    /// Gives bytes (input, not counted as written). At least
    /// [`BLOCK_MIN`] of them go to a block.
    pub fn give(&mut self, addr: u64, data: &[u8]) {
        let len = data.len() as u64;
        if len >= BLOCK_MIN {
            if let Some(last) = addr.checked_add(len - 1) {
                self.make_block(addr / PAGE, last / PAGE);
            }
        }
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
        self.each_held_mut(first, last, |page, mask| {
            for off in 0..PAGE as usize {
                if (page.known & mask) >> off & 1 == 1 {
                    page.data[off] = 0;
                }
            }
        });
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
            if let Some(p) = self.get_page(addr / PAGE) {
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
        let Some(n) = len.checked_sub(1) else { return };
        self.each_held_mut(addr, addr.saturating_add(n), |p, mask| {
            p.known &= !mask;
            p.written &= !mask;
        });
    }

    /// The bytes given or written in `[addr, addr + len)` (cut at the end
    /// of the address space), as runs `(address, bytes)` in address
    /// order; like [`Memory::forget`], at the cost of what is held there.
    pub fn known_runs(&self, addr: u64, len: u64) -> Vec<(u64, Vec<u8>)> {
        let mut runs = Vec::new();
        let Some(n) = len.checked_sub(1) else {
            return runs;
        };
        for (n, p, mask) in self.held_between(addr, addr.saturating_add(n)) {
            extend_runs(&mut runs, n, p, p.known & mask);
        }
        runs
    }

    /// The written bytes as contiguous runs `(address, bytes)`.
    pub fn written_runs(&self) -> Vec<(u64, Vec<u8>)> {
        let mut runs = Vec::new();
        for (n, page, _) in self.held_between(0, u64::MAX) {
            extend_runs(&mut runs, n, page, page.written);
        }
        runs
    }
}

/// Adds the bytes of page `n` that `mask` marks to `runs`, in address
/// order: a byte right after the last run's end joins it.
fn extend_runs(runs: &mut Vec<(u64, Vec<u8>)>, n: u64, page: &Page, mut mask: u64) {
    // A run of marked bytes at a time (a whole page is one).
    while mask != 0 {
        let off = mask.trailing_zeros() as usize;
        let len = (!(mask >> off)).trailing_zeros() as usize;
        let (a, bytes) = (n * PAGE + off as u64, &page.data[off..off + len]);
        match runs.last_mut() {
            Some((start, v)) if start.wrapping_add(v.len() as u64) == a => {
                v.extend_from_slice(bytes)
            }
            _ => runs.push((a, bytes.to_vec())),
        }
        mask &= !((((1u128 << len) - 1) << off) as u64);
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

    /// Blocks (gives of [`BLOCK_MIN`] bytes or more) behave as pages:
    /// gives, writes, forgets and zero ranges over and across them, and
    /// blocks that overlap, touch or swallow pages of the map, against a
    /// map of bytes; and they cost [`BLOCK_PAGE_COST`] a page.
    #[test]
    fn blocks_follow_a_byte_map() {
        use std::collections::{BTreeMap, BTreeSet};
        let before = live_bytes();
        let mut m = Memory::default();
        // Address -> (byte, written).
        let mut bytes: BTreeMap<u64, (u8, bool)> = BTreeMap::new();
        let mut zeros: BTreeSet<u64> = BTreeSet::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let base = 0x10_0000u64;
        let mut most_blocks = 0;
        for step in 0..6_000 {
            let r = next();
            // Gifts of blocks over 192 KiB, so that several stand apart
            // and later ones overlap them; the rest near them.
            let a = base + r % if r >> 32 & 7 == 0 { 0x30000 } else { 0x6000 };
            most_blocks = most_blocks.max(m.blocks.list.len());
            match r >> 32 & 7 {
                0 => {
                    let len = BLOCK_MIN + (r >> 40) % 0x1800;
                    let data: Vec<u8> = (0..len).map(|k| (k as u8) ^ (step as u8)).collect();
                    m.give(a, &data);
                    for (k, b) in data.iter().enumerate() {
                        let e = bytes.entry(a + k as u64).or_insert((0, false));
                        e.0 = *b;
                    }
                }
                1 => {
                    let len = 1 + (r >> 40) % 200;
                    m.give(a, &vec![step as u8; len as usize]);
                    for k in 0..len {
                        bytes.entry(a + k).or_insert((0, false)).0 = step as u8;
                    }
                }
                2 => {
                    let len = (r >> 40) % 300;
                    m.forget(a, len);
                    for k in 0..len {
                        bytes.remove(&(a + k));
                    }
                }
                3 if step % 50 == 0 => {
                    let len = 1 + (r >> 40) % 5000;
                    m.give_zeros(a, len);
                    for k in 0..len {
                        zeros.insert(a + k);
                        if let Some(e) = bytes.get_mut(&(a + k)) {
                            e.0 = 0;
                        }
                    }
                }
                _ => {
                    let n = (r >> 40) as u32 % 8 + 1;
                    let v = next();
                    if r >> 50 & 1 == 0 {
                        m.write(a, n, v);
                        for i in 0..u64::from(n) {
                            bytes.insert(a + i, ((v >> (8 * i)) as u8, true));
                        }
                    } else {
                        let want = (0..u64::from(n)).try_fold(0u64, |acc, i| {
                            let b = bytes.get(&(a + i)).map(|e| e.0);
                            b.or_else(|| zeros.contains(&(a + i)).then_some(0))
                                .map(|b| acc | u64::from(b) << (8 * i))
                                .ok_or(a + i)
                        });
                        assert_eq!(m.read(a, n), want, "step {step}: {n} bytes at {a:#x}");
                    }
                }
            }
            if step % 600 == 599 {
                let flat = |runs: Vec<(u64, Vec<u8>)>| -> Vec<(u64, u8)> {
                    runs.into_iter()
                        .flat_map(|(s, v)| {
                            v.into_iter()
                                .enumerate()
                                .map(move |(k, b)| (s + k as u64, b))
                        })
                        .collect()
                };
                let known: Vec<(u64, u8)> = bytes.iter().map(|(a, e)| (*a, e.0)).collect();
                assert_eq!(flat(m.known_runs(0, u64::MAX)), known, "step {step}");
                let (lo, n) = (base + 0x1234, 0x2345);
                let part: Vec<(u64, u8)> =
                    bytes.range(lo..lo + n).map(|(a, e)| (*a, e.0)).collect();
                assert_eq!(flat(m.known_runs(lo, n)), part, "step {step}");
                let written: Vec<(u64, u8)> = bytes
                    .iter()
                    .filter(|e| e.1 .1)
                    .map(|(a, e)| (*a, e.0))
                    .collect();
                assert_eq!(flat(m.written_runs()), written, "step {step}");
                let mut got = Vec::new();
                m.known_bytes(base, 0x8000, &mut got);
                for (k, b) in got.iter().enumerate() {
                    let a = base + k as u64;
                    let want = bytes
                        .get(&a)
                        .map(|e| e.0)
                        .or_else(|| zeros.contains(&a).then_some(0));
                    assert_eq!(*b, want, "step {step}: byte {a:#x}");
                }
            }
        }
        // Pages are in the map or in a block, never both, and the blocks
        // do not overlap; live_bytes counts each once.
        let in_blocks = m.blocks.pages();
        assert!(in_blocks > 0 && !m.pages.is_empty());
        assert!(most_blocks >= 3, "{most_blocks} blocks at most");
        for n in m.pages.keys() {
            assert_eq!(
                m.blocks.index_of(*n),
                None,
                "page {n:#x} is in the map and a block"
            );
        }
        let ends: Vec<(u64, u64)> = m
            .blocks
            .list
            .iter()
            .map(|(f, b)| (*f, f + b.len() as u64))
            .collect();
        assert!(ends.windows(2).all(|w| w[0].1 <= w[1].0), "{ends:x?}");
        assert_eq!(
            live_bytes() - before,
            m.pages.len() as u64 * PAGE_COST + in_blocks * BLOCK_PAGE_COST
        );
        let c = m.clone();
        drop(m);
        drop(c);
        assert_eq!(live_bytes(), before);
    }

    /// Adjacent and overlapping gifts add blocks for their new pages only:
    /// nothing is copied into a joined block (4096 adjacent gifts of 4 KiB
    /// took 24 s when each copied the block before it), and live_bytes
    /// counts every page once.
    #[test]
    fn gifts_add_blocks_for_their_new_pages_only() {
        let before = live_bytes();
        let mut m = Memory::default();
        let base = 1u64 << 30;
        for k in 0..4096u64 {
            m.give(base + k * 4096, &[k as u8; 4096]);
        }
        assert_eq!(m.blocks.list.len(), 4096);
        assert_eq!(live_bytes() - before, 4096 * 64 * BLOCK_PAGE_COST);
        // Over the first two blocks and one page past them: one new block
        // of one page.
        m.give(base + 100, &[0xee; 8192 + 64]);
        assert_eq!(m.blocks.list.len(), 4096);
        m.give(base - 64, &[0xdd; 8192]);
        assert_eq!(m.blocks.list.len(), 4097);
        assert_eq!(live_bytes() - before, (4096 * 64 + 1) * BLOCK_PAGE_COST);
        assert_eq!(m.read(base - 1, 2), Ok(0xdddd));
        assert_eq!(m.read(base + 8127, 2), Ok(0xeedd));
        assert_eq!(m.read(base + 8192 + 163, 2), Ok(0x02ee));
        let runs = m.known_runs(0, u64::MAX);
        assert_eq!(runs.len(), 1);
        assert_eq!(runs[0].0, base - 64);
        assert_eq!(runs[0].1.len() as u64, 4096 * 4096 + 64);
        drop(m);
        assert_eq!(live_bytes(), before);
    }

    /// A megabyte given at once costs 1.25 bytes a byte, and
    /// [`give_cost`] bounds what a give adds.
    #[test]
    fn a_large_give_is_a_block() {
        let before = live_bytes();
        let mut m = Memory::default();
        m.write(0x200_0000 + 100, 4, 7);
        let data = vec![5u8; 1 << 20];
        m.give(0x200_0000 + 3, &data);
        assert_eq!(m.blocks.list.len(), 1);
        assert!(m.pages.is_empty());
        let cost = live_bytes() - before;
        assert_eq!(cost, ((1 << 20) / PAGE + 1) * BLOCK_PAGE_COST);
        assert!(cost <= give_cost(0x200_0000 + 3, 1 << 20));
        assert!(cost <= (1 << 20) * 5 / 4 + BLOCK_PAGE_COST);
        // The written page moved into the block: given over, as a page
        // of the map would be, and still written.
        assert_eq!(m.read(0x200_0000 + 100, 4), Ok(0x0505_0505));
        assert_eq!(m.read(0x200_0000 + 2, 1), Err(0x200_0002));
        m.write(0x200_0000 + 102, 4, 0x0908_0706);
        assert_eq!(m.read(0x200_0000 + 100, 8), Ok(0x0505_0908_0706_0505));
        assert_eq!(
            m.written_runs(),
            vec![(0x200_0000 + 100, vec![5, 5, 6, 7, 8, 9])]
        );
        assert!(m.pages.is_empty());
        // Past the end of the address space: map pages, to the end and from 0.
        assert_eq!(give_cost(u64::MAX - 4095, 8192), (64 + 64) * PAGE_COST);
        assert_eq!(give_cost(0, 0), 0);
        assert_eq!(give_cost(0, 64), PAGE_COST);
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
