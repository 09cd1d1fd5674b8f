/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared by bench_limits.c (the mode and its table), bench_limits_floors.c
 * (probes, floors, paths timed in rounds with the probes, rows),
 * bench_limits_paths.c (the paths) and limits_probe.c (the instruction
 * probes, which --kdf runs too). All values are core cycles
 * unless said; 0 = not on this CPU. */
#ifndef FASTSHA256_BENCH_LIMITS_H
#define FASTSHA256_BENCH_LIMITS_H

#include "bench_context.h"

/* --- Instruction probes (limits_probe.c) ---------------------------------------
 * On the running CPU, the latency and reciprocal throughput of the
 * instructions that bound each path, and the throughput of each kernel's
 * instruction mix with enough independent work to fill every unit. Each
 * probe is inline assembly run in a timed loop; bench_probe_run turns it
 * into core cycles per unit (median and best of several repetitions). */

/* Runs `iters` loop iterations, returns counter ticks. */
typedef uint64_t (*bench_probe_loop_fn)(uint64_t iters);

typedef struct bench_probe {
    const char *name;       /* "sha256rnds2 latency" */
    const char *isa;        /* "shani", "avx2", "avx512", "armv8", "" (always) */
    bench_probe_loop_fn loop;
    double units_per_iter;  /* instructions, rounds, blocks or digests per iteration */
    const char *unit;       /* what one unit is, for the table */
} bench_probe;

/* Every probe this build has for its architecture, NULL-terminated. */
extern const bench_probe *const bench_probes[];

/* Core cycles per unit of p: median and best of reps, each about ms long. */
void bench_probe_run(const bench_probe *p, double core_per_tick, int reps, double ms,
                     double *median, double *best);

/* --- Floors, paths and rounds ------------------------------------------------ */

#define BENCH_LIMITS_MAX_PROBES 24
#define BENCH_LIMITS_BATCH 1024u
#define BENCH_LIMITS_MAX_MSGS 32u
#define BENCH_LIMITS_STR_(x) #x
#define BENCH_LIMITS_STR(x) BENCH_LIMITS_STR_(x) /* x's value as a string */

typedef struct bench_limits_floors {
    int nprobe;
    const char *probe_name[BENCH_LIMITS_MAX_PROBES];
    double probe[BENCH_LIMITS_MAX_PROBES];   /* best chunks, cycles per probe unit */
    /* per 64-byte block */
    double shani_block_lat;        /* 32 x rnds2 latency: one block, no feed-forward */
    double shani_one, shani_many;  /* one stream (with the feed-forward add); the mix */
    double arm_block_lat, arm_one, arm_many;
    double avx2_mix, avx2_chain;   /* per lane-block; chain: 64 rounds of one vector */
    double avx512_mix, avx512_chain;
    double hex256, hex128;         /* per digest */
    double int_mix;                /* portable C's integer operations, per block */
    double one, block_lat, many;   /* this CPU's limits: the best of the backends */
} bench_limits_floors;

/* Runs every probe this CPU has (rows: also as table rows, at the full
 * repetitions) and derives the floors, in core cycles at core_per_tick
 * (1: in counter ticks). */
void bench_limits_measure_floors(const bench_ctx *c, bench_limits_floors *f, double core_per_tick,
                                 int rows);

/* The lowest and highest core clock (GHz) estimated next to the probes and
 * rows (bench_limits_floors.c), for the table's heading. */
void bench_limits_clock_range(double *low, double *high);

/* What a path's floor is made of. */
typedef enum bench_limits_floor_kind {
    BENCH_LIMITS_F_NONE,
    BENCH_LIMITS_F_ONE,       /* one stream's block */
    BENCH_LIMITS_F_BLOCK_LAT, /* one block's latency, no feed-forward */
    BENCH_LIMITS_F_MANY,      /* a block at the many-stream floor of the best backend */
    BENCH_LIMITS_F_LANES,     /* a block on this backend's lanes with nmsg streams */
    BENCH_LIMITS_F_SEED,      /* one block at the many-stream floor and a hex digest */
    BENCH_LIMITS_F_HEX,       /* a hex digest on the encoder in use */
    BENCH_LIMITS_F_HMAC,      /* three blocks at the many-stream floor */
    BENCH_LIMITS_F_KDF_ONE,   /* two one-stream blocks, dependent */
    BENCH_LIMITS_F_KDF_MANY,  /* two blocks at the many-stream floor */
} bench_limits_floor_kind;

/* The work functions' arguments (bench_limits_paths.c), the messages first
 * (for the work functions of bench_context.h). */
typedef struct bench_limits_arg {
    bench_msgs m;
    char (*hex)[65];
    const uint8_t *records;       /* BENCH_LIMITS_BATCH 14-byte messages, 16 bytes apart */
    const void **msg64;           /* BENCH_LIMITS_BATCH 64-byte messages */
    size_t *len64;
    fastsha256_hmac_key key;
    uint8_t chain[2][72];         /* a message made of the previous output */
} bench_limits_arg;

/* One row of the table: a path, how to run it and what bounds it. */
typedef struct bench_limits_path {
    const char *label;
    const char *backend;  /* forced for the row; NULL: auto */
    bench_work_fn fn;
    size_t nmsg, size;    /* an item: nmsg messages of size bytes (nmsg 0: one) */
    size_t granule;       /* items per call of fn */
    double units;         /* units per item; 0: the messages' padded blocks */
    const char *unit;
    bench_limits_floor_kind floor;
    const char *basis;    /* the floor's basis, for the table */
    const char *target;   /* the goal as text (">=90%"), or NULL */
    const char *note;     /* fixed note, or NULL */
    void (*annotate)(bench_report_row *r, double value, double floor); /* computed note */
} bench_limits_path;

/* The units in one item of p. */
double bench_limits_path_units(const bench_limits_path *p);

/* A path timed in rounds: per item, core cycles of the median round and of
 * the fastest chunk of any round (an item, where items are timed alone);
 * share = the floor / the median round's path, best_share = the floor /
 * that fastest. */
typedef struct bench_limits_measured {
    double median, best, share, best_share;
    int rounds;
    char note[96];   /* how the rounds were timed when not as usual, or "" */
} bench_limits_measured;

void bench_limits_measure_path(const bench_ctx *c, const bench_limits_path *p, bench_limits_arg *a,
                               const bench_limits_floors *f, bench_limits_measured *m);
/* The same with OpenSSL's integer path (a child process) as the floor;
 * peer 0: only the path. */
void bench_limits_measure_against_openssl(const bench_ctx *c, const bench_limits_path *p,
                                          bench_limits_arg *a, int peer, bench_limits_measured *m);

/* A path row: the median round's value per unit, the best's, and the
 * floor (share x value: floor / value is the row's share). */
bench_report_row *bench_limits_row(const char *backend, const bench_limits_path *p,
                                   const bench_limits_measured *m, double units);

void bench_limits_run_paths(bench_ctx *c, const bench_limits_floors *f);

#endif /* FASTSHA256_BENCH_LIMITS_H */
