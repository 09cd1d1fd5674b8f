/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Key-derivation natives of the Node-API addon (node_kdf.c). */
#ifndef FASTSHA256_NODE_KDF_H
#define FASTSHA256_NODE_KDF_H

#define NAPI_VERSION 8
#include <node_api.h>

/* Defines pbkdf2, pbkdf2Async, pbkdf2Many, pbkdf2ManyAsync and hkdf on exports. */
napi_status fsn_kdf_register(napi_env env, napi_value exports);

#endif
