/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Hash trees (src/tree/): RFC 6962's published vectors, naive references
 * written from the format descriptions (dm-verity, RFC 6962), streaming
 * against one-shot at random piece boundaries, and bad parameters. The
 * comparison with the formats' real tools is test/tree/tree_tools.sh. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

static uint8_t *random_bytes(size_t n, uint64_t seed) {
    uint8_t *p = malloc(n ? n : 1);
    cr_assert(p);
    test_fill(p, n, seed);
    return p;
}

/* --- RFC 6962 ------------------------------------------------------------ */
static void rfc_leaf(const uint8_t *d, size_t n, uint8_t out[32]) {
    uint8_t *m = malloc(n + 1);
    m[0] = 0;
    if (n)
        memcpy(m + 1, d, n);
    ref_sha256(m, n + 1, out);
    free(m);
}

/* MTH as RFC 6962 2.1 writes it, recursively. */
static void rfc_mth(const void *const *l, const size_t *lens, size_t n, uint8_t out[32]) {
    if (n == 0) {
        ref_sha256("", 0, out);
        return;
    }
    if (n == 1) {
        rfc_leaf(l[0], lens[0], out);
        return;
    }
    size_t k = 1;
    while (2 * k < n)
        k *= 2;
    uint8_t m[65];
    m[0] = 1;
    rfc_mth(l, lens, k, m + 1);
    rfc_mth(l + k, lens + k, n - k, m + 33);
    ref_sha256(m, 65, out);
}

Test(tree, rfc6962_published_vectors) {
    FILE *f = open_vector("trees/rfc6962.txt");
    char line[2048];
    uint8_t leafbuf[8][16];
    const void *leaves[8];
    size_t lens[8], nleaves = 0, checked = 0;
    while (fgets(line, sizeof line, f)) {
        char *tok = strtok(line, " \n");
        if (tok == NULL || tok[0] == '#')
            continue;
        if (strcmp(tok, "leaf") == 0) {
            char *h = strtok(NULL, " \n");
            lens[nleaves] = strcmp(h, "-") ? strlen(h) / 2 : 0;
            cr_assert(lens[nleaves] == 0 || hex_decode(h, leafbuf[nleaves], lens[nleaves]));
            leaves[nleaves] = leafbuf[nleaves];
            nleaves++;
        } else if (strcmp(tok, "root") == 0) {
            size_t n = strtoul(strtok(NULL, " \n"), NULL, 10);
            uint8_t want[32], got[32];
            cr_assert(hex_decode(strtok(NULL, " \n"), want, 32));
            cr_assert_eq(fastsha256_rfc6962_root(leaves, lens, n, got), 0);
            cr_assert_arr_eq(got, want, 32, "root of %zu leaves", n);
            checked++;
        } else if (strcmp(tok, "path") == 0) {
            size_t m = strtoul(strtok(NULL, " \n"), NULL, 10);
            size_t n = strtoul(strtok(NULL, " \n"), NULL, 10), plen = 99, i = 0;
            uint8_t path[64][32], want[32];
            cr_assert_eq(fastsha256_rfc6962_audit_path(leaves, lens, n, m, path, &plen), 0);
            for (char *h; (h = strtok(NULL, " \n")) != NULL; i++) {
                cr_assert(hex_decode(h, want, 32));
                cr_assert_arr_eq(path[i], want, 32, "path %zu of %zu, entry %zu", m, n, i);
            }
            cr_assert_eq(plen, i);
            checked++;
        }
    }
    fclose(f);
    cr_assert_eq(checked, 9 + 5);
}

/* Leaves of random lengths 0..200 (the framed scheduler's short and long
 * paths) against the recursive definition, across chunk boundaries. */
Test(tree, rfc6962_against_definition) {
    enum { N = 1100 };
    static const void *leaves[N];
    static size_t lens[N];
    uint64_t s = 7;
    uint8_t *data = random_bytes(N * 200, 3);
    for (size_t i = 0; i < N; i++) {
        leaves[i] = data + i * 200;
        lens[i] = (size_t)(test_rand(&s) % 201);
    }
    static const size_t ns[] = {1, 2, 3, 5, 255, 256, 257, 511, 512, 513, 1100};
    for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        uint8_t want[32], got[32];
        rfc_mth(leaves, lens, ns[t], want);
        cr_assert_eq(fastsha256_rfc6962_root(leaves, lens, ns[t], got), 0);
        cr_assert_arr_eq(got, want, 32, "n = %zu", ns[t]);
    }
    free(data);
}

/* RFC 9162 2.1.3.2: the root an inclusion proof leads to. */
static void root_from_path(size_t m, size_t n, const uint8_t leaf[32], uint8_t (*path)[32],
                           size_t plen, uint8_t out[32]) {
    size_t fn = m, sn = n - 1;
    uint8_t r[32], b[65];
    memcpy(r, leaf, 32);
    b[0] = 1;
    for (size_t i = 0; i < plen; i++) {
        if ((fn & 1) || fn == sn) {
            memcpy(b + 1, path[i], 32);
            memcpy(b + 33, r, 32);
            while (!(fn & 1) && fn) {
                fn >>= 1;
                sn >>= 1;
            }
        } else {
            memcpy(b + 1, r, 32);
            memcpy(b + 33, path[i], 32);
        }
        ref_sha256(b, 65, r);
        fn >>= 1;
        sn >>= 1;
    }
    memcpy(out, r, 32);
}

Test(tree, rfc6962_audit_paths_verify) {
    enum { N = 700 };
    static const void *leaves[N];
    static size_t lens[N];
    uint8_t *data = random_bytes(N * 64, 5);
    for (size_t i = 0; i < N; i++) {
        leaves[i] = data + i * 64;
        lens[i] = 64;
    }
    static const size_t ms[] = {0, 1, 255, 256, 511, 512, 698, 699};
    uint8_t root[32], path[64][32], leaf[32], got[32];
    cr_assert_eq(fastsha256_rfc6962_root(leaves, lens, N, root), 0);
    for (size_t t = 0; t < sizeof ms / sizeof ms[0]; t++) {
        size_t plen;
        cr_assert_eq(fastsha256_rfc6962_audit_path(leaves, lens, N, ms[t], path, &plen), 0);
        rfc_leaf(leaves[ms[t]], 64, leaf);
        root_from_path(ms[t], N, leaf, path, plen, got);
        cr_assert_arr_eq(got, root, 32, "leaf %zu", ms[t]);
    }
    size_t plen = 5;
    cr_assert_eq(fastsha256_rfc6962_audit_path(leaves, lens, N, N, path, &plen), -1);
    cr_assert_eq(plen, 5);
    free(data);
}

/* --- dm-verity, level by level as veritysetup's verity_hash.c does ------ */
static void dm_block_hash(const uint8_t *b, size_t n, const uint8_t *salt, size_t sl, int fmt,
                          uint8_t out[32]) {
    uint8_t *m = malloc(n + sl + 1);
    memcpy(m + (fmt ? sl : 0), b, n);
    if (sl)
        memcpy(m + (fmt ? 0 : n), salt, sl);
    ref_sha256(m, n + sl, out);
    free(m);
}

/* The root, and the hash file (top level first) into *tree (malloc'd). */
static void dm_ref(const uint8_t *d, size_t len, size_t dbs, size_t hbs, const uint8_t *salt,
                   size_t sl, int fmt, uint8_t root[32], uint8_t **tree, size_t *tree_len) {
    size_t n = len / dbs, bs = dbs;
    uint8_t *level = malloc(n * bs + 1);
    memcpy(level, d, n * bs);
    *tree = NULL;
    *tree_len = 0;
    while (n > 1) {
        size_t per = hbs / 32, blocks = (n + per - 1) / per;
        uint8_t *up = calloc(blocks, hbs);
        for (size_t i = 0; i < n; i++)
            dm_block_hash(level + i * bs, bs, salt, sl, fmt, up + i * 32);
        uint8_t *t = malloc(blocks * hbs + *tree_len + 1); /* this level goes first */
        memcpy(t, up, blocks * hbs);
        if (*tree_len)
            memcpy(t + blocks * hbs, *tree, *tree_len);
        free(*tree);
        *tree = t;
        *tree_len += blocks * hbs;
        free(level);
        level = up;
        n = blocks;
        bs = hbs;
    }
    dm_block_hash(level, bs, salt, sl, fmt, root);
    free(level);
}

Test(tree, dmverity_against_reference) {
    uint8_t *data = random_bytes(300000, 11), *salt = random_bytes(256, 12);
    static const size_t salts[] = {0, 1, 31, 32, 63, 64, 65, 200, 256};
    static const size_t sizes[][3] = {{512, 512, 512},     {4096, 4096, 4096},
                                      {8192 + 100, 4096, 4096}, {300000, 512, 512},
                                      {300000, 1024, 4096}, {300000, 4096, 512},
                                      {131072, 65536, 1024}};
    for (size_t si = 0; si < sizeof salts / sizeof salts[0]; si++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (int fmt = 0; fmt <= 1; fmt++) {
                size_t len = sizes[z][0], dbs = sizes[z][1], hbs = sizes[z][2], tl;
                uint8_t want[32], got[32], *tree;
                uint64_t size;
                dm_ref(data, len, dbs, hbs, salt, salts[si], fmt, want, &tree, &tl);
                cr_assert_eq(fastsha256_dmverity_tree_size(len, dbs, hbs, &size), 0);
                cr_assert_eq(size, tl);
                uint8_t *mine = malloc(tl + 1);
                cr_assert_eq(fastsha256_dmverity_tree(data, len, dbs, hbs, salt, salts[si], fmt,
                                                      tl ? mine : NULL, tl, got), 0);
                cr_assert_arr_eq(got, want, 32, "len %zu dbs %zu hbs %zu salt %zu fmt %d", len,
                                 dbs, hbs, salts[si], fmt);
                cr_assert(tl == 0 || memcmp(mine, tree, tl) == 0, "tree differs");
                cr_assert_eq(fastsha256_dmverity_root(data, len, dbs, hbs, salt, salts[si], fmt,
                                                      got), 0);
                cr_assert_arr_eq(got, want, 32);
                free(mine);
                free(tree);
            }
    free(data);
    free(salt);
}

/* --- Streaming equals one-shot at random piece boundaries ---------------- */
typedef struct sink_buf {
    uint8_t *p;
    size_t cap;
} sink_buf;
static void to_buf(void *arg, uint64_t off, const void *b, size_t n) {
    sink_buf *s = (sink_buf *)arg;
    cr_assert(off + n <= s->cap, "sink past the end: %llu + %zu", (unsigned long long)off, n);
    memcpy(s->p + off, b, n);
}

/* Random piece lengths (0 to 3 leaves of the format) over len bytes. */
static size_t next_piece(uint64_t *s, size_t left, size_t leaf) {
    size_t k = (size_t)(test_rand(s) % (3 * leaf + 1));
    return k < left ? k : left;
}

Test(tree, verity_streaming_equals_one_shot) {
    size_t len = 700000 + 123;
    uint8_t *data = random_bytes(len, 21), salt[32];
    test_fill(salt, sizeof salt, 22);
    uint64_t s = 23;
    for (int round = 0; round < 6; round++) {
        size_t bs = (size_t)1024 << (round % 4), sl = round * 6, hbs = 512 << (round % 3);
        uint8_t one[32], inc[32];
        fastsha256_verity v;
        cr_assert_eq(fastsha256_fsverity_digest(data, len, bs, salt, sl, one), 0);
        cr_assert_eq(fastsha256_fsverity_init(&v, bs, salt, sl), 0);
        for (size_t at = 0, k; at < len; at += k) {
            k = next_piece(&s, len - at, bs);
            fastsha256_verity_update(&v, data + at, k);
        }
        cr_assert_eq(fastsha256_verity_final(&v, inc), 0);
        cr_assert_arr_eq(inc, one, 32, "fs-verity bs %zu salt %zu", bs, sl);

        uint64_t tl;
        cr_assert_eq(fastsha256_dmverity_tree_size(len, bs, hbs, &tl), 0);
        uint8_t *t1 = malloc(tl), *t2 = calloc(1, tl);
        sink_buf sb = {t2, tl};
        cr_assert_eq(fastsha256_dmverity_tree(data, len, bs, hbs, salt, sl, round & 1, t1, tl,
                                              one), 0);
        cr_assert_eq(fastsha256_dmverity_init(&v, bs, hbs, salt, sl, round & 1, len, to_buf,
                                              &sb), 0);
        for (size_t at = 0, k; at < len; at += k) {
            k = next_piece(&s, len - at, bs);
            fastsha256_verity_update(&v, data + at, k);
        }
        cr_assert_eq(fastsha256_verity_final(&v, inc), 0);
        cr_assert_arr_eq(inc, one, 32, "dm-verity bs %zu hbs %zu", bs, hbs);
        cr_assert(memcmp(t1, t2, tl) == 0, "dm-verity tree through the sink");
        free(t1);
        free(t2);
    }
    free(data);
}

Test(tree, binary_streaming_equals_one_shot) {
    size_t len = (size_t)5 * 1024 * 1024 + 77;
    uint8_t *data = random_bytes(len, 31);
    uint64_t s = 32;
    for (int kind = 0; kind < 2; kind++) {
        size_t leaf = kind ? 1024 * 1024 : 16384;
        uint8_t one[32], inc[32];
        fastsha256_merkle m;
        if (kind) {
            cr_assert_eq(fastsha256_glacier_tree_hash(data, len, one), 0);
            fastsha256_glacier_init(&m);
        } else {
            cr_assert_eq(fastsha256_bt2_pieces_root(data, len, one), 0);
            cr_assert_eq(fastsha256_bt2_init(&m, 0, NULL, NULL), 0);
        }
        for (size_t at = 0, k; at < len; at += k) {
            k = next_piece(&s, len - at, leaf);
            fastsha256_merkle_update(&m, data + at, k);
        }
        cr_assert_eq(fastsha256_merkle_final(&m, inc), 0);
        cr_assert_arr_eq(inc, one, 32, "kind %d", kind);
    }
    free(data);
}

/* The piece layer hashed up (zero-subtree roots as padding) is the root. */
Test(tree, bt2_piece_layer_leads_to_root) {
    size_t len = 40 * 16384 + 5, count = 0;
    uint8_t *data = random_bytes(len, 41), root[32], layer[64][32], z[32] = {0};
    cr_assert_eq(fastsha256_bt2_pieces_root(data, len, root), 0);
    cr_assert_eq(fastsha256_bt2_piece_layer(data, len, 4 * 16384, layer, 64, &count), 0);
    cr_assert_eq(count, 11);
    for (int i = 0; i < 2; i++) { /* z: the root of 4 zero leaf hashes */
        uint8_t pair[64];
        memcpy(pair, z, 32);
        memcpy(pair + 32, z, 32);
        ref_sha256(pair, 64, z);
    }
    size_t n = count;
    for (; n < 16; n++)
        memcpy(layer[n], z, 32);
    for (; n > 1; n /= 2)
        for (size_t i = 0; i < n / 2; i++)
            ref_sha256(layer[2 * i], 64, layer[i]);
    cr_assert_arr_eq(layer[0], root, 32);
    cr_assert_eq(fastsha256_bt2_piece_layer(data, len, 4 * 16384, layer, 10, &count), -1);
    cr_assert_eq(fastsha256_bt2_piece_layer(data, 16384 * 4, 4 * 16384, layer, 0, &count), 0);
    cr_assert_eq(count, 0);
    free(data);
}

/* --- Bad parameters: -1 and nothing written ------------------------------ */
Test(tree, bad_parameters_write_nothing) {
    uint8_t d[8192] = {1}, salt[300] = {0}, out[32], keep[32];
    memset(out, 0xa5, sizeof out);
    memcpy(keep, out, 32);
    cr_assert_eq(fastsha256_fsverity_digest(d, sizeof d, 3000, NULL, 0, out), -1);
    cr_assert_eq(fastsha256_fsverity_digest(d, sizeof d, 512, NULL, 0, out), -1);
    cr_assert_eq(fastsha256_fsverity_digest(d, sizeof d, 131072, NULL, 0, out), -1);
    cr_assert_eq(fastsha256_fsverity_digest(d, sizeof d, 4096, salt, 33, out), -1);
    cr_assert_eq(fastsha256_dmverity_root(d, sizeof d, 3000, 4096, NULL, 0, 1, out), -1);
    cr_assert_eq(fastsha256_dmverity_root(d, sizeof d, 4096, 256, NULL, 0, 1, out), -1);
    cr_assert_eq(fastsha256_dmverity_root(d, sizeof d, 4096, 1 << 20, NULL, 0, 1, out), -1);
    cr_assert_eq(fastsha256_dmverity_root(d, sizeof d, 4096, 4096, salt, 257, 1, out), -1);
    cr_assert_eq(fastsha256_dmverity_root(d, sizeof d, 4096, 4096, NULL, 0, 2, out), -1);
    cr_assert_eq(fastsha256_dmverity_root(d, 4095, 4096, 4096, NULL, 0, 1, out), -1);
    cr_assert_eq(fastsha256_bt2_pieces_root(d, 0, out), -1);
    cr_assert_arr_eq(out, keep, 32);
    cr_assert_eq(fastsha256_fsverity_digest(d, sizeof d, 4096, salt, 32, NULL), -1);
    cr_assert_eq(fastsha256_glacier_tree_hash(d, 0, out), 0); /* SHA-256 of nothing */
    cr_assert_eq(out[0], 0xe3);
}
