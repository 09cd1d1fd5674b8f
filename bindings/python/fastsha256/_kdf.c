/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Key derivation for Python over fastsha256_pbkdf2*, fastsha224_pbkdf2 and
 * fastsha256_hkdf / fastsha224_hkdf: pbkdf2_hmac() as hashlib.pbkdf2_hmac
 * (same arguments, same errors), pbkdf2_hmac_many() for many passwords at
 * once, hkdf() (RFC 5869, either hash). A
 * translation layer only; every derivation runs with the GIL released, on
 * copies of the inputs that are wiped afterwards. */
#include "_fspy.h" /* Python.h first; fspy_get_kdf_buffer (_common.c), fsb_core.h */

#include <limits.h>

/* 32 for SHA-256, 28 for SHA-224 (hashlib.pbkdf2_hmac's spellings), 0 with
 * its exception set. */
static int kdf_hash_size(const char *fname, PyObject *name) {
    int is224 = fspy_hash_name(name, FSPY_NAME_AS_KDF, fname);
    return is224 < 0 ? 0 : is224 ? FASTSHA224_DIGEST_SIZE : FASTSHA256_DIGEST_SIZE;
}

/* An int in [1, INT_MAX] with hashlib's messages for what (iteration value or key length). */
static long kdf_positive(PyObject *obj, const char *what) {
    PyObject *index = PyNumber_Index(obj);
    if (index == NULL) return -1;
    long v = PyLong_AsLong(index);
    Py_DECREF(index);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 1) {
        PyErr_Format(PyExc_ValueError, "%s must be greater than 0.", what);
        return -1;
    }
    if (v > INT_MAX) {
        PyErr_Format(PyExc_OverflowError, "%s is too great.", what);
        return -1;
    }
    return v;
}

/* dklen: None means the digest size. */
static long kdf_dklen(PyObject *obj, int hash_size) {
    return obj == NULL || obj == Py_None ? hash_size : kdf_positive(obj, "key length");
}

static PyObject *kdf_pbkdf2_hmac(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"hash_name", "password", "salt", "iterations", "dklen", NULL};
    PyObject *name, *iter_obj, *dklen_obj = NULL;
    Py_buffer pw, salt;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oy*y*O|O:pbkdf2_hmac", names, &name, &pw, &salt,
                                     &iter_obj, &dklen_obj))
        return NULL;
    PyObject *result = NULL;
    int hash_size = kdf_hash_size("pbkdf2_hmac", name);
    long iterations = hash_size ? kdf_positive(iter_obj, "iteration value") : -1;
    long dklen = iterations > 0 ? kdf_dklen(dklen_obj, hash_size) : -1;
    if (dklen > 0) result = PyBytes_FromStringAndSize(NULL, dklen);
    if (result != NULL) {
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = (hash_size == 32 ? fastsha256_pbkdf2 : fastsha224_pbkdf2)(
            pw.buf, (size_t)pw.len, salt.buf, (size_t)salt.len, (uint64_t)iterations,
            PyBytes_AS_STRING(result), (size_t)dklen);
        Py_END_ALLOW_THREADS
        if (rc != 0) {
            Py_CLEAR(result);
            PyErr_SetString(PyExc_ValueError, "pbkdf2_hmac: the derivation was refused");
        }
    }
    PyBuffer_Release(&pw);
    PyBuffer_Release(&salt);
    return result;
}

/* The inputs of one pbkdf2_hmac_many call, copied so the GIL can go. */
typedef struct {
    Py_ssize_t n;
    const void **pw, **salt;
    size_t *pwlen, *saltlen;
    unsigned char *bytes; /* every password, then every salt */
    size_t nbytes;
} kdf_batch;

static void kdf_batch_free(kdf_batch *b) {
    if (b->bytes) fsb_wipe(b->bytes, b->nbytes);
    PyMem_Free(b->bytes);
    PyMem_Free(b->pw);
    PyMem_Free(b->salt);
    PyMem_Free(b->pwlen);
    PyMem_Free(b->saltlen);
}

/* Item i of a sequence (or obj itself when one_for_all) as a buffer. */
static int kdf_item(PyObject *seq, Py_ssize_t i, int one_for_all, Py_buffer *view) {
    if (one_for_all) return fspy_get_kdf_buffer(seq, view);
    PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
    return fspy_get_kdf_buffer(item, view);
}

/* Copies passwords[i] and salts[i] (or the one salt) into b. */
static int kdf_batch_fill(kdf_batch *b, PyObject *pws, PyObject *salts, int one_salt) {
    Py_ssize_t n = b->n;
    for (int pass = 0; pass < 2; pass++) {
        size_t at = 0;
        for (int which = 0; which < 2; which++) {
            for (Py_ssize_t i = 0; i < n; i++) {
                Py_buffer v;
                if (kdf_item(which ? salts : pws, i, which && one_salt, &v) < 0) return -1;
                if (pass == 1) {
                    memcpy(b->bytes + at, v.buf, (size_t)v.len);
                    (which ? b->salt : b->pw)[i] = b->bytes + at;
                    (which ? b->saltlen : b->pwlen)[i] = (size_t)v.len;
                }
                at += (size_t)v.len;
                PyBuffer_Release(&v);
            }
        }
        if (pass == 0) {
            b->nbytes = at;
            b->bytes = PyMem_Malloc(at ? at : 1);
            if (b->bytes == NULL) {
                PyErr_NoMemory();
                return -1;
            }
        } else if (at != b->nbytes) {
            PyErr_SetString(PyExc_RuntimeError, "pbkdf2_hmac_many: an input changed size while it was read");
            return -1;
        }
    }
    return 0;
}

static int kdf_batch_init(kdf_batch *b, PyObject *pws, PyObject *salts, int one_salt) {
    memset(b, 0, sizeof *b);
    b->n = PySequence_Fast_GET_SIZE(pws);
    if (!one_salt && PySequence_Fast_GET_SIZE(salts) != b->n) {
        PyErr_Format(PyExc_ValueError, "pbkdf2_hmac_many: %zd passwords but %zd salts", b->n,
                     PySequence_Fast_GET_SIZE(salts));
        return -1;
    }
    size_t slots = (size_t)(b->n ? b->n : 1);
    b->pw = PyMem_Calloc(slots, sizeof *b->pw);
    b->salt = PyMem_Calloc(slots, sizeof *b->salt);
    b->pwlen = PyMem_Calloc(slots, sizeof *b->pwlen);
    b->saltlen = PyMem_Calloc(slots, sizeof *b->saltlen);
    if (!b->pw || !b->salt || !b->pwlen || !b->saltlen) {
        PyErr_NoMemory();
        return -1;
    }
    return kdf_batch_fill(b, pws, salts, one_salt);
}

/* Derives every key of b into one buffer of n * dklen bytes (GIL released). */
static int kdf_batch_run(const kdf_batch *b, int hash_size, long iterations, long dklen, unsigned char *out) {
    int rc = 0;
    Py_BEGIN_ALLOW_THREADS
    if (hash_size == 32) {
        rc = fastsha256_pbkdf2_many(b->pw, b->pwlen, b->salt, b->saltlen, (size_t)b->n,
                                    (uint64_t)iterations, out, (size_t)dklen);
    } else {
        for (Py_ssize_t i = 0; i < b->n && rc == 0; i++)
            rc = fastsha224_pbkdf2(b->pw[i], b->pwlen[i], b->salt[i], b->saltlen[i], (uint64_t)iterations,
                                   out + (size_t)i * (size_t)dklen, (size_t)dklen);
    }
    Py_END_ALLOW_THREADS
    if (rc != 0) PyErr_SetString(PyExc_ValueError, "pbkdf2_hmac_many: the derivation was refused");
    return rc;
}

static PyObject *kdf_split(const unsigned char *keys, Py_ssize_t n, long dklen) {
    PyObject *list = PyList_New(n);
    for (Py_ssize_t i = 0; list && i < n; i++) {
        PyObject *key = PyBytes_FromStringAndSize((const char *)keys + (size_t)i * (size_t)dklen, dklen);
        if (key == NULL) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, key);
    }
    return list;
}

static PyObject *kdf_derive_many(PyObject *pws, PyObject *salts, int one_salt, int hash_size, long iterations,
                                 long dklen) {
    kdf_batch b;
    PyObject *result = NULL;
    if (kdf_batch_init(&b, pws, salts, one_salt) == 0) {
        size_t total = (size_t)b.n * (size_t)dklen;
        unsigned char *keys = PyMem_Malloc(total ? total : 1);
        if (keys == NULL) PyErr_NoMemory();
        else if (b.n == 0 || kdf_batch_run(&b, hash_size, iterations, dklen, keys) == 0)
            result = kdf_split(keys, b.n, dklen);
        if (keys) fsb_wipe(keys, total);
        PyMem_Free(keys);
    }
    kdf_batch_free(&b);
    return result;
}

static PyObject *kdf_pbkdf2_hmac_many(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"hash_name", "passwords", "salts", "iterations", "dklen", NULL};
    PyObject *name, *pws_obj, *salts_obj, *iter_obj, *dklen_obj = NULL;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOO|O:pbkdf2_hmac_many", names, &name, &pws_obj, &salts_obj,
                                     &iter_obj, &dklen_obj))
        return NULL;
    int hash_size = kdf_hash_size("pbkdf2_hmac_many", name);
    long iterations = hash_size ? kdf_positive(iter_obj, "iteration value") : -1;
    long dklen = iterations > 0 ? kdf_dklen(dklen_obj, hash_size) : -1;
    if (dklen < 1) return NULL;
    if (PyUnicode_Check(pws_obj) || PyObject_CheckBuffer(pws_obj)) {
        PyErr_SetString(PyExc_TypeError, "pbkdf2_hmac_many() argument 'passwords' must be a sequence of "
                                         "bytes-like objects, not one");
        return NULL;
    }
    int one_salt = PyObject_CheckBuffer(salts_obj) || PyUnicode_Check(salts_obj);
    PyObject *pws = PySequence_Fast(pws_obj, "pbkdf2_hmac_many() argument 'passwords' must be a sequence");
    PyObject *salts = one_salt ? (Py_INCREF(salts_obj), salts_obj)
                               : PySequence_Fast(salts_obj, "pbkdf2_hmac_many() argument 'salts' must be "
                                                            "a bytes-like object or a sequence of them");
    PyObject *result = NULL;
    if (pws && salts) result = kdf_derive_many(pws, salts, one_salt, hash_size, iterations, dklen);
    Py_XDECREF(pws);
    Py_XDECREF(salts);
    return result;
}

/* HKDF's length: None or absent means the hash's size; at most 255 hash
 * lengths (RFC 5869). -1 with an exception set. */
static long kdf_hkdf_length(PyObject *obj, int hash_size) {
    long length = kdf_dklen(obj, hash_size);
    if (length > 255L * hash_size) {
        PyErr_Format(PyExc_ValueError, "hkdf: length must be at most 255 * %d = %ld", hash_size,
                     255L * hash_size);
        return -1;
    }
    return length;
}

static PyObject *kdf_hkdf(PyObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"hash_name", "ikm", "salt", "info", "length", NULL};
    PyObject *name, *length_obj = NULL;
    Py_buffer ikm, salt = {0}, info = {0};
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oy*|y*y*O:hkdf", names, &name, &ikm, &salt, &info, &length_obj))
        return NULL;
    PyObject *result = NULL;
    int hash_size = kdf_hash_size("hkdf", name);
    long length = hash_size ? kdf_hkdf_length(length_obj, hash_size) : -1;
    if (length > 0) result = PyBytes_FromStringAndSize(NULL, length);
    if (result != NULL) {
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = (hash_size == 32 ? fastsha256_hkdf : fastsha224_hkdf)(
            salt.buf, (size_t)salt.len, ikm.buf, (size_t)ikm.len, info.buf, (size_t)info.len,
            PyBytes_AS_STRING(result), (size_t)length);
        Py_END_ALLOW_THREADS
        if (rc != 0) {
            Py_CLEAR(result);
            PyErr_SetString(PyExc_ValueError, "hkdf: the derivation was refused");
        }
    }
    PyBuffer_Release(&ikm);
    if (salt.obj) PyBuffer_Release(&salt);
    if (info.obj) PyBuffer_Release(&info);
    return result;
}

#define KDF_FN(name, doc) {#name, (PyCFunction)(void (*)(void))kdf_##name, METH_VARARGS | METH_KEYWORDS, doc}
PyMethodDef fspy_kdf_functions[] = {
    KDF_FN(pbkdf2_hmac, "pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None) -> bytes\n\n"
                        "PBKDF2-HMAC-SHA256/224, as hashlib.pbkdf2_hmac."),
    KDF_FN(pbkdf2_hmac_many, "pbkdf2_hmac_many(hash_name, passwords, salts, iterations, dklen=None) -> list\n\n"
                             "Many PBKDF2 derivations at once, through the lanes; salts is one bytes-like\n"
                             "object for all passwords or a sequence of one per password."),
    KDF_FN(hkdf, "hkdf(hash_name, ikm, salt=b'', info=b'', length=None) -> bytes\n\n"
                 "HKDF-SHA256 or HKDF-SHA224 (RFC 5869): extract with salt, then expand with\n"
                 "info; length None is the hash's size, at most 255 times it."),
    {NULL, NULL, 0, NULL}};
