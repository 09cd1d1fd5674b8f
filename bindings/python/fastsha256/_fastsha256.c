/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The CPython face of fastsha256, module fastsha256._fastsha256: hashlib-like
 * objects, batch calls, HMAC, key derivation, hash trees and the backend
 * switch. A translation layer
 * only: argument checks, buffer access and result objects; every digest and
 * hex string comes from include/fastsha256.h. Each concern is a file of its
 * own (listed in _fspy.h); this one puts them together as the module. */
#include "_fspy.h"

static struct PyModuleDef fspy_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "fastsha256._fastsha256",
    .m_doc = "The C core of the fastsha256 package (import fastsha256 instead).",
    .m_size = -1,
    .m_methods = fspy_hash_functions,
};

/* The other files' functions, after m_methods' and in this order. */
static int fspy_add_functions(PyObject *m) {
    return PyModule_AddFunctions(m, fspy_batch_functions) < 0 ||
                   PyModule_AddFunctions(m, fspy_hmac_functions) < 0 ||
                   PyModule_AddFunctions(m, fspy_backend_functions) < 0 ||
                   PyModule_AddFunctions(m, fspy_kdf_functions) < 0 ||
                   PyModule_AddFunctions(m, fspy_tree_functions) < 0 ||
                   PyModule_AddFunctions(m, fspy_tree_stream_functions) < 0
               ? -1
               : 0;
}

PyMODINIT_FUNC PyInit__fastsha256(void) {
    if (PyType_Ready(&fspy_hash_type) < 0 || PyType_Ready(&fspy_hmac_type) < 0 ||
        PyType_Ready(&fspy_tree_hash_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&fspy_module);
    if (m == NULL)
        return NULL;
    if (fspy_add_functions(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&fspy_hash_type);
    Py_INCREF(&fspy_hmac_type);
    Py_INCREF(&fspy_tree_hash_type);
    if (PyModule_AddObject(m, "Hash", (PyObject *)&fspy_hash_type) < 0 ||
        PyModule_AddObject(m, "HMAC", (PyObject *)&fspy_hmac_type) < 0 ||
        PyModule_AddObject(m, "TreeHash", (PyObject *)&fspy_tree_hash_type) < 0 ||
        PyModule_AddStringConstant(m, "__version__", fastsha256_version()) < 0 ||
        PyModule_AddIntConstant(m, "GIL_MINSIZE", FSPY_GIL_MINSIZE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
