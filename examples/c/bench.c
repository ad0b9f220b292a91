/* bench.c: ptxfp_op_eval calls per second beside a call through a function
 * pointer to the C library's fmaf and (built with -DPTXFP_BENCH_SOFTFLOAT)
 * Berkeley SoftFloat's f16_mulAdd / f32_mulAdd; then ptxfp_op_run over
 * arrays. docs/C_API.md "Benchmark" gives the build lines; BENCHMARKS.md
 * "C API" the numbers.
 *
 *   cc -O2 -Iinclude examples/c/bench.c target/release/libptxfp_c.a -lpthread -ldl -lm
 *   ./a.out [calls]
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ptxfp.h"

#ifdef PTXFP_BENCH_SOFTFLOAT
#include "softfloat.h"
#endif

#define N 4096 /* operands per pass: in L1, so the call is what is timed */

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

enum fmt { F16, BF16, F32, F64 };

/* Finite normal operands near 1 (random sign and significand), so that no
 * implementation takes a special-case shortcut. */
static uint64_t operand(enum fmt f) {
    uint64_t r = next();
    switch (f) {
    case F16: return (r & 0x83ff) | (uint64_t)(13 + (r >> 20) % 5) << 10;
    case BF16: return (r & 0x807f) | (uint64_t)(125 + (r >> 20) % 5) << 7;
    case F32: return (r & 0x807fffff) | (uint64_t)(125 + (r >> 40) % 5) << 23;
    default: return (r & 0x800fffffffffffffull) | (uint64_t)(1021 + (r >> 52) % 5) << 52;
    }
}

static uint64_t A[N], B[N], C[N];

static void fill(enum fmt f) {
    for (int i = 0; i < N; i++) {
        A[i] = operand(f);
        B[i] = operand(f);
        C[i] = operand(f);
    }
}

/* Best of 3 runs of `calls` calls of the statement, as calls per second. */
#define TIME(best, calls, ...)                                                 \
    do {                                                                       \
        best = 0;                                                              \
        for (int run = 0; run < 3; run++) {                                    \
            double t0 = now();                                                 \
            for (long k = 0; k < (calls) / N; k++)                             \
                for (int i = 0; i < N; i++) { __VA_ARGS__; }                   \
            double rate_ = (double)((calls) / N * N) / (now() - t0);           \
            if (rate_ > best) best = rate_;                                    \
        }                                                                      \
    } while (0)

static float (*volatile fmaf_ptr)(float, float, float) = fmaf;

static float f32_of(uint64_t b) { uint32_t u = (uint32_t)b; float f; memcpy(&f, &u, 4); return f; }

int main(int argc, char **argv) {
    long calls = argc > 1 ? atol(argv[1]) : 50000000L;
    size_t run_n = argc > 2 ? (size_t)atol(argv[2]) : (size_t)1 << 24;
    printf("ptxfp %s, C API %u\n", ptxfp_version(), ptxfp_api_version());
    const char *forms[] = {"fma.rn.f16", "fma.rn.bf16", "mad.rn.f32", "fma.rn.f64", "fma.rn.ftz.f16x2"};
    const enum fmt fmts[] = {F16, BF16, F32, F64, F32 /* two f16 lanes: random bits */};
    volatile uint64_t sink = 0;
    for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
        ptxfp_op op;
        char err[512];
        if (ptxfp_op_parse(forms[f], NULL, 0, &op, err, sizeof err) != PTXFP_OK) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        fill(fmts[f]);
        uint64_t acc = 0;
        double r;
        TIME(r, calls, acc ^= ptxfp_op_eval(op, A[i], B[i], C[i]));
        sink ^= acc;
        printf("ptxfp_op_eval %-18s %7.1f M calls/s\n", forms[f], r / 1e6);
    }
    {
        fill(F32);
        float acc = 0;
        double r;
        TIME(r, calls, acc += fmaf_ptr(f32_of(A[i]), f32_of(B[i]), f32_of(C[i])));
        sink ^= (uint64_t)acc;
        printf("libm fmaf (function pointer)    %7.1f M calls/s\n", r / 1e6);
    }
#ifdef PTXFP_BENCH_SOFTFLOAT
    {
        fill(F16);
        uint64_t acc = 0;
        softfloat_roundingMode = softfloat_round_near_even;
        double r;
        TIME(r, calls, {
            float16_t a = {(uint16_t)A[i]}, b = {(uint16_t)B[i]}, c = {(uint16_t)C[i]};
            acc ^= f16_mulAdd(a, b, c).v;
        });
        sink ^= acc;
        printf("SoftFloat f16_mulAdd            %7.1f M calls/s\n", r / 1e6);
        fill(F32);
        TIME(r, calls, {
            float32_t a = {(uint32_t)A[i]}, b = {(uint32_t)B[i]}, c = {(uint32_t)C[i]};
            acc ^= f32_mulAdd(a, b, c).v;
        });
        sink ^= acc;
        printf("SoftFloat f32_mulAdd            %7.1f M calls/s\n", r / 1e6);
    }
#endif
    /* ptxfp_op_run over arrays of 2^24 registers (or argv[2]), all cores
     * and one. */
    {
        const size_t n = run_n;
        const char *rforms[] = {"fma.rn.f16", "fma.rn.bf16", "mad.rn.f32"};
        const enum fmt rfmts[] = {F16, BF16, F32};
        for (size_t f = 0; f < 3; f++) {
            ptxfp_op op;
            ptxfp_op_parse(rforms[f], NULL, 0, &op, NULL, 0);
            int w = (int)ptxfp_op_src_bits(op, 0) / 8;
            unsigned char *a = malloc(n * w), *b = malloc(n * w), *c = malloc(n * w), *d = malloc(n * w);
            for (size_t i = 0; i < n; i++) {
                uint64_t x = operand(rfmts[f]), y = operand(rfmts[f]), z = operand(rfmts[f]);
                memcpy(a + i * w, &x, w);
                memcpy(b + i * w, &y, w);
                memcpy(c + i * w, &z, w);
            }
            for (uint32_t threads = 0; threads < 2; threads++) {
                double best = 0;
                for (int run = 0; run < 3; run++) {
                    double t0 = now();
                    if (ptxfp_op_run(op, a, b, c, d, n, threads) != PTXFP_OK) return 1;
                    double r = n / (now() - t0);
                    if (r > best) best = r;
                }
                printf("ptxfp_op_run  %-18s %7.1f M values/s (threads=%u)\n", rforms[f], best / 1e6,
                       threads);
            }
            free(a); free(b); free(c); free(d);
        }
    }
    return (int)(sink & 0);
}
