/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* <sys/utsname.h> for MinGW (posix.c): sysname "Windows", the Windows
 * version as release, the machine. */
#ifndef FSUM_WIN32_SYS_UTSNAME_H
#define FSUM_WIN32_SYS_UTSNAME_H
struct utsname {
    char sysname[65], nodename[65], release[65], version[65], machine[65];
};
int uname(struct utsname *u);
#endif
