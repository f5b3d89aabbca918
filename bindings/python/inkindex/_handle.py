"""What the recognizer and the library share: a handle released exactly once, and options."""
import json
import threading
from typing import Optional, Sequence

from . import _native


def options_json(model: str, languages: Optional[Sequence[str]], vocabulary: Optional[Sequence[str]], reading: str) -> bytes:
    options = {"model": model, "reading": reading}
    if languages is not None:
        options["languages"] = list(languages)
    if vocabulary:
        options["vocabulary"] = list(vocabulary)
    return json.dumps(options).encode("utf-8")


def search_flags(full_words: bool, match_case: bool, emphasized: bool, in_margin: bool, in_body: bool) -> int:
    return (1 if full_words else 0) | (2 if match_case else 0) | (4 if emphasized else 0) | (8 if in_margin else 0) | (16 if in_body else 0)


class Handle:
    """An ``inkindex_*`` handle: released by ``close()`` (or ``with``, or garbage collection),
    once; a closed handle raises ``ValueError`` instead of reaching the library."""

    _release = None  # the C function that releases it

    def __init__(self, pointer: int):
        self._pointer = pointer
        self._lock = threading.Lock()

    @property
    def _handle(self) -> int:
        pointer = self._pointer
        if not pointer:
            raise ValueError(f"this {type(self).__name__} is closed")
        return pointer

    def close(self) -> None:
        with self._lock:
            pointer, self._pointer = self._pointer, None
        if pointer:
            type(self)._release(pointer)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass
