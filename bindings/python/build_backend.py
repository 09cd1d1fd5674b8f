# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The PEP 517 build backend of the fastsha256 module (pip install ./bindings/python).

pip calls build_wheel; it configures the whole project with CMake (the per-file
ISA flags of the kernels are what make them fast and safe on CPUs without
them), with Python3_EXECUTABLE set to pip's own interpreter, builds the
fastsha256_python target (bindings/python/CMakeLists.txt: the module the tests
run, linked statically with libfastsha256.a) and packs it with the package's
Python files into a wheel.

It needs only cmake, a C compiler and the interpreter's headers (Debian:
python3-dev): neither setuptools nor wheel (setuptools before 70.1 cannot
build a wheel without the `wheel` package, which pyenv's and other
interpreters lack), and nothing from the network, so the build works with or
without --no-build-isolation. FASTSHA256_LIBRARY=/path/to/libfastsha256.a
links an existing position-independent build of the library instead.
"""
import base64
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
NAME = "fastsha256"
SUMMARY = "SHA-256/SHA-224: hashlib-compatible objects and multi-buffer batch calls"
LICENSE = "Apache-2.0 OR MIT"
LICENSE_FILES = ("LICENSE-APACHE", "LICENSE-MIT")
PYTHON_FILES = ("__init__.py", "__init__.pyi", "hmac.py", "hmac.pyi", "py.typed",
                "_tree_files.py")


def read_version():
    """MAJOR.MINOR.PATCH from the FASTSHA256_VERSION_* defines of the header."""
    parts = {}
    with open(os.path.join(ROOT, "include", "fastsha256.h"), encoding="utf-8") as header:
        for line in header:
            words = line.split()
            if len(words) == 3 and words[0] == "#define" and words[1].startswith(
                    "FASTSHA256_VERSION_") and words[1][19:] in ("MAJOR", "MINOR", "PATCH"):
                parts[words[1][19:]] = words[2]
    if len(parts) != 3:
        raise RuntimeError("FASTSHA256_VERSION_MAJOR/MINOR/PATCH not found in include/fastsha256.h")
    return ".".join(parts[p] for p in ("MAJOR", "MINOR", "PATCH"))


def wheel_tag():
    """cp311-cp311-linux_x86_64 and the like: a CPython extension for this interpreter."""
    if sys.implementation.name != "cpython":
        raise RuntimeError(f"fastsha256 is a CPython extension; this is {sys.implementation.name}")
    version = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    abi = version + ("d" if hasattr(sys, "gettotalrefcount") else "")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{version}-{abi}-{platform}"


def fail(message):
    """Stops the build with one clear line (pip shows it)."""
    sys.exit(f"fastsha256 build: {message}")


def run(command):
    print("fastsha256 build: " + " ".join(command), flush=True)
    subprocess.check_call(command)


def build_module(build_dir):
    """Configures and builds the module; returns the package folder it is in."""
    if not os.path.isfile(os.path.join(ROOT, "CMakeLists.txt")):
        fail(f"the fastsha256 sources are not at {ROOT}: install from a checkout "
             "(pip install ./bindings/python)")
    cmake = shutil.which("cmake")
    if cmake is None:
        fail("cmake is needed to build the C library (apt-get install cmake)")
    configure = [cmake, "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                 "-DFASTSHA256_BUILD_TESTS=OFF", "-DFASTSHA256_BUILD_TOOLS=OFF",
                 "-DFASTSHA256_BUILD_BENCH=OFF", "-DFASTSHA256_BUILD_NODE=OFF",
                 "-DFASTSHA256_PYTHON=ON", "-DFASTSHA256_WERROR=OFF",
                 f"-DPython3_EXECUTABLE={sys.executable}"]
    library = os.environ.get("FASTSHA256_LIBRARY")
    if library:
        if not os.path.isfile(library):
            fail(f"FASTSHA256_LIBRARY={library}: no such file")
        configure.append(f"-DFASTSHA256_PYTHON_LIBRARY={os.path.abspath(library)}")
    run(configure)
    package = os.path.join(build_dir, "bindings", "python", NAME)
    try:
        run([cmake, "--build", build_dir, "--target", "fastsha256_python",
             "-j", str(os.cpu_count() or 2)])
    except subprocess.CalledProcessError:
        include = sysconfig.get_paths().get("include", "")
        if not os.path.isfile(os.path.join(include, "Python.h")):
            fail(f"Python.h not found in {include} (Debian: apt-get install python3-dev)")
        raise
    return package


def record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def dist_info_files(version, tag):
    """The wheel's METADATA and WHEEL texts, by name."""
    return {
        "METADATA": (f"Metadata-Version: 2.4\nName: {NAME}\nVersion: {version}\n"
                     f"Summary: {SUMMARY}\nLicense-Expression: {LICENSE}\n"
                     + "".join(f"License-File: {name}\n" for name in LICENSE_FILES)
                     + "Requires-Python: >=3.9\n"),
        "WHEEL": (f"Wheel-Version: 1.0\nGenerator: fastsha256 build_backend.py\n"
                  f"Root-Is-Purelib: false\nTag: {tag}\n"),
    }


def pack_wheel(package, wheel_directory, version, tag):
    """Writes the wheel of the built package folder; returns its file name."""
    module = [f for f in os.listdir(package) if f.startswith("_fastsha256.") and f.endswith(".so")]
    if len(module) != 1:
        fail(f"expected one built _fastsha256*.so in {package}, found {module}")
    dist_info = f"{NAME}-{version}.dist-info"
    files = [(f"{NAME}/{f}", os.path.join(package, f)) for f in PYTHON_FILES + tuple(module)]
    filename = f"{NAME}-{version}-{tag}.whl"
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as whl:
        for arcname, path in files:
            with open(path, "rb") as f:
                data = f.read()
            whl.writestr(arcname, data)
            records.append(record_line(arcname, data))
        for name, text in dist_info_files(version, tag).items():
            arcname = f"{dist_info}/{name}"
            whl.writestr(arcname, text)
            records.append(record_line(arcname, text.encode()))
        for name in LICENSE_FILES:  # the licence texts, where the wheel format puts them
            with open(os.path.join(ROOT, name), "rb") as f:
                data = f.read()
            arcname = f"{dist_info}/licenses/{name}"
            whl.writestr(arcname, data)
            records.append(record_line(arcname, data))
        records.append(f"{dist_info}/RECORD,,")
        whl.writestr(f"{dist_info}/RECORD", "\n".join(records) + "\n")
    return filename


# --- PEP 517 hooks ----------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    # Without this hook pip would build the whole wheel just to read its metadata.
    version = read_version()
    dist_info = f"{NAME}-{version}.dist-info"
    os.makedirs(os.path.join(metadata_directory, dist_info), exist_ok=True)
    for name, text in dist_info_files(version, wheel_tag()).items():
        with open(os.path.join(metadata_directory, dist_info, name), "w", encoding="utf-8") as f:
            f.write(text)
    return dist_info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version, tag = read_version(), wheel_tag()
    with tempfile.TemporaryDirectory(prefix="fastsha256-build-") as build_dir:
        package = build_module(build_dir)
        return pack_wheel(package, wheel_directory, version, tag)


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_sdist(sdist_directory, config_settings=None):
    # The module needs the library's sources two folders up: an sdist of this
    # folder alone could not build. Install from a checkout instead.
    fail("no sdist: install from a checkout of the whole project (pip install ./bindings/python)")
