"""``Library``: many notes in one SQLite file, their strokes stored verbatim, searched together."""
import json
from typing import Callable, Iterable, List, Optional, Sequence, Union

from . import _native
from ._handle import Handle, options_json, search_flags
from .drawing import drawing_json
from .errors import CancelledError
from .types import CheckReport, LibraryHit, Note, Page, Stroke

_lib = _native.lib

#: Called as notes are indexed with (done, total); return True to stop.
Progress = Callable[[int, int], Optional[bool]]


class Library(Handle):
    """A note library.

    >>> with Library("notes.sqlite") as library:
    ...     for page in read_drawing("Romans.xopp"):
    ...         library.add(page, id=page.id, title=page.title)
    ...     library.index()
    ...     for hit in library.search("grace"):
    ...         print(hit.title, hit.reading, hit.bounds)
    """

    _release = _lib.inkindex_library_close

    def __init__(self, path: str, model: str = "open", languages: Optional[Sequence[str]] = None,
                 vocabulary: Optional[Sequence[str]] = None, reading: str = "standard"):
        """Opens (or creates) the library at ``path``; the other arguments say how ``index()``
        reads notes, as for ``Recognizer``."""
        slot = _native.ErrorSlot()
        pointer = _lib.inkindex_library_open(_native.encode(str(path)), options_json(model, languages, vocabulary, reading), slot.out)
        slot.raise_if_set()
        super().__init__(pointer)

    @staticmethod
    def _note(drawing: Union[Page, Iterable[Stroke], str], id: Optional[str], title: Optional[str]) -> bytes:
        note = json.loads(drawing_json(drawing))
        if id is not None:
            note["id"] = id
        if title is not None:
            note["title"] = title
        return json.dumps(note).encode("utf-8")

    def add(self, drawing: Union[Page, Iterable[Stroke], str], id: Optional[str] = None, title: Optional[str] = None) -> str:
        """Stores a note's strokes durably and returns its id (a new UUID where none is given).
        ``ConflictError`` where the id exists. It is read by the next ``index()``."""
        slot = _native.ErrorSlot()
        note_id = _native.take_string(_lib.inkindex_library_add(self._handle, self._note(drawing, id, title), slot.out))
        slot.raise_if_set()
        return note_id

    def import_file(self, path: str) -> List[dict]:
        """Adds (or replaces) every page of a file InkIndex reads (.xopp, .rmdoc, .rnote, .sbn2,
        .pdf, .inkml, ...) as a
        note, ids stable for the file's path and page; returns [{"id", "title", "added"}]."""
        slot = _native.ErrorSlot()
        answer = _native.take_json(_lib.inkindex_library_import_file(self._handle, _native.encode(str(path)), slot.out))
        slot.raise_if_set()
        return answer["notes"]

    def replace(self, id: str, drawing: Union[Page, Iterable[Stroke], str], title: Optional[str] = None, if_revision: int = 0) -> None:
        """Replaces a note's drawing (and title). With ``if_revision``, only if the note is still
        at that revision (``ConflictError`` otherwise)."""
        slot = _native.ErrorSlot()
        _native.check(_lib.inkindex_library_replace(self._handle, _native.encode(id), self._note(drawing, None, title),
                                                    if_revision, slot.out), slot)

    def delete(self, id: str) -> None:
        """Deletes a note and everything derived from it (``NotFoundError`` where absent)."""
        slot = _native.ErrorSlot()
        _native.check(_lib.inkindex_library_delete(self._handle, _native.encode(id), slot.out), slot)

    def notes(self) -> List[Note]:
        """The notes, newest first."""
        slot = _native.ErrorSlot()
        answer = _native.take_json(_lib.inkindex_library_notes(self._handle, slot.out))
        slot.raise_if_set()
        return [Note.from_json(n) for n in answer["notes"]]

    def index(self, progress: Optional[Progress] = None) -> int:
        """Reads every note that is new, changed, or read by another model or version; returns
        how many were indexed. ``progress(done, total)`` is called as notes are done (from
        another thread); returning True stops (``CancelledError``)."""
        failure = []

        def report(_context, done, total):
            try:
                return 1 if progress(done, total) else 0
            except BaseException as error:  # stop, and raise it here
                failure.append(error)
                return 1

        callback = _native.PROGRESS(report) if progress else _native.PROGRESS()
        indexed = _native.ctypes.c_int64(0)
        slot = _native.ErrorSlot()
        status = _lib.inkindex_library_index(self._handle, callback, None, _native.ctypes.byref(indexed), slot.out)
        if failure:  # the callback raised: that is the error, not the cancellation it caused
            slot.discard()
            raise failure[0]
        _native.check(status, slot)
        return indexed.value

    def search(self, query: str, full_words: bool = False, match_case: bool = False, emphasized: bool = False,
               in_margin: bool = False, in_body: bool = False, limit: int = 20) -> List[LibraryHit]:
        """Where ``query`` is written in any note, best first, at most ``limit`` hits."""
        slot = _native.ErrorSlot()
        answer = _native.take_json(_lib.inkindex_library_search(
            self._handle, _native.encode(query), search_flags(full_words, match_case, emphasized, in_margin, in_body), limit, slot.out))
        slot.raise_if_set()
        return [LibraryHit.from_json(h) for h in answer["hits"]]

    def check(self) -> CheckReport:
        """Checks every stored drawing against its checksum and the derived tables."""
        slot = _native.ErrorSlot()
        answer = _native.take_json(_lib.inkindex_library_check(self._handle, slot.out))
        slot.raise_if_set()
        return CheckReport(answer["notesChecked"], answer["problems"], answer["healthy"])

    def cancel(self) -> None:
        """Stops the ``index()`` in flight (from another thread); notes done so far stay indexed."""
        pointer = self._pointer
        if pointer:
            _lib.inkindex_library_cancel(pointer)


__all__ = ["Library", "CancelledError"]
