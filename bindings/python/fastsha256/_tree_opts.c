/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The options of fs-verity and dm-verity, checked here rather than left to
 * the library's bare -1, so that a caller learns which one is wrong: the
 * ranges are the library's (include/fastsha256.h), the messages name the
 * keyword. */
#include "_tree.h"

static int tree_pow2_in(Py_ssize_t x, Py_ssize_t lo, Py_ssize_t hi) {
    return x >= lo && x <= hi && (x & (x - 1)) == 0;
}

static int tree_size_ok(const char *name, Py_ssize_t x, Py_ssize_t lo, Py_ssize_t hi) {
    if (tree_pow2_in(x, lo, hi))
        return 0;
    PyErr_Format(PyExc_ValueError, "%s must be a power of two from %zd to %zd, not %zd", name, lo,
                 hi, x);
    return -1;
}

/* None (or absent) is no salt, as an empty one is. */
static int tree_salt(PyObject *salt, Py_ssize_t max, tree_opts *o) {
    o->salt.buf = NULL;
    o->salt.len = 0;
    if (salt == NULL || salt == Py_None)
        return 0;
    if (fspy_get_kdf_buffer(salt, &o->salt) < 0) {
        o->salt.buf = NULL;
        return -1;
    }
    if (o->salt.len > max) {
        PyErr_Format(PyExc_ValueError, "salt must be at most %zd bytes, not %zd", max,
                     o->salt.len);
        tree_opts_release(o);
        return -1;
    }
    return 0;
}

int tree_fsverity_opts(Py_ssize_t block_size, PyObject *salt, tree_opts *o) {
    o->salt.buf = NULL;
    if (tree_size_ok("block_size", block_size, 1024, 65536) < 0)
        return -1;
    o->data_block_size = o->hash_block_size = block_size;
    o->format = 1;
    return tree_salt(salt, FASTSHA256_FSVERITY_MAX_SALT, o);
}

int tree_dmverity_opts(Py_ssize_t data_block_size, Py_ssize_t hash_block_size, PyObject *salt,
                       int format, tree_opts *o) {
    o->salt.buf = NULL;
    if (tree_size_ok("data_block_size", data_block_size, 512, 512 * 1024) < 0 ||
        tree_size_ok("hash_block_size", hash_block_size, 512, 512 * 1024) < 0)
        return -1;
    if (format != 0 && format != 1) {
        PyErr_Format(PyExc_ValueError,
                     "format must be 1 (veritysetup's default) or 0 (Chrome OS), not %d", format);
        return -1;
    }
    o->data_block_size = data_block_size;
    o->hash_block_size = hash_block_size;
    o->format = format;
    return tree_salt(salt, FASTSHA256_DMVERITY_MAX_SALT, o);
}

void tree_opts_release(tree_opts *o) {
    if (o->salt.buf != NULL)
        PyBuffer_Release(&o->salt);
    o->salt.buf = NULL;
}
