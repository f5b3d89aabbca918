"""Widens a checkpoint's BiLSTM to more hidden units per direction without changing what it computes.

Training a wider network from scratch takes days on two cores; widening a trained one and
fine-tuning it takes a stage. Each new unit copies an existing unit of the same layer and
direction (Net2WiderNet: Chen, Goodfellow and Shlens, 2016, "Net2Net"): it gets that unit's
incoming weights and biases in all four gates, so both units hold the same cell and hidden state
at every step, and every weight that reads the copied unit (the next step's recurrence, the next
layer's input, the output layer) is shared between the copies in equal parts. The widened network
gives the same log-probabilities up to rounding; a little noise on the copies' incoming weights
(`--noise`) and dropout let them drift apart in training.

    .venv/bin/python widen.py checkpoints/research-v6-stage7-soup.pt --hidden 144 --out runs/v6-wide144/init.pt

The result is a checkpoint train.py starts from (`--init`); it has no validation figure of its own.
"""
import argparse
import os

import torch

GATES = 4  # PyTorch's LSTM stacks the input, forget, cell and output gates' rows in this order


def unit_map(old, new, generator):
    """For each of the `new` units, the old unit it copies: itself for the first `old`, then a
    random choice without repetition while there are units left to choose from."""
    extra = new - old
    chosen = torch.cat([torch.randperm(old, generator=generator) for _ in range(-(-extra // old))])[:extra]
    return torch.cat([torch.arange(old), chosen])


def gate_rows(mapping, old):
    """The old rows of a `GATES·old`-row matrix that build the widened one's rows, gate by gate."""
    return torch.cat([gate * old + mapping for gate in range(GATES)])


def split_columns(weight, mapping, offset=0):
    """`weight`'s columns offset..offset+old read the old units: the widened matrix reads each new
    unit with its original's column divided by how many units now copy that original."""
    counts = torch.bincount(mapping).to(weight.dtype)
    return weight[:, offset + mapping] / counts[mapping]


def widened(state, config, new_hidden, noise, seed):
    """The checkpoint state widened to `new_hidden` units per direction, and its configuration."""
    old = config["hidden"]
    if new_hidden <= old:
        raise ValueError(f"the network already has {old} hidden units; widening needs more")
    generator = torch.Generator().manual_seed(seed)
    state = dict(state)
    layers = config["layers"]
    maps = {}
    for layer in range(layers):
        for suffix in ("", "_reverse"):
            maps[layer, suffix] = unit_map(old, new_hidden, generator)
    copy_rows = (torch.arange(new_hidden) >= old).repeat(GATES)  # the new units' rows in every gate
    for layer in range(layers):
        for suffix in ("", "_reverse"):
            mapping = maps[layer, suffix]
            rows = gate_rows(mapping, old)
            name = lambda kind: f"lstm.{kind}_l{layer}{suffix}"
            w_ih = state[name("weight_ih")][rows]
            if layer > 0:  # the input is the previous layer's forward then backward hidden states
                w_ih = torch.cat([split_columns(w_ih, maps[layer - 1, ""]),
                                  split_columns(w_ih, maps[layer - 1, "_reverse"], offset=old)], dim=1)
            w_hh = split_columns(state[name("weight_hh")][rows], mapping)
            for weight in (w_ih, w_hh):
                weight[copy_rows] += noise * weight[copy_rows].std() * torch.randn(weight[copy_rows].shape, generator=generator)
            state[name("weight_ih")] = w_ih.contiguous()
            state[name("weight_hh")] = w_hh.contiguous()
            state[name("bias_ih")] = state[name("bias_ih")][rows].clone()
            state[name("bias_hh")] = state[name("bias_hh")][rows].clone()
    last = layers - 1
    state["out.weight"] = torch.cat([split_columns(state["out.weight"], maps[last, ""]),
                                     split_columns(state["out.weight"], maps[last, "_reverse"], offset=old)],
                                    dim=1).contiguous()
    return state, dict(config, hidden=new_hidden)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkpoint")
    ap.add_argument("--hidden", type=int, required=True, help="hidden units per direction after widening")
    ap.add_argument("--noise", type=float, default=0.005,
                    help="noise on the copies' incoming weights, relative to those weights' spread (0: exact)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    start = torch.load(a.checkpoint, map_location="cpu", weights_only=False)
    state, config = widened(start["model"], start["config"], a.hidden, a.noise, a.seed)
    # The widened network has not been measured: no epoch or validation figure of its own.
    result = {key: value for key, value in start.items() if key not in ("model", "config", "soup", "epoch", "val_cer")}
    result.update(model=state, config=config,
                  widened_from=dict(checkpoint=a.checkpoint, hidden=start["config"]["hidden"], noise=a.noise, seed=a.seed))
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    torch.save(result, a.out)
    print(f"{a.checkpoint}: hidden {start['config']['hidden']} -> {a.hidden}, "
          f"{sum(t.numel() for t in start['model'].values())} -> {sum(t.numel() for t in state.values())} weights -> {a.out}")


if __name__ == "__main__":
    main()
