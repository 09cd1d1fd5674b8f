/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Node-API natives for key derivation: PBKDF2 (one, many; sync and on the
 * thread pool) and HKDF, over the library's fastsha256_pbkdf2* and
 * fastsha256_hkdf calls. lib/kdf.js checks the arguments with node:crypto's
 * errors and passes Uint8Arrays and integers in range; these natives check
 * again (a wrong call is a TypeError, never a crash). Inputs of the async
 * calls are copied at the call, so the caller may change or detach them. */
#include <stdlib.h>
#include <string.h>

#include "node_internal.h"
#include "node_kdf.h"

#define KDF_OK(call)                                                                               \
    do {                                                                                           \
        if ((call) != napi_ok) return kdf_fail(env, "internal Node-API call failed");              \
    } while (0)

static napi_value kdf_fail(napi_env env, const char *msg) {
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending) napi_throw_type_error(env, "ERR_INVALID_ARG_TYPE", msg);
    return NULL;
}

/* What one derivation call needs, owned (copied) for the async ones. */
typedef struct {
    size_t n;            /* derivations */
    uint8_t **pw, **salt;
    size_t *pwlen, *saltlen;
    uint32_t iterations, keylen;
    int is224;
    uint8_t *out;        /* n * keylen */
    int rc;
    napi_deferred deferred;
    napi_async_work work;
} kdf_job;

static void kdf_job_free(kdf_job *j) {
    if (!j) return;
    for (size_t i = 0; i < j->n; i++) {
        if (j->pw && j->pw[i]) {
            fsb_wipe(j->pw[i], j->pwlen[i]);
            free(j->pw[i]);
        }
        if (j->salt && j->salt[i]) free(j->salt[i]);
    }
    if (j->out) {
        fsb_wipe(j->out, j->n * (size_t)j->keylen);
        free(j->out);
    }
    free(j->pw);
    free(j->salt);
    free(j->pwlen);
    free(j->saltlen);
    free(j);
}

static uint8_t *kdf_dup(const uint8_t *p, size_t n) {
    uint8_t *c = malloc(n ? n : 1);
    if (c && n) memcpy(c, p, n);
    return c;
}

static kdf_job *kdf_job_new(size_t n, uint32_t iterations, uint32_t keylen, int is224) {
    kdf_job *j = calloc(1, sizeof *j);
    if (!j) return NULL;
    j->n = n;
    j->iterations = iterations;
    j->keylen = keylen;
    j->is224 = is224;
    j->pw = calloc(n ? n : 1, sizeof *j->pw);
    j->salt = calloc(n ? n : 1, sizeof *j->salt);
    j->pwlen = calloc(n ? n : 1, sizeof *j->pwlen);
    j->saltlen = calloc(n ? n : 1, sizeof *j->saltlen);
    j->out = (n && (size_t)-1 / n >= keylen) ? malloc(n * (size_t)keylen) : NULL;
    if (!j->pw || !j->salt || !j->pwlen || !j->saltlen || !j->out) {
        kdf_job_free(j);
        return NULL;
    }
    return j;
}

/* Item i from a password and a salt Uint8Array, copied. */
static int kdf_job_take(napi_env env, kdf_job *j, size_t i, napi_value pw, napi_value salt) {
    const uint8_t *p, *s;
    if (uint8_array_bytes(env, pw, &p, &j->pwlen[i]) ||
        uint8_array_bytes(env, salt, &s, &j->saltlen[i]))
        return -1;
    j->pw[i] = kdf_dup(p, j->pwlen[i]);
    j->salt[i] = kdf_dup(s, j->saltlen[i]);
    return j->pw[i] && j->salt[i] ? 0 : -1;
}

static void kdf_job_run(kdf_job *j) {
    if (!j->is224 && j->n == 1) {
        j->rc = fastsha256_pbkdf2(j->pw[0], j->pwlen[0], j->salt[0], j->saltlen[0], j->iterations,
                                  j->out, j->keylen);
        return;
    }
    if (!j->is224) {
        j->rc = fastsha256_pbkdf2_many((const void *const *)j->pw, j->pwlen,
                                       (const void *const *)j->salt, j->saltlen, j->n,
                                       j->iterations, j->out, j->keylen);
        return;
    }
    j->rc = 0;
    for (size_t i = 0; i < j->n && j->rc == 0; i++)
        j->rc = fastsha224_pbkdf2(j->pw[i], j->pwlen[i], j->salt[i], j->saltlen[i], j->iterations,
                                  j->out + i * (size_t)j->keylen, j->keylen);
}

/* The job's keys as one Buffer (a copy: the job's memory is wiped). */
static napi_value kdf_job_result(napi_env env, kdf_job *j) {
    napi_value buf = NULL;
    if (j->rc != 0) {
        napi_throw_range_error(env, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
        return NULL;
    }
    if (napi_create_buffer_copy(env, j->n * (size_t)j->keylen, j->out, NULL, &buf) != napi_ok)
        return kdf_fail(env, "out of memory");
    return buf;
}

/* Reads (pw, salt, iterations, keylen, is224) or (pws[], salts[], ...) into a job. */
static kdf_job *kdf_job_from_args(napi_env env, napi_callback_info info, int many) {
    size_t argc = 5;
    napi_value argv[5];
    uint32_t iterations, keylen, n = 1;
    bool is224 = false;
    if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 5) return NULL;
    if (uint32_in_range(env, argv[2], 1, 2147483647.0, &iterations) ||
        uint32_in_range(env, argv[3], 1, 2147483647.0, &keylen) ||
        napi_get_value_bool(env, argv[4], &is224) != napi_ok)
        return NULL;
    if (many && napi_get_array_length(env, argv[0], &n) != napi_ok) return NULL;
    kdf_job *j = kdf_job_new(n, iterations, keylen, is224);
    for (uint32_t i = 0; j && i < n; i++) {
        napi_value pw = argv[0], salt = argv[1];
        if (many && (napi_get_element(env, argv[0], i, &pw) != napi_ok ||
                     napi_get_element(env, argv[1], i, &salt) != napi_ok)) {
            kdf_job_free(j);
            return NULL;
        }
        if (kdf_job_take(env, j, i, pw, salt)) {
            kdf_job_free(j);
            return NULL;
        }
    }
    return j;
}

static napi_value kdf_sync(napi_env env, napi_callback_info info, int many) {
    kdf_job *j = kdf_job_from_args(env, info, many);
    if (!j) return kdf_fail(env, "pbkdf2: expected (Uint8Array, Uint8Array, iterations, keylen, is224)");
    kdf_job_run(j);
    napi_value result = kdf_job_result(env, j);
    kdf_job_free(j);
    return result;
}

static void kdf_execute(napi_env env, void *data) {
    (void)env;
    kdf_job_run(data);
}

static void kdf_complete(napi_env env, napi_status status, void *data) {
    kdf_job *j = data;
    napi_value result = NULL, err = NULL;
    if (status == napi_ok) result = kdf_job_result(env, j);
    if (result) {
        napi_resolve_deferred(env, j->deferred, result);
    } else {
        bool pending = false;
        napi_is_exception_pending(env, &pending);
        if (pending) napi_get_and_clear_last_exception(env, &err);
        if (!err) {
            napi_value msg;
            napi_create_string_utf8(env, "pbkdf2: the derivation did not run", NAPI_AUTO_LENGTH, &msg);
            napi_create_error(env, NULL, msg, &err);
        }
        napi_reject_deferred(env, j->deferred, err);
    }
    napi_delete_async_work(env, j->work);
    kdf_job_free(j);
}

static napi_value kdf_async(napi_env env, napi_callback_info info, int many) {
    napi_value promise, name;
    kdf_job *j = kdf_job_from_args(env, info, many);
    if (!j) return kdf_fail(env, "pbkdf2: expected (Uint8Array, Uint8Array, iterations, keylen, is224)");
    if (napi_create_promise(env, &j->deferred, &promise) != napi_ok ||
        napi_create_string_utf8(env, "fastsha256.pbkdf2", NAPI_AUTO_LENGTH, &name) != napi_ok ||
        napi_create_async_work(env, NULL, name, kdf_execute, kdf_complete, j, &j->work) != napi_ok ||
        napi_queue_async_work(env, j->work) != napi_ok) {
        kdf_job_free(j);
        return kdf_fail(env, "pbkdf2: could not queue the derivation");
    }
    return promise;
}

static napi_value pbkdf2_one(napi_env env, napi_callback_info info) { return kdf_sync(env, info, 0); }
static napi_value pbkdf2_many(napi_env env, napi_callback_info info) { return kdf_sync(env, info, 1); }
static napi_value pbkdf2_one_async(napi_env env, napi_callback_info info) { return kdf_async(env, info, 0); }
static napi_value pbkdf2_many_async(napi_env env, napi_callback_info info) { return kdf_async(env, info, 1); }

/* hkdf(ikm, salt, info, keylen, is224) -> Buffer of keylen bytes
 * (HKDF-SHA256, or HKDF-SHA224 when is224 is true). */
static napi_value hkdf(napi_env env, napi_callback_info info) {
    size_t argc = 5;
    napi_value argv[5], buf;
    const uint8_t *ikm, *salt, *inf;
    size_t ikmlen, saltlen, inflen;
    uint32_t keylen;
    bool is224 = false;
    void *out;
    KDF_OK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    if (argc < 5 || uint8_array_bytes(env, argv[0], &ikm, &ikmlen) ||
        uint8_array_bytes(env, argv[1], &salt, &saltlen) ||
        uint8_array_bytes(env, argv[2], &inf, &inflen) ||
        napi_get_value_bool(env, argv[4], &is224) != napi_ok ||
        uint32_in_range(env, argv[3], 1, 255.0 * (is224 ? 28 : 32), &keylen))
        return kdf_fail(env, "hkdf: expected (Uint8Array, Uint8Array, Uint8Array, keylen, is224)");
    KDF_OK(napi_create_buffer(env, keylen, &out, &buf));
    int rc = is224 ? fastsha224_hkdf(salt, saltlen, ikm, ikmlen, inf, inflen, out, keylen)
                   : fastsha256_hkdf(salt, saltlen, ikm, ikmlen, inf, inflen, out, keylen);
    if (rc != 0) {
        napi_throw_range_error(env, "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
        return NULL;
    }
    return buf;
}

napi_status fsn_kdf_register(napi_env env, napi_value exports) {
#define FN(name, fn) {name, NULL, fn, NULL, NULL, NULL, napi_enumerable, NULL}
    const napi_property_descriptor props[] = {
        FN("pbkdf2", pbkdf2_one),
        FN("pbkdf2Async", pbkdf2_one_async),
        FN("pbkdf2Many", pbkdf2_many),
        FN("pbkdf2ManyAsync", pbkdf2_many_async),
        FN("hkdf", hkdf),
    };
#undef FN
    return napi_define_properties(env, exports, sizeof props / sizeof props[0], props);
}
