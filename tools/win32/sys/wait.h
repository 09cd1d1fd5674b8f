/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* <sys/wait.h> for MinGW: system() and pclose() return the exit code
 * itself; a program never "dies of a signal" there. */
#ifndef FSUM_WIN32_SYS_WAIT_H
#define FSUM_WIN32_SYS_WAIT_H
#define WIFEXITED(status) ((status) != -1)
#define WEXITSTATUS(status) (status)
#define WIFSIGNALED(status) 0
#define WTERMSIG(status) 0
#endif
