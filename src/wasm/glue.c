/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What JavaScript needs beyond the public API to drive the wasm module: a
 * heap in the module's own memory (the caller copies messages in and
 * digests out) and the sizes of the public structs it allocates there.
 *
 * The allocator: size classes, four per power of two (a block wastes at
 * most a quarter of itself), each with a free list of blocks freed for
 * reuse; new blocks are cut from the top of the heap, which grows memory
 * as needed. Memory never shrinks. Single-threaded, like the module. */
#include <stddef.h>
#include <stdint.h>

#include "fastsha256.h"

#define WASM_EXPORT(name) __attribute__((export_name(name), visibility("default")))

#define PAGE_SIZE 65536u
#define ALIGNMENT 16u
/* Sixteen bytes before each block: its class and a mark that tells a
 * block of this allocator from a stray pointer (which free ignores). */
#define HEADER_SIZE 16u
#define BLOCK_MARK 0x66736832u
/* Classes 0..7: 16..128 bytes in steps of 16; then (5..8) << (5 + k):
 * 160, 192, 224, 256, 320, ... up to 2^31. */
#define CLASS_COUNT (8 + 4 * 24)

typedef struct block_header {
    uint32_t mark;
    uint32_t size_class;
    uint32_t unused[2];
} block_header;

typedef struct free_block {
    struct free_block *next;
} free_block;

extern unsigned char __heap_base; /* the linker's end of static data and stack */

static uintptr_t heap_top;
static free_block *free_lists[CLASS_COUNT];

static size_t class_size(unsigned c) {
    if (c < 8)
        return (size_t)(c + 1) * 16;
    unsigned k = (c - 8) / 4, m = (c - 8) % 4;
    return (size_t)(5 + m) << (5 + k);
}

/* The smallest class holding need bytes (header included), or CLASS_COUNT
 * when none does. */
static unsigned class_of(size_t need) {
    if (need <= 128)
        return need ? (unsigned)((need + 15) / 16) - 1 : 0;
    if (need > ((size_t)1 << 31))
        return CLASS_COUNT;
    unsigned p = 31u - (unsigned)__builtin_clz((uint32_t)(need - 1)); /* 2^p < need <= 2^(p+1) */
    size_t unit = (size_t)1 << (p - 2);
    unsigned m = (unsigned)((need + unit - 1) / unit) - 5;
    return 8 + 4 * (p - 7) + m;
}

/* Makes [heap_top, heap_top + size) addressable; 0 when memory cannot grow. */
static int reserve(size_t size) {
    if (heap_top == 0)
        heap_top = ((uintptr_t)&__heap_base + ALIGNMENT - 1) & ~(uintptr_t)(ALIGNMENT - 1);
    if (size > UINTPTR_MAX - heap_top)
        return 0;
    uint64_t end = (uint64_t)heap_top + size;
    uint64_t have = (uint64_t)__builtin_wasm_memory_size(0) * PAGE_SIZE;
    if (end <= have)
        return 1;
    uint64_t pages = (end - have + PAGE_SIZE - 1) / PAGE_SIZE;
    return __builtin_wasm_memory_grow(0, (size_t)pages) != (size_t)-1;
}

WASM_EXPORT("fastsha256_wasm_alloc") void *fastsha256_wasm_alloc(size_t size) {
    if (size > SIZE_MAX - HEADER_SIZE)
        return NULL;
    if (size < sizeof(free_block)) /* room for the free list's link */
        size = sizeof(free_block);
    unsigned c = class_of(size + HEADER_SIZE);
    if (c >= CLASS_COUNT)
        return NULL;
    uint8_t *block;
    if (free_lists[c]) {
        block = (uint8_t *)free_lists[c];
        free_lists[c] = free_lists[c]->next;
    } else {
        if (!reserve(class_size(c)))
            return NULL;
        block = (uint8_t *)heap_top + HEADER_SIZE;
        heap_top += class_size(c);
    }
    block_header *h = (block_header *)(block - HEADER_SIZE);
    h->mark = BLOCK_MARK;
    h->size_class = c;
    return block;
}

WASM_EXPORT("fastsha256_wasm_free") void fastsha256_wasm_free(void *ptr) {
    uintptr_t p = (uintptr_t)ptr;
    if (p == 0 || p % ALIGNMENT || p < (uintptr_t)&__heap_base + HEADER_SIZE || p >= heap_top)
        return;
    block_header *h = (block_header *)(p - HEADER_SIZE);
    if (h->mark != BLOCK_MARK || h->size_class >= CLASS_COUNT)
        return;
    h->mark = 0; /* a second free of the same block is ignored */
    free_block *f = (free_block *)ptr;
    f->next = free_lists[h->size_class];
    free_lists[h->size_class] = f;
}

WASM_EXPORT("fastsha256_wasm_ctx_size") size_t fastsha256_wasm_ctx_size(void) {
    return sizeof(fastsha256_ctx);
}

WASM_EXPORT("fastsha256_wasm_hmac_key_size") size_t fastsha256_wasm_hmac_key_size(void) {
    return sizeof(fastsha256_hmac_key);
}

WASM_EXPORT("fastsha256_wasm_hmac_ctx_size") size_t fastsha256_wasm_hmac_ctx_size(void) {
    return sizeof(fastsha256_hmac_ctx);
}
