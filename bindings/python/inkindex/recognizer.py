"""``Recognizer``: one drawing, read as it changes (PencilKit's ``PKStrokeRecognizer``)."""
from typing import Iterable, List, Optional, Sequence, Union

from . import _native
from ._handle import Handle, options_json, search_flags
from .drawing import drawing_json
from .types import Hit, Page, Stroke

_lib = _native.lib


class Recognizer(Handle):
    """Reads the handwriting of a drawing and searches it.

    >>> with Recognizer(model="open", languages=["en"]) as recognizer:
    ...     recognizer.update_drawing(read_drawing("notes.xopp")[0])
    ...     print(recognizer.recognized_text())
    ...     for hit in recognizer.search("grace"):
    ...         print(hit.reading, hit.bounds, hit.stroke_ids)

    Calls block until done; they release the GIL, so another thread may ``cancel()``.
    """

    _release = _lib.inkindex_recognizer_free

    def __init__(self, model: str = "open", languages: Optional[Sequence[str]] = None,
                 vocabulary: Optional[Sequence[str]] = None, reading: str = "standard"):
        """``model``: "open" (any app may ship it) or "research" (non-commercial, where linked).
        ``languages``: BCP 47 codes in priority order (English by default). ``vocabulary``:
        words decoding favours. ``reading``: "standard" (three readings a line, for search) or
        "once"."""
        slot = _native.ErrorSlot()
        pointer = _lib.inkindex_recognizer_create(options_json(model, languages, vocabulary, reading), slot.out)
        slot.raise_if_set()
        super().__init__(pointer)

    def update_drawing(self, drawing: Union[Page, Iterable[Stroke], str]) -> None:
        """Gives the recognizer the drawing as it is now: a ``Page``, a list of strokes (each a
        list of (x, y[, t[, pressure]]) points, or a dict with "points" and an "id"), or JSON.
        Only lines whose strokes changed are read again."""
        slot = _native.ErrorSlot()
        _native.check(_lib.inkindex_recognizer_update_drawing(self._handle, drawing_json(drawing).encode("utf-8"), slot.out), slot)

    def update_drawing_inkml(self, document: bytes) -> None:
        """The same with an InkML document."""
        slot = _native.ErrorSlot()
        _native.check(_lib.inkindex_recognizer_update_drawing_inkml(self._handle, document, len(document), slot.out), slot)

    def recognized_text(self, stroke_ids: Optional[Iterable[str]] = None) -> Optional[str]:
        """The text of the given strokes (all where None), lines joined by newlines; None where
        there is no handwriting."""
        import json
        ids = None if stroke_ids is None else json.dumps([str(s) for s in stroke_ids]).encode("utf-8")
        slot = _native.ErrorSlot()
        text = _native.take_string(_lib.inkindex_recognizer_text(self._handle, ids, slot.out))
        slot.raise_if_set()
        return text

    def search(self, query: str, full_words: bool = False, match_case: bool = False, emphasized: bool = False,
               in_margin: bool = False, in_body: bool = False) -> List[Hit]:
        """Where ``query`` is written, best first: "grace", "Jn 3:16", a phrase."""
        slot = _native.ErrorSlot()
        answer = _native.take_json(_lib.inkindex_recognizer_search(
            self._handle, _native.encode(query), search_flags(full_words, match_case, emphasized, in_margin, in_body), slot.out))
        slot.raise_if_set()
        return [Hit.from_json(h) for h in answer["hits"]]

    def recognition(self) -> dict:
        """The page as read: lines with candidates, words with strokes and bounds, the layout."""
        slot = _native.ErrorSlot()
        answer = _native.take_json(_lib.inkindex_recognizer_recognition(self._handle, slot.out))
        slot.raise_if_set()
        return answer

    @property
    def indexable_content(self) -> Optional[str]:
        """Text for a system search index (every close reading of every word); None where
        there is no handwriting."""
        slot = _native.ErrorSlot()
        text = _native.take_string(_lib.inkindex_recognizer_indexable_content(self._handle, slot.out))
        slot.raise_if_set()
        return text

    @property
    def recognition_version(self) -> int:
        """The version of what the recognizer's model reads; stored text read under another
        version should be read again."""
        return _lib.inkindex_recognizer_recognition_version(self._handle)

    def cancel(self) -> None:
        """Stops the update in flight (from another thread): it raises ``CancelledError``."""
        pointer = self._pointer
        if pointer:
            _lib.inkindex_recognizer_cancel(pointer)
