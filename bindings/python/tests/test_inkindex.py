"""The Python package over libinkindex: recognizer, library, files, and each error as its
exception. Skipped, with the reason, where the package or its library is not installed."""
import json
import os
import threading

import pytest

try:
    import inkindex
except ImportError as error:  # not installed, or libinkindex not found
    pytest.skip(f"the inkindex package is not usable here ({error}); run `pip install ./bindings/python`",
                allow_module_level=True)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
NOTEBOOK = os.path.join(ROOT, "Examples", "Notebooks", "sermon.xopp")
FIXTURES = os.path.join(ROOT, "bindings", "c", "tests", "fixtures")


def fixture_strokes(name="grace.json"):
    with open(os.path.join(FIXTURES, name)) as fh:
        return [s["points"] for s in json.load(fh)["strokes"]]


@pytest.fixture(scope="module")
def pages():
    return inkindex.read_drawing(NOTEBOOK)


def test_versions_and_models():
    assert inkindex.__version__.count(".") == 2
    assert inkindex.recognition_version("open") > 0
    assert inkindex.recognition_version("no-such-model") == -1
    models = inkindex.models()
    assert models["default"] == "open"
    assert "es" in next(m for m in models["models"] if m["name"] == "open")["languages"]


def test_a_notebook_reads_page_by_page(pages):
    assert [p.title for p in pages] == ["sermon.xopp, page 1", "sermon.xopp, page 2"]
    assert [p.number for p in pages] == [1, 2]
    assert all(len(p.strokes) > 10 for p in pages)
    with pytest.raises(inkindex.BadInputError):
        inkindex.read_drawing("/no/such/notebook.xopp")


def test_a_recognizer_reads_and_searches(pages):
    with inkindex.Recognizer(languages=["en"]) as recognizer:
        assert recognizer.recognized_text() is None
        recognizer.update_drawing(pages[0])
        assert "grace" in recognizer.recognized_text()
        hits = recognizer.search("grace")
        assert hits and hits[0].reading == "grace"
        assert hits[0].bounds.width > 0 and len(hits[0].stroke_ids) >= 1
        # The strokes of a hit, read alone.
        assert "grace" in recognizer.recognized_text(hits[0].stroke_ids)
        assert recognizer.search("John 3:16", full_words=True)[0].reading.startswith("Jn 3:16")
        assert recognizer.search("grace", in_margin=True) == []
        assert "grace" in recognizer.indexable_content
        assert recognizer.recognition()["lines"][0]["candidates"]
        assert recognizer.recognition_version == inkindex.recognition_version("open")


def test_points_as_python_lists():
    with inkindex.Recognizer(reading="once") as recognizer:
        recognizer.update_drawing(fixture_strokes())
        assert recognizer.recognized_text().splitlines()[0] == "grace and peace"
        recognizer.update_drawing([{"id": "0A3E1D8C-1111-4A56-9D38-6E1C9F6B7F01", "points": [(0, 0), (10, 10, 0.1)]}])


def test_bad_input_is_an_exception_never_a_crash():
    with pytest.raises(inkindex.ModelUnavailableError):
        inkindex.Recognizer(model="no-such-model")
    with pytest.raises(inkindex.ModelUnavailableError, match="InkIndexResearchModels"):
        inkindex.Recognizer(model="research")
    with pytest.raises(inkindex.InvalidArgumentError):
        inkindex.Recognizer(languages=["xx"])
    with pytest.raises(inkindex.InvalidArgumentError):
        inkindex.Recognizer(reading="twice")
    recognizer = inkindex.Recognizer(reading="once")
    with pytest.raises(inkindex.BadInputError):
        recognizer.update_drawing("{not json")
    with pytest.raises(ValueError):
        recognizer.update_drawing([[(1,)]])
    with pytest.raises(inkindex.BadInputError):
        recognizer.update_drawing_inkml(b"<not inkml")
    with pytest.raises(inkindex.BadInputError):
        recognizer.recognized_text(["not-a-uuid"])
    recognizer.close()
    recognizer.close()  # twice is fine
    with pytest.raises(ValueError, match="closed"):
        recognizer.search("grace")


def test_an_update_is_cancelled_from_another_thread():
    strokes = fixture_strokes()
    page = [[(x, y + 150 * k, t) for x, y, t in stroke] for k in range(30) for stroke in strokes]
    with inkindex.Recognizer() as recognizer:
        done = threading.Event()

        def cancel_until_done():
            done.wait(0.02)
            while not done.is_set():
                recognizer.cancel()
                done.wait(0.005)

        thread = threading.Thread(target=cancel_until_done)
        thread.start()
        try:
            with pytest.raises(inkindex.CancelledError):
                recognizer.update_drawing(page)
        finally:
            done.set()
            thread.join()
        recognizer.update_drawing(strokes)  # still works
        assert recognizer.search("grace")


def test_a_library_stores_indexes_and_searches(tmp_path, pages):
    path = tmp_path / "notes.sqlite"
    with inkindex.Library(str(path), languages=["en"]) as library:
        for page in pages:
            assert library.add(page, id=page.id, title=page.title) == page.id
        with pytest.raises(inkindex.ConflictError):
            library.add(pages[0], id=pages[0].id)
        seen = []
        assert library.index(lambda done, total: seen.append((done, total))) == 2
        assert seen[-1] == (2, 2)
        assert library.index() == 0
        hits = library.search("grace")
        assert hits[0].note_id == pages[0].id and hits[0].title == "sermon.xopp, page 1"
        assert library.search("love is patient")[0].note_id == pages[1].id
        notes = library.notes()
        assert {n.id for n in notes} == {p.id for p in pages} and all(n.recognition_version for n in notes)
        with pytest.raises(inkindex.ConflictError):
            library.replace(pages[0].id, pages[1], if_revision=9)
        library.replace(pages[0].id, pages[1], title="replaced", if_revision=1)
        with pytest.raises(inkindex.NotFoundError):
            library.delete("missing")
        library.delete(pages[1].id)
        assert library.check().healthy
    with inkindex.Library(str(path)) as again:
        assert [n.title for n in again.notes()] == ["replaced"]


def test_other_apps_notebooks_read_as_pages(tmp_path):
    formats = os.path.join(ROOT, "Tests", "InkCoreTests", "Fixtures")
    remarkable = inkindex.read_drawing(os.path.join(formats, "Remarkable", "notebook.rmdoc"))
    # The notebook's own name; the page the tablet marks deleted is not read.
    assert [p.title for p in remarkable] == ["Sermon notes, page 1", "Sermon notes, page 2", "Sermon notes, page 3"]
    assert [len(p.strokes) for p in remarkable] == [2, 1, 0]
    with inkindex.Library(str(tmp_path / "notes.sqlite")) as library:
        notes = library.import_file(os.path.join(formats, "Remarkable", "v6.rm"))
        assert [n["title"] for n in notes] == ["v6.rm"]
    broken = tmp_path / "broken.rm"
    broken.write_bytes(b"reMarkable .lines file, version=5          \xff\xff\xff\x7f")
    with pytest.raises(inkindex.BadInputError):
        inkindex.read_drawing(str(broken))


def test_a_notebook_is_imported_page_by_page_and_again_in_place(tmp_path):
    with inkindex.Library(str(tmp_path / "notes.sqlite")) as library:
        first = library.import_file(NOTEBOOK)
        assert [n["title"] for n in first] == ["sermon.xopp, page 1", "sermon.xopp, page 2"] and all(n["added"] for n in first)
        again = library.import_file(NOTEBOOK)
        assert [n["id"] for n in again] == [n["id"] for n in first] and not any(n["added"] for n in again)
        with pytest.raises(inkindex.BadInputError):
            library.import_file(str(tmp_path / "missing.xopp"))
        assert len(library.notes()) == 2


def test_a_progress_callback_stops_indexing_and_its_errors_come_back(tmp_path, pages):
    with inkindex.Library(str(tmp_path / "notes.sqlite")) as library:
        library.add(pages[0])
        with pytest.raises(inkindex.CancelledError):
            library.index(lambda done, total: True)

        def broken(done, total):
            raise RuntimeError("from the callback")

        with pytest.raises(RuntimeError, match="from the callback"):
            library.index(broken)
        assert library.index() == 1


def test_a_library_file_that_is_not_one(tmp_path):
    with pytest.raises(inkindex.StoreError):
        inkindex.Library(str(tmp_path))  # a folder
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database" * 100)
    with pytest.raises(inkindex.StoreError):
        inkindex.Library(str(junk))
