/* run.c: run a PTX snippet through the interpreter (`ptxfp run`) and print
 * its registers, or its diagnostics as data. Build (docs/C_API.md):
 *
 *   cc -Iinclude examples/c/run.c target/release/libptxfp_c.a -lpthread -ldl -lm
 */
#include <inttypes.h>
#include <stdio.h>

#include "ptxfp.h"

static const char *snippet =
    ".version 8.1\n"
    ".target sm_90\n"
    ".reg .b16 a, b, c, d;\n"
    ".reg .f32 x, y;\n"
    "fma.rn.ftz.f16 d, a, b, c;\n"
    "cvt.f32.f16 x, d;\n"
    "mul.rn.f32 y, x, x;\n";

/* An error: bf16 fma needs sm_80; the snippet says sm_70. */
static const char *wrong =
    ".version 8.1\n"
    ".target sm_70\n"
    ".reg .b16 a, d;\n"
    "fma.rn.bf16 d, a, a, a;\n";

static int show(const char *ptx, const char *const *sets, size_t n_sets) {
    ptxfp_run *run = NULL;
    ptxfp_status st = ptxfp_run_ptx(ptx, sets, n_sets, NULL, NULL, 0, &run);
    printf("status %d (%s)\n", st, ptxfp_status_message(st));
    ptxfp_register r;
    for (size_t i = 0; ptxfp_run_register(run, i, &r); i++)
        printf("  %s = 0x%0*" PRIx64 "%s\n", r.name, (int)(r.width + 3) / 4, r.bits, r.written ? "" : " (given)");
    ptxfp_diagnostic d;
    for (size_t i = 0; ptxfp_run_diagnostic(run, i, &d); i++)
        printf("  %u:%u: %s: %s%s%s\n", d.line, d.column, d.is_error ? "error" : "warning", d.message,
               d.help ? "; help: " : "", d.help ? d.help : "");
    ptxfp_run_free(run);
    return st;
}

int main(void) {
    const char *sets[] = {"a=0x3c00", "b=0x4000", "c=0x3800"}; /* 1 * 2 + 0.5 */
    int ok = show(snippet, sets, 3) == PTXFP_OK;
    ok &= show(wrong, NULL, 0) == PTXFP_ERR_PROGRAM;
    return ok ? 0 : 1;
}
