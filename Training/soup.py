"""Averages the weights of checkpoints fine-tuned from one start: a "model soup".

Two stages run side by side from the same checkpoint with different seeds end in the same basin,
a little apart; the mean of their weights reads better than either (Wortsman et al., 2022, "Model
soups"), for no cost at inference. `--ema` averages one run along its path; a soup averages runs
across seeds.

    .venv/bin/python soup.py runs/v6-stage7a/last.pt runs/v6-stage7b/last.pt --out runs/v6-soup7/last.pt

Every checkpoint must have the same recipe, alphabet, network configuration and features; the
soup keeps those, records its ingredients (`soup`), and has no validation figure of its own
(measure it with measure_checkpoint.sh).
"""
import argparse
import os

import torch

# What must agree for the weights to mean the same thing in every ingredient.
SHARED_FIELDS = ["recipe", "alphabet", "config", "feature_version", "feature_config"]


def soup(checkpoints, weights=None):
    """The weighted mean of the checkpoints' networks (equal weights by default), as a checkpoint
    carrying the first one's shared fields. Raises ValueError where they do not agree."""
    if len(checkpoints) < 2:
        raise ValueError("a soup needs at least two checkpoints")
    weights = weights or [1.0] * len(checkpoints)
    if len(weights) != len(checkpoints) or min(weights) < 0 or sum(weights) <= 0:
        raise ValueError("one non-negative weight a checkpoint, not all zero")
    first = checkpoints[0]
    for other in checkpoints[1:]:
        for field in SHARED_FIELDS:
            if other.get(field) != first.get(field):
                raise ValueError(f"the checkpoints differ in {field}; only runs of one network can be averaged")
        if other["model"].keys() != first["model"].keys():
            raise ValueError("the checkpoints hold different tensors")
    total = sum(weights)
    averaged = {}
    for name, tensor in first["model"].items():
        if not tensor.dtype.is_floating_point:   # counters, not weights
            averaged[name] = tensor.clone()
            continue
        mean = sum(w / total * c["model"][name].double() for w, c in zip(weights, checkpoints))
        averaged[name] = mean.to(tensor.dtype)
    out = {field: first[field] for field in SHARED_FIELDS if field in first}
    out["model"] = averaged
    out["params"] = sum(v.numel() for v in averaged.values())
    out["step"] = max(c.get("step", 0) for c in checkpoints)
    out["elapsed_s"] = sum(c.get("elapsed_s", 0.0) for c in checkpoints)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkpoints", nargs="+")
    ap.add_argument("--weights", type=float, nargs="+", help="one a checkpoint (default: equal)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    loaded = [torch.load(p, map_location="cpu") for p in a.checkpoints]
    weights = a.weights or [1.0] * len(loaded)
    try:
        result = soup(loaded, weights)
    except ValueError as error:
        ap.error(str(error))
    result["soup"] = [{"checkpoint": p, "weight": w} for p, w in zip(a.checkpoints, weights)]
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    torch.save(result, a.out)
    print(f"wrote {a.out}: the mean of {len(loaded)} checkpoints, {result['params']} parameters")


if __name__ == "__main__":
    main()
