/* eval.c: parse a few PTX instructions once, evaluate them on register
 * bits, print the results. docs/C_API.md gives the build lines, e.g.
 *
 *   cc -Iinclude examples/c/eval.c target/release/libptxfp_c.a -lpthread -ldl -lm
 *
 * Each output line is `FORM OPERAND... RESULT` in hex, as the vector files
 * under testdata/vectors write them.
 */
#include <inttypes.h>
#include <stdio.h>

#include "ptxfp.h"

struct example {
    const char *form;
    const char *target; /* NULL: sm_100 */
    uint32_t ptx;       /* 0: the newest */
    uint64_t src[3];
};

static const struct example examples[] = {
    /* 1.5 * 2 + 0.25 in binary16 */
    {"fma.rn.f16", NULL, 0, {0x3e00, 0x4000, 0x3400}},
    /* .ftz flushes the subnormal result of 2^-14 * 0.5 to +0 */
    {"mul.rn.ftz.f16", NULL, 0, {0x0400, 0x3800, 0}},
    {"mul.rn.f16", NULL, 0, {0x0400, 0x3800, 0}},
    /* bfloat16: 1 * 2 + (-3) = -1; .relu makes it +0 */
    {"fma.rn.relu.bf16", NULL, 0, {0x3f80, 0x4000, 0xc040}},
    /* binary32 mad rounded toward zero; sm_20 and later */
    {"mad.rz.f32", "sm_90", 78, {0x3f800001, 0x3f800001, 0xb3800000}},
    /* a packed pair: both lanes at once */
    {"add.rn.f16x2", NULL, 0, {0x3c003c00, 0x40003800, 0}},
    /* mixed precision: f16 a, b, f32 c */
    {"fma.rn.f32.f16", NULL, 0, {0x3c00, 0x3c00, 0x3f800000}},
    /* not only floats: integer, conversion, comparison */
    {"add.u32", NULL, 0, {0xffffffff, 2, 0}},
    {"cvt.rn.f16.f32", NULL, 0, {0x3f8ccccd, 0, 0}},
    {"setp.lt.f32", NULL, 0, {0x3f800000, 0x40000000, 0}},
};

int main(void) {
    printf("# ptxfp %s\n", ptxfp_version());
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) {
        const struct example *e = &examples[i];
        ptxfp_op op;
        char err[256];
        ptxfp_status st = ptxfp_op_parse(e->form, e->target, e->ptx, &op, err, sizeof err);
        if (st != PTXFP_OK) {
            fprintf(stderr, "%s: %s (status %d)\n%s\n", e->form, ptxfp_status_message(st), st, err);
            return 1;
        }
        uint64_t d = ptxfp_op_eval(op, e->src[0], e->src[1], e->src[2]);
        printf("%s", e->form);
        for (uint32_t k = 0; k < ptxfp_op_arity(op); k++) {
            printf(" %0*" PRIx64, (int)ptxfp_op_src_bits(op, k) / 4, e->src[k]);
        }
        printf(" %0*" PRIx64 "\n", (int)ptxfp_op_dst_bits(op) / 4, d);
    }
    /* An error: the message is the command line's. */
    ptxfp_op op;
    char err[512];
    ptxfp_status st = ptxfp_op_parse("fma.rn.bf16", "sm_70", 0, &op, err, sizeof err);
    printf("# fma.rn.bf16 on sm_70: status %d (%s)\n# %s\n", st, ptxfp_status_message(st), err);
    return st == PTXFP_ERR_UNAVAILABLE ? 0 : 1;
}
