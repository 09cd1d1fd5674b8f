/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The calls of posix.h and sys/ that need <windows.h>, and binary standard
 * streams. */
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <windows.h>

int fcntl(int fd, int cmd) {
    (void)cmd;
    if (_get_osfhandle(fd) == -1) {
        errno = EBADF;
        return -1;
    }
    return 0;
}

long sysconf(int name) {
    (void)name;
    SYSTEM_INFO info;
    GetSystemInfo(&info);
    return (long)info.dwNumberOfProcessors;
}

/* A read at an offset that leaves nothing other threads depend on: each
 * read-ahead thread gives its own offset (the handle's position moves, and
 * no reader of a read-ahead file uses it). */
ssize_t pread(int fd, void *buf, size_t count, off_t off) {
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    if (h == INVALID_HANDLE_VALUE) {
        errno = EBADF;
        return -1;
    }
    OVERLAPPED at = {0};
    at.Offset = (DWORD)((uint64_t)off & 0xffffffffu);
    at.OffsetHigh = (DWORD)((uint64_t)off >> 32);
    DWORD got = 0;
    if (!ReadFile(h, buf, count > 0x40000000u ? 0x40000000u : (DWORD)count, &got, &at)) {
        if (GetLastError() == ERROR_HANDLE_EOF)
            return 0;
        errno = EIO;
        return -1;
    }
    return (ssize_t)got;
}

/* Standard input is read binary like every file, and lines end in "\n" as
 * on every other system (and as in Git for Windows' sha256sum): the three
 * standard streams are binary before main runs. */
__attribute__((constructor)) static void binary_standard_streams(void) {
    _setmode(0, _O_BINARY);
    _setmode(1, _O_BINARY);
    _setmode(2, _O_BINARY);
}

int sched_getaffinity(int pid, size_t size, cpu_set_t *set) {
    (void)pid;
    (void)size;
    DWORD_PTR process, system;
    if (!GetProcessAffinityMask(GetCurrentProcess(), &process, &system))
        return -1;
    set->bits = process;
    return 0;
}

int sched_setaffinity(int pid, size_t size, const cpu_set_t *set) {
    (void)pid;
    (void)size;
    return SetProcessAffinityMask(GetCurrentProcess(), (DWORD_PTR)set->bits) ? 0 : -1;
}

int pthread_setaffinity_np(pthread_t thread, size_t size, const cpu_set_t *set) {
    (void)size;
    HANDLE h = pthread_gethandle(thread);
    return h != NULL && SetThreadAffinityMask(h, (DWORD_PTR)set->bits) != 0 ? 0 : EINVAL;
}

int uname(struct utsname *u) {
    /* GetVersion: major in the low byte, minor in the next (as the
     * manifest-less program sees it). */
    DWORD v = GetVersion();
    DWORD size = sizeof u->nodename;
    snprintf(u->sysname, sizeof u->sysname, "Windows");
    if (!GetComputerNameA(u->nodename, &size))
        snprintf(u->nodename, sizeof u->nodename, "?");
    snprintf(u->release, sizeof u->release, "%lu.%lu", (unsigned long)(v & 0xff),
             (unsigned long)((v >> 8) & 0xff));
    snprintf(u->version, sizeof u->version, "%s", "");
    snprintf(u->machine, sizeof u->machine, "x86_64");
    return 0;
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
    (void)addr;
    (void)prot;
    (void)flags;
    HANDLE file = (HANDLE)_get_osfhandle(fd);
    if (file == INVALID_HANDLE_VALUE || off != 0)
        return MAP_FAILED;
    HANDLE map = CreateFileMappingA(file, NULL, PAGE_READONLY, 0, 0, NULL);
    if (map == NULL)
        return MAP_FAILED;
    void *p = MapViewOfFile(map, FILE_MAP_READ, 0, 0, len);
    CloseHandle(map); /* the view keeps the mapping */
    return p != NULL ? p : MAP_FAILED;
}

int munmap(void *addr, size_t len) {
    (void)len;
    return UnmapViewOfFile(addr) ? 0 : -1;
}

char *mkdtemp(char *template) {
    if (_mktemp_s(template, strlen(template) + 1) != 0 || _mkdir(template) != 0)
        return NULL;
    return template;
}
