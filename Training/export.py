"""Step 3: exports a checkpoint to the shipped weights file (format: WEIGHTS_FORMAT.md).

    python export.py runs/main/best.pt ../Sources/InkIndexResearchModels/Resources/inkrec.weights
    python export.py runs/open1/best.pt ../Sources/InkRecognition/Resources/inkrec-open.weights --model-version 5

The alphabet and the feature settings (the open model's own reference pitch) come from the
checkpoint where it records them (train.py does), else from alphabet.py and features.py.
"""
import argparse, json, os, struct, sys
import numpy as np
import torch
import features as F
from alphabet import ENGLISH

MAGIC = b"INKW"
FORMAT_VERSION = 1
# Grows whenever the network, its weights or the features change what is output.
# 4: feature version 2 (width normalization) on model 3's network (the research model).
# 5: the open model (ShippedModel.open: UNIPEN and UJI only, the Latin alphabet).
MODEL_VERSION = 4


def feature_config():
    return F.config()


def half_rounded_state(state):
    """The weights as the Swift side sees them: rounded to float16, back to float32."""
    return {k: v.detach().to(torch.float16).to(torch.float32) for k, v in state.items()}


def write(state, config, path, extra=None, dtype="f16", alphabet=ENGLISH, features=None, model_version=MODEL_VERSION):
    tensors, blobs, offset = [], [], 0
    for name, t in state.items():
        arr = t.detach().cpu().numpy()
        arr = arr.astype("<f2" if dtype == "f16" else "<f4")
        data = arr.tobytes(order="C")
        tensors.append(dict(name=name, dtype=dtype, shape=list(arr.shape), offset=offset,
                            length=len(data)))
        blobs.append(data)
        offset += len(data)
    header = dict(format=FORMAT_VERSION, tensors=tensors, metadata=dict(
        modelVersion=model_version, alphabet=alphabet, features=features or feature_config(),
        model=dict(convChannels=config["conv_channels"], convKernels=config["conv_kernels"],
                   convStrides=config["conv_strides"], hidden=config["hidden"],
                   layers=config["layers"], inputFeatures=config["features"]),
        training=extra or {}))
    hb = json.dumps(header, separators=(",", ":")).encode("utf-8")
    hb += b" " * ((-len(hb) - 16) % 16)   # raw data starts 16-byte aligned
    with open(path, "wb") as fh:
        fh.write(MAGIC)
        fh.write(struct.pack("<I", FORMAT_VERSION))
        fh.write(struct.pack("<Q", len(hb)))
        fh.write(hb)
        for b in blobs:
            fh.write(b)
    return 16 + len(hb) + offset


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("out")
    ap.add_argument("--model-version", type=int, default=MODEL_VERSION)
    a = ap.parse_args()
    ck = torch.load(a.checkpoint, map_location="cpu")
    extra = {k: ck[k] for k in ["epoch", "step", "val_cer", "val_wer", "elapsed_s", "params"] if k in ck}
    metrics = os.path.join(os.path.dirname(os.path.abspath(a.checkpoint)), "metrics.json")
    if os.path.exists(metrics):   # the run's final greedy figures (train.py)
        with open(metrics) as fh:
            extra["metrics"] = json.load(fh)
    extra["recipe"] = ck.get("recipe", "research")
    size = write(ck["model"], ck["config"], a.out, extra, alphabet=ck.get("alphabet", ENGLISH),
                 features=ck.get("feature_config"), model_version=a.model_version)
    print(f"wrote {a.out}: {size} bytes, {sum(v.numel() for v in ck['model'].values())} parameters")


if __name__ == "__main__":
    main()
