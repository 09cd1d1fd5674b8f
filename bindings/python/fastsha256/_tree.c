/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Hash trees for Python, in module fastsha256._fastsha256: fs-verity, dm-verity,
 * BitTorrent v2, Glacier and RFC 6962 roots of data in memory (this file)
 * and TreeHash, the streaming object over the library's contexts
 * (_tree_stream.c). A translation layer only: argument checks and buffers;
 * every digest comes from include/fastsha256.h, hashed with the GIL
 * released once the input is worth it. */
#include "_tree.h"

/* A digest, or ValueError(why) when the library refused (rc -1). */
static PyObject *tree_result(int rc, const uint8_t out[32], const char *why) {
    if (rc != 0) {
        PyErr_SetString(PyExc_ValueError, why);
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)out, 32);
}

static PyObject *tree_fsverity_digest(PyObject *Py_UNUSED(m), PyObject *args, PyObject *kw) {
    static char *names[] = {"data", "block_size", "salt", NULL};
    PyObject *data, *salt = NULL;
    Py_ssize_t block_size = 4096;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$nO:fsverity_digest", names, &data,
                                     &block_size, &salt))
        return NULL;
    Py_buffer view;
    tree_opts o;
    if (fspy_get_buffer(data, &view) < 0)
        return NULL;
    if (tree_fsverity_opts(block_size, salt, &o) < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    uint8_t out[32];
    int rc;
    FSPY_MAYBE_WITHOUT_GIL(view.len, rc = fastsha256_fsverity_digest(
                                         view.buf, (size_t)view.len, (size_t)block_size,
                                         o.salt.buf, (size_t)o.salt.len, out));
    tree_opts_release(&o);
    PyBuffer_Release(&view);
    return tree_result(rc, out, "fsverity_digest: the library refused the options");
}

static PyObject *tree_dmverity_root(PyObject *Py_UNUSED(m), PyObject *args, PyObject *kw) {
    static char *names[] = {"data", "data_block_size", "hash_block_size", "salt", "format", NULL};
    PyObject *data, *salt = NULL;
    Py_ssize_t dbs = 4096, hbs = 4096;
    int format = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$nnOi:dmverity_root", names, &data, &dbs, &hbs,
                                     &salt, &format))
        return NULL;
    Py_buffer view;
    tree_opts o;
    if (fspy_get_buffer(data, &view) < 0)
        return NULL;
    if (tree_dmverity_opts(dbs, hbs, salt, format, &o) < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    uint8_t out[32];
    int rc;
    FSPY_MAYBE_WITHOUT_GIL(view.len, rc = fastsha256_dmverity_root(
                                         view.buf, (size_t)view.len, (size_t)dbs, (size_t)hbs,
                                         o.salt.buf, (size_t)o.salt.len, format, out));
    tree_opts_release(&o);
    PyBuffer_Release(&view);
    /* The options were checked above: only the data's length is left. */
    return tree_result(rc, out, "dmverity_root: the data has no whole data block");
}

/* bt2_pieces_root and glacier_tree_hash: one buffer in, one root out. */
typedef int (*tree_bytes_fn)(const void *, size_t, uint8_t[32]);

static PyObject *tree_of_bytes(PyObject *data, tree_bytes_fn fn, const char *why) {
    Py_buffer view;
    if (fspy_get_buffer(data, &view) < 0)
        return NULL;
    uint8_t out[32];
    int rc;
    FSPY_MAYBE_WITHOUT_GIL(view.len, rc = fn(view.buf, (size_t)view.len, out));
    PyBuffer_Release(&view);
    return tree_result(rc, out, why);
}

static PyObject *tree_bt2_pieces_root(PyObject *Py_UNUSED(m), PyObject *data) {
    return tree_of_bytes(data, fastsha256_bt2_pieces_root,
                         "bt2_pieces_root: an empty file has no pieces root (BEP 52)");
}

static PyObject *tree_glacier_tree_hash(PyObject *Py_UNUSED(m), PyObject *data) {
    return tree_of_bytes(data, fastsha256_glacier_tree_hash, "glacier_tree_hash: refused");
}

/* The leaves of one rfc6962_root call, their buffers held while the GIL is
 * released (a held buffer keeps its object alive and unresizable). */
typedef struct {
    Py_ssize_t n, held;
    Py_buffer *views;
    const void **ptrs;
    size_t *lens, total;
} tree_leaves;

static void tree_leaves_free(tree_leaves *l) {
    for (Py_ssize_t i = 0; i < l->held; i++)
        PyBuffer_Release(&l->views[i]);
    PyMem_Free(l->views);
    PyMem_Free(l->ptrs);
    PyMem_Free(l->lens);
}

static int tree_leaves_get(PyObject *seq, tree_leaves *l) {
    l->n = PySequence_Fast_GET_SIZE(seq);
    l->held = 0;
    l->total = 0;
    size_t n = l->n ? (size_t)l->n : 1;
    l->views = PyMem_New(Py_buffer, n);
    l->ptrs = PyMem_New(const void *, n);
    l->lens = PyMem_New(size_t, n);
    if (l->views == NULL || l->ptrs == NULL || l->lens == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < l->n; i++) {
        if (fspy_get_buffer(PySequence_Fast_GET_ITEM(seq, i), &l->views[i]) < 0)
            return -1;
        l->held++;
        l->ptrs[i] = l->views[i].buf;
        l->lens[i] = (size_t)l->views[i].len;
        l->total += l->lens[i];
    }
    return 0;
}

static PyObject *tree_rfc6962_root(PyObject *Py_UNUSED(m), PyObject *leaves) {
    /* A bytes-like object is a sequence of ints, not of leaves: say so
     * rather than complain about its first "leaf". */
    if (PyUnicode_Check(leaves) || PyObject_CheckBuffer(leaves)) {
        PyErr_Format(PyExc_TypeError,
                     "rfc6962_root() takes a sequence of bytes-like leaves, not '%.100s'",
                     Py_TYPE(leaves)->tp_name);
        return NULL;
    }
    PyObject *seq = PySequence_Fast(leaves, "rfc6962_root() takes a sequence of bytes-like leaves");
    if (seq == NULL)
        return NULL;
    tree_leaves l;
    PyObject *result = NULL;
    if (tree_leaves_get(seq, &l) == 0) {
        uint8_t out[32];
        int rc;
        FSPY_MAYBE_WITHOUT_GIL(l.total + 64 * (size_t)l.n,
                               rc = fastsha256_rfc6962_root(l.ptrs, l.lens, (size_t)l.n, out));
        result = tree_result(rc, out, "rfc6962_root: refused");
    }
    tree_leaves_free(&l);
    Py_DECREF(seq);
    return result;
}

#define TREE_KW(name, doc) {#name, (PyCFunction)(void (*)(void))tree_##name, METH_VARARGS | METH_KEYWORDS, doc}
#define TREE_O(name, doc) {#name, (PyCFunction)tree_##name, METH_O, doc}

PyMethodDef fspy_tree_functions[] = {
    TREE_KW(fsverity_digest,
            "fsverity_digest(data, *, block_size=4096, salt=None) -> bytes\n\n"
            "fs-verity's file digest of data, as `fsverity digest --hash-alg=sha256` prints it\n"
            "(block_size: a power of two from 1024 to 65536; salt: at most 32 bytes)."),
    TREE_KW(dmverity_root,
            "dmverity_root(data, *, data_block_size=4096, hash_block_size=4096, salt=None,\n"
            "              format=1) -> bytes\n\n"
            "dm-verity's root hash, as `veritysetup format` prints it: whole data blocks only\n"
            "(at least one); sizes: powers of two from 512 to 524288; salt: at most 256 bytes;\n"
            "format 1 (salt first) or 0 (Chrome OS, salt last)."),
    TREE_O(bt2_pieces_root,
           "bt2_pieces_root(data) -> bytes\n\n"
           "The BitTorrent v2 (BEP 52) pieces root of one file's data (ValueError when empty)."),
    TREE_O(glacier_tree_hash,
           "glacier_tree_hash(data) -> bytes\n\nThe AWS Glacier / S3 SHA-256 tree hash of data."),
    TREE_O(rfc6962_root,
           "rfc6962_root(leaves) -> bytes\n\n"
           "The RFC 6962 Merkle Tree Hash of a sequence of bytes-like leaves."),
    {NULL, NULL, 0, NULL},
};
