# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Hash names: every call that takes one (new, file_digest, the HMAC calls,
pbkdf2_hmac, pbkdf2_hmac_many, hkdf) takes exactly the spellings hashlib takes
for SHA-256 and SHA-224 on this Python, and refuses the rest with hashlib's
exception class; a NUL never cuts a name short."""
import hashlib
import hmac
import io

import pytest

import fastsha256
from fastsha256 import hmac as fhmac

# What OpenSSL 3 (through hashlib) takes for the two hashes, and near misses.
ACCEPTED = {
    "sha256": ["sha256", "SHA256", "Sha256", "sha-256", "SHA-256", "sha2-256", "SHA2-256",
               "sHa2-256", "2.16.840.1.101.3.4.2.1"],
    "sha224": ["sha224", "SHA224", "sha-224", "SHA-224", "Sha-224", "sha2-224", "SHA2-224",
               "2.16.840.1.101.3.4.2.4"],
}
REFUSED = ["sha_256", "SHA2_256", "sha256 ", " sha256", "sha-2-256", "sha2256", "sha25", "sha2567",
           "rsa-sha256", "RSA-SHA256", "sha256WithRSAEncryption", "RSA-SHA224",
           "sha224WithRSAEncryption", "2.16.840.1.101.3.4.2.01", "OID.2.16.840.1.101.3.4.2.1",
           "\u017fha256", "sha256\u00e9", ""]
# Names of other algorithms, which hashlib has and this engine has not.
OTHERS = ["md5", "sha1", "sha512", "sha3_256", "sha512_256", "SHA512-256", "2.16.840.1.101.3.4.2.3"]
# A NUL or a lone surrogate: no C string can carry the name.
NOT_C_STRINGS = ["sha256\0junk", "sha256\0", "sha224\0", "SHA-256\0x", "\0sha256", "sha256\ud800"]
ALL_NAMES = [n for names in ACCEPTED.values() for n in names] + REFUSED + NOT_C_STRINGS


def outcome(fn):
    """The result, or the exception's class."""
    try:
        return fn()
    except Exception as err:  # noqa: BLE001 - the class is what is compared
        return type(err)


def same_as(got, want):
    """Equal results, or got's exception is want's (or a subclass: fastsha256
    raises _hashlib.UnsupportedDigestmodError where this hashlib raises its
    base class, ValueError)."""
    if isinstance(want, type):
        return isinstance(got, type) and issubclass(got, want)
    return got == want


def hkdf_ref(name, ikm, salt, info, length):
    """RFC 5869 on the standard hmac module, under the given hash name."""
    size = hashlib.new(name).digest_size
    prk = hmac.new(salt or bytes(size), ikm, name).digest()
    okm, t = b"", b""
    for i in range(1, -(-length // size) + 1):
        t = hmac.new(prk, t + info + bytes([i]), name).digest()
        okm += t
    return okm[:length]


def test_the_lists_are_hashlibs():
    """The spellings above are what this Python's hashlib takes and refuses."""
    for algo, names in ACCEPTED.items():
        for name in names:
            assert hashlib.new(name).name == algo, name
    for name in REFUSED:
        assert isinstance(outcome(lambda: hashlib.pbkdf2_hmac(name, b"p", b"s", 1)), type), name


@pytest.mark.parametrize("name", ALL_NAMES, ids=repr)
def test_new_and_file_digest_like_hashlib(name):
    want = outcome(lambda: hashlib.new(name, b"abc").digest())
    assert same_as(outcome(lambda: fastsha256.new(name, b"abc").digest()), want)
    assert same_as(outcome(lambda: fastsha256.file_digest(io.BytesIO(b"abc"), name).digest()), want)


@pytest.mark.parametrize("name", ALL_NAMES, ids=repr)
def test_pbkdf2_like_hashlib(name):
    want = outcome(lambda: hashlib.pbkdf2_hmac(name, b"pw", b"salt", 3, 40))
    assert same_as(outcome(lambda: fastsha256.pbkdf2_hmac(name, b"pw", b"salt", 3, 40)), want)
    many = outcome(lambda: fastsha256.pbkdf2_hmac_many(name, [b"pw", b"pw"], b"salt", 3, 40))
    assert same_as(many, [want, want] if isinstance(want, bytes) else want)


@pytest.mark.parametrize("algo,name", [(a, n) for a, names in ACCEPTED.items() for n in names], ids=repr)
def test_hkdf_takes_hashlibs_spellings(algo, name):
    assert fastsha256.hkdf(name, b"ikm", b"salt", b"info", 50) == hkdf_ref(algo, b"ikm", b"salt", b"info", 50)
    assert len(fastsha256.hkdf(name, b"ikm")) == hashlib.new(algo).digest_size


@pytest.mark.parametrize("name", REFUSED + NOT_C_STRINGS, ids=repr)
def test_hkdf_refuses_as_pbkdf2_does(name):
    want = outcome(lambda: hashlib.pbkdf2_hmac(name, b"pw", b"salt", 1))
    assert same_as(outcome(lambda: fastsha256.hkdf(name, b"ikm")), want)


# "" is a missing digestmod to hmac (a TypeError: test_hmac.py), not a name.
@pytest.mark.parametrize("name", [n for names in ACCEPTED.values() for n in names] + [n for n in REFUSED if n],
                         ids=repr)
def test_hmac_like_hmac(name):
    want = outcome(lambda: hmac.new(b"key", b"msg", name).digest())
    assert same_as(outcome(lambda: fhmac.new(b"key", b"msg", name).digest()), want)
    assert same_as(outcome(lambda: fastsha256.HMAC(b"key", b"msg", name).digest()), want)
    assert same_as(outcome(lambda: fhmac.digest(b"key", b"msg", name)), want)


@pytest.mark.parametrize("name", NOT_C_STRINGS, ids=repr)
def test_hmac_refuses_what_c_cannot_hold(name):
    """The standard hmac cuts "sha256\\0junk" at the NUL and runs HMAC-SHA256
    (OpenSSL reads the name as a C string); here, as hashlib.pbkdf2_hmac does,
    a NUL is a ValueError (and a lone surrogate its UnicodeEncodeError)."""
    want = outcome(lambda: hashlib.pbkdf2_hmac(name, b"pw", b"salt", 1))
    assert want in (ValueError, UnicodeEncodeError)
    for call in (lambda: fhmac.new(b"key", b"msg", name), lambda: fastsha256.HMAC(b"key", digestmod=name),
                 lambda: fhmac.digest(b"key", b"msg", name)):
        assert outcome(call) is want


@pytest.mark.parametrize("name", OTHERS, ids=repr)
def test_other_algorithms_are_value_errors(name):
    assert isinstance(hashlib.new(name).digest(), bytes)  # hashlib's, not ours
    unsupported = outcome(lambda: hashlib.pbkdf2_hmac("no such hash", b"p", b"s", 1))
    for call in (lambda: fastsha256.new(name), lambda: fastsha256.file_digest(io.BytesIO(b""), name),
                 lambda: fhmac.new(b"k", b"m", name), lambda: fhmac.digest(b"k", b"m", name),
                 lambda: fastsha256.HMAC(b"k", digestmod=name)):
        assert outcome(call) is ValueError
    for call in (lambda: fastsha256.pbkdf2_hmac(name, b"p", b"s", 1), lambda: fastsha256.hkdf(name, b"k"),
                 lambda: fastsha256.pbkdf2_hmac_many(name, [b"p"], b"s", 1)):
        assert same_as(outcome(call), unsupported)


def test_nul_messages_name_the_problem():
    with pytest.raises(ValueError, match="embedded null character"):
        fastsha256.pbkdf2_hmac("sha256\0junk", b"p", b"s", 1)
    with pytest.raises(ValueError, match="embedded null character"):
        fastsha256.hkdf("sha224\0", b"ikm")
    with pytest.raises(TypeError, match="without NUL"):
        fastsha256.new("sha256\0x")


@pytest.mark.parametrize("bad", [b"sha256", 256, None, ["sha256"]], ids=repr)
def test_non_str_names_are_type_errors(bad):
    for call in (lambda: fastsha256.new(bad), lambda: fastsha256.pbkdf2_hmac(bad, b"p", b"s", 1),
                 lambda: fastsha256.pbkdf2_hmac_many(bad, [b"p"], b"s", 1), lambda: fastsha256.hkdf(bad, b"k")):
        assert outcome(call) is TypeError
    assert outcome(lambda: hashlib.pbkdf2_hmac(bad, b"p", b"s", 1)) is TypeError
