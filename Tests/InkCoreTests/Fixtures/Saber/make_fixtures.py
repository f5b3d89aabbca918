#!/usr/bin/env python3
"""Writes the Saber fixtures of SaberTests: synthetic notes, not user files.

    python3 Tests/InkCoreTests/Fixtures/Saber/make_fixtures.py

saber-v3.sbn    JSON, file version 3: page sizes as [width, height] lists in z, the strokes
                listed once for the note, each with its page index i; points as {x, y, p} maps
saber-v11.sbn   JSON, file version 11: strokes in their pages (z[n].s), points as {x, y, p}
                maps, a stroke offset (ox, oy), the legacy pen name "Pen", a highlighter,
                Quill text (q) on page 1
saber-v19.sbn2  BSON (written by hand below, from bsonspec.org), file version 19: points as
                8- or 12-byte binary float32 (x, y[, pressure]), colours as int32 and int64 (one
                negative int32), a fountain pen with pressure, a highlighter, a ballpoint pen with
                an offset, a pencil, a circle from the shape pen, an image, a background image,
                Quill text on both pages
saber-v19.sba   a Saber archive: a ZIP with saber-v19.sbn2 as main.sbn2 and an asset

expected.json records, per fixture, the version and per page the strokes, their point counts,
the highlighter strokes, the texts and the skipped counts that the reader must give.

Output is deterministic (fixed ZIP dates; every value chosen exact in float32).
"""
import io
import json
import os
import struct
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


# --- BSON, by hand -----------------------------------------------------------------------

class Int32(int):
    pass


class Int64(int):
    pass


def cstring(text):
    return text.encode("utf-8") + b"\x00"


def bson_element(key, value):
    name = cstring(key)
    if value is None:
        return b"\x0a" + name
    if isinstance(value, bool):
        return b"\x08" + name + (b"\x01" if value else b"\x00")
    if isinstance(value, Int64):
        return b"\x12" + name + struct.pack("<q", value)
    if isinstance(value, int):  # as Dart's bson writes ints: int32 where it fits, else int64
        if -(1 << 31) <= value < (1 << 31):
            return b"\x10" + name + struct.pack("<i", value)
        return b"\x12" + name + struct.pack("<q", value)
    if isinstance(value, float):
        return b"\x01" + name + struct.pack("<d", value)
    if isinstance(value, str):
        encoded = value.encode("utf-8")
        return b"\x02" + name + struct.pack("<i", len(encoded) + 1) + encoded + b"\x00"
    if isinstance(value, bytes):
        return b"\x05" + name + struct.pack("<i", len(value)) + b"\x00" + value
    if isinstance(value, list):
        return b"\x04" + name + bson_document({str(k): v for k, v in enumerate(value)})
    if isinstance(value, dict):
        return b"\x03" + name + bson_document(value)
    raise TypeError(type(value))


def bson_document(mapping):
    body = b"".join(bson_element(key, value) for key, value in mapping.items())
    return struct.pack("<i", len(body) + 5) + body + b"\x00"


def point(x, y, pressure=None):
    """PointExtensions.toBsonBinary: float32 x, y and the pressure unless it is 0.5."""
    if pressure is None:
        return struct.pack("<ff", x, y)
    return struct.pack("<fff", x, y, pressure)


# --- version 3 ---------------------------------------------------------------------------

V3 = {
    "v": 3, "w": 800.0, "h": 1000.0,
    "z": [[800.0, 1000.0], [800.0, 1000.0]],
    "s": [
        {"p": [{"x": 10.0, "y": 10.0, "p": 0.5}, {"x": 20.0, "y": 20.0, "p": 0.75}], "i": 0, "c": 0xFFFF0000, "s": 3.0},
        {"p": [{"x": 30.0, "y": 30.0, "p": 0.5}, {"x": 40.0, "y": 40.0, "p": 0.5}, {"x": 50.0, "y": 45.0, "p": 0.5}], "i": 1},
    ],
}
V3_EXPECTED = [
    {"strokes": 1, "points": [2], "highlighter": 0, "texts": [], "skipped": {}},
    {"strokes": 1, "points": [3], "highlighter": 0, "texts": [], "skipped": {}},
]

# --- version 11 --------------------------------------------------------------------------

V11 = {
    "v": 11, "ni": 0, "b": None, "p": "none", "l": 40,
    "z": [
        {"w": 1000.0, "h": 1400.0, "s": [
            {"f": True, "p": [{"x": 100.0, "y": 200.0, "p": 0.25}, {"x": 110.0, "y": 205.0, "p": 0.5},
                              {"x": 120.0, "y": 210.0, "p": 0.75}],
             "i": 0, "ty": "Pen", "c": 0xFF000000, "s": 5.0, "t": 0.6},
            {"f": True, "p": [{"x": 90.0, "y": 205.0, "p": 0.5}, {"x": 130.0, "y": 205.0, "p": 0.5}],
             "i": 0, "ty": "Highlighter", "c": 0x66FFEB3B, "s": 50.0, "pe": False},
        ], "q": [{"insert": "Typed in Saber\n"}]},
        {"w": 1000.0, "h": 1400.0, "s": [
            {"f": True, "p": [{"x": 10.0, "y": 20.0, "p": 0.875}, {"x": 15.0, "y": 25.0, "p": 0.625}],
             "i": 1, "ty": "Pen", "ox": 100.0, "oy": 50.0},
        ]},
    ],
    "c": 1,
}
V11_EXPECTED = [
    {"strokes": 2, "points": [3, 2], "highlighter": 1, "texts": ["Typed in Saber"], "skipped": {"text": 1}},
    {"strokes": 1, "points": [2], "highlighter": 0, "texts": [], "skipped": {}},
]

# --- version 19 --------------------------------------------------------------------------

V19 = {
    "v": 19, "ni": 2, "b": None, "p": "college", "l": 40, "lt": 3,
    "z": [
        {"w": 1000.0, "h": 1400.0, "s": [
            # Saber keeps strokes sorted by pen: "Highlighter" before "fountainPen"
            {"shape": None, "p": [point(100.0, 300.0), point(200.0, 300.0), point(300.0, 300.0)],
             "i": 0, "ty": "Highlighter", "pe": False, "c": Int32(0x66FFEB3B), "s": 50.0},
            {"shape": None, "p": [point(100.0, 100.0, 0.25), point(110.0, 104.0), point(120.0, 108.0, 0.75),
                                  point(130.5, 112.25, 1.0)],
             "i": 0, "ty": "fountainPen", "pe": True, "c": Int64(0xFF1565C0), "s": 5.0, "sm": 0.5},
        ], "q": [{"insert": "Hello from Saber"}, {"insert": "\n", "attributes": {"header": 1}}]},
        {"w": 1000.0, "h": 1400.0, "s": [
            {"shape": None, "p": [point(10.0, 10.0), point(20.0, 20.0), point(30.0, 10.0)],
             "i": 1, "ty": "ballpointPen", "pe": False, "c": Int32(-16777216), "s": 3.0, "ox": 500.0, "oy": 600.0},
            {"shape": "circle", "i": 1, "ty": "ShapePen", "cx": 300.0, "cy": 300.0, "r": 50.0, "pe": False,
             "c": Int64(0xFF000000)},
            {"shape": None, "p": [point(400.0, 400.0, 0.5), point(410.0, 420.0, 0.625), point(420.0, 440.0)],
             "i": 1, "ty": "Pencil", "pe": True, "c": Int64(0xFF424242), "s": 4.0},
        ],
         "i": [{"id": 0, "e": ".png", "x": 50.0, "y": 900.0, "w": 200.0, "h": 100.0, "a": 0}],
         "b": {"id": 1, "e": ".pdf", "x": 0.0, "y": 0.0, "w": 1000.0, "h": 1400.0, "a": 1, "pdfi": 0},
         "q": [{"insert": "Page two notes\n"}]},
    ],
    "c": 0,
}
V19_EXPECTED = [
    {"strokes": 2, "points": [3, 4], "highlighter": 1, "texts": ["Hello from Saber"], "skipped": {"text": 1}},
    {"strokes": 2, "points": [3, 3], "highlighter": 0, "texts": ["Page two notes"],
     "skipped": {"shape": 1, "image": 1, "background image": 1, "text": 1}},
]


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def archive(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zipped:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zipped.writestr(info, data)
    return buffer.getvalue()


def main():
    write("saber-v3.sbn", json.dumps(V3, separators=(",", ":")).encode("utf-8"))
    write("saber-v11.sbn", json.dumps(V11, separators=(",", ":")).encode("utf-8"))
    v19 = bson_document(V19)
    write("saber-v19.sbn2", v19)
    write("saber-v19.sba", archive([("main.sbn2", v19), ("main.sbn2.0", b"\x89PNG\r\n\x1a\n")]))
    expected = {
        "saber-v3.sbn": {"version": "3", "pages": V3_EXPECTED},
        "saber-v11.sbn": {"version": "11", "pages": V11_EXPECTED},
        "saber-v19.sbn2": {"version": "19", "pages": V19_EXPECTED},
        "saber-v19.sba": {"version": "19", "pages": V19_EXPECTED},
    }
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(expected, f, indent=2, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
