"""Measures the horizontal pitch (features.estimate_pitch: x extent per down-stroke, in units of
the vertical scale h) of real lines, for REFERENCE_PITCH in features.py and FEATURES.md.

    python measure_pitch.py --data ../../shared/data [--limit N]

Prints, per set, how many samples had a pitch and its 10/25/50/75/90th percentiles.
"""
import argparse, gzip, json, os, zlib
import numpy as np
import features as F

HERE = os.path.dirname(os.path.abspath(__file__))


def held_out(writer):
    return writer is not None and zlib.crc32(writer.encode()) % 10 == 0


def pitches(path, limit, keep=lambda d: True):
    out, none = [], 0
    with gzip.open(path, "rt") as fh:
        for line in fh:
            d = json.loads(line)
            if not keep(d):
                continue
            strokes = F.clean_strokes(d["strokes"])
            if not strokes:
                continue
            h, cy, ox = F.estimate_scale(strokes)
            norm = [np.stack([(s[:, 0] - ox) / h, (s[:, 1] - cy) / h], axis=1) for s in strokes]
            p = F.estimate_pitch(norm)
            if p is None:
                none += 1
            else:
                out.append(p)
            if len(out) + none >= limit:
                break
    return np.asarray(out), none


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "data"))
    ap.add_argument("--limit", type=int, default=10 ** 9)
    a = ap.parse_args()
    sets = [("iam-ondb trainset", "iam-ondb/trainset.jsonl.gz", lambda d: True),
            ("iam-ondb testset_v", "iam-ondb/testset_v.jsonl.gz", lambda d: True),
            ("unipen words, held-out writers", "unipen/words.dev.jsonl.gz", lambda d: held_out(d.get("writer"))),
            ("unipen text, held-out writers", "unipen/text.dev.jsonl.gz", lambda d: held_out(d.get("writer")))]
    for name, rel, keep in sets:
        p, none = pitches(os.path.join(a.data, rel), a.limit, keep)
        q = np.percentile(p, [10, 25, 50, 75, 90]) if len(p) else []
        print(f"{name}: {len(p)} with a pitch, {none} without; percentiles 10/25/50/75/90: "
              + " ".join(f"{v:.4f}" for v in q), flush=True)


if __name__ == "__main__":
    main()
