/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The backend switch: which backend and hex encoder are active, which ones
 * this CPU supports and this build has, and choosing one by name. */
#include "_fspy.h"

PyDoc_STRVAR(fspy_backend_doc, "backend()\n--\n\n"
"Name of the active backend: 'shani', 'avx512', 'avx2', 'armv8', 'simd128' or 'scalar'.");

static PyObject *fspy_backend(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return PyUnicode_FromString(fastsha256_backend());
}

PyDoc_STRVAR(fspy_hex_backend_doc, "hex_backend()\n--\n\n"
"Name of the active hex encoder.");

static PyObject *fspy_hex_backend(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return PyUnicode_FromString(fastsha256_hex_backend());
}

static PyObject *fspy_name_list(size_t (*lister)(const char **, size_t)) {
    const char *names[FSB_MAX_BACKENDS];
    size_t count = fsb_backend_names(lister, names);
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (s == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    return list;
}

PyDoc_STRVAR(fspy_backends_doc, "backends()\n--\n\n"
"Names of the backends this CPU supports, best first.");

static PyObject *fspy_backends(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return fspy_name_list(fastsha256_backends);
}

PyDoc_STRVAR(fspy_all_backends_doc, "all_backends()\n--\n\n"
"Names of every backend compiled into this build, supported here or not.");

static PyObject *fspy_all_backends(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    return fspy_name_list(fastsha256_all_backends);
}

PyDoc_STRVAR(fspy_set_backend_doc, "set_backend(name, /)\n--\n\n"
"Switch every later hash (in every thread) to the named backend; 'auto'\n"
"returns to the automatic choice. Raises ValueError for a name that is\n"
"unknown or unsupported on this CPU (nothing changes then). Safe while other\n"
"threads hash: each call uses one backend from start to end.");

static PyObject *fspy_set_backend(PyObject *Py_UNUSED(module), PyObject *name) {
    if (!PyUnicode_Check(name)) {
        PyErr_Format(PyExc_TypeError, "set_backend() argument must be str, not %.100s",
                     Py_TYPE(name)->tp_name);
        return NULL;
    }
    Py_ssize_t len = 0;
    const char *utf8 = PyUnicode_AsUTF8AndSize(name, &len);
    if (utf8 == NULL)
        return NULL;
    if (fsb_select_backend(utf8, (size_t)len) != 0) { /* "auto" included */
        PyObject *supported = fspy_name_list(fastsha256_backends);
        if (supported)
            PyErr_Format(PyExc_ValueError,
                         "unknown or unsupported backend %R (supported here: %R)", name, supported);
        Py_XDECREF(supported);
        return NULL;
    }
    Py_RETURN_NONE;
}

PyDoc_STRVAR(fspy_reset_backend_doc, "reset_backend()\n--\n\n"
"Return to the automatic backend choice.");

static PyObject *fspy_reset_backend(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(ignored)) {
    fastsha256_reset_backend();
    Py_RETURN_NONE;
}

PyMethodDef fspy_backend_functions[] = {
    {"backend", fspy_backend, METH_NOARGS, fspy_backend_doc},
    {"hex_backend", fspy_hex_backend, METH_NOARGS, fspy_hex_backend_doc},
    {"backends", fspy_backends, METH_NOARGS, fspy_backends_doc},
    {"all_backends", fspy_all_backends, METH_NOARGS, fspy_all_backends_doc},
    {"set_backend", fspy_set_backend, METH_O, fspy_set_backend_doc},
    {"reset_backend", fspy_reset_backend, METH_NOARGS, fspy_reset_backend_doc},
    {NULL, NULL, 0, NULL}};
