"""Letters drawn as hatched outlines (train.py's `--hatched SHARE`).

People write a heading, or a word they stress, in outline capitals filled with hatching. The
network has never seen a letter drawn that way: `bench-layout --touched` measures the open model
of recognition version 24 at 13.6% CER on words in plain capitals and over 200% on the same words
hatched (Docs/Benchmarks.md, "Words in hatched outline capitals"). This draws composed lines in
capitals that way, for training: each pen stroke widened to a band, the band's outline drawn as
one closed stroke, then filled with parallel hatches, one stroke each. It follows
Sources/InkSynthesis/Synthesis/HatchedOutline.swift (the benchmark's generator) step for step;
like it, it outlines each pen stroke on its own, where a person draws one outline around a whole
letter.

Glyph units (compose.GlyphWriter): baseline y = 0, y down, capitals about 1 tall.
"""
import math
import numpy as np


def distinct(path):
    """The path without points that repeat the one before."""
    keep = [0] + [k for k in range(1, len(path)) if np.hypot(*(path[k] - path[k - 1])) > 1e-9]
    return path[keep]


def band(path, half_width, cap_points=5):
    """The closed outline (first point not repeated) half_width around `path`: its left side
    forward, a round end, its right side back, a round start; a dot is a small circle."""
    p = distinct(np.asarray(path, dtype=np.float64))
    if len(p) == 0:
        return np.zeros((0, 2))
    if len(p) == 1:
        a = 2 * math.pi * np.arange(2 * cap_points + 2) / (2 * cap_points + 2)
        return np.stack([p[0, 0] + half_width * np.cos(a), p[0, 1] + half_width * np.sin(a)], 1)
    d = np.diff(p, axis=0)
    seg = d / np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-12)[:, None]
    seg_normals = np.stack([-seg[:, 1], seg[:, 0]], 1)
    normals = np.empty_like(p)
    normals[0], normals[-1] = seg_normals[0], seg_normals[-1]
    # Inner vertices: the mean of their segments' normals as a mitre, at most twice the width.
    m = seg_normals[:-1] + seg_normals[1:]
    n = np.hypot(m[:, 0], m[:, 1])
    cos_half = np.maximum(n / 2, 0.5)
    inner = np.where(n[:, None] > 1e-6, m / np.maximum(n, 1e-12)[:, None] / cos_half[:, None], seg_normals[1:])
    normals[1:-1] = inner

    def cap(center, normal):
        start = math.atan2(normal[1], normal[0])
        a = start - math.pi * np.arange(1, cap_points + 1) / (cap_points + 1)
        return np.stack([center[0] + half_width * np.cos(a), center[1] + half_width * np.sin(a)], 1)

    left = p + half_width * normals
    right = (p - half_width * normals)[::-1]
    return np.concatenate([left, cap(p[-1], normals[-1]), right, cap(p[0], -normals[0])], 0)


def hatches(polygon, spacing, angle):
    """Parallel segments `spacing` apart across the closed polygon at `angle` (radians from the
    x axis), clipped to its inside (even-odd): each scan line's crossings, paired in order."""
    if spacing <= 0 or len(polygon) < 3:
        return []
    c, s = math.cos(angle), math.sin(angle)
    tx = polygon[:, 0] * c + polygon[:, 1] * s
    ty = -polygon[:, 0] * s + polygon[:, 1] * c
    ax, ay = tx, ty
    bx, by = np.roll(tx, -1), np.roll(ty, -1)
    out = []
    y = math.floor(ty.min() / spacing) * spacing + spacing / 2
    while y < ty.max():
        # Half-open in y, so that a vertex on the scan line counts once.
        crossing = (ay <= y) != (by <= y)
        xs = np.sort(ax[crossing] + (y - ay[crossing]) / (by[crossing] - ay[crossing]) * (bx[crossing] - ax[crossing]))
        for k in range(0, len(xs) - 1, 2):
            if xs[k + 1] - xs[k] > 1e-9:
                seg = np.array([[xs[k], y], [xs[k + 1], y]])
                out.append(np.stack([seg[:, 0] * c - seg[:, 1] * s, seg[:, 0] * s + seg[:, 1] * c], 1))
        y += spacing
    return out


def hatched(strokes, rng, half_width=0.12, spacing=0.16):
    """`strokes` (glyph units) as hatched outline letters: stretched along x by the bands' width
    (letters about 0.9 apart keep their gaps), then per stroke its closed outline and its
    hatches, at one angle for the line (0.6-1.0 radians, as the benchmark draws them)."""
    angle = rng.uniform(0.6, 1.0)
    spread = 1 + 2 * half_width / 0.9
    out = []
    for s in strokes:
        path = np.asarray(s, dtype=np.float64) * np.array([spread, 1.0])
        outline = band(path, half_width)
        if len(outline) < 3:
            continue
        out.append(np.concatenate([outline, outline[:1]], 0))
        if len(distinct(path)) >= 2:
            out += hatches(outline, spacing, angle)
    return out
