/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the C files of the Python extension module, fastsha256._fastsha256,
 * share (private; nothing here is installed). One module, so that one copy
 * of the library and one backend choice serve every call. With the
 * bindings' shared core (bindings/common/fsb_core.c, also in the Node
 * addon), one file per concern:
 *   _common.c     buffers and hash names with hashlib's checks and messages
 *   _args.c       vectorcall arguments, digest results
 *   _hash.c       the Hash object (and the code HMAC objects share with it)
 *   _batch.c      sha256_many and sha256_packed
 *   _hmac.c       HMAC objects and calls, compare_digest
 *   _backends.c   the backend switch
 *   _kdf.c        PBKDF2 and HKDF
 *   _tree*.c      the hash trees (_tree.h)
 *   _fastsha256.c the module itself
 * Every digest and hex string comes from include/fastsha256.h. */
#ifndef FASTSHA256_PYTHON_FSPY_H
#define FASTSHA256_PYTHON_FSPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <string.h>

#include "fastsha256.h"
#include "fsb_core.h"

/* Inputs of at least this many bytes are hashed with the GIL released. */
#define FSPY_GIL_MINSIZE 2048
/* Messages per round of sha256_many, and records per round of the packed hex
 * path: digests and hex strings of one round stay in the L1/L2 cache. */
#define FSPY_MANY_CHUNK 512
_Static_assert(FSPY_MANY_CHUNK <= FSB_MAX_CHUNK, "a round is one chunk of fsb_batch_run");

/* --- _common.c -------------------------------------------- */

/* A contiguous bytes-like object as hashlib's hash objects take data: a str
 * or non-buffer is a TypeError, a multi-dimensional buffer a BufferError.
 * 0, or -1 with the exception set. */
int fspy_get_buffer(PyObject *obj, Py_buffer *view);
/* The same, as hashlib.pbkdf2_hmac takes a password or salt: its TypeError
 * ("a bytes-like object is required, not 'str'") for a str or non-buffer. */
int fspy_get_kdf_buffer(PyObject *obj, Py_buffer *view);

/* Whose errors a bad hash name gets: each call copies the hashlib call it
 * stands in for (the enumerators index a table in _common.c). */
typedef enum {
    FSPY_NAME_AS_NEW,  /* hashlib.new(name): TypeError unless a str without NUL */
    FSPY_NAME_AS_KDF,  /* hashlib.pbkdf2_hmac(hash_name): ValueError for a NUL, */
                       /* UnsupportedDigestmodError for an unknown name */
    FSPY_NAME_AS_HMAC, /* hmac.new(digestmod=str): ValueError for a NUL or unknown name */
} fspy_name_rules;
/* The one parser of hash names, for every call that takes one: 0 for
 * SHA-256, 1 for SHA-224, as hashlib spells them ("sha256", "SHA-256",
 * "sha2-256", the OID, ...), or -1 with the rules' exception set. fname is
 * the Python function, for the messages. */
int fspy_hash_name(PyObject *name, fspy_name_rules rules, const char *fname);

/* --- _args.c ------------------------------------------------------------- */

/* Parses a vectorcall's arguments, by position or keyword, into values[]
 * (NULL where not given). names lists the parameters, NULL-terminated; the
 * first max_positional may come by position, the first `required` must come. */
int fspy_parse_args(const char *fname, const char *const *names, Py_ssize_t max_positional,
                    Py_ssize_t required, PyObject *const *args, Py_ssize_t nargs,
                    PyObject *kwnames, PyObject **values);
/* Parses (data=b"", *, usedforsecurity=True), hashlib's constructor arguments. */
int fspy_parse_data(const char *fname, PyObject *const *args, Py_ssize_t nargs,
                    PyObject *kwnames, Py_ssize_t max_positional, PyObject **data);
/* An optional boolean keyword (hex=...): 0 when absent, -1 on error. */
int fspy_flag(PyObject *value);
/* An integer argument (anything with __index__), as the "n" format reads it. */
int fspy_ssize(PyObject *value, Py_ssize_t *out);
/* A digest or tag as bytes, or as a str of lowercase hex when want_hex. */
PyObject *fspy_output(const uint8_t *bytes, Py_ssize_t n, int want_hex);

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

/* A module function that is one variant of a shared one: name(...) is
 * impl(variant, ...), e.g. sha224() is the constructor with is224 = 1. */
#define FSPY_VARIANT(name, impl, variant, doc)                                               \
    PyDoc_STRVAR(name##_doc, doc);                                                           \
    static PyObject *name(PyObject *Py_UNUSED(module), PyObject *const *args,                \
                          Py_ssize_t nargs, PyObject *kwnames) {                             \
        return impl(variant, args, nargs, kwnames);                                          \
    }

/* A METH_FASTCALL | METH_KEYWORDS entry: name, fspy_name, fspy_name_doc. */
#define FSPY_FASTCALL(name)                                                                  \
    {#name, (PyCFunction)(void (*)(void))fspy_##name, METH_FASTCALL | METH_KEYWORDS,         \
     fspy_##name##_doc}

/* --- _hash.c: the stream objects -------------------------------------------
 * One C struct serves both Python types, fastsha256.Hash (SHA-256/SHA-224)
 * and fastsha256.HMAC: the same locking, copying and output code, with the
 * library's plain or keyed stream inside. */

typedef struct {
    PyObject_HEAD
    PyThread_type_lock lock; /* NULL until an update large enough to drop the GIL */
    fsb_stream s;            /* an HMAC's holds key-derived states: wiped on dealloc */
} fspy_hash;

extern PyTypeObject fspy_hash_type; /* _hash.c */
extern PyTypeObject fspy_hmac_type; /* _hmac.c */
extern PyTypeObject fspy_tree_hash_type; /* _tree_stream.c: TreeHash */

/* A new object of type (Hash or HMAC), its stream set up for a (a plain
 * flavour for a Hash, an HMAC one with its key for an HMAC). */
fspy_hash *fspy_hash_alloc(PyTypeObject *type, const fsb_algo *a);
/* Feeds a new object its first data, if any (NULL: none). Returns it, or
 * NULL (and drops it). */
PyObject *fspy_start(fspy_hash *self, PyObject *data);

/* What Hash and HMAC share: every slot but these. Their methods differ
 * only in export_state, which a Hash has and an HMAC has not (its states are
 * key-equivalent: include/fastsha256.h). */
void fspy_hash_dealloc(fspy_hash *self);
PyObject *fspy_hash_repr(fspy_hash *self);
extern PyMethodDef fspy_hash_methods[];
extern PyMethodDef fspy_hmac_methods[];
extern PyGetSetDef fspy_hash_getset[];

#define FSPY_STREAM_TYPE(type_name, flags, doc, new_fn, methods)                             \
    {                                                                                        \
        PyVarObject_HEAD_INIT(NULL, 0)                                                       \
        .tp_name = type_name,                                                                \
        .tp_basicsize = sizeof(fspy_hash),                                                   \
        .tp_dealloc = (destructor)fspy_hash_dealloc,                                         \
        .tp_repr = (reprfunc)fspy_hash_repr,                                                 \
        .tp_flags = flags,                                                                   \
        .tp_doc = doc,                                                                       \
        .tp_methods = methods,                                                               \
        .tp_getset = fspy_hash_getset,                                                       \
        .tp_new = new_fn,                                                                    \
    }

/* --- The module's functions, one NULL-terminated table per file, added to
 * the module in this order. */
extern PyMethodDef fspy_hash_functions[];    /* sha256, sha224, new, from_state */
extern PyMethodDef fspy_batch_functions[];   /* sha256_many, sha256_packed */
extern PyMethodDef fspy_hmac_functions[];    /* hmac_*, compare_digest */
extern PyMethodDef fspy_backend_functions[]; /* backend, set_backend, ... */
extern PyMethodDef fspy_kdf_functions[];     /* pbkdf2_hmac, pbkdf2_hmac_many, hkdf */
extern PyMethodDef fspy_tree_functions[];    /* fsverity_digest, ..., rfc6962_root */
extern PyMethodDef fspy_tree_stream_functions[]; /* the TreeHash makers */

/* _batch.c: the messages of items, SHA-256 or HMAC (a's flavour), to a list
 * of digests or hex strs (hmac_sha256_many uses it too). */
PyObject *fspy_many(const char *fname, PyObject *items, int want_hex, const fsb_algo *a);

#endif
