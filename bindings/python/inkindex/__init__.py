"""InkIndex from Python: read handwriting from pen strokes, offline, and search it.

>>> import inkindex
>>> pages = inkindex.read_drawing("Examples/Notebooks/sermon.xopp")
>>> with inkindex.Recognizer() as recognizer:
...     recognizer.update_drawing(pages[0])
...     [hit.reading for hit in recognizer.search("grace")]
['grace']

Only the standard library (ctypes) at run time: the package carries ``libinkindex`` (the C
library, ``bindings/c/include/inkindex.h``) and its weights.
"""
import json as _json

from . import _native
from .drawing import read_drawing
from .errors import (BadInputError, CancelledError, ConflictError, InkIndexError, InternalError, InvalidArgumentError,
                     ModelUnavailableError, NotFoundError, StoreError)
from .library import Library
from .recognizer import Recognizer
from .types import Bounds, CheckReport, Hit, LibraryHit, Note, Page


def version() -> str:
    """InkIndex's version."""
    return _native.lib.inkindex_version().decode("utf-8")


def recognition_version(model: str = "open") -> int:
    """The recognition version of a shipped model (-1 for an unknown one)."""
    return _native.lib.inkindex_recognition_version(_native.encode(model))


def models() -> dict:
    """The shipped models: whether each can be loaded here, its languages, terms and version."""
    return _json.loads(_native.take_string(_native.lib.inkindex_models()))


__version__ = version()
__all__ = ["Recognizer", "Library", "read_drawing", "version", "recognition_version", "models", "Bounds", "Hit",
           "LibraryHit", "Note", "Page", "CheckReport", "InkIndexError", "InvalidArgumentError", "BadInputError",
           "ModelUnavailableError", "NotFoundError", "ConflictError", "StoreError", "CancelledError", "InternalError"]
