// gpgpusim_shim.cpp: how GPGPU-Sim's f16 `fma`/`mad` could compute through
// ptxfp, with the .ftz flag kept.
//
// GPGPU-Sim (src/cuda-sim/instructions.cc) evaluates the F16_TYPE case of
// mad_def/fma_impl as host arithmetic, `d.f16 = a.f16 * b.f16 + c.f16`:
// two roundings (the product, then the sum) under the host rounding mode
// set with fesetround, and the instruction's .ftz dropped when it is
// parsed. The shim below keeps what the decoder saw (rounding, .ftz,
// .sat, .relu), parses one ptxfp_op per distinct form the first time it is
// met, and evaluates with ptxfp_op_eval: one correctly rounded fma per
// thread with NVIDIA's NaN, flush and clamp rules, no rounding-mode state.
//
// The types below stand in for GPGPU-Sim's (ptx_reg_t, the rounding-mode
// options, ptx_instruction's accessors), so the file builds on its own:
//
//   c++ -std=c++17 -DPTXFP_SHIM_MAIN -Iinclude examples/cpp/gpgpusim_shim.cpp target/release/libptxfp_c.a -lpthread -ldl -lm
//
// In GPGPU-Sim, keep `.ftz` in ptx_instruction (it is parsed as
// FTZ_OPTION and then ignored), hold a PtxfpHalfFma in the core's
// functional model (or one per thread: it is 16 bytes per cached form),
// and call it from the F16_TYPE case of mad_def and fma_impl:
//
//   case F16_TYPE:
//     d.u16 = shim.fma(a.u16, b.u16, c.u16, pI->rounding_mode(),
//                      pI->ftz_mode(), pI->saturation_mode(), pI->relu_mode());
//     break;
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "ptxfp.h"

// GPGPU-Sim's rounding options (src/cuda-sim/ptx.y), for this example.
enum gpgpusim_rounding { RN_OPTION, RZ_OPTION, RM_OPTION, RP_OPTION };

// The f16 fma of one simulator: a ptxfp_op per (rounding, .ftz, .sat,
// .relu), parsed on first use for the simulated target and PTX version.
// Not shared mutable state in ptxfp: the cache is the simulator's own; give
// each simulator thread its own PtxfpHalfFma, or fill it before the threads
// start (ptxfp_op values may be read from any thread).
class PtxfpHalfFma {
  public:
    PtxfpHalfFma(const char *target, uint32_t ptx_version) : target_(target), ptx_(ptx_version) {}

    // d = a * b + c on binary16 register bits, rounded once.
    uint16_t fma(uint16_t a, uint16_t b, uint16_t c, int rounding, bool ftz, bool sat, bool relu) {
        const ptxfp_op &op = form(rounding, ftz, sat, relu);
        return (uint16_t)ptxfp_op_eval(op, a, b, c);
    }

  private:
    const ptxfp_op &form(int rounding, bool ftz, bool sat, bool relu) {
        int key = (rounding & 3) << 3 | ftz << 2 | sat << 1 | relu;
        if (!parsed_[key]) {
            static const char *rnd[] = {".rn", ".rz", ".rm", ".rp"};
            std::string text = std::string("fma") + rnd[rounding & 3] + (ftz ? ".ftz" : "") +
                               (sat ? ".sat" : "") + (relu ? ".relu" : "") + ".f16";
            char err[512];
            if (ptxfp_op_parse(text.c_str(), target_, ptx_, &ops_[key], err, sizeof err) != PTXFP_OK)
                throw std::invalid_argument(err);  // e.g. fma.rz.f16: PTX has .rn only
            parsed_[key] = true;
        }
        return ops_[key];
    }

    const char *target_;
    uint32_t ptx_;
    ptxfp_op ops_[32] = {};
    bool parsed_[32] = {};
};

#ifdef PTXFP_SHIM_MAIN
// Cases where GPGPU-Sim's arithmetic and the hardware differ, with
// ptxfp's results (NVIDIA's semantics: docs/NVIDIA.md, testdata/vectors).
int main() {
    PtxfpHalfFma shim("sm_90", 78);
    struct Case {
        const char *what;
        uint16_t a, b, c;
        bool ftz;
        uint16_t want;
        uint16_t two_roundings;  // the product rounded to binary16 first
    };
    const Case cases[] = {
        // 1.5 * 2 + 0.25 = 3.25: exact either way.
        {"exact", 0x3e00, 0x4000, 0x3400, false, 0x4280, 0x4280},
        // (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20, a subnormal; rounding the
        // product first (to 1 + 2^-9) gives 0.
        {"one rounding", 0x3c01, 0x3c01, 0xbc02, false, 0x0010, 0x0000},
        // The same under .ftz: the subnormal result is flushed to +0.
        {"one rounding .ftz", 0x3c01, 0x3c01, 0xbc02, true, 0x0000, 0x0000},
        // 2^-7 * 2^-8 = 2^-15, subnormal: kept without .ftz, flushed to +0
        // with it (GPGPU-Sim drops the .ftz and keeps it).
        {"subnormal", 0x2000, 0x1c00, 0x8000, false, 0x0200, 0x0200},
        {"subnormal .ftz", 0x2000, 0x1c00, 0x8000, true, 0x0000, 0x0200},
        // A subnormal input under .ftz is +0 before the operation.
        {"subnormal input", 0x0200, 0x3c00, 0x3c00, true, 0x3c00, 0x3c00},
    };
    int bad = 0;
    for (const Case &t : cases) {
        uint16_t got = shim.fma(t.a, t.b, t.c, RN_OPTION, t.ftz, false, false);
        std::printf("%-18s fma.rn%s.f16 %04x %04x %04x -> %04x (two roundings, no .ftz: %04x)%s\n",
                    t.what, t.ftz ? ".ftz" : "", t.a, t.b, t.c, got, t.two_roundings,
                    got == t.want ? "" : "  WRONG");
        bad += got != t.want;
    }
    try {
        shim.fma(0, 0, 0, RZ_OPTION, false, false, false);
        std::printf("fma.rz.f16 was accepted\n");
        bad++;
    } catch (const std::invalid_argument &e) {
        std::printf("fma.rz.f16 refused (PTX has fma.rn.f16 only)\n");
    }
    return bad != 0;
}
#endif
