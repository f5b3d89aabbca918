"""What InkIndex's calls return, as dataclasses (the JSON of ``inkindex.h``, typed)."""
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

#: A point: (x, y), (x, y, t) or (x, y, t, pressure); t in seconds from the drawing's start.
Point = Union[Tuple[float, float], Tuple[float, float, float], Tuple[float, float, float, float], Sequence[float]]
#: A stroke: its points, or a dict {"id": UUID string (optional), "points": [...]}.
Stroke = Union[Sequence[Point], Dict[str, Any]]


@dataclass(frozen=True)
class Bounds:
    """A rectangle in the drawing's coordinates."""
    x: float
    y: float
    width: float
    height: float

    @classmethod
    def from_json(cls, value: Dict[str, float]) -> "Bounds":
        return cls(value["x"], value["y"], value["width"], value["height"])


@dataclass(frozen=True)
class Hit:
    """A place a drawing's search found: the strokes, their bounds, the reading and a score."""
    stroke_ids: List[str]
    bounds: Bounds
    reading: str
    score: float

    @classmethod
    def from_json(cls, value: Dict[str, Any]) -> "Hit":
        return cls(value["strokeIDs"], Bounds.from_json(value["bounds"]), value["reading"], value["score"])


@dataclass(frozen=True)
class LibraryHit(Hit):
    """A place a library's search found, in which note."""
    note_id: str = ""
    title: str = ""

    @classmethod
    def from_json(cls, value: Dict[str, Any]) -> "LibraryHit":
        return cls(value["strokeIDs"], Bounds.from_json(value["bounds"]), value["reading"], value["score"],
                   value["noteID"], value["title"])


@dataclass(frozen=True)
class Note:
    """A note in a library: its id, title, dates, revision and how it was last read."""
    id: str
    title: str
    created: str
    modified: str
    revision: int
    recognition_version: Optional[int] = None
    recognition_model: Optional[str] = None

    @classmethod
    def from_json(cls, value: Dict[str, Any]) -> "Note":
        return cls(value["id"], value.get("title", ""), value["created"], value["modified"], value.get("revision", 1),
                   value.get("recognitionVersion"), value.get("recognitionModel"))


@dataclass(frozen=True)
class Page:
    """A page of a file read with ``read_drawing``: strokes a recognizer or library takes."""
    id: str
    number: int
    title: str
    strokes: List[Dict[str, Any]] = field(repr=False)


@dataclass(frozen=True)
class CheckReport:
    """What ``Library.check()`` found: nothing wrong where ``healthy``."""
    notes_checked: int
    problems: List[str]
    healthy: bool
