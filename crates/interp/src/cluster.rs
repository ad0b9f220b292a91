//! Thread-block clusters (sm_90): the CTAs of one cluster run interleaved,
//! each with its own registers and shared memory, and reach one another's
//! shared memory through the cluster's shared-memory windows
//! (docs/ENGINE.md "Clusters").
//!
//! One CTA of the cluster runs at a time: its state is in `Engine` and
//! `Machine::regs`; the others' is parked in [`Cluster::parked`].
//! [`Machine::enter`] exchanges them. Clusters run one after another, in
//! `%clusterid` order (x fastest).

use super::*;

/// Where the shared-memory windows of a cluster's CTAs start: the
/// `.shared::cluster` address of the byte at CTA-local shared address `a`
/// of the CTA of rank `r` is `SHARED_WINDOW + r * WINDOW_STRIDE + (a -
/// VAR_BASE)` ([`window_address`]). The windows fit in 32 bits, so that
/// `mapa.shared::cluster.u32` holds them, and lie above every variable
/// (checked before the run, `Cluster::check_windows`).
pub(crate) const SHARED_WINDOW: u64 = 0x8000_0000;

/// The bytes of one CTA's window: variables up to 64 MiB past the first
/// (shared memory is at most 228 KiB a CTA on sm_90).
pub(crate) const WINDOW_STRIDE: u64 = 0x0400_0000;

/// The most CTAs in a cluster: the 32 bits of `.multicast::cluster::32b`'s
/// `ctaMask` (PTX ISA 9.4: "each bit position in the 16-bit or otherwise
/// 32-bit ctaMask operand corresponds to the %cluster_ctarank of the
/// destination CTA"); CUDA allows 8, and 16 on sm_90 and sm_100 with
/// `cudaFuncAttributeNonPortableClusterSizeAllowed`. A 16-bit mask reaches
/// ranks 0 to 15. The last window ends at 2^32 ([`window_address`]).
pub(crate) const MAX_CLUSTER_CTAS: u64 = 32;

/// The `.shared::cluster` address of CTA-local shared address `a` in the
/// CTA of rank `r` (docs/ENGINE.md "Clusters").
pub(crate) fn window_address(r: usize, a: u64) -> u64 {
    SHARED_WINDOW + r as u64 * WINDOW_STRIDE + (a - VAR_BASE)
}

/// The state of a CTA of the cluster while another runs.
#[derive(Default)]
pub(crate) struct Parked {
    ctaid: [u32; 3],
    regs: Vec<Vec<Option<u64>>>,
    pub(crate) threads: Vec<Thread>,
    pub(crate) shared: Memory,
    private: Vec<Memory>,
    arrivals: BTreeMap<u32, usize>,
    pub(crate) asyncs: async_copy::AsyncState,
    first_warp: usize,
}

/// The cluster that runs.
pub(crate) struct Cluster {
    /// CTAs per cluster per dimension (`%cluster_nctaid`).
    pub(crate) shape: [u32; 3],
    /// `%is_explicit_cluster`.
    pub(crate) explicit: bool,
    /// The rank (`%cluster_ctarank`) of the CTA that runs.
    pub(crate) rank: usize,
    /// Per rank, the state of a CTA that does not run (that of `rank` is
    /// empty: it is in the engine).
    pub(crate) parked: Vec<Parked>,
    /// Completed phases of `barrier.cluster`.
    pub(crate) phase: u64,
    /// Per thread (rank, thread index in its CTA), the `barrier.cluster`
    /// phase its last arrive was in.
    pub(crate) arrived: BTreeMap<(usize, usize), u64>,
    /// No windows: a launch of clusters of one CTA (its addresses stay
    /// what they were without clusters, and `mapa` gives its address
    /// back).
    pub(crate) no_windows: bool,
}

impl Default for Cluster {
    /// Clusters of one CTA.
    fn default() -> Cluster {
        Cluster {
            shape: [1, 1, 1],
            explicit: false,
            rank: 0,
            parked: Vec::new(),
            phase: 0,
            arrived: BTreeMap::new(),
            no_windows: false,
        }
    }
}

/// A cluster of a cooperative launch that does not run (a CTA, in a launch
/// without clusters): its cluster state and the CTA that ran last
/// (`Machine::swap_unit` exchanges it with the engine's).
#[derive(Default)]
pub(crate) struct Unit {
    cluster: Cluster,
    cta: Parked,
    /// Per rank, whether that CTA has exited.
    pub(crate) done: Vec<bool>,
}

impl Unit {
    /// An empty unit of `size` CTAs, whose cluster has the launch's shape
    /// (`c`'s), to take a started cluster from the engine.
    pub(crate) fn new(c: &Cluster, size: usize) -> Unit {
        Unit {
            cluster: Cluster {
                shape: c.shape,
                explicit: c.explicit,
                no_windows: c.no_windows,
                ..Cluster::default()
            },
            cta: Parked::default(),
            done: vec![false; size],
        }
    }

    /// Every CTA has exited.
    pub(crate) fn finished(&self) -> bool {
        self.done.iter().all(|d| *d)
    }
}

/// How a CTA stands when none of its warps can run
/// (`Machine::open_barriers`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    /// Something changed: its threads (may) run on.
    Run,
    /// Every thread exited.
    Done,
    /// Its threads wait for something only another CTA of the cluster can
    /// do.
    Stuck,
}

impl Cluster {
    /// CTAs per cluster.
    pub(crate) fn size(&self) -> usize {
        self.shape.iter().map(|&d| d as usize).product()
    }

    /// The cluster shape of a launch: `--cluster` (`launch.cluster`), else
    /// the entry's `.reqnctapercluster`, else one CTA; checked as CUDA
    /// checks a cluster launch: every dimension divides the grid's
    /// ("the grid dimensions must be a multiple of the cluster
    /// dimensions"), the cluster within `.maxclusterrank` and at most
    /// [`MAX_CLUSTER_CTAS`] CTAs, and `--cluster` the shape
    /// `.reqnctapercluster` asks for.
    pub(crate) fn configure(
        &mut self,
        f: Option<&ptxfp_front::module::Function>,
        launch: &Launch,
    ) -> Result<(), RunError> {
        let show = crate::engine::dims;
        let req = f.and_then(|f| f.cluster.as_ref());
        let name = f.map_or("the kernel", |f| f.name.as_str());
        if let (Some(l), Some((r, _))) = (launch.cluster, req) {
            if l != *r {
                return Err(RunError::Input(format!(
                    "--cluster {}: `{name}` asks for clusters of {} CTAs (.reqnctapercluster); launch it with --cluster {} or without --cluster",
                    show(l),
                    show(*r),
                    show(*r)
                )));
            }
        }
        // A shape the kernel's `.reqnctapercluster` gave: its errors are
        // at the directive; one --cluster gave, the option's.
        let (shape, at) = match (launch.cluster, req) {
            (Some(l), _) => (l, None),
            (None, Some((r, span))) => (*r, Some(span)),
            (None, None) => ([1, 1, 1], None),
        };
        let refuse = |why: String| match at {
            Some(span) => RunError::Program(Diagnostic::error(
                span.clone(),
                format!("`{name}`'s .reqnctapercluster: {why}"),
            )),
            None => RunError::Input(why),
        };
        if shape.contains(&0) {
            return Err(refuse(format!(
                "cluster {}: a dimension is 0; every dimension is at least 1",
                show(shape)
            )));
        }
        // Up to (2^32 - 1)^3: exact in 128 bits (it wrapped in 64).
        let n: u128 = shape.iter().map(|&d| u128::from(d)).product();
        if n > u128::from(MAX_CLUSTER_CTAS) {
            return Err(refuse(format!(
                "cluster {} has {n} CTAs: a cluster has at most {MAX_CLUSTER_CTAS} (the bits of .multicast::cluster::32b's ctaMask; CUDA allows 8, or 16 as a non-portable size)",
                show(shape)
            )));
        }
        if let Some(m) = f.and_then(|f| f.max_cluster_rank) {
            if n > u128::from(m) {
                return Err(refuse(format!(
                    "cluster {} has {n} CTAs, more than `{name}`'s .maxclusterrank {m}",
                    show(shape)
                )));
            }
        }
        if (0..3).any(|i| !launch.grid[i].is_multiple_of(shape[i])) {
            return Err(refuse(format!(
                "--grid {} is not a multiple of the cluster shape {} in every dimension; a GPU refuses such a cluster launch (cudaLaunchKernelEx): make each grid dimension a multiple of the cluster's",
                show(launch.grid),
                show(shape)
            )));
        }
        self.shape = shape;
        self.no_windows = n == 1;
        // %is_explicit_cluster: "whether the cluster launch is explicitly
        // specified by user".
        self.explicit = launch.cluster.is_some()
            || f.is_some_and(|f| f.explicit_cluster || f.cluster.is_some());
        Ok(())
    }

    /// That every variable (they end at `vars_end`) lies below the
    /// windows, and the shared ones within one window's reach, where a
    /// cluster has several CTAs.
    pub(crate) fn check_windows(
        &mut self,
        regions: &[(u64, u64, Region)],
        vars_end: u64,
    ) -> Result<(), RunError> {
        if vars_end > SHARED_WINDOW && self.size() > 1 {
            return Err(RunError::Input(format!(
                "the variables end at {vars_end:#x}, past {SHARED_WINDOW:#x} where the shared-memory windows of a cluster's CTAs start (docs/ENGINE.md \"Clusters\"); a cluster launch needs less than 1.75 GB of variables"
            )));
        }
        let Some(&(_, end, _)) = regions.iter().rfind(|r| r.2 == Region::Shared) else {
            return Ok(());
        };
        if self.size() > 1 && end > VAR_BASE + WINDOW_STRIDE {
            return Err(RunError::Input(format!(
                "the shared variables end at {end:#x}, past the {} MiB a CTA's shared-memory window reaches in a cluster launch (docs/ENGINE.md \"Clusters\")",
                WINDOW_STRIDE >> 20
            )));
        }
        Ok(())
    }

    /// A `.shared::cluster` window address: the rank of its CTA and the
    /// CTA-local address (`None`: not in the window of a CTA of the
    /// cluster).
    /// The addresses of the windows, `[first, end)` (`None`: none).
    pub(crate) fn windows(&self) -> Option<(u64, u64)> {
        (!self.no_windows).then(|| {
            (
                SHARED_WINDOW,
                SHARED_WINDOW + self.size() as u64 * WINDOW_STRIDE,
            )
        })
    }

    pub(crate) fn window(&self, addr: u64) -> Option<(usize, u64)> {
        if self.no_windows {
            return None;
        }
        let off = addr.checked_sub(SHARED_WINDOW)?;
        let r = (off / WINDOW_STRIDE) as usize;
        (r < self.size()).then_some((r, VAR_BASE + off % WINDOW_STRIDE))
    }

    /// The `.shared::cluster` address of CTA-local shared address `a` in
    /// the CTA of rank `r`: its window's, or `a` itself in a cluster of
    /// one CTA.
    pub(crate) fn cluster_address(&self, r: usize, a: u64) -> u64 {
        if self.no_windows {
            a
        } else {
            window_address(r, a)
        }
    }

    /// The cluster special registers (PTX ISA §10.14-10.20), dimension
    /// `i`, of the CTA `ctaid` in a grid of `grid` CTAs.
    pub(crate) fn register(&self, name: &str, i: usize, ctaid: [u32; 3], grid: [u32; 3]) -> u64 {
        let s = self.shape;
        let within = [ctaid[0] % s[0], ctaid[1] % s[1], ctaid[2] % s[2]];
        // PTX ISA §10.12-§10.17 (the sections' titles quoted).
        match name {
            // %clusterid: "Cluster identifier within a grid".
            "%clusterid" => u64::from(ctaid[i] / s[i]),
            // %nclusterid: "Number of cluster identifiers per grid".
            "%nclusterid" => u64::from(grid[i] / s[i]),
            // %cluster_ctaid: "CTA identifier within a cluster".
            "%cluster_ctaid" => u64::from(within[i]),
            // %cluster_nctaid: "Number of CTA identifiers per cluster".
            "%cluster_nctaid" => u64::from(s[i]),
            // %cluster_ctarank: "CTA identifier in a cluster across all
            // dimensions", in [0, %cluster_nctarank): x fastest, as CUDA's
            // cluster `block_rank()` (docs/ENGINE.md "Clusters").
            "%cluster_ctarank" => u64::from(within[0] + s[0] * (within[1] + s[1] * within[2])),
            // %cluster_nctarank: "Number of CTA identifiers in a cluster
            // across all dimensions".
            "%cluster_nctarank" => self.size() as u64,
            // %is_explicit_cluster: "whether the cluster launch is
            // explicitly specified by user".
            "%is_explicit_cluster" => u64::from(self.explicit),
            _ => 0,
        }
    }
}

impl Machine<'_, '_> {
    /// Exchanges the engine's CTA state with rank `r`'s parked one.
    fn swap_cta(&mut self, r: usize) {
        let mut p = std::mem::take(&mut self.eng.cluster.parked[r]);
        self.swap_parked(&mut p);
        self.eng.cluster.parked[r] = p;
    }

    /// Exchanges the engine's CTA state with `p` (a CTA of the cluster, or
    /// of a cooperative grid, that does not run).
    pub(crate) fn swap_parked(&mut self, p: &mut Parked) {
        std::mem::swap(&mut self.eng.ctaid, &mut p.ctaid);
        std::mem::swap(&mut self.eng.threads, &mut p.threads);
        std::mem::swap(&mut self.eng.shared, &mut p.shared);
        std::mem::swap(&mut self.eng.private, &mut p.private);
        std::mem::swap(&mut self.eng.arrivals, &mut p.arrivals);
        std::mem::swap(&mut self.eng.first_warp, &mut p.first_warp);
        std::mem::swap(&mut self.eng.asyncs, &mut p.asyncs);
        p.regs.resize(self.regs.len(), Vec::new());
        let n = self.nlanes;
        for (reg, v) in self.regs.iter_mut().zip(&mut p.regs) {
            std::mem::swap(&mut reg.vals, v);
            // A register declared while another CTA ran (`--lenient`
            // declares on first use) starts here as at a CTA's start.
            if reg.vals.len() < n {
                reg.vals.resize(n, reg.given);
            }
        }
    }

    /// Exchanges the engine's cluster, and the CTA of it that runs, with
    /// `u`'s: twice is no change.
    pub(crate) fn swap_unit(&mut self, u: &mut Unit) {
        std::mem::swap(&mut self.eng.cluster, &mut u.cluster);
        self.swap_parked(&mut u.cta);
    }

    /// Makes the CTA of rank `r` the one that runs.
    pub(crate) fn enter(&mut self, r: usize) {
        let cur = self.eng.cluster.rank;
        if cur != r && r < self.eng.cluster.parked.len() {
            self.swap_cta(cur);
            self.swap_cta(r);
            self.eng.cluster.rank = r;
        }
    }

    /// The rank and CTA-local address of shared address `addr` where it is
    /// in the window of a CTA other than the one that runs; `None` with
    /// the local address otherwise (this CTA's window, or not a window).
    pub(crate) fn shared_target(&self, addr: u64) -> (Option<usize>, u64) {
        match self.eng.cluster.window(addr) {
            Some((r, a)) if r != self.eng.cluster.rank => (Some(r), a),
            Some((_, a)) => (None, a),
            None => (None, addr),
        }
    }

    /// The shared memory of rank `r`.
    pub(crate) fn shared_of(&self, r: Option<usize>) -> &Memory {
        match r {
            Some(r) => &self.eng.cluster.parked[r].shared,
            None => &self.eng.shared,
        }
    }

    /// [`Self::shared_of`] for writing.
    pub(crate) fn shared_of_mut(&mut self, r: Option<usize>) -> &mut Memory {
        match r {
            Some(r) => &mut self.eng.cluster.parked[r].shared,
            None => &mut self.eng.shared,
        }
    }

    /// Per CTA of the cluster (by rank), its threads.
    pub(crate) fn cluster_threads(&self) -> Vec<(usize, &[Thread])> {
        let cur = self.eng.cluster.rank;
        let parked = &self.eng.cluster.parked;
        (0..parked.len().max(1))
            .map(|r| {
                let t: &[Thread] = if r == cur || parked.is_empty() {
                    &self.eng.threads
                } else {
                    &parked[r].threads
                };
                (r, t)
            })
            .collect()
    }

    /// A new cluster of `n` CTAs: nothing parked, `barrier.cluster` at
    /// phase 0.
    pub(crate) fn begin_cluster(&mut self, n: usize) {
        let c = &mut self.eng.cluster;
        c.rank = 0;
        c.parked = if n > 1 {
            (0..n).map(|_| Parked::default()).collect()
        } else {
            Vec::new()
        };
        c.phase = 0;
        c.arrived.clear();
    }

    /// Runs the cluster whose first CTA is `first`: its CTAs in rank
    /// order, each until none of its warps can run, round after round,
    /// until all have exited; a round in which no CTA ran an instruction
    /// or changed anything is a deadlock, reported for the first CTA that
    /// has not exited.
    pub(crate) fn run_cluster(&mut self, first: [u32; 3]) -> Result<(), RunError> {
        let s = self.eng.cluster.shape;
        let n = self.eng.cluster.size();
        self.begin_cluster(n);
        for r in 0..n {
            self.enter(r);
            let r = r as u32;
            self.eng.ctaid = [
                first[0] + r % s[0],
                first[1] + r / s[0] % s[1],
                first[2] + r / (s[0] * s[1]),
            ];
            self.start_cta();
        }
        let mut done = vec![false; n];
        'run: loop {
            let before = self.eng.steps;
            let mut moved = false;
            for (r, d) in done.iter_mut().enumerate() {
                if *d {
                    continue;
                }
                self.enter(r);
                self.run_warps()?;
                if self.eng.stopped {
                    break 'run;
                }
                match self.open_barriers(false)? {
                    Progress::Run => moved = true,
                    Progress::Done => *d = true,
                    Progress::Stuck => {}
                }
            }
            if done.iter().all(|d| *d) {
                break;
            }
            if !moved && self.eng.steps == before {
                let r = done.iter().position(|d| !d).unwrap_or(0);
                self.enter(r);
                self.open_barriers(true)?;
                return Err(RunError::Input(
                    "internal: a cluster neither runs nor deadlocks".into(),
                ));
            }
        }
        for r in 0..n {
            self.enter(r);
            self.keep_shown();
        }
        Ok(())
    }
}

/// A memory seen through addresses `shift` bytes above its own (a window
/// of another CTA's shared memory; 0: the memory's own addresses).
pub(crate) struct View<'a> {
    pub(crate) mem: &'a Memory,
    pub(crate) shift: u64,
}

impl View<'_> {
    /// [`Memory::read`] at `addr - shift` (the address it could not read
    /// given back as the caller's).
    pub(crate) fn read(&self, addr: u64, n: u32) -> Result<u64, u64> {
        self.mem
            .read(addr.wrapping_sub(self.shift), n)
            .map_err(|bad| bad.wrapping_add(self.shift))
    }
}

/// [`View`] for writing.
pub(crate) struct ViewMut<'a> {
    pub(crate) mem: &'a mut Memory,
    pub(crate) shift: u64,
}

impl ViewMut<'_> {
    /// [`Memory::write`] at `addr - shift`.
    pub(crate) fn write(&mut self, addr: u64, n: u32, v: u64) {
        self.mem.write(addr.wrapping_sub(self.shift), n, v)
    }
}

impl Machine<'_, '_> {
    /// The window (rank, CTA-local address) an access of state space
    /// `space` (`None`: generic) at `addr` reaches: `.shared` and generic
    /// addresses may be in one, `.global` and `.local` ones never are.
    pub(crate) fn window_of(&self, space: Option<Space>, addr: u64) -> Option<(usize, u64)> {
        match space {
            None | Some(Space::Shared) => self.eng.cluster.window(addr),
            Some(_) => None,
        }
    }
}
