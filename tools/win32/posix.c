/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* posix.h's calls that need <windows.h>, and binary standard streams. */
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdint.h>
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
