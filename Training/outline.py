"""Letters drawn as hatched outlines (train.py's `--hatched SHARE`).

People write a heading, or a word they stress, in outline capitals filled with hatching. The
network has never seen a letter drawn that way: `bench-layout --touched` measures the open model
of recognition version 24 at 13.6% CER on words in plain capitals and over 200% on the same words
hatched (Docs/Benchmarks.md, "Words in hatched outline capitals"). This draws composed lines in
capitals that way, for training, as a person draws them: the ink widened to a band, one outline
around each letter's band (and around each hole in it, as in A, B, O), then the letter filled
with parallel hatches, one stroke each, letter after letter. Where two letters' bands touch they
share one outline. Sources/InkSynthesis/Synthesis/HatchedOutline.swift (the benchmark's
generator) takes the same steps.

Glyph units (compose.GlyphWriter): baseline y = 0, y down, capitals about 1 tall.
"""
import math
import numpy as np


def band_mask(strokes, half_width, cell):
    """The ink widened to `half_width` on a grid of `cell`-sized squares: (inside, origin), where
    inside[r, c] is whether the square whose top-left corner is origin + (c, r)·cell is within
    half_width of a pen path; one empty square of margin all round."""
    pts = np.concatenate([np.asarray(s, dtype=np.float64).reshape(-1, 2) for s in strokes])
    origin = pts.min(0) - half_width - 2 * cell
    size = np.ceil((pts.max(0) + half_width + 2 * cell - origin) / cell).astype(int) + 1
    inside = np.zeros((size[1], size[0]), dtype=bool)
    ys, xs = np.mgrid[0:size[1], 0:size[0]]
    centers = np.stack([xs, ys], -1) * cell + origin + cell / 2
    for s in strokes:
        p = np.asarray(s, dtype=np.float64).reshape(-1, 2)
        segments = [(p[k], p[k + 1]) for k in range(len(p) - 1)] or [(p[0], p[0])]
        for a, b in segments:
            lo = np.floor((np.minimum(a, b) - half_width - origin) / cell).astype(int).clip(0)
            hi = np.ceil((np.maximum(a, b) + half_width - origin) / cell).astype(int) + 1
            q = centers[lo[1]:hi[1], lo[0]:hi[0]]
            d = b - a
            t = np.clip(((q - a) @ d) / max(d @ d, 1e-12), 0, 1)
            near = np.hypot(*(q - a - t[..., None] * d).transpose(2, 0, 1)) <= half_width
            inside[lo[1]:hi[1], lo[0]:hi[0]] |= near
    return inside, origin


def boundary_loops(inside):
    """The closed loops of grid corners (row, column) between inside and outside squares, each
    with the inside on its right as it runs (y down): outer edges clockwise, holes the other way.
    Where two squares touch only at a corner, the loop turns so that they stay apart."""
    outgoing = {}
    rows, cols = np.nonzero(inside)
    for r, c in zip(rows.tolist(), cols.tolist()):
        if not inside[r - 1, c]:
            outgoing.setdefault((r, c), []).append((r, c + 1))
        if not inside[r, c + 1]:
            outgoing.setdefault((r, c + 1), []).append((r + 1, c + 1))
        if not inside[r + 1, c]:
            outgoing.setdefault((r + 1, c + 1), []).append((r + 1, c))
        if not inside[r, c - 1]:
            outgoing.setdefault((r + 1, c), []).append((r, c))
    loops = []
    while outgoing:
        start = next(iter(outgoing))
        loop, here, heading = [start], start, None
        while True:
            choices = outgoing[here]
            if len(choices) == 1 or heading is None:
                nxt = choices.pop(0)
            else:
                # Turn right (toward the inside) at a corner shared by two diagonal squares.
                right = (heading[1], -heading[0])
                nxt = next((q for q in choices if (q[0] - here[0], q[1] - here[1]) == right), choices[0])
                choices.remove(nxt)
            if not choices:
                del outgoing[here]
            heading = (nxt[0] - here[0], nxt[1] - here[1])
            here = nxt
            if here == start:
                break
            loop.append(here)
        loops.append(np.array(loop, dtype=np.float64))
    return loops


def smoothed(loop, passes=2, keep_every=3):
    """A staircase loop of grid corners made a smooth closed path: a circular moving average of
    three points, `passes` times, then every `keep_every`-th point."""
    p = loop
    for _ in range(passes):
        p = (np.roll(p, 1, 0) + p + np.roll(p, -1, 0)) / 3
    return p[::keep_every] if len(p) >= 3 * keep_every else p


def signed_area(polygon):
    x, y = polygon[:, 0], polygon[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def hatches(polygons, spacing, angle):
    """Parallel segments `spacing` apart at `angle` (radians from the x axis) across the region
    the closed `polygons` bound together (even-odd: holes stay empty): each scan line's crossings
    with all their edges, paired in order."""
    polygons = [p for p in polygons if len(p) >= 3]
    if spacing <= 0 or not polygons:
        return []
    c, s = math.cos(angle), math.sin(angle)
    ax, ay, bx, by = [], [], [], []
    for polygon in polygons:
        tx = polygon[:, 0] * c + polygon[:, 1] * s
        ty = -polygon[:, 0] * s + polygon[:, 1] * c
        ax.append(tx), ay.append(ty), bx.append(np.roll(tx, -1)), by.append(np.roll(ty, -1))
    ax, ay, bx, by = map(np.concatenate, (ax, ay, bx, by))
    out = []
    y = math.floor(ay.min() / spacing) * spacing + spacing / 2
    while y < ay.max():
        # Half-open in y, so that a vertex on the scan line counts once.
        crossing = (ay <= y) != (by <= y)
        xs = np.sort(ax[crossing] + (y - ay[crossing]) / (by[crossing] - ay[crossing]) * (bx[crossing] - ax[crossing]))
        for k in range(0, len(xs) - 1, 2):
            if xs[k + 1] - xs[k] > 1e-9:
                seg = np.array([[xs[k], y], [xs[k + 1], y]])
                out.append(np.stack([seg[:, 0] * c - seg[:, 1] * s, seg[:, 0] * s + seg[:, 1] * c], 1))
        y += spacing
    return out


def outlined(strokes, half_width, spacing, angle, cell=None):
    """`strokes` as outline letters: for each connected band, left to right, its outer outline,
    its holes' outlines, then its hatches (none when spacing is 0); each a closed stroke or a
    segment."""
    strokes = [np.asarray(s, dtype=np.float64).reshape(-1, 2) for s in strokes if len(s)]
    if not strokes:
        return []
    cell = cell or half_width / 4
    inside, origin = band_mask(strokes, half_width, cell)
    loops = [smoothed(l)[:, ::-1] * cell + origin for l in boundary_loops(inside)]
    # Outer edges run clockwise on screen (y down), which is a positive shoelace area here.
    outers = [l for l in loops if signed_area(l) > 0]
    holes = [l for l in loops if signed_area(l) <= 0]
    out = []
    for outer in sorted(outers, key=lambda l: l[:, 0].min()):
        lo, hi = outer.min(0), outer.max(0)
        mine = [h for h in holes if (h.min(0) >= lo).all() and (h.max(0) <= hi).all() and abs(signed_area(h)) < signed_area(outer)]
        holes = [h for h in holes if not any(h is m for m in mine)]
        for loop in [outer] + mine:
            out.append(np.concatenate([loop, loop[:1]], 0))
        out += hatches([outer] + mine, spacing, angle)
    return out


def hatched(strokes, rng, half_width=None, spacing=None):
    """`strokes` (glyph units) as hatched outline letters, in the ways people vary them: bands
    0.09-0.16 wide on each side, the line stretched along x by the bands' width (letters about
    0.9 apart keep their gaps), hatches 0.12-0.24 apart at 0.5-1.1 radians either way, and a
    quarter of the lines left hollow."""
    half_width = half_width or rng.uniform(0.09, 0.16)
    spacing = spacing or (0.0 if rng.random() < 0.25 else rng.uniform(0.12, 0.24))
    angle = rng.uniform(0.5, 1.1) * (1 if rng.random() < 0.7 else -1)
    spread = 1 + 2 * half_width / 0.9
    return outlined([np.asarray(s, dtype=np.float64) * np.array([spread, 1.0]) for s in strokes], half_width, spacing, angle)
