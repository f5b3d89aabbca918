"""Drawings in: Python lists of points, or files in the formats InkIndex reads."""
import json
import os
from typing import Iterable, List, Union

from . import _native
from .types import Page, Stroke


def _stroke(stroke: Stroke) -> dict:
    if isinstance(stroke, dict):
        points, identifier = stroke.get("points"), stroke.get("id")
    else:
        points, identifier = stroke, None
    if points is None:
        raise ValueError("a stroke is a list of points or a dict with 'points'")
    out = {"points": [[float(v) for v in point] for point in points]}
    if any(not 2 <= len(point) <= 4 for point in out["points"]):
        raise ValueError("a point is (x, y), (x, y, t) or (x, y, t, pressure)")
    if identifier is not None:
        out["id"] = str(identifier)
    return out


def drawing_json(drawing: Union[Page, Iterable[Stroke], str]) -> str:
    """The JSON the library takes for `drawing`: a ``Page``, strokes, or JSON already."""
    if isinstance(drawing, str):
        return drawing
    strokes = drawing.strokes if isinstance(drawing, Page) else [_stroke(s) for s in drawing]
    return json.dumps({"strokes": strokes})


def read_drawing(path: Union[str, "os.PathLike[str]"]) -> List[Page]:
    """The pages of a file in any format InkIndex reads: JSON, InkML, .ink, and notebooks of
    Xournal++ (.xopp, .xoj), reMarkable (.rm, .rmdoc, .rmn, a tablet folder's UUID.content),
    Rnote (.rnote), Saber (.sbn2, .sbn) and a PDF's ink annotations (.pdf, pages with ink).
    One page for a single drawing.

    >>> pages = read_drawing("Examples/Notebooks/sermon.xopp")
    >>> [page.title for page in pages]
    ['sermon.xopp, page 1', 'sermon.xopp, page 2']
    """
    slot = _native.ErrorSlot()
    answer = _native.take_json(_native.lib.inkindex_drawing_read_file(_native.encode(os.fspath(path)), slot.out))
    slot.raise_if_set()
    return [Page(p["id"], p["number"], p["title"], p["strokes"]) for p in answer["pages"]]
