#!/usr/bin/env python3
"""Writes the Xournal fixtures of XournalReaderTests: hand-made notebooks, not user files.

    python3 Tests/InkCoreTests/Fixtures/Xournal/make_fixtures.py

two-pages.xopp   gzip XML, two pages: pen strokes with per-segment and per-point pressure
                 widths and one with a constant width, a highlighter, an eraser, typed text,
                 an image, LaTeX, an audio timestamp, a second layer
packaged.xopp    a ZIP package: stored mimetype and META-INF/version, deflated content.xml
journal.xoj      an old Xournal journal: named colors, constant widths
no-content.xopp  a ZIP package without content.xml (an error case)

Output is deterministic (gzip mtime 0, fixed ZIP dates), so rerunning changes nothing.
"""
import gzip
import io
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))

TWO_PAGES = r"""<?xml version="1.0" standalone="no"?>
<xournal creator="Xournal++ 1.1.3" fileversion="4">
<title>Xournal++ document - see https://xournalpp.github.io/</title>
<preview>iVBORw0KGgo=</preview>
<page width="595.27559100" height="841.88976400">
<background type="solid" color="#ffffffff" style="lined"/>
<layer>
<stroke tool="pen" color="#000000ff" width="1.41 1.20 1.35 1.50" fill="-1" capStyle="round">10 20 11.5 21 13 22.5 14 24</stroke>
<stroke tool="pen" color="#3333ccff" width="2.26">30 40 35 40 40 41</stroke>
<stroke tool="highlighter" color="#ffff0080" width="8.5">10 60 200 60</stroke>
<stroke tool="eraser" color="#ffffffff" width="5">0 0 1 1</stroke>
<text font="Sans" size="12" x="100" y="120" color="#000000ff">Sermon &amp; notes</text>
<image left="300" top="300" right="310" bottom="310">iVBORw0KGgo=</image>
</layer>
</page>
<page width="595.27559100" height="841.88976400">
<background type="solid" color="#fff8dcff" style="graph"/>
<layer>
<stroke tool="pen" color="#ff0000ff" width="1.5 1.0 2.0 3.0" ts="2500" fn="2024-01-01_10-00-00.ogg">50 50 60 55 70 60</stroke>
</layer>
<layer name="Layer 2">
<text font="Sans" size="10" x="20" y="30" color="#000000ff">John 3:16</text>
<teximage text="\int_0^1 x\,dx" left="100" top="100" right="150" bottom="120">iVBORw0KGgo=</teximage>
<stroke tool="pen" color="#000000ff" width="1.41">80 80</stroke>
<stroke tool="pen" color="#000000ff" width="1.0 0.5 0.7">90 90 95 95 100 100 105 105</stroke>
</layer>
</page>
</xournal>
"""

PACKAGED = r"""<?xml version="1.0" standalone="no"?>
<xournal creator="Xournal++ 1.2.2" fileversion="4">
<title>Xournal++ document - see https://xournalpp.github.io/</title>
<page width="612" height="792">
<background type="solid" color="#ffffffff" style="ruled"/>
<layer>
<stroke tool="pen" color="#000000ff" width="1.41 1.1 1.2">5 5 15 5 25 6</stroke>
<stroke tool="pen" color="#008000ff" width="1.41">5 20 25 20</stroke>
</layer>
</page>
</xournal>
"""

JOURNAL = r"""<?xml version="1.0" standalone="no"?>
<xournal version="0.4.8">
<title>Xournal document - see http://math.mit.edu/~auroux/software/xournal/</title>
<page width="612.00" height="792.00">
<background type="solid" color="white" style="lined" />
<layer>
<stroke tool="pen" color="black" width="1.41">72.00 100.00 80.50 101.25 90.00 103.00</stroke>
<stroke tool="pen" color="blue" width="2.26">72.00 130.00 120.00 130.00</stroke>
<stroke tool="pen" color="red" width="0.85">72.00 160.00 75.00 170.00 78.00 160.00</stroke>
<stroke tool="highlighter" color="yellow" width="8.50">70.00 100.00 140.00 100.00</stroke>
<stroke tool="pen" color="#00c0ffff" width="1.41">10 10 20 20</stroke>
</layer>
</page>
</xournal>
"""

VERSION = "current=4\nmin=4\n"


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def package(entries):
    """A ZIP of (name, text, method) entries, in order, with fixed dates."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text, method in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = method
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"))
    return buffer.getvalue()


def main():
    write("two-pages.xopp", gzip.compress(TWO_PAGES.encode("utf-8"), compresslevel=9, mtime=0))
    write("journal.xoj", gzip.compress(JOURNAL.encode("utf-8"), compresslevel=9, mtime=0))
    write("packaged.xopp", package([
        ("mimetype", "application/x-xopp", zipfile.ZIP_STORED),
        ("META-INF/version", VERSION, zipfile.ZIP_STORED),
        ("content.xml", PACKAGED, zipfile.ZIP_DEFLATED),
    ]))
    write("no-content.xopp", package([
        ("mimetype", "application/x-xopp", zipfile.ZIP_STORED),
        ("META-INF/version", VERSION, zipfile.ZIP_STORED),
    ]))


if __name__ == "__main__":
    main()
