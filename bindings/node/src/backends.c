/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The backend natives: the active backend, the lists, and setBackend. */
#include <stdio.h>
#include <string.h>
#include "node_internal.h"

/* --- Backends ------------------------------------------------------------------- */

napi_value backend(napi_env env, napi_callback_info info) {
    (void)info;
    napi_value r;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_backend(), NAPI_AUTO_LENGTH, &r));
    return r;
}

napi_value hex_backend(napi_env env, napi_callback_info info) {
    (void)info;
    napi_value r;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_hex_backend(), NAPI_AUTO_LENGTH, &r));
    return r;
}

static napi_value name_list(napi_env env, size_t (*list)(const char **, size_t)) {
    const char *names[FSB_MAX_BACKENDS];
    size_t n = fsb_backend_names(list, names);
    napi_value r;
    NAPI_OK(napi_create_array_with_length(env, n, &r));
    for (size_t i = 0; i < n; i++) {
        napi_value s;
        NAPI_OK(napi_create_string_utf8(env, names[i], NAPI_AUTO_LENGTH, &s));
        NAPI_OK(napi_set_element(env, r, (uint32_t)i, s));
    }
    return r;
}

napi_value backends(napi_env env, napi_callback_info info) {
    (void)info;
    return name_list(env, fastsha256_backends);
}

napi_value all_backends(napi_env env, napi_callback_info info) {
    (void)info;
    return name_list(env, fastsha256_all_backends);
}

/* setBackend(name): "auto" returns to the automatic choice. */
napi_value set_backend(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value arg = NULL;
    NAPI_OK(napi_get_cb_info(env, info, &argc, &arg, NULL, NULL));
    if (expect_string(env, argc, arg, "name") != 0)
        return NULL;
    char name[32];
    size_t n = 0;
    NAPI_OK(napi_get_value_string_utf8(env, arg, name, sizeof name, &n));
    /* Too long (cut short), or a NUL inside ("scalar\0junk", refused by the core). */
    int cut = n >= sizeof name - 1;
    if (cut || fsb_select_backend(name, n) != 0) {
        char msg[128];
        snprintf(msg, sizeof msg, "Unknown or unsupported fastsha256 backend: '%.31s%s'", name,
                 cut ? "..." : strlen(name) != n ? "\\0..." : "");
        return throw_error(env, "ERR_FASTSHA256_BACKEND", msg);
    }
    napi_value r;
    NAPI_OK(napi_create_string_utf8(env, fastsha256_backend(), NAPI_AUTO_LENGTH, &r));
    return r;
}
