#!/usr/bin/env python3
"""Writes the PDF fixtures of PDFInkTests: small synthetic files made by hand from the
structure ISO 32000-1 (PDF 1.7) describes, not user files. Python 3 standard library only.

    python3 Tests/InkCoreTests/Fixtures/PDF/make_fixtures.py

classic.pdf       PDF 1.4, classic `xref` table, uncompressed. Two pages from a /Pages node
                  that gives page 1 its /MediaBox [0 0 612 792] by inheritance; page 2 has its
                  own /MediaBox [0 0 595 842] and /CropBox [10 20 585 822]. Page 1: ink
                  annotation 5 (/NM (ink-a), three paths, red /C [1 0 0], /CA 0.5, /BS /W 2.5),
                  ink annotation 6 (no /NM, one path, blue, /Border [0 0 1.5]) and a /Link
                  (ignored). Page 2: a /Highlight, a /FreeText whose literal string has escapes,
                  a /Text note whose /Contents is UTF-16BE hex, and a hidden ink annotation
                  (/F 2). /Info /Title (Ink fixture). A page content stream (never read).
compressed.pdf    PDF 1.5: the catalog, page tree, two pages and an ink annotation (CMYK black,
                  /NM (compressed-ink)) inside a Flate object stream whose /Length is an
                  indirect object; a Flate cross-reference stream with /DecodeParms
                  /Predictor 12 /Columns 4 (PNG Up rows). Page 2 has no annotations.
incremental.pdf   classic.pdf with one incremental update appended: page 2 rewritten with a
                  new ink annotation 14 (/NM (added-ink)); object 6 (page 1's second ink
                  annotation) freed (generation 1) while page 1, not rewritten, still lists it:
                  the free entry alone hides it. /Prev points at classic.pdf's table.
encrypted.pdf     a one-page document whose trailer has /Encrypt (a /Standard security handler
                  dictionary; nothing is really encrypted): the reader must refuse it.
fifty-pages.pdf   50 pages, each with two ink annotations (3 and 2 paths of 24 points), classic
                  table; for the speed figure.
broken-xref.pdf   classic.pdf with its `startxref` offset pointing past the end of the file:
                  readable only by scanning the file for its objects.
hybrid.pdf        a hybrid-reference file (7.5.8.4): a classic table that gives the ink
                  annotation (object 4) a free entry, and a trailer /XRefStm naming an
                  uncompressed cross-reference stream that finds it in an object stream.

EXPECTED below records each fixture's pages and, per page, the point count of each stroke in
reading order; it is also written to expected.json, which the tests read. Output is
deterministic (no dates, no randomness; integer arithmetic for the fifty pages), so rerunning
changes nothing.
"""
import json
import os
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# fixture -> list of pages, each the point counts of its strokes in order.
EXPECTED = {
    "classic.pdf": [[3, 2, 4, 5], []],
    "compressed.pdf": [[4, 2], []],
    "incremental.pdf": [[3, 2, 4], [3]],
    "encrypted.pdf": None,  # refused: NotebookError kind .encrypted
    "fifty-pages.pdf": [[24, 24, 24, 24, 24]] * 50,
    "broken-xref.pdf": [[3, 2, 4, 5], []],
    "hybrid.pdf": [[3]],
}


class Writer:
    """Appends numbered objects and records their offsets for the cross-reference data."""

    def __init__(self, version, data=b""):
        self.data = bytearray(data)
        if not data:
            # The header, then a comment with high bytes, as the specification recommends.
            self.data += b"%PDF-" + version.encode() + b"\n%\xe2\xe3\xcf\xd3\n"
        self.offsets = {}

    def obj(self, number, body, generation=0):
        self.offsets[number] = (len(self.data), generation)
        self.data += b"%d %d obj\n" % (number, generation) + body + b"\nendobj\n"

    def stream(self, number, dictionary, payload):
        body = dictionary + b"\nstream\n" + payload + b"\nendstream"
        self.obj(number, body)

    def xref_table(self, entries, trailer):
        """entries: number -> (offset, generation, 'n' or 'f'); written as runs of consecutive
        numbers, each line exactly 20 bytes. Returns the table's offset."""
        start = len(self.data)
        self.data += b"xref\n"
        numbers = sorted(entries)
        runs = []
        for number in numbers:
            if runs and runs[-1][-1] + 1 == number:
                runs[-1].append(number)
            else:
                runs.append([number])
        for run in runs:
            self.data += b"%d %d\n" % (run[0], len(run))
            for number in run:
                offset, generation, kind = entries[number]
                self.data += b"%010d %05d %s\r\n" % (offset, generation, kind.encode())
        self.data += b"trailer\n" + trailer + b"\nstartxref\n%d\n%%%%EOF\n" % start
        return start

    def in_use(self):
        return {number: (offset, generation, "n") for number, (offset, generation) in self.offsets.items()}


def pdf_string_utf16(text):
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


def ink_list(paths):
    return b"[" + b" ".join(b"[" + b" ".join(p.encode() for p in path) + b"]" for path in paths) + b"]"


# MARK: classic.pdf

INK_A = [  # three paths: 3, 2 and 4 points (page 1, inherited box 0 0 612 792)
    ["100", "700", "110", "705", "120", "712"],
    ["130", "700", "140.5", "690.25"],
    ["150", "650.5", "160", "640.25", "170", "630", "180", "620"],
]
INK_B = [["50", "50", "60", "60", "70", "75", "80", "90", "90", "100"]]  # five points


def classic():
    w = Writer("1.4")
    w.obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
    w.obj(2, b"<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /MediaBox [0 0 612 792] >>")
    w.obj(3, b"<< /Type /Page /Parent 2 0 R /Contents 10 0 R /Annots [5 0 R 6 0 R 9 0 R] >>")
    w.obj(4, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /CropBox [10 20 585 822]\n"
             b"   /Annots [7 0 R 8 0 R 11 0 R 12 0 R] >>")
    w.obj(5, b"<< /Type /Annot /Subtype /Ink /Rect [95 615 185 717] /NM (ink-a)\n"
             b"   /C [1 0 0] /CA 0.5 /BS << /Type /Border /W 2.5 >>\n"
             b"   /InkList " + ink_list(INK_A) + b" >>")
    w.obj(6, b"<< /Type /Annot /Subtype /Ink /Rect [45 45 95 105] /C [0 0 1] /Border [0 0 1.5]\n"
             b"   /InkList " + ink_list(INK_B) + b" % a comment inside a dictionary\n>>")
    w.obj(7, b"<< /Type /Annot /Subtype /Highlight /Rect [72 700 200 714] /C [1 1 0]\n"
             b"   /QuadPoints [72 714 200 714 72 700 200 700] /Contents (important) >>")
    w.obj(8, b"<< /Type /Annot /Subtype /FreeText /Rect [72 600 300 620] /DA (/Helv 12 Tf 0 g)\n"
             b"   /Contents (Typed note \\(page 2\\)\\041) >>")
    w.obj(9, b"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Border [0 0 0] >>")
    content = b"BT /F1 12 Tf 72 720 Td (Hello, page 1) Tj ET"
    w.stream(10, b"<< /Length %d >>" % len(content), content)
    w.obj(11, b"<< /Type /Annot /Subtype /Text /Rect [20 20 40 40] /Contents " + pdf_string_utf16("Hi \u00e9") + b" >>")
    w.obj(12, b"<< /Type /Annot /Subtype /Ink /F 2 /Rect [0 0 10 10] /InkList [[1 1 2 2]] >>")
    w.obj(13, b"<< /Title (Ink fixture) /Producer (make_fixtures.py) >>")
    entries = w.in_use()
    entries[0] = (0, 65535, "f")
    w.xref_table(entries, b"<< /Size 14 /Root 1 0 R /Info 13 0 R >>")
    return w


# MARK: incremental.pdf

INK_ADDED = [["200", "400", "210", "410", "220", "420"]]  # three points on page 2


def incremental(base):
    previous = bytes(base.data)
    previous_xref = int(previous.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    w = Writer("1.4", previous)
    w.obj(4, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /CropBox [10 20 585 822]\n"
             b"   /Annots [7 0 R 8 0 R 11 0 R 12 0 R 14 0 R] >>")
    w.obj(14, b"<< /Type /Annot /Subtype /Ink /Rect [195 395 225 425] /NM (added-ink) /C [0.2]\n"
              b"   /InkList " + ink_list(INK_ADDED) + b" >>")
    entries = w.in_use()
    entries[0] = (6, 65535, "f")  # head of the free list: object 6
    entries[6] = (0, 1, "f")      # object 6 deleted; its next generation is 1
    w.xref_table(entries, b"<< /Size 15 /Root 1 0 R /Info 13 0 R /Prev %d >>" % previous_xref)
    return w


# MARK: compressed.pdf

INK_COMPRESSED = [["10", "390", "20", "380", "30", "370", "40", "360"], ["50", "50", "60", "40"]]


def png_up(rows, columns):
    """PNG predictor 12 (Up): each row led by filter type 2, bytes minus the row above."""
    out = bytearray()
    previous = bytes(columns)
    for row in rows:
        out.append(2)
        out += bytes((row[i] - previous[i]) & 0xFF for i in range(columns))
        previous = row
    return bytes(out)


def compressed():
    w = Writer("1.5")
    objects = [
        (1, b"<< /Type /Catalog /Pages 2 0 R >>"),
        (2, b"<< /Type /Pages /Kids [3 0 R 8 0 R] /Count 2 >>"),
        (3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Annots [4 0 R] >>"),
        (4, b"<< /Type /Annot /Subtype /Ink /Rect [5 35 65 395] /NM (compressed-ink) /C [0 0 0 1]\n"
            b"/InkList " + ink_list(INK_COMPRESSED) + b" >>"),
        (8, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>"),
    ]
    bodies = b""
    header = []
    for number, body in objects:
        header.append(b"%d %d" % (number, len(bodies)))
        bodies += body + b"\n"
    header = b" ".join(header) + b"\n"
    packed = zlib.compress(header + bodies, 9)
    w.stream(5, b"<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length 6 0 R >>" % (len(objects), len(header)), packed)
    w.obj(6, b"%d" % len(packed))

    xref_offset = len(w.data)
    rows = [bytes([0, 0, 0, 255])]  # object 0: free, generation 255 (one byte)
    for number in range(1, 9):
        if number in (5, 6):
            offset, _ = w.offsets[number]
            rows.append(bytes([1, offset >> 8, offset & 0xFF, 0]))
        elif number == 7:
            rows.append(bytes([1, xref_offset >> 8, xref_offset & 0xFF, 0]))
        else:
            index = [n for n, _ in objects].index(number)
            rows.append(bytes([2, 0, 5, index]))
    payload = zlib.compress(png_up(rows, 4), 9)
    w.stream(7, b"<< /Type /XRef /Size 9 /W [1 2 1] /Index [0 9] /Root 1 0 R\n"
                b"   /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >> /Length %d >>" % len(payload), payload)
    assert w.offsets[7][0] == xref_offset
    w.data += b"startxref\n%d\n%%%%EOF\n" % xref_offset
    return w


# MARK: encrypted.pdf

def encrypted():
    w = Writer("1.4")
    w.obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
    w.obj(2, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    w.obj(3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
    w.obj(4, b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44\n"
             b"   /O <" + b"11" * 32 + b">\n   /U <" + b"22" * 32 + b"> >>")
    entries = w.in_use()
    entries[0] = (0, 65535, "f")
    w.xref_table(entries, b"<< /Size 5 /Root 1 0 R /Encrypt 4 0 R\n"
                          b"   /ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>] >>")
    return w


# MARK: fifty-pages.pdf

def fifty_pages():
    """Each page: annotation A with 3 paths, B with 2, every path 24 points of a wavy line
    computed with integers (coordinates with one decimal)."""
    w = Writer("1.7")
    pages = 50
    first_page = 3
    kids = b" ".join(b"%d 0 R" % (first_page + 3 * i) for i in range(pages))
    w.obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
    w.obj(2, b"<< /Type /Pages /Kids [" + kids + b"] /Count %d /MediaBox [0 0 612 792] >>" % pages)
    seed = 12345
    for page in range(pages):
        number = first_page + 3 * page
        w.obj(number, b"<< /Type /Page /Parent 2 0 R /Annots [%d 0 R %d 0 R] >>" % (number + 1, number + 2))
        for annotation, path_count in ((number + 1, 3), (number + 2, 2)):
            paths = []
            for path in range(path_count):
                values = []
                line = (annotation - number - 1) * 3 + path
                for point in range(24):
                    seed = (seed * 1103515245 + 12345) % (1 << 31)
                    x10 = 720 + point * 40 + line * 7 + seed % 13
                    y10 = 7200 - line * 400 - (seed >> 8) % 90
                    values.append("%d.%d" % (x10 // 10, x10 % 10))
                    values.append("%d.%d" % (y10 // 10, y10 % 10))
                paths.append(values)
            w.obj(annotation, b"<< /Type /Annot /Subtype /Ink /Rect [60 60 560 740] /NM (p%d-a%d) /C [0 0 0] /BS << /W 1 >>\n"
                              b"   /InkList " % (page + 1, annotation - number) + ink_list(paths) + b" >>")
    entries = w.in_use()
    entries[0] = (0, 65535, "f")
    w.xref_table(entries, b"<< /Size %d /Root 1 0 R >>" % (first_page + 3 * pages))
    return w


# MARK: broken-xref.pdf

def broken(base):
    data = bytes(base.data)
    head, tail = data.rsplit(b"startxref\n", 1)
    _, rest = tail.split(b"\n", 1)
    return head + b"startxref\n%d\n" % (len(data) + 1000) + rest


# MARK: hybrid.pdf

INK_HYBRID = [["10", "10", "20", "20", "30", "10"]]  # three points


def hybrid():
    w = Writer("1.5")
    w.obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
    w.obj(2, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
    w.obj(3, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Annots [4 0 R] >>")
    annotation = b"<< /Type /Annot /Subtype /Ink /Rect [5 5 35 25] /NM (hybrid-ink) /InkList " + ink_list(INK_HYBRID) + b" >>"
    header = b"4 0\n"
    w.stream(5, b"<< /Type /ObjStm /N 1 /First %d /Length %d >>" % (len(header), len(header + annotation)), header + annotation)
    stream_offset = len(w.data)
    rows = bytes([2, 0, 5, 0])  # object 4: in object stream 5, index 0
    w.stream(6, b"<< /Type /XRef /Size 7 /W [1 2 1] /Index [4 1] /Length %d >>" % len(rows), rows)
    entries = w.in_use()
    entries[0] = (0, 65535, "f")
    entries[4] = (0, 65535, "f")  # hidden from PDF 1.4 readers
    w.xref_table(entries, b"<< /Size 7 /Root 1 0 R /XRefStm %d >>" % stream_offset)
    return w


def main():
    base = classic()
    files = {
        "classic.pdf": bytes(base.data),
        "compressed.pdf": bytes(compressed().data),
        "incremental.pdf": bytes(incremental(base).data),
        "encrypted.pdf": bytes(encrypted().data),
        "fifty-pages.pdf": bytes(fifty_pages().data),
        "broken-xref.pdf": broken(base),
        "hybrid.pdf": bytes(hybrid().data),
    }
    for name, data in files.items():
        assert len(data) < 200_000, name
        with open(os.path.join(HERE, name), "wb") as out:
            out.write(data)
        print(f"{name}: {len(data)} bytes, expected points per page {EXPECTED[name] if EXPECTED[name] is None else [sum(p) for p in EXPECTED[name]]}")
    with open(os.path.join(HERE, "expected.json"), "w") as out:
        lines = ['  "%s": %s' % (name, json.dumps(EXPECTED[name])) for name in sorted(EXPECTED)]
        out.write("{\n" + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    main()
