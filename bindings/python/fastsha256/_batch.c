/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The batch calls: sha256_many (any messages, and hmac_sha256_many's loop)
 * and sha256_packed (equal-length records at a stride in one buffer). Every
 * batch is hashed with the GIL released, FSPY_MANY_CHUNK messages a round. */
#include "_fspy.h"

/* One round of sha256_many: the messages' addresses and what keeps them alive. */
typedef struct {
    const void *ptrs[FSPY_MANY_CHUNK];
    size_t lens[FSPY_MANY_CHUNK];
    PyObject *owners[FSPY_MANY_CHUNK];     /* exact bytes, read in place; or NULL */
    Py_buffer views[FSPY_MANY_CHUNK];      /* every other buffer-protocol object */
    uint8_t digests[FSPY_MANY_CHUNK][FASTSHA256_DIGEST_SIZE];
    char hex[FSPY_MANY_CHUNK][FASTSHA256_HEX_SIZE];
} fspy_round;

static void fspy_round_release(fspy_round *r, Py_ssize_t count) {
    for (Py_ssize_t i = 0; i < count; i++) {
        if (r->owners[i])
            Py_DECREF(r->owners[i]);
        else
            PyBuffer_Release(&r->views[i]);
    }
}

/* Takes hold of count messages; on failure releases what it took (-1). */
static int fspy_round_fill(fspy_round *r, PyObject *const *objs, Py_ssize_t count) {
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *obj = objs[i];
        if (PyBytes_CheckExact(obj)) {
            Py_INCREF(obj);
            r->owners[i] = obj;
            r->ptrs[i] = PyBytes_AS_STRING(obj);
            r->lens[i] = (size_t)PyBytes_GET_SIZE(obj);
        } else {
            r->owners[i] = NULL;
            if (fspy_get_buffer(obj, &r->views[i]) < 0) {
                fspy_round_release(r, i);
                return -1;
            }
            r->ptrs[i] = r->views[i].buf;
            r->lens[i] = (size_t)r->views[i].len;
        }
    }
    return 0;
}

/* Hashes a filled round without the GIL, then lets go of its messages. */
static void fspy_round_hash(fspy_round *r, Py_ssize_t count, const fsb_algo *a, int want_hex) {
    Py_BEGIN_ALLOW_THREADS
    fsb_hash_many(a, r->ptrs, r->lens, (size_t)count, r->digests);
    if (want_hex)
        fastsha256_to_hex_many((const uint8_t (*)[32])r->digests, (size_t)count, r->hex);
    Py_END_ALLOW_THREADS
    fspy_round_release(r, count);
}

/* Puts a hashed round's count results into result[start...] (-1 on failure). */
static int fspy_round_store(const fspy_round *r, Py_ssize_t count, PyObject *result,
                            Py_ssize_t start, Py_ssize_t ds, int want_hex) {
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item;
        if (want_hex) { /* a SHA-224 tag's hex is the first 56 of its slot's 64 */
            item = PyUnicode_New(2 * ds, 127);
            /* Constant sizes, so the copies are inlined: a memcpy call of a
             * variable size costs a large share of sha256_many's time per item. */
            if (item && ds == FASTSHA256_DIGEST_SIZE)
                memcpy(PyUnicode_1BYTE_DATA(item), r->hex[i], 2 * FASTSHA256_DIGEST_SIZE);
            else if (item)
                memcpy(PyUnicode_1BYTE_DATA(item), r->hex[i], 2 * FASTSHA224_DIGEST_SIZE);
        } else {
            item = PyBytes_FromStringAndSize((const char *)r->digests[i], ds);
        }
        if (item == NULL)
            return -1;
        PyList_SET_ITEM(result, start + i, item);
    }
    return 0;
}

/* items as a fast sequence, or NULL with a TypeError that names fname. */
static PyObject *fspy_items(const char *fname, PyObject *items) {
    if (PyUnicode_Check(items) || PyBytes_Check(items) || PyByteArray_Check(items)) {
        /* Iterating these would hash single characters or small ints. */
        PyErr_Format(PyExc_TypeError,
                     "%s() argument 'items' must be an iterable of bytes-like objects, "
                     "not %.100s (wrap a single message in a list)", fname, Py_TYPE(items)->tp_name);
        return NULL;
    }
    char not_iterable[128];
    PyOS_snprintf(not_iterable, sizeof not_iterable,
                  "%s() argument 'items' must be an iterable of bytes-like objects", fname);
    return PySequence_Fast(items, not_iterable);
}

/* Round by round into result, of *n slots: on return *n is how many it set.
 * The rounds are the core's chunks (fsb_core.h), cut here because each one
 * takes hold of its messages with the GIL and hashes them without it. */
static int fspy_many_rounds(PyObject *seq, PyObject *result, fspy_round *r, Py_ssize_t *count_io,
                            const fsb_algo *a, int want_hex) {
    Py_ssize_t n = *count_io, ds = (Py_ssize_t)fsb_digest_size(a->f);
    for (Py_ssize_t start = 0; start < n; start += FSPY_MANY_CHUNK) {
        /* The list may shrink if another thread edits it between rounds. */
        n = Py_MIN(n, PySequence_Fast_GET_SIZE(seq));
        if (start >= n)
            break;
        Py_ssize_t count = Py_MIN((Py_ssize_t)FSPY_MANY_CHUNK, n - start);
        if (fspy_round_fill(r, PySequence_Fast_ITEMS(seq) + start, count) < 0)
            return -1;
        fspy_round_hash(r, count, a, want_hex);
        if (fspy_round_store(r, count, result, start, ds, want_hex) < 0)
            return -1;
    }
    *count_io = n;
    return 0;
}

PyObject *fspy_many(const char *fname, PyObject *items, int want_hex, const fsb_algo *a) {
    PyObject *seq = fspy_items(fname, items);
    if (seq == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *result = PyList_New(n);
    fspy_round *r = result ? PyMem_Malloc(sizeof *r) : NULL;
    if (r == NULL) {
        Py_XDECREF(result);
        Py_DECREF(seq);
        return result ? PyErr_NoMemory() : NULL;
    }
    int rc = fspy_many_rounds(seq, result, r, &n, a, want_hex);
    PyMem_Free(r);
    Py_DECREF(seq);
    if (rc == 0 && n < PyList_GET_SIZE(result)) /* the input shrank under us: drop the unset tail */
        rc = PyList_SetSlice(result, n, PyList_GET_SIZE(result), NULL);
    if (rc < 0)
        Py_CLEAR(result);
    return result;
}

PyDoc_STRVAR(fspy_sha256_many_doc, "sha256_many(items, *, hex=False)\n--\n\n"
"SHA-256 of every bytes-like object in the iterable items, in order.\n\n"
"Returns a list of 32-byte digests, or of 64-character lowercase hex strings\n"
"when hex is true. The messages are hashed together (multi-buffer) with the\n"
"GIL released; they may have any lengths, mixed, including empty.");

static const char *const fspy_many_params[] = {"items", "hex", NULL};

static PyObject *fspy_sha256_many(PyObject *Py_UNUSED(module), PyObject *const *args,
                                  Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *v[2];
    int parsed = fspy_parse_args("sha256_many", fspy_many_params, 1, 1, args, nargs, kwnames, v);
    int want_hex = parsed < 0 ? -1 : fspy_flag(v[1]);
    return want_hex < 0 ? NULL
                        : fspy_many("sha256_many", v[0], want_hex, fsb_plain(fsb_sha256));
}

PyDoc_STRVAR(fspy_sha256_packed_doc, "sha256_packed(buffer, stride, length, *, hex=False)\n--\n\n"
"SHA-256 of equal-length records packed in one buffer: record i is the\n"
"length bytes at offset i * stride (e.g. a NumPy fixed-width bytes column).\n\n"
"The buffer holds n records: its size is n * stride, or (n - 1) * stride +\n"
"length when the last record has no trailing padding. Returns one bytes of\n"
"n * 32 digests, or one str of n * 64 hex characters when hex is true.\n"
"Raises ValueError for a non-positive stride, a negative length, a stride\n"
"smaller than length, or a buffer size that is not a whole number of records.");

static const char *const fspy_packed_params[] = {"buffer", "stride", "length", "hex", NULL};

/* The record layout's ValueErrors (0 when it is valid): the signs here,
 * a short stride by the core's check. */
static int fspy_check_layout(Py_ssize_t stride, Py_ssize_t length) {
    if (stride <= 0) {
        PyErr_Format(PyExc_ValueError, "stride must be positive, not %zd", stride);
        return -1;
    }
    if (length < 0) {
        PyErr_Format(PyExc_ValueError, "length must not be negative, not %zd", length);
        return -1;
    }
    if (fsb_records_check((size_t)stride, (size_t)length) != 0) {
        PyErr_Format(PyExc_ValueError, "stride (%zd) must be at least length (%zd)", stride, length);
        return -1;
    }
    return 0;
}

/* How many records the buffer holds, -1 with a ValueError when it is not a
 * whole number of them: the last may lack its padding, a shorter tail is
 * refused. Python's deliberate policy, hashlib-strict, FSB_RECORDS_WHOLE;
 * Node's is FSB_RECORDS_FLOOR (bindings/python/README.md). */
static Py_ssize_t fspy_packed_count(const Py_buffer *view, Py_ssize_t stride, Py_ssize_t length) {
    size_t n;
    if (fsb_records_count((size_t)view->len, (size_t)stride, (size_t)length, FSB_RECORDS_WHOLE,
                          &n) != 0) {
        PyErr_Format(PyExc_ValueError,
                     "buffer of %zd bytes is not a whole number of records "
                     "(stride %zd, length %zd)", view->len, stride, length);
        return -1;
    }
    return (Py_ssize_t)n;
}

static PyObject *fspy_packed_digests(const uint8_t *base, Py_ssize_t stride, Py_ssize_t length,
                                     Py_ssize_t n) {
    PyObject *result = PyBytes_FromStringAndSize(NULL, n * FASTSHA256_DIGEST_SIZE);
    if (result) {
        uint8_t (*out)[32] = (uint8_t (*)[32])PyBytes_AS_STRING(result);
        Py_BEGIN_ALLOW_THREADS
        fastsha256_many_strided(base, (size_t)stride, (size_t)length, (size_t)n, out);
        Py_END_ALLOW_THREADS
    }
    return result;
}

/* A chunk's digests as hex into the result string: each chunk's NUL is
 * overwritten by the next chunk and the last lands on the string's own
 * terminator. */
static void fspy_emit_hex(void *out, size_t from, size_t k, const uint8_t (*digests)[32]) {
    fastsha256_to_hex(&digests[0][0], k * 32, (char *)out + from * 64);
}

static PyObject *fspy_packed_hex(const uint8_t *base, Py_ssize_t stride, Py_ssize_t length,
                                 Py_ssize_t n) {
    fsb_batch records = {.layout = FSB_RECORDS, .n = (size_t)n, .base = base,
                         .stride = (size_t)stride, .len = (size_t)length};
    PyObject *result = PyUnicode_New(n * 64, 127);
    if (result) {
        char *out = (char *)PyUnicode_1BYTE_DATA(result);
        /* Chunk by chunk, so the digests are still in cache for the hex
         * encoder. */
        Py_BEGIN_ALLOW_THREADS
        fsb_batch_run(&records, fsb_plain(fsb_sha256), FSPY_MANY_CHUNK, fspy_emit_hex, out);
        Py_END_ALLOW_THREADS
    }
    return result;
}

static PyObject *fspy_sha256_packed(PyObject *Py_UNUSED(module), PyObject *const *args,
                                    Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *v[4];
    Py_ssize_t stride, length;
    if (fspy_parse_args("sha256_packed", fspy_packed_params, 3, 3, args, nargs, kwnames, v) < 0 ||
        fspy_ssize(v[1], &stride) < 0 || fspy_ssize(v[2], &length) < 0)
        return NULL;
    int want_hex = fspy_flag(v[3]);
    if (want_hex < 0 || fspy_check_layout(stride, length) < 0)
        return NULL;
    Py_buffer view;
    if (fspy_get_buffer(v[0], &view) < 0)
        return NULL;
    Py_ssize_t n = fspy_packed_count(&view, stride, length);
    Py_ssize_t digit_size = want_hex ? 2 * FASTSHA256_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
    PyObject *result;
    if (n < 0)
        result = NULL;
    else if (n > PY_SSIZE_T_MAX / digit_size)
        result = PyErr_NoMemory();
    else if (want_hex)
        result = fspy_packed_hex(view.buf, stride, length, n);
    else
        result = fspy_packed_digests(view.buf, stride, length, n);
    PyBuffer_Release(&view);
    return result;
}

PyMethodDef fspy_batch_functions[] = {
    FSPY_FASTCALL(sha256_many),
    FSPY_FASTCALL(sha256_packed),
    {NULL, NULL, 0, NULL}};
