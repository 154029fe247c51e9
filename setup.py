# All metadata lives in pyproject.toml; this file only hooks the cffi build.
from setuptools import setup

setup(cffi_modules=["csrc/build_ffi.py:ffibuilder"])
