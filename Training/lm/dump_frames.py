#!/usr/bin/env python3
"""Dumps the network's log-probabilities for a cached validation set, with labels, so that the
Swift decoder can be tuned without running the network again:

    cd Training && /work/torch-venv/bin/python lm/dump_frames.py --checkpoint runs/main/best.pt \
        --samples cache/iam_testset_v.pkl --output /tmp/testset_v.frames
    swift run -c release inkindex bench-decoder --frames /tmp/testset_v.frames --lm-weight 0.5

Needs the training code (model.py, train.py, features.py) next to this folder. Format: see
Sources/InkRecognition/Evaluation/FrameDump.swift. The dump is a derived copy of the data:
keep it out of the repository.
"""
import argparse, os, pickle, struct, sys

# The training code lives one folder up (or where $INKINDEX_TRAINING points).
sys.path.insert(0, os.environ.get("INKINDEX_TRAINING", os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
import torch  # noqa: E402
from model import InkNet  # noqa: E402
from alphabet import CLASS_COUNT  # noqa: E402
from train import sample_features, collate  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--samples", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--limit", type=int)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    ck = torch.load(a.checkpoint, map_location="cpu")
    model = InkNet(CLASS_COUNT, ck["config"])
    model.load_state_dict(ck["model"])
    model.eval()
    samples = pickle.load(open(a.samples, "rb"))[: a.limit]
    with open(a.output, "wb") as out, torch.no_grad():
        out.write(b"INKFRM01" + struct.pack("<I", len(samples)))
        for s in samples:
            x, lengths = collate([sample_features(s)])
            logp, olen = model(x, lengths)
            frames = logp[0, : int(olen[0])].contiguous().numpy().astype("<f4")
            for text in (s["id"], s["text"]):
                b = text.encode("utf-8")
                out.write(struct.pack("<I", len(b)) + b)
            out.write(struct.pack("<II", frames.shape[0], frames.shape[1]) + frames.tobytes())
    print(f"wrote {len(samples)} samples to {a.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
