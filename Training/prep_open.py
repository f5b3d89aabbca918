"""Step 1 of the open model: caches the data whose terms allow commercial use, and nothing else.

    python prep_open.py [--data ../shared/data] [--cache cache/open]

Reads only UNIPEN (CC BY 4.0) and UJI Pen Characters (CC BY 4.0), and wordfreq's word lists
(CC BY-SA 4.0) as text. IAM-OnDB is never opened here: the open model's reference pitch (the
width normalization's typical writer, features.py) is measured on UNIPEN's training writers'
free text instead of IAM-OnDB's lines, and stored in the cache (pitch.json) and the weights.

Writes to the cache folder:
- pitch.json: the reference pitch;
- glyphs.pkl, glyphs_heldout.pkl: {char: [(writer, strokes in a unit box)]} of UNIPEN's and UJI's
  isolated characters, training and held-out writers apart (compose.py writes with them);
- words_by_writer.pkl: UNIPEN training writers' words as raw strokes, for composed lines;
- unipen_{text,words}_{train,heldout}.pkl: resampled samples, as prep.py caches them;
- words/<lang>.txt: word lists of the 20 languages (languages.py).
"""
import argparse, json, os, pickle, time
import numpy as np
import features as F
import languages
from alphabet import named
from prep import read_jsonl, cache_lines, writer_is_held_out

HERE = os.path.dirname(os.path.abspath(__file__))
# UJI writers kept out of training, for the accented-letter validation (of 18).
UJI_HELD_OUT = {"UJI_W14", "UJI_W16", "UPV_W18"}


def held_out(writer):
    if writer is not None and (writer.startswith("UJI_") or writer.startswith("UPV_")):
        return writer in UJI_HELD_OUT
    return writer_is_held_out(writer)


def reference_pitch(path, limit=4000):
    """Median pitch (features.estimate_pitch) of UNIPEN training writers' free text."""
    out = []
    for d in read_jsonl(path):
        if held_out(d.get("writer")):
            continue
        strokes = F.clean_strokes(d["strokes"])
        if not strokes:
            continue
        h, cy, ox = F.estimate_scale(strokes)
        p = F.estimate_pitch([np.stack([(s[:, 0] - ox) / h, (s[:, 1] - cy) / h], 1) for s in strokes])
        if p is not None:
            out.append(p)
        if len(out) >= limit:
            break
    return float(np.median(out)), len(out)


def glyph_of(strokes):
    strokes = F.clean_strokes(strokes)
    if not strokes:
        return None
    allp = np.concatenate(strokes)
    size = max(np.ptp(allp[:, 0]), np.ptp(allp[:, 1]))
    if size <= 0:
        return None
    mn = allp.min(0)
    return [((s - mn) / size).astype(np.float32) for s in strokes]


def cache_glyphs(paths, alphabet, out_train, out_held):
    train, held, t0 = {}, {}, time.time()
    for path in paths:
        for d in read_jsonl(path):
            ch = d["text"]
            if len(ch) != 1 or ch == " " or not alphabet.covers(ch):
                continue
            g = glyph_of(d["strokes"])
            if g is None:
                continue
            w = d.get("writer")
            (held if held_out(w) else train).setdefault(ch, []).append((w, g))
    for out, glyphs in [(out_train, train), (out_held, held)]:
        with open(out, "wb") as fh:
            pickle.dump(glyphs, fh, protocol=4)
        print(f"{os.path.basename(out)}: {sum(len(v) for v in glyphs.values())} glyphs of "
              f"{len(glyphs)} characters in {time.time() - t0:.0f}s", flush=True)


def cache_words_by_writer(path, alphabet, out):
    by, t0 = {}, time.time()
    for d in read_jsonl(path):
        w, text = d.get("writer"), d["text"]
        if w is None or held_out(w) or " " in text or not text or not alphabet.covers(text):
            continue
        strokes = F.clean_strokes(d["strokes"])
        if not strokes:
            continue
        by.setdefault(w, []).append((text, [s.astype(np.float32) for s in strokes]))
    with open(out, "wb") as fh:
        pickle.dump(by, fh, protocol=4)
    print(f"words_by_writer: {sum(len(v) for v in by.values())} words of {len(by)} writers "
          f"in {time.time() - t0:.0f}s", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "data"))
    ap.add_argument("--cache", default=os.path.join(HERE, "cache", "open"))
    ap.add_argument("--alphabet", default="latin")
    a = ap.parse_args()
    os.makedirs(a.cache, exist_ok=True)
    alphabet = named(a.alphabet)
    uni = os.path.join(a.data, "unipen")
    pitch_path = os.path.join(a.cache, "pitch.json")
    if not os.path.exists(pitch_path):
        pitch, n = reference_pitch(os.path.join(uni, "text.dev.jsonl.gz"))
        with open(pitch_path, "w") as fh:
            json.dump(dict(reference_pitch=round(pitch, 4), samples=n,
                           source="UNIPEN text, training writers"), fh)
    with open(pitch_path) as fh:
        F.REFERENCE_PITCH = json.load(fh)["reference_pitch"]
    print(f"reference pitch {F.REFERENCE_PITCH}", flush=True)
    words_dir = os.path.join(a.cache, "words")
    if not os.path.exists(os.path.join(words_dir, "fil.txt")):
        languages.export_word_lists(words_dir)
    if not os.path.exists(os.path.join(a.cache, "glyphs.pkl")):
        cache_glyphs([os.path.join(uni, "chars.dev.jsonl.gz"), os.path.join(a.data, "uji", "chars.dev.jsonl.gz")],
                     alphabet, os.path.join(a.cache, "glyphs.pkl"), os.path.join(a.cache, "glyphs_heldout.pkl"))
    out = os.path.join(a.cache, "words_by_writer.pkl")
    if not os.path.exists(out):
        cache_words_by_writer(os.path.join(uni, "words.dev.jsonl.gz"), alphabet, out)
    for name in ["text", "words"]:
        for split, keep in [("train", lambda d: not held_out(d.get("writer"))),
                            ("heldout", lambda d: held_out(d.get("writer")))]:
            out = os.path.join(a.cache, f"unipen_{name}_{split}.pkl")
            if not os.path.exists(out):
                cache_lines(os.path.join(uni, f"{name}.dev.jsonl.gz"), out, keep, 5.0, encode=alphabet.encode)


if __name__ == "__main__":
    main()
