/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* HMAC-SHA256 and HMAC-SHA224: the hmac module's calls (new, digest,
 * compare_digest, the HMAC object) and one-shot and batch functions, all on
 * the library's fastsha256_hmac*. The HMAC object is _hash.c's stream object
 * with a keyed stream inside. */
#include "_fspy.h"

/* A digestmod that is a constructor (hashlib.sha256, fastsha256.sha224, ...)
 * or a module with new(): asked for a hash object, which is judged by its
 * name. 0 for SHA-256, 1 for SHA-224, -1 with an exception set. */
static int fspy_digestmod_by_object(PyObject *digestmod, const char *fname) {
    PyObject *made;
    if (PyCallable_Check(digestmod)) {
        made = PyObject_CallNoArgs(digestmod);
    } else if (PyObject_HasAttrString(digestmod, "new")) {
        made = PyObject_CallMethod(digestmod, "new", NULL);
    } else {
        PyErr_Format(PyExc_TypeError,
                     "digestmod must be a hash name, a hash constructor or a module with new(), "
                     "not %.100s", Py_TYPE(digestmod)->tp_name);
        return -1;
    }
    if (made == NULL)
        return -1;
    PyObject *name = PyObject_GetAttrString(made, "name");
    Py_DECREF(made);
    int is224 = -1;
    if (name != NULL && PyUnicode_Check(name))
        is224 = fspy_hash_name(name, FSPY_NAME_AS_HMAC, fname);
    Py_XDECREF(name);
    if (is224 < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError,
                     "unsupported digestmod %R (fastsha256 has SHA-256 and SHA-224)", digestmod);
    }
    return is224;
}

/* Which HMAC a digestmod of fname() asks for: 0 for SHA-256 (also when
 * absent), 1 for SHA-224, -1 with an exception set. Like the hmac module, it
 * takes a hash name (any of hashlib's spellings), a constructor or a module
 * with new(). Other algorithms raise ValueError: this engine has no other
 * hash. */
static int fspy_digestmod(PyObject *digestmod, const char *fname) {
    if (digestmod == NULL)
        return 0;
    if (digestmod == Py_None || (PyUnicode_Check(digestmod) && PyUnicode_GET_LENGTH(digestmod) == 0)) {
        PyErr_SetString(PyExc_TypeError, "Missing required parameter 'digestmod'.");
        return -1;
    }
    if (PyUnicode_Check(digestmod))
        return fspy_hash_name(digestmod, FSPY_NAME_AS_HMAC, fname);
    return fspy_digestmod_by_object(digestmod, fname);
}

/* A key as hmac takes it: any bytes-like object; str and the rest TypeError. */
static int fspy_check_key(PyObject *key) {
    if (PyUnicode_Check(key) || !PyObject_CheckBuffer(key)) {
        PyErr_Format(PyExc_TypeError,
                     "key: expected bytes or bytearray (or another bytes-like object), "
                     "but got '%.100s'", Py_TYPE(key)->tp_name);
        return -1;
    }
    return 0;
}

static int fspy_get_key(PyObject *key, Py_buffer *view) {
    return fspy_check_key(key) < 0 ? -1 : fspy_get_buffer(key, view);
}

/* Prepares a, HMAC-SHA256 or HMAC-SHA224, from a key object; a long key is
 * hashed without the GIL. The caller wipes a (fsb_algo_wipe). */
static int fspy_prepare_key(PyObject *key, int is224, fsb_algo *a) {
    Py_buffer view;
    if (fspy_get_key(key, &view) < 0)
        return -1;
    fsb_flavor f = is224 ? fsb_hmac224 : fsb_hmac256;
    FSPY_MAYBE_WITHOUT_GIL(view.len, fsb_algo_init(a, f, view.buf, (size_t)view.len));
    PyBuffer_Release(&view);
    return 0;
}

static PyObject *fspy_hmac_make(const char *fname, PyObject *key, PyObject *msg,
                                PyObject *digestmod) {
    if (fspy_check_key(key) < 0) /* before digestmod, as hmac does */
        return NULL;
    int is224 = fspy_digestmod(digestmod, fname);
    if (is224 < 0)
        return NULL;
    fsb_algo a;
    if (fspy_prepare_key(key, is224, &a) < 0)
        return NULL;
    fspy_hash *self = fspy_hash_alloc(&fspy_hmac_type, &a);
    fsb_algo_wipe(&a);
    return fspy_start(self, msg == Py_None ? NULL : msg);
}

static const char *const fspy_hmac_new_params[] = {"key", "msg", "digestmod", NULL};

PyDoc_STRVAR(fspy_hmac_new_doc, "hmac_new(key, msg=None, digestmod='sha256')\n--\n\n"
"Return a new HMAC object, like hmac.new (fastsha256.hmac.new).\n\n"
"key: any bytes-like object, of any length. msg: first data, optional.\n"
"digestmod: 'sha256' or 'sha224' (any spelling hashlib takes: 'SHA-256'...),\n"
"or a constructor or module\n"
"whose hash objects are named so (hashlib.sha256, fastsha256.sha224).\n"
"Other algorithms raise ValueError; a str or other non-buffer key TypeError.");

static PyObject *fspy_hmac_new(PyObject *Py_UNUSED(module), PyObject *const *args,
                               Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *v[3];
    int parsed = fspy_parse_args("new", fspy_hmac_new_params, 3, 1, args, nargs, kwnames, v);
    return parsed < 0 ? NULL : fspy_hmac_make("new", v[0], v[1], v[2]);
}

static PyObject *fspy_hmac_tp_new(PyTypeObject *Py_UNUSED(type), PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"key", "msg", "digestmod", NULL};
    PyObject *key, *msg = NULL, *digestmod = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OO:HMAC", kwlist, &key, &msg, &digestmod))
        return NULL;
    return fspy_hmac_make("HMAC", key, msg, digestmod);
}

PyDoc_STRVAR(fspy_hmac_type_doc, "HMAC(key, msg=None, digestmod='sha256')\n--\n\n"
"An HMAC-SHA256 or HMAC-SHA224 object, used like hmac.HMAC: update(msg),\n"
"digest(), hexdigest(), copy(), name ('hmac-sha256'), digest_size and\n"
"block_size. Safe to share between threads, like the hash objects. Key\n"
"material is wiped when the object goes.");

PyTypeObject fspy_hmac_type = FSPY_STREAM_TYPE(
    "fastsha256.HMAC", Py_TPFLAGS_DEFAULT, fspy_hmac_type_doc, fspy_hmac_tp_new,
    fspy_hmac_methods);

typedef int (*fspy_getter)(PyObject *obj, Py_buffer *view);

/* Two buffers, each by its getter: both, or none (-1, exception set). */
static int fspy_get_pair(fspy_getter get_a, PyObject *a, Py_buffer *va, fspy_getter get_b,
                         PyObject *b, Py_buffer *vb) {
    if (get_a(a, va) < 0)
        return -1;
    if (get_b(b, vb) < 0) {
        PyBuffer_Release(va);
        return -1;
    }
    return 0;
}

/* One tag of a key and a message, the GIL released for long ones. */
static PyObject *fspy_hmac_oneshot(int is224, PyObject *key, PyObject *msg, int want_hex) {
    Py_buffer kv, mv;
    if (fspy_get_pair(fspy_get_key, key, &kv, fspy_get_buffer, msg, &mv) < 0)
        return NULL;
    uint8_t tag[FASTSHA256_DIGEST_SIZE];
    fsb_flavor f = is224 ? fsb_hmac224 : fsb_hmac256;
    FSPY_MAYBE_WITHOUT_GIL((size_t)kv.len + (size_t)mv.len,
                           fsb_digest(f, kv.buf, (size_t)kv.len, mv.buf, (size_t)mv.len, tag));
    PyBuffer_Release(&mv);
    PyBuffer_Release(&kv);
    return fspy_output(tag, (Py_ssize_t)fsb_digest_size(f), want_hex);
}

static const char *const fspy_hmac_oneshot_params[] = {"key", "data", "hex", NULL};

/* hmac_sha256() and hmac_sha224(): one parser. */
static PyObject *fspy_hmac_call(int is224, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
    PyObject *v[3];
    if (fspy_parse_args(is224 ? "hmac_sha224" : "hmac_sha256", fspy_hmac_oneshot_params, 2, 2,
                        args, nargs, kwnames, v) < 0)
        return NULL;
    int want_hex = fspy_flag(v[2]);
    return want_hex < 0 ? NULL : fspy_hmac_oneshot(is224, v[0], v[1], want_hex);
}

FSPY_VARIANT(fspy_hmac_sha256, fspy_hmac_call, 0,
    "hmac_sha256(key, data, *, hex=False)\n--\n\n"
    "HMAC-SHA256 of data under key (bytes-like objects, any lengths): 32 bytes,\n"
    "or 64 hex characters when hex is true. Same tag as\n"
    "hmac.digest(key, data, 'sha256').")

FSPY_VARIANT(fspy_hmac_sha224, fspy_hmac_call, 1,
    "hmac_sha224(key, data, *, hex=False)\n--\n\n"
    "HMAC-SHA224 of data under key: 28 bytes, or 56 hex characters.")

static const char *const fspy_hmac_digest_params[] = {"key", "msg", "digest", NULL};

PyDoc_STRVAR(fspy_hmac_digest_doc, "hmac_digest(key, msg, digest='sha256')\n--\n\n"
"One tag, like hmac.digest (fastsha256.hmac.digest); digest is taken as\n"
"hmac_new's digestmod.");

static PyObject *fspy_hmac_digest(PyObject *Py_UNUSED(module), PyObject *const *args,
                                  Py_ssize_t nargs, PyObject *kwnames) {
    PyObject *v[3];
    if (fspy_parse_args("digest", fspy_hmac_digest_params, 3, 2, args, nargs, kwnames, v) < 0)
        return NULL;
    int is224 = fspy_digestmod(v[2], "digest");
    return is224 < 0 ? NULL : fspy_hmac_oneshot(is224, v[0], v[1], 0);
}

static const char *const fspy_hmac_many_params[] = {"key", "items", "hex", NULL};

/* hmac_sha256_many() and hmac_sha224_many(): the key prepared once, then
 * fastsha256_hmac_many round by round. */
static PyObject *fspy_hmac_many_call(int is224, PyObject *const *args, Py_ssize_t nargs,
                                     PyObject *kwnames) {
    const char *fname = is224 ? "hmac_sha224_many" : "hmac_sha256_many";
    PyObject *v[3];
    if (fspy_parse_args(fname, fspy_hmac_many_params, 2, 2, args, nargs, kwnames, v) < 0)
        return NULL;
    int want_hex = fspy_flag(v[2]);
    fsb_algo a;
    if (want_hex < 0 || fspy_prepare_key(v[0], is224, &a) < 0)
        return NULL;
    PyObject *result = fspy_many(fname, v[1], want_hex, &a);
    fsb_algo_wipe(&a);
    return result;
}

FSPY_VARIANT(fspy_hmac_sha256_many, fspy_hmac_many_call, 0,
    "hmac_sha256_many(key, items, *, hex=False)\n--\n\n"
    "HMAC-SHA256 under one key of every bytes-like object in the iterable items,\n"
    "in order: a list of 32-byte tags, or of 64-character hex strings when hex\n"
    "is true. The key is prepared once and the messages go through the\n"
    "multi-buffer lanes with the GIL released (any lengths, mixed, empty too).")

FSPY_VARIANT(fspy_hmac_sha224_many, fspy_hmac_many_call, 1,
    "hmac_sha224_many(key, items, *, hex=False)\n--\n\n"
    "HMAC-SHA224 under one key of every item: 28-byte tags or 56-character hex.")

/* compare_digest's operands: both ASCII str, or both bytes-like. */
static int fspy_get_comparable(PyObject *obj, Py_buffer *view) {
    if (PyUnicode_Check(obj)) {
        if (!PyUnicode_IS_ASCII(obj)) {
            PyErr_SetString(PyExc_TypeError,
                            "comparing strings with non-ASCII characters is not supported");
            return -1;
        }
        return PyBuffer_FillInfo(view, NULL, PyUnicode_1BYTE_DATA(obj), PyUnicode_GET_LENGTH(obj),
                                 1, PyBUF_SIMPLE);
    }
    return fspy_get_buffer(obj, view);
}

PyDoc_STRVAR(fspy_compare_digest_doc, "compare_digest(a, b, /)\n--\n\n"
"Return a == b in time that does not depend on their contents, like\n"
"hmac.compare_digest: a and b are both str (ASCII only) or both bytes-like.\n"
"Unequal lengths give False, in a time that depends on len(b) only.");

static PyObject *fspy_compare_digest(PyObject *Py_UNUSED(module), PyObject *const *args,
                                     Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "compare_digest expected 2 arguments, got %zd", nargs);
        return NULL;
    }
    PyObject *a = args[0], *b = args[1];
    int a_str = PyUnicode_Check(a), b_str = PyUnicode_Check(b);
    if (a_str != b_str || (!a_str && (!PyObject_CheckBuffer(a) || !PyObject_CheckBuffer(b)))) {
        PyErr_Format(PyExc_TypeError,
                     "unsupported operand types(s) or combination of types: '%.100s' and '%.100s'",
                     Py_TYPE(a)->tp_name, Py_TYPE(b)->tp_name);
        return NULL;
    }
    Py_buffer va, vb;
    if (fspy_get_pair(fspy_get_comparable, a, &va, fspy_get_comparable, b, &vb) < 0)
        return NULL;
    int equal;
    if (va.len == vb.len) {
        equal = fastsha256_equal(va.buf, vb.buf, (size_t)va.len);
    } else { /* the same work as for equal lengths, then no */
        (void)fastsha256_equal(vb.buf, vb.buf, (size_t)vb.len);
        equal = 0;
    }
    PyBuffer_Release(&vb);
    PyBuffer_Release(&va);
    return PyBool_FromLong(equal);
}

PyMethodDef fspy_hmac_functions[] = {
    FSPY_FASTCALL(hmac_sha256),
    FSPY_FASTCALL(hmac_sha224),
    FSPY_FASTCALL(hmac_sha256_many),
    FSPY_FASTCALL(hmac_sha224_many),
    FSPY_FASTCALL(hmac_new),
    FSPY_FASTCALL(hmac_digest),
    {"compare_digest", (PyCFunction)(void (*)(void))fspy_compare_digest, METH_FASTCALL,
     fspy_compare_digest_doc},
    {NULL, NULL, 0, NULL}};
