/* Results of fastsha256-bench (see bench_report.h). */
#define _GNU_SOURCE 1

#include "bench_report.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_common.h"
#include "bench_js.h"

static br_row *rows;
static size_t nrows, caprows;

br_row *br_add(void) {
    if (nrows == caprows) {
        size_t cap = caprows ? caprows * 2 : 64;
        br_row *p = realloc(rows, cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "fastsha256-bench: out of memory\n");
            exit(1);
        }
        rows = p;
        caprows = cap;
    }
    memset(&rows[nrows], 0, sizeof rows[nrows]);
    return &rows[nrows++];
}

size_t br_count(void) { return nrows; }
br_row *br_get(size_t i) { return i < nrows ? &rows[i] : NULL; }

void br_fmt_rate(char *buf, size_t n, double v) {
    if (!(v > 0))
        bench_fmt(buf, n, "-");
    else if (v >= 1e9)
        bench_fmt(buf, n, "%.2fG", v / 1e9);
    else if (v >= 1e6)
        bench_fmt(buf, n, "%.2fM", v / 1e6);
    else if (v >= 1e3)
        bench_fmt(buf, n, "%.1fk", v / 1e3);
    else
        bench_fmt(buf, n, "%.1f", v);
}

static void fmt_num(char *buf, size_t n, double v) {
    if (!(v > 0) || !isfinite(v))
        bench_fmt(buf, n, "-");
    else if (v >= 1000)
        bench_fmt(buf, n, "%.0f", v);
    else if (v >= 100)
        bench_fmt(buf, n, "%.1f", v);
    else if (v >= 10)
        bench_fmt(buf, n, "%.2f", v);
    else
        bench_fmt(buf, n, "%.3f", v);
}

static void fmt_ratio(char *buf, size_t n, double a, double b) {
    if (!(a > 0) || !(b > 0))
        bench_fmt(buf, n, "-");
    else if (a / b >= 100)
        bench_fmt(buf, n, "%.0fx", a / b);
    else
        bench_fmt(buf, n, "%.2fx", a / b);
}

static void fmt_size(char *buf, size_t n, size_t s) {
    if (s >= (1u << 20) && s % (1u << 20) == 0)
        bench_fmt(buf, n, "%zu MiB", s >> 20);
    else if (s >= 1024 && s % 1024 == 0)
        bench_fmt(buf, n, "%zu KiB", s >> 10);
    else
        bench_fmt(buf, n, "%zu B", s);
}

/* --- Header -------------------------------------------------------------- */

void br_print_header(FILE *out, const br_meta *m) {
    fprintf(out, "fastsha256-bench %s (%s) - who hashes the fastest?\n", m->version, m->date);
    fprintf(out, "cpu:        %s, %d cpu%s allowed, %s\n", m->cpu_model, m->ncpus,
            m->ncpus == 1 ? "" : "s",
            m->pinned_cpu >= 0 ? "benchmark pinned to one cpu" : "not pinned");
    if (m->pinned_cpu >= 0)
        fprintf(out, "pinned:     cpu %d (sched_setaffinity); JS runtimes run unpinned\n",
                m->pinned_cpu);
    fprintf(out, "clock:      %s at %.4f GHz", m->tick_source, m->tick_hz / 1e9);
    if (m->core_estimated) {
        fprintf(out, "; core ~%.3f GHz by a dependent add chain (core/TSC %.3f)", m->core_hz / 1e9,
                m->core_per_tick);
        if (m->core_hz_end > 0)
            fprintf(out, ", %.3f GHz at the end", m->core_hz_end / 1e9);
    } else {
        fprintf(out, "; core clock not estimated here: cycles are counter ticks");
    }
    fprintf(out, "\n");
    fprintf(out, "compiler:   %s (%s)\n", m->compiler, m->build);
    fprintf(out, "kernel:     %s\n", m->host_kernel);
    fprintf(out, "fastsha256: %s; backends here: %s; auto: %s, hex encoder: %s\n", m->version,
            m->backends, m->auto_backend, m->hex_backend);
    fprintf(out, "openssl:    %s\n", m->openssl);
    for (int i = 0; i < 3; i++)
        if (m->js[i][0])
            fprintf(out, "%-11s %s\n", i == 0 ? "js:" : "", m->js[i]);
    fprintf(out, "method:     %d repetitions per row (median and best); each split into timed "
                 "chunks, chunks with a context switch or a wall/cpu-time gap dropped; "
                 "warm-up first\n",
            m->reps);
}

/* --- Seed leaderboard ------------------------------------------------------- */

static const br_row *find_row(const char *section, const char *who, const char *style) {
    for (size_t i = 0; i < nrows; i++)
        if (strcmp(rows[i].section, section) == 0 && strcmp(rows[i].who, who) == 0 &&
            strstr(rows[i].style, style) == rows[i].style)
            return &rows[i];
    return NULL;
}

/* A runtime's fastest built-in row (who is exactly the runtime's name). */
static const br_row *fastest_builtin(const char *runtime) {
    const br_row *best = NULL;
    for (size_t i = 0; i < nrows; i++)
        if (strcmp(rows[i].section, "seed") == 0 && strcmp(rows[i].who, runtime) == 0 &&
            rows[i].check > 0 && (!best || rows[i].hps_med > best->hps_med))
            best = &rows[i];
    return best;
}

static int cmp_rate_desc(const void *a, const void *b) {
    const br_row *x = *(const br_row *const *)a, *y = *(const br_row *const *)b;
    return (x->hps_med < y->hps_med) - (x->hps_med > y->hps_med);
}

void br_print_seed(FILE *out, const br_meta *m) {
    const br_row **list = calloc(nrows ? nrows : 1, sizeof *list);
    size_t n = 0;
    if (!list)
        return;
    for (size_t i = 0; i < nrows; i++)
        if (strcmp(rows[i].section, "seed") == 0)
            list[n++] = &rows[i];
    if (n == 0) {
        free(list);
        return;
    }
    qsort(list, n, sizeof *list, cmp_rate_desc);
    /* "x node" compares with Node's fastest built-in (crypto.hash where it
     * exists), not with the slower createHash. */
    const br_row *node = fastest_builtin("node");
    const br_row *ossl = find_row("seed", "openssl", "EVP_Digest +");

    fprintf(out, "\nSeed workload: %zu x SHA-256 hex string of \"Hello world!!!\" (14 bytes); "
                 "batches of %zu; JS: createHash %zu, WebCrypto %zu messages\n",
            m->count, m->batch, m->js_count, m->js_async_count);
    fprintf(out, "%-3s %-17s %-13s %-39s %-8s %9s %9s %8s %8s %9s %9s %7s %s\n", "#", "who",
            "backend", "style", "messages", "hashes/s", "best", "ns/hash", "cyc/hash",
            "x node", "x OpenSSL", "dropped", "check");
    for (size_t i = 0; i < n; i++) {
        const br_row *r = list[i];
        char rate[16], best[16], ns[16], cyc[16], xn[16], xo[16], drop[24];
        br_fmt_rate(rate, sizeof rate, r->hps_med);
        br_fmt_rate(best, sizeof best, r->hps_best);
        fmt_num(ns, sizeof ns, r->ns_med);
        fmt_num(cyc, sizeof cyc, r->cyc_med);
        fmt_ratio(xn, sizeof xn, r->hps_med, node ? node->hps_med : 0);
        fmt_ratio(xo, sizeof xo, r->hps_med, ossl ? ossl->hps_med : 0);
        if (r->chunks)
            bench_fmt(drop, sizeof drop, "%zu/%zu", r->discarded, r->chunks);
        else
            bench_fmt(drop, sizeof drop, "-");
        fprintf(out, "%-3zu %-17s %-13.13s %-39.39s %-8s %9s %9s %8s %8s %9s %9s %7s %s\n", i + 1,
                r->who, r->backend, r->style, r->messages, rate, best, ns, cyc, xn, xo, drop,
                r->check > 0 ? "ok" : r->check < 0 ? "MISMATCH" : "-");
    }

    /* The winner against every peer. */
    const br_row *best_fs = NULL;
    for (size_t i = 0; i < n && !best_fs; i++)
        if (strcmp(list[i]->who, "fastsha256") == 0)
            best_fs = list[i];
    if (best_fs) {
        char rate[16];
        br_fmt_rate(rate, sizeof rate, best_fs->hps_med);
        fprintf(out, "\nFastest: fastsha256 %s, %s (%s hashes/s). Against each peer:\n",
                best_fs->backend, best_fs->style, rate);
        for (size_t i = 0; i < n; i++) {
            const br_row *r = list[i];
            if (strcmp(r->who, "fastsha256") == 0)
                continue;
            char pr[16], x[16];
            br_fmt_rate(pr, sizeof pr, r->hps_med);
            fmt_ratio(x, sizeof x, best_fs->hps_med, r->hps_med);
            fprintf(out, "  %8s faster than %s %s %s (%s/s)\n", x, r->who, r->backend, r->style,
                    pr);
        }
        /* And the plain one-call-per-message style, which is what the seed
         * snippets do. */
        const br_row *one = NULL;
        for (size_t i = 0; i < n && !one; i++)
            if (strcmp(list[i]->who, "fastsha256") == 0 && strncmp(list[i]->backend, "auto", 4) == 0 &&
                strncmp(list[i]->style, "one-shot", 8) == 0 && strcmp(list[i]->messages, "same") == 0)
                one = list[i];
        if (one && node) {
            char x[16];
            fmt_ratio(x, sizeof x, one->hps_med, node->hps_med);
            fprintf(out, "  one call per message (%s, %s): %s node %s\n", one->backend,
                    one->style, x, node->style);
        }
    }

    /* From JavaScript: each "<runtime> + fastsha256" row against that
     * runtime's fastest built-in (targets: per call 1.5x, Many 5x, Packed 10x). */
    static const char *const runtimes[] = {"node", "bun", "deno"};
    int js_header = 0;
    for (size_t k = 0; k < sizeof runtimes / sizeof runtimes[0]; k++) {
        const br_row *builtin = fastest_builtin(runtimes[k]);
        char who[24];
        bench_fmt(who, sizeof who, "%s + fastsha256", runtimes[k]);
        for (size_t i = 0; i < nrows; i++) {
            const br_row *r = &rows[i];
            if (strcmp(r->section, "seed") != 0 || strcmp(r->who, who) != 0 || !builtin)
                continue;
            if (!js_header) {
                fprintf(out, "\nFrom JavaScript: each runtime + fastsha256 against that runtime's "
                             "fastest built-in:\n");
                js_header = 1;
            }
            char x[16], pr[16], br[16];
            fmt_ratio(x, sizeof x, r->hps_med, builtin->hps_med);
            br_fmt_rate(pr, sizeof pr, r->hps_med);
            br_fmt_rate(br, sizeof br, builtin->hps_med);
            fprintf(out, "  %-17s %-40s %8s/s %8s vs %s %s (%s/s)\n", who, r->style, pr, x,
                    runtimes[k], builtin->style, br);
        }
    }

    /* Distinct messages must run at the speed of the repeated one. */
    int header = 0;
    char last_backend[32] = "";
    for (size_t i = 0; i < nrows; i++) {
        const br_row *d = &rows[i];
        if (strcmp(d->section, "seed") != 0 || strcmp(d->messages, "distinct") != 0)
            continue;
        for (size_t j = 0; j < nrows; j++) {
            const br_row *s = &rows[j];
            if (strcmp(s->section, "seed") == 0 && strcmp(s->messages, "same") == 0 &&
                strcmp(s->who, d->who) == 0 && strcmp(s->backend, d->backend) == 0 &&
                strcmp(s->style, d->style) == 0) {
                if (!header) {
                    fprintf(out, "\nDistinct messages (a counter in each, same 14 bytes) vs the "
                                 "repeated message, speed ratio (1.00x = same speed):");
                    header = 1;
                }
                if (strcmp(last_backend, d->backend) != 0) {
                    fprintf(out, "\n  %-13s", d->backend);
                    bench_fmt(last_backend, sizeof last_backend, "%s", d->backend);
                } else {
                    fputc(';', out);
                }
                char x[16];
                fmt_ratio(x, sizeof x, d->hps_med, s->hps_med);
                fprintf(out, " %s %s", d->style, x);
            }
        }
    }
    if (header)
        fprintf(out, "\n");

    /* Checksums. */
    uint64_t same = 0, distinct = 0;
    int same_ok = 1, distinct_ok = 1, mism = 0;
    for (size_t i = 0; i < n; i++) {
        const br_row *r = list[i];
        if (r->check < 0)
            mism++;
        if (!r->checksum)
            continue;
        if (strcmp(r->messages, "same") == 0) {
            if (same && same != r->checksum)
                same_ok = 0;
            same = r->checksum;
        } else if (strcmp(r->messages, "distinct") == 0) {
            if (distinct && distinct != r->checksum)
                distinct_ok = 0;
            distinct = r->checksum;
        }
    }
    fprintf(out, "\nChecksum of all hex outputs (64-bit FNV-style fold): repeated message "
                 "0x%016llx (%s), distinct 0x%016llx (%s)%s\n",
            (unsigned long long)same, same_ok ? "all C rows agree" : "ROWS DISAGREE",
            (unsigned long long)distinct, distinct_ok ? "all C rows agree" : "ROWS DISAGREE",
            mism ? "; SOME ROWS FAILED THEIR CHECK" : "");
    fprintf(out, "JS rows: check = the runtime's last digest equals %s's; rate = median of %s "
                 "chunk rates; x node = vs node's fastest built-in, x OpenSSL = vs OpenSSL EVP_Digest + "
                 "table hex.\n",
            "fastsha256", "10");
    (void)m;
    free(list);
}

/* --- Sweep ------------------------------------------------------------------ */

#define MAX_SERIES 16
#define MAX_SIZES 16

typedef struct series {
    char label[48];
    const br_row *at[MAX_SIZES];
} series;

static size_t sweep_sizes(size_t *sizes) {
    size_t ns = 0;
    for (size_t i = 0; i < nrows; i++) {
        if (strcmp(rows[i].section, "sweep") != 0)
            continue;
        size_t k = 0;
        while (k < ns && sizes[k] != rows[i].size)
            k++;
        if (k == ns && ns < MAX_SIZES)
            sizes[ns++] = rows[i].size;
    }
    for (size_t a = 1; a < ns; a++) /* sort ascending */
        for (size_t b = a; b > 0 && sizes[b - 1] > sizes[b]; b--) {
            size_t t = sizes[b];
            sizes[b] = sizes[b - 1];
            sizes[b - 1] = t;
        }
    return ns;
}

static void series_label(const br_row *r, char *out, size_t n) {
    if (strcmp(r->who, "fastsha256") == 0) {
        if (r->threads > 1)
            bench_fmt(out, n, "%s %s x%d", r->backend, r->style, r->threads);
        else
            bench_fmt(out, n, "%s %s", r->backend, r->style);
    } else {
        bench_fmt(out, n, "%s %s", r->who, r->style);
    }
}

static size_t sweep_series(series *s, const size_t *sizes, size_t nsizes) {
    size_t count = 0;
    for (size_t i = 0; i < nrows; i++) {
        if (strcmp(rows[i].section, "sweep") != 0)
            continue;
        char label[48];
        series_label(&rows[i], label, sizeof label);
        size_t k = 0;
        while (k < count && strcmp(s[k].label, label) != 0)
            k++;
        if (k == count) {
            if (count == MAX_SERIES)
                continue;
            memset(&s[count], 0, sizeof s[count]);
            bench_fmt(s[count].label, sizeof s[count].label, "%s", label);
            count++;
        }
        for (size_t z = 0; z < nsizes; z++)
            if (sizes[z] == rows[i].size)
                s[k].at[z] = &rows[i];
    }
    return count;
}

void br_print_sweep(FILE *out, const br_meta *m) {
    size_t sizes[MAX_SIZES];
    series s[MAX_SERIES];
    size_t nsizes = sweep_sizes(sizes);
    if (nsizes == 0)
        return;
    size_t nseries = sweep_series(s, sizes, nsizes);
    const char *titles[3] = {"throughput, GB/s (1e9 bytes/s)", "core cycles per byte",
                             "hashes per second"};
    fprintf(out, "\nSize sweep: one message per call (one-shot) and batches through "
                 "fastsha256_many (batch)%s; OpenSSL SHA256_Init/Update/Final as peer; median of %d reps\n",
            m->threads > 1 ? ", batches on several threads" : "", m->reps);
    for (int t = 0; t < 3; t++) {
        fprintf(out, "\n%s\n%-8s", titles[t], "size");
        for (size_t k = 0; k < nseries; k++) {
            /* Peers by name only: their API is in the title line. */
            char head[48];
            const br_row *any = NULL;
            for (size_t z = 0; z < nsizes && !any; z++)
                any = s[k].at[z];
            if (any && strcmp(any->who, "fastsha256") != 0)
                bench_fmt(head, sizeof head, "%s", any->who);
            else
                bench_fmt(head, sizeof head, "%s", s[k].label);
            fprintf(out, " %16.16s", head);
        }
        fprintf(out, "\n");
        for (size_t z = 0; z < nsizes; z++) {
            char sz[16];
            fmt_size(sz, sizeof sz, sizes[z]);
            fprintf(out, "%-8s", sz);
            for (size_t k = 0; k < nseries; k++) {
                const br_row *r = s[k].at[z];
                char v[16];
                if (!r)
                    bench_fmt(v, sizeof v, "-");
                else if (t == 0)
                    fmt_num(v, sizeof v, r->gbps);
                else if (t == 1)
                    fmt_num(v, sizeof v, r->cpb);
                else
                    br_fmt_rate(v, sizeof v, r->hps_med);
                fprintf(out, " %16s", v);
            }
            fprintf(out, "\n");
        }
    }
}

/* --- Kernels ------------------------------------------------------------------ */

void br_print_kernels(FILE *out, const br_meta *m) {
    int any = 0;
    for (size_t i = 0; i < nrows; i++) {
        const br_row *r = &rows[i];
        if (strcmp(r->section, "kernels") != 0)
            continue;
        if (!any) {
            fprintf(out, "\nKernels (core cycles = TSC cycles x %.3f; lower is better except "
                         "GB/s), OpenSSL measured in the same run:\n",
                    m->core_per_tick);
            fprintf(out, "OpenSSL: SHA256_Init/Update/Final (its fastest API for short messages); "
                         "its AVX2 and integer paths are forced with OPENSSL_ia32cap in a child "
                         "process on the same cpu.\n");
            fprintf(out, "%-54s %10s %-13s %10s  %-32s %s\n", "measurement", "fastsha256", "unit",
                    "OpenSSL", "OpenSSL code path", "advantage");
            any = 1;
        }
        char v[16], p[16], x[16];
        fmt_num(v, sizeof v, r->value);
        fmt_num(p, sizeof p, r->peer_value);
        if (strcmp(r->unit, "GB/s") == 0)
            fmt_ratio(x, sizeof x, r->value, r->peer_value);
        else
            fmt_ratio(x, sizeof x, r->peer_value, r->value);
        fprintf(out, "%-54.54s %10s %-13s %10s  %-32.32s %s\n", r->style, v, r->unit, p,
                r->peer[0] ? r->peer : "-", x);
        if (r->note[0])
            fprintf(out, "    %s\n", r->note);
    }
}

/* --- Any other section ---------------------------------------------------------- */

void br_print_rows(FILE *out, const br_meta *m, const char *section) {
    int any = 0;
    for (size_t i = 0; i < nrows; i++) {
        const br_row *r = &rows[i];
        if (strcmp(r->section, section) != 0)
            continue;
        if (!any) {
            fprintf(out, "\n%s: median of %d reps\n", section, m->reps);
            fprintf(out, "%-10s %-13s %-39s %-8s %9s %9s %8s %8s %8s %s\n", "who", "backend",
                    "style", "size", "hashes/s", "best", "ns/hash", "cyc/hash", "GB/s", "check");
            any = 1;
        }
        char size[16], rate[16], best[16], ns[16], cyc[16], gbps[16];
        fmt_size(size, sizeof size, r->size);
        br_fmt_rate(rate, sizeof rate, r->hps_med);
        br_fmt_rate(best, sizeof best, r->hps_best);
        fmt_num(ns, sizeof ns, r->ns_med);
        fmt_num(cyc, sizeof cyc, r->cyc_med);
        fmt_num(gbps, sizeof gbps, r->gbps);
        fprintf(out, "%-10s %-13.13s %-39.39s %-8s %9s %9s %8s %8s %8s %s\n", r->who, r->backend,
                r->style, size, rate, best, ns, cyc, gbps,
                r->check > 0 ? "ok" : r->check < 0 ? "MISMATCH" : "-");
        if (r->note[0])
            fprintf(out, "    %s\n", r->note);
    }
}

/* --- CSV and JSON ------------------------------------------------------------ */

/* CSV fields are written without quotes: commas become semicolons. */
static void csv_str(FILE *out, const char *s) {
    for (; *s; s++)
        fputc(*s == ',' ? ';' : *s == '\n' ? ' ' : *s, out);
}

/* One field table drives both writers: the CSV header and columns and the
 * JSON keys of a result, in this order. A new field is one line here. */
typedef enum {
    F_STR,      /* char array */
    F_SIZE,     /* size_t, always written */
    F_INT,      /* int, always written */
    F_NUM,      /* double: empty / null unless a positive finite value */
    F_CHECKSUM, /* uint64_t: 16 hex digits, empty / null when 0 */
    F_CHECK     /* int: "ok" (> 0), "MISMATCH" (< 0), empty / null (0) */
} field_kind;

typedef struct field {
    const char *name;
    field_kind kind;
    size_t offset; /* in br_row */
} field;

#define FIELD(name, kind, member) {name, kind, offsetof(br_row, member)}
static const field fields[] = {
    FIELD("section", F_STR, section),
    FIELD("who", F_STR, who),
    FIELD("backend", F_STR, backend),
    FIELD("style", F_STR, style),
    FIELD("messages", F_STR, messages),
    FIELD("size_bytes", F_SIZE, size),
    FIELD("count", F_SIZE, count),
    FIELD("threads", F_INT, threads),
    FIELD("reps", F_INT, reps),
    FIELD("hashes_per_s", F_NUM, hps_med),
    FIELD("hashes_per_s_best", F_NUM, hps_best),
    FIELD("ns_per_hash", F_NUM, ns_med),
    FIELD("ns_per_hash_best", F_NUM, ns_best),
    FIELD("cycles_per_hash", F_NUM, cyc_med),
    FIELD("gb_per_s", F_NUM, gbps),
    FIELD("cycles_per_byte", F_NUM, cpb),
    FIELD("chunks", F_SIZE, chunks),
    FIELD("dropped_chunks", F_SIZE, discarded),
    FIELD("checksum", F_CHECKSUM, checksum),
    FIELD("check", F_CHECK, check),
    FIELD("unit", F_STR, unit),
    FIELD("value", F_NUM, value),
    FIELD("peer", F_STR, peer),
    FIELD("peer_value", F_NUM, peer_value),
    FIELD("note", F_STR, note),
};
#undef FIELD
#define NFIELDS (sizeof fields / sizeof fields[0])

/* A field of a row as text; returns 0 when it has no value (CSV: empty,
 * JSON: null). Strings always have one, possibly empty. */
static int field_text(const br_row *r, const field *f, char *buf, size_t n) {
    const char *p = (const char *)r + f->offset;
    switch (f->kind) {
    case F_STR:
        bench_fmt(buf, n, "%s", p);
        return 1;
    case F_SIZE: {
        size_t v;
        memcpy(&v, p, sizeof v);
        bench_fmt(buf, n, "%zu", v);
        return 1;
    }
    case F_INT: {
        int v;
        memcpy(&v, p, sizeof v);
        bench_fmt(buf, n, "%d", v);
        return 1;
    }
    case F_NUM: {
        double v;
        memcpy(&v, p, sizeof v);
        if (!(v > 0 && isfinite(v)))
            return 0;
        bench_fmt(buf, n, "%.6g", v);
        return 1;
    }
    case F_CHECKSUM: {
        uint64_t v;
        memcpy(&v, p, sizeof v);
        if (!v)
            return 0;
        bench_fmt(buf, n, "%016llx", (unsigned long long)v);
        return 1;
    }
    case F_CHECK: {
        int v;
        memcpy(&v, p, sizeof v);
        if (!v)
            return 0;
        bench_fmt(buf, n, "%s", v > 0 ? "ok" : "MISMATCH");
        return 1;
    }
    }
    return 0;
}

/* JSON quotes these; the others are numbers. */
static int field_quoted(const field *f) {
    return f->kind == F_STR || f->kind == F_CHECKSUM || f->kind == F_CHECK;
}

void br_write_csv(FILE *out) {
    for (size_t k = 0; k < NFIELDS; k++)
        fprintf(out, "%s%s", k ? "," : "", fields[k].name);
    fputc('\n', out);
    for (size_t i = 0; i < nrows; i++) {
        for (size_t k = 0; k < NFIELDS; k++) {
            char text[sizeof rows[i].note + 8];
            if (k)
                fputc(',', out);
            if (field_text(&rows[i], &fields[k], text, sizeof text))
                csv_str(out, text);
        }
        fputc('\n', out);
    }
}

static void json_str(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_num(FILE *out, double v) {
    if (v > 0 && isfinite(v))
        fprintf(out, "%.6g", v);
    else
        fprintf(out, "null");
}

static void json_kv_str(FILE *out, const char *k, const char *v, int comma) {
    fprintf(out, "\"%s\": ", k);
    json_str(out, v ? v : "");
    if (comma)
        fputs(", ", out);
}

static void json_kv_num(FILE *out, const char *k, double v, int comma) {
    fprintf(out, "\"%s\": ", k);
    json_num(out, v);
    if (comma)
        fputs(", ", out);
}

void br_write_json(FILE *out, const br_meta *m) {
    fprintf(out, "{\n  \"meta\": {");
    json_kv_str(out, "tool", "fastsha256-bench", 1);
    json_kv_str(out, "version", m->version, 1);
    json_kv_str(out, "date", m->date, 1);
    json_kv_str(out, "modes", m->modes, 1);
    json_kv_str(out, "cpu_model", m->cpu_model, 1);
    fprintf(out, "\"cpus_allowed\": %d, \"pinned_cpu\": %d, ", m->ncpus, m->pinned_cpu);
    json_kv_str(out, "tick_source", m->tick_source, 1);
    json_kv_num(out, "tick_hz", m->tick_hz, 1);
    json_kv_num(out, "core_hz", m->core_hz, 1);
    json_kv_num(out, "core_hz_end", m->core_hz_end, 1);
    json_kv_num(out, "core_per_tick", m->core_per_tick, 1);
    json_kv_str(out, "compiler", m->compiler, 1);
    json_kv_str(out, "build", m->build, 1);
    json_kv_str(out, "kernel", m->host_kernel, 1);
    json_kv_str(out, "backends", m->backends, 1);
    json_kv_str(out, "auto_backend", m->auto_backend, 1);
    json_kv_str(out, "hex_backend", m->hex_backend, 1);
    json_kv_str(out, "openssl", m->openssl, 1);
    fprintf(out, "\"js\": [");
    int first = 1;
    for (int i = 0; i < 3; i++)
        if (m->js[i][0]) {
            if (!first)
                fputs(", ", out);
            json_str(out, m->js[i]);
            first = 0;
        }
    fprintf(out, "], \"count\": %zu, \"batch\": %zu, \"js_count\": %zu, \"js_async_count\": %zu, "
                 "\"reps\": %d, \"threads\": %d, \"quick\": %s},\n  \"results\": [",
            m->count, m->batch, m->js_count, m->js_async_count, m->reps, m->threads,
            m->quick ? "true" : "false");
    for (size_t i = 0; i < nrows; i++) {
        const br_row *r = &rows[i];
        fprintf(out, "%s\n    {", i ? "," : "");
        for (size_t k = 0; k < NFIELDS; k++) {
            char text[sizeof r->note + 8];
            fprintf(out, "%s\"%s\": ", k ? ", " : "", fields[k].name);
            if (!field_text(r, &fields[k], text, sizeof text))
                fputs("null", out);
            else if (field_quoted(&fields[k]))
                json_str(out, text);
            else
                fputs(text, out);
        }
        fputc('}', out);
    }
    fprintf(out, "\n  ]\n}\n");
}

/* --- Directory output and the plot ----------------------------------------- */

static FILE *open_in(const char *dir, const char *name) {
    char path[BJ_PATH_MAX];
    bench_fmt(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "fastsha256-bench: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

/* Checked before the run, so a bad path costs no measuring: DIR is an
 * existing directory, or a new one whose parent exists. Only the last
 * directory is created (never missing parents: a typo must not build a tree,
 * and /nonexistent/... must fail even as root). */
int br_prepare_dir(const char *dir) {
    char path[BJ_PATH_MAX];
    size_t len = dir ? strlen(dir) : 0;
    if (len == 0) {
        fprintf(stderr, "fastsha256-bench: --output needs a directory name\n");
        return -1;
    }
    if (len >= sizeof path) {
        fprintf(stderr, "fastsha256-bench: --output %.40s...: path too long\n", dir);
        return -1;
    }
    memcpy(path, dir, len + 1);
    while (len > 1 && path[len - 1] == '/') /* "out/" is "out" */
        path[--len] = '\0';
    struct stat st;
    if (stat(path, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            fprintf(stderr, "fastsha256-bench: --output %s: exists and is not a directory\n",
                    dir);
            return -1;
        }
    } else if (errno != ENOENT) {
        fprintf(stderr, "fastsha256-bench: --output %s: %s\n", dir, strerror(errno));
        return -1;
    } else if (mkdir(path, 0777) != 0) {
        if (errno == ENOENT)
            fprintf(stderr, "fastsha256-bench: --output %s: the parent directory does not "
                            "exist (only the last directory is created)\n", dir);
        else
            fprintf(stderr, "fastsha256-bench: --output %s: cannot create it: %s\n", dir,
                    strerror(errno));
        return -1;
    }
    if (access(path, W_OK | X_OK) != 0) {
        fprintf(stderr, "fastsha256-bench: --output %s: cannot write into it: %s\n", dir,
                strerror(errno));
        return -1;
    }
    return 0;
}

static void gp_escape(FILE *out, const char *s) {
    for (; *s; s++)
        if (*s != '"' && *s != '\\')
            fputc(*s, out);
}

static int write_plot(const char *dir, const br_meta *m, int verbose) {
    size_t sizes[MAX_SIZES];
    series s[MAX_SERIES];
    size_t nsizes = sweep_sizes(sizes);
    if (nsizes == 0) {
        if (verbose)
            fprintf(stderr, "fastsha256-bench: no sweep rows: plot skipped (add --sweep)\n");
        return 0;
    }
    size_t nseries = sweep_series(s, sizes, nsizes);
    FILE *dat = open_in(dir, "throughput.dat");
    if (!dat)
        return -1;
    fprintf(dat, "# fastsha256-bench size sweep: one gnuplot data block per series\n"
                 "# columns: size_bytes hashes_per_s gb_per_s cycles_per_byte\n");
    for (size_t k = 0; k < nseries; k++) {
        fprintf(dat, "%s# %s\n", k ? "\n\n" : "", s[k].label);
        for (size_t z = 0; z < nsizes; z++) {
            const br_row *r = s[k].at[z];
            if (!r || r->size == 0) /* log axes: size 0 only in the tables */
                continue;
            fprintf(dat, "%zu %.6g %.6g %.6g\n", r->size, r->hps_med, r->gbps, r->cpb);
        }
    }
    fclose(dat);

    FILE *gp = open_in(dir, "throughput.gp");
    if (!gp)
        return -1;
    fprintf(gp, "# fastsha256-bench: SHA-256 throughput vs message size, per backend.\n"
                "# Regenerate the pictures from throughput.dat with: gnuplot throughput.gp\n"
                "# (run in this folder). Written by fastsha256-bench --sweep --output DIR.\n");
    fprintf(gp, "title_text = \"fastsha256 %s: SHA-256 throughput vs message size - ", m->version);
    gp_escape(gp, m->cpu_model);
    fprintf(gp, ", core %.2f GHz (estimated), %s\"\n", m->core_hz / 1e9, m->date);
    fprintf(gp, "do for [t = 1:2] {\n"
                "  if (t == 1) {\n"
                "    if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) {\n"
                "      set terminal pngcairo noenhanced size 1600,700 font \"sans,10\"\n"
                "    } else {\n"
                "      set terminal png noenhanced size 1600,700\n"
                "    }\n"
                "    set output \"throughput.png\"\n"
                "  } else {\n"
                "    set terminal svg noenhanced size 1600,700 dynamic font \"sans,10\"\n"
                "    set output \"throughput.svg\"\n"
                "  }\n"
                "  set multiplot layout 1,2 title title_text\n"
                "  set logscale xy\n"
                "  set grid xtics ytics mytics\n"
                "  set key bottom right font \",9\"\n"
                "  set xlabel \"message size (bytes)\"\n"
                "  set xrange [10:24000000]\n"
                "  set xtics (\"14\" 14, \"64\" 64, \"256\" 256, \"1K\" 1024, \"4K\" 4096, "
                "\"64K\" 65536, \"1M\" 1048576, \"16M\" 16777216)\n"
                "  set ylabel \"GB/s (1e9 bytes/s)\"\n"
                "  set title \"throughput\"\n"
                "  plot \\\n");
    for (size_t k = 0; k < nseries; k++) {
        fprintf(gp, "    \"throughput.dat\" index %zu using 1:3 with linespoints lw 2 title \"", k);
        gp_escape(gp, s[k].label);
        fprintf(gp, "\"%s\n", k + 1 < nseries ? ", \\" : "");
    }
    fprintf(gp, "  set ylabel \"hashes per second\"\n"
                "  set title \"messages per second\"\n"
                "  set key top right font \",9\"\n"
                "  plot \\\n");
    for (size_t k = 0; k < nseries; k++) {
        fprintf(gp, "    \"throughput.dat\" index %zu using 1:2 with linespoints lw 2 title \"", k);
        gp_escape(gp, s[k].label);
        fprintf(gp, "\"%s\n", k + 1 < nseries ? ", \\" : "");
    }
    fprintf(gp, "  unset multiplot\n  set output\n}\n");
    fclose(gp);

    /* gnuplot from the distribution (apt-get install gnuplot-nox), if any. */
    char gnuplot[BJ_PATH_MAX];
    if (!bj_find_runtime("gnuplot", NULL, 0, gnuplot, sizeof gnuplot)) {
        fprintf(stderr, "fastsha256-bench: gnuplot not found: wrote %s/throughput.gp, no "
                        "pictures (apt-get install gnuplot-nox)\n", dir);
        return 0;
    }
    pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir) != 0)
            _exit(126);
        execl(gnuplot, "gnuplot", "throughput.gp", (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
        fprintf(stderr, "fastsha256-bench: gnuplot failed on %s/throughput.gp\n", dir);
        return -1;
    }
    if (verbose)
        fprintf(stderr, "fastsha256-bench: wrote %s/throughput.png and throughput.svg\n", dir);
    return 0;
}

static void write_csv_file(FILE *out, const br_meta *m) {
    (void)m;
    br_write_csv(out);
}

/* DIR/name written by write; -1 when it cannot be opened or closed. */
static int write_file(const char *dir, const char *name, br_tables_fn write, const br_meta *m) {
    FILE *f = open_in(dir, name);
    if (!f)
        return -1;
    write(f, m);
    return fclose(f) == 0 ? 0 : -1;
}

int br_write_dir(const char *dir, const br_meta *m, int verbose, br_tables_fn tables) {
    int rc = 0;
    rc |= write_file(dir, "results.csv", write_csv_file, m);
    rc |= write_file(dir, "results.json", br_write_json, m);
    rc |= write_file(dir, "results.txt", tables, m);
    if (write_plot(dir, m, verbose) != 0)
        rc = -1;
    if (verbose && rc == 0)
        fprintf(stderr, "fastsha256-bench: wrote %s/results.csv, results.json, results.txt\n",
                dir);
    return rc;
}
