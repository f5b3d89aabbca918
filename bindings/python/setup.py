"""Builds libinkindex with `swift build` and ships it inside the package (inkindex/_lib), beside
its resources (weights, language data), so that the package needs only the standard library
(ctypes) at run time. The Swift runtime libraries are found where the library's RUNPATH says:
the toolchain that built it.

    pip install ./bindings/python            # from the repository's root; needs Swift 6
"""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
BUNDLES = ["InkRecognition", "InkIndexLanguages", "InkSearch"]


class BuildWithSwift(build_py):
    def run(self):
        config = os.environ.get("INKINDEX_SWIFT_CONFIG", "release")
        subprocess.run(["swift", "build", "-c", config, "--product", "InkIndexC"], cwd=ROOT, check=True)
        binaries = subprocess.run(["swift", "build", "-c", config, "--show-bin-path"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout.strip()
        lib = os.path.join(HERE, "inkindex", "_lib")
        shutil.rmtree(lib, ignore_errors=True)
        os.makedirs(lib)
        shutil.copy2(os.path.join(binaries, "libInkIndexC.so"), os.path.join(lib, "libinkindex.so"))
        for target in BUNDLES:
            shutil.copytree(os.path.join(binaries, f"InkIndex_{target}.resources"), os.path.join(lib, f"InkIndex_{target}.resources"))
        super().run()


setup(cmdclass={"build_py": BuildWithSwift})
