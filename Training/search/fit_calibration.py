"""Fit InkSearch's WordCalibration from `inkindex bench-search --dump-pairs PREFIX` rows.

Usage (on testset_v, never on the test sets):
    inkindex bench-search --quality --set testset_v --recognitions v.jsonl --dump-pairs /tmp/pairs
    python Training/search/fit_calibration.py /tmp/pairs [WHOLE_TOTAL PREFIX_TOTAL] [--frontier]
        [--check OTHER_PAIRS WHOLE_TOTAL PREFIX_TOTAL]

With --check OTHER WHOLE_TOTAL PREFIX_TOTAL it also prints, by threshold, what the weights fitted
here give on another set's rows (UNIPEN's held-out writers: a threshold must keep 90% precision
on devices the fit never saw as well).

With --frontier it also prints, for each mode, the most recall the fitted model reaches at
several precisions on the same rows: an upper bound for what matching can make of these readings
and this evidence (fit and measure on one set), to tell a matching problem from a model problem.

Rows (tab-separated): query, line, token, relevant, has close reading, reading probability,
distance, inexact known word, evidence log-ratio (or nan), query length, and (dumps since
recognition version 4) whether the reading spells the query letter for letter. A line's score is its
best word's (as SearchIndex does), so the logistic loss is taken on the maximum over a line's
words. Prints the weights in WordCalibration's order and recall/precision by threshold.
"""
import sys

import numpy as np
import torch

torch.set_num_threads(1)

RATIO_FLOOR = -20.0
MINIMUM_SCORE = 0.05
ACCEPTED = 30.0


def load(path, prefix_query):
    a = np.loadtxt(path, dtype=str, delimiter="\t")
    rel = a[:, 3].astype(int)
    has = a[:, 4].astype(float)
    lp = np.log(np.maximum(a[:, 5].astype(float), 1e-3))
    d = a[:, 6].astype(float)
    known = a[:, 7].astype(float)
    ratio = a[:, 8].astype(float)
    length = a[:, 9].astype(float)
    has_ratio = ~np.isnan(ratio)
    r = np.where(has_ratio, np.maximum(ratio, RATIO_FLOOR), RATIO_FLOOR)
    p = np.full(len(a), float(prefix_query))
    one = np.ones(len(a))
    evidence = np.stack([r, r / length, lp * has, d * has, known * has, (d == 0) * has, has, length, p, one], 1)
    text = np.stack([lp, d, known, (d == 0) * 1.0, length, p, one], 1)
    keys = {}
    group = np.array([keys.setdefault((q, l), len(keys)) for q, l in zip(a[:, 0], a[:, 1])])
    line_relevant = np.zeros(len(keys), int)
    line_relevant[group] = rel
    # MatchPolicy.exactReadingsSuffice: a reading that spells the query letter for letter (not
    # only under the confusion classes), scoring at least minimumScore (0.05), is a hit whatever
    # the model says; the fit sees those words as accepted.
    exact = (has > 0) & (d == 0) & (a[:, 5].astype(float) >= MINIMUM_SCORE)
    if a.shape[1] > 10:
        exact &= a[:, 10] == "1"
    return dict(E=evidence, T=text, has_ratio=has_ratio, has=has, exact=exact, group=group, rel=line_relevant, n=len(keys))


def line_scores(data, we, wt):
    z = np.where(data["has_ratio"], data["E"] @ we, np.where(data["has"] > 0, data["T"] @ wt, -99))
    z = np.where(data["exact"], ACCEPTED, z)
    s = np.full(data["n"], -1e9)
    np.maximum.at(s, data["group"], z)
    return s


def report(s, rel, relevant_total, threshold):
    accepted = s >= threshold
    tp = (accepted & (rel == 1)).sum()
    return tp / relevant_total, tp / max(1, accepted.sum())


def fit(datasets, we, wt, iterations=300):
    we = torch.tensor(we, dtype=torch.float64, requires_grad=True)
    wt = torch.tensor(wt, dtype=torch.float64, requires_grad=True)
    tensors = [{k: torch.tensor(v) if isinstance(v, np.ndarray) else v for k, v in d.items()} for d in datasets]
    optimizer = torch.optim.Adam([we, wt], lr=0.02)
    for _ in range(iterations):
        optimizer.zero_grad()
        loss = 0
        for d in tensors:
            z = torch.where(d["has_ratio"], d["E"] @ we, torch.where(d["has"] > 0, d["T"] @ wt, torch.full_like(d["has"], -30.0)))
            z = torch.where(d["exact"], torch.full_like(z, ACCEPTED), z)
            s = torch.full((d["n"],), -30.0, dtype=torch.float64).scatter_reduce(0, d["group"], z, reduce="amax", include_self=True)
            loss = loss + torch.nn.functional.binary_cross_entropy_with_logits(s, d["rel"].double(), reduction="sum")
        loss.backward()
        optimizer.step()
    return we.detach().numpy(), wt.detach().numpy()


def frontier(s, rel, relevant_total, precisions=(0.95, 0.90, 0.85, 0.80, 0.70, 0.50)):
    """The most recall at each precision, taking lines best score first."""
    order = np.argsort(-s)
    tp = np.cumsum(rel[order])
    precision = tp / np.arange(1, len(order) + 1)
    result = []
    for target in precisions:
        ok = np.nonzero(precision >= target)[0]
        result.append((target, tp[ok.max()] / relevant_total if len(ok) else 0.0))
    return result


THRESHOLDS = [-2.0, -1.8, -1.6, -1.4, -1.2, -1.0, -0.9, -0.8, -0.7, -0.6, -0.5, -0.4, -0.3, -0.25, 0.0]


def print_by_threshold(full, pre, totals, we, wt, label=""):
    for threshold in THRESHOLDS:
        rf, pf = report(line_scores(full, we, wt), full["rel"], totals[0], threshold)
        rp, pp = report(line_scores(pre, we, wt), pre["rel"], totals[1], threshold)
        print(f"{label}threshold {threshold:+.2f}: whole words recall {rf:.2%} precision {pf:.2%}; prefixes {rp:.2%} / {pp:.2%}")


def main():
    show_frontier = "--frontier" in sys.argv
    sys.argv = [a for a in sys.argv if a != "--frontier"]
    check = None
    if "--check" in sys.argv:
        at = sys.argv.index("--check")
        check = (sys.argv[at + 1], int(sys.argv[at + 2]), int(sys.argv[at + 3]))
        del sys.argv[at:at + 4]
    prefix = sys.argv[1]
    full, pre = load(prefix + "-full.tsv", 0), load(prefix + "-prefix.tsv", 1)
    # Relevant pairs include lines no word reached: pass their totals as printed by --quality.
    totals = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (full["rel"].sum(), pre["rel"].sum())
    we0 = np.array([0.190, 1.150, 0.634, 0.426, -2.303, 1.693, 4.027, 0.437, 0.092, -4.395])
    wt0 = np.array([1.190, -2.524, -3.059, 2.057, 0.346, -0.261, -3.667])
    we, wt = fit([full, pre], we0, wt0)
    print("evidenceWeights: [" + ", ".join(f"{x:.3f}" for x in we) + "]")
    print("textWeights: [" + ", ".join(f"{x:.3f}" for x in wt) + "]")
    print_by_threshold(full, pre, totals, we, wt)
    if check:
        other, whole_total, prefix_total = check
        print(f"on {other}:")
        print_by_threshold(load(other + "-full.tsv", 0), load(other + "-prefix.tsv", 1), (whole_total, prefix_total), we, wt, "  ")
    if show_frontier:
        for name, data, total in [("whole words", full, totals[0]), ("prefixes", pre, totals[1])]:
            points = frontier(line_scores(data, we, wt), data["rel"], total)
            print(f"frontier, {name}: " + ", ".join(f"recall {r:.1%} at precision {p:.0%}" for p, r in points))


if __name__ == "__main__":
    main()
