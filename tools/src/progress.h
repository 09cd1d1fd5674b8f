/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* --progress: bytes, rate and ETA on standard error. A leaf: the engine
 * sees only the byte counter and the tick callback that main hands it. */
#ifndef FSUM_PROGRESS_H
#define FSUM_PROGRESS_H

#include <stdatomic.h>
#include <stdbool.h>

/* Starts the clock when enabled; the total (for the ETA) is the size of
 * the regular files among files[0..nfiles) ("-" excluded; none in --check,
 * whose files are not known yet). */
void progress_begin(bool enabled, char *const *files, int nfiles);
/* Bytes read so far, counted by whoever reads (relaxed atomic adds). */
atomic_uint_fast64_t *progress_counter(void);
/* Redraws the line when it is due (5 times a second on a terminal, once a
 * second in a log); a no-op unless enabled. */
void progress_tick(void);
/* Takes the line off the terminal (before a message is written). */
void progress_clear(void);
/* Clears the terminal line, or writes the last line to a log. */
void progress_end(void);

#endif
