# All metadata lives in pyproject.toml; this file only hooks the cffi build. cffi compiles the
# core against the stable ABI (Py_LIMITED_API), so the wheel is tagged cp311-abi3: one wheel for
# CPython 3.11 and later.
from setuptools import setup

setup(
    cffi_modules=["csrc/build_ffi.py:ffibuilder"],
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
