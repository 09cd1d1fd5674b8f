/* fastsha256sum: a drop-in for GNU coreutils sha256sum (and, as fastsha224sum
 * or with -a sha224, for sha224sum) built on the fastsha256 library.
 *
 * Output, messages and exit codes follow GNU coreutils 9.x behaviour: the
 * "<hex>  <name>" and BSD "--tag" formats, the escaping of names that hold a
 * backslash, newline or carriage return, --check with its reporting options,
 * and the shell-style quoting of file names in diagnostics. The extras are
 * --algorithm, --backend, --list-backends and the FASTSHA256_BACKEND check.
 *
 * Written from the documented and observed behaviour of sha256sum; no
 * coreutils code is used. */
#define _GNU_SOURCE 1

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

#include "fastsha256.h"


/* ---------------------------------------------------------------------------
 * Program state
 * ------------------------------------------------------------------------- */

typedef struct algorithm {
    const char *option_name; /* for --algorithm */
    const char *tag;         /* BSD tag and name in messages */
    size_t digest_size;      /* bytes */
    void (*init)(fastsha256_ctx *);
} algorithm;

static const algorithm algo_sha256 = {"sha256", "SHA256", FASTSHA256_DIGEST_SIZE, fastsha256_init};
static const algorithm algo_sha224 = {"sha224", "SHA224", FASTSHA224_DIGEST_SIZE, fastsha224_init};

static const char *program_name = "fastsha256sum";
static const algorithm *algo = &algo_sha256;

static bool opt_check;
static bool opt_tag;
static int opt_binary = -1; /* -1 unset, 0 text, 1 binary */
static bool opt_zero;
static bool opt_ignore_missing;
static bool opt_quiet;
static bool opt_status;
static bool opt_warn;
static bool opt_strict;

static bool have_read_stdin;

/* While checking: -1 until a GNU-format line settles it; 1 once a line used
 * the "<hex> <name>" single-space form (then the character after the space
 * always belongs to the name); 0 once a line used the two-character
 * separator (then single-space lines are rejected). Kept across check files,
 * as sha256sum does. */
static int single_space_form = -1;


/* ---------------------------------------------------------------------------
 * A small growable string
 * ------------------------------------------------------------------------- */

typedef struct strbuf {
    char *data;
    size_t len, cap;
} strbuf;

_Noreturn static void xalloc_die(void) {
    fprintf(stderr, "%s: memory exhausted\n", program_name);
    exit(EXIT_FAILURE);
}

static void sb_reserve(strbuf *sb, size_t extra) {
    if (sb->cap - sb->len > extra)
        return;
    if (extra > SIZE_MAX / 2 - sb->len)
        xalloc_die();
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap - sb->len <= extra)
        cap *= 2;
    char *p = realloc(sb->data, cap);
    if (p == NULL)
        xalloc_die();
    sb->data = p;
    sb->cap = cap;
}

static void sb_add(strbuf *sb, const char *s, size_t n) {
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

static void sb_puts(strbuf *sb, const char *s) { sb_add(sb, s, strlen(s)); }
static void sb_putc(strbuf *sb, char c) { sb_add(sb, &c, 1); }

/* ---------------------------------------------------------------------------
 * Shell-style quoting of names in diagnostics (what sha256sum shows):
 *   - nothing, when every character is harmless to a shell;
 *   - "double quotes", when the only trouble is an apostrophe among
 *     otherwise plain printable characters;
 *   - 'single quotes', with ' written as '\'' and control or undecodable
 *     bytes written as $'\n' / $'\ooo' segments, otherwise.
 * A colon also forces quoting (the name precedes ": message").
 * ------------------------------------------------------------------------- */

enum unit_kind { U_PLAIN, U_APOSTROPHE, U_ESCAPE };

typedef struct unit {
    enum unit_kind kind;
    size_t start, len;  /* bytes of the name */
    char letter;        /* for U_ESCAPE: a, b, f, n, r, t, v or 0 for octal */
    bool needs_quoting; /* forces some quoting of the whole name */
    bool dq_friendly;   /* may stand inside the "double quoted" form */
} unit;

/* Classifies one byte of the ASCII range; returns false for bytes that need
 * the locale's opinion (printable or not). */
static bool classify_ascii(const char *name, size_t i, unit *u) {
    unsigned char c = (unsigned char)name[i];
    u->kind = U_PLAIN;
    u->letter = 0;
    u->needs_quoting = false;
    u->dq_friendly = false;
    switch (c) {
    case '\a': u->letter = 'a'; break;
    case '\b': u->letter = 'b'; break;
    case '\f': u->letter = 'f'; break;
    case '\n': u->letter = 'n'; break;
    case '\r': u->letter = 'r'; break;
    case '\t': u->letter = 't'; break;
    case '\v': u->letter = 'v'; break;
    case ' ':
        u->needs_quoting = u->dq_friendly = true;
        return true;
    case '#':
    case '~':
        if (i == 0)
            u->needs_quoting = u->dq_friendly = true;
        return true;
    case '{':
    case '}':
        if (name[1] == '\0')
            u->needs_quoting = u->dq_friendly = true;
        return true;
    case '\'':
        u->kind = U_APOSTROPHE;
        u->needs_quoting = u->dq_friendly = true;
        return true;
    case '!': case '"': case '$': case '&': case '(': case ')': case '*':
    case ';': case '<': case '=': case '>': case '?': case '[': case '\\':
    case '^': case '`': case '|':
        u->needs_quoting = true;
        return true;
    case ':':
        u->needs_quoting = u->dq_friendly = true;
        return true;
    default:
        if (isalnum(c) || strchr("%+,-./]_", c) != NULL) {
            u->dq_friendly = true;
            return true;
        }
        return false;
    }
    u->kind = U_ESCAPE;
    u->needs_quoting = true;
    return true;
}

/* Splits name into units: single bytes, or whole multibyte characters. */
static size_t split_units(const char *name, unit **out) {
    size_t n = strlen(name);
    unit *units = malloc((n ? n : 1) * sizeof *units);
    if (units == NULL)
        xalloc_die();
    bool multibyte = MB_CUR_MAX > 1;
    size_t count = 0, i = 0;
    while (i < n) {
        unit *u = &units[count++];
        u->start = i;
        u->len = 1;
        if (classify_ascii(name, i, u)) {
            i++;
            continue;
        }
        unsigned char c = (unsigned char)name[i];
        bool printable;
        if (!multibyte) {
            printable = isprint(c) != 0;
        } else {
            mbstate_t st;
            wchar_t wc;
            memset(&st, 0, sizeof st);
            size_t r = mbrtowc(&wc, name + i, n - i, &st);
            if (r == (size_t)-1 || r == 0) {
                printable = false;
            } else if (r == (size_t)-2) {
                printable = false;
                u->len = n - i; /* an incomplete character: all the rest */
            } else {
                u->len = r;
                printable = iswprint((wint_t)wc) != 0;
            }
        }
        u->kind = printable ? U_PLAIN : U_ESCAPE;
        u->needs_quoting = !printable;
        u->dq_friendly = printable;
        i += u->len;
    }
    *out = units;
    return count;
}

/* The single-quoted form. `in_dollar` says whether a $'...' segment is open
 * at the start; returns whether one is open at the end (before the final
 * quote). sha256sum re-runs this when the name holds an apostrophe, starting
 * from where the first run ended; that is reproduced, odd as the result is. */
static bool emit_single_quoted(strbuf *sb, const char *name, const unit *units, size_t count,
                               bool in_dollar) {
    sb_putc(sb, '\'');
    for (size_t k = 0; k < count; k++) {
        const unit *u = &units[k];
        switch (u->kind) {
        case U_ESCAPE:
            if (!in_dollar) {
                sb_puts(sb, "'$'");
                in_dollar = true;
            }
            for (size_t j = 0; j < u->len; j++) {
                unsigned char c = (unsigned char)name[u->start + j];
                char esc[5];
                if (u->letter) {
                    esc[0] = '\\';
                    esc[1] = u->letter;
                    esc[2] = '\0';
                } else {
                    esc[0] = '\\';
                    esc[1] = (char)('0' + (c >> 6));
                    esc[2] = (char)('0' + ((c >> 3) & 7));
                    esc[3] = (char)('0' + (c & 7));
                    esc[4] = '\0';
                }
                sb_puts(sb, esc);
            }
            break;
        case U_APOSTROPHE:
            sb_puts(sb, "'\\''");
            in_dollar = false;
            break;
        case U_PLAIN:
            if (in_dollar) {
                sb_puts(sb, "''");
                in_dollar = false;
            }
            sb_add(sb, name + u->start, u->len);
            break;
        }
    }
    sb_putc(sb, '\'');
    return in_dollar;
}

static void quote_name(strbuf *sb, const char *name) {
    if (*name == '\0') {
        sb_puts(sb, "''");
        return;
    }
    unit *units;
    size_t count = split_units(name, &units);
    bool needs = false, apostrophe = false, dq_ok = true;
    for (size_t k = 0; k < count; k++) {
        needs |= units[k].needs_quoting;
        apostrophe |= units[k].kind == U_APOSTROPHE;
        dq_ok &= units[k].dq_friendly;
    }
    if (!needs) {
        sb_puts(sb, name);
    } else if (apostrophe && dq_ok) {
        sb_putc(sb, '"');
        sb_puts(sb, name);
        sb_putc(sb, '"');
    } else if (apostrophe) {
        strbuf scratch = {0};
        bool open_at_end = emit_single_quoted(&scratch, name, units, count, false);
        free(scratch.data);
        emit_single_quoted(sb, name, units, count, open_at_end);
    } else {
        emit_single_quoted(sb, name, units, count, false);
    }
    free(units);
}

/* ---------------------------------------------------------------------------
 * Diagnostics
 * ------------------------------------------------------------------------- */

static void progress_clear(void);

/* "program: " + formatted text + newline, written at once. */
__attribute__((format(printf, 1, 2))) static void message(const char *fmt, ...) {
    strbuf sb = {0};
    va_list ap;
    sb_puts(&sb, program_name);
    sb_puts(&sb, ": ");
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        sb_reserve(&sb, (size_t)n + 1);
        vsnprintf(sb.data + sb.len, (size_t)n + 1, fmt, ap2);
        sb.len += (size_t)n;
    }
    va_end(ap2);
    sb_putc(&sb, '\n');
    fflush(stdout);
    progress_clear();
    fwrite(sb.data, 1, sb.len, stderr);
    free(sb.data);
}

/* "program: <quoted name>: <text>" */
static void name_message(const char *name, const char *text) {
    strbuf q = {0};
    quote_name(&q, name);
    message("%s: %s", q.data, text);
    free(q.data);
}

/* A usage problem: the message (if any), the --help hint, exit status 1. */
_Noreturn static void usage_error(const char *text) {
    if (text)
        fprintf(stderr, "%s: %s\n", program_name, text);
    fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
    exit(EXIT_FAILURE);
}

/* ---------------------------------------------------------------------------
 * Hashing files: workers, lanes, results in input order
 *
 * A run hashes a list of entries (file names) and hands each result, in list
 * order, to the caller, who prints it: messages and their interleaving with
 * the output are decided at that point, exactly as a one-file-at-a-time
 * program would decide them. Meanwhile worker threads claim entries in
 * order. A regular file of at most SMALL_FILE_MAX bytes is read whole and
 * joins a batch hashed with fastsha256_many; anything larger (or not a
 * regular file) is read in READ_PIECE pieces, up to MAX_STREAMS per worker,
 * and the pieces are advanced together with fastsha256_update_many. "-"
 * (standard input) is read by the printing thread when its turn comes, so
 * its bytes are consumed in the order the names were given.
 * ------------------------------------------------------------------------- */

#ifndef READ_PIECE
#  define READ_PIECE (64u * 1024u)     /* measured: see bench/README.md */
#endif
#ifndef SMALL_FILE_MAX
#  define SMALL_FILE_MAX (64u * 1024u) /* measured: see bench/README.md */
#endif
#define SMALL_BATCH 128                /* files per fastsha256_many call */
#define SMALL_BATCH_BYTES (2u << 20)   /* or bytes per call */
/* Large files in flight per worker: enough to fill the widest lane kernel
 * (16 AVX-512 lanes; on an Intel Xeon 16 x 64 MiB with -j 1 took 0.58 s
 * against 0.82 s with 4 in flight, see bench/README.md). */
#define MAX_STREAMS 16
#define MAX_JOBS 1024

enum digest_result { DIGEST_OK, DIGEST_FAILED, DIGEST_MISSING };

typedef struct entry {
    const char *name;
    atomic_bool done;
    bool is_stdin;     /* read by the printing thread, in order */
    bool open_failed;
    int err;           /* 0, or the errno of the failed open or read */
    char hex[FASTSHA256_HEX_SIZE];
} entry;

typedef struct run run;

/* Read-ahead for a large regular file: threads with nothing else to do read
 * its next pieces (pread at fixed offsets) while the owner hashes, so one
 * large file costs its hash time, not its hash plus read time. The pieces
 * form a ring; the owner hashes them in order and reads a piece itself when
 * no helper has claimed it. */
#define AHEAD_PIECES 8

enum { PIECE_EMPTY, PIECE_READING, PIECE_FULL };

typedef struct piece {
    unsigned char *buf; /* READ_PIECE bytes, or NULL until first read into */
    uint64_t off;
    ssize_t got;        /* bytes read, or -1 with err */
    int err;
    int state;
} piece;

typedef struct read_ahead {
    pthread_mutex_t lock;
    pthread_cond_t changed;    /* a piece was filled or freed, or the stream stopped */
    int fd;
    uint64_t next_off;         /* where the next claimed piece starts */
    size_t claimed, consumed;  /* pieces claimed, pieces handed back by the owner */
    unsigned helpers;          /* helper threads holding this stream */
    unsigned helpers_waiting;  /* of which asleep until there is room */
    bool stop;                 /* a short piece or an error was read, or the owner ended */
    piece ring[AHEAD_PIECES];
} read_ahead;

typedef struct stream {
    entry *e;
    int fd;
    fastsha256_ctx ctx;
    unsigned char *buf; /* READ_PIECE bytes, for streams read with read() */
    read_ahead *ra;      /* this slot's read-ahead, kept for reuse */
    bool ahead;         /* this stream goes through ra */
} stream;

typedef struct worker {
    run *r;
    pthread_t thread;
    /* Small files waiting for one batch call: their bytes in `arena`. */
    entry *small[SMALL_BATCH];
    size_t small_off[SMALL_BATCH], small_len[SMALL_BATCH];
    size_t nsmall;
    unsigned char *arena;
    size_t arena_len, arena_cap;
    stream streams[MAX_STREAMS];
    size_t nstreams;
    bool exhausted;
} worker;

struct run {
    entry *entries;
    size_t n;
    atomic_size_t next_claim;
    atomic_size_t workers;        /* working threads, this one included */
    atomic_size_t active_streams; /* open streams of all workers */
    pthread_mutex_t lock;
    pthread_cond_t published;
    atomic_bool waiting; /* the printing thread sleeps on `published` */
    /* Large files open for read-ahead, and the threads that may still
     * open one (idle threads wait for one while others work). */
    pthread_mutex_t ahead_lock;
    pthread_cond_t ahead_added; /* a stream was added, or a thread ran out of work */
    read_ahead **ahead;
    atomic_size_t nahead;
    size_t ahead_turn;          /* round robin over `ahead` */
    size_t busy_workers;        /* workers that may still open a file */
    size_t jobs;                /* threads allowed (-j) */
    /* Threads allowed beyond one per file (-j above the file count), started
     * only when a large file can use them as readers. */
    size_t spare_threads, nhelpers;
    pthread_t *helpers;
};

static int opt_jobs;                 /* 0: the CPUs this process may use */
static bool opt_progress;
static atomic_uint_fast64_t progress_bytes;
static uint64_t progress_total;      /* 0: unknown */
static bool stdin_was_closed, stdout_was_closed;

static void progress_update(bool force);

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        xalloc_die();
    return p;
}

static void publish(run *r) {
    if (atomic_load_explicit(&r->waiting, memory_order_seq_cst)) {
        pthread_mutex_lock(&r->lock);
        pthread_cond_broadcast(&r->published);
        pthread_mutex_unlock(&r->lock);
    }
}

/* Sequentially consistent, paired with `waiting` in publish(). */
static void finish_entry(entry *e, const uint8_t *digest) {
    fastsha256_to_hex(digest, algo->digest_size, e->hex);
    atomic_store(&e->done, true);
}

static void fail_entry(entry *e, int err, bool open_failed) {
    e->err = err;
    e->open_failed = open_failed;
    atomic_store(&e->done, true);
}

static void flush_small(worker *w) {
    if (w->nsmall == 0)
        return;
    const void *msgs[SMALL_BATCH];
    uint8_t digests[SMALL_BATCH][FASTSHA256_DIGEST_SIZE];
    for (size_t k = 0; k < w->nsmall; k++)
        msgs[k] = w->arena + w->small_off[k];
    if (algo->digest_size == FASTSHA224_DIGEST_SIZE) {
        uint8_t d224[SMALL_BATCH][FASTSHA224_DIGEST_SIZE];
        fastsha224_many(msgs, w->small_len, w->nsmall, d224);
        for (size_t k = 0; k < w->nsmall; k++)
            memcpy(digests[k], d224[k], FASTSHA224_DIGEST_SIZE);
    } else {
        fastsha256_many(msgs, w->small_len, w->nsmall, digests);
    }
    for (size_t k = 0; k < w->nsmall; k++)
        finish_entry(w->small[k], digests[k]);
    w->nsmall = 0;
    w->arena_len = 0;
    publish(w->r);
}

static void arena_reserve(worker *w, size_t extra) {
    if (w->arena_cap - w->arena_len >= extra)
        return;
    size_t cap = w->arena_cap ? w->arena_cap : SMALL_BATCH_BYTES;
    while (cap - w->arena_len < extra) {
        if (cap > SIZE_MAX / 2)
            xalloc_die();
        cap *= 2;
    }
    unsigned char *p = realloc(w->arena, cap);
    if (p == NULL)
        xalloc_die();
    w->arena = p;
    w->arena_cap = cap;
}

/* The CLOCK_REALTIME time ms milliseconds from now, for timed waits. */
static struct timespec deadline_in_ms(long ms) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_nsec += ms * 1000000L;
    t.tv_sec += t.tv_nsec / 1000000000L;
    t.tv_nsec %= 1000000000L;
    return t;
}

/* One read of up to READ_PIECE bytes into buf, retried on EINTR and counted
 * for --progress: pread at off, or read at the file position when off < 0. */
static ssize_t read_piece(int fd, unsigned char *buf, int64_t off) {
    ssize_t got;
    do
        got = off < 0 ? read(fd, buf, READ_PIECE) : pread(fd, buf, READ_PIECE, (off_t)off);
    while (got < 0 && errno == EINTR);
    if (got > 0)
        atomic_fetch_add_explicit(&progress_bytes, (uint64_t)got, memory_order_relaxed);
    return got;
}

/* Claims ra's next piece for the caller, who holds ra->lock and then reads
 * it with read_claimed() without the lock. */
static piece *claim_piece(read_ahead *ra) {
    piece *p = &ra->ring[ra->claimed++ % AHEAD_PIECES];
    p->state = PIECE_READING;
    p->off = ra->next_off;
    ra->next_off += READ_PIECE;
    return p;
}

/* A short piece is the end of the file (pread on a regular file): nothing
 * after it is claimed, and pieces claimed after it before that was known
 * are never hashed, so a growing file is hashed as it was at one moment. */
static void read_claimed(read_ahead *ra, piece *p) {
    if (p->buf == NULL) /* allocated on first use: most streams use one slot */
        p->buf = xmalloc(READ_PIECE);
    ssize_t got = read_piece(ra->fd, p->buf, (int64_t)p->off);
    int err = got < 0 ? errno : 0;
    pthread_mutex_lock(&ra->lock);
    p->got = got;
    p->err = err;
    p->state = PIECE_FULL;
    if (got < (ssize_t)READ_PIECE)
        ra->stop = true;
    pthread_cond_broadcast(&ra->changed);
    pthread_mutex_unlock(&ra->lock);
}

/* The owner's next piece, in file order: already read by a helper, being
 * read (wait for it), or not claimed yet (read it now). */
static piece *take_piece(read_ahead *ra) {
    pthread_mutex_lock(&ra->lock);
    piece *p = &ra->ring[ra->consumed % AHEAD_PIECES];
    if (ra->consumed == ra->claimed) {
        /* Nothing read ahead: restart at slot 0, so a stream without
         * helpers keeps reusing one buffer that stays in cache. */
        ra->consumed = ra->claimed = 0;
        p = &ra->ring[0];
        claim_piece(ra);
        pthread_mutex_unlock(&ra->lock);
        read_claimed(ra, p);
        return p;
    }
    while (p->state != PIECE_FULL)
        pthread_cond_wait(&ra->changed, &ra->lock);
    pthread_mutex_unlock(&ra->lock);
    return p;
}

static void release_piece(read_ahead *ra, piece *p) {
    pthread_mutex_lock(&ra->lock);
    p->state = PIECE_EMPTY;
    ra->consumed++;
    /* A sleeping helper is woken once half the ring is free: one wake-up
     * (a system call) per few pieces, not per piece. */
    if (ra->helpers_waiting && ra->claimed - ra->consumed <= AHEAD_PIECES / 2)
        pthread_cond_broadcast(&ra->changed);
    pthread_mutex_unlock(&ra->lock);
}

/* A helper's turn on ra (it holds one of ra->helpers): waits a little for
 * room if the ring is full, then reads pieces until it is full again. */
static void help_stream(read_ahead *ra) {
    pthread_mutex_lock(&ra->lock);
    if (!ra->stop && ra->claimed - ra->consumed >= AHEAD_PIECES) {
        struct timespec until = deadline_in_ms(50);
        ra->helpers_waiting++;
        while (!ra->stop && ra->claimed - ra->consumed >= AHEAD_PIECES &&
               pthread_cond_timedwait(&ra->changed, &ra->lock, &until) == 0)
            ;
        ra->helpers_waiting--;
    }
    while (!ra->stop && ra->claimed - ra->consumed < AHEAD_PIECES) {
        piece *p = claim_piece(ra);
        pthread_mutex_unlock(&ra->lock);
        read_claimed(ra, p);
        pthread_mutex_lock(&ra->lock);
    }
    if (--ra->helpers == 0 && ra->stop)
        pthread_cond_broadcast(&ra->changed); /* the owner may wait to close */
    pthread_mutex_unlock(&ra->lock);
}

static void *helper_main(void *arg);

/* Offers ra to idle threads, starting a spare one if -j allows it. */
static void add_ahead(run *r, read_ahead *ra) {
    pthread_mutex_lock(&r->ahead_lock);
    r->ahead[atomic_load(&r->nahead)] = ra;
    atomic_fetch_add(&r->nahead, 1);
    if (r->spare_threads > 0) {
        if (pthread_create(&r->helpers[r->nhelpers], NULL, helper_main, r) == 0)
            r->nhelpers++;
        r->spare_threads--;
    }
    pthread_cond_broadcast(&r->ahead_added);
    pthread_mutex_unlock(&r->ahead_lock);
    publish(r); /* the printing thread helps too while it waits */
}

/* Withdraws ra and waits for its helpers to leave, so its descriptor can
 * be closed and its ring reused. */
static void remove_ahead(run *r, read_ahead *ra) {
    pthread_mutex_lock(&r->ahead_lock);
    size_t n = atomic_load(&r->nahead);
    for (size_t k = 0; k < n; k++) {
        if (r->ahead[k] == ra) {
            r->ahead[k] = r->ahead[n - 1];
            atomic_store(&r->nahead, n - 1);
            break;
        }
    }
    pthread_mutex_unlock(&r->ahead_lock);
    pthread_mutex_lock(&ra->lock);
    ra->stop = true;
    pthread_cond_broadcast(&ra->changed);
    while (ra->helpers > 0)
        pthread_cond_wait(&ra->changed, &ra->lock);
    pthread_mutex_unlock(&ra->lock);
}

/* One turn of help with another thread's large file. Returns false when
 * there is none; with `wait`, first waits for one while some worker may
 * still open one. */
static bool help_one(run *r, bool wait) {
    pthread_mutex_lock(&r->ahead_lock);
    size_t n;
    while ((n = atomic_load(&r->nahead)) == 0 && wait && r->busy_workers > 0)
        pthread_cond_wait(&r->ahead_added, &r->ahead_lock);
    if (n == 0) {
        pthread_mutex_unlock(&r->ahead_lock);
        return false;
    }
    read_ahead *ra = r->ahead[r->ahead_turn++ % n];
    pthread_mutex_lock(&ra->lock);
    ra->helpers++;
    pthread_mutex_unlock(&ra->lock);
    pthread_mutex_unlock(&r->ahead_lock);
    help_stream(ra);
    return true;
}

/* A worker that will open no more files. */
static void retire_worker(run *r) {
    pthread_mutex_lock(&r->ahead_lock);
    r->busy_workers--;
    pthread_cond_broadcast(&r->ahead_added);
    pthread_mutex_unlock(&r->ahead_lock);
}

static void *helper_main(void *arg) {
    run *r = arg;
    while (help_one(r, true))
        ;
    return NULL;
}

static read_ahead *new_read_ahead(void) {
    read_ahead *ra = xmalloc(sizeof *ra);
    pthread_mutex_init(&ra->lock, NULL);
    pthread_cond_init(&ra->changed, NULL);
    for (size_t k = 0; k < AHEAD_PIECES; k++)
        ra->ring[k].buf = NULL;
    return ra;
}

static void free_read_ahead(read_ahead *ra) {
    if (ra == NULL)
        return;
    for (size_t k = 0; k < AHEAD_PIECES; k++)
        free(ra->ring[k].buf);
    pthread_mutex_destroy(&ra->lock);
    pthread_cond_destroy(&ra->changed);
    free(ra);
}

/* Starts a stream on fd after head_len bytes already read; `seekable`: a
 * regular file at offset 0, which other threads may read ahead when -j
 * leaves more than one thread. */
static void start_stream(worker *w, entry *e, int fd, const unsigned char *head, size_t head_len,
                         bool seekable) {
    run *r = w->r;
    stream *s = &w->streams[w->nstreams++];
    atomic_fetch_add_explicit(&r->active_streams, 1, memory_order_relaxed);
    s->e = e;
    s->fd = fd;
    algo->init(&s->ctx);
    fastsha256_update(&s->ctx, head, head_len);
    s->ahead = seekable && head_len == 0 && r->jobs > 1;
    if (!s->ahead) {
        if (s->buf == NULL)
            s->buf = xmalloc(READ_PIECE);
        return;
    }
    if (s->ra == NULL)
        s->ra = new_read_ahead();
    read_ahead *ra = s->ra;
    ra->fd = fd;
    ra->next_off = 0;
    ra->claimed = ra->consumed = 0;
    ra->helpers = ra->helpers_waiting = 0;
    ra->stop = false;
    add_ahead(r, ra);
}

/* Opens entry e and either reads it whole into the small batch, starts a
 * stream for it, or records why it failed. */
static void start_entry(worker *w, entry *e) {
    int fd = open(e->name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fail_entry(e, errno, true);
        return;
    }
    struct stat st;
    bool stat_ok = fstat(fd, &st) == 0;
    if (!stat_ok || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > SMALL_FILE_MAX) {
#if defined(POSIX_FADV_SEQUENTIAL)
        (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
        start_stream(w, e, fd, NULL, 0, stat_ok && S_ISREG(st.st_mode));
        return;
    }
    /* Read whole: stop at a short read once st_size bytes are in (the end
     * of a regular file), or at 0; a file that grows past the limit while
     * we read becomes a stream. */
    size_t size = (size_t)st.st_size, off = w->arena_len, got = 0;
    for (;;) {
        /* Past st_size (a growing file, or /proc and /sys, whose st_size
         * is 0), read in larger steps. */
        size_t want = size > got ? size - got + 1 : 16384;
        arena_reserve(w, got + want);
        ssize_t k = read(fd, w->arena + off + got, want);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            int err = errno;
            close(fd);
            fail_entry(e, err, false);
            return;
        }
        got += (size_t)k;
        atomic_fetch_add_explicit(&progress_bytes, (uint64_t)k, memory_order_relaxed);
        if (k == 0 || ((size_t)k < want && got >= size))
            break;
        if (got > 4 * (size_t)SMALL_FILE_MAX) {
            start_stream(w, e, fd, w->arena + off, got, false);
            return;
        }
    }
    close(fd);
    w->small[w->nsmall] = e;
    w->small_off[w->nsmall] = off;
    w->small_len[w->nsmall] = got;
    w->nsmall++;
    w->arena_len = off + got;
    if (w->nsmall == SMALL_BATCH || w->arena_len >= SMALL_BATCH_BYTES)
        flush_small(w);
}

/* One piece from every stream, hashed together; ends the streams at EOF. */
static void advance_streams(worker *w) {
    fastsha256_ctx *ctxs[MAX_STREAMS];
    const void *data[MAX_STREAMS];
    size_t lens[MAX_STREAMS], nready = 0;
    piece *taken[MAX_STREAMS];
    bool ended[MAX_STREAMS] = {false};
    for (size_t k = 0; k < w->nstreams; k++) {
        stream *s = &w->streams[k];
        ssize_t got;
        int err = 0;
        const unsigned char *bytes;
        if (s->ahead) {
            taken[k] = take_piece(s->ra);
            got = taken[k]->got;
            err = taken[k]->err;
            bytes = taken[k]->buf;
            ended[k] = got < (ssize_t)READ_PIECE; /* hashed first if got > 0 */
        } else {
            got = read_piece(s->fd, s->buf, -1);
            if (got < 0)
                err = errno;
            bytes = s->buf;
            ended[k] = got <= 0;
        }
        if (got > 0) {
            ctxs[nready] = &s->ctx;
            data[nready] = bytes;
            lens[nready++] = (size_t)got;
        } else if (got < 0) {
            uint8_t discard[FASTSHA256_DIGEST_SIZE];
            fastsha256_final(&s->ctx, discard);
            fail_entry(s->e, err, false);
        }
    }
    fastsha256_update_many(ctxs, data, lens, nready);
    size_t kept = 0;
    bool any_ended = false;
    for (size_t k = 0; k < w->nstreams; k++) {
        stream *s = &w->streams[k];
        if (s->ahead)
            release_piece(s->ra, taken[k]);
        if (!ended[k]) {
            if (kept != k) { /* the stream takes its buffers along, the spares move back */
                stream *to = &w->streams[kept];
                unsigned char *spare_buf = to->buf;
                read_ahead *spare_ra = to->ra;
                *to = *s;
                s->buf = spare_buf;
                s->ra = spare_ra;
            }
            kept++;
            continue;
        }
        any_ended = true;
        if (s->ahead)
            remove_ahead(w->r, s->ra);
        close(s->fd);
        if (!atomic_load_explicit(&s->e->done, memory_order_relaxed)) {
            uint8_t digest[FASTSHA256_DIGEST_SIZE];
            fastsha256_final(&s->ctx, digest);
            finish_entry(s->e, digest);
        }
    }
    if (any_ended) { /* else kept == nstreams, and the shared counter stays untouched */
        atomic_fetch_sub_explicit(&w->r->active_streams, w->nstreams - kept, memory_order_relaxed);
        w->nstreams = kept;
        publish(w->r);
    }
}

/* One step of a worker: claims entries until it has started a new stream
 * (so the other workers get their share of large files) or run out, then
 * advances its streams by a piece. Returns false when it has nothing left. */
static bool worker_step(worker *w) {
    run *r = w->r;
    /* A worker holding more than its share of the open streams leaves the
     * next large file to the others (whichever thread starts first would
     * otherwise take them all). */
    bool may_claim = w->nstreams * atomic_load_explicit(&r->workers, memory_order_relaxed) <=
                     atomic_load_explicit(&r->active_streams, memory_order_relaxed);
    /* At most a batch of files a step: the printing thread works too and
     * prints (and updates --progress) between steps. */
    for (size_t claimed = 0;
         may_claim && !w->exhausted && w->nstreams < MAX_STREAMS && claimed < SMALL_BATCH;
         claimed++) {
        size_t i = atomic_fetch_add_explicit(&r->next_claim, 1, memory_order_relaxed);
        if (i >= r->n) {
            w->exhausted = true;
            break;
        }
        entry *e = &r->entries[i];
        if (e->is_stdin)
            continue;
        size_t before = w->nstreams;
        start_entry(w, e);
        if (atomic_load_explicit(&e->done, memory_order_relaxed))
            publish(r); /* an error: let the printer move on */
        if (w->nstreams > before)
            break;
    }
    if (w->nstreams == 0) {
        flush_small(w);
        return !w->exhausted;
    }
    flush_small(w); /* do not hold small results back while streaming */
    advance_streams(w);
    return true;
}

static void *worker_main(void *arg) {
    worker *w = arg;
    while (worker_step(w))
        ;
    retire_worker(w->r);
    return helper_main(w->r); /* then reads ahead for the others */
}

static void worker_free(worker *w) {
    for (size_t k = 0; k < MAX_STREAMS; k++) {
        free(w->streams[k].buf);
        free_read_ahead(w->streams[k].ra);
    }
    free(w->arena);
}

/* Standard input, read by the printing thread when its turn comes. */
static void hash_stdin(entry *e) {
    static unsigned char *buf;
    have_read_stdin = true;
    if (buf == NULL)
        buf = xmalloc(READ_PIECE);
    fastsha256_ctx ctx;
    algo->init(&ctx);
    for (;;) {
        ssize_t got = read_piece(STDIN_FILENO, buf, -1);
        if (got > 0) {
            fastsha256_update(&ctx, buf, (size_t)got);
            progress_update(false);
            continue;
        }
        uint8_t digest[FASTSHA256_DIGEST_SIZE];
        fastsha256_final(&ctx, digest);
        if (got < 0)
            fail_entry(e, errno, false);
        else
            finish_entry(e, digest);
        return;
    }
}

static int available_cpus(void) {
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* One wait of the printing thread for entry e, woken when an entry is done
 * or a large file is offered for read-ahead (it helps then). */
static void wait_published(run *r, entry *e) {
    pthread_mutex_lock(&r->lock);
    atomic_store(&r->waiting, true);
    if (!atomic_load(&e->done) && atomic_load(&r->nahead) == 0) {
        struct timespec until = deadline_in_ms(200);
        pthread_cond_timedwait(&r->published, &r->lock, &until);
    }
    atomic_store(&r->waiting, false);
    pthread_mutex_unlock(&r->lock);
}

typedef void (*emit_fn)(entry *e, void *arg);

/* Hashes the n entries and calls emit for each, in order, from this thread. */
static void run_entries(entry *entries, size_t n, emit_fn emit, void *arg) {
    run r;
    r.entries = entries;
    r.n = n;
    atomic_init(&r.next_claim, 0);
    atomic_init(&r.active_streams, 0);
    atomic_init(&r.waiting, false);
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.published, NULL);

    size_t files = 0;
    for (size_t k = 0; k < n; k++) {
        atomic_init(&entries[k].done, false);
        entries[k].err = 0;
        entries[k].open_failed = false;
        files += !entries[k].is_stdin;
    }
    size_t jobs = opt_jobs > 0 ? (size_t)opt_jobs : (size_t)available_cpus();
    if (jobs > MAX_JOBS)
        jobs = MAX_JOBS;
    size_t nthreads = jobs > files ? files : jobs;
    pthread_mutex_init(&r.ahead_lock, NULL);
    pthread_cond_init(&r.ahead_added, NULL);
    atomic_init(&r.nahead, 0);
    r.ahead_turn = 0;
    r.jobs = jobs;
    r.spare_threads = jobs - nthreads;
    r.nhelpers = 0;
    r.busy_workers = nthreads ? nthreads : 1; /* before any worker can retire */
    /* Every stream of every worker may be offered for read-ahead. */
    r.ahead = calloc((nthreads ? nthreads : 1) * MAX_STREAMS, sizeof *r.ahead);
    r.helpers = calloc(r.spare_threads ? r.spare_threads : 1, sizeof *r.helpers);
    if (r.ahead == NULL || r.helpers == NULL)
        xalloc_die();
    worker *workers = calloc(nthreads ? nthreads : 1, sizeof *workers);
    if (workers == NULL)
        xalloc_die();
    /* This thread is a worker too (with -j 1 the only one): it works
     * between the lines it prints, so -j N runs N threads, not N + 1
     * contending for N CPUs with a printer that mostly sleeps. */
    size_t started = 0;
    atomic_init(&r.workers, nthreads ? nthreads : 1);
    worker *self = &workers[nthreads ? nthreads - 1 : 0];
    bool self_busy = nthreads > 0;
    self->r = &r;
    for (; started + 1 < nthreads; started++) {
        workers[started].r = &r;
        if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0)
            break; /* fewer threads: this one still works */
    }
    atomic_store(&r.workers, started + 1);
    for (size_t t = started + 1; t < nthreads; t++)
        retire_worker(&r); /* the threads that could not be created */
    if (!self_busy)
        retire_worker(&r);

    for (size_t k = 0; k < n; k++) {
        entry *e = &entries[k];
        if (e->is_stdin)
            hash_stdin(e);
        while (!atomic_load_explicit(&e->done, memory_order_acquire)) {
            if (self_busy) {
                self_busy = worker_step(self);
                if (!self_busy)
                    retire_worker(&r);
            } else if (!help_one(&r, false)) {
                wait_published(&r, e);
            }
            progress_update(false);
        }
        emit(e, arg);
        progress_update(false);
    }
    if (self_busy) /* every entry was done before this thread ran out of work */
        retire_worker(&r);
    for (size_t t = 0; t < started; t++)
        pthread_join(workers[t].thread, NULL);
    for (size_t t = 0; t < r.nhelpers; t++)
        pthread_join(r.helpers[t], NULL);
    for (size_t t = 0; t < (nthreads ? nthreads : 1); t++)
        worker_free(&workers[t]);
    free(workers);
    free(r.ahead);
    free(r.helpers);
    pthread_mutex_destroy(&r.lock);
    pthread_cond_destroy(&r.published);
    pthread_mutex_destroy(&r.ahead_lock);
    pthread_cond_destroy(&r.ahead_added);
}

/* The outcome of an entry as a one-file program would see it: failures are
 * reported here, in order (a missing file is left to the caller when
 * `quiet_missing`). */
static enum digest_result entry_result(const entry *e, bool quiet_missing) {
    if (e->err == 0)
        return DIGEST_OK;
    if (e->open_failed && quiet_missing && e->err == ENOENT)
        return DIGEST_MISSING;
    name_message(e->name, strerror(e->err));
    return DIGEST_FAILED;
}

/* ---------------------------------------------------------------------------
 * --progress: bytes, rate and ETA on standard error
 * ------------------------------------------------------------------------- */

static bool progress_tty;
static bool progress_shown;   /* a line is on the terminal now */
static double progress_start, progress_last;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void human_bytes(char *out, size_t cap, double b) {
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    size_t u = 0;
    while (b >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
        b /= 1024;
        u++;
    }
    snprintf(out, cap, u ? "%.1f %s" : "%.0f %s", b, units[u]);
}

/* Takes the progress line off the terminal before a message is written. */
static void progress_clear(void) {
    if (progress_shown) {
        fputs("\r\033[K", stderr);
        progress_shown = false;
    }
}

static void progress_update(bool force) {
    if (!opt_progress)
        return;
    double t = now_seconds();
    /* A terminal is redrawn 5 times a second; a log gets a line a second. */
    if (!force && t - progress_last < (progress_tty ? 0.2 : 1.0))
        return;
    progress_last = t;
    double elapsed = t - progress_start;
    uint64_t done = atomic_load_explicit(&progress_bytes, memory_order_relaxed);
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    char b_done[32], b_total[32], b_rate[32], line[160];
    human_bytes(b_done, sizeof b_done, (double)done);
    human_bytes(b_rate, sizeof b_rate, rate);
    if (progress_total) {
        human_bytes(b_total, sizeof b_total, (double)progress_total);
        double left = progress_total > done ? (double)(progress_total - done) : 0;
        long eta = rate > 0 ? (long)(left / rate + 0.5) : -1;
        if (eta >= 0)
            snprintf(line, sizeof line, "%s / %s, %s/s, ETA %ld:%02ld:%02ld", b_done, b_total,
                     b_rate, eta / 3600, eta / 60 % 60, eta % 60);
        else
            snprintf(line, sizeof line, "%s / %s, %s/s, ETA --:--:--", b_done, b_total, b_rate);
    } else {
        snprintf(line, sizeof line, "%s, %s/s", b_done, b_rate);
    }
    if (progress_tty) {
        fprintf(stderr, "\r%s: %s\033[K", program_name, line);
        progress_shown = true;
    } else {
        fprintf(stderr, "%s: %s\n", program_name, line);
    }
    fflush(stderr);
}

static void progress_begin(char **files, int nfiles) {
    if (!opt_progress)
        return;
    progress_tty = isatty(STDERR_FILENO) != 0;
    progress_start = progress_last = now_seconds();
    if (opt_check)
        return; /* the listed files are not known yet: no total, no ETA */
    for (int k = 0; k < nfiles; k++) {
        struct stat st;
        if (strcmp(files[k], "-") != 0 && stat(files[k], &st) == 0 && S_ISREG(st.st_mode))
            progress_total += (uint64_t)st.st_size;
    }
}

static void progress_end(void) {
    if (!opt_progress)
        return;
    if (progress_tty)
        progress_clear();
    else
        progress_update(true);
}

/* ---------------------------------------------------------------------------
 * Printing names in output lines
 * ------------------------------------------------------------------------- */

/* Writes name with \\, \n and \r escaped. */
static void put_escaped(const char *name) {
    for (const char *p = name; *p; p++) {
        switch (*p) {
        case '\\': fputs("\\\\", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\r': fputs("\\r", stdout); break;
        default: putchar(*p); break;
        }
    }
}

static void print_sum_line(const char *name, const char *hex) {
    bool escape = !opt_zero && strpbrk(name, "\\\n\r") != NULL;
    if (escape)
        putchar('\\');
    if (opt_tag) {
        fputs(algo->tag, stdout);
        fputs(" (", stdout);
        if (escape)
            put_escaped(name);
        else
            fputs(name, stdout);
        fputs(") = ", stdout);
        fputs(hex, stdout);
    } else {
        fputs(hex, stdout);
        putchar(' ');
        putchar(opt_binary > 0 ? '*' : ' ');
        if (escape)
            put_escaped(name);
        else
            fputs(name, stdout);
    }
    putchar(opt_zero ? '\0' : '\n');
}

/* A result line of --check: "<name>: <status>". Only names holding a newline
 * are escaped there (as sha256sum does). */
static void print_check_line(const char *name, const char *status) {
    if (strchr(name, '\n') != NULL) {
        putchar('\\');
        put_escaped(name);
    } else {
        fputs(name, stdout);
    }
    fputs(": ", stdout);
    fputs(status, stdout);
    putchar('\n');
}

/* ---------------------------------------------------------------------------
 * Parsing check lines
 * ------------------------------------------------------------------------- */

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* Undoes the escaping of a name in place, over its first n bytes: \\ \n \r
 * are the only escapes; anything else (or a NUL) makes the line invalid. */
static bool unescape_name(char *s, size_t n) {
    size_t out = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\0')
            return false;
        if (c == '\\') {
            if (i + 1 >= n)
                return false;
            char next = s[++i];
            if (next == '\\')
                c = '\\';
            else if (next == 'n')
                c = '\n';
            else if (next == 'r')
                c = '\r';
            else
                return false;
        }
        s[out++] = c;
    }
    s[out] = '\0';
    return true;
}

/* "TAG (name) = hex", from just after the '(' (s holds n bytes, then a NUL). */
static bool parse_bsd(char *s, size_t n, bool escaped, char **hex, char **name) {
    if (n == 0)
        return false;
    size_t close = n - 1;
    while (close > 0 && s[close] != ')')
        close--;
    if (s[close] != ')')
        return false;
    if (escaped && !unescape_name(s, close))
        return false;
    s[close] = '\0';
    size_t i = close + 1;
    while (is_blank(s[i]))
        i++;
    if (s[i] != '=')
        return false;
    i++;
    while (is_blank(s[i]))
        i++;
    *name = s;
    *hex = s + i;
    return true;
}

/* Splits one check line (n bytes, NUL-terminated after them, without its
 * line end) into hex digest and file name. */
static bool parse_check_line(char *s, size_t n, char **hex, char **name) {
    size_t hex_len = 2 * algo->digest_size;
    size_t tag_len = strlen(algo->tag);
    size_t i = 0;
    bool escaped = false;

    while (is_blank(s[i]))
        i++;
    if (s[i] == '\\') {
        i++;
        escaped = true;
    }

    if (strncmp(s + i, algo->tag, tag_len) == 0) {
        i += tag_len;
        if (s[i] == ' ')
            i++;
        if (s[i] != '(')
            return false;
        i++;
        return parse_bsd(s + i, n - i, escaped, hex, name);
    }

    /* "<hex> <type><name>": the digest, one blank, then a type character
     * (' ' text or '*' binary) unless the single-space form is in use. */
    if (n - i < hex_len + 2)
        return false;
    *hex = s + i;
    for (size_t k = 0; k < hex_len; k++)
        if (!isxdigit((unsigned char)s[i + k]))
            return false;
    i += hex_len;
    if (!is_blank(s[i]))
        return false;
    s[i++] = '\0';
    if (n - i == 1 || (s[i] != ' ' && s[i] != '*')) {
        if (single_space_form == 0)
            return false;
        single_space_form = 1;
    } else if (single_space_form != 1) {
        single_space_form = 0;
        i++;
    }
    *name = s + i;
    if (escaped && !unescape_name(s + i, n - i))
        return false;
    return true;
}

static bool valid_hex(const char *hex) {
    size_t want = 2 * algo->digest_size, k = 0;
    for (; hex[k]; k++)
        if (!isxdigit((unsigned char)hex[k]))
            return false;
    return k == want;
}

static bool hex_equal(const char *expected, const char *computed) {
    for (size_t k = 0; k < 2 * algo->digest_size; k++)
        if (tolower((unsigned char)expected[k]) != computed[k])
            return false;
    return true;
}

/* ---------------------------------------------------------------------------
 * --check
 * ------------------------------------------------------------------------- */

static void plural_warning(uintmax_t n, const char *one, const char *many) {
    message("WARNING: %ju %s", n, n == 1 ? one : many);
}

/* One line of a check list, kept until its file's result is printed. */
typedef struct check_line {
    uintmax_t line_no;
    char *storage;  /* proper lines: the line, owned; expected and name point into it */
    char *expected;
    size_t entry;   /* proper lines: index in the chunk's entries */
} check_line;

typedef struct check_state {
    const char *display;
    check_line *lines;
    size_t nlines, next_line; /* lines of this chunk; the first not yet reported */
    uintmax_t improper, mismatched, unreadable, correct;
} check_state;

#define CHECK_CHUNK 4096 /* lines hashed together */

/* Reports the improper lines before the next proper one. */
static void report_improper_lines(check_state *st) {
    while (st->next_line < st->nlines && st->lines[st->next_line].storage == NULL) {
        st->improper++;
        if (opt_warn) {
            strbuf q = {0};
            quote_name(&q, st->display);
            message("%s: %ju: improperly formatted %s checksum line", q.data,
                    st->lines[st->next_line].line_no, algo->tag);
            free(q.data);
        }
        st->next_line++;
    }
}

/* Prints one listed file's result, after the improper lines before it. */
static void emit_check_entry(entry *e, void *arg) {
    check_state *st = arg;
    report_improper_lines(st);
    check_line *cl = &st->lines[st->next_line++];
    enum digest_result r = entry_result(e, opt_ignore_missing);
    if (r == DIGEST_MISSING)
        return;
    if (r == DIGEST_FAILED) {
        st->unreadable++;
        if (!opt_status)
            print_check_line(e->name, "FAILED open or read");
    } else if (hex_equal(cl->expected, e->hex)) {
        st->correct++;
        if (!opt_status && !opt_quiet)
            print_check_line(e->name, "OK");
    } else {
        st->mismatched++;
        if (!opt_status)
            print_check_line(e->name, "FAILED");
    }
}

static void flush_check_chunk(check_state *st, entry *entries, size_t nentries) {
    st->next_line = 0;
    run_entries(entries, nentries, emit_check_entry, st);
    report_improper_lines(st);
    for (size_t k = 0; k < st->nlines; k++)
        free(st->lines[k].storage);
    st->nlines = 0;
}

static bool check_file(const char *checkfile) {
    bool from_stdin = strcmp(checkfile, "-") == 0;
    const char *display = from_stdin ? "standard input" : checkfile;
    FILE *fp;
    if (from_stdin) {
        have_read_stdin = true;
        fp = stdin;
    } else {
        fp = fopen(checkfile, "r");
        if (fp == NULL) {
            name_message(checkfile, strerror(errno));
            return false;
        }
    }

    check_line *lines = xmalloc(CHECK_CHUNK * sizeof *lines);
    entry *entries = xmalloc(CHECK_CHUNK * sizeof *entries);
    check_state st = {display, lines, 0, 0, 0, 0, 0, 0};
    bool any_proper = false;
    size_t nentries = 0;
    uintmax_t line_no = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;

    while ((got = getline(&line, &cap, fp)) > 0) {
        size_t n = (size_t)got;
        line_no++;
        if (line[0] == '#')
            continue;
        if (line[n - 1] == '\n')
            n--;
        if (n > 0 && line[n - 1] == '\r')
            n--;
        line[n] = '\0';
        if (n == 0)
            continue;

        check_line *cl = &lines[st.nlines++];
        cl->line_no = line_no;
        cl->storage = NULL;
        char *expected = NULL, *name = NULL;
        /* A check list read from standard input cannot name standard input. */
        if (parse_check_line(line, n, &expected, &name) && valid_hex(expected) &&
            !(from_stdin && strcmp(name, "-") == 0)) {
            any_proper = true;
            cl->storage = line; /* kept: getline gets a new buffer */
            line = NULL;
            cap = 0;
            cl->expected = expected;
            cl->entry = nentries;
            entry *e = &entries[nentries++];
            e->name = name;
            e->is_stdin = strcmp(name, "-") == 0;
        }
        if (st.nlines == CHECK_CHUNK) {
            flush_check_chunk(&st, entries, nentries);
            nentries = 0;
        }
    }
    flush_check_chunk(&st, entries, nentries);
    free(line);
    free(lines);
    free(entries);

    bool read_error = ferror(fp) != 0;
    if (!from_stdin)
        fclose(fp);
    if (read_error) {
        name_message(display, "read error");
        return false;
    }

    if (!any_proper) {
        name_message(display, "no properly formatted checksum lines found");
    } else {
        if (!opt_status) {
            if (st.improper)
                plural_warning(st.improper, "line is improperly formatted",
                               "lines are improperly formatted");
            if (st.unreadable)
                plural_warning(st.unreadable, "listed file could not be read",
                               "listed files could not be read");
            if (st.mismatched)
                plural_warning(st.mismatched, "computed checksum did NOT match",
                               "computed checksums did NOT match");
            if (opt_ignore_missing && st.correct == 0)
                name_message(display, "no file was verified");
        }
    }
    return any_proper && st.mismatched == 0 && st.unreadable == 0 &&
           (!opt_strict || st.improper == 0) && (!opt_ignore_missing || st.correct > 0);
}

/* ---------------------------------------------------------------------------
 * Backends
 * ------------------------------------------------------------------------- */

static void supported_list(strbuf *sb) {
    const char *names[16];
    size_t n = fastsha256_backends(names, 16);
    if (n > 16)
        n = 16;
    for (size_t k = 0; k < n; k++) {
        if (k)
            sb_puts(sb, ", ");
        sb_puts(sb, names[k]);
    }
}

static void list_backends(void) {
    const char *names[16], *all[16];
    size_t n = fastsha256_backends(names, 16);
    size_t n_all = fastsha256_all_backends(all, 16);
    if (n > 16)
        n = 16;
    if (n_all > 16)
        n_all = 16;
    const char *active = fastsha256_backend();
    printf("Backends supported on this CPU, best first (* = active):\n");
    for (size_t k = 0; k < n; k++)
        printf("%c %s\n", strcmp(names[k], active) == 0 ? '*' : ' ', names[k]);
    bool header = false;
    for (size_t k = 0; k < n_all; k++) {
        bool supported = false;
        for (size_t j = 0; j < n; j++)
            supported |= strcmp(all[k], names[j]) == 0;
        if (supported)
            continue;
        if (!header) {
            printf("Compiled in but not supported on this CPU:\n");
            header = true;
        }
        printf("  %s\n", all[k]);
    }
    printf("Hex encoder: %s\n", fastsha256_hex_backend());
}

/* ---------------------------------------------------------------------------
 * Options
 * ------------------------------------------------------------------------- */

enum {
    OPT_TAG = CHAR_MAX + 1,
    OPT_IGNORE_MISSING,
    OPT_QUIET,
    OPT_STATUS,
    OPT_STRICT,
    OPT_HELP,
    OPT_VERSION,
};

static const struct option long_options[] = {
    {"binary", no_argument, NULL, 'b'},
    {"check", no_argument, NULL, 'c'},
    {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
    {"quiet", no_argument, NULL, OPT_QUIET},
    {"status", no_argument, NULL, OPT_STATUS},
    {"strict", no_argument, NULL, OPT_STRICT},
    {"tag", no_argument, NULL, OPT_TAG},
    {"text", no_argument, NULL, 't'},
    {"warn", no_argument, NULL, 'w'},
    {"zero", no_argument, NULL, 'z'},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

static void help(void) {
    printf("Usage: %s [OPTION]... [FILE]...\n", program_name);
    printf("Compute or verify %s checksums with fastsha256.\n\n", algo->tag);
    fputs("Reads standard input when no FILE is given or FILE is -.\n"
          "\n"
          "Output:\n"
          "  -b, --binary          mark lines with '*' (binary mode; same digest)\n"
          "  -t, --text            mark lines with ' ' (text mode, the default)\n"
          "      --tag             BSD-style lines: ALGO (FILE) = DIGEST\n"
          "  -z, --zero            end lines with NUL instead of newline and do not\n"
          "                          escape file names\n"
          "\n"
          "Verification:\n"
          "  -c, --check           verify the checksums listed in the FILEs (GNU or\n"
          "                          BSD-style lines, as printed by this program)\n"
          "      --ignore-missing  skip listed files that do not exist\n"
          "      --quiet           print only failures, not each OK\n"
          "      --status          print nothing; the exit status tells the result\n"
          "      --strict          fail on improperly formatted lines\n"
          "  -w, --warn            report each improperly formatted line\n"
          "\n"
          "fastsha256:\n"
          "  -a, --algorithm=NAME  sha256 (default) or sha224; run as fastsha224sum,\n"
          "                          the default is sha224\n"
          "      --backend=NAME    use this hashing backend (see --list-backends)\n"
          "      --list-backends   show the backends this CPU supports, best first,\n"
          "                          which one is active, and the hex encoder\n"
          "  -j, --jobs=N          hash with N threads (default: the CPUs this process\n"
          "                          may run on); the output is the same for any N\n"
          "      --progress        show bytes, rate and ETA on standard error\n"
          "  (--algorithm, --backend, --list-backends, --jobs and --progress are taken\n"
          "   by their full names only; abbreviations mean what they mean in sha256sum)\n"
          "\n"
          "      --help            show this help and exit\n"
          "      --version         show the version and exit\n"
          "\n"
          "Output, messages and exit statuses match GNU sha256sum/sha224sum.\n"
          "FASTSHA256_BACKEND=NAME in the environment forces a backend; a name that\n"
          "is unknown or unsupported on this CPU is reported and the program exits 2.\n"
          "Exit status: 0 success, 1 failure, 2 backend error.\n",
          stdout);
}

static void version(void) {
    printf("%s (fastsha256) %s\n", program_name, fastsha256_version());
    printf("Backend: %s, hex encoder: %s\n", fastsha256_backend(), fastsha256_hex_backend());
}

/* Flushes and closes standard output, reporting a failure as sha256sum
 * does: "write error", with the reason only when closing failed too; a
 * closed standard output that was never written to is not an error. */
static bool close_stdout(void) {
    bool flush_failed = fflush(stdout) != 0 || ferror(stdout);
    bool close_failed = fclose(stdout) != 0;
    int close_errno = errno;
    if (stdout_was_closed) { /* it holds /dev/null read-only: report the closed descriptor */
        close_failed = true;
        close_errno = EBADF;
    }
    if (flush_failed && close_failed) {
        fprintf(stderr, "%s: write error: %s\n", program_name, strerror(close_errno));
        return false;
    }
    if (flush_failed || (close_failed && close_errno != EBADF)) {
        if (close_failed)
            fprintf(stderr, "%s: write error: %s\n", program_name, strerror(close_errno));
        else
            fprintf(stderr, "%s: write error\n", program_name);
        return false;
    }
    return true;
}

/* Prints one file's line, or lets its failure be reported, in order. */
static void emit_sum_entry(entry *e, void *arg) {
    bool *ok = arg;
    if (entry_result(e, false) == DIGEST_OK)
        print_sum_line(e->name, e->hex);
    else
        *ok = false;
}

/* The options sha256sum does not have: full names only, taken out of argv
 * before getopt_long sees it. So every abbreviation of a sha256sum option
 * (--b, --b=1, --s, --t, ...) resolves, or fails, exactly as in sha256sum,
 * whose long options are the only ones getopt_long is given. */
typedef struct extra_options {
    const char *algorithm, *backend, *jobs;
    bool list_backends, progress;
} extra_options;

/* An option that takes a value, as "--name=VALUE" or "--name VALUE". */
static bool take_value(int argc, char **argv, int *k, const char *name, const char **value) {
    size_t n = strlen(name);
    const char *a = argv[*k];
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=') {
        *value = a + n + 1;
        return true;
    }
    if (a[n] != '\0')
        return false;
    if (*k + 1 >= argc) {
        fprintf(stderr, "%s: option '%s' requires an argument\n", program_name, name);
        usage_error(NULL);
    }
    *value = argv[++*k];
    return true;
}

static bool take_flag(const char *a, const char *name) {
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=') {
        fprintf(stderr, "%s: option '%s' doesn't allow an argument\n", program_name, name);
        usage_error(NULL);
    }
    return a[n] == '\0';
}

/* Moves the extras out of argv; returns the new argc. */
static int take_extra_options(int argc, char **argv, extra_options *x) {
    /* With POSIXLY_CORRECT, getopt_long stops at the first operand, and so
     * do the extras: everything after it is an operand (a file name). */
    bool posix = getenv("POSIXLY_CORRECT") != NULL;
    int out = 1;
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        bool operand = a[0] != '-' || a[1] == '\0';
        if (strcmp(a, "--") == 0 || (posix && operand)) {
            while (k < argc)
                argv[out++] = argv[k++];
            break;
        }
        if (take_value(argc, argv, &k, "--algorithm", &x->algorithm) ||
            take_value(argc, argv, &k, "--backend", &x->backend) ||
            take_value(argc, argv, &k, "--jobs", &x->jobs))
            continue;
        if (take_flag(a, "--list-backends")) {
            x->list_backends = true;
            continue;
        }
        if (take_flag(a, "--progress")) {
            x->progress = true;
            continue;
        }
        argv[out++] = argv[k];
        /* The separate value of -a or -j (e.g. "-ba sha224") stays with it. */
        if (a[0] == '-' && a[1] != '-' && a[1] != '\0') {
            const char *p = a + 1;
            while (*p && strchr("bctwz", *p))
                p++;
            if ((*p == 'a' || *p == 'j') && p[1] == '\0' && k + 1 < argc)
                argv[out++] = argv[++k];
        }
    }
    argv[out] = NULL;
    return out;
}

static const char *program_base(void) {
    const char *slash = strrchr(program_name, '/');
    return slash ? slash + 1 : program_name;
}

/* Any name ending in "sha224sum" (a sha224sum link, fastsha224sum) computes
 * SHA-224, as do names starting with fastsha224sum (fastsha224sum-0.1). */
static bool named_sha224(void) {
    const char *b = program_base();
    size_t n = strlen(b), suffix = strlen("sha224sum");
    return (n >= suffix && strcmp(b + n - suffix, "sha224sum") == 0) ||
           strncmp(b, "fastsha224sum", 13) == 0;
}

static void parse_jobs(const char *arg) {
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno || end == arg || *end != '\0' || v < 1 || v > MAX_JOBS) {
        fprintf(stderr, "%s: invalid number of jobs: '%s' (1 to %d)\n", program_name, arg,
                MAX_JOBS);
        usage_error(NULL);
    }
    opt_jobs = (int)v;
}

/* Descriptors 0-2 that are closed get /dev/null, opened so that using it
 * fails as the closed descriptor would (write-only for input, read-only for
 * output): files opened later never land there, so a check list can never
 * be read as standard input. */
static void guard_standard_fds(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
        if (got != fd) { /* cannot happen: the lowest free descriptor is fd */
            if (got >= 0)
                close(got);
            continue;
        }
        if (fd == 0)
            stdin_was_closed = true;
        else if (fd == 1)
            stdout_was_closed = true;
    }
}

static int parse_algorithm(const char *arg) {
    static const algorithm *const known[] = {&algo_sha256, &algo_sha224};
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        if (strcasecmp(arg, known[k]->option_name) == 0) {
            algo = known[k];
            return 0;
        }
    }
    return -1;
}

int main(int argc, char **argv) {
    if (argc > 0 && argv[0] && argv[0][0])
        program_name = argv[0];
    guard_standard_fds();
    /* Line-buffered, as in sha256sum: each line leaves as its file is done
     * (a reader sees it at once, a closed pipe stops the program early);
     * -z records wait for a newline or a full buffer, as there. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    setlocale(LC_ALL, "");
    if (named_sha224())
        algo = &algo_sha224;

    extra_options x = {0};
    argc = take_extra_options(argc, argv, &x);
    const char *backend = x.backend;
    bool want_list = x.list_backends;
    opt_progress = x.progress;
    if (x.jobs)
        parse_jobs(x.jobs);
    if (x.algorithm && parse_algorithm(x.algorithm) != 0) {
        fprintf(stderr,
                "%s: invalid argument '%s' for '--algorithm'\n"
                "Valid arguments are:\n  - 'sha256'\n  - 'sha224'\n",
                program_name, x.algorithm);
        usage_error(NULL);
    }

    int c;
    while ((c = getopt_long(argc, argv, "a:bctwzj:", long_options, NULL)) != -1) {
        switch (c) {
        case 'a':
            if (parse_algorithm(optarg) != 0) {
                fprintf(stderr,
                        "%s: invalid argument '%s' for '--algorithm'\n"
                        "Valid arguments are:\n  - 'sha256'\n  - 'sha224'\n",
                        program_name, optarg);
                usage_error(NULL);
            }
            break;
        case 'b': opt_binary = 1; break;
        case 'c': opt_check = true; break;
        case 't': opt_binary = 0; break;
        case 'z': opt_zero = true; break;
        case 'w':
            opt_warn = true;
            opt_quiet = opt_status = false;
            break;
        case OPT_QUIET:
            opt_quiet = true;
            opt_warn = opt_status = false;
            break;
        case OPT_STATUS:
            opt_status = true;
            opt_warn = opt_quiet = false;
            break;
        case OPT_STRICT: opt_strict = true; break;
        case OPT_IGNORE_MISSING: opt_ignore_missing = true; break;
        case OPT_TAG:
            opt_tag = true;
            opt_binary = 1;
            break;
        case 'j': parse_jobs(optarg); break;
        case OPT_HELP:
            help();
            return close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
        case OPT_VERSION:
            version();
            return close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
        default: usage_error(NULL);
        }
    }

    /* The same checks, in the same order, as sha256sum. */
    if (opt_tag && opt_binary == 0)
        usage_error("--tag does not support --text mode");
    if (opt_zero && opt_check)
        usage_error("the --zero option is not supported when verifying checksums");
    if (opt_tag && opt_check)
        usage_error("the --tag option is meaningless when verifying checksums");
    if (opt_binary >= 0 && opt_check)
        usage_error("the --binary and --text options are meaningless when verifying checksums");
    if (opt_ignore_missing && !opt_check)
        usage_error("the --ignore-missing option is meaningful only when verifying checksums");
    if (opt_status && !opt_check)
        usage_error("the --status option is meaningful only when verifying checksums");
    if (opt_warn && !opt_check)
        usage_error("the --warn option is meaningful only when verifying checksums");
    if (opt_quiet && !opt_check)
        usage_error("the --quiet option is meaningful only when verifying checksums");
    if (opt_strict && !opt_check)
        usage_error("the --strict option is meaningful only when verifying checksums");

    /* The library never prints: report an ignored FASTSHA256_BACKEND here,
     * before any forced backend replaces the automatic choice. */
    if (fastsha256_env_backend_ignored()) {
        strbuf sb = {0};
        supported_list(&sb);
        const char *env = getenv("FASTSHA256_BACKEND");
        fprintf(stderr,
                "%s: warning: FASTSHA256_BACKEND='%s' is unknown or not supported on this "
                "CPU and was ignored (supported: %s)\n",
                program_name, env ? env : "", sb.data ? sb.data : "");
        free(sb.data);
        return 2;
    }
    if (backend && fastsha256_set_backend(backend) != 0) {
        strbuf sb = {0};
        supported_list(&sb);
        fprintf(stderr, "%s: backend '%s' is unknown or not supported on this CPU (supported: %s)\n",
                program_name, backend, sb.data ? sb.data : "");
        free(sb.data);
        return 2;
    }
    if (want_list) {
        list_backends();
        return close_stdout() ? EXIT_SUCCESS : EXIT_FAILURE;
    }

    static char dash[] = "-";
    char *stdin_only[] = {dash};
    char **files = optind < argc ? argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;

    progress_begin(files, nfiles);
    bool ok = true;
    if (opt_check) {
        for (int k = 0; k < nfiles; k++)
            ok &= check_file(files[k]);
    } else {
        entry *entries = xmalloc((size_t)nfiles * sizeof *entries);
        for (int k = 0; k < nfiles; k++) {
            entries[k].name = files[k];
            entries[k].is_stdin = strcmp(files[k], "-") == 0;
        }
        run_entries(entries, (size_t)nfiles, emit_sum_entry, &ok);
        free(entries);
    }
    progress_end();

    if (have_read_stdin && (stdin_was_closed || fclose(stdin) == EOF)) {
        int err = stdin_was_closed ? EBADF : errno;
        fflush(stdout);
        fprintf(stderr, "%s: standard input: %s\n", program_name, strerror(err));
        ok = false;
    }
    if (!close_stdout())
        ok = false;
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
