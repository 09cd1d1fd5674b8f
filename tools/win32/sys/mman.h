/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* <sys/mman.h> for MinGW (posix.c): read-only mappings of a whole file
 * (offset 0), as the benchmark maps its input. */
#ifndef FSUM_WIN32_SYS_MMAN_H
#define FSUM_WIN32_SYS_MMAN_H
#include <stddef.h>
#include <sys/types.h>
#define PROT_READ 1
#define MAP_SHARED 1
#define MAP_PRIVATE 2
#define MAP_POPULATE 0
#define MAP_FAILED ((void *)-1)
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int munmap(void *addr, size_t len);
#endif
