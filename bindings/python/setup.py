"""Builds the fastsha256 extension module, offline, from this checkout.

The C library is compiled first by the project's own CMake (its per-file ISA
flags are what make the SHA-NI/AVX2/ARMv8 kernels both fast and safe on CPUs
without them) into a position-independent libfastsha256.a, which the
extension links statically: the module has no runtime dependency.
Set FASTSHA256_LIBRARY=/path/to/libfastsha256.a to link an existing build.

    python3 -m venv --system-site-packages venv
    venv/bin/python -m pip install --no-build-isolation ./bindings/python
"""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
INCLUDE = os.path.join(ROOT, "include")


def read_version():
    """MAJOR.MINOR.PATCH from the FASTSHA256_VERSION_* defines of the header."""
    parts = {}
    with open(os.path.join(INCLUDE, "fastsha256.h"), encoding="utf-8") as header:
        for line in header:
            words = line.split()
            if len(words) == 3 and words[0] == "#define" and words[1] in (
                    "FASTSHA256_VERSION_MAJOR", "FASTSHA256_VERSION_MINOR",
                    "FASTSHA256_VERSION_PATCH"):
                parts[words[1]] = words[2]
    if len(parts) != 3:
        raise RuntimeError("FASTSHA256_VERSION_MAJOR/MINOR/PATCH not found in include/fastsha256.h")
    return ".".join(parts["FASTSHA256_VERSION_" + p] for p in ("MAJOR", "MINOR", "PATCH"))


class BuildWithLibrary(build_ext):
    """build_ext that first builds libfastsha256.a with CMake."""

    def build_library(self):
        given = os.environ.get("FASTSHA256_LIBRARY")
        if given:
            if not os.path.isfile(given):
                sys.exit(f"FASTSHA256_LIBRARY={given}: no such file")
            return given
        if not os.path.isfile(os.path.join(ROOT, "CMakeLists.txt")):
            sys.exit(f"the fastsha256 sources are not at {ROOT}: build from a checkout "
                     "(pip install ./bindings/python) or set FASTSHA256_LIBRARY")
        cmake = shutil.which("cmake")
        if cmake is None:
            sys.exit("cmake is needed to build the C library (apt-get install cmake)")
        build_dir = os.path.join(os.path.abspath(self.build_temp), "libfastsha256")
        subprocess.check_call([
            cmake, "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
            "-DFASTSHA256_BUILD_TESTS=OFF", "-DFASTSHA256_BUILD_TOOLS=OFF",
            "-DFASTSHA256_BUILD_BENCH=OFF", "-DFASTSHA256_WERROR=OFF",
            "-DCMAKE_POSITION_INDEPENDENT_CODE=ON"])
        subprocess.check_call([cmake, "--build", build_dir, "--target", "fastsha256_static",
                               "-j", str(os.cpu_count() or 2)])
        for name in ("libfastsha256.a", "fastsha256.lib"):
            path = os.path.join(build_dir, name)
            if os.path.isfile(path):
                return path
        sys.exit(f"libfastsha256.a not found in {build_dir}")

    def run(self):
        library = self.build_library()
        for ext in self.extensions:
            ext.extra_objects = [library]
        super().run()


setup(
    name="fastsha256",
    version=read_version(),
    description="SHA-256/SHA-224: hashlib-compatible objects and multi-buffer batch calls",
    python_requires=">=3.9",
    packages=["fastsha256"],
    package_data={"fastsha256": ["__init__.pyi", "hmac.pyi", "py.typed"]},
    ext_modules=[Extension("fastsha256._fastsha256", ["fastsha256/_fastsha256.c"],
                           include_dirs=[INCLUDE], extra_compile_args=["-std=c11"]),
                 Extension("fastsha256._kdf", ["fastsha256/_kdf.c"],
                           include_dirs=[INCLUDE], extra_compile_args=["-std=c11"])],
    cmdclass={"build_ext": BuildWithLibrary},
    zip_safe=False,
)
