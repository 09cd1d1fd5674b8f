/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Arguments and results of the fastsha256._fastsha256 functions: vectorcall
 * parsing with CPython's messages, hashlib's constructor arguments, and
 * digests as bytes or hex. */
#include "_fspy.h"

int fspy_parse_args(const char *fname, const char *const *names, Py_ssize_t max_positional,
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

int fspy_flag(PyObject *value) {
    return value ? PyObject_IsTrue(value) : 0;
}

int fspy_ssize(PyObject *value, Py_ssize_t *out) {
    *out = PyNumber_AsSsize_t(value, PyExc_OverflowError);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* `string` is accepted as hashlib's older name of `data`. usedforsecurity is
 * accepted and ignored, as hashlib does when the algorithm is allowed anyway. */
int fspy_parse_data(const char *fname, PyObject *const *args, Py_ssize_t nargs,
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

/* n bytes as a str of 2n lowercase hex digits. */
static PyObject *fspy_hex_str(const uint8_t *bytes, Py_ssize_t n) {
    PyObject *s = PyUnicode_New(2 * n, 127);
    if (s == NULL)
        return NULL;
    /* A compact ASCII string has room for its terminating NUL. */
    fastsha256_to_hex(bytes, (size_t)n, (char *)PyUnicode_1BYTE_DATA(s));
    return s;
}

PyObject *fspy_output(const uint8_t *bytes, Py_ssize_t n, int want_hex) {
    if (want_hex)
        return fspy_hex_str(bytes, n);
    return PyBytes_FromStringAndSize((const char *)bytes, n);
}
