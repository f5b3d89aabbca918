"""Synthetic print and script from the Hershey glyphs, with heavy variation, for the open model.

The demo's notes and many tests are written by `InkSynthesis` from the same Hershey fonts
(`Sources/InkSynthesis/Resources/*.jhf`, free for any use with an acknowledgement, HERSHEY-LICENSE.txt),
and their print capitals are what the open model reads worst ("AMCIind grace"). The issue allows
the synthesizer's print style in training "with heavy variation, if it measurably helps"; this
writer gives `compose.glyph_lines` such text: every glyph sheared, scaled, shifted and jittered on
its own, the line slanted and its spacing varied, letters beyond ASCII made of a Hershey base
letter and generated marks (`compose.Marks`, no writer's punctuation). Nothing here is a person's
writing: train.py draws a few hundred such lines an epoch beside the real ink, and every
measurement stays on real or real-glyph ink.

    writer = HersheyWriter.bundled(random.Random(0))
    samples = compose.glyph_lines(writer, languages.TextSource(words), 100, seed, alphabet)
"""
import os
import numpy as np
import compose

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = os.path.join(HERE, "..", "Sources", "InkSynthesis", "Resources")
# Font units (HersheyFont.swift): capitals from y = -12 to the baseline at y = 9.
CAP_HEIGHT, BASELINE = 21.0, 9.0


def parse_jhf(text):
    """{character: (left, right, [strokes as (n, 2) arrays in font units])} of a .jhf font, whose
    line n (from 0) is ASCII 32 + n (Resources/README.md)."""
    def value(c):
        return ord(c) - ord("R")

    glyphs = {}
    for index, line in enumerate(text.splitlines()):
        if 32 + index >= 127:
            break
        count = int(line[5:8])
        body = line[8:]
        left, right = value(body[0]), value(body[1])
        strokes, current = [], []
        for pair in range(1, count):
            a, b = body[2 * pair], body[2 * pair + 1]
            if a == " " and b == "R":
                if current:
                    strokes.append(np.array(current, dtype=np.float64))
                current = []
            else:
                current.append((value(a), value(b)))
        if current:
            strokes.append(np.array(current, dtype=np.float64))
        glyphs[chr(32 + index)] = (left, right, strokes)
    return glyphs


def _densified(stroke, step=1.5):
    """Points every `step` font units along a Hershey polyline, so that jitter bends its long
    straight segments as a hand would."""
    out = [stroke[0]]
    for a, b in zip(stroke[:-1], stroke[1:]):
        n = max(1, int(np.hypot(*(b - a)) / step))
        out += [a + (b - a) * k / n for k in range(1, n + 1)]
    return np.asarray(out)


class HersheyWriter:
    """Writes text in one of the Hershey fonts (print: `rowmans`, script: `scripts`), a new
    variation for every line and glyph. The interface of `compose.GlyphWriter` (`rng`,
    `can_write`, `write`), so that `compose.glyph_lines` composes with it."""

    def __init__(self, fonts, rng):
        self.fonts, self.rng = fonts, rng

    @classmethod
    def bundled(cls, rng, names=("rowmans", "scripts")):
        fonts = {}
        for name in names:
            with open(os.path.join(FONTS, f"{name}.jhf"), encoding="ascii") as fh:
                fonts[name] = parse_jhf(fh.read())
        return cls(fonts, rng)

    def can_write(self, ch):
        if ch == " " or all(ch in font for font in self.fonts.values()):
            return True
        if ch in compose.SPECIAL:
            return all(self.can_write(b) for b in compose.SPECIAL[ch][0])
        base, marks = compose.decompose(ch)
        return (base != ch and self.can_write(base)
                and all(m in compose.ABOVE or m in compose.BELOW for m in marks))

    def _glyph(self, font, ch, slant):
        """-> (strokes in glyph units, cap height 1, baseline 0, y down; advance) of one character."""
        r = self.rng
        left, right, strokes = font[ch]
        size = r.uniform(0.88, 1.12)
        shear = slant + r.uniform(-0.08, 0.08)
        dy = r.uniform(-0.05, 0.05)
        out = []
        for s in strokes:
            p = _densified(s)
            p = p + np.array([[r.gauss(0, 0.2), r.gauss(0, 0.2)] for _ in p])
            x, y = (p[:, 0] - left) / CAP_HEIGHT * size, (p[:, 1] - BASELINE) / CAP_HEIGHT * size + dy
            out.append(np.stack([x - y * shear, y], 1))
        return out, (right - left) / CAP_HEIGHT * size

    def _char(self, font, ch, slant, marks):
        """-> (strokes, advance) of one character: the font's glyph, or a letter beyond ASCII built
        from a Hershey base letter as compose.py builds it from a writer's glyph."""
        if ch in font:
            return self._glyph(font, ch, slant)
        if ch in compose.SPECIAL:
            def dotless():
                s, adv = self._glyph(font, "i", slant)
                return compose._without_dot(s), adv
            return compose.special_letter(ch, lambda base: self._char(font, base, slant, marks), dotless, self.rng)
        base, combining = compose.decompose(ch)
        s, adv = self._char(font, base, slant, marks)
        if base in "ij":
            s = compose._without_dot(s)
        return compose.with_marks(s, combining, marks, self.rng), adv

    def write(self, text):
        """-> strokes of the text in glyph units (cap height 1, baseline 0, y down)."""
        r = self.rng
        font = self.fonts[r.choice(sorted(self.fonts))]
        slant = r.uniform(-0.15, 0.45)
        tracking = r.uniform(-0.08, 0.12)
        marks = compose.Marks({}, r)
        x, strokes = 0.0, []
        for ch in text:
            if ch == " ":
                x += r.uniform(0.3, 0.7)
                continue
            g, adv = self._char(font, ch, slant, marks)
            strokes += [np.stack([s[:, 0] + x, s[:, 1]], 1) for s in g]
            x += adv + tracking + r.uniform(-0.04, 0.04)
        # The line itself drifts: a slight rotation about its start.
        angle = r.uniform(-0.04, 0.04)
        c, s_ = np.cos(angle), np.sin(angle)
        return [np.stack([p[:, 0] * c - p[:, 1] * s_, p[:, 0] * s_ + p[:, 1] * c], 1) for p in strokes]
