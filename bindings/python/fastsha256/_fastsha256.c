/* The CPython face of fastsha256: hashlib-like objects, batch calls and the
 * backend switch. A translation layer only: argument checks, buffer access and
 * result objects; every digest and hex string comes from include/fastsha256.h.
 *
 * HMAC-SHA256/-SHA224 the same way, over fastsha256_hmac*.
 *
 * Like CPython's own hash modules, inputs of at least FSPY_GIL_MINSIZE bytes
 * and every batch are hashed with the GIL released; a hash object then guards
 * its context with its own lock, created on first need. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <string.h>

#include "fastsha256.h"

#define FSPY_GIL_MINSIZE 2048
/* Messages per round of sha256_many, and records per round of the packed hex
 * path: digests and hex strings of one round stay in the L1/L2 cache. */
#define FSPY_MANY_CHUNK 512

/* --- Buffers, with hashlib's checks and messages ------------------------- */

static int fspy_get_buffer(PyObject *obj, Py_buffer *view) {
    if (PyUnicode_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing");
        return -1;
    }
    if (!PyObject_CheckBuffer(obj)) {
        PyErr_SetString(PyExc_TypeError, "object supporting the buffer API required");
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) == -1)
        return -1;
    if (view->ndim > 1) {
        PyErr_SetString(PyExc_BufferError, "Buffer must be single dimension");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* --- Arguments ----------------------------------------------------------- */

/* Parses a vectorcall's arguments, by position or keyword, into values[]
 * (NULL where not given). names lists the parameters, NULL-terminated; the
 * first max_positional may come by position, the first `required` must come. */
static int fspy_parse_args(const char *fname, const char *const *names, Py_ssize_t max_positional,
                           Py_ssize_t required, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames, PyObject **values) {
    Py_ssize_t count = 0;
    while (names[count])
        values[count++] = NULL;
    if (nargs > max_positional) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %zd positional argument%s (%zd given)",
                     fname, max_positional, max_positional == 1 ? "" : "s", nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        values[i] = args[i];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i);
        Py_ssize_t j = 0;
        while (j < count && PyUnicode_CompareWithASCIIString(key, names[j]) != 0)
            j++;
        if (j == count) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fname, key);
            return -1;
        }
        if (values[j] != NULL) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fname,
                         names[j]);
            return -1;
        }
        values[j] = args[nargs + i];
    }
    for (Py_ssize_t j = 0; j < required; j++) {
        if (values[j] == NULL) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %zd)", fname,
                         names[j], j + 1);
            return -1;
        }
    }
    return 0;
}

/* An optional boolean keyword (hex=...): 0 when absent, -1 on error. */
static int fspy_flag(PyObject *value) {
    return value ? PyObject_IsTrue(value) : 0;
}

/* An integer argument (anything with __index__), as the "n" format reads it. */
static int fspy_ssize(PyObject *value, Py_ssize_t *out) {
    *out = PyNumber_AsSsize_t(value, PyExc_OverflowError);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* --- Hash and HMAC objects ------------------------------------------------
 * One C struct serves both Python types, fastsha256.Hash (SHA-256/SHA-224)
 * and fastsha256.HMAC: the same locking, copying and output code, with the
 * library's plain or keyed stream inside. */

typedef struct {
    PyObject_HEAD
    PyThread_type_lock lock; /* NULL until an update large enough to drop the GIL */
    int is_hmac;
    int digest_size;         /* 32 or 28 */
    union {
        fastsha256_ctx hash;
        fastsha256_hmac_ctx hmac; /* holds key-derived states: wiped on dealloc */
    } u;
} fspy_hash;

static PyTypeObject fspy_hash_type;
static PyTypeObject fspy_hmac_type;

/* Zeroes memory that held key-derived states; the barrier keeps the
 * compiler from dropping a store to memory that is freed next. */
static void fspy_wipe(void *p, size_t n) {
    memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *v = (volatile unsigned char *)p;
    for (size_t i = 0; i < n; i++)
        v[i] = 0;
#endif
}

/* Takes the object's lock (if any) without blocking other threads on the GIL. */
static void fspy_enter(fspy_hash *self) {
    if (self->lock && !PyThread_acquire_lock(self->lock, 0)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(self->lock, 1);
        Py_END_ALLOW_THREADS
    }
}

static void fspy_leave(fspy_hash *self) {
    if (self->lock)
        PyThread_release_lock(self->lock);
}

static fspy_hash *fspy_hash_alloc(PyTypeObject *type, int is224) {
    fspy_hash *self = PyObject_New(fspy_hash, type);
    if (self == NULL)
        return NULL;
    self->lock = NULL;
    self->is_hmac = type == &fspy_hmac_type;
    self->digest_size = is224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
    if (is224)
        fastsha224_init(&self->u.hash);
    else
        fastsha256_init(&self->u.hash);
    return self;
}

static void fspy_hash_dealloc(fspy_hash *self) {
    if (self->lock)
        PyThread_free_lock(self->lock);
    if (self->is_hmac)
        fspy_wipe(&self->u, sizeof self->u);
    PyObject_Free(self);
}

/* The library's update for this object's kind; the caller holds the lock. */
static void fspy_feed(fspy_hash *self, const void *data, size_t len) {
    if (self->is_hmac)
        fastsha256_hmac_update(&self->u.hmac, data, len);
    else
        fastsha256_update(&self->u.hash, data, len);
}

static int fspy_update_obj(fspy_hash *self, PyObject *data) {
    Py_buffer view;
    if (fspy_get_buffer(data, &view) < 0)
        return -1;
    if (view.len >= FSPY_GIL_MINSIZE && self->lock == NULL) {
        self->lock = PyThread_allocate_lock(); /* on failure: hash holding the GIL */
    }
    if (self->lock) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(self->lock, 1);
        fspy_feed(self, view.buf, (size_t)view.len);
        PyThread_release_lock(self->lock);
        Py_END_ALLOW_THREADS
    } else {
        fspy_feed(self, view.buf, (size_t)view.len);
    }
    PyBuffer_Release(&view);
    return 0;
}

PyDoc_STRVAR(fspy_update_doc, "update($self, data, /)\n--\n\n"
"Update this hash object's state with the provided bytes-like object.");

static PyObject *fspy_update(fspy_hash *self, PyObject *data) {
    if (fspy_update_obj(self, data) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* Finishes a copy of the context, so the object can go on being updated
 * (the library's final wipes that copy). */
static void fspy_finish(fspy_hash *self, uint8_t out[FASTSHA256_DIGEST_SIZE]) {
    fspy_enter(self);
    if (self->is_hmac) {
        fastsha256_hmac_ctx tmp = self->u.hmac;
        fspy_leave(self);
        fastsha256_hmac_final(&tmp, out);
    } else {
        fastsha256_ctx tmp = self->u.hash;
        fspy_leave(self);
        fastsha256_final(&tmp, out);
    }
}

/* n bytes as a str of 2n lowercase hex digits. */
static PyObject *fspy_hex_str(const uint8_t *bytes, Py_ssize_t n) {
    PyObject *s = PyUnicode_New(2 * n, 127);
    if (s == NULL)
        return NULL;
    /* A compact ASCII string has room for its terminating NUL. */
    fastsha256_to_hex(bytes, (size_t)n, (char *)PyUnicode_1BYTE_DATA(s));
    return s;
}

/* A digest or tag as bytes, or as a hex str when want_hex. */
static PyObject *fspy_output(const uint8_t *bytes, Py_ssize_t n, int want_hex) {
    if (want_hex)
        return fspy_hex_str(bytes, n);
    return PyBytes_FromStringAndSize((const char *)bytes, n);
}

/* The digest (or tag) so far, as bytes or as hex. */
static PyObject *fspy_result(fspy_hash *self, int want_hex) {
    uint8_t out[FASTSHA256_DIGEST_SIZE];
    fspy_finish(self, out);
    return fspy_output(out, self->digest_size, want_hex);
}

PyDoc_STRVAR(fspy_digest_doc, "digest($self, /)\n--\n\n"
"Return the digest value as a bytes object.");

static PyObject *fspy_digest(fspy_hash *self, PyObject *Py_UNUSED(ignored)) {
    return fspy_result(self, 0);
}

PyDoc_STRVAR(fspy_hexdigest_doc, "hexdigest($self, /)\n--\n\n"
"Return the digest value as a string of hexadecimal digits.");

static PyObject *fspy_hexdigest(fspy_hash *self, PyObject *Py_UNUSED(ignored)) {
    return fspy_result(self, 1);
}

PyDoc_STRVAR(fspy_copy_doc, "copy($self, /)\n--\n\n"
"Return a copy of the hash object.");

static PyObject *fspy_copy(fspy_hash *self, PyObject *Py_UNUSED(ignored)) {
    fspy_hash *twin = PyObject_New(fspy_hash, Py_TYPE(self));
    if (twin == NULL)
        return NULL;
    twin->lock = NULL;
    twin->is_hmac = self->is_hmac;
    twin->digest_size = self->digest_size;
    fspy_enter(self);
    twin->u = self->u;
    fspy_leave(self);
    return (PyObject *)twin;
}

/* "sha256", "sha224", "hmac-sha256" or "hmac-sha224" (CPython's names). */
static const char *fspy_name(const fspy_hash *self) {
    static const char *const names[2][2] = {{"sha256", "sha224"}, {"hmac-sha256", "hmac-sha224"}};
    return names[self->is_hmac][self->digest_size == FASTSHA224_DIGEST_SIZE];
}

static PyObject *fspy_get_name(fspy_hash *self, void *Py_UNUSED(closure)) {
    return PyUnicode_FromString(fspy_name(self));
}

static PyObject *fspy_get_digest_size(fspy_hash *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(self->digest_size);
}

static PyObject *fspy_get_block_size(fspy_hash *Py_UNUSED(self), void *Py_UNUSED(closure)) {
    return PyLong_FromLong(FASTSHA256_BLOCK_SIZE);
}

static PyObject *fspy_hash_repr(fspy_hash *self) {
    return PyUnicode_FromFormat("<%s %s object @ %p>", fspy_name(self),
                                Py_TYPE(self)->tp_name, (void *)self);
}

static PyMethodDef fspy_hash_methods[] = {
    {"update", (PyCFunction)fspy_update, METH_O, fspy_update_doc},
    {"digest", (PyCFunction)fspy_digest, METH_NOARGS, fspy_digest_doc},
    {"hexdigest", (PyCFunction)fspy_hexdigest, METH_NOARGS, fspy_hexdigest_doc},
    {"copy", (PyCFunction)fspy_copy, METH_NOARGS, fspy_copy_doc},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef fspy_hash_getset[] = {
    {"name", (getter)fspy_get_name, NULL,
     "The algorithm's name: 'sha256' or 'sha224' ('hmac-sha256' or 'hmac-sha224' for HMAC).", NULL},
    {"digest_size", (getter)fspy_get_digest_size, NULL, "Size of the digest in bytes.", NULL},
    {"block_size", (getter)fspy_get_block_size, NULL, "Internal block size in bytes (64).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(fspy_hash_doc,
"A SHA-256 or SHA-224 hash object, used like hashlib's.\n\n"
"Made by sha256(), sha224() or new(); not instantiable directly. Safe to share\n"
"between threads: updates are serialised by the object's own lock.");

/* Hash and HMAC share the struct and every slot but these. */
#define FSPY_STREAM_TYPE(type_name, flags, doc, new_fn)                                      \
    {                                                                                        \
        PyVarObject_HEAD_INIT(NULL, 0)                                                       \
        .tp_name = type_name,                                                                \
        .tp_basicsize = sizeof(fspy_hash),                                                   \
        .tp_dealloc = (destructor)fspy_hash_dealloc,                                         \
        .tp_repr = (reprfunc)fspy_hash_repr,                                                 \
        .tp_flags = flags,                                                                   \
        .tp_doc = doc,                                                                       \
        .tp_methods = fspy_hash_methods,                                                     \
        .tp_getset = fspy_hash_getset,                                                       \
        .tp_new = new_fn,                                                                    \
    }

static PyTypeObject fspy_hash_type = FSPY_STREAM_TYPE(
    "fastsha256.Hash", Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, fspy_hash_doc, NULL);

/* --- Constructors --------------------------------------------------------- */

/* Parses (data=b"", *, usedforsecurity=True) from a vectorcall; `string` is
 * accepted as hashlib's older name of `data`. usedforsecurity is accepted and
 * ignored, as hashlib does when the algorithm is allowed anyway. */
static int fspy_parse_data(const char *fname, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames, Py_ssize_t max_positional, PyObject **data) {
    *data = NULL;
    if (nargs > max_positional) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %zd positional argument%s (%zd given)",
                     fname, max_positional, max_positional == 1 ? "" : "s", nargs);
        return -1;
    }
    if (nargs > 0)
        *data = args[nargs - 1];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i);
        PyObject *value = args[nargs + i];
        if (PyUnicode_CompareWithASCIIString(key, "data") == 0 ||
            PyUnicode_CompareWithASCIIString(key, "string") == 0) {
            if (*data != NULL) {
                PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument 'data'", fname);
                return -1;
            }
            *data = value;
        } else if (PyUnicode_CompareWithASCIIString(key, "usedforsecurity") == 0) {
            if (PyObject_IsTrue(value) < 0)
                return -1;
        } else {
            PyErr_Format(PyExc_TypeError, "%U is an invalid keyword argument for %s()", key, fname);
            return -1;
        }
    }
    return 0;
}

/* Runs stmt, which reads `size` bytes, without the GIL when that is worth it
 * (the caller's objects stay alive and unshared meanwhile). */
#define FSPY_MAYBE_WITHOUT_GIL(size, stmt)                                                   \
    do {                                                                                     \
        if ((size_t)(size) >= FSPY_GIL_MINSIZE) {                                            \
            Py_BEGIN_ALLOW_THREADS                                                           \
            stmt;                                                                            \
            Py_END_ALLOW_THREADS                                                             \
        } else {                                                                             \
            stmt;                                                                            \
        }                                                                                    \
    } while (0)

/* Feeds a new object its first data, if any (NULL: none); nobody else can
 * see the object yet, so no lock. Returns it, or NULL (and drops it). */
static PyObject *fspy_start(fspy_hash *self, PyObject *data) {
    if (self == NULL || data == NULL)
        return (PyObject *)self;
    Py_buffer view;
    if (fspy_get_buffer(data, &view) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    FSPY_MAYBE_WITHOUT_GIL(view.len, fspy_feed(self, view.buf, (size_t)view.len));
    PyBuffer_Release(&view);
    return (PyObject *)self;
}

static PyObject *fspy_make(int is224, PyObject *data) {
    return fspy_start(fspy_hash_alloc(&fspy_hash_type, is224), data);
}

/* 0 for "sha256", 1 for "sha224" (any case, as hashlib.new takes them), -1
 * (no exception) for any other str. */
static int fspy_algo_is224(PyObject *name) {
    if (!PyUnicode_IS_ASCII(name) || PyUnicode_GET_LENGTH(name) != 6)
        return -1;
    const Py_UCS1 *s = PyUnicode_1BYTE_DATA(name);
    char lower[7];
    for (int i = 0; i < 6; i++)
        lower[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + ('a' - 'A') : s[i]);
    lower[6] = '\0';
    return strcmp(lower, "sha256") == 0 ? 0 : strcmp(lower, "sha224") == 0 ? 1 : -1;
}

/* A module function that is one variant of a shared one: name(...) is
 * impl(variant, ...), e.g. sha224() is the constructor with is224 = 1. */
#define FSPY_VARIANT(name, impl, variant, doc)                                               \
    PyDoc_STRVAR(name##_doc, doc);                                                           \
    static PyObject *name(PyObject *Py_UNUSED(module), PyObject *const *args,                \
                          Py_ssize_t nargs, PyObject *kwnames) {                             \
        return impl(variant, args, nargs, kwnames);                                          \
    }

/* sha256() and sha224(): the same parsing, one constructor. */
static PyObject *fspy_construct(int is224, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
    PyObject *data;
    if (fspy_parse_data(is224 ? "sha224" : "sha256", args, nargs, kwnames, 1, &data) < 0)
        return NULL;
    return fspy_make(is224, data);
}

FSPY_VARIANT(fspy_sha256, fspy_construct, 0,
    "sha256(data=b'', *, usedforsecurity=True)\n--\n\n"
    "Return a new SHA-256 hash object, optionally initialised with data\n"
    "(any bytes-like object, read without a copy).")

FSPY_VARIANT(fspy_sha224, fspy_construct, 1,
    "sha224(data=b'', *, usedforsecurity=True)\n--\n\n"
    "Return a new SHA-224 hash object, optionally initialised with data.")

PyDoc_STRVAR(fspy_new_doc, "new(name, data=b'', *, usedforsecurity=True)\n--\n\n"
"Return a new hash object for the named algorithm: 'sha256' or 'sha224'\n"
"(any case). Other names raise ValueError, as hashlib.new does.");

static PyObject *fspy_new(PyObject *Py_UNUSED(module), PyObject *const *args,
                          Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *name = NULL, *data = NULL;
    if (nargs > 2) {
        PyErr_Format(PyExc_TypeError, "new() takes at most 2 positional arguments (%zd given)", nargs);
        return NULL;
    }
    if (nargs >= 1)
        name = args[0];
    if (nargs == 2)
        data = args[1];
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i);
        PyObject **slot = NULL;
        if (PyUnicode_CompareWithASCIIString(key, "name") == 0)
            slot = &name;
        else if (PyUnicode_CompareWithASCIIString(key, "data") == 0 ||
                 PyUnicode_CompareWithASCIIString(key, "string") == 0)
            slot = &data;
        else if (PyUnicode_CompareWithASCIIString(key, "usedforsecurity") == 0) {
            if (PyObject_IsTrue(args[nargs + i]) < 0)
                return NULL;
            continue;
        } else {
            PyErr_Format(PyExc_TypeError, "%U is an invalid keyword argument for new()", key);
            return NULL;
        }
        if (*slot != NULL) {
            PyErr_Format(PyExc_TypeError, "new() got multiple values for argument '%U'", key);
            return NULL;
        }
        *slot = args[nargs + i];
    }
    if (name == NULL) {
        PyErr_SetString(PyExc_TypeError, "new() missing required argument 'name' (pos 1)");
        return NULL;
    }
    if (!PyUnicode_Check(name)) {
        PyErr_Format(PyExc_TypeError, "new() argument 'name' must be str, not %.100s",
                     Py_TYPE(name)->tp_name);
        return NULL;
    }
    int is224 = fspy_algo_is224(name);
    if (is224 < 0) {
        PyErr_Format(PyExc_ValueError, "unsupported hash type %U", name);
        return NULL;
    }
    return fspy_make(is224, data);
}

/* --- Batches -------------------------------------------------------------- */

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

/* The messages of items, SHA-256 (key NULL) or HMAC under key, round by
 * round with the GIL released, to a list of ds-byte digests or hex strs. */
static PyObject *fspy_many(const char *fname, PyObject *items, int want_hex,
                           const fastsha256_hmac_key *key, Py_ssize_t ds) {
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
    PyObject *seq = PySequence_Fast(items, not_iterable);
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
    for (Py_ssize_t start = 0; start < n; start += FSPY_MANY_CHUNK) {
        /* The list may shrink if another thread edits it between rounds. */
        n = Py_MIN(n, PySequence_Fast_GET_SIZE(seq));
        if (start >= n)
            break;
        Py_ssize_t count = Py_MIN((Py_ssize_t)FSPY_MANY_CHUNK, n - start);
        PyObject **objs = PySequence_Fast_ITEMS(seq);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *obj = objs[start + i];
            if (PyBytes_CheckExact(obj)) {
                Py_INCREF(obj);
                r->owners[i] = obj;
                r->ptrs[i] = PyBytes_AS_STRING(obj);
                r->lens[i] = (size_t)PyBytes_GET_SIZE(obj);
            } else {
                r->owners[i] = NULL;
                if (fspy_get_buffer(obj, &r->views[i]) < 0) {
                    fspy_round_release(r, i);
                    goto fail;
                }
                r->ptrs[i] = r->views[i].buf;
                r->lens[i] = (size_t)r->views[i].len;
            }
        }
        Py_BEGIN_ALLOW_THREADS
        if (key)
            fastsha256_hmac_many(key, r->ptrs, r->lens, (size_t)count, r->digests);
        else
            fastsha256_many(r->ptrs, r->lens, (size_t)count, r->digests);
        if (want_hex)
            fastsha256_to_hex_many((const uint8_t (*)[32])r->digests, (size_t)count, r->hex);
        Py_END_ALLOW_THREADS
        fspy_round_release(r, count);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *item;
            if (want_hex) { /* a SHA-224 tag's hex is the first 56 of its slot's 64 */
                item = PyUnicode_New(2 * ds, 127);
                /* Constant sizes, so the copies are inlined: a memcpy call of
                 * a variable size cost ~30 ns per item (half of sha256_many). */
                if (item && ds == FASTSHA256_DIGEST_SIZE)
                    memcpy(PyUnicode_1BYTE_DATA(item), r->hex[i], 2 * FASTSHA256_DIGEST_SIZE);
                else if (item)
                    memcpy(PyUnicode_1BYTE_DATA(item), r->hex[i], 2 * FASTSHA224_DIGEST_SIZE);
            } else {
                item = PyBytes_FromStringAndSize((const char *)r->digests[i], ds);
            }
            if (item == NULL)
                goto fail;
            PyList_SET_ITEM(result, start + i, item);
        }
    }
    PyMem_Free(r);
    Py_DECREF(seq);
    if (n < PyList_GET_SIZE(result)) { /* the input shrank under us: drop the unset tail */
        if (PyList_SetSlice(result, n, PyList_GET_SIZE(result), NULL) < 0) {
            Py_DECREF(result);
            return NULL;
        }
    }
    return result;
fail:
    PyMem_Free(r);
    Py_DECREF(seq);
    Py_DECREF(result);
    return NULL;
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
                        : fspy_many("sha256_many", v[0], want_hex, NULL, FASTSHA256_DIGEST_SIZE);
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

static PyObject *fspy_sha256_packed(PyObject *Py_UNUSED(module), PyObject *const *args,
                                    Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *v[4];
    Py_ssize_t stride, length;
    if (fspy_parse_args("sha256_packed", fspy_packed_params, 3, 3, args, nargs, kwnames, v) < 0 ||
        fspy_ssize(v[1], &stride) < 0 || fspy_ssize(v[2], &length) < 0)
        return NULL;
    int want_hex = fspy_flag(v[3]);
    if (want_hex < 0)
        return NULL;
    PyObject *obj = v[0];
    if (stride <= 0) {
        PyErr_Format(PyExc_ValueError, "stride must be positive, not %zd", stride);
        return NULL;
    }
    if (length < 0) {
        PyErr_Format(PyExc_ValueError, "length must not be negative, not %zd", length);
        return NULL;
    }
    if (stride < length) {
        PyErr_Format(PyExc_ValueError, "stride (%zd) must be at least length (%zd)", stride, length);
        return NULL;
    }
    Py_buffer view;
    if (fspy_get_buffer(obj, &view) < 0)
        return NULL;
    Py_ssize_t n = view.len / stride, rest = view.len % stride;
    if (rest != 0) {
        if (rest < length) {
            PyErr_Format(PyExc_ValueError,
                         "buffer of %zd bytes is not a whole number of records "
                         "(stride %zd, length %zd)", view.len, stride, length);
            PyBuffer_Release(&view);
            return NULL;
        }
        n++;
    }
    Py_ssize_t digit_size = want_hex ? 2 * FASTSHA256_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
    if (n > PY_SSIZE_T_MAX / digit_size) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    const uint8_t *base = view.buf;
    PyObject *result;
    if (!want_hex) {
        result = PyBytes_FromStringAndSize(NULL, n * FASTSHA256_DIGEST_SIZE);
        if (result) {
            uint8_t (*out)[32] = (uint8_t (*)[32])PyBytes_AS_STRING(result);
            Py_BEGIN_ALLOW_THREADS
            fastsha256_many_strided(base, (size_t)stride, (size_t)length, (size_t)n, out);
            Py_END_ALLOW_THREADS
        }
    } else {
        uint8_t digests[FSPY_MANY_CHUNK][32]; /* 16 KiB: no allocation per call */
        result = PyUnicode_New(n * 64, 127);
        if (result) {
            char *out = (char *)PyUnicode_1BYTE_DATA(result);
            Py_BEGIN_ALLOW_THREADS
            /* Round by round, so the digests are still in cache for the hex
             * encoder; each round's NUL is overwritten by the next round and
             * the last lands on the string's own terminator. */
            for (Py_ssize_t start = 0; start < n; start += FSPY_MANY_CHUNK) {
                size_t count = (size_t)Py_MIN((Py_ssize_t)FSPY_MANY_CHUNK, n - start);
                fastsha256_many_strided(base + (size_t)start * (size_t)stride, (size_t)stride,
                                        (size_t)length, count, digests);
                fastsha256_to_hex(&digests[0][0], count * 32, out + (size_t)start * 64);
            }
            Py_END_ALLOW_THREADS
        }
    }
    PyBuffer_Release(&view);
    return result;
}

/* --- HMAC-SHA256 and HMAC-SHA224 -------------------------------------------
 * The hmac module's calls (new, digest, compare_digest, the HMAC object) and
 * one-shot and batch functions, all on the library's fastsha256_hmac*. */

/* Which HMAC a digestmod asks for: 0 for SHA-256 (also when absent), 1 for
 * SHA-224, -1 with an exception set. Like the hmac module, it takes a hash
 * name, a constructor (hashlib.sha256, fastsha256.sha224, ...) or a module
 * with new(); the last two are asked for a hash object and judged by its
 * name. Other algorithms raise ValueError: this engine has no other hash. */
static int fspy_digestmod(PyObject *digestmod) {
    if (digestmod == NULL)
        return 0;
    if (digestmod == Py_None || (PyUnicode_Check(digestmod) && PyUnicode_GET_LENGTH(digestmod) == 0)) {
        PyErr_SetString(PyExc_TypeError, "Missing required parameter 'digestmod'.");
        return -1;
    }
    if (PyUnicode_Check(digestmod)) {
        int is224 = fspy_algo_is224(digestmod);
        if (is224 < 0)
            PyErr_Format(PyExc_ValueError,
                         "unsupported hash type %U (fastsha256 has 'sha256' and 'sha224')", digestmod);
        return is224;
    }
    PyObject *made;
    if (PyCallable_Check(digestmod)) {
        made = PyObject_CallNoArgs(digestmod);
    } else if (PyObject_HasAttrString(digestmod, "new")) {
        made = PyObject_CallMethod(digestmod, "new", NULL);
    } else {
        PyErr_Format(PyExc_TypeError,
                     "digestmod must be a hash name, a hash constructor or a module with new(), "
                     "not %.100s", Py_TYPE(digestmod)->tp_name);
        return -1;
    }
    if (made == NULL)
        return -1;
    PyObject *name = PyObject_GetAttrString(made, "name");
    Py_DECREF(made);
    int is224 = -1;
    if (name != NULL && PyUnicode_Check(name))
        is224 = fspy_algo_is224(name);
    Py_XDECREF(name);
    if (is224 < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError,
                     "unsupported digestmod %R (fastsha256 has SHA-256 and SHA-224)", digestmod);
    }
    return is224;
}

/* A key as hmac takes it: any bytes-like object; str and the rest TypeError. */
static int fspy_check_key(PyObject *key) {
    if (PyUnicode_Check(key) || !PyObject_CheckBuffer(key)) {
        PyErr_Format(PyExc_TypeError,
                     "key: expected bytes or bytearray (or another bytes-like object), "
                     "but got '%.100s'", Py_TYPE(key)->tp_name);
        return -1;
    }
    return 0;
}

static int fspy_get_key(PyObject *key, Py_buffer *view) {
    return fspy_check_key(key) < 0 ? -1 : fspy_get_buffer(key, view);
}

/* Prepares k from a key object; a long key is hashed without the GIL. The
 * caller wipes k (fastsha256_hmac_key_wipe). */
static int fspy_prepare_key(PyObject *key, int is224, fastsha256_hmac_key *k) {
    Py_buffer view;
    if (fspy_get_key(key, &view) < 0)
        return -1;
    void (*init)(fastsha256_hmac_key *, const void *, size_t) =
        is224 ? fastsha224_hmac_key_init : fastsha256_hmac_key_init;
    FSPY_MAYBE_WITHOUT_GIL(view.len, init(k, view.buf, (size_t)view.len));
    PyBuffer_Release(&view);
    return 0;
}

static PyObject *fspy_hmac_make(PyObject *key, PyObject *msg, PyObject *digestmod) {
    if (fspy_check_key(key) < 0) /* before digestmod, as hmac does */
        return NULL;
    int is224 = fspy_digestmod(digestmod);
    if (is224 < 0)
        return NULL;
    fastsha256_hmac_key k;
    if (fspy_prepare_key(key, is224, &k) < 0)
        return NULL;
    fspy_hash *self = fspy_hash_alloc(&fspy_hmac_type, is224);
    if (self != NULL)
        fastsha256_hmac_init(&self->u.hmac, &k);
    fastsha256_hmac_key_wipe(&k);
    return fspy_start(self, msg == Py_None ? NULL : msg);
}

static const char *const fspy_hmac_new_params[] = {"key", "msg", "digestmod", NULL};

PyDoc_STRVAR(fspy_hmac_new_doc, "hmac_new(key, msg=None, digestmod='sha256')\n--\n\n"
"Return a new HMAC object, like hmac.new (fastsha256.hmac.new).\n\n"
"key: any bytes-like object, of any length. msg: first data, optional.\n"
"digestmod: 'sha256' or 'sha224' (any case), or a constructor or module\n"
"whose hash objects are named so (hashlib.sha256, fastsha256.sha224).\n"
"Other algorithms raise ValueError; a str or other non-buffer key TypeError.");

static PyObject *fspy_hmac_new(PyObject *Py_UNUSED(module), PyObject *const *args,
                               Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *v[3];
    int parsed = fspy_parse_args("new", fspy_hmac_new_params, 3, 1, args, nargs, kwnames, v);
    return parsed < 0 ? NULL : fspy_hmac_make(v[0], v[1], v[2]);
}

static PyObject *fspy_hmac_tp_new(PyTypeObject *Py_UNUSED(type), PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"key", "msg", "digestmod", NULL};
    PyObject *key, *msg = NULL, *digestmod = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OO:HMAC", kwlist, &key, &msg, &digestmod))
        return NULL;
    return fspy_hmac_make(key, msg, digestmod);
}

PyDoc_STRVAR(fspy_hmac_type_doc, "HMAC(key, msg=None, digestmod='sha256')\n--\n\n"
"An HMAC-SHA256 or HMAC-SHA224 object, used like hmac.HMAC: update(msg),\n"
"digest(), hexdigest(), copy(), name ('hmac-sha256'), digest_size and\n"
"block_size. Safe to share between threads, like the hash objects. Key\n"
"material is wiped when the object goes.");

static PyTypeObject fspy_hmac_type = FSPY_STREAM_TYPE(
    "fastsha256.HMAC", Py_TPFLAGS_DEFAULT, fspy_hmac_type_doc, fspy_hmac_tp_new);

typedef int (*fspy_getter)(PyObject *obj, Py_buffer *view);

/* Two buffers, each by its getter: both, or none (-1, exception set). */
static int fspy_get_pair(fspy_getter get_a, PyObject *a, Py_buffer *va, fspy_getter get_b,
                         PyObject *b, Py_buffer *vb) {
    if (get_a(a, va) < 0)
        return -1;
    if (get_b(b, vb) < 0) {
        PyBuffer_Release(va);
        return -1;
    }
    return 0;
}

/* One tag of a key and a message, the GIL released for long ones. */
static PyObject *fspy_hmac_oneshot(int is224, PyObject *key, PyObject *msg, int want_hex) {
    Py_buffer kv, mv;
    if (fspy_get_pair(fspy_get_key, key, &kv, fspy_get_buffer, msg, &mv) < 0)
        return NULL;
    uint8_t tag[FASTSHA256_DIGEST_SIZE];
    void (*hmac)(const void *, size_t, const void *, size_t, uint8_t *) =
        is224 ? fastsha224_hmac : fastsha256_hmac;
    FSPY_MAYBE_WITHOUT_GIL((size_t)kv.len + (size_t)mv.len,
                           hmac(kv.buf, (size_t)kv.len, mv.buf, (size_t)mv.len, tag));
    PyBuffer_Release(&mv);
    PyBuffer_Release(&kv);
    return fspy_output(tag, is224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE, want_hex);
}

static const char *const fspy_hmac_oneshot_params[] = {"key", "data", "hex", NULL};

/* hmac_sha256() and hmac_sha224(): one parser. */
static PyObject *fspy_hmac_call(int is224, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
    PyObject *v[3];
    if (fspy_parse_args(is224 ? "hmac_sha224" : "hmac_sha256", fspy_hmac_oneshot_params, 2, 2,
                        args, nargs, kwnames, v) < 0)
        return NULL;
    int want_hex = fspy_flag(v[2]);
    return want_hex < 0 ? NULL : fspy_hmac_oneshot(is224, v[0], v[1], want_hex);
}

FSPY_VARIANT(fspy_hmac_sha256, fspy_hmac_call, 0,
    "hmac_sha256(key, data, *, hex=False)\n--\n\n"
    "HMAC-SHA256 of data under key (bytes-like objects, any lengths): 32 bytes,\n"
    "or 64 hex characters when hex is true. Same tag as\n"
    "hmac.digest(key, data, 'sha256').")

FSPY_VARIANT(fspy_hmac_sha224, fspy_hmac_call, 1,
    "hmac_sha224(key, data, *, hex=False)\n--\n\n"
    "HMAC-SHA224 of data under key: 28 bytes, or 56 hex characters.")

static const char *const fspy_hmac_digest_params[] = {"key", "msg", "digest", NULL};

PyDoc_STRVAR(fspy_hmac_digest_doc, "hmac_digest(key, msg, digest='sha256')\n--\n\n"
"One tag, like hmac.digest (fastsha256.hmac.digest); digest is taken as\n"
"hmac_new's digestmod.");

static PyObject *fspy_hmac_digest(PyObject *Py_UNUSED(module), PyObject *const *args,
                                  Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *v[3];
    if (fspy_parse_args("digest", fspy_hmac_digest_params, 3, 2, args, nargs, kwnames, v) < 0)
        return NULL;
    int is224 = fspy_digestmod(v[2]);
    return is224 < 0 ? NULL : fspy_hmac_oneshot(is224, v[0], v[1], 0);
}

static const char *const fspy_hmac_many_params[] = {"key", "items", "hex", NULL};

/* hmac_sha256_many() and hmac_sha224_many(): the key prepared once, then
 * fastsha256_hmac_many round by round. */
static PyObject *fspy_hmac_many_call(int is224, PyObject *const *args, Py_ssize_t nargs,
                                     PyObject *kwnames) {
    const char *fname = is224 ? "hmac_sha224_many" : "hmac_sha256_many";
    PyObject *v[3];
    if (fspy_parse_args(fname, fspy_hmac_many_params, 2, 2, args, nargs, kwnames, v) < 0)
        return NULL;
    int want_hex = fspy_flag(v[2]);
    fastsha256_hmac_key k;
    if (want_hex < 0 || fspy_prepare_key(v[0], is224, &k) < 0)
        return NULL;
    PyObject *result = fspy_many(fname, v[1], want_hex, &k,
                                 is224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE);
    fastsha256_hmac_key_wipe(&k);
    return result;
}

FSPY_VARIANT(fspy_hmac_sha256_many, fspy_hmac_many_call, 0,
    "hmac_sha256_many(key, items, *, hex=False)\n--\n\n"
    "HMAC-SHA256 under one key of every bytes-like object in the iterable items,\n"
    "in order: a list of 32-byte tags, or of 64-character hex strings when hex\n"
    "is true. The key is prepared once and the messages go through the\n"
    "multi-buffer lanes with the GIL released (any lengths, mixed, empty too).")

FSPY_VARIANT(fspy_hmac_sha224_many, fspy_hmac_many_call, 1,
    "hmac_sha224_many(key, items, *, hex=False)\n--\n\n"
    "HMAC-SHA224 under one key of every item: 28-byte tags or 56-character hex.")

/* compare_digest's operands: both ASCII str, or both bytes-like. */
static int fspy_get_comparable(PyObject *obj, Py_buffer *view) {
    if (PyUnicode_Check(obj)) {
        if (!PyUnicode_IS_ASCII(obj)) {
            PyErr_SetString(PyExc_TypeError,
                            "comparing strings with non-ASCII characters is not supported");
            return -1;
        }
        return PyBuffer_FillInfo(view, NULL, PyUnicode_1BYTE_DATA(obj), PyUnicode_GET_LENGTH(obj),
                                 1, PyBUF_SIMPLE);
    }
    return fspy_get_buffer(obj, view);
}

PyDoc_STRVAR(fspy_compare_digest_doc, "compare_digest(a, b, /)\n--\n\n"
"Return a == b in time that does not depend on their contents, like\n"
"hmac.compare_digest: a and b are both str (ASCII only) or both bytes-like.\n"
"Unequal lengths give False, in a time that depends on len(b) only.");

static PyObject *fspy_compare_digest(PyObject *Py_UNUSED(module), PyObject *const *args,
                                     Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "compare_digest expected 2 arguments, got %zd", nargs);
        return NULL;
    }
    PyObject *a = args[0], *b = args[1];
    int a_str = PyUnicode_Check(a), b_str = PyUnicode_Check(b);
    if (a_str != b_str || (!a_str && (!PyObject_CheckBuffer(a) || !PyObject_CheckBuffer(b)))) {
        PyErr_Format(PyExc_TypeError,
                     "unsupported operand types(s) or combination of types: '%.100s' and '%.100s'",
                     Py_TYPE(a)->tp_name, Py_TYPE(b)->tp_name);
        return NULL;
    }
    Py_buffer va, vb;
    if (fspy_get_pair(fspy_get_comparable, a, &va, fspy_get_comparable, b, &vb) < 0)
        return NULL;
    int equal;
    if (va.len == vb.len) {
        equal = fastsha256_equal(va.buf, vb.buf, (size_t)va.len);
    } else { /* the same work as for equal lengths, then no */
        (void)fastsha256_equal(vb.buf, vb.buf, (size_t)vb.len);
        equal = 0;
    }
    PyBuffer_Release(&vb);
    PyBuffer_Release(&va);
    return PyBool_FromLong(equal);
}

/* --- Backends ------------------------------------------------------------- */

PyDoc_STRVAR(fspy_backend_doc, "backend()\n--\n\n"
"Name of the active backend: 'shani', 'avx512', 'avx2', 'armv8', 'simd128' or 'scalar'.");

static PyObject *fspy_backend(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return PyUnicode_FromString(fastsha256_backend());
}

PyDoc_STRVAR(fspy_hex_backend_doc, "hex_backend()\n--\n\n"
"Name of the active hex encoder.");

static PyObject *fspy_hex_backend(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return PyUnicode_FromString(fastsha256_hex_backend());
}

static PyObject *fspy_name_list(size_t (*lister)(const char **, size_t)) {
    const char *names[16];
    size_t count = lister(names, 16);
    if (count > 16)
        count = 16;
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (s == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    return list;
}

PyDoc_STRVAR(fspy_backends_doc, "backends()\n--\n\n"
"Names of the backends this CPU supports, best first.");

static PyObject *fspy_backends(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return fspy_name_list(fastsha256_backends);
}

PyDoc_STRVAR(fspy_all_backends_doc, "all_backends()\n--\n\n"
"Names of every backend compiled into this build, supported here or not.");

static PyObject *fspy_all_backends(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return fspy_name_list(fastsha256_all_backends);
}

PyDoc_STRVAR(fspy_set_backend_doc, "set_backend(name, /)\n--\n\n"
"Switch every later hash (in every thread) to the named backend; 'auto'\n"
"returns to the automatic choice. Raises ValueError for a name that is\n"
"unknown or unsupported on this CPU (nothing changes then). Safe while other\n"
"threads hash: each call uses one backend from start to end.");

static PyObject *fspy_set_backend(PyObject *Py_UNUSED(module), PyObject *name) {
    if (!PyUnicode_Check(name)) {
        PyErr_Format(PyExc_TypeError, "set_backend() argument must be str, not %.100s",
                     Py_TYPE(name)->tp_name);
        return NULL;
    }
    const char *utf8 = PyUnicode_AsUTF8(name);
    if (utf8 == NULL)
        return NULL;
    if (strcmp(utf8, "auto") == 0) {
        fastsha256_reset_backend();
        Py_RETURN_NONE;
    }
    if ((Py_ssize_t)strlen(utf8) != PyUnicode_GET_LENGTH(name) || fastsha256_set_backend(utf8) != 0) {
        PyObject *supported = fspy_name_list(fastsha256_backends);
        if (supported)
            PyErr_Format(PyExc_ValueError,
                         "unknown or unsupported backend %R (supported here: %R)", name, supported);
        Py_XDECREF(supported);
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(fspy_reset_backend_doc, "reset_backend()\n--\n\n"
"Return to the automatic backend choice.");

static PyObject *fspy_reset_backend(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    fastsha256_reset_backend();
    Py_RETURN_NONE;
}

/* --- Module --------------------------------------------------------------- */

/* A METH_FASTCALL | METH_KEYWORDS entry: name, fspy_name, fspy_name_doc. */
#define FSPY_FASTCALL(name)                                                                  \
    {#name, (PyCFunction)(void (*)(void))fspy_##name, METH_FASTCALL | METH_KEYWORDS,         \
     fspy_##name##_doc}

static PyMethodDef fspy_functions[] = {
    FSPY_FASTCALL(sha256),
    FSPY_FASTCALL(sha224),
    FSPY_FASTCALL(new),
    FSPY_FASTCALL(sha256_many),
    FSPY_FASTCALL(sha256_packed),
    FSPY_FASTCALL(hmac_sha256),
    FSPY_FASTCALL(hmac_sha224),
    FSPY_FASTCALL(hmac_sha256_many),
    FSPY_FASTCALL(hmac_sha224_many),
    FSPY_FASTCALL(hmac_new),
    FSPY_FASTCALL(hmac_digest),
    {"compare_digest", (PyCFunction)(void (*)(void))fspy_compare_digest, METH_FASTCALL,
     fspy_compare_digest_doc},
    {"backend", fspy_backend, METH_NOARGS, fspy_backend_doc},
    {"hex_backend", fspy_hex_backend, METH_NOARGS, fspy_hex_backend_doc},
    {"backends", fspy_backends, METH_NOARGS, fspy_backends_doc},
    {"all_backends", fspy_all_backends, METH_NOARGS, fspy_all_backends_doc},
    {"set_backend", fspy_set_backend, METH_O, fspy_set_backend_doc},
    {"reset_backend", fspy_reset_backend, METH_NOARGS, fspy_reset_backend_doc},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef fspy_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "fastsha256._fastsha256",
    .m_doc = "The C core of the fastsha256 package (import fastsha256 instead).",
    .m_size = -1,
    .m_methods = fspy_functions,
};

PyMODINIT_FUNC PyInit__fastsha256(void) {
    if (PyType_Ready(&fspy_hash_type) < 0 || PyType_Ready(&fspy_hmac_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&fspy_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&fspy_hash_type);
    Py_INCREF(&fspy_hmac_type);
    if (PyModule_AddObject(m, "Hash", (PyObject *)&fspy_hash_type) < 0 ||
        PyModule_AddObject(m, "HMAC", (PyObject *)&fspy_hmac_type) < 0 ||
        PyModule_AddStringConstant(m, "__version__", fastsha256_version()) < 0 ||
        PyModule_AddIntConstant(m, "GIL_MINSIZE", FSPY_GIL_MINSIZE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
