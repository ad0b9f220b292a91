//! The CUDA driver, loaded at run time through cudarc.
//!
//! [`open`] checks that `libcuda.so` can be loaded BEFORE any other cudarc
//! call: cudarc panics on a missing library otherwise.

use std::sync::Arc;

use rayon::prelude::*;

use cudarc::driver::{CudaContext, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};
use ptxfp::sweep;
use ptxfp::{PtxType, Target};

use crate::kernel::{grid, storage_bits, BLOCK, ENTRY};
use crate::record::GpuInfo;

/// What can go wrong talking to the GPU.
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    /// No CUDA driver library on this machine.
    #[error(
        "no CUDA driver found: could not load libcuda.so (libcuda.so.1, nvcuda.dll). \
         `ptxfp hw` needs an NVIDIA GPU and its driver; if one is installed, add the \
         directory holding libcuda.so to LD_LIBRARY_PATH"
    )]
    NoDriver,
    /// A driver call failed.
    #[error("CUDA driver: {what}: {error}")]
    Driver {
        /// What we were doing.
        what: String,
        /// The driver's error code.
        error: cudarc::driver::DriverError,
    },
    /// The buffers given do not fit the kernel.
    #[error("{0}")]
    Usage(String),
}

pub(crate) fn driver(
    what: impl Into<String>,
) -> impl FnOnce(cudarc::driver::DriverError) -> GpuError {
    let what = what.into();
    move |error| GpuError::Driver { what, error }
}

/// True when the CUDA driver library can be loaded.
pub fn driver_present() -> bool {
    // SAFETY: `is_culib_present` only tries `dlopen` on the candidate names
    // and drops what it opened; loading libcuda runs its initialisers, which
    // is what every CUDA program does.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// What the harness needs from a device: [`Gpu`], or in tests
/// [`crate::model::ModelDevice`] (ptxfp itself, never a GPU).
pub trait Device {
    /// A loaded kernel.
    type Kernel;
    /// Name, sm and driver version.
    fn info(&self) -> &GpuInfo;
    /// The device's compute capability as a target.
    fn target(&self) -> Target;
    /// Compiles a generated kernel.
    fn load(&self, ptx: &str) -> Result<Self::Kernel, GpuError>;
    /// Runs a buffer kernel over operand columns; returns `d` per case.
    fn run_loaded(
        &self,
        kernel: &Self::Kernel,
        dest: PtxType,
        srcs: &[PtxType],
        cols: &[Vec<u64>],
    ) -> Result<Vec<u64>, GpuError>;
    /// Runs an index kernel for global indices `base .. base + n`.
    fn run_index(
        &self,
        kernel: &Self::Kernel,
        dest: PtxType,
        base: u64,
        n: u32,
    ) -> Result<Vec<u64>, GpuError>;
    /// [`Device::run_index`]'s results as ptxfp sweep's chunk digests:
    /// `base` is a multiple of [`sweep::CHUNK`], and the j-th digest is
    /// chunk `base / CHUNK + j`'s, over the destination's register width.
    /// A device may digest its results where they are, without the `u64`
    /// copy (a 2^32 sweep is 32 GiB of them).
    fn run_index_digests(
        &self,
        kernel: &Self::Kernel,
        dest: PtxType,
        base: u64,
        n: u32,
    ) -> Result<Vec<u64>, GpuError> {
        let got = self.run_index(kernel, dest, base, n)?;
        Ok(digest_chunks(dest, base, &got))
    }
}

/// ptxfp sweep's chunk digests of `results`, held as `u64`, at the
/// destination's register width; the first result is stream result `base`
/// (a multiple of [`sweep::CHUNK`]). The chunks on every core.
pub fn digest_chunks(dest: PtxType, base: u64, results: &[u64]) -> Vec<u64> {
    debug_assert_eq!(base % sweep::CHUNK as u64, 0);
    let first = base / sweep::CHUNK as u64;
    results
        .par_chunks(sweep::CHUNK)
        .enumerate()
        .map(|(j, c)| chunk_digest(dest, first + j as u64, c))
        .collect()
}

/// The sweep digest of chunk `c`, whose results are held as `u64`, at the
/// destination's register width.
pub fn chunk_digest(dest: PtxType, c: u64, results: &[u64]) -> u64 {
    match storage_bits(dest) {
        16 => sweep::chunk_digest(c, &results.iter().map(|&v| v as u16).collect::<Vec<_>>()),
        32 => sweep::chunk_digest(c, &results.iter().map(|&v| v as u32).collect::<Vec<_>>()),
        _ => sweep::chunk_digest(c, results),
    }
}

/// The chunk digests of results already at their register width.
fn digests_of<T: sweep::ResultBits + Sync>(base: u64, results: &[T]) -> Vec<u64> {
    debug_assert_eq!(base % sweep::CHUNK as u64, 0);
    let first = base / sweep::CHUNK as u64;
    results
        .par_chunks(sweep::CHUNK)
        .enumerate()
        .map(|(j, c)| sweep::chunk_digest(first + j as u64, c))
        .collect()
}

impl Device for Gpu {
    type Kernel = Kernel;
    fn info(&self) -> &GpuInfo {
        &self.info
    }
    fn target(&self) -> Target {
        self.target
    }
    fn load(&self, ptx: &str) -> Result<Kernel, GpuError> {
        Gpu::load(self, ptx)
    }
    fn run_loaded(
        &self,
        kernel: &Kernel,
        dest: PtxType,
        srcs: &[PtxType],
        cols: &[Vec<u64>],
    ) -> Result<Vec<u64>, GpuError> {
        Gpu::run_loaded(self, kernel, dest, srcs, cols)
    }
    fn run_index(
        &self,
        kernel: &Kernel,
        dest: PtxType,
        base: u64,
        n: u32,
    ) -> Result<Vec<u64>, GpuError> {
        Gpu::run_index(self, kernel, dest, base, n)
    }
    fn run_index_digests(
        &self,
        kernel: &Kernel,
        dest: PtxType,
        base: u64,
        n: u32,
    ) -> Result<Vec<u64>, GpuError> {
        let out = self.launch_index(kernel, dest, base, n)?;
        let what = || driver("copying results from the device");
        Ok(match &out {
            Buf::B16(b) => digests_of(base, &self.stream.clone_dtoh(b).map_err(what())?),
            Buf::B32(b) => digests_of(base, &self.stream.clone_dtoh(b).map_err(what())?),
            Buf::B64(b) => digests_of(base, &self.stream.clone_dtoh(b).map_err(what())?),
        })
    }
}

/// An open device: its context, a stream, and what it is.
pub struct Gpu {
    pub(crate) ctx: Arc<CudaContext>,
    pub(crate) stream: Arc<CudaStream>,
    /// Name, sm and driver version.
    pub info: GpuInfo,
    /// The device's compute capability as a target (`sm_90`).
    pub target: Target,
}

/// Opens device `ordinal`, or says that there is no driver.
pub fn open(ordinal: usize) -> Result<Gpu, GpuError> {
    if !driver_present() {
        return Err(GpuError::NoDriver);
    }
    let ctx = CudaContext::new(ordinal).map_err(driver(format!("opening device {ordinal}")))?;
    let name = ctx.name().map_err(driver("reading the device name"))?;
    let (major, minor) = ctx
        .compute_capability()
        .map_err(driver("reading the compute capability"))?;
    let mut version = 0i32;
    // SAFETY: cuDriverGetVersion writes one int through a valid pointer; the
    // library is loaded (checked above) and initialised by CudaContext::new.
    unsafe { cudarc::driver::sys::cuDriverGetVersion(&mut version) }
        .result()
        .map_err(driver("reading the driver version"))?;
    let sm = (major * 10 + minor) as u16;
    let stream = ctx.default_stream();
    Ok(Gpu {
        info: GpuInfo {
            name,
            sm: format!("sm_{sm}"),
            driver_version: format!("{}.{}", version / 1000, version % 1000 / 10),
        },
        target: Target::sm(sm),
        ctx,
        stream,
    })
}

/// The JIT's error log for `ptx` (`cuModuleLoadDataEx` with
/// `CU_JIT_ERROR_LOG_BUFFER`), or a note that there is none.
pub(crate) fn jit_log(ptx: &str) -> String {
    use cudarc::driver::sys;
    let Ok(src) = std::ffi::CString::new(ptx) else {
        return "the kernel text holds a NUL byte".into();
    };
    let mut log = vec![0u8; 16 * 1024];
    let mut options = [
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
        sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
    ];
    let mut values = [
        log.as_mut_ptr().cast::<core::ffi::c_void>(),
        // The size option's value is passed in the pointer itself.
        log.len() as *mut core::ffi::c_void,
    ];
    let mut module: sys::CUmodule = core::ptr::null_mut();
    // SAFETY: `src` is a NUL-terminated PTX image alive for the call; the two
    // options point at a writable buffer of the size given; the context is
    // current (the failed load_module bound it). A module that loads after all
    // is unloaded at once.
    let result = unsafe {
        let r = sys::cuModuleLoadDataEx(
            &mut module,
            src.as_ptr().cast(),
            options.len() as u32,
            options.as_mut_ptr(),
            values.as_mut_ptr(),
        );
        if r == sys::CUresult::CUDA_SUCCESS {
            let _ = sys::cuModuleUnload(module);
        }
        r
    };
    let end = log.iter().position(|b| *b == 0).unwrap_or(log.len());
    let text = String::from_utf8_lossy(&log[..end]).into_owned();
    if text.trim().is_empty() {
        format!("no log ({result:?})")
    } else {
        text
    }
}

/// A JIT-compiled kernel, ready to launch.
pub struct Kernel(cudarc::driver::CudaFunction);

/// A device buffer of one operand's width.
enum Buf {
    B16(CudaSlice<u16>),
    B32(CudaSlice<u32>),
    B64(CudaSlice<u64>),
}

impl Gpu {
    fn upload(&self, t: PtxType, values: &[u64]) -> Result<Buf, GpuError> {
        let what = || driver("copying operands to the device");
        Ok(match storage_bits(t) {
            16 => Buf::B16(
                self.stream
                    .clone_htod(&values.iter().map(|v| *v as u16).collect::<Vec<_>>())
                    .map_err(what())?,
            ),
            32 => Buf::B32(
                self.stream
                    .clone_htod(&values.iter().map(|v| *v as u32).collect::<Vec<_>>())
                    .map_err(what())?,
            ),
            _ => Buf::B64(self.stream.clone_htod(values).map_err(what())?),
        })
    }

    fn alloc(&self, t: PtxType, n: usize) -> Result<Buf, GpuError> {
        let what = || driver(format!("allocating {n} results"));
        Ok(match storage_bits(t) {
            16 => Buf::B16(self.stream.alloc_zeros(n).map_err(what())?),
            32 => Buf::B32(self.stream.alloc_zeros(n).map_err(what())?),
            _ => Buf::B64(self.stream.alloc_zeros(n).map_err(what())?),
        })
    }

    fn download(&self, buf: &Buf) -> Result<Vec<u64>, GpuError> {
        let what = || driver("copying results from the device");
        Ok(match buf {
            Buf::B16(b) => self
                .stream
                .clone_dtoh(b)
                .map_err(what())?
                .into_par_iter()
                .map(u64::from)
                .collect(),
            Buf::B32(b) => self
                .stream
                .clone_dtoh(b)
                .map_err(what())?
                .into_par_iter()
                .map(u64::from)
                .collect(),
            Buf::B64(b) => self.stream.clone_dtoh(b).map_err(what())?,
        })
    }

    /// JIT-compiles `ptx` and finds its entry [`ENTRY`]. When the driver
    /// rejects the text, the error carries the JIT's own log.
    pub fn load(&self, ptx: &str) -> Result<Kernel, GpuError> {
        let module = match self.ctx.load_module(cudarc::nvrtc::Ptx::from_src(ptx)) {
            Ok(m) => m,
            Err(error) => {
                return Err(GpuError::Driver {
                    what: format!(
                        "JIT-compiling the generated kernel (cuModuleLoadData); the JIT says: {}; \
                         print the kernel with `ptxfp hw kernel FORM`",
                        jit_log(ptx).trim()
                    ),
                    error,
                })
            }
        };
        module
            .load_function(ENTRY)
            .map(Kernel)
            .map_err(driver("finding the kernel entry"))
    }

    /// Loads `ptx` and runs it once with [`Gpu::run_loaded`].
    pub fn run_buffers(
        &self,
        ptx: &str,
        dest: PtxType,
        srcs: &[PtxType],
        cols: &[Vec<u64>],
    ) -> Result<Vec<u64>, GpuError> {
        let k = self.load(ptx)?;
        self.run_loaded(&k, dest, srcs, cols)
    }

    /// Runs a loaded [`crate::kernel::buffer_kernel`] (or mixed equivalence
    /// kernel) over operand columns (`cols[k][i]` is source `k` of case `i`)
    /// and returns `d` for every case.
    pub fn run_loaded(
        &self,
        kernel: &Kernel,
        dest: PtxType,
        srcs: &[PtxType],
        cols: &[Vec<u64>],
    ) -> Result<Vec<u64>, GpuError> {
        let n = cols.first().map_or(0, Vec::len);
        if cols.len() != srcs.len() || cols.iter().any(|c| c.len() != n) {
            return Err(GpuError::Usage(
                "operand columns do not match the form's sources".into(),
            ));
        }
        let n32 = u32::try_from(n)
            .map_err(|_| GpuError::Usage(format!("{n} cases in one launch: at most 2^32 - 1")))?;
        if n == 0 {
            return Ok(Vec::new());
        }
        let f = &kernel.0;
        let bufs = srcs
            .iter()
            .zip(cols)
            .map(|(t, c)| self.upload(*t, c))
            .collect::<Result<Vec<_>, _>>()?;
        let mut out = self.alloc(dest, n)?;
        let cfg = LaunchConfig {
            grid_dim: (grid(n32), 1, 1),
            block_dim: (BLOCK, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut launch = self.stream.launch_builder(f);
        push(&mut launch, &mut out);
        for b in &bufs {
            push_ref(&mut launch, b);
        }
        launch.arg(&n32);
        // SAFETY: the kernel's parameters are (d, a, b[, c], n) as pushed: device
        // pointers to arrays of n elements of each operand's width, and n; every
        // thread with index >= n returns before touching memory.
        unsafe { launch.launch(cfg) }.map_err(driver("launching the kernel"))?;
        self.download(&out)
    }

    /// Runs a loaded kernel whose parameters are one pointer per input
    /// array and then one to the output (`ptxfp hw mma`'s `(a, b, c, d)`),
    /// with `grid` blocks of `block` threads, and returns the output's
    /// `out_len` bytes (zeroed before the launch).
    pub fn run_bytes(
        &self,
        kernel: &Kernel,
        inputs: &[&[u8]],
        out_len: usize,
        grid: u32,
        block: u32,
    ) -> Result<Vec<u8>, GpuError> {
        let bufs = inputs
            .iter()
            .map(|b| {
                self.stream
                    .clone_htod(*b)
                    .map_err(driver("copying operands to the device"))
            })
            .collect::<Result<Vec<CudaSlice<u8>>, _>>()?;
        let mut out: CudaSlice<u8> = self
            .stream
            .alloc_zeros(out_len.max(1))
            .map_err(driver(format!("allocating {out_len} result bytes")))?;
        let cfg = LaunchConfig {
            grid_dim: (grid, 1, 1),
            block_dim: (block, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut launch = self.stream.launch_builder(&kernel.0);
        for b in &bufs {
            launch.arg(b);
        }
        launch.arg(&mut out);
        // SAFETY: the kernel's parameters are the input pointers and then the
        // output pointer, as pushed; the caller sizes each array for every
        // thread of `grid` × `block` (crate::mma: per-thread registers).
        unsafe { launch.launch(cfg) }.map_err(driver("launching the kernel"))?;
        let mut bytes = self
            .stream
            .clone_dtoh(&out)
            .map_err(driver("copying results from the device"))?;
        bytes.truncate(out_len);
        Ok(bytes)
    }

    /// Runs a loaded [`crate::kernel::index_kernel`] for global indices
    /// `base .. base + n` and returns `d` for each.
    pub fn run_index(
        &self,
        kernel: &Kernel,
        dest: PtxType,
        base: u64,
        n: u32,
    ) -> Result<Vec<u64>, GpuError> {
        let out = self.launch_index(kernel, dest, base, n)?;
        self.download(&out)
    }

    /// Launches an index kernel; the results stay on the device.
    fn launch_index(
        &self,
        kernel: &Kernel,
        dest: PtxType,
        base: u64,
        n: u32,
    ) -> Result<Buf, GpuError> {
        let f = &kernel.0;
        let mut out = self.alloc(dest, n as usize)?;
        let cfg = LaunchConfig {
            grid_dim: (grid(n), 1, 1),
            block_dim: (BLOCK, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut launch = self.stream.launch_builder(f);
        push(&mut launch, &mut out);
        launch.arg(&base);
        launch.arg(&n);
        // SAFETY: parameters (d, base, n) as pushed; d holds n elements of the
        // destination's width; threads with index >= n return at once.
        unsafe { launch.launch(cfg) }.map_err(driver("launching the kernel"))?;
        Ok(out)
    }
}

fn push<'a>(launch: &mut cudarc::driver::LaunchArgs<'a>, buf: &'a mut Buf) {
    match buf {
        Buf::B16(b) => launch.arg(b),
        Buf::B32(b) => launch.arg(b),
        Buf::B64(b) => launch.arg(b),
    };
}

fn push_ref<'a>(launch: &mut cudarc::driver::LaunchArgs<'a>, buf: &'a Buf) {
    match buf {
        Buf::B16(b) => launch.arg(b),
        Buf::B32(b) => launch.arg(b),
        Buf::B64(b) => launch.arg(b),
    };
}
