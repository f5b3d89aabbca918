"""Reads a notebook (.xopp, .inkml, ...), indexes its pages in a note library, searches it and
prints each hit with its page and bounds: InkIndex from Python.

    pip install ./bindings/python
    python3 Examples/Python/search_notes.py Examples/Notebooks/sermon.xopp grace "Jn 3:16"
"""
import sys
import tempfile

import inkindex


def main(notebook, queries):
    pages = inkindex.read_drawing(notebook)
    with tempfile.TemporaryDirectory() as folder, inkindex.Library(f"{folder}/notes.sqlite", model="open") as library:
        for page in pages:
            library.add(page, id=page.id, title=page.title)
        indexed = library.index(lambda done, total: print(f"\rindexing {done}/{total}", end="", file=sys.stderr))
        print(f"\n{notebook}: {len(pages)} pages, {indexed} indexed")
        for query in queries:
            for hit in library.search(query, limit=10):
                b = hit.bounds
                print(f"{query!r}: {hit.title}: {hit.reading!r} at ({b.x:.0f}, {b.y:.0f}) {b.width:.0f}×{b.height:.0f},"
                      f" score {hit.score:.2f}, {len(hit.stroke_ids)} strokes")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: search_notes.py NOTEBOOK QUERY...")
    main(sys.argv[1], sys.argv[2:])
