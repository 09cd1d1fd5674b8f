/* The buffer rules both extension modules use, compiled into each of them:
 * fastsha256._fastsha256 (hash objects, batches, HMAC) and fastsha256._kdf
 * (key derivation). (Their wiping is the bindings' core's, fsb_wipe.) */
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
