# SPDX-License-Identifier: Apache-2.0 OR MIT
"""CPython's own test_hashlib and test_hmac, run against fastsha256.

The suites are the interpreter's (Debian's libpython3.11-testsuite for
/usr/bin/python3; an interpreter built from source, pyenv's, carries its own
Lib/test): imported, never copied. Before they are imported, this adapter
routes the calls they make through hashlib and hmac: a hash name or digestmod
that hashlib takes for SHA-256 or SHA-224 goes to fastsha256 (with the name as
given, so fastsha256 parses it), every other algorithm to the standard
functions. The constructors the suites gather from private modules
(_hashlib.openssl_sha256, _sha256.sha256) stay CPython's.

    PYTHONPATH=<build>/bindings/python python3 cpython_suite.py [-v]

Exit status: 0 when every test passed, 1 otherwise, 77 (ctest's skip) when
this interpreter has no test_hashlib of its own version.
"""
import collections
import hashlib
import hmac
import importlib.util
import os
import re
import sys
import sysconfig
import unittest

import fastsha256  # the module under test, from PYTHONPATH
import fastsha256.hmac

STD_NEW = hashlib.new  # the standard one, before the routing: it judges names
SKIP = 77
OURS = ("sha256", "sha224")

# The tests left out (skipped, with these reasons): each would test, through
# the routing, something fastsha256 does not claim.
EXCLUDED = {
    "test.test_hmac.TestVectorsTestCase.test_with_fallback":
        "(newer than 3.11.2's suite) aliases the name 'foo' to hashlib.sha256 in hashlib's private constructor "
        "cache; routed, 'foo' reaches fastsha256, which takes only hashlib's real names",
}

# The tests that run but never reach fastsha256, by their method names, and
# why: out of scope. The run fails if any other test makes no call into it, so
# a routing that stops working shows.
NOT_OURS = {
    r"(md5|sha1|sha384|sha512|sha3|shake|blake2)": "other algorithms: routed to hashlib",
    r"test_sha_vectors": "HMAC-SHA1: routed to hmac",
    r"test_scrypt": "scrypt: not in fastsha256",
    r"test_threaded_hashing": "sha1 only (tests/test_backends_threads.py shares one fastsha256 object "
                              "between threads)",
    r"test_(hash_disallow_instantiation|get_fips_mode|internal_types|openssl_compare_digest)":
        "_hashlib's private types and OpenSSL's FIPS switch",
    r"test_get_builtin_constructor": "hashlib's private fallback constructors (_md5)",
    r"test_operator_compare_digest": "_operator's compare_digest",
    r"test_hmac_compare_digest": "asserts hmac.compare_digest is _hashlib's; fastsha256's gets the same "
                                 "checks in test_fastsha256_compare_digest, added here",
    r"test_(algorithms_guaranteed|normalized_name)": "hashlib's own name sets",
    r"test_unknown_hash": "names hashlib refuses never reach fastsha256 (tests/test_hash_names.py)",
    r"test_with_digestmod_no_default": "a missing digestmod stays hmac's: fastsha256.hmac defaults to "
                                       "sha256 there (bindings/python/README.md)",
}
# usedforsecurity needs no exclusion: fastsha256's constructors take it and
# ignore it, as hashlib does for the algorithms it allows anyway.

# Calls the suites made into fastsha256, by routed function.
ROUTED = collections.Counter()


def _routed(name, fn):
    def call(*args, **kwargs):
        ROUTED[name] += 1
        return fn(*args, **kwargs)
    return call


def _algorithm(name):
    """What the standard hashlib makes of a hash name: 'sha256', 'md5', ... or None."""
    try:
        return STD_NEW(name).name
    except Exception:  # noqa: BLE001 - any refusal: not a name of ours
        return None


def _digestmod_algorithm(digestmod):
    """What hmac would run for a digestmod: a name, a constructor or a module."""
    if isinstance(digestmod, str):
        return _algorithm(digestmod)
    try:
        made = digestmod() if callable(digestmod) else digestmod.new()
        return made.name
    except Exception:  # noqa: BLE001 - hmac itself reports what is wrong
        return None


def _route_by_name(std_fn, ours_fn, label):
    """fn(name, ...): ours when hashlib reads name as SHA-256/224."""
    def call(*args, **kwargs):
        name = args[0] if args else kwargs.get("hash_name", kwargs.get("name"))
        if _algorithm(name) in OURS:
            ROUTED[label] += 1
            return ours_fn(*args, **kwargs)
        return std_fn(*args, **kwargs)
    return call


def _route_hmac_call(std_fn, ours_fn, label):
    """hmac.new(key, msg, digestmod) and hmac.digest(key, msg, digest)."""
    def call(key, msg=None, *args, **kwargs):
        mod = args[0] if args else kwargs.get("digestmod", kwargs.get("digest", ""))
        if _digestmod_algorithm(mod) in OURS:
            ROUTED[label] += 1
            return ours_fn(key, msg, *args, **kwargs)
        return std_fn(key, msg, *args, **kwargs)
    return call


def _routed_hmac_class(std_hmac):
    """hmac.HMAC whose SHA-256/224 instances are fastsha256.HMAC objects;
    HMAC.__new__(HMAC) (no key) stays the standard class, for the suites'
    tests of its private _init_old/_init_hmac."""
    class HMAC(std_hmac):
        __slots__ = ()

        def __new__(cls, key=None, msg=None, digestmod="", **kwargs):
            if key is not None and _digestmod_algorithm(digestmod) in OURS:
                ROUTED["hmac.HMAC"] += 1
                return fastsha256.HMAC(key, msg, digestmod)
            return super().__new__(cls)
    return HMAC


def route_hashlib(module):
    """Sends module's (hashlib's or a fresh copy's) SHA-256/224 calls to fastsha256."""
    module.sha256 = _routed("sha256", fastsha256.sha256)
    module.sha224 = _routed("sha224", fastsha256.sha224)
    module.new = _route_by_name(module.new, fastsha256.new, "new")
    if hasattr(module, "pbkdf2_hmac"):
        module.pbkdf2_hmac = _route_by_name(module.pbkdf2_hmac, fastsha256.pbkdf2_hmac, "pbkdf2_hmac")


def route_hmac():
    hmac.HMAC = _routed_hmac_class(hmac.HMAC)
    hmac.new = _route_hmac_call(hmac.new, fastsha256.hmac.new, "hmac.new")
    hmac.digest = _route_hmac_call(hmac.digest, fastsha256.hmac.digest, "hmac.digest")


def own_suite_or_exit():
    """Exits with SKIP unless test_hashlib and test_hmac are this interpreter's own."""
    stdlib = os.path.realpath(sysconfig.get_paths()["stdlib"])
    for name in ("test.test_hashlib", "test.test_hmac"):
        spec = importlib.util.find_spec(name)
        if spec is None:
            print(f"SKIPPED: {name} not found for {sys.executable} "
                  f"(Debian: apt-get install libpython{sys.version_info[0]}.{sys.version_info[1]}-testsuite)")
            sys.exit(SKIP)
        if not os.path.realpath(spec.origin).startswith(stdlib + os.sep):
            print(f"SKIPPED: {spec.origin} is not {sys.executable}'s own ({stdlib}): another version")
            sys.exit(SKIP)


def add_fastsha256_tests(test_hmac):
    """CPython's compare_digest checks, on fastsha256.compare_digest too."""
    def test_fastsha256_compare_digest(self):
        self._test_compare_digest(_routed("compare_digest", fastsha256.compare_digest))
    test_hmac.CompareDigestTestCase.test_fastsha256_compare_digest = test_fastsha256_compare_digest


def exclude(suite):
    """Marks the EXCLUDED tests skipped, with their reasons."""
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            exclude(test)
        elif test.id() in EXCLUDED:
            method = getattr(type(test), test._testMethodName)
            setattr(type(test), test._testMethodName, unittest.skip(EXCLUDED[test.id()])(method))


class CountingResult(unittest.TextTestResult):
    """Also notes the tests that made no call into fastsha256."""
    untouched = []

    def startTest(self, test):
        self._calls = sum(ROUTED.values())
        super().startTest(test)

    def stopTest(self, test):
        if sum(ROUTED.values()) == self._calls:
            CountingResult.untouched.append(test)
        super().stopTest(test)


def unexpected_untouched(result):
    """The tests that ran, never reached fastsha256 and are not in NOT_OURS."""
    skipped = {id(test) for test, _ in result.skipped}
    return [test.id() for test in CountingResult.untouched
            if id(test) not in skipped
            and not any(re.search(p, test._testMethodName) for p in NOT_OURS)]


def main():
    own_suite_or_exit()
    from test import support
    support.use_resources = []  # as regrtest without -u: no downloads (other algorithms' vectors)
    route_hashlib(hashlib)
    route_hmac()
    from test import test_hashlib, test_hmac  # after the routing, on purpose
    for fresh in (test_hashlib.openssl_hashlib, test_hashlib.builtin_hashlib):
        if fresh is not None:  # the suite's own re-imports of hashlib, for its KDF tests
            route_hashlib(fresh)
    add_fastsha256_tests(test_hmac)
    suite = unittest.TestSuite(unittest.defaultTestLoader.loadTestsFromModule(m)
                               for m in (test_hashlib, test_hmac))
    exclude(suite)
    verbosity = 2 if "-v" in sys.argv[1:] else 1
    result = unittest.TextTestRunner(verbosity=verbosity, resultclass=CountingResult).run(suite)
    reached = result.testsRun - len(CountingResult.untouched)  # the skipped are untouched too
    print(f"fastsha256 {fastsha256.__version__} ({fastsha256.backend()}), Python {sys.version.split()[0]}: "
          f"{reached} of {result.testsRun} tests called it; calls: {dict(sorted(ROUTED.items()))}")
    stray = unexpected_untouched(result)
    for test_id in stray:
        print(f"FAILED: {test_id} made no call into fastsha256 and is not listed in NOT_OURS")
    return 0 if result.wasSuccessful() and not stray and reached else 1


if __name__ == "__main__":
    sys.exit(main())
