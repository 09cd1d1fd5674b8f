/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* TreeHash: a tree over data fed in pieces (a file, a socket), over the
 * library's streaming contexts fastsha256_verity and fastsha256_merkle.
 * Besides update()/digest() it exposes the contexts' leaf calls, so that
 * leaf ranges can be hashed elsewhere (threads, processes, a cluster) and
 * the tree closed here: leaves(data) -> digests, add_leaves(digests).
 * Each object has a lock, so threads may share it while the GIL is
 * released for large inputs. */
#include "_tree.h"

typedef struct {
    PyObject_HEAD
    PyThread_type_lock lock;
    tree_kind kind;
    Py_ssize_t leaf_size;
    uint64_t fed;    /* bytes so far (updates and leaves): add_leaves needs whole leaves */
    uint64_t length; /* dm-verity: the length promised; more is refused */
    size_t gather;    /* TREE_GATHER_LEAVES leaves */
    size_t held;      /* bytes in pending, which start a leaf */
    uint8_t *pending; /* NULL until a piece smaller than gather comes */
    union {
        fastsha256_verity v;
        fastsha256_merkle m;
    } u;
} tree_hash;

static const char *const tree_names[] = {"fsverity", "dmverity", "bt2", "glacier"};

static int tree_is_verity(const tree_hash *t) {
    return t->kind == TREE_FSVERITY || t->kind == TREE_DMVERITY;
}

/* Takes the lock without holding the GIL while another thread hashes. */
static void tree_lock(tree_hash *t) {
    if (!PyThread_acquire_lock(t->lock, 0)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(t->lock, 1);
        Py_END_ALLOW_THREADS
    }
}

/* The library hashes a leaf split across its updates as one stream, and
 * the whole leaves of one update through the lanes together: so smaller
 * pieces are gathered to 16 leaves (the widest lanes; Glacier's 16 MiB). */
enum { TREE_GATHER_LEAVES = 16 };

static tree_hash *tree_alloc(tree_kind kind, Py_ssize_t leaf_size) {
    tree_hash *t = PyObject_New(tree_hash, &fspy_tree_hash_type);
    if (t == NULL)
        return NULL;
    t->lock = PyThread_allocate_lock();
    if (t->lock == NULL) {
        Py_DECREF(t);
        return (tree_hash *)PyErr_NoMemory();
    }
    t->kind = kind;
    t->leaf_size = leaf_size;
    t->fed = 0;
    t->length = UINT64_MAX;
    t->gather = TREE_GATHER_LEAVES * (size_t)leaf_size;
    t->held = 0;
    t->pending = NULL;
    return t;
}

static void tree_dealloc(tree_hash *t) {
    if (t->lock)
        PyThread_free_lock(t->lock);
    PyMem_Free(t->pending);
    PyObject_Free(t);
}

/* The library's update (the GIL released for large pieces). */
static void tree_feed(tree_hash *t, const uint8_t *p, size_t len) {
    if (tree_is_verity(t))
        FSPY_MAYBE_WITHOUT_GIL(len, fastsha256_verity_update(&t->u.v, p, len));
    else
        FSPY_MAYBE_WITHOUT_GIL(len, fastsha256_merkle_update(&t->u.m, p, len));
}

/* What pending holds, to the library (before leaves are added). */
static void tree_flush(tree_hash *t) {
    if (t->held)
        tree_feed(t, t->pending, t->held);
    t->held = 0;
}

/* Whole gathers straight to the library, smaller pieces copied into
 * pending until one fills. -1 with MemoryError and nothing taken. */
static int tree_gather(tree_hash *t, const uint8_t *p, size_t len) {
    size_t size = t->gather;
    /* A piece that is not whole gathers leaves some in pending (held > 0
     * means pending is there already). */
    if (t->pending == NULL && len % size && (t->pending = PyMem_Malloc(size)) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (t->held == 0 && len >= size) {
        size_t whole = len - len % size;
        tree_feed(t, p, whole);
        p += whole;
        len -= whole;
    }
    while (len) {
        size_t take = size - t->held < len ? size - t->held : len;
        memcpy(t->pending + t->held, p, take);
        t->held += take;
        p += take;
        len -= take;
        if (t->held == size)
            tree_flush(t);
    }
    return 0;
}

/* Refuses bytes past a dm-verity length (the layout was made for it). */
static int tree_room(const tree_hash *t, uint64_t more) {
    if (more <= t->length - t->fed)
        return 0;
    PyErr_Format(PyExc_ValueError, "dmverity: more data than the length %llu given",
                 (unsigned long long)t->length);
    return -1;
}

static PyObject *tree_update(tree_hash *t, PyObject *data) {
    Py_buffer view;
    if (fspy_get_buffer(data, &view) < 0)
        return NULL;
    tree_lock(t);
    int ok = tree_room(t, (uint64_t)view.len) == 0 &&
             tree_gather(t, (const uint8_t *)view.buf, (size_t)view.len) == 0;
    if (ok)
        t->fed += (uint64_t)view.len;
    PyThread_release_lock(t->lock);
    PyBuffer_Release(&view);
    if (!ok)
        return NULL;
    Py_RETURN_NONE;
}

/* leaves() takes no lock: the library's leaf calls read only what the
 * constructor set (kind, sizes, salted state), so any number of threads may
 * run them at once, even beside update(). */
static PyObject *tree_leaves(tree_hash *t, PyObject *data) {
    Py_buffer view;
    if (fspy_get_buffer(data, &view) < 0)
        return NULL;
    if (view.len % t->leaf_size != 0) {
        PyErr_Format(PyExc_ValueError, "leaves() takes whole leaves of %zd bytes, not %zd bytes",
                     t->leaf_size, view.len);
        PyBuffer_Release(&view);
        return NULL;
    }
    size_t n = (size_t)(view.len / t->leaf_size);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(32 * n));
    if (out != NULL) {
        uint8_t(*digests)[32] = (uint8_t(*)[32])PyBytes_AS_STRING(out);
        if (tree_is_verity(t))
            FSPY_MAYBE_WITHOUT_GIL(view.len, fastsha256_verity_leaves(&t->u.v, view.buf, n,
                                                                      digests));
        else
            FSPY_MAYBE_WITHOUT_GIL(view.len, fastsha256_merkle_leaves(&t->u.m, view.buf, n,
                                                                      digests));
    }
    PyBuffer_Release(&view);
    return out;
}

/* Why add_leaves cannot take digests now, or NULL. */
static const char *tree_add_refused(const tree_hash *t, Py_ssize_t len) {
    if (len % 32 != 0)
        return "add_leaves() takes 32-byte digests, concatenated";
    if (t->fed % (uint64_t)t->leaf_size != 0)
        return "add_leaves() after an update() that left part of a leaf";
    return NULL;
}

static PyObject *tree_add_leaves(tree_hash *t, PyObject *digests) {
    Py_buffer view;
    if (fspy_get_buffer(digests, &view) < 0)
        return NULL;
    tree_lock(t);
    const char *why = tree_add_refused(t, view.len);
    size_t n = (size_t)view.len / 32;
    uint64_t bytes = (uint64_t)n * (uint64_t)t->leaf_size;
    int ok = why == NULL && tree_room(t, bytes) == 0;
    if (ok) {
        tree_flush(t); /* whole leaves: fed is a leaf's multiple */
        t->fed += bytes;
        const uint8_t(*d)[32] = (const uint8_t(*)[32])view.buf;
        if (tree_is_verity(t))
            fastsha256_verity_add_leaves(&t->u.v, d, n);
        else
            fastsha256_merkle_add_leaves(&t->u.m, d, n);
    }
    PyThread_release_lock(t->lock);
    PyBuffer_Release(&view);
    if (why != NULL)
        PyErr_SetString(PyExc_ValueError, why);
    if (!ok)
        return NULL;
    Py_RETURN_NONE;
}

/* The root of what was fed so far, from a copy: the object goes on
 * (digest() may be called again, or more data added), as hashlib's do. */
static int tree_final(tree_hash *t, uint8_t out[32]) {
    tree_hash *copy = PyMem_Malloc(sizeof *copy);
    if (copy == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    tree_lock(t);
    memcpy(copy, t, sizeof *copy);
    tree_flush(copy); /* into the copy's context: t keeps gathering */
    PyThread_release_lock(t->lock);
    int rc = tree_is_verity(copy) ? fastsha256_verity_final(&copy->u.v, out)
                                  : fastsha256_merkle_final(&copy->u.m, out);
    PyMem_Free(copy);
    if (rc == 0)
        return 0;
    if (t->kind == TREE_BT2)
        PyErr_SetString(PyExc_ValueError, "bt2: an empty file has no pieces root (BEP 52)");
    else
        PyErr_Format(PyExc_ValueError,
                     "dmverity: got %llu bytes of the %llu given, or no whole data block",
                     (unsigned long long)t->fed, (unsigned long long)t->length);
    return -1;
}

static PyObject *tree_digest(tree_hash *t, PyObject *Py_UNUSED(ignored)) {
    uint8_t out[32];
    return tree_final(t, out) < 0 ? NULL : PyBytes_FromStringAndSize((const char *)out, 32);
}

static PyObject *tree_hexdigest(tree_hash *t, PyObject *Py_UNUSED(ignored)) {
    uint8_t out[32];
    char hex[65];
    if (tree_final(t, out) < 0)
        return NULL;
    fastsha256_to_hex(out, 32, hex);
    return PyUnicode_FromStringAndSize(hex, 64);
}

static PyObject *tree_copy(tree_hash *t, PyObject *Py_UNUSED(ignored)) {
    tree_hash *twin = tree_alloc(t->kind, t->leaf_size);
    if (twin == NULL)
        return NULL;
    tree_lock(t);
    twin->fed = t->fed;
    twin->length = t->length;
    memcpy(&twin->u, &t->u, sizeof t->u);
    if (t->held && (twin->pending = PyMem_Malloc(t->gather)) != NULL) {
        memcpy(twin->pending, t->pending, t->held);
        twin->held = t->held;
    }
    int failed = t->held && twin->pending == NULL;
    PyThread_release_lock(t->lock);
    if (failed) {
        Py_DECREF(twin);
        return PyErr_NoMemory();
    }
    return (PyObject *)twin;
}

static PyObject *tree_get_name(tree_hash *t, void *Py_UNUSED(closure)) {
    return PyUnicode_FromString(tree_names[t->kind]);
}

static PyObject *tree_get_leaf_size(tree_hash *t, void *Py_UNUSED(closure)) {
    return PyLong_FromSsize_t(t->leaf_size);
}

static PyObject *tree_get_digest_size(tree_hash *Py_UNUSED(t), void *Py_UNUSED(closure)) {
    return PyLong_FromLong(32);
}

static PyObject *tree_repr(tree_hash *t) {
    return PyUnicode_FromFormat("<fastsha256.TreeHash %s at %p>", tree_names[t->kind], t);
}

static PyMethodDef tree_methods[] = {
    {"update", (PyCFunction)tree_update, METH_O, "Feed the next bytes of the data."},
    {"leaves", (PyCFunction)tree_leaves, METH_O,
     "leaves(data) -> bytes: the 32-byte digests of whole leaves (leaf_size bytes each),\n"
     "concatenated, without changing the object: hash ranges anywhere, then add_leaves()."},
    {"add_leaves", (PyCFunction)tree_add_leaves, METH_O,
     "add_leaves(digests): feed leaves() output, in data order, as if their bytes were\n"
     "given to update() (only while update() has left no partial leaf)."},
    {"digest", (PyCFunction)tree_digest, METH_NOARGS, "The root (or fs-verity digest) as bytes."},
    {"hexdigest", (PyCFunction)tree_hexdigest, METH_NOARGS, "The same as a hex string."},
    {"copy", (PyCFunction)tree_copy, METH_NOARGS, "An independent copy of this object."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef tree_getset[] = {
    {"name", (getter)tree_get_name, NULL, "The tree format.", NULL},
    {"leaf_size", (getter)tree_get_leaf_size, NULL, "Bytes per leaf (data block).", NULL},
    {"digest_size", (getter)tree_get_digest_size, NULL, "32.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject fspy_tree_hash_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "fastsha256.TreeHash",
    .tp_basicsize = sizeof(tree_hash),
    .tp_dealloc = (destructor)tree_dealloc,
    .tp_repr = (reprfunc)tree_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = "A hash tree fed in pieces: made by fsverity(), dmverity(), bt2() or glacier().",
    .tp_methods = tree_methods,
    .tp_getset = tree_getset,
};

/* --- Constructors ------------------------------------------------------- */

static PyObject *tree_new_fsverity(PyObject *Py_UNUSED(m), PyObject *args, PyObject *kw) {
    static char *names[] = {"block_size", "salt", NULL};
    Py_ssize_t block_size = 4096;
    PyObject *salt = NULL;
    tree_opts o;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$nO:fsverity", names, &block_size, &salt) ||
        tree_fsverity_opts(block_size, salt, &o) < 0)
        return NULL;
    tree_hash *t = tree_alloc(TREE_FSVERITY, block_size);
    if (t != NULL && fastsha256_fsverity_init(&t->u.v, (size_t)block_size, o.salt.buf,
                                              (size_t)o.salt.len) != 0) {
        Py_CLEAR(t); /* checked above: not reached */
        PyErr_SetString(PyExc_ValueError, "fsverity: the library refused the options");
    }
    tree_opts_release(&o);
    return (PyObject *)t;
}

static PyObject *tree_new_dmverity(PyObject *Py_UNUSED(m), PyObject *args, PyObject *kw) {
    static char *names[] = {"length", "data_block_size", "hash_block_size", "salt", "format",
                            NULL};
    long long length;
    Py_ssize_t dbs = 4096, hbs = 4096;
    int format = 1;
    PyObject *salt = NULL;
    tree_opts o;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "L|$nnOi:dmverity", names, &length, &dbs, &hbs,
                                     &salt, &format) ||
        tree_dmverity_opts(dbs, hbs, salt, format, &o) < 0)
        return NULL;
    if (length < dbs) {
        PyErr_Format(PyExc_ValueError,
                     "dmverity: length %lld has no whole data block of %zd bytes", length, dbs);
        tree_opts_release(&o);
        return NULL;
    }
    tree_hash *t = tree_alloc(TREE_DMVERITY, dbs);
    if (t != NULL) {
        t->length = (uint64_t)length;
        if (fastsha256_dmverity_init(&t->u.v, (size_t)dbs, (size_t)hbs, o.salt.buf,
                                     (size_t)o.salt.len, format, (uint64_t)length, NULL,
                                     NULL) != 0) {
            Py_CLEAR(t);
            PyErr_SetString(PyExc_ValueError, "dmverity: the library refused the options");
        }
    }
    tree_opts_release(&o);
    return (PyObject *)t;
}

static PyObject *tree_new_bt2(PyObject *Py_UNUSED(m), PyObject *Py_UNUSED(ignored)) {
    tree_hash *t = tree_alloc(TREE_BT2, 16384);
    if (t != NULL)
        (void)fastsha256_bt2_init(&t->u.m, 0, NULL, NULL); /* piece length 0: cannot fail */
    return (PyObject *)t;
}

static PyObject *tree_new_glacier(PyObject *Py_UNUSED(m), PyObject *Py_UNUSED(ignored)) {
    tree_hash *t = tree_alloc(TREE_GLACIER, 1 << 20);
    if (t != NULL)
        fastsha256_glacier_init(&t->u.m);
    return (PyObject *)t;
}

PyMethodDef fspy_tree_stream_functions[] = {
    {"fsverity", (PyCFunction)(void (*)(void))tree_new_fsverity, METH_VARARGS | METH_KEYWORDS,
     "fsverity(*, block_size=4096, salt=None) -> TreeHash: fs-verity's file digest, streamed."},
    {"dmverity", (PyCFunction)(void (*)(void))tree_new_dmverity, METH_VARARGS | METH_KEYWORDS,
     "dmverity(length, *, data_block_size=4096, hash_block_size=4096, salt=None, format=1)\n"
     "-> TreeHash: dm-verity's root hash of length bytes (the layout needs it first)."},
    {"bt2", (PyCFunction)tree_new_bt2, METH_NOARGS,
     "bt2() -> TreeHash: a BitTorrent v2 pieces root, streamed."},
    {"glacier", (PyCFunction)tree_new_glacier, METH_NOARGS,
     "glacier() -> TreeHash: an AWS Glacier tree hash, streamed."},
    {NULL, NULL, 0, NULL},
};
