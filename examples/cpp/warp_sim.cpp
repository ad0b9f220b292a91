// warp_sim.cpp: a small warp simulator over ptxfp. Each instruction is
// decoded once into a ptxfp_op; execution evaluates it per lane with
// ptxfp_op_eval (no allocation, cannot fail), as a GPU simulator's
// functional model would. Build (docs/C_API.md):
//
//   c++ -std=c++17 -Iinclude examples/cpp/warp_sim.cpp target/release/libptxfp_c.a -lpthread -ldl -lm
//
// It prints each instruction, then a few lanes' registers, then a checksum
// of all lanes' registers; it exits with 1 where ptxfp_op_run over the
// warp's registers disagrees with the per-lane calls.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "ptxfp.h"

namespace {

constexpr int kLanes = 32;
constexpr int kRegs = 16;

// One decoded instruction: the op, its destination and source registers.
struct Inst {
    std::string text;
    int dst;
    std::vector<int> src;
    ptxfp_op op;
};

// Decodes `text` once, for the module's target and PTX version.
Inst decode(const char *text, int dst, std::vector<int> src, const char *target, uint32_t ptx) {
    Inst in{text, dst, std::move(src), {}};
    char err[512];
    ptxfp_status st = ptxfp_op_parse(text, target, ptx, &in.op, err, sizeof err);
    if (st != PTXFP_OK) throw std::runtime_error(std::string(text) + ": " + err);
    if (ptxfp_op_arity(in.op) != in.src.size())
        throw std::runtime_error(std::string(text) + ": wrong operand count");
    return in;
}

struct Warp {
    uint64_t reg[kLanes][kRegs] = {};

    // Executes one instruction on every active lane.
    void step(const Inst &in, uint32_t active) {
        for (int lane = 0; lane < kLanes; lane++) {
            if (!(active >> lane & 1)) continue;
            uint64_t s[3] = {0, 0, 0};
            for (size_t k = 0; k < in.src.size(); k++) s[k] = reg[lane][in.src[k]];
            reg[lane][in.dst] = ptxfp_op_eval(in.op, s[0], s[1], s[2]);
        }
    }
};

// The same instruction over the warp's registers with ptxfp_op_run, each
// operand gathered into an array of its width; true where every lane agrees
// with `after` (the registers after Warp::step).
bool run_agrees(const Inst &in, const Warp &before, const Warp &after) {
    std::vector<std::vector<unsigned char>> cols(3);
    const void *p[3] = {nullptr, nullptr, nullptr};
    for (size_t k = 0; k < in.src.size(); k++) {
        size_t w = ptxfp_op_src_bits(in.op, (uint32_t)k) / 8;
        cols[k].resize(kLanes * w);
        for (int lane = 0; lane < kLanes; lane++)
            std::memcpy(&cols[k][lane * w], &before.reg[lane][in.src[k]], w);  // little-endian
        p[k] = cols[k].data();
    }
    size_t wd = ptxfp_op_dst_bits(in.op) / 8;
    std::vector<unsigned char> d(kLanes * wd);
    if (ptxfp_op_run(in.op, p[0], p[1], p[2], d.data(), kLanes, 1) != PTXFP_OK) return false;
    for (int lane = 0; lane < kLanes; lane++) {
        uint64_t v = 0;
        std::memcpy(&v, &d[lane * wd], wd);
        if (v != after.reg[lane][in.dst]) return false;
    }
    return true;
}

}  // namespace

int main() {
    try {
        // .target sm_90, .version 7.8: a short kernel body, decoded once.
        const char *target = "sm_90";
        const uint32_t ptx = 78;
        std::vector<Inst> prog;
        prog.push_back(decode("mul.rn.f32", 2, {0, 1}, target, ptx));        // r2 = r0 * r1
        prog.push_back(decode("fma.rn.f32", 3, {2, 0, 1}, target, ptx));     // r3 = r2 * r0 + r1
        prog.push_back(decode("cvt.rn.f16.f32", 4, {3}, target, ptx));       // h4 = (f16) r3
        prog.push_back(decode("fma.rn.ftz.f16", 5, {4, 4, 4}, target, ptx)); // h5 = h4 * h4 + h4
        prog.push_back(decode("setp.lt.f32", 6, {3, 0}, target, ptx));       // p6 = r3 < r0
        prog.push_back(decode("selp.f32", 7, {2, 3, 6}, target, ptx));       // r7 = p6 ? r2 : r3
        prog.push_back(decode("sqrt.rn.f32", 8, {7}, target, ptx));          // r8 = sqrt(r7)
        prog.push_back(decode("add.u32", 9, {8, 0}, target, ptx));           // r9 = r8 + r0 (bits)

        Warp warp;
        for (int lane = 0; lane < kLanes; lane++) {
            float a = 0.75f + 0.125f * lane, b = (lane % 2 ? -1.0f : 1.0f) * (1.5f + lane);
            uint32_t ua, ub;
            std::memcpy(&ua, &a, 4);
            std::memcpy(&ub, &b, 4);
            warp.reg[lane][0] = ua;
            warp.reg[lane][1] = ub;
        }
        bool ok = true;
        for (const Inst &in : prog) {
            char text[64];
            ptxfp_op_text(in.op, text, sizeof text);
            Warp before = warp;
            warp.step(in, 0xffffffffu);
            bool agree = run_agrees(in, before, warp);
            ok = ok && agree;
            std::printf("%-16s r%d <- %zu source(s)%s\n", text, in.dst, in.src.size(),
                        agree ? "" : "  (ptxfp_op_run DISAGREES)");
        }
        for (int lane : {0, 1, 17, 31}) {
            std::printf("lane %2d:", lane);
            for (int r = 0; r < 10; r++) std::printf(" %" PRIx64, warp.reg[lane][r]);
            std::printf("\n");
        }
        uint64_t sum = 0;
        for (auto &lane : warp.reg)
            for (uint64_t v : lane) sum = sum * 31 + v;
        std::printf("checksum %016" PRIx64 "\n", sum);
        return ok ? 0 : 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "warp_sim: %s\n", e.what());
        return 2;
    }
}
