/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the tree files of fastsha256._fastsha256 share (private): the tree formats'
 * options as Python passes them, and the streaming TreeHash type.
 *   _tree_opts.c    keyword options (block sizes, salt, format) with the
 *                   library's ranges, as ValueError/TypeError
 *   _tree_stream.c  TreeHash: update/leaves/add_leaves/digest
 *   _tree.c         the one-shot calls
 * Every digest comes from include/fastsha256.h's tree calls. */
#ifndef FASTSHA256_PYTHON_TREE_H
#define FASTSHA256_PYTHON_TREE_H

#include "_fspy.h"

/* The trees this module knows. */
typedef enum { TREE_FSVERITY, TREE_DMVERITY, TREE_BT2, TREE_GLACIER } tree_kind;

/* The options of fs-verity and dm-verity, checked; the salt's buffer is
 * held until tree_opts_release. */
typedef struct {
    Py_ssize_t data_block_size, hash_block_size;
    int format;
    Py_buffer salt; /* salt.buf NULL: no salt */
} tree_opts;

/* Checks the parsed values (salt: NULL or None for none). 0, or -1 with
 * TypeError (a salt that is not bytes-like) or ValueError (a size out of
 * the format's range, a salt too long, an unknown format) set. */
int tree_fsverity_opts(Py_ssize_t block_size, PyObject *salt, tree_opts *o);
int tree_dmverity_opts(Py_ssize_t data_block_size, Py_ssize_t hash_block_size, PyObject *salt,
                       int format, tree_opts *o);
void tree_opts_release(tree_opts *o);

#endif
