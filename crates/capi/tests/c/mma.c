/* mma.c: ptxfp_mma_dot and ptxfp_mma_dot_rows on one set of the published
 * tensor-core measurements (testdata/tc/<GPU>/<folder>/, see its README).
 * Run by crates/capi/tests/c_programs.rs.
 *
 *   mma DIR GPU FOLDER IN OUT CMODE
 *
 * reads DIR/a_GPU_FOLDER.txt, b_..., c_GPU_fp32.txt and d_GPU_OUT.txt
 * (OUT: fp32 or fp16); CMODE is `f32` (C as measured), `f16` (C rounded to
 * the nearest f16, as the CUDA harness converted it) or `zero` (wgmma with
 * D = 0). Prints `checked N` and exits 0, or each mismatch and exits 1.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxfp.h"

#define MAX_ROWS 6000
#define MAX_K 64

static uint32_t a[MAX_ROWS * MAX_K], b[MAX_ROWS * MAX_K], c[MAX_ROWS], d[MAX_ROWS], got[MAX_ROWS];

/* Rows of hex words; returns the row count and sets *k. */
static size_t read_hex(const char *path, uint32_t *out, size_t *k) {
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(2); }
    char line[4096];
    size_t rows = 0;
    while (fgets(line, sizeof line, f) && rows < MAX_ROWS) {
        size_t n = 0;
        for (char *t = strtok(line, " \t\r\n"); t && n < MAX_K; t = strtok(NULL, " \t\r\n"))
            out[rows * MAX_K + n++] = (uint32_t)strtoul(t, NULL, 16);
        if (n == 0) continue;
        *k = n;
        rows++;
    }
    fclose(f);
    return rows;
}

/* One 32-digit binary pattern per line. */
static size_t read_bin(const char *path, uint32_t *out) {
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(2); }
    char line[256];
    size_t rows = 0;
    while (fgets(line, sizeof line, f) && rows < MAX_ROWS)
        if (line[0] == '0' || line[0] == '1') out[rows++] = (uint32_t)strtoul(line, NULL, 2);
    fclose(f);
    return rows;
}

/* f32 -> f16 bits, round to nearest even (finite, normal-or-subnormal
 * results; the measured C values are small normal numbers). */
static uint32_t f16_rne(uint32_t x) {
    uint32_t sign = (x >> 16) & 0x8000;
    int e = (int)((x >> 23) & 0xff) - 127;
    uint32_t m = (x & 0x7fffff) | 0x800000;
    if ((x & 0x7fffffff) == 0) return sign;
    int shift = 13; /* 23 - 10 fraction bits */
    int biased = e + 15;
    if (biased <= 0) { shift += 1 - biased; biased = 0; }
    if (shift > 24) return sign;
    uint32_t q = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) q++;
    /* q includes the hidden bit for normals: fold it into the exponent. */
    uint32_t bits = biased == 0 ? q : (((uint32_t)biased << 10) + (q - 0x400));
    return sign | bits;
}

int main(int argc, char **argv) {
    if (argc != 7) return 2;
    const char *dir = argv[1], *gpu = argv[2], *folder = argv[3], *in = argv[4], *out = argv[5], *cmode = argv[6];
    char path[1024];
    static uint32_t raw_a[MAX_ROWS * MAX_K], raw_b[MAX_ROWS * MAX_K];
    size_t k = 0, kb = 0;
    snprintf(path, sizeof path, "%s/a_%s_%s.txt", dir, gpu, folder);
    size_t rows = read_hex(path, raw_a, &k);
    snprintf(path, sizeof path, "%s/b_%s_%s.txt", dir, gpu, folder);
    if (read_hex(path, raw_b, &kb) != rows || kb != k) return 2;
    snprintf(path, sizeof path, "%s/c_%s_fp32.txt", dir, gpu);
    if (read_bin(path, c) != rows) return 2;
    snprintf(path, sizeof path, "%s/d_%s_%s.txt", dir, gpu, out);
    if (read_bin(path, d) != rows) return 2;
    const char *acc = strcmp(out, "fp16") == 0 ? "f16" : "f32";
    for (size_t i = 0; i < rows; i++) {
        memcpy(&a[i * k], &raw_a[i * MAX_K], k * sizeof(uint32_t));
        memcpy(&b[i * k], &raw_b[i * MAX_K], k * sizeof(uint32_t));
        if (strcmp(cmode, "zero") == 0) c[i] = 0;
        else if (strcmp(cmode, "f16") == 0) c[i] = f16_rne(c[i]);
        /* An fp16 d is stored as its exact f32 value. */
        if (acc[1] == '1') d[i] = f16_rne(d[i]);
    }
    int bad = 0;
    for (size_t i = 0; i < rows; i++) {
        uint32_t r = 0;
        ptxfp_status st = ptxfp_mma_dot(gpu, in, acc, &a[i * k], &b[i * k], k, c[i], &r);
        if (st != PTXFP_OK || r != d[i]) {
            printf("line %zu: status %d, got %08" PRIx32 ", measured %08" PRIx32 "\n", i + 1, (int)st, r, d[i]);
            bad = 1;
        }
    }
    ptxfp_status st = ptxfp_mma_dot_rows(gpu, in, acc, a, b, k, c, got, rows, 0);
    if (st != PTXFP_OK) { printf("rows: status %d (%s)\n", (int)st, ptxfp_status_message((int)st)); bad = 1; }
    for (size_t i = 0; st == PTXFP_OK && i < rows; i++)
        if (got[i] != d[i]) { printf("rows line %zu: got %08" PRIx32 ", measured %08" PRIx32 "\n", i + 1, got[i], d[i]); bad = 1; }
    if (bad) return 1;
    printf("checked %zu\n", rows);
    return 0;
}
