#!/bin/sh
# Remakes the language and capitals validation sets the stages of the open model are compared on,
# from the repository's history, so that they need not be kept:
#
#     Training/remake_eval_sets.sh [DATA_DIR]      # from the repository root; about 2 minutes
#
# - Training/cache/eval-v15: the sets recognition version 15 was reported on, and every stage to
#   the second session of version 24: compose_eval.py with compose.py as it was at 155c953.
# - Training/cache/eval-v16: the same, with one bug of that compose.py fixed: a writer's own dot
#   (of a diaeresis, an i's dot) was scaled by its height alone, so a dot drawn as a short level
#   tick grew thousands of units wide, and a word holding it (10 of the sets' words: "tillsammans
#   VÄRDA sossarna", "örnekleri") could not be read; a wide dot came out too wide (145 words in
#   all, in de, fi, hu, nl, pl, ro, sv, tr, ca). It is scaled by its larger side now, as the
#   training data's dots are since that session. Every other word is the same as in eval-v15.
#
# Both need Training/cache/open (prep_open.py) and the shared data.
set -eu
DATA=$(realpath "${1:-../shared/data}")
PY=$(realpath -s "${PY:-Training/.venv/bin/python}")  # -s: a venv's python is a link
ROOT=$(pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp Training/*.py "$WORK/"
git show 155c953:Training/compose.py > "$WORK/compose.py"
(cd "$WORK" && "$PY" compose_eval.py --data "$DATA" --cache "$ROOT/Training/cache/open" --out "$ROOT/Training/cache/eval-v15")
# The fix, as compose.py's Marks._own has it.
sed -i 's|^        k = h / gh$|        k = h / max(gh, gw)|' "$WORK/compose.py"
grep -q 'k = h / max(gh, gw)' "$WORK/compose.py"
(cd "$WORK" && "$PY" compose_eval.py --data "$DATA" --cache "$ROOT/Training/cache/open" --out "$ROOT/Training/cache/eval-v16")
