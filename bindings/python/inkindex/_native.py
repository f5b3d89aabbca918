"""libinkindex through ctypes: finding the library, the functions' signatures, and errors.

The library is looked for in this package (``_lib/libinkindex.so``, where ``pip install`` puts
it), then at ``$INKINDEX_LIBRARY``, then where the system finds ``inkindex``
(``bindings/c/install.sh`` and ``ldconfig``).
"""
import ctypes
import ctypes.util
import json
import os
from typing import Any, Optional

from .errors import InkIndexError, error_for

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    yield os.path.join(_HERE, "_lib", "libinkindex.so")
    if os.environ.get("INKINDEX_LIBRARY"):
        yield os.environ["INKINDEX_LIBRARY"]
    found = ctypes.util.find_library("inkindex")
    if found:
        yield found


def _load() -> ctypes.CDLL:
    tried = []
    for path in _candidates():
        if os.path.sep in path and not os.path.exists(path):
            tried.append(f"{path} (absent)")
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as error:
            tried.append(f"{path} ({error})")
    raise ImportError("libinkindex was not found: " + "; ".join(tried or ["nowhere to look"])
                      + ". Install the package with `pip install ./bindings/python`, or set INKINDEX_LIBRARY.")


lib = _load()

_c = ctypes
_error_p = _c.c_void_p
_error_out = _c.POINTER(_c.c_void_p)
PROGRESS = _c.CFUNCTYPE(_c.c_int, _c.c_void_p, _c.c_int64, _c.c_int64)

_SIGNATURES = {
    "inkindex_error_code": (_c.c_int, [_error_p]),
    "inkindex_error_message": (_c.c_char_p, [_error_p]),
    "inkindex_error_free": (None, [_error_p]),
    "inkindex_string_free": (None, [_c.c_void_p]),
    "inkindex_version": (_c.c_char_p, []),
    "inkindex_recognition_version": (_c.c_int, [_c.c_char_p]),
    "inkindex_models": (_c.c_void_p, []),
    "inkindex_drawing_read_file": (_c.c_void_p, [_c.c_char_p, _error_out]),
    "inkindex_recognizer_create": (_c.c_void_p, [_c.c_char_p, _error_out]),
    "inkindex_recognizer_free": (None, [_c.c_void_p]),
    "inkindex_recognizer_update_drawing": (_c.c_int, [_c.c_void_p, _c.c_char_p, _error_out]),
    "inkindex_recognizer_update_drawing_inkml": (_c.c_int, [_c.c_void_p, _c.c_char_p, _c.c_size_t, _error_out]),
    "inkindex_recognizer_text": (_c.c_void_p, [_c.c_void_p, _c.c_char_p, _error_out]),
    "inkindex_recognizer_search": (_c.c_void_p, [_c.c_void_p, _c.c_char_p, _c.c_uint, _error_out]),
    "inkindex_recognizer_recognition": (_c.c_void_p, [_c.c_void_p, _error_out]),
    "inkindex_recognizer_indexable_content": (_c.c_void_p, [_c.c_void_p, _error_out]),
    "inkindex_recognizer_recognition_version": (_c.c_int, [_c.c_void_p]),
    "inkindex_recognizer_cancel": (None, [_c.c_void_p]),
    "inkindex_library_open": (_c.c_void_p, [_c.c_char_p, _c.c_char_p, _error_out]),
    "inkindex_library_close": (None, [_c.c_void_p]),
    "inkindex_library_add": (_c.c_void_p, [_c.c_void_p, _c.c_char_p, _error_out]),
    "inkindex_library_import_file": (_c.c_void_p, [_c.c_void_p, _c.c_char_p, _error_out]),
    "inkindex_library_replace": (_c.c_int, [_c.c_void_p, _c.c_char_p, _c.c_char_p, _c.c_int64, _error_out]),
    "inkindex_library_delete": (_c.c_int, [_c.c_void_p, _c.c_char_p, _error_out]),
    "inkindex_library_notes": (_c.c_void_p, [_c.c_void_p, _error_out]),
    "inkindex_library_index": (_c.c_int, [_c.c_void_p, PROGRESS, _c.c_void_p, _c.POINTER(_c.c_int64), _error_out]),
    "inkindex_library_search": (_c.c_void_p, [_c.c_void_p, _c.c_char_p, _c.c_uint, _c.c_int, _error_out]),
    "inkindex_library_check": (_c.c_void_p, [_c.c_void_p, _error_out]),
    "inkindex_library_cancel": (None, [_c.c_void_p]),
}

for _name, (_result, _arguments) in _SIGNATURES.items():
    _function = getattr(lib, _name)
    _function.restype = _result
    _function.argtypes = _arguments


def encode(text: Optional[str]) -> Optional[bytes]:
    """A Python string as the library's UTF-8, NUL-terminated; None stays NULL."""
    if text is None:
        return None
    if "\0" in text:
        raise ValueError("a string passed to InkIndex cannot hold NUL characters")
    return text.encode("utf-8")


def take_string(pointer: Optional[int]) -> Optional[str]:
    """A string the library returned, decoded and freed (None for NULL)."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode("utf-8")
    finally:
        lib.inkindex_string_free(pointer)


def take_json(pointer: Optional[int]) -> Any:
    text = take_string(pointer)
    return None if text is None else json.loads(text)


class ErrorSlot:
    """An ``inkindex_error **`` to pass to one call, raising what it received."""

    def __init__(self):
        self.pointer = ctypes.c_void_p()

    @property
    def out(self):
        return ctypes.byref(self.pointer)

    def raise_if_set(self) -> None:
        if self.pointer.value:
            error = self.pointer.value
            self.pointer = ctypes.c_void_p()
            code = lib.inkindex_error_code(error)
            message = (lib.inkindex_error_message(error) or b"").decode("utf-8", "replace")
            lib.inkindex_error_free(error)
            raise error_for(code, message)


    def discard(self) -> None:
        """Frees the error received, if any, without raising it."""
        if self.pointer.value:
            lib.inkindex_error_free(self.pointer.value)
            self.pointer = ctypes.c_void_p()


def check(status: int, slot: ErrorSlot) -> None:
    """Raises the error of a call that returned `status`."""
    if status != 0:
        slot.raise_if_set()
        raise error_for(status, "InkIndex call failed")


__all__ = ["lib", "PROGRESS", "encode", "take_string", "take_json", "ErrorSlot", "check", "InkIndexError"]
