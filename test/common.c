/* SPDX-License-Identifier: Apache-2.0 OR MIT */
#define _DEFAULT_SOURCE
#include "common.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#  include <windows.h>
#else
#  include <sys/mman.h>
#  include <unistd.h>
#endif

#include "../src/internal.h"

uint64_t test_rand(uint64_t *s) {
    uint64_t x = *s ? *s : 0x9e3779b97f4a7c15ull;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545f4914f6cdd1dull;
}

void test_fill(uint8_t *p, size_t n, uint64_t seed) {
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(test_rand(&seed) >> 56);
}

void ref_sha256(const void *data, size_t len, uint8_t out[32]) {
    const uint8_t *p = data;
    uint32_t state[8];
    uint8_t last[128];
    memcpy(state, fsha256_sha256_iv, sizeof state);
    fsha256_scalar_blocks(state, p, len / 64);
    size_t n = fsha256_pad_tail(last, len >= 64 ? p + len / 64 * 64 : p, len % 64, len);
    fsha256_scalar_blocks(state, last, n);
    fsha256_store_digest(out, state, 32);
}

void ref_hex(const uint8_t *bytes, size_t n, char *out) {
    for (size_t i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", bytes[i]);
    out[2 * n] = '\0';
}

static int nibble(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int hex_decode(const char *hex, uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int hi = nibble(hex[2 * i]), lo = hi < 0 ? -1 : nibble(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return 0;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

FILE *open_vector(const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", FASTSHA256_VECTORS_DIR, name);
    FILE *f = fopen(path, "r");
    cr_assert(f != NULL, "cannot open %s", path);
    return f;
}

static const char *value_of(const char *line, const char *key) {
    size_t k = strlen(key);
    if (strncmp(line, key, k) != 0)
        return NULL;
    line += k;
    while (*line == ' ' || *line == '=')
        line++;
    return line;
}

static size_t parse_digest_size(const char *line, size_t current) {
    unsigned l;
    if (sscanf(line, "[L = %u]", &l) == 1)
        return l;
    return current;
}

rsp_entry *rsp_load(const char *name, size_t *count, size_t *digest_size) {
    FILE *f = open_vector(name);
    size_t cap = 128, n = 0, line_cap = 0;
    rsp_entry *e = calloc(cap, sizeof *e);
    char *line = NULL;
    ssize_t got;
    size_t len = 0;
    *digest_size = 32;
    while ((got = getline(&line, &line_cap, f)) > 0) {
        const char *v;
        line[strcspn(line, "\r\n")] = '\0';
        *digest_size = parse_digest_size(line, *digest_size);
        if ((v = value_of(line, "Len")))
            len = strtoul(v, NULL, 10) / 8;
        else if ((v = value_of(line, "Msg"))) {
            if (n == cap)
                e = realloc(e, (cap *= 2) * sizeof *e);
            e[n].len = len;
            e[n].msg = malloc(len ? len : 1);
            cr_assert(hex_decode(v, e[n].msg, len), "bad Msg in %s", name);
        } else if ((v = value_of(line, "MD"))) {
            cr_assert(hex_decode(v, e[n].md, *digest_size), "bad MD in %s", name);
            n++;
        }
    }
    free(line);
    fclose(f);
    *count = n;
    return e;
}

void rsp_free(rsp_entry *entries, size_t count) {
    for (size_t i = 0; i < count; i++)
        free(entries[i].msg);
    free(entries);
}

int rsp_load_monte(const char *name, uint8_t seed[32], uint8_t md[100][32], size_t *digest_size) {
    FILE *f = open_vector(name);
    char *line = NULL;
    size_t line_cap = 0, n = 0;
    *digest_size = 32;
    while (getline(&line, &line_cap, f) > 0) {
        const char *v;
        line[strcspn(line, "\r\n")] = '\0';
        *digest_size = parse_digest_size(line, *digest_size);
        if ((v = value_of(line, "Seed")))
            cr_assert(hex_decode(v, seed, *digest_size));
        else if ((v = value_of(line, "MD")) && n < 100)
            cr_assert(hex_decode(v, md[n++], *digest_size));
    }
    free(line);
    fclose(f);
    return (int)n;
}

guarded guarded_alloc(size_t len) {
#ifdef _WIN32
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    size_t page = info.dwPageSize;
#else
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
#endif
    size_t data_pages = (len + page - 1) / page;
    guarded g;
    g.map_len = (data_pages + 1) * page;
#ifdef _WIN32
    g.map = VirtualAlloc(NULL, g.map_len, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    cr_assert(g.map != NULL, "VirtualAlloc failed");
    uint8_t *guard = (uint8_t *)g.map + data_pages * page;
    DWORD old;
    cr_assert(VirtualProtect(guard, page, PAGE_NOACCESS, &old), "VirtualProtect failed");
#else
    g.map = mmap(NULL, g.map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    cr_assert(g.map != MAP_FAILED, "mmap failed");
    uint8_t *guard = (uint8_t *)g.map + data_pages * page;
    cr_assert(mprotect(guard, page, PROT_NONE) == 0, "mprotect failed");
#endif
    g.data = guard - len;
    return g;
}

void guarded_free(guarded *g) {
#ifdef _WIN32
    VirtualFree(g->map, 0, MEM_RELEASE);
#else
    munmap(g->map, g->map_len);
#endif
}
