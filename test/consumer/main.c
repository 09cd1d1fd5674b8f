/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A program outside the project, built against the installed package. */
#include <fastsha256.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    uint8_t d[FASTSHA256_DIGEST_SIZE];
    char hex[FASTSHA256_HEX_SIZE];
    fastsha256("abc", 3, d);
    fastsha256_to_hex(d, sizeof d, hex);
    puts(hex);
    return strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") != 0;
}
