/* Shared by bench_limits.c (probes, floors, table) and bench_limits_paths.c
 * (the measured paths). All values are core cycles; 0 = not on this CPU. */
#ifndef FASTSHA256_BENCH_LIMITS_H
#define FASTSHA256_BENCH_LIMITS_H

#include "bench_context.h"

#define BL_MAX_PROBES 24

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

double bl_probe(const bl_floors *f, const char *name);

/* Core cycles per counter tick now: the add-chain estimate, taken next to
 * each probe and row (the core clock of a shared machine moves during a
 * run); the lowest and highest seen go in the table's header. */
double bl_core_per_tick(const bench_ctx *c);
double bl_lanes_floor(const bl_floors *f, const char *backend, unsigned n);

/* A path row: measured value (the median repetition's) next to its floor;
 * target is the goal as text (">=90%"), or NULL. The best
 * repetition's value is the median's times the last measurement's
 * best/median ratio (bl_last_best_ratio). */
extern double bl_last_best_ratio;
/* How the last measurement was taken when not as usual, else "": bl_row
 * puts it in the row's note (after the row's own). */
extern char bl_last_note[96];
br_row *bl_row(const char *backend, const char *path, const char *unit, double value,
               const char *floor_basis, double floor, const char *target);

void bl_run_paths(bench_ctx *c, const bl_floors *f);

#endif /* FASTSHA256_BENCH_LIMITS_H */
