#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Writes kdf/hkdf224.txt (HKDF-SHA224 vectors) to stdout with OpenSSL's
# command line: `openssl kdf ... HKDF` for the OKM and the same call with
# mode:EXTRACT_ONLY for the PRK. Run from test/vectors:
#   sh kdf/make_hkdf224.sh > kdf/hkdf224.txt
set -eu

# RFC 5869 appendix A's inputs (cases 1-3), used with SHA-224 here.
IKM1=0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b
SALT1=000102030405060708090a0b0c
INFO1=f0f1f2f3f4f5f6f7f8f9
IKM2=$(i=0; while [ $i -lt 80 ]; do printf %02x $i; i=$((i + 1)); done)
SALT2=$(i=96; while [ $i -lt 176 ]; do printf %02x $i; i=$((i + 1)); done)
INFO2=$(i=176; while [ $i -lt 256 ]; do printf %02x $i; i=$((i + 1)); done)

hex() { tr -d ':\n' | tr 'A-F' 'a-f'; }
# openssl kdf with key, salt and info (an empty one passed as empty hex).
kdf() { # len ikm salt info [extra kdfopt]
    openssl kdf -keylen "$1" -kdfopt digest:SHA2-224 -kdfopt "hexkey:$2" \
        -kdfopt "hexsalt:$3" -kdfopt "hexinfo:$4" ${5:+-kdfopt "$5"} HKDF | hex
}
line() { # ikm salt info len
    prk=$(kdf 28 "$1" "$2" "$3" mode:EXTRACT_ONLY)
    okm=$(kdf "$4" "$1" "$2" "$3")
    printf '%s %s %s %s %s %s\n' "${1:--}" "${2:--}" "${3:--}" "$4" "$prk" "$okm"
}

echo "# HKDF-SHA224 (RFC 5869 with SHA-224). Fields: IKM, salt, info, L, PRK, OKM (hex; '-' = empty)."
echo "# Made by kdf/make_hkdf224.sh with $(openssl version | cut -d' ' -f1-2) (openssl kdf -kdfopt digest:SHA2-224 ... HKDF):"
echo "# RFC 5869 cases 1-3's inputs (L 42, 82, 42), then L = 1, 27, 28, 29 and 255 * 28."
line "$IKM1" "$SALT1" "$INFO1" 42
line "$IKM2" "$SALT2" "$INFO2" 82
line "$IKM1" "" "" 42
line "$IKM1" "$SALT1" "$INFO1" 1
line "$IKM2" "$SALT2" "$INFO2" 27
line "$IKM1" "" "" 28
line "$IKM1" "$SALT1" "$INFO1" 29
line "$IKM2" "$SALT2" "$INFO2" 7140
