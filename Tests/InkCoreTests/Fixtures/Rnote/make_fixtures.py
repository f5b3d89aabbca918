#!/usr/bin/env python3
"""Writes the Rnote fixtures of RnoteTests: synthetic notebooks, not user files, one per
generation of the .rnote format (gzip-compressed JSON, {"version": semver, "data": ...}):

    python3 Tests/InkCoreTests/Fixtures/Rnote/make_fixtures.py

rnote-0.5.8-fixed.rnote     0.5.0-0.5.8: data.sheet + data.store_snapshot (with trash components);
                            brush paths as lists of segments (dot, line, quadbez, cubbez);
                            fixed-size layout ("expand_mode"), ink on two pages, a trashed stroke,
                            a vacant slot, a text stroke, a line shape
rnote-0.5.9-fixed.rnote     0.5.9: data.document + data.store_snapshot; paths {start, segments}
                            with lineto / quadbezto / cubbezto; one page, a trashed stroke
rnote-0.9.0-vertical.rnote  0.5.10-0.12: data.engine_snapshot with document.format / layout
                            (and a camera from 0.9); continuous-vertical, ink on the first and
                            third page (the second blank), a textured stroke
rnote-0.13.0-fixed.rnote    0.13-0.14: document.config {format, background, layout}; fixed size,
                            two pages: a red pen stroke, a highlighter stroke (drawn first, but
                            in the highlighter layer), a rectangle, a bitmap image, a text stroke;
                            9-value affine transforms
rnote-0.15.0-infinite.rnote 0.15: 6-value affine transforms; infinite layout with ink left of and
                            above the origin, and a text two pages down

expected.json records, per fixture, the version and per page the strokes, their point counts,
the highlighter strokes, the texts and the skipped counts that the reader must give.

Output is deterministic (gzip mtime 0; keys in the order Rnote writes them).
"""
import gzip
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def element(x, y, p):
    return {"pos": [x, y], "pressure": p}


def color(r, g, b, a):
    return {"r": r, "g": g, "b": b, "a": a}


BLACK = color(0.0, 0.0, 0.0, 1.0)


def smooth(width, stroke_color=BLACK):
    return {"smooth": {"stroke_width": width, "stroke_color": stroke_color, "fill_color": None,
                       "pressure_curve": "linear", "line_style": "solid", "line_cap": "rounded"}}


def textured(width, stroke_color=BLACK):
    return {"textured": {"stroke_width": width, "stroke_color": stroke_color, "density": 5.0,
                         "distribution": "normal", "seed": 42}}


def slot(value, version=1):
    return {"value": value, "version": version}


SENTINEL = slot(None, 0)


def fmt(width, height):
    return {"width": width, "height": height, "dpi": 96.0,
            "orientation": "portrait" if width <= height else "landscape",
            "border_color": color(0.6, 0.6, 0.6, 1.0), "show_borders": True}


BACKGROUND = {"color": color(1.0, 1.0, 1.0, 1.0), "pattern": "dots", "pattern_size": [32.0, 32.0],
              "pattern_color": color(0.2, 0.2, 0.2, 1.0)}
CAMERA = {"offset": [-20.0, -20.0], "size": [800.0, 600.0], "zoom": 1.0}


def affine9(x, y):
    """nalgebra's Affine2 as serde writes it: the 3x3 matrix, column-major."""
    return {"affine": [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, x, y, 1.0]}


def affine6(x, y):
    """Rnote 0.15 keeps six of the nine values: 0, 1, 3, 4, 6, 7."""
    return {"affine": [1.0, 0.0, 0.0, 1.0, x, y]}


def text_style():
    return {"font_family": "serif", "font_size": 32.0, "font_weight": 500, "font_style": "regular",
            "color": BLACK, "max_width": None, "alignment": "start", "ranged_text_attributes": []}


def chrono(t, layer=None):
    component = {"t": t}
    if layer is not None:
        component["layer"] = layer
    return slot(component)


# --- 0.5.8 -------------------------------------------------------------------------------

def v0_5_8():
    strokes = [
        SENTINEL,
        # page 1: the first segment's start, then every segment's end
        slot({"brushstroke": {"path": [
            {"line": {"start": element(100.0, 100.0, 0.2), "end": element(150.0, 120.0, 0.4)}},
            {"line": {"start": element(150.0, 120.0, 0.4), "end": element(200.0, 140.0, 0.6)}},
            {"quadbez": {"start": element(200.0, 140.0, 0.6), "cp": [225.0, 160.0], "end": element(250.0, 150.0, 0.8)}},
        ], "style": smooth(3.0)}}),
        # page 2: a dot, then a cubic curve (the dot's element comes twice, as Rnote upgrades it)
        slot({"brushstroke": {"path": [
            {"dot": {"element": element(300.0, 1500.0, 0.5)}},
            {"cubbez": {"start": element(300.0, 1500.0, 0.5), "cp1": [310.0, 1510.0], "cp2": [340.0, 1540.0],
                        "end": element(350.0, 1550.0, 0.7)}},
        ], "style": smooth(2.0)}}),
        # trashed: not read
        slot({"brushstroke": {"path": [
            {"line": {"start": element(400.0, 400.0, 0.5), "end": element(420.0, 420.0, 0.5)}},
        ], "style": smooth(2.0)}}),
        slot(None, 2),  # vacant: a removed stroke
        slot({"textstroke": {"text": "Hello Rnote", "transform": affine9(120.0, 300.0), "text_style": text_style()}}),
        slot({"shapestroke": {"shape": {"line": {"start": [100.0, 600.0], "end": [300.0, 600.0]}}, "style": smooth(2.0)}}),
    ]
    trashed = [False, False, True, None, False, False]
    trash = [SENTINEL] + [slot({"trashed": t}) if t is not None else slot(None, 2) for t in trashed]
    selection = [SENTINEL] + [slot({"selected": False}) if t is not None else slot(None, 2) for t in trashed]
    chronos = [SENTINEL] + [chrono(k + 1) if t is not None else slot(None, 2) for k, t in enumerate(trashed)]
    data = {
        "sheet": {"x": 0.0, "y": 0.0, "width": 800.0, "height": 2000.0, "format": fmt(800.0, 1000.0),
                  "background": BACKGROUND, "expand_mode": "fixed_size"},
        "store_snapshot": {"stroke_components": strokes, "trash_components": trash,
                           "selection_components": selection, "chrono_components": chronos, "chrono_counter": 6},
    }
    expected = [
        # The line shape (an underline, 200 wide) is kept as a mark stroke of two points.
        {"strokes": 2, "points": [4, 2], "highlighter": 0, "texts": ["Hello Rnote"], "skipped": {"text": 1}},
        {"strokes": 1, "points": [3], "highlighter": 0, "texts": [], "skipped": {}},
    ]
    return "0.5.8", data, expected


# --- 0.5.9 -------------------------------------------------------------------------------

def v0_5_9():
    strokes = [
        SENTINEL,
        slot({"brushstroke": {"path": {"start": element(50.0, 60.0, 0.3), "segments": [
            {"lineto": {"end": element(70.0, 65.0, 0.5)}},
            {"quadbezto": {"cp": [80.0, 70.0], "end": element(90.0, 80.0, 0.7)}},
            {"cubbezto": {"cp1": [95.0, 85.0], "cp2": [100.0, 90.0], "end": element(110.0, 100.0, 0.9)}},
        ]}, "style": smooth(1.5, color(0.0, 0.0, 1.0, 1.0))}}),
        slot({"brushstroke": {"path": {"start": element(10.0, 10.0, 0.5), "segments": [
            {"lineto": {"end": element(20.0, 20.0, 0.5)}},
        ]}, "style": smooth(1.5)}}, 3),
    ]
    trash = [SENTINEL, slot({"trashed": False}), slot({"trashed": True}, 3)]
    chronos = [SENTINEL, chrono(1), chrono(2)]
    data = {
        "document": {"x": 0.0, "y": 0.0, "width": 600.0, "height": 800.0, "format": fmt(600.0, 800.0),
                     "background": BACKGROUND, "expand_mode": "fixed_size"},
        "store_snapshot": {"stroke_components": strokes, "trash_components": trash,
                           "selection_components": [SENTINEL, slot({"selected": False}), slot({"selected": False}, 3)],
                           "chrono_components": chronos, "chrono_counter": 2},
    }
    expected = [{"strokes": 1, "points": [4], "highlighter": 0, "texts": [], "skipped": {}}]
    return "0.5.9", data, expected


# --- 0.9.0 -------------------------------------------------------------------------------

def path(points):
    (x0, y0, p0), rest = points[0], points[1:]
    return {"start": element(x0, y0, p0), "segments": [{"lineto": {"end": element(x, y, p)}} for x, y, p in rest]}


def v0_9_0():
    strokes = [
        SENTINEL,
        slot({"brushstroke": {"path": path([(100.0, 150.0, 0.5), (140.0, 180.0, 0.6), (180.0, 250.0, 0.7)]),
                              "style": smooth(2.0)}}),
        slot({"brushstroke": {"path": path([(300.0, 2450.0, 0.4), (320.0, 2500.0, 0.5), (340.0, 2550.0, 0.6), (360.0, 2500.0, 0.7)]),
                              "style": textured(4.0, color(0.0, 0.5, 0.0, 1.0))}}),
    ]
    chronos = [SENTINEL, chrono(1, {"user_layer": 0}), chrono(2, {"user_layer": 0})]
    data = {"engine_snapshot": {
        "document": {"x": 0.0, "y": 0.0, "width": 1000.0, "height": 3550.0, "format": fmt(1000.0, 1000.0),
                     "background": BACKGROUND, "layout": "continuous_vertical", "snap_positions": False},
        "camera": CAMERA,
        "stroke_components": strokes, "chrono_components": chronos, "chrono_counter": 2,
    }}
    expected = [
        {"strokes": 1, "points": [3], "highlighter": 0, "texts": [], "skipped": {}},
        {"strokes": 0, "points": [], "highlighter": 0, "texts": [], "skipped": {}},
        {"strokes": 1, "points": [4], "highlighter": 0, "texts": [], "skipped": {}},
    ]
    return "0.9.0", data, expected


# --- 0.13.0 ------------------------------------------------------------------------------

def v0_13_0():
    rectangle = {"cuboid": {"half_extents": [50.0, 30.0]}, "transform": affine9(500.0, 800.0)}
    strokes = [
        SENTINEL,
        # a red pen stroke, drawn after the highlighter but below it
        slot({"brushstroke": {"path": path([(100.0, 200.0, 0.1), (120.0, 210.0, 0.3), (140.0, 215.0, 0.5),
                                            (160.0, 212.0, 0.7), (180.0, 205.0, 0.9)]),
                              "style": smooth(2.5, color(1.0, 0.0, 0.0, 1.0))}}),
        slot({"brushstroke": {"path": path([(90.0, 210.0, 1.0), (130.0, 210.0, 1.0), (170.0, 210.0, 1.0), (200.0, 210.0, 1.0)]),
                              "style": smooth(12.0, color(1.0, 1.0, 0.0, 0.5))}}),
        slot({"brushstroke": {"path": path([(200.0, 1700.0, 0.5), (220.0, 1720.0, 0.6), (240.0, 1740.0, 0.7)]),
                              "style": smooth(2.0)}}),
        slot({"shapestroke": {"shape": {"rect": rectangle}, "style": smooth(2.0)}}),
        slot({"textstroke": {"text": "Typed in Rnote", "transform": affine9(100.0, 1800.0), "text_style": text_style()}}),
        slot({"bitmapimage": {"image": {"data": [], "pixel_width": 1, "pixel_height": 1, "memory_format": "r8g8b8a8_premultiplied",
                                        "rectangle": {"cuboid": {"half_extents": [10.0, 10.0]}, "transform": affine9(600.0, 400.0)}},
                              "rectangle": {"cuboid": {"half_extents": [10.0, 10.0]}, "transform": affine9(600.0, 400.0)}}}),
        slot(None, 4),
    ]
    chronos = [SENTINEL, chrono(2, {"user_layer": 0}), chrono(1, "highlighter"), chrono(3, {"user_layer": 0}),
               chrono(4, {"user_layer": 0}), chrono(5, {"user_layer": 0}), chrono(6, "image"), slot(None, 4)]
    data = {"engine_snapshot": {
        "document": {"x": 0.0, "y": 0.0, "width": 1123.0, "height": 3174.0,
                     "config": {"format": fmt(1123.0, 1587.0), "background": BACKGROUND, "layout": "fixed_size"}},
        "camera": CAMERA,
        "stroke_components": strokes, "chrono_components": chronos, "chrono_counter": 6,
    }}
    expected = [
        {"strokes": 2, "points": [5, 4], "highlighter": 1, "texts": [], "skipped": {"shape": 1, "image": 1}},
        {"strokes": 1, "points": [3], "highlighter": 0, "texts": ["Typed in Rnote"], "skipped": {"text": 1}},
    ]
    return "0.13.0", data, expected


# --- 0.15.0 ------------------------------------------------------------------------------

def v0_15_0():
    strokes = [
        SENTINEL,
        slot({"brushstroke": {"path": path([(-520.0, -320.0, 0.5), (-500.0, -300.0, 0.6), (-480.0, -280.0, 0.7)]),
                              "style": smooth(2.0)}}),
        slot({"brushstroke": {"path": path([(200.0, 100.0, 0.5), (220.0, 110.0, 0.5)]), "style": smooth(2.0)}}),
        slot({"textstroke": {"text": "Far below", "transform": affine6(400.0, 3300.0), "text_style": text_style()}}),
    ]
    chronos = [SENTINEL, chrono(1, {"user_layer": 0}), chrono(2, {"user_layer": 0}), chrono(3, {"user_layer": 0})]
    data = {"engine_snapshot": {
        "document": {"x": -2246.0, "y": -3174.0, "width": 5615.0, "height": 9522.0,
                     "config": {"format": fmt(1123.0, 1587.0), "background": BACKGROUND, "layout": "infinite"}},
        "camera": CAMERA,
        "stroke_components": strokes, "chrono_components": chronos, "chrono_counter": 3,
    }}
    expected = [
        {"strokes": 1, "points": [3], "highlighter": 0, "texts": [], "skipped": {}},
        {"strokes": 1, "points": [2], "highlighter": 0, "texts": [], "skipped": {}},
        {"strokes": 0, "points": [], "highlighter": 0, "texts": ["Far below"], "skipped": {"text": 1}},
    ]
    return "0.15.0", data, expected


FIXTURES = {
    "rnote-0.5.8-fixed": v0_5_8,
    "rnote-0.5.9-fixed": v0_5_9,
    "rnote-0.9.0-vertical": v0_9_0,
    "rnote-0.13.0-fixed": v0_13_0,
    "rnote-0.15.0-infinite": v0_15_0,
}


def main():
    expected = {}
    for name, make in FIXTURES.items():
        version, data, pages = make()
        text = json.dumps({"version": version, "data": data}, separators=(",", ":"))
        with open(os.path.join(HERE, name + ".rnote"), "wb") as f:
            f.write(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
        expected[name] = {"version": version, "pages": pages}
    with open(os.path.join(HERE, "expected.json"), "w") as f:
        json.dump(expected, f, indent=2, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
