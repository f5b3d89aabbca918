"""Line-level variation of normalized, resampled ink (train.py's `--variation SHARE`).

`train.augment` changes a whole sample at once (slant, rotation, aspect, size). People and
digitizers also vary along a line, and the open model's data (UNIPEN, words composed from
glyphs) shows little of it:

- the baseline drifts up and down over a line (`drifted`);
- letters and the gaps between them widen and narrow along a line (`warped`);
- a phone's digitizer samples at about 60 Hz, an iPad's at 240 Hz: fast writing on a slow one
  comes out as chords between sparse points (`resampled` keeping every k-th point).

Points are in units of the line's scale h (features.resample), x to the right, y down.
"""
import math
import numpy as np
import features as F


def drifted(pts, rng):
    """The baseline rises and falls along x: a slow sine, up to 0.15 h, a period of 4-20 h."""
    amplitude = rng.uniform(0.03, 0.15)
    period = rng.uniform(4.0, 20.0)
    phase = rng.uniform(0.0, 2 * math.pi)
    out = pts.copy()
    out[:, 1] += amplitude * np.sin(2 * math.pi * pts[:, 0] / period + phase)
    return out


def warped(pts, rng):
    """x stretched and squeezed in turn along the line (a sine displacement), never folded back:
    the displacement's slope stays within ±0.45, so x keeps its order."""
    period = rng.uniform(1.0, 6.0)
    amplitude = rng.uniform(0.2, 1.0) * 0.45 * period / (2 * math.pi)
    phase = rng.uniform(0.0, 2 * math.pi)
    out = pts.copy()
    out[:, 0] += amplitude * np.sin(2 * math.pi * pts[:, 0] / period + phase)
    return out


def resampled(pts, start, keep=1):
    """Every `keep`-th point of each stroke (and its end) joined by straight chords, resampled at
    features.STEP. keep 2-5 (points 0.2-0.5 h apart) is a slow digitizer's view of fast writing;
    keep 1 spaces points evenly again after a drift or a warp, as the network always sees them."""
    starts = np.flatnonzero(start > 0.5).tolist()
    if not starts or starts[0] != 0:
        starts = [0] + starts
    strokes, flags = [], []
    for a, b in zip(starts, starts[1:] + [len(pts)]):
        if b <= a:
            continue
        stroke = pts[a:b]
        chosen = stroke[::keep]
        if (len(stroke) - 1) % keep:
            chosen = np.concatenate([chosen, stroke[-1:]], axis=0)
        again = F.resample_stroke(chosen, F.STEP)
        flag = np.zeros(len(again))
        flag[0] = 1.0
        strokes.append(again)
        flags.append(flag)
    if not strokes:
        return pts, start
    return np.concatenate(strokes), np.concatenate(flags)


def varied(pts, start, rng, share):
    """Each of the three variations applied with probability `share`, independently; the
    points come back evenly spaced."""
    if share <= 0:
        return pts, start
    changed = False
    if rng.random() < share:
        pts, changed = drifted(pts, rng), True
    if rng.random() < share:
        pts, changed = warped(pts, rng), True
    # Sparse sampling resamples anyway; a drift or a warp alone leaves points unevenly spaced.
    keep = rng.randint(2, 5) if rng.random() < share else 1
    return resampled(pts, start, keep) if changed or keep > 1 else (pts, start)
