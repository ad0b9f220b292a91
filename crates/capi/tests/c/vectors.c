/* vectors.c: checks ptxfp_op_eval and ptxfp_op_run against a vector file
 * of testdata/vectors (`FORM OPERAND... EXPECTED` in hex; a `# run:` line
 * gives --target, --device and --ptx). Run by crates/capi/tests/c_api.rs.
 *
 *   vectors FILE   prints `checked N` and exits 0, or prints each mismatch
 *                  and exits 1.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxfp.h"

#define MAX_LINES 200000

struct vec {
    char form[64];
    uint64_t src[3];
    int nsrc;
    uint64_t want;
};

static struct vec v[MAX_LINES];

/* Stores the low `bytes` bytes of x at p (little-endian host). */
static void put(unsigned char *p, uint64_t x, int bytes) { memcpy(p, &x, (size_t)bytes); }
static uint64_t get(const unsigned char *p, int bytes) {
    uint64_t x = 0;
    memcpy(&x, p, (size_t)bytes);
    return x;
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    FILE *f = fopen(argv[1], "r");
    if (!f) return 2;
    char target[32] = "sm_100", device[32] = "", line[512];
    uint32_t ptx = 0;
    size_t n = 0;
    int bad = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "# run:", 6) == 0) {
            char *t = strstr(line, "--target "), *d = strstr(line, "--device "), *p = strstr(line, "--ptx ");
            if (t) sscanf(t + 9, "%31s", target);
            if (d) sscanf(d + 9, "%31s", device);
            if (p) {
                unsigned maj = 0, min = 0;
                sscanf(p + 6, "%u.%u", &maj, &min);
                ptx = maj * 10 + min;
            }
            continue;
        }
        if (line[0] == '#' || line[0] == '\n') continue;
        char *tok = strtok(line, " \t\n");
        if (!tok || n == MAX_LINES) continue;
        uint64_t x[4];
        int k = 0;
        snprintf(v[n].form, sizeof v[n].form, "%s", tok);
        while ((tok = strtok(NULL, " \t\n")) && k < 4) x[k++] = strtoull(tok, NULL, 16);
        if (k < 2) continue;
        memset(v[n].src, 0, sizeof v[n].src);
        for (int j = 0; j < k - 1; j++) v[n].src[j] = x[j];
        v[n].nsrc = k - 1;
        v[n].want = x[k - 1];
        n++;
    }
    fclose(f);
    /* Per form: the handle, each vector through ptxfp_op_eval, then the
     * form's vectors as arrays through ptxfp_op_run (all cores, one). */
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && strcmp(v[j].form, v[i].form) == 0 && v[j].nsrc == v[i].nsrc) j++;
        ptxfp_op op;
        char err[1024];
        ptxfp_status st = ptxfp_op_parse_on(v[i].form, target, device[0] ? device : NULL, ptx, &op, err,
                                            sizeof err);
        /* `min.f32 A B C R`: the three-input form, which the text names
         * with its operands (PTX ISA 9.7.3.11). */
        if (st == PTXFP_OK && v[i].nsrc == 3 && ptxfp_op_arity(op) == 2) {
            char three[96];
            snprintf(three, sizeof three, "%s d, a, b, c", v[i].form);
            st = ptxfp_op_parse_on(three, target, device[0] ? device : NULL, ptx, &op, err, sizeof err);
        }
        if (st != PTXFP_OK) {
            printf("%s: status %d: %s\n", v[i].form, st, err);
            bad++;
            i = j;
            continue;
        }
        uint32_t arity = ptxfp_op_arity(op);
        for (size_t r = i; r < j; r++) {
            uint64_t got = ptxfp_op_eval(op, v[r].src[0], v[r].src[1], v[r].src[2]);
            if (got != v[r].want) {
                if (bad++ < 20)
                    printf("eval %s %" PRIx64 " %" PRIx64 " %" PRIx64 ": got %" PRIx64 ", want %" PRIx64 "\n",
                           v[r].form, v[r].src[0], v[r].src[1], v[r].src[2], got, v[r].want);
            }
        }
        size_t m = j - i;
        unsigned char *col[3] = {NULL, NULL, NULL}, *d;
        int w[3] = {0, 0, 0}, wd = (int)ptxfp_op_dst_bits(op) / 8;
        for (uint32_t k = 0; k < arity && k < 3; k++) {
            w[k] = (int)ptxfp_op_src_bits(op, k) / 8;
            col[k] = malloc(m * (size_t)w[k]);
            for (size_t r = 0; r < m; r++) put(col[k] + r * (size_t)w[k], v[i + r].src[k], w[k]);
        }
        d = malloc(m * (size_t)wd);
        for (uint32_t threads = 0; threads < 3; threads++) {
            memset(d, 0xa5, m * (size_t)wd);
            st = ptxfp_op_run(op, col[0], col[1], col[2], d, m, threads);
            if (st != PTXFP_OK) {
                printf("run %s: status %d\n", v[i].form, st);
                bad++;
                continue;
            }
            for (size_t r = 0; r < m; r++) {
                uint64_t got = get(d + r * (size_t)wd, wd);
                if (got != v[i + r].want && bad++ < 20)
                    printf("run(threads=%u) %s #%zu: got %" PRIx64 ", want %" PRIx64 "\n", threads, v[i].form,
                           r, got, v[i + r].want);
            }
        }
        for (int k = 0; k < 3; k++) free(col[k]);
        free(d);
        i = j;
    }
    printf("checked %zu\n", n);
    return bad != 0;
}
