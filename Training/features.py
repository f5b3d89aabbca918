"""Ink preprocessing shared by training and the Swift recognizer (see FEATURES.md).

This file is the reference: Sources/InkRecognition/Features/ reproduces it step by step, and
the golden test (Tests/InkRecognitionTests/Fixtures/golden.json) checks that they agree.
All arithmetic is float64 in the same order as the Swift code; the output is float32.
"""
import math
import numpy as np

FEATURE_VERSION = 2
STEP = 0.1            # resampling step, in units of the estimated scale h
CLIP_DELTA = 8.0      # |dx|, |dy| clipped (pen-up jumps), in units of h
CLIP_Y = 4.0          # |y - center| clipped, in units of h
LOW_Q, MID_Q, HIGH_Q = 0.1, 0.5, 0.9
MIN_SCALE_FRACTION = 0.01   # h is at least this fraction of the largest bounding-box side
# Width normalization (FEATURES.md step 3): x is scaled so that the writer's horizontal pitch
# (x extent of the ink per down-stroke, in units of h) comes within a band around the typical
# pitch of IAM-OnDB's training lines. Narrower bands undo more of a stretch but cost CER on
# unstretched ink, since the network was trained on each writer's natural width (band 1.2
# chosen on testset_v and held-out UNIPEN words, HISTORY.md, "Recognition version 5").
PITCH_TURN = 0.25           # vertical travel (units of h) that reverses the pen's direction
PITCH_MIN_DOWNSTROKES = 3   # fewer down-strokes than this: too little ink to tell, x is kept
REFERENCE_PITCH = 0.4637    # median pitch of IAM-OnDB trainset lines (measure_pitch.py)
PITCH_BAND = 1.2            # pitches within REFERENCE_PITCH / band .. * band are left alone
PITCH_MIN_FACTOR, PITCH_MAX_FACTOR = 0.33, 3.0   # bounds on the x factor
FEATURE_NAMES = ["dx", "dy", "cos", "sin", "dcos", "dsin", "penStart", "y"]
FEATURE_COUNT = len(FEATURE_NAMES)


def config():
    """The settings as the weights file's metadata carries them (WEIGHTS_FORMAT.md)."""
    return dict(version=FEATURE_VERSION, step=STEP, clipDelta=CLIP_DELTA, clipY=CLIP_Y,
                lowQuantile=LOW_Q, midQuantile=MID_Q, highQuantile=HIGH_Q,
                minScaleFraction=MIN_SCALE_FRACTION, names=FEATURE_NAMES,
                width=dict(referencePitch=REFERENCE_PITCH, band=PITCH_BAND, turn=PITCH_TURN,
                           minDownstrokes=PITCH_MIN_DOWNSTROKES, minFactor=PITCH_MIN_FACTOR,
                           maxFactor=PITCH_MAX_FACTOR))


def clean_strokes(strokes):
    """Drops non-finite points and empty strokes; keeps writing order. -> list of (n,2) float64."""
    out = []
    for s in strokes:
        pts = [(float(p[0]), float(p[1])) for p in s
               if p is not None and len(p) >= 2 and p[0] is not None and p[1] is not None
               and math.isfinite(float(p[0])) and math.isfinite(float(p[1]))]
        if pts:
            out.append(np.asarray(pts, dtype=np.float64))
    return out


def weighted_quantile(values, weights, q, total):
    """First value (in stable ascending order) whose cumulative weight reaches q * total."""
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(weights[order])
    k = int(np.searchsorted(cum, q * total, side="left"))
    k = min(k, len(order) - 1)
    return float(values[order[k]])


def estimate_scale(strokes):
    """Returns (h, center_y, origin_x): a robust vertical size (10%..90% spread of the ink's
    y, each segment weighted by its length so sampling density does not matter)."""
    mids, ws = [], []
    for s in strokes:
        if len(s) < 2:
            continue
        d = s[1:] - s[:-1]
        w = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1])
        mids.append((s[1:, 1] + s[:-1, 1]) * 0.5)
        ws.append(w)
    allp = np.concatenate(strokes, axis=0)
    origin_x = float(allp[0, 0])
    extent = max(float(allp[:, 0].max() - allp[:, 0].min()), float(allp[:, 1].max() - allp[:, 1].min()))
    total = 0.0
    if ws:
        mids = np.concatenate(mids)
        ws = np.concatenate(ws)
        for v in ws:          # sequential sum, as in Swift
            total += float(v)
    if total <= 0.0:
        h = extent if extent > 0.0 else 1.0
        return h, float(allp[0, 1]), origin_x
    lo = weighted_quantile(mids, ws, LOW_Q, total)
    mid = weighted_quantile(mids, ws, MID_Q, total)
    hi = weighted_quantile(mids, ws, HIGH_Q, total)
    h = max(hi - lo, MIN_SCALE_FRACTION * extent)
    if not h > 0.0:
        h = 1.0
    return h, mid, origin_x


def downstroke_count(s, turn=PITCH_TURN):
    """Down-strokes (y growing) of one stroke: a zigzag over y that turns only after `turn` of
    travel back, so jitter does not count. The first leg counts when it goes down."""
    n = len(s)
    if n < 2:
        return 0
    count = 0
    direction = 0
    low = high = float(s[0, 1])      # extremes of the current leg (or of the start, undecided)
    for j in range(1, n):
        y = float(s[j, 1])
        if direction == 0:
            if y < low:
                low = y
            if y > high:
                high = y
            if y - low >= turn:
                direction = 1
                count += 1
                high = y
            elif high - y >= turn:
                direction = -1
                low = y
        elif direction == 1:
            if y > high:
                high = y
            elif high - y >= turn:
                direction = -1
                low = y
        else:
            if y < low:
                low = y
            elif y - low >= turn:
                direction = 1
                count += 1
                high = y
    return count


def covered_width(strokes):
    """Length of the union of the strokes' x intervals (gaps between words do not count)."""
    spans = sorted((float(s[:, 0].min()), float(s[:, 0].max())) for s in strokes)
    total = 0.0
    lo, hi = spans[0]
    for a, b in spans[1:]:
        if a > hi:
            total += hi - lo
            lo, hi = a, b
        elif b > hi:
            hi = b
    return total + (hi - lo)


def estimate_pitch(strokes):
    """x extent of the ink per down-stroke, for strokes already divided by h; None when the ink
    has fewer than PITCH_MIN_DOWNSTROKES down-strokes or no width."""
    count = 0
    for s in strokes:
        count += downstroke_count(s)
    width = covered_width(strokes)
    if count < PITCH_MIN_DOWNSTROKES or not width > 0.0:
        return None
    return width / count


def width_factor(pitch):
    """The factor x is multiplied by: 1 inside the band around REFERENCE_PITCH, else what brings
    the pitch to the band's edge, within [PITCH_MIN_FACTOR, PITCH_MAX_FACTOR]."""
    if pitch is None or not REFERENCE_PITCH > 0.0:
        return 1.0
    ratio = REFERENCE_PITCH / pitch
    if ratio > PITCH_BAND:
        k = ratio / PITCH_BAND
    elif ratio * PITCH_BAND < 1.0:
        k = ratio * PITCH_BAND
    else:
        k = 1.0
    return min(max(k, PITCH_MIN_FACTOR), PITCH_MAX_FACTOR)


def resample_stroke(p, step):
    """Points at arc length 0, step, 2*step, ... along the polyline, plus the end point when
    more than half a step of ink remains after the last one."""
    n = len(p)
    if n == 1:
        return p.copy()
    seg = p[1:] - p[:-1]
    seglen = np.sqrt(seg[:, 0] * seg[:, 0] + seg[:, 1] * seg[:, 1])
    d = np.concatenate([[0.0], np.cumsum(seglen)])
    length = float(d[-1])
    k = int(math.floor(length / step))
    s = np.arange(k + 1, dtype=np.float64) * step
    j = np.searchsorted(d, s, side="right") - 1
    j = np.clip(j, 0, n - 2)
    span = d[j + 1] - d[j]
    safe = np.where(span > 0.0, span, 1.0)
    t = np.where(span > 0.0, (s - d[j]) / safe, 0.0)
    out = p[j] + t[:, None] * (p[j + 1] - p[j])
    if length - float(s[-1]) > step * 0.5:
        out = np.concatenate([out, p[-1:]], axis=0)
    return out


def resample(strokes, step=STEP):
    """-> points (N,2) normalized by h around (origin_x, center_y), stroke index per point,
    start flag per point, and the scale h (in input units)."""
    strokes = clean_strokes(strokes)
    if not strokes:
        return np.zeros((0, 2)), np.zeros((0,), np.int64), np.zeros((0,)), 1.0
    h, cy, ox = estimate_scale(strokes)
    normalized = [np.stack([(s[:, 0] - ox) / h, (s[:, 1] - cy) / h], axis=1) for s in strokes]
    k = width_factor(estimate_pitch(normalized))
    pts, sid, start = [], [], []
    for i, norm in enumerate(normalized):
        if k != 1.0:
            norm = np.stack([norm[:, 0] * k, norm[:, 1]], axis=1)
        r = resample_stroke(norm, step)
        pts.append(r)
        sid.append(np.full(len(r), i, np.int64))
        st = np.zeros(len(r))
        st[0] = 1.0
        start.append(st)
    return np.concatenate(pts), np.concatenate(sid), np.concatenate(start), h


def features_from_points(pts, start):
    """(N,2) normalized points + start flags -> (N, FEATURE_COUNT) float32."""
    n = len(pts)
    f = np.zeros((n, FEATURE_COUNT), dtype=np.float64)
    if n == 0:
        return f.astype(np.float32)
    dx = np.zeros(n)
    dy = np.zeros(n)
    dx[1:] = pts[1:, 0] - pts[:-1, 0]
    dy[1:] = pts[1:, 1] - pts[:-1, 1]
    dx = np.clip(dx, -CLIP_DELTA, CLIP_DELTA)
    dy = np.clip(dy, -CLIP_DELTA, CLIP_DELTA)
    norm = np.sqrt(dx * dx + dy * dy)
    ok = norm > 1e-8
    safe = np.where(ok, norm, 1.0)
    c = np.where(ok, dx / safe, 0.0)
    s = np.where(ok, dy / safe, 0.0)
    dc = np.zeros(n)
    ds = np.zeros(n)
    inner = np.zeros(n, dtype=bool)
    inner[1:] = (start[1:] == 0.0) & (start[:-1] == 0.0)
    dc[1:] = c[1:] * c[:-1] + s[1:] * s[:-1]
    ds[1:] = c[:-1] * s[1:] - s[:-1] * c[1:]
    dc = np.where(inner, dc, 0.0)
    ds = np.where(inner, ds, 0.0)
    f[:, 0] = dx
    f[:, 1] = dy
    f[:, 2] = c
    f[:, 3] = s
    f[:, 4] = dc
    f[:, 5] = ds
    f[:, 6] = start
    f[:, 7] = np.clip(pts[:, 1], -CLIP_Y, CLIP_Y)
    return f.astype(np.float32)


def features(strokes, step=STEP):
    """Strokes (list of lists of [x, y, ...]) -> (features (N,F) float32, stroke index per row)."""
    pts, sid, start, _ = resample(strokes, step)
    return features_from_points(pts, start), sid
