"""Synthetic ink lines for what IAM-OnDB lacks: digits, colons, scripture references.

Lines are composed from UNIPEN isolated characters (digits 1a, upper 1b, lower 1c, symbols 1d),
each scaled and placed on a baseline by its typographic class, with random spacing and jitter.
"""
import random
import numpy as np
import features as F

BOOKS = ("Gen Genesis Ex Exod Exodus Lev Num Deut Josh Judg Ruth Sam Kings Chr Ezra Neh Esth Job "
         "Ps Psalm Psalms Prov Eccl Song Isa Isaiah Jer Lam Ezek Dan Hos Joel Amos Obad Jonah Mic "
         "Nah Hab Zeph Hag Zech Mal Mt Matt Matthew Mk Mark Lk Luke Jn John Acts Rom Romans Cor "
         "Gal Eph Phil Col Thess Tim Titus Philem Heb Hebrews Jas James Pet Peter Jude Rev "
         "Revelation").split()
NUMBERED = {"Sam", "Kings", "Chr", "Cor", "Thess", "Tim", "Pet", "John", "Jn"}

TALL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789bdfhklt!?")
SMALL = set("acemnorsuvwxz")
DESC = set("gpqy")
# top, bottom of each class relative to the baseline (y down; cap height 1)
BOX = {"tall": (-1.0, 0.0), "small": (-0.55, 0.0), "desc": (-0.55, 0.45), "i": (-0.8, 0.0),
       "j": (-0.8, 0.45), ":": (-0.5, 0.0), ";": (-0.5, 0.25), ",": (-0.12, 0.25),
       "'": (-1.0, -0.7), "(": (-1.05, 0.25), ")": (-1.05, 0.25)}


def ref(rng):
    book = rng.choice(BOOKS)
    if book in NUMBERED and rng.random() < 0.6:
        book = f"{rng.randint(1, 3)} {book}"
    ch = rng.choice([rng.randint(1, 9), rng.randint(1, 30), rng.randint(1, 150)])
    v = rng.randint(1, 40)
    s = f"{book} {ch}:{v}"
    r = rng.random()
    if r < 0.3:
        s += f"-{v + rng.randint(1, 12)}"
    elif r < 0.4:
        s += f", {v + rng.randint(2, 9)}"
    elif r < 0.45:
        s += "."
    return s


def number(rng):
    r = rng.random()
    if r < 0.3:
        return str(rng.randint(0, 9999))
    if r < 0.5:
        return f"{rng.randint(1, 12)}:{rng.randint(0, 59):02d}"
    if r < 0.65:
        return f"{rng.randint(1, 31)}.{rng.randint(1, 12)}."
    if r < 0.8:
        return f"{rng.randint(1, 999)}-{rng.randint(1, 999)}"
    return f"({rng.randint(1, 99)})"


def make_text(rng, words):
    parts = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.45:
            parts.append(ref(rng))
        elif r < 0.7:
            parts.append(number(rng))
        else:
            parts.append(" ".join(rng.choice(words) for _ in range(rng.randint(1, 3))))
    return " ".join(parts)


def place(ch, glyph, rng):
    """Scale a unit glyph into its class box; returns strokes and advance width."""
    allp = np.concatenate(glyph)
    w, h = float(np.ptp(allp[:, 0])), float(np.ptp(allp[:, 1]))
    if ch == ".":
        size = rng.uniform(0.06, 0.12)
        k = size / max(w, h, 1e-6)
        top = -size
    elif ch == "-":
        width = rng.uniform(0.3, 0.5)
        k = width / max(w, 1e-6)
        top = -0.35 - h * k / 2
    else:
        cls = ("tall" if ch in TALL else "small" if ch in SMALL else "desc" if ch in DESC
               else ch if ch in BOX else "i" if ch == "i" else "j" if ch == "j" else "tall")
        t, b = BOX[cls]
        k = (b - t) / max(h, 1e-6)
        k = min(k, 1.6 / max(w, 1e-6))   # avoid absurdly wide glyphs
        top = t
    k *= rng.uniform(0.9, 1.1)
    dy = top + rng.uniform(-0.04, 0.04)
    strokes = [np.stack([s[:, 0] * k, s[:, 1] * k + dy], 1).astype(np.float64) for s in glyph]
    return strokes, w * k


def synth_line(rng, glyphs, words):
    while True:
        text = make_text(rng, words)
        if all(c == " " or c in glyphs for c in text):
            break
    x, strokes = 0.0, []
    for ch in text:
        if ch == " ":
            x += rng.uniform(0.35, 0.7)
            continue
        g, adv = place(ch, rng.choice(glyphs[ch]), rng)
        for s in g:
            strokes.append(np.stack([s[:, 0] + x, s[:, 1]], 1))
        x += adv + rng.uniform(0.08, 0.22)
    scale = rng.uniform(20, 2000)
    return text, [s * scale for s in strokes]


def synth_samples(glyphs, words, count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        text, strokes = synth_line(rng, glyphs, words)
        pts, _, start, _ = F.resample(strokes)
        if len(pts) < 4:
            continue
        out.append(dict(id=f"synth-{seed}-{len(out)}", writer=None, text=text,
                        pts=pts.astype(np.float32), start=start.astype(np.uint8)))
    return out
