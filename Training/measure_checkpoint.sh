#!/bin/sh
# Measures a checkpoint of either model with the release build's decoding, without rebuilding: the
# checkpoint is exported into a copy of the built binary's resources in place of the weights of
# its recipe's model (open or research, stamped with the model version this build expects for
# it), and every figure MODEL_CARD.md and HISTORY.md report for a stage is taken from it.
#
#     swift build -c release --product inkindex              # once, from the repository root
#     Training/measure_checkpoint.sh Training/runs/open9/last.pt /tmp/open9 [SETS]
#
# SETS is the folder of language and capitals sets (default Training/cache/eval; the sets stages
# are compared on, cache/eval-v15 and, from stage 16, cache/eval-v16, are remade by
# Training/remake_eval_sets.sh). OUT gets one JSON report
# per set (`inkindex eval --json`), languages.json (eval_languages.py), search-v.txt and
# search-t.txt (bench-search --quality), and summary.txt, which it also prints. Run it from the
# repository root with ../shared/data present; it takes about 6 minutes on one core
# (`taskset -c 1` keeps it off a training run's other core).
set -eu
CHECKPOINT=$(realpath "$1")
OUT=$(realpath -m "$2")
SETS="${3:-Training/cache/eval}"
DATA="../shared/data"
PY=$(realpath -s "${PY:-Training/.venv/bin/python}")  # -s: a venv's python is a link

MODEL=$("$PY" -c 'import sys, torch; print(torch.load(sys.argv[1], map_location="cpu").get("recipe", "open"))' "$CHECKPOINT")
case "$MODEL" in
    open) WEIGHTS=inkrec-open.weights ;;
    research) WEIGHTS=inkrec.weights ;;
    *) echo "measure_checkpoint.sh: unknown recipe '$MODEL' in $CHECKPOINT" >&2; exit 2 ;;
esac
VERSION=$(sed -n "/var expectedModelVersion/,/}/s/.*case .$MODEL: \([0-9]*\).*/\1/p" Sources/InkRecognition/ShippedModel.swift)
mkdir -p "$OUT/bin"
cp .build/release/inkindex "$OUT/bin/"
cp -R .build/release/*.resources "$OUT/bin/"
(cd Training && "$PY" export.py "$CHECKPOINT" "$OUT/bin/InkIndex_InkRecognition.resources/Resources/$WEIGHTS" \
    --model-version "$VERSION") > "$OUT/export.log"
BIN="$OUT/bin/inkindex"

cer() { "$BIN" eval "$@" --model "$MODEL" --json | python3 -c 'import json, sys; print("%.2f%%" % (100 * json.load(sys.stdin)["cer_normalized"]))'; }
{
    echo "checkpoint $CHECKPOINT ($MODEL model, exported as model version $VERSION)"
    echo "testset_v $(cer "$DATA/iam-ondb/testset_v.jsonl.gz")"
    echo "testset_t $(cer "$DATA/iam-ondb/testset_t.jsonl.gz")"
    echo "UNIPEN words, held-out writers, whole $(cer "$DATA/unipen/words.dev.jsonl.gz" --held-out-writers --whole)"
    echo "UNIPEN text, held-out writers $(cer "$DATA/unipen/text.dev.jsonl.gz" --held-out-writers)"
} > "$OUT/summary.txt"
python3 Training/eval_languages.py --inkindex "$BIN" --model "$MODEL" --sets "$SETS" --json "$OUT/languages.json" > "$OUT/languages.md"
python3 - "$OUT/languages.json" >> "$OUT/summary.txt" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
others = [v["cer_normalized"] for k, v in r.items() if "-" not in k and k != "en"]
marked = {k[:-7]: v.get("diacritic_accuracy") for k, v in r.items() if k.endswith("-marked")}
print(f"languages: English {100 * r['en']['cer_normalized']:.2f}%, mean of the {len(others)} others "
      f"{100 * sum(others) / len(others):.2f}%, highest {100 * max(others):.2f}%")
print(f"marked words with diacritics read >= 90%: {sum(v >= 0.9 for v in marked.values())} of {len(marked)}; below: "
      + ", ".join(f"{k} {100 * v:.1f}%" for k, v in sorted(marked.items()) if v < 0.9))
print(f"capitals {100 * r['caps-words']['cer_normalized']:.2f}%, headings {100 * r['caps-headings']['cer_normalized']:.2f}%")
EOF
for set in testset_v testset_t; do
    "$BIN" bench-search --quality --set "$set" --model "$MODEL" --data "$DATA" > "$OUT/search-${set#testset_}.txt"
    echo "search $set: $(grep -o 'recall [0-9.]*% precision [0-9.]*%' "$OUT/search-${set#testset_}.txt" | head -1)" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
