"""Step 1: reads ../shared/data and caches resampled ink as Training/cache/*.pkl.

    python prep.py [--data ../shared/data]

Each cached sample: dict(id, writer, text, pts float32 (N,2) normalized, start uint8 (N,)).
UNIPEN characters are cached as normalized glyphs for the synthetic-line generator.
"""
import argparse, gzip, json, os, pickle, sys, time, zlib
import numpy as np
import features as F
from alphabet import encode

HERE = os.path.dirname(os.path.abspath(__file__))


def read_jsonl(path):
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                yield json.loads(line)


def cache_lines(path, out, keep=lambda d: True, multiline_limit=None, encode=encode):
    samples, t0 = [], time.time()
    for d in read_jsonl(path):
        if not keep(d) or encode(d["text"]) is None or not d["text"].strip():
            continue
        pts, sid, start, _ = F.resample(d["strokes"])
        if len(pts) < 4:
            continue
        if multiline_limit is not None and np.ptp(pts[:, 1]) > multiline_limit:
            continue
        samples.append(dict(id=d["id"], writer=d.get("writer"), text=d["text"],
                            pts=pts.astype(np.float32), start=start.astype(np.uint8)))
    with open(out, "wb") as fh:
        pickle.dump(samples, fh, protocol=4)
    print(f"{os.path.basename(out)}: {len(samples)} samples in {time.time() - t0:.0f}s", flush=True)


def cache_glyphs(path, out):
    """UNIPEN isolated characters -> {char: [list of (n,2) float32 strokes normalized to
    a unit-height box, left edge 0, top 0]}, kept raw-ish; placement happens in synth.py."""
    want = set("0123456789:.-,;'()!?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    glyphs, t0 = {}, time.time()
    for d in read_jsonl(path):
        ch = d["text"]
        if ch not in want or not d["strokes"]:
            continue
        if writer_is_held_out(d.get("writer")):
            continue
        strokes = F.clean_strokes(d["strokes"])
        if not strokes:
            continue
        allp = np.concatenate(strokes)
        mn = allp.min(0)
        size = max(np.ptp(allp[:, 0]), np.ptp(allp[:, 1]))
        if size <= 0:
            continue
        g = [((s - mn) / size).astype(np.float32) for s in strokes]
        glyphs.setdefault(ch, []).append(g)
    with open(out, "wb") as fh:
        pickle.dump(glyphs, fh, protocol=4)
    print(f"glyphs: {sum(len(v) for v in glyphs.values())} in {time.time() - t0:.0f}s", flush=True)


def writer_is_held_out(writer):
    """UNIPEN writers kept out of training (about 10%, chosen by a stable hash) for validation."""
    return writer is not None and zlib.crc32(writer.encode()) % 10 == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "data"))
    ap.add_argument("--cache", default=os.path.join(HERE, "cache"))
    ap.add_argument("--skip-unipen", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.cache, exist_ok=True)
    iam = os.path.join(a.data, "iam-ondb")
    for name in ["trainset", "testset_v", "testset_t"]:
        out = os.path.join(a.cache, f"iam_{name}.pkl")
        if not os.path.exists(out):
            cache_lines(os.path.join(iam, f"{name}.jsonl.gz"), out)
    if a.skip_unipen:
        return
    uni = os.path.join(a.data, "unipen")
    out = os.path.join(a.cache, "unipen_glyphs.pkl")
    if not os.path.exists(out):
        cache_glyphs(os.path.join(uni, "chars.dev.jsonl.gz"), out)
    for name, lim in [("text", 5.0), ("words", 5.0)]:
        for split, keep in [("train", lambda d: not writer_is_held_out(d.get("writer"))),
                            ("heldout", lambda d: writer_is_held_out(d.get("writer")))]:
            out = os.path.join(a.cache, f"unipen_{name}_{split}.pkl")
            if not os.path.exists(out):
                cache_lines(os.path.join(uni, f"{name}.dev.jsonl.gz"), out, keep, lim)


if __name__ == "__main__":
    main()
