/* The CPython face of fastsha256: hashlib-like objects, batch calls and the
 * backend switch. A translation layer only: argument checks, buffer access and
 * result objects; every digest and hex string comes from include/fastsha256.h.
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

/* --- The hash object ------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    fastsha256_ctx ctx;
    PyThread_type_lock lock; /* NULL until an update large enough to drop the GIL */
} fspy_hash;

static PyTypeObject fspy_hash_type;

static int fspy_is224(const fspy_hash *self) {
    return self->ctx.digest_size == FASTSHA224_DIGEST_SIZE;
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

static fspy_hash *fspy_hash_alloc(int is224) {
    fspy_hash *self = PyObject_New(fspy_hash, &fspy_hash_type);
    if (self == NULL)
        return NULL;
    self->lock = NULL;
    if (is224)
        fastsha224_init(&self->ctx);
    else
        fastsha256_init(&self->ctx);
    return self;
}

static void fspy_hash_dealloc(fspy_hash *self) {
    if (self->lock)
        PyThread_free_lock(self->lock);
    PyObject_Free(self);
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
        fastsha256_update(&self->ctx, view.buf, (size_t)view.len);
        PyThread_release_lock(self->lock);
        Py_END_ALLOW_THREADS
    } else {
        fastsha256_update(&self->ctx, view.buf, (size_t)view.len);
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

/* Finishes a copy of the context, so the object can go on being updated. */
static void fspy_finish(fspy_hash *self, uint8_t out[FASTSHA256_DIGEST_SIZE]) {
    fastsha256_ctx tmp;
    fspy_enter(self);
    tmp = self->ctx;
    fspy_leave(self);
    fastsha256_final(&tmp, out);
}

PyDoc_STRVAR(fspy_digest_doc, "digest($self, /)\n--\n\n"
"Return the digest value as a bytes object.");

static PyObject *fspy_digest(fspy_hash *self, PyObject *Py_UNUSED(ignored)) {
    uint8_t out[FASTSHA256_DIGEST_SIZE];
    fspy_finish(self, out);
    return PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)self->ctx.digest_size);
}

PyDoc_STRVAR(fspy_hexdigest_doc, "hexdigest($self, /)\n--\n\n"
"Return the digest value as a string of hexadecimal digits.");

static PyObject *fspy_hexdigest(fspy_hash *self, PyObject *Py_UNUSED(ignored)) {
    uint8_t out[FASTSHA256_DIGEST_SIZE];
    fspy_finish(self, out);
    Py_ssize_t n = (Py_ssize_t)self->ctx.digest_size;
    PyObject *s = PyUnicode_New(2 * n, 127);
    if (s == NULL)
        return NULL;
    /* A compact ASCII string has room for its terminating NUL. */
    fastsha256_to_hex(out, (size_t)n, (char *)PyUnicode_1BYTE_DATA(s));
    return s;
}

PyDoc_STRVAR(fspy_copy_doc, "copy($self, /)\n--\n\n"
"Return a copy of the hash object.");

static PyObject *fspy_copy(fspy_hash *self, PyObject *Py_UNUSED(ignored)) {
    fspy_hash *twin = PyObject_New(fspy_hash, &fspy_hash_type);
    if (twin == NULL)
        return NULL;
    twin->lock = NULL;
    fspy_enter(self);
    twin->ctx = self->ctx;
    fspy_leave(self);
    return (PyObject *)twin;
}

static PyObject *fspy_get_name(fspy_hash *self, void *Py_UNUSED(closure)) {
    return PyUnicode_FromString(fspy_is224(self) ? "sha224" : "sha256");
}

static PyObject *fspy_get_digest_size(fspy_hash *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong((long)self->ctx.digest_size);
}

static PyObject *fspy_get_block_size(fspy_hash *Py_UNUSED(self), void *Py_UNUSED(closure)) {
    return PyLong_FromLong(FASTSHA256_BLOCK_SIZE);
}

static PyObject *fspy_hash_repr(fspy_hash *self) {
    return PyUnicode_FromFormat("<%s fastsha256.Hash object @ %p>",
                                fspy_is224(self) ? "sha224" : "sha256", (void *)self);
}

static PyMethodDef fspy_hash_methods[] = {
    {"update", (PyCFunction)fspy_update, METH_O, fspy_update_doc},
    {"digest", (PyCFunction)fspy_digest, METH_NOARGS, fspy_digest_doc},
    {"hexdigest", (PyCFunction)fspy_hexdigest, METH_NOARGS, fspy_hexdigest_doc},
    {"copy", (PyCFunction)fspy_copy, METH_NOARGS, fspy_copy_doc},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef fspy_hash_getset[] = {
    {"name", (getter)fspy_get_name, NULL, "The algorithm's name: 'sha256' or 'sha224'.", NULL},
    {"digest_size", (getter)fspy_get_digest_size, NULL, "Size of the digest in bytes.", NULL},
    {"block_size", (getter)fspy_get_block_size, NULL, "Internal block size in bytes (64).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(fspy_hash_doc,
"A SHA-256 or SHA-224 hash object, used like hashlib's.\n\n"
"Made by sha256(), sha224() or new(); not instantiable directly. Safe to share\n"
"between threads: updates are serialised by the object's own lock.");

static PyTypeObject fspy_hash_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "fastsha256.Hash",
    .tp_basicsize = sizeof(fspy_hash),
    .tp_dealloc = (destructor)fspy_hash_dealloc,
    .tp_repr = (reprfunc)fspy_hash_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = fspy_hash_doc,
    .tp_methods = fspy_hash_methods,
    .tp_getset = fspy_hash_getset,
};

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

static PyObject *fspy_make(int is224, PyObject *data) {
    fspy_hash *self = fspy_hash_alloc(is224);
    if (self == NULL)
        return NULL;
    if (data != NULL) {
        Py_buffer view;
        if (fspy_get_buffer(data, &view) < 0) {
            Py_DECREF(self);
            return NULL;
        }
        if (view.len >= FSPY_GIL_MINSIZE) {
            /* Nobody else can see the new object yet: no lock needed. */
            Py_BEGIN_ALLOW_THREADS
            fastsha256_update(&self->ctx, view.buf, (size_t)view.len);
            Py_END_ALLOW_THREADS
        } else {
            fastsha256_update(&self->ctx, view.buf, (size_t)view.len);
        }
        PyBuffer_Release(&view);
    }
    return (PyObject *)self;
}

/* sha256() and sha224(): the same parsing, one constructor. */
static PyObject *fspy_construct(int is224, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
    PyObject *data;
    if (fspy_parse_data(is224 ? "sha224" : "sha256", args, nargs, kwnames, 1, &data) < 0)
        return NULL;
    return fspy_make(is224, data);
}

PyDoc_STRVAR(fspy_sha256_doc, "sha256(data=b'', *, usedforsecurity=True)\n--\n\n"
"Return a new SHA-256 hash object, optionally initialised with data\n"
"(any bytes-like object, read without a copy).");

static PyObject *fspy_sha256(PyObject *Py_UNUSED(module), PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames) {
    return fspy_construct(0, args, nargs, kwnames);
}

PyDoc_STRVAR(fspy_sha224_doc, "sha224(data=b'', *, usedforsecurity=True)\n--\n\n"
"Return a new SHA-224 hash object, optionally initialised with data.");

static PyObject *fspy_sha224(PyObject *Py_UNUSED(module), PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames) {
    return fspy_construct(1, args, nargs, kwnames);
}

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
    PyObject *lower = PyObject_CallMethod(name, "lower", NULL);
    if (lower == NULL)
        return NULL;
    int is256 = PyUnicode_CompareWithASCIIString(lower, "sha256") == 0;
    int is224 = PyUnicode_CompareWithASCIIString(lower, "sha224") == 0;
    Py_DECREF(lower);
    if (!is256 && !is224) {
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

PyDoc_STRVAR(fspy_many_doc, "sha256_many(items, *, hex=False)\n--\n\n"
"SHA-256 of every bytes-like object in the iterable items, in order.\n\n"
"Returns a list of 32-byte digests, or of 64-character lowercase hex strings\n"
"when hex is true. The messages are hashed together (multi-buffer) with the\n"
"GIL released; they may have any lengths, mixed, including empty.");

static PyObject *fspy_sha256_many(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"items", "hex", NULL};
    PyObject *items;
    int want_hex = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$p:sha256_many", kwlist, &items, &want_hex))
        return NULL;
    if (PyUnicode_Check(items) || PyBytes_Check(items) || PyByteArray_Check(items)) {
        /* Iterating these would hash single characters or small ints. */
        PyErr_Format(PyExc_TypeError,
                     "sha256_many() argument 'items' must be an iterable of bytes-like objects, "
                     "not %.100s (wrap a single message in a list)", Py_TYPE(items)->tp_name);
        return NULL;
    }
    PyObject *seq = PySequence_Fast(items, "sha256_many() argument 'items' must be an iterable "
                                           "of bytes-like objects");
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
        fastsha256_many(r->ptrs, r->lens, (size_t)count, r->digests);
        if (want_hex)
            fastsha256_to_hex_many((const uint8_t (*)[32])r->digests, (size_t)count, r->hex);
        Py_END_ALLOW_THREADS
        fspy_round_release(r, count);
        for (Py_ssize_t i = 0; i < count; i++) {
            PyObject *item;
            if (want_hex) {
                item = PyUnicode_New(64, 127);
                if (item)
                    memcpy(PyUnicode_1BYTE_DATA(item), r->hex[i], 64);
            } else {
                item = PyBytes_FromStringAndSize((const char *)r->digests[i], 32);
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

PyDoc_STRVAR(fspy_packed_doc, "sha256_packed(buffer, stride, length, *, hex=False)\n--\n\n"
"SHA-256 of equal-length records packed in one buffer: record i is the\n"
"length bytes at offset i * stride (e.g. a NumPy fixed-width bytes column).\n\n"
"The buffer holds n records: its size is n * stride, or (n - 1) * stride +\n"
"length when the last record has no trailing padding. Returns one bytes of\n"
"n * 32 digests, or one str of n * 64 hex characters when hex is true.\n"
"Raises ValueError for a non-positive stride, a negative length, a stride\n"
"smaller than length, or a buffer size that is not a whole number of records.");

static PyObject *fspy_sha256_packed(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"buffer", "stride", "length", "hex", NULL};
    PyObject *obj;
    Py_ssize_t stride, length;
    int want_hex = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Onn|$p:sha256_packed", kwlist, &obj, &stride,
                                     &length, &want_hex))
        return NULL;
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
        uint8_t (*digests)[32] = PyMem_RawMalloc(FSPY_MANY_CHUNK * 32);
        result = digests ? PyUnicode_New(n * 64, 127) : PyErr_NoMemory();
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
        PyMem_RawFree(digests);
    }
    PyBuffer_Release(&view);
    return result;
}

/* --- Backends ------------------------------------------------------------- */

PyDoc_STRVAR(fspy_backend_doc, "backend()\n--\n\n"
"Name of the active backend: 'scalar', 'shani', 'avx2' or 'armv8'.");

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

static PyMethodDef fspy_functions[] = {
    {"sha256", (PyCFunction)(void (*)(void))fspy_sha256, METH_FASTCALL | METH_KEYWORDS, fspy_sha256_doc},
    {"sha224", (PyCFunction)(void (*)(void))fspy_sha224, METH_FASTCALL | METH_KEYWORDS, fspy_sha224_doc},
    {"new", (PyCFunction)(void (*)(void))fspy_new, METH_FASTCALL | METH_KEYWORDS, fspy_new_doc},
    {"sha256_many", (PyCFunction)(void (*)(void))fspy_sha256_many, METH_VARARGS | METH_KEYWORDS,
     fspy_many_doc},
    {"sha256_packed", (PyCFunction)(void (*)(void))fspy_sha256_packed, METH_VARARGS | METH_KEYWORDS,
     fspy_packed_doc},
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
    if (PyType_Ready(&fspy_hash_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&fspy_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&fspy_hash_type);
    if (PyModule_AddObject(m, "Hash", (PyObject *)&fspy_hash_type) < 0 ||
        PyModule_AddStringConstant(m, "__version__", fastsha256_version()) < 0 ||
        PyModule_AddIntConstant(m, "GIL_MINSIZE", FSPY_GIL_MINSIZE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
