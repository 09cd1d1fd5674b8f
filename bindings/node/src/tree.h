/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Hash-tree natives of the Node-API addon (tree.c, tree_stream.c). */
#ifndef FASTSHA256_NODE_TREE_H
#define FASTSHA256_NODE_TREE_H

#define NAPI_VERSION 8
#include <node_api.h>

/* Defines treeFsverity, treeDmverity, treeBt2, treeGlacier and treeRfc6962 on exports. */
napi_status fsn_tree_register(napi_env env, napi_value exports);
/* Defines treeStreamInit, treeStreamUpdate and treeStreamFinal (tree_stream.c). */
napi_status fsn_tree_stream_register(napi_env env, napi_value exports);

#endif
