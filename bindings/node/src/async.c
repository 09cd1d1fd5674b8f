/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The async natives: batches and packed records hashed on the libuv pool. */
#include <stdlib.h>
#include <string.h>
#include "node_internal.h"

/* --- Async: the same work on the libuv pool ----------------------------------
 * The pool thread reads only memory the job owns: the input is copied at
 * the call (a view's ArrayBuffer can be detached and freed while the work
 * runs, and the digests are of the bytes as they were at the call). The
 * result Buffer of packed work, which no JS sees before it resolves, is
 * pinned by a reference. */

typedef struct {
    napi_async_work work;
    napi_deferred deferred;
    int kind; /* 0: many, 1: packed */
    fsb_algo a; /* wiped when the job ends */
    encoding enc;
    int text_as_bytes; /* many: the result as a Buffer (see many_args) */
    batch b;
    char *text; /* many: the flat result, filled on the pool */
    size_t total;
    fsb_batch p; /* packed: the records */
    uint8_t *input;   /* packed: the copy of the records p reads */
    napi_ref out_ref; /* packed: the result Buffer */
    uint8_t *out;
} async_job;

static void job_free(napi_env env, async_job *job) {
    free(job->input);
    if (job->out_ref)
        napi_delete_reference(env, job->out_ref);
    batch_free(&job->b);
    fsb_algo_wipe(&job->a);
    free(job->text);
    if (job->work)
        napi_delete_async_work(env, job->work);
    free(job);
}

static void job_execute(napi_env env, void *data) {
    (void)env; /* no JS on the pool thread */
    async_job *job = data;
    if (job->kind == 0)
        run_batch(&job->b, &job->a, job->enc, job->text);
    else
        hash_packed(&job->p, &job->a, job->enc, job->out);
}

static void job_complete(napi_env env, napi_status status, void *data) {
    async_job *job = data;
    napi_value result = NULL, error = NULL;
    if (status != napi_ok) {
        napi_value msg;
        napi_create_string_utf8(env, "fastsha256: the async work was cancelled",
                                NAPI_AUTO_LENGTH, &msg);
        napi_create_error(env, NULL, msg, &error);
    } else if (job->kind == 0) {
        result = flat_value(env, job->text, job->total, job->enc, job->text_as_bytes);
    } else {
        napi_get_reference_value(env, job->out_ref, &result);
    }
    if (!result && !error) {
        bool pending = false;
        napi_is_exception_pending(env, &pending);
        if (pending) {
            napi_get_and_clear_last_exception(env, &error);
        } else {
            napi_value msg;
            napi_create_string_utf8(env, "fastsha256: cannot create the result",
                                    NAPI_AUTO_LENGTH, &msg);
            napi_create_error(env, NULL, msg, &error);
        }
    }
    if (error)
        napi_reject_deferred(env, job->deferred, error);
    else
        napi_resolve_deferred(env, job->deferred, result);
    job_free(env, job);
}

static napi_value job_start(napi_env env, async_job *job, const char *name) {
    napi_value promise, resource_name;
    if (napi_create_promise(env, &job->deferred, &promise) != napi_ok ||
        napi_create_string_utf8(env, name, NAPI_AUTO_LENGTH, &resource_name) != napi_ok ||
        napi_create_async_work(env, NULL, resource_name, job_execute, job_complete, job,
                               &job->work) != napi_ok ||
        napi_queue_async_work(env, job->work) != napi_ok) {
        /* A created deferred must be settled: reject it, then report. */
        if (job->deferred) {
            napi_value e = NULL, msg;
            bool pending = false;
            napi_is_exception_pending(env, &pending);
            if (pending)
                napi_get_and_clear_last_exception(env, &e);
            if (!e) {
                napi_create_string_utf8(env, "fastsha256: cannot queue the work",
                                        NAPI_AUTO_LENGTH, &msg);
                napi_create_error(env, NULL, msg, &e);
            }
            napi_reject_deferred(env, job->deferred, e);
            job_free(env, job);
            return promise;
        }
        job_free(env, job);
        return check_pending(env, "fastsha256: cannot start the async work");
    }
    return promise;
}

static async_job *job_new(napi_env env) {
    async_job *job = calloc(1, sizeof *job);
    if (!job)
        throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    return job;
}

/* The flat output of a gathered batch, then the work. */
static napi_value many_job_start(napi_env env, async_job *job) {
    job->total = batch_out_size(&job->b, &job->a, job->enc);
    job->text = malloc(job->total + 1);
    if (!job->text) {
        job_free(env, job);
        return throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    }
    return job_start(env, job, "fastsha256ManyAsync");
}

/* manyArrayAsync and manyJoinedAsync: the arguments of manyArray and
 * manyJoined. Argument errors throw synchronously (index.js turns them into
 * a rejected Promise). Strings and views are copied. */
static napi_value many_async(napi_env env, napi_callback_info info, int joined) {
    async_job *job = job_new(env);
    if (!job)
        return NULL;
    if (many_args(env, info, joined, &job->a, &job->enc, &job->text_as_bytes, &job->b, 1) != 0) {
        job_free(env, job);
        return NULL;
    }
    return many_job_start(env, job);
}

napi_value many_array_async(napi_env env, napi_callback_info info) {
    return many_async(env, info, 0);
}

napi_value many_joined_async(napi_env env, napi_callback_info info) {
    return many_async(env, info, 1);
}

/* sha256PackedAsync(buffer, stride, length[, encoding]), hmacPackedAsync(key, ...) */
napi_value packed_async(napi_env env, napi_callback_info info) {
    async_job *job = job_new(env);
    if (!job)
        return NULL;
    job->kind = 1;
    size_t size;
    napi_value out;
    void *outp = NULL;
    if (packed_args(env, info, &job->a, &job->p, &job->enc, &size) != 0) {
        job_free(env, job);
        return NULL;
    }
    /* The records' bytes, from the first to the end of the last. */
    size_t span = job->p.n ? (job->p.n - 1) * job->p.stride + job->p.len : 0;
    job->input = malloc(span ? span : 1);
    if (!job->input) {
        job_free(env, job);
        return throw_error(env, "ERR_MEMORY_ALLOCATION_FAILED", "fastsha256: out of memory");
    }
    if (span)
        memcpy(job->input, job->p.base, span);
    job->p.base = job->input;
    if (napi_create_buffer(env, size, &outp, &out) != napi_ok ||
        napi_create_reference(env, out, 1, &job->out_ref) != napi_ok) {
        job_free(env, job);
        return check_pending(env, "fastsha256: cannot prepare the async work");
    }
    job->out = outp;
    return job_start(env, job, "fastsha256PackedAsync");
}
