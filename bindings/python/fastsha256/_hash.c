/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fastsha256.Hash, the hashlib-like SHA-256/SHA-224 object, and its
 * constructors sha256(), sha224() and new(). Its struct, methods and slots
 * serve fastsha256.HMAC too (_hmac.c); only the stream inside differs.
 *
 * Like CPython's own hash modules, inputs of at least FSPY_GIL_MINSIZE bytes
 * are hashed with the GIL released; an object then guards its context with
 * its own lock, created on first need. */
#include "_fspy.h"

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

fspy_hash *fspy_hash_alloc(PyTypeObject *type, const fsb_algo *a) {
    fspy_hash *self = PyObject_New(fspy_hash, type);
    if (self == NULL)
        return NULL;
    self->lock = NULL;
    fsb_stream_init(&self->s, a);
    return self;
}

void fspy_hash_dealloc(fspy_hash *self) {
    if (self->lock)
        PyThread_free_lock(self->lock);
    if (self->s.is_hmac)
        fsb_wipe(&self->s, sizeof self->s);
    PyObject_Free(self);
}

/* The library's update for this object's kind; the caller holds the lock. */
static void fspy_feed(fspy_hash *self, const void *data, size_t len) {
    fsb_stream_update(&self->s, data, len);
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
    fsb_stream tmp = self->s;
    fspy_leave(self);
    fsb_stream_final(&tmp, out);
}

/* The digest (or tag) so far, as bytes or as hex. */
static PyObject *fspy_result(fspy_hash *self, int want_hex) {
    uint8_t out[FASTSHA256_DIGEST_SIZE];
    fspy_finish(self, out);
    return fspy_output(out, self->s.digest_size, want_hex);
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
    fspy_enter(self);
    twin->s = self->s;
    fspy_leave(self);
    return (PyObject *)twin;
}

/* "sha256", "sha224", "hmac-sha256" or "hmac-sha224" (CPython's names). */
static const char *fspy_name(const fspy_hash *self) {
    static const char *const names[2][2] = {{"sha256", "sha224"}, {"hmac-sha256", "hmac-sha224"}};
    return names[self->s.is_hmac][self->s.digest_size == FASTSHA224_DIGEST_SIZE];
}

static PyObject *fspy_get_name(fspy_hash *self, void *Py_UNUSED(closure)) {
    return PyUnicode_FromString(fspy_name(self));
}

static PyObject *fspy_get_digest_size(fspy_hash *self, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(self->s.digest_size);
}

static PyObject *fspy_get_block_size(fspy_hash *Py_UNUSED(self), void *Py_UNUSED(closure)) {
    return PyLong_FromLong(FASTSHA256_BLOCK_SIZE);
}

PyObject *fspy_hash_repr(fspy_hash *self) {
    return PyUnicode_FromFormat("<%s %s object @ %p>", fspy_name(self),
                                Py_TYPE(self)->tp_name, (void *)self);
}

PyDoc_STRVAR(fspy_export_state_doc, "export_state($self, /)\n--\n\n"
"Return the hash's state as 108 bytes in Go's format (sha256's MarshalBinary):\n"
"fastsha256.from_state() (or Go's UnmarshalBinary) continues from it.");

static PyObject *fspy_export_state(fspy_hash *self, PyObject *Py_UNUSED(ignored)) {
    uint8_t state[FASTSHA256_STATE_SIZE];
    fspy_enter(self);
    int r = fastsha256_ctx_export(&self->s.u.hash, state);
    fspy_leave(self);
    if (r != 0) { /* a Hash is never finalized: digest() works on a copy */
        PyErr_SetString(PyExc_ValueError, "this hash has no state to export");
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)state, sizeof state);
}

#define FSPY_STREAM_METHODS                                                                  \
    {"update", (PyCFunction)fspy_update, METH_O, fspy_update_doc},                           \
    {"digest", (PyCFunction)fspy_digest, METH_NOARGS, fspy_digest_doc},                      \
    {"hexdigest", (PyCFunction)fspy_hexdigest, METH_NOARGS, fspy_hexdigest_doc},             \
    {"copy", (PyCFunction)fspy_copy, METH_NOARGS, fspy_copy_doc}

PyMethodDef fspy_hash_methods[] = {
    FSPY_STREAM_METHODS,
    {"export_state", (PyCFunction)fspy_export_state, METH_NOARGS, fspy_export_state_doc},
    {NULL, NULL, 0, NULL}};

PyMethodDef fspy_hmac_methods[] = {FSPY_STREAM_METHODS, {NULL, NULL, 0, NULL}};

PyGetSetDef fspy_hash_getset[] = {
    {"name", (getter)fspy_get_name, NULL,
     "The algorithm's name: 'sha256' or 'sha224' ('hmac-sha256' or 'hmac-sha224' for HMAC).", NULL},
    {"digest_size", (getter)fspy_get_digest_size, NULL, "Size of the digest in bytes.", NULL},
    {"block_size", (getter)fspy_get_block_size, NULL, "Internal block size in bytes (64).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyDoc_STRVAR(fspy_hash_doc,
"A SHA-256 or SHA-224 hash object, used like hashlib's.\n\n"
"Made by sha256(), sha224() or new(); not instantiable directly. Safe to share\n"
"between threads: updates are serialised by the object's own lock.");

PyTypeObject fspy_hash_type = FSPY_STREAM_TYPE(
    "fastsha256.Hash", Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, fspy_hash_doc, NULL,
    fspy_hash_methods);

/* Feeds a new object its first data, if any (NULL: none); nobody else can
 * see the object yet, so no lock. Returns it, or NULL (and drops it). */
PyObject *fspy_start(fspy_hash *self, PyObject *data) {
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
    return fspy_start(fspy_hash_alloc(&fspy_hash_type, fsb_plain(is224 ? fsb_sha224 : fsb_sha256)),
                      data);
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
"Return a new hash object for the named algorithm: 'sha256' or 'sha224',\n"
"in any spelling hashlib.new takes ('SHA-256', 'sha2-224', ...). Other\n"
"names raise ValueError, as hashlib.new does.");

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
    int is224 = fspy_hash_name(name, FSPY_NAME_AS_NEW, "new");
    return is224 < 0 ? NULL : fspy_make(is224, data);
}

PyDoc_STRVAR(fspy_from_state_doc, "from_state(state, /)\n--\n\n"
"Return a hash object that continues a saved state: the 108 bytes of\n"
"export_state() or of Go's sha256 MarshalBinary (SHA-256 or SHA-224, by the\n"
"state's magic). ValueError for any other bytes (wrong length, foreign magic,\n"
"non-zero bytes past the buffered ones); TypeError for a str or a non-buffer.");

static PyObject *fspy_from_state(PyObject *Py_UNUSED(module), PyObject *arg) {
    if (PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError,
                        "from_state() argument must be a bytes-like object, not 'str'");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    fastsha256_ctx ctx;
    int r = fastsha256_ctx_import(&ctx, view.buf, (size_t)view.len);
    Py_ssize_t len = view.len;
    PyBuffer_Release(&view);
    if (r != 0) {
        PyErr_Format(PyExc_ValueError,
                     "not a saved SHA-256 or SHA-224 state (%zd bytes; a state is %d bytes in "
                     "Go's format, the unused buffer bytes zero)",
                     len, FASTSHA256_STATE_SIZE);
        return NULL;
    }
    /* The imported context says which hash it is (the Node addon reads the
     * same field). */
    int is224 = ctx.digest_size == FASTSHA224_DIGEST_SIZE;
    fspy_hash *self = fspy_hash_alloc(&fspy_hash_type, fsb_plain(is224 ? fsb_sha224 : fsb_sha256));
    if (self != NULL)
        self->s.u.hash = ctx;
    return (PyObject *)self;
}

PyMethodDef fspy_hash_functions[] = {
    FSPY_FASTCALL(sha256),
    FSPY_FASTCALL(sha224),
    FSPY_FASTCALL(new),
    {"from_state", (PyCFunction)fspy_from_state, METH_O, fspy_from_state_doc},
    {NULL, NULL, 0, NULL}};
