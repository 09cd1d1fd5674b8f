/* Public hex calls: thin wrappers over the dispatched encoder. */
#include "internal.h"

void fastsha256_to_hex(const uint8_t *bytes, size_t n, char *out) {
    if (out == NULL)
        return;
    if (bytes == NULL) /* NULL is only valid with n == 0 */
        n = 0;
    fsha256_active()->hex->bytes(bytes, n, out);
    out[2 * n] = '\0';
}

void fastsha256_to_hex_many(const uint8_t (*digests)[32], size_t n, char (*out)[65]) {
    if (n == 0 || digests == NULL || out == NULL)
        return;
    fsha256_active()->hex->digests(digests, n, out);
}
