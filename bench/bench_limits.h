/* Shared by bench_limits.c (probes, floors, table), bench_limits_rounds.c
 * (paths timed in rounds with the probes) and bench_limits_paths.c (the
 * paths). All values are core cycles unless said; 0 = not on this CPU. */
#ifndef FASTSHA256_BENCH_LIMITS_H
#define FASTSHA256_BENCH_LIMITS_H

#include "bench_context.h"

#define BL_MAX_PROBES 24
#define BL_BATCH 1024u
#define BL_MAX_MSGS 32u

typedef struct bl_floors {
    int nprobe;
    const char *probe_name[BL_MAX_PROBES];
    double probe[BL_MAX_PROBES];   /* best chunks, cycles per probe unit */
    /* per 64-byte block */
    double shani_block_lat;        /* 32 x rnds2 latency: one block, no feed-forward */
    double shani_one, shani_many;  /* one stream (with the feed-forward add); the mix */
    double arm_block_lat, arm_one, arm_many;
    double avx2_mix, avx2_chain;   /* per lane-block; chain: 64 rounds of one vector */
    double avx512_mix, avx512_chain;
    double hex256, hex128;         /* per digest */
    double one, block_lat, many;   /* this CPU's limits: the best of the backends */
} bl_floors;

/* Runs every probe this CPU has (rows: also as table rows, at the full
 * repetitions) and derives the floors, in core cycles at core_per_tick
 * (1: in counter ticks). */
void bl_measure_floors(const bench_ctx *c, bl_floors *f, double core_per_tick, int rows);
double bl_probe(const bl_floors *f, const char *name);

/* Core cycles per counter tick now: the add-chain estimate, taken next to
 * each probe and row (the core clock of a shared machine moves during a
 * run); the lowest and highest seen go in the table's header. */
double bl_core_per_tick(const bench_ctx *c);
double bl_lanes_floor(const bl_floors *f, const char *backend, unsigned n);

/* What a path's floor is made of. */
typedef enum bl_floor_kind {
    BL_F_NONE,
    BL_F_ONE,       /* one stream's block */
    BL_F_BLOCK_LAT, /* one block's latency, no feed-forward */
    BL_F_MANY,      /* a block at the many-stream floor of the best backend */
    BL_F_LANES,     /* a block on this backend's lanes with nmsg streams */
    BL_F_SEED,      /* one block at the many-stream floor and a hex digest */
    BL_F_HEX,       /* a hex digest on the encoder in use */
    BL_F_HMAC,      /* three blocks at the many-stream floor */
    BL_F_KDF_ONE,   /* two one-stream blocks, dependent */
    BL_F_KDF_MANY,  /* two blocks at the many-stream floor */
} bl_floor_kind;

/* The work functions' arguments (bench_limits_paths.c). */
typedef struct bl_arg {
    const uint8_t *buf;
    size_t size, nmsg;
    const void *ptrs[BL_MAX_MSGS];
    size_t lens[BL_MAX_MSGS];
    uint8_t (*dig)[32];
    char (*hex)[65];
    const uint8_t *records;       /* BL_BATCH 14-byte messages, 16 bytes apart */
    const void **msg64;           /* BL_BATCH 64-byte messages */
    size_t *len64;
    fastsha256_hmac_key key;
    uint8_t chain[2][72];         /* a message made of the previous output */
} bl_arg;

/* One row of the table: a path, how to run it and what bounds it. */
typedef struct bl_path {
    const char *label;
    const char *backend;  /* forced for the row; NULL: auto */
    bu_work_fn fn;
    size_t nmsg, size;    /* an item: nmsg messages of size bytes (nmsg 0: one) */
    size_t granule;       /* items per call of fn */
    double units;         /* units per item; 0: the messages' padded blocks */
    const char *unit;
    bl_floor_kind floor;
    const char *basis;    /* the floor's basis, for the table */
    const char *target;   /* the goal as text (">=90%"), or NULL */
    const char *note;     /* fixed note, or NULL */
    void (*annotate)(br_row *r, double value, double floor); /* computed note */
} bl_path;

/* The floor of p per unit in f's units (0: none on this CPU), and the
 * units in one item. */
double bl_path_floor(const bl_floors *f, const bl_path *p);
double bl_path_units(const bl_path *p);

/* A path timed in rounds: per item, core cycles of the median and best
 * round; share = the floor / the median round's path, best_share = the
 * floor / the best round's. */
typedef struct bl_measured {
    double median, best, share, best_share;
    int rounds;
    char note[96];   /* how the rounds were timed when not as usual, or "" */
} bl_measured;

void bl_measure_path(const bench_ctx *c, const bl_path *p, bl_arg *a, const bl_floors *f,
                     bl_measured *m);
/* The same with OpenSSL's integer path (a child process) as the floor;
 * peer 0: only the path. */
void bl_measure_against_openssl(const bench_ctx *c, const bl_path *p, bl_arg *a, int peer,
                                bl_measured *m);

/* A path row: the median round's value per unit, the best's, and the
 * floor (share x value: floor / value is the row's share). */
br_row *bl_row(const char *backend, const bl_path *p, const bl_measured *m, double units);

void bl_run_paths(bench_ctx *c, const bl_floors *f);

#endif /* FASTSHA256_BENCH_LIMITS_H */
