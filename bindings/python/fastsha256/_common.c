/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The buffer and hash-name rules of the module's hash objects, batches and
 * HMAC on one side and its key derivation on the other. (Their wiping is the
 * bindings' core's, fsb_wipe.) */
#include "_fspy.h"

/* Whose messages a refused buffer gets: each module copies its hashlib
 * counterpart, and those two differ. */
typedef enum {
    FSPY_AS_HASH_DATA, /* hashlib.sha256().update(data) */
    FSPY_AS_KDF_INPUT, /* hashlib.pbkdf2_hmac(name, password, salt, ...) */
} fspy_buffer_rules;

static int fspy_buffer_as(PyObject *obj, Py_buffer *view, fspy_buffer_rules rules) {
    if (PyUnicode_Check(obj)) {
        if (rules == FSPY_AS_HASH_DATA)
            PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing");
        else
            PyErr_Format(PyExc_TypeError, "a bytes-like object is required, not '%.100s'",
                         Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (rules == FSPY_AS_HASH_DATA && !PyObject_CheckBuffer(obj)) {
        PyErr_SetString(PyExc_TypeError, "object supporting the buffer API required");
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) == -1)
        return -1;
    if (rules == FSPY_AS_HASH_DATA && view->ndim > 1) {
        PyErr_SetString(PyExc_BufferError, "Buffer must be single dimension");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

int fspy_get_buffer(PyObject *obj, Py_buffer *view) {
    return fspy_buffer_as(obj, view, FSPY_AS_HASH_DATA);
}

int fspy_get_kdf_buffer(PyObject *obj, Py_buffer *view) {
    return fspy_buffer_as(obj, view, FSPY_AS_KDF_INPUT);
}

/* The spellings hashlib (OpenSSL 3) takes for the two hashes, {SHA-256,
 * SHA-224} per row, compared ignoring ASCII case; OpenSSL's legacy aliases
 * ("RSA-SHA256", "sha256WithRSAEncryption") are refused by hashlib too. */
static const char *const fspy_hash_names[][2] = {
    {"sha256", "sha224"},
    {"sha-256", "sha-224"},
    {"sha2-256", "sha2-224"},
    {"2.16.840.1.101.3.4.2.1", "2.16.840.1.101.3.4.2.4"}, /* the OIDs */
};

/* 0 for SHA-256, 1 for SHA-224, -1 for any other C string. */
static int fspy_lookup_name(const char *s) {
    for (size_t i = 0; i < sizeof fspy_hash_names / sizeof fspy_hash_names[0]; i++) {
        for (int is224 = 0; is224 < 2; is224++) {
            if (PyOS_stricmp(s, fspy_hash_names[i][is224]) == 0)
                return is224;
        }
    }
    return -1;
}

/* hashlib.pbkdf2_hmac's class for an unknown hash: _hashlib's
 * UnsupportedDigestmodError (a ValueError) where it exists. New reference. */
static PyObject *fspy_unsupported_error(void) {
    PyObject *hashlib = PyImport_ImportModule("_hashlib");
    PyObject *cls = hashlib ? PyObject_GetAttrString(hashlib, "UnsupportedDigestmodError") : NULL;
    Py_XDECREF(hashlib);
    if (cls == NULL) {
        PyErr_Clear();
        Py_INCREF(PyExc_ValueError);
        cls = PyExc_ValueError;
    }
    return cls;
}

/* The name as a C string, or NULL with the exception the rules' hashlib
 * call raises for a name that is not one: hashlib.new a TypeError for all,
 * pbkdf2_hmac (and hmac, here) a ValueError for a NUL and a
 * UnicodeEncodeError for a lone surrogate. */
static const char *fspy_name_chars(PyObject *name, fspy_name_rules rules, const char *fname) {
    static const char *const arg[] = {"name", "hash_name", "digestmod"}; /* by rules */
    if (!PyUnicode_Check(name)) {
        PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be str, not %.100s", fname, arg[rules],
                     Py_TYPE(name)->tp_name);
        return NULL;
    }
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(name, &len);
    if (s != NULL && strlen(s) == (size_t)len)
        return s;
    if (rules == FSPY_NAME_AS_NEW) {
        PyErr_Format(PyExc_TypeError, "%s(): the hash name must be a str without NUL or surrogate "
                     "characters, not %R", fname, name);
    } else if (s != NULL) { /* a NUL would cut the name short in C */
        PyErr_Format(PyExc_ValueError, "%s(): embedded null character in the hash name %R", fname, name);
    }
    return NULL;
}

int fspy_hash_name(PyObject *name, fspy_name_rules rules, const char *fname) {
    const char *s = fspy_name_chars(name, rules, fname);
    if (s == NULL)
        return -1;
    int is224 = fspy_lookup_name(s);
    if (is224 >= 0)
        return is224;
    PyObject *cls = rules == FSPY_NAME_AS_KDF ? fspy_unsupported_error()
                                              : (Py_INCREF(PyExc_ValueError), PyExc_ValueError);
    if (rules == FSPY_NAME_AS_NEW) /* hashlib.new's exact words */
        PyErr_Format(cls, "unsupported hash type %U", name);
    else
        PyErr_Format(cls, "unsupported hash type %U (fastsha256 has sha256 and sha224)", name);
    Py_DECREF(cls);
    return -1;
}
