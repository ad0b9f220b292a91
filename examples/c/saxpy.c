/* saxpy.c: run a whole kernel (2 CTAs of 32 threads) with
 * ptxfp_run_kernel and read back the memory it wrote. Build
 * (docs/C_API.md):
 *
 *   cc -Iinclude examples/c/saxpy.c target/release/libptxfp_c.a -lpthread -ldl -lm
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptxfp.h"

/* y[i] = a * x[i] + y[i], one thread per element, as nvcc would emit it. */
static const char *saxpy =
    ".version 8.0\n"
    ".target sm_80\n"
    ".address_size 64\n"
    ".visible .entry saxpy(.param .f32 a, .param .u64 x, .param .u64 y)\n"
    "{\n"
    "    .reg .b32 %r<4>;\n"
    "    .reg .f32 %f<4>;\n"
    "    .reg .b64 %rd<6>;\n"
    "    ld.param.f32 %f1, [a];\n"
    "    ld.param.u64 %rd1, [x];\n"
    "    ld.param.u64 %rd2, [y];\n"
    "    mov.u32 %r1, %ctaid.x;\n"
    "    mov.u32 %r2, %ntid.x;\n"
    "    mov.u32 %r3, %tid.x;\n"
    "    mad.lo.u32 %r1, %r1, %r2, %r3;\n"
    "    mul.wide.u32 %rd3, %r1, 4;\n"
    "    add.u64 %rd4, %rd1, %rd3;\n"
    "    add.u64 %rd5, %rd2, %rd3;\n"
    "    ld.global.f32 %f2, [%rd4];\n"
    "    ld.global.f32 %f3, [%rd5];\n"
    "    fma.rn.f32 %f3, %f1, %f2, %f3;\n"
    "    st.global.f32 [%rd5], %f3;\n"
    "    ret;\n"
    "}\n";

#define N 64

int main(void) {
    float x[N], y[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    /* The kernel's parameters, and its arrays at two addresses. */
    const char *sets[] = {"a=2.0", "x=0x10000", "y=0x20000"};
    const ptxfp_mem mems[] = {
        {"0x10000", (const uint8_t *)x, sizeof x},
        {"0x20000", (const uint8_t *)y, sizeof y},
    };
    ptxfp_launch l;
    memset(&l, 0, sizeof l); /* every field's default */
    l.struct_size = sizeof l;
    l.grid[0] = 2;
    l.block[0] = N / 2;

    ptxfp_run *run = NULL;
    ptxfp_status st = ptxfp_run_kernel(saxpy, sets, 3, mems, 2, &l, NULL, NULL, 0, &run);
    printf("status %d (%s)\n", st, ptxfp_status_message(st));
    if (st != PTXFP_OK) {
        ptxfp_diagnostic d;
        for (size_t i = 0; ptxfp_run_diagnostic(run, i, &d); i++)
            printf("  %u:%u: %s\n", d.line, d.column, d.message);
        ptxfp_run_free(run);
        return 1;
    }
    /* The ranges written, then y read back by its address. */
    ptxfp_mem_range r;
    for (size_t i = 0; ptxfp_run_memory(run, i, &r); i++)
        printf("  wrote %zu bytes at 0x%llx\n", r.len, (unsigned long long)r.address);
    float out[N];
    size_t n = ptxfp_run_memory_read(run, 0x20000, (uint8_t *)out, sizeof out);
    printf("  read %zu of %zu bytes: y[0] = %g, y[1] = %g, y[63] = %g\n", n, sizeof out, out[0], out[1], out[63]);
    ptxfp_run_free(run);
    return n == sizeof out ? 0 : 1;
}
