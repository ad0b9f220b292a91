/* kernel.c: ptxfp_run_kernel from C (API 1.4), run by
 * crates/capi/tests/c_programs.rs against the static and the shared
 * library:
 *
 *   kernel PATH-TO-revsum.ptx
 *
 * - revsum (crates/capi/tests/revsum.ptx) over 4 CTAs of 64 threads: each
 *   CTA reverses its block of `in` into `out` through shared memory, then
 *   sums it with a tree reduction (bar.sync between the steps) plus
 *   bias[%ctaid.x]; every byte of `out` and `sums` is checked against what
 *   this program computes. The bias is given by the variable's name
 *   ("bias", "bias+8").
 * - an endless loop stopped by max_steps, with its diagnostic at the line
 *   and the memory written before it;
 * - each misuse: a status, never a crash.
 *
 * Prints "checked N" (N checks passed) and exits 0, or prints each
 * failure and exits 1.
 */
#include <inttypes.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "ptxfp.h"

static int failures, checks;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        checks++;                                                         \
        if (!(cond)) {                                                    \
            failures++;                                                   \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);        \
            printf(__VA_ARGS__);                                          \
            printf("\n");                                                 \
        }                                                                 \
    } while (0)

#define CTAS 4
#define THREADS 64
#define N (CTAS * THREADS)
#define IN 0x10000u
#define OUT 0x20000u
#define SUMS 0x30000u

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s) s[n] = 0;
    fclose(f);
    return s;
}

static void put32(uint8_t *p, uint32_t v) {
    for (int k = 0; k < 4; k++) p[k] = (uint8_t)(v >> (8 * k));
}

static void show_diagnostics(const ptxfp_run *run) {
    ptxfp_diagnostic d;
    for (size_t i = 0; ptxfp_run_diagnostic(run, i, &d); i++)
        printf("  %u:%u: %s: %s\n", d.line, d.column, d.is_error ? "error" : "warning", d.message);
}

static ptxfp_launch new_launch(void) {
    ptxfp_launch l;
    memset(&l, 0, sizeof l);
    l.struct_size = sizeof l;
    return l;
}

static void revsum(const char *ptx) {
    uint32_t x[N];
    uint8_t in[4 * N], want_out[4 * N], want_sums[4 * CTAS], bias[16];
    const uint32_t b[CTAS] = {7, 0x80000000u, 0xffffffffu, 12345};
    for (uint32_t i = 0; i < N; i++) {
        x[i] = (i * 2654435761u) ^ 0x9e3779b9u;
        put32(in + 4 * i, x[i]);
    }
    for (int c = 0; c < CTAS; c++) {
        uint32_t sum = b[c];
        put32(bias + 4 * c, b[c]);
        for (int t = 0; t < THREADS; t++) {
            put32(want_out + 4 * (c * THREADS + t), x[c * THREADS + THREADS - 1 - t]);
            sum += x[c * THREADS + t];
        }
        put32(want_sums + 4 * c, sum);
    }
    const char *sets[] = {"in=0x10000", "out=0x20000", "sums=0x30000"};
    const ptxfp_mem mems[] = {
        {"0x10000", in, sizeof in},
        {"bias", bias, 8},     /* by the variable's name */
        {"bias+8", bias + 8, 8},
    };
    ptxfp_launch l = new_launch();
    l.grid[0] = CTAS;
    l.block[0] = THREADS; /* y and z 0: 1 */
    ptxfp_run *run = NULL;
    ptxfp_status st = ptxfp_run_kernel(ptx, sets, 3, mems, 3, &l, NULL, NULL, 0, &run);
    CHECK(st == PTXFP_OK, "status %d (%s)", st, ptxfp_status_message(st));
    if (st != PTXFP_OK) show_diagnostics(run);
    CHECK(ptxfp_run_diagnostic_count(run) == 0, "%zu diagnostics", ptxfp_run_diagnostic_count(run));
    CHECK(ptxfp_run_register_count(run) == 0, "registers without report_thread");

    /* The ranges: out, then sums; the inputs were given, not written. */
    CHECK(ptxfp_run_memory_count(run) == 2, "%zu ranges", ptxfp_run_memory_count(run));
    ptxfp_mem_range r;
    if (ptxfp_run_memory(run, 0, &r)) {
        CHECK(r.address == OUT && r.len == sizeof want_out, "range 0 at 0x%" PRIx64 ", %zu bytes", r.address, r.len);
        for (size_t i = 0; i < sizeof want_out && i < r.len; i++)
            CHECK(r.bytes[i] == want_out[i], "out byte %zu: %02x, not %02x", i, r.bytes[i], want_out[i]);
    } else {
        CHECK(0, "no range 0");
    }
    if (ptxfp_run_memory(run, 1, &r)) {
        CHECK(r.address == SUMS && r.len == sizeof want_sums, "range 1 at 0x%" PRIx64 ", %zu bytes", r.address, r.len);
        for (size_t i = 0; i < sizeof want_sums && i < r.len; i++)
            CHECK(r.bytes[i] == want_sums[i], "sums byte %zu: %02x, not %02x", i, r.bytes[i], want_sums[i]);
    } else {
        CHECK(0, "no range 1");
    }
    CHECK(!ptxfp_run_memory(run, 2, &r), "a third range");

    /* Read back by address: every byte, and one on each side unwritten. */
    uint8_t buf[4 * N + 2];
    memset(buf, 0xaa, sizeof buf);
    size_t got = ptxfp_run_memory_read(run, OUT - 1, buf, sizeof buf);
    CHECK(got == 4 * N, "%zu bytes written", got);
    CHECK(buf[0] == 0xaa && buf[sizeof buf - 1] == 0xaa, "bytes outside were touched");
    CHECK(memcmp(buf + 1, want_out, sizeof want_out) == 0, "out differs");
    uint8_t sums[4 * CTAS];
    CHECK(ptxfp_run_memory_read(run, SUMS, sums, sizeof sums) == sizeof sums, "sums not all written");
    CHECK(memcmp(sums, want_sums, sizeof sums) == 0, "sums differ");
    ptxfp_run_free(run);

    /* One thread's registers: %tid.x 5 of CTA 2. */
    l.report_thread = true;
    l.thread[0] = 5;
    l.cta[0] = 2;
    st = ptxfp_run_kernel(ptx, sets, 3, mems, 3, &l, NULL, NULL, 0, &run);
    CHECK(st == PTXFP_OK, "status %d", st);
    uint64_t bits = 0;
    CHECK(ptxfp_run_find(run, "%r1", &bits) && bits == 5, "%%r1 = %" PRIu64, bits);
    CHECK(ptxfp_run_find(run, "%r2", &bits) && bits == 2, "%%r2 = %" PRIu64, bits);
    CHECK(ptxfp_run_find(run, "%r10", &bits) && bits == x[2 * THREADS + THREADS - 1 - 5], "%%r10 = %" PRIx64, bits);
    CHECK(ptxfp_run_memory_count(run) == 2, "memory with report_thread");
    ptxfp_run_free(run);
}

/* A loop of 2^32 trips (so long that a limit or the stop flag ends it;
 * an unguarded `bra` over register arithmetic alone is an endless loop
 * the engine refuses at once), after a store of 7 at 0x1000. */
static const char *const spin =
    ".version 8.0\n"
    ".target sm_80\n"
    ".entry spin()\n"
    "{\n"
    "    st.global.u32 [0x1000], 7; .reg .b32 %i; .reg .pred %p; mov.u32 %i, 0;\n"
    "L: add.u32 %i, %i, 1; setp.ne.u32 %p, %i, 0; @%p bra L;\n" /* line 6: the whole loop */
    "}\n";

/* A run of `spin` stopped in its loop: PTXFP_ERR_PROGRAM, the last
 * diagnostic at line 6 holding `part`, and the memory written before
 * (API 1.6). */
static void stopped_in_loop(ptxfp_status st, ptxfp_run *run, const char *part) {
    CHECK(st == PTXFP_ERR_PROGRAM, "status %d", st);
    size_t n = ptxfp_run_diagnostic_count(run);
    ptxfp_diagnostic d;
    CHECK(n >= 1 && ptxfp_run_diagnostic(run, n - 1, &d), "no diagnostic");
    if (n >= 1) {
        CHECK(d.is_error && d.line == 6 && d.column >= 1, "%u:%u: %s", d.line, d.column, d.message);
        CHECK(strstr(d.message, part) != NULL, "%s", d.message);
    }
    uint8_t b[4] = {0};
    CHECK(ptxfp_run_memory_count(run) == 1 && ptxfp_run_memory_read(run, 0x1000, b, 4) == 4 && b[0] == 7 && b[1] == 0 &&
              b[2] == 0 && b[3] == 0,
          "memory written before the stop: %zu range(s)", ptxfp_run_memory_count(run));
    ptxfp_run_free(run);
}

/* max_steps stops the endless loop at its line. */
static void endless(void) {
    ptxfp_launch l = new_launch();
    l.grid[0] = 2;
    l.block[0] = 32;
    l.max_steps = 5000;
    l.entry = "spin";
    ptxfp_run *run = NULL;
    ptxfp_status st = ptxfp_run_kernel(spin, NULL, 0, NULL, 0, &l, NULL, NULL, 0, &run);
    stopped_in_loop(st, run, "5000");
}

/* API 1.9's stop flag, set by a SIGALRM handler 200 ms into the endless
 * loop (as a SIGINT handler would set it) ends the run there. */
static volatile sig_atomic_t stop_flag;

static void on_alarm(int sig) {
    (void)sig;
    stop_flag = 1;
}

static void stopped(void) {
    ptxfp_launch l = new_launch();
    l.block[0] = 32;
    l.max_steps = UINT64_MAX;
    l.stop = (const int32_t *)&stop_flag;
    signal(SIGALRM, on_alarm);
    struct itimerval t = {{0, 0}, {0, 200000}};
    setitimer(ITIMER_REAL, &t, NULL);
    ptxfp_run *run = NULL;
    ptxfp_status st = ptxfp_run_kernel(spin, NULL, 0, NULL, 0, &l, NULL, NULL, 0, &run);
    stopped_in_loop(st, run, "the run was interrupted after ");
}

/* A run that must be refused with `want`, leaving *out NULL. */
static void refused(ptxfp_status want, ptxfp_status st, ptxfp_run *run, int line) {
    checks++;
    if (st != want || run != NULL) {
        failures++;
        printf("FAIL line %d: status %d (%s), run %p; expected %d\n", line, st, ptxfp_status_message(st),
               (void *)run, want);
    }
    ptxfp_run_free(run);
}

/* A run refused by the engine: PTXFP_ERR_PROGRAM with one diagnostic
 * without a place, containing `part`. */
static void placeless(ptxfp_status st, ptxfp_run *run, const char *part, int line) {
    ptxfp_diagnostic d;
    int ok = st == PTXFP_ERR_PROGRAM && ptxfp_run_diagnostic_count(run) == 1 && ptxfp_run_diagnostic(run, 0, &d) &&
             d.is_error && d.line == 0 && d.column == 0 && strstr(d.message, part) != NULL;
    checks++;
    if (!ok) {
        failures++;
        printf("FAIL line %d: status %d, expected a placeless `%s`:\n", line, st, part);
        show_diagnostics(run);
    }
    ptxfp_run_free(run);
}

/* The call first, then its run: C leaves the order of arguments open. */
#define REFUSED(want, call)                      \
    do {                                         \
        ptxfp_status st_ = (call);               \
        refused(want, st_, run, __LINE__);       \
    } while (0)
#define PLACELESS(call, part)                    \
    do {                                         \
        ptxfp_status st_ = (call);               \
        placeless(st_, run, part, __LINE__);     \
    } while (0)

static void misuse(const char *ptx) {
    const char *tiny = ".reg .b32 r;\nmov.b32 r, 1;\n";
    uint8_t byte = 1;
    ptxfp_launch l = new_launch();
    ptxfp_run *run;
#define RUN(sets, n_sets, mems, n_mems, launch) \
    (run = (ptxfp_run *)&run, ptxfp_run_kernel(tiny, sets, n_sets, mems, n_mems, launch, NULL, NULL, 0, &run))

    /* NULL pointers. */
    REFUSED(PTXFP_ERR_NULL, RUN(NULL, 1, NULL, 0, &l));
    REFUSED(PTXFP_ERR_NULL, RUN(NULL, 0, NULL, 2, &l));
    REFUSED(PTXFP_ERR_NULL, ptxfp_run_kernel(NULL, NULL, 0, NULL, 0, &l, NULL, NULL, 0, &run));
    CHECK(ptxfp_run_kernel(tiny, NULL, 0, NULL, 0, &l, NULL, NULL, 0, NULL) == PTXFP_ERR_NULL, "out NULL");
    const char *null_set[] = {NULL};
    REFUSED(PTXFP_ERR_NULL, RUN(null_set, 1, NULL, 0, &l));
    ptxfp_mem m = {NULL, &byte, 1};
    REFUSED(PTXFP_ERR_NULL, RUN(NULL, 0, &m, 1, &l));
    m.at = "0x1000";
    m.bytes = NULL;
    REFUSED(PTXFP_ERR_NULL, RUN(NULL, 0, &m, 1, &l));
    /* NULL bytes of no length: nothing given. */
    m.len = 0;
    CHECK(RUN(NULL, 0, &m, 1, NULL) == PTXFP_OK, "an empty range");
    ptxfp_run_free(run);

    /* Absurd lengths. */
    m.bytes = &byte;
    m.len = SIZE_MAX;
    REFUSED(PTXFP_ERR_OPERANDS, RUN(NULL, 0, &m, 1, &l));
    m.len = (size_t)PTRDIFF_MAX + 1;
    REFUSED(PTXFP_ERR_OPERANDS, RUN(NULL, 0, &m, 1, &l));
    m.bytes = (const uint8_t *)(uintptr_t)(UINTPTR_MAX - 2); /* never read */
    m.len = 8;
    REFUSED(PTXFP_ERR_OPERANDS, RUN(NULL, 0, &m, 1, &l));
    m.bytes = &byte;
    m.len = 1;
    REFUSED(PTXFP_ERR_OPERANDS, RUN(NULL, 0, &m, SIZE_MAX / sizeof m + 1, &l));
    REFUSED(PTXFP_ERR_OPERANDS, RUN(NULL, 0, &m, (size_t)PTRDIFF_MAX / sizeof m + 1, &l));
    const char *sets[] = {"r=1"};
    REFUSED(PTXFP_ERR_OPERANDS, RUN(sets, SIZE_MAX / sizeof(char *) + 1, NULL, 0, &l));
    REFUSED(PTXFP_ERR_OPERANDS, ptxfp_run_ptx(tiny, sets, SIZE_MAX, NULL, NULL, 0, &run));

    /* Not UTF-8. */
    m.at = "bias\xff";
    REFUSED(PTXFP_ERR_ENCODING, RUN(NULL, 0, &m, 1, &l));
    const char *bad_set[] = {"r=\xc3"};
    REFUSED(PTXFP_ERR_ENCODING, RUN(bad_set, 1, NULL, 0, &l));
    ptxfp_launch le = new_launch();
    le.entry = "k\xff";
    REFUSED(PTXFP_ERR_ENCODING, RUN(NULL, 0, NULL, 0, &le));

    /* struct_size: API 1.4's struct ends where `cooperative` starts; any
     * smaller size is refused. */
    size_t sizes[] = {0, offsetof(ptxfp_launch, cooperative) - 1, 4097, SIZE_MAX};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        ptxfp_launch ls = new_launch();
        ls.struct_size = sizes[i];
        REFUSED(PTXFP_ERR_STRUCT_SIZE, RUN(NULL, 0, NULL, 0, &ls));
    }
    ptxfp_launch l14 = new_launch();
    l14.struct_size = offsetof(ptxfp_launch, cooperative);
    CHECK(RUN(NULL, 0, NULL, 0, &l14) == PTXFP_OK, "API 1.4's struct_size");
    ptxfp_run_free(run);
    /* A later header's struct: fields this library does not know, set or
     * left at zero. */
    struct later {
        ptxfp_launch l;
        uint64_t more[2];
    } later;
    memset(&later, 0, sizeof later);
    later.l.struct_size = sizeof later;
    later.more[1] = 1;
    REFUSED(PTXFP_ERR_STRUCT_SIZE, RUN(NULL, 0, NULL, 0, &later.l));
    later.more[1] = 0;
    CHECK(RUN(NULL, 0, NULL, 0, &later.l) == PTXFP_OK, "a later struct asking nothing new");
    ptxfp_run_free(run);

    /* Launches and inputs the engine refuses: the engine's message. */
    ptxfp_launch lb = new_launch();
    lb.block[0] = 2048;
    PLACELESS(ptxfp_run_kernel(ptx, NULL, 0, NULL, 0, &lb, NULL, NULL, 0, &run), "2048 threads");
    lb.block[0] = 32;
    lb.grid[1] = 65536;
    PLACELESS(ptxfp_run_kernel(ptx, NULL, 0, NULL, 0, &lb, NULL, NULL, 0, &run), "65535");
    lb.grid[1] = 1;
    lb.report_thread = true;
    lb.thread[0] = 32;
    PLACELESS(ptxfp_run_kernel(ptx, NULL, 0, NULL, 0, &lb, NULL, NULL, 0, &run), "--thread 32,0,0");
    ptxfp_mem past = {"bias+12", &byte, 8}; /* 4 bytes past the end */
    PLACELESS(ptxfp_run_kernel(ptx, NULL, 0, &past, 1, NULL, NULL, NULL, 0, &run), "bias");
    ptxfp_mem unknown = {"nosuch", &byte, 1};
    PLACELESS(ptxfp_run_kernel(ptx, NULL, 0, &unknown, 1, NULL, NULL, NULL, 0, &run), "nosuch");
#undef RUN
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: kernel PATH-TO-revsum.ptx\n");
        return 2;
    }
    char *ptx = read_file(argv[1]);
    if (!ptx) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    if (ptxfp_api_version() / 1000 != PTXFP_API_MAJOR || ptxfp_api_version() % 1000 < PTXFP_API_MINOR) {
        fprintf(stderr, "library API %u, header %u.%u\n", ptxfp_api_version(), PTXFP_API_MAJOR, PTXFP_API_MINOR);
        return 2;
    }
    revsum(ptx);
    endless();
    stopped();
    misuse(ptx);
    free(ptx);
    if (failures) {
        printf("%d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("checked %d\n", checks);
    return 0;
}
