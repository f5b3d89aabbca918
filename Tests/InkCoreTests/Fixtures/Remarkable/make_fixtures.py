#!/usr/bin/env python3
"""Writes the reMarkable fixtures of RemarkableTests: hand-made from the public descriptions of
the .rm formats and xochitl's files, not files from a tablet.

    python3 Tests/InkCoreTests/Fixtures/Remarkable/make_fixtures.py

v3.rm, v5.rm     one page each: layer 1 a ballpoint stroke (4 points), a highlighter (2 points)
                 and an eraser (2 points); layer 2 a fineliner stroke (3 points)
v6.rm            one page: a layer group under the root; a ballpoint line (5 points, 14-byte
                 points), a highlighter line with an ARGB colour (2 points), a pencil line in a
                 version-1 block (3 points, 24-byte points), a deleted line, typed text in two
                 CRDT items inserted out of order, a highlight of document text, and blocks of
                 types the reader skips
xochitl/         a tablet's folder: NOTEBOOK.content (cPages: four pages whose idx order differs
                 from the list's, one deleted, one without a .rm file), NOTEBOOK.metadata,
                 NOTEBOOK/<page>.rm; OLD.content lists `pages`; NUMBERED.content only `pageCount`
notebook.rmdoc   the NOTEBOOK folder zipped as the reMarkable app exports it
expected.json    per fixture: pages, and per page the strokes' point counts as the files state them

    python3 Tests/InkCoreTests/Fixtures/Remarkable/make_fixtures.py --large /tmp/large.rm

writes instead, for `inkindex bench-notebook`, a version 6 page of 1,100 pen strokes (about 30
points each) in about 20 lines of looped, cursive-like words: a full page, kept out of the repository.

Output is deterministic (fixed ZIP dates), so rerunning changes nothing.
"""
import json
import os
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def header(version):
    text = f"reMarkable .lines file, version={version}".encode()
    return text + b" " * (43 - len(text))


def lines_page(version, layers):
    """layers: [[(pen, colour, width, [(x, y, pressure)])]]"""
    out = bytearray(header(version))
    out += struct.pack("<I", len(layers))
    for strokes in layers:
        out += struct.pack("<I", len(strokes))
        for pen, colour, width, points in strokes:
            out += struct.pack("<IIIf", pen, colour, 0, width)
            if version == 5:
                out += struct.pack("<I", 0)
            out += struct.pack("<I", len(points))
            for x, y, pressure in points:
                # x, y, speed, direction, width, pressure
                out += struct.pack("<ffffff", x, y, 1.5, 0.7, 2.0, pressure)
    return bytes(out)


LINES_LAYERS = [
    [
        (2, 0, 2.0, [(100, 200, 0.5), (110, 205, 0.6), (120, 212, 0.7), (130, 220, 0.4)]),
        (5, 3, 30.0, [(90, 210, 1.0), (300, 210, 1.0)]),
        (6, 0, 2.0, [(10, 10, 1.0), (20, 20, 1.0)]),
    ],
    [
        (17, 6, 2.0, [(400, 500, 0.5), (410, 520, 0.5), (420, 540, 0.5)]),
    ],
]

# --- v6 -------------------------------------------------------------------------------------


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def tag(index, kind):
    return varint(index << 4 | kind)


def crdt(part1, part2):
    return bytes([part1]) + varint(part2)


def t_id(index, ident):
    return tag(index, 0xF) + crdt(*ident)


def t_u32(index, value):
    return tag(index, 0x4) + struct.pack("<I", value)


def t_f32(index, value):
    return tag(index, 0x4) + struct.pack("<f", value)


def t_f64(index, value):
    return tag(index, 0x8) + struct.pack("<d", value)


def t_bool(index, value):
    return tag(index, 0x1) + bytes([1 if value else 0])


def t_sub(index, body):
    return tag(index, 0xC) + struct.pack("<I", len(body)) + body


def string_body(text):
    data = text.encode()
    return varint(len(data)) + bytes([1]) + data


def block(kind, body, version=1, min_version=1):
    return struct.pack("<IBBBB", len(body), 0, min_version, version, kind) + body


ROOT = (0, 1)
END = (0, 0)
LAYER = (0, 11)


def item(parent, ident, left, right, value=None, deleted=0):
    body = t_id(1, parent) + t_id(2, ident) + t_id(3, left) + t_id(4, right) + t_u32(5, deleted)
    if value is not None:
        body += t_sub(6, value)
    return body


def line_value(pen, colour, thickness, points, point_version, argb=None):
    if point_version == 2:
        packed = b"".join(struct.pack("<ffHHBB", x, y, 10, int(w * 4), 0, p) for x, y, w, p in points)
    else:
        packed = b"".join(struct.pack("<ffffff", x, y, 10.0, 0.0, w, p / 255) for x, y, w, p in points)
    value = bytes([3]) + t_u32(1, pen) + t_u32(2, colour) + t_f64(3, thickness) + t_f32(4, 0.0)
    value += t_sub(5, packed) + t_id(6, (0, 1))
    if argb is not None:
        value += t_u32(8, argb)
    return value


# x from the middle of the page: -602 is 100 from the left edge.
V6_BALLPOINT = [(-602, 300, 2.0, 128), (-590, 305, 2.0, 140), (-580, 310, 2.5, 150), (-570, 318, 2.5, 160), (-560, 330, 2.0, 120)]
V6_HIGHLIGHTER = [(-650, 310, 15.0, 255), (-400, 310, 15.0, 255)]
V6_PENCIL = [(0, 1000, 1.0, 100), (10, 1010, 1.0, 110), (20, 2100, 1.0, 120)]


def v6_page(strokes=((V6_BALLPOINT, 15), ), text=None, extra=True):
    """strokes: [(points, pen)] of ballpoint-style lines with 14-byte points."""
    out = bytearray(header(6))
    out += block(9, b"\x01" + t_sub(0, b"\x10" + b"\x00" * 16 + b"\x00\x00"))  # author ids (skipped)
    out += block(0, t_id(1, (1, 1)) + t_bool(2, True))  # migration info (skipped)
    out += block(10, t_u32(1, 1) + t_u32(2, 1) + t_u32(3, 1) + t_u32(4, 0))  # page info (skipped)
    out += block(1, t_id(1, LAYER) + t_id(2, END) + t_bool(3, True) + t_sub(4, t_id(1, ROOT)))
    label = t_sub(2, t_id(1, (0, 12)) + t_sub(2, string_body("Layer 1")))
    out += block(2, t_id(1, ROOT) + t_sub(2, t_id(1, (0, 0)) + t_sub(2, string_body(""))) + t_sub(3, t_id(1, (0, 0)) + t_bool(2, True)))
    out += block(2, t_id(1, LAYER) + label + t_sub(3, t_id(1, (0, 13)) + t_bool(2, True)))
    out += block(4, item(ROOT, (0, 13), END, END, bytes([2]) + t_id(2, LAYER)))
    previous = END
    for n, (points, pen) in enumerate(strokes):
        ident = (1, 100 + n)
        out += block(5, item(LAYER, ident, previous, END, line_value(pen, 0, 2.0, points, 2)), version=2, min_version=2)
        previous = ident
    if extra:
        out += block(5, item(LAYER, (1, 50), previous, END, line_value(18, 9, 2.0, V6_HIGHLIGHTER, 2, argb=0x80FBF719)),
                     version=2, min_version=2)
        out += block(5, item(LAYER, (1, 51), (1, 50), END, line_value(14, 1, 1.5, V6_PENCIL, 1)), version=1)
        out += block(5, item(LAYER, (1, 52), (1, 51), END, None, deleted=1), version=2, min_version=2)
        glyph = bytes([1]) + t_u32(2, 0) + t_u32(3, 5) + t_u32(4, 3) + t_sub(5, string_body("grace"))
        out += block(3, item(LAYER, (1, 60), END, END, glyph))
        out += block(13, t_id(1, (0, 0)) + b"\x00" * 4)  # scene info (skipped)
    if text:
        # Two items: "8:28" inserted to the right of "Romans " although written first in the file.
        items = [((1, 21), (1, 20), END, text[1]), ((1, 20), END, (1, 21), text[0])]
        body = varint(len(items))
        for ident, left, right, value in items:
            body += t_sub(0, t_id(2, ident) + t_id(3, left) + t_id(4, right) + t_u32(5, 0) + t_sub(6, string_body(value)))
        root_text = t_id(1, (0, 0)) + t_sub(2, t_sub(1, t_sub(1, body)) + t_sub(2, t_sub(1, varint(0))))
        root_text += t_sub(3, struct.pack("<dd", -468.0, 234.0)) + t_f32(4, 936.0)
        out += block(7, root_text)
    return bytes(out)


def write(name, data):
    path = os.path.join(HERE, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def main():
    expected = {}
    write("v3.rm", lines_page(3, LINES_LAYERS))
    write("v5.rm", lines_page(5, LINES_LAYERS))
    for name in ("v3.rm", "v5.rm"):
        expected[name] = {"pages": [{"points": [4, 3], "highlighter_points": [2], "erasers": 1, "layers": 2}]}
    write("v6.rm", v6_page(text=("Romans ", "8:28")))
    expected["v6.rm"] = {"pages": [{"points": [5, 3], "highlighter_points": [2], "texts": ["Romans 8:28", "grace"], "layers": 1}]}

    notebook = "3f6c1a52-6c5e-4b4e-9b1f-0d1e2f3a4b5c"
    pages = {  # page id: (idx, deleted, strokes)
        "a1000000-0000-4000-8000-000000000001": ("bc", False, [(V6_BALLPOINT, 15)]),
        "a1000000-0000-4000-8000-000000000002": ("ba", False, [(V6_BALLPOINT, 15), (V6_PENCIL, 15)]),
        "a1000000-0000-4000-8000-000000000003": ("bb", True, [(V6_BALLPOINT, 15)]),
        "a1000000-0000-4000-8000-000000000004": ("bd", False, None),  # blank: no .rm file
    }
    content = {
        "cPages": {
            "lastOpened": {"timestamp": "1:1", "value": "a1000000-0000-4000-8000-000000000001"},
            "original": {"timestamp": "0:0", "value": -1},
            "pages": [],
            "uuids": [{"first": "20b88d6c-19b8-5d27-a0b1-0b067ec0a5e9", "second": 1}],
        },
        "coverPageNumber": -1,
        "fileType": "notebook",
        "formatVersion": 2,
        "orientation": "portrait",
        "pageCount": 3,
    }
    files = {}
    for page_id, (idx, deleted, strokes) in pages.items():
        entry = {"id": page_id, "idx": {"timestamp": "1:2", "value": idx}, "template": {"timestamp": "1:1", "value": "Blank"}}
        if deleted:
            entry["deleted"] = {"timestamp": "1:5", "value": 1}
        content["cPages"]["pages"].append(entry)
        if strokes is not None:
            files[f"{notebook}/{page_id}.rm"] = v6_page(strokes, extra=False)
    files[f"{notebook}.content"] = json.dumps(content, indent=4).encode()
    files[f"{notebook}.metadata"] = json.dumps({
        "deleted": False, "lastModified": "1700000000000", "parent": "", "pinned": False,
        "type": "DocumentType", "version": 3, "visibleName": "Sermon notes"}, indent=4).encode()
    for name, data in files.items():
        write(os.path.join("xochitl", name), data)
    # Reading order by idx: ...002 (ba), ...001 (bc), ...004 (bd, blank); ...003 deleted.
    folder_expected = {"title": "Sermon notes", "pages": [{"points": [5, 3]}, {"points": [5]}, {"points": []}]}
    expected[f"xochitl/{notebook}.content"] = folder_expected

    old = "4a000000-0000-4000-8000-0000000000aa"
    write(f"xochitl/{old}.content", json.dumps({"fileType": "notebook", "pageCount": 2, "pages": [
        "b0000000-0000-4000-8000-000000000002", "b0000000-0000-4000-8000-000000000001"]}).encode())
    write(f"xochitl/{old}.metadata", json.dumps({"visibleName": "Old notebook", "type": "DocumentType", "parent": ""}).encode())
    write(f"xochitl/{old}/b0000000-0000-4000-8000-000000000002.rm", lines_page(5, LINES_LAYERS))
    write(f"xochitl/{old}/b0000000-0000-4000-8000-000000000001.rm", lines_page(5, LINES_LAYERS[1:]))
    full = {"points": [4, 3], "highlighter_points": [2], "erasers": 1}
    expected[f"xochitl/{old}.content"] = {"title": "Old notebook", "pages": [full, {"points": [3]}]}

    numbered = "5b000000-0000-4000-8000-0000000000bb"
    write(f"xochitl/{numbered}.content", json.dumps({"fileType": "notebook", "pageCount": 2}).encode())
    write(f"xochitl/{numbered}/0.rm", lines_page(3, LINES_LAYERS[1:]))
    write(f"xochitl/{numbered}/1.rm", lines_page(3, LINES_LAYERS))
    expected[f"xochitl/{numbered}.content"] = {"title": None, "pages": [{"points": [3]}, full]}

    path = os.path.join(HERE, "notebook.rmdoc")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(2024, 6, 2, 10, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name])
    expected["notebook.rmdoc"] = folder_expected

    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(expected, f, indent=2, sort_keys=True)
        f.write("\n")


def large_page(path, strokes=1100):
    """A full page: lines of words, each word a few looped strokes drifting right."""
    import math
    lines = []
    n = 0
    row = 0
    while n < strokes:
        x = -640.0
        y = 160.0 + row * 78.0
        while x < 600 and n < strokes:
            letters = 3 + (n * 7) % 4
            for letter in range(letters):
                if n >= strokes:
                    break
                points = []
                for k in range(30):
                    t = k / 29 * 2 * math.pi
                    px = x + 14 * k / 29 + 6 * math.sin(t)
                    py = y - 16 * (0.5 - 0.5 * math.cos(t)) * (1.6 if (n + letter) % 5 == 0 else 1.0)
                    points.append((px, py, 2.0, 100 + (k * 5) % 120))
                lines.append((points, 15))
                x += 16
                n += 1
            x += 26
        row += 1
    write_path = os.path.abspath(path)
    with open(write_path, "wb") as f:
        f.write(v6_page(lines, extra=False))


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 3 and sys.argv[1] == "--large":
        large_page(sys.argv[2])
    else:
        main()
