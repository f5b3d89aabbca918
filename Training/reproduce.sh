#!/bin/sh
# Reproduces the shipped weights and the golden fixture (Training/README.md, MODEL_CARD.md).
#   Training/reproduce.sh [DATA_DIR] [BUDGET_MINUTES] [DEVICE]
set -eu
cd "$(dirname "$0")"
DATA="${1:-../../shared/data}"
BUDGET="${2:-70}"
DEVICE="${3:-cpu}"
PY="${PYTHON:-.venv/bin/python}"
"$PY" prep.py --data "$DATA"
OMP_NUM_THREADS=1 "$PY" train.py --run runs/main --budget-minutes "$BUDGET" --val-lines 200 --threads 1 --device "$DEVICE"
"$PY" export.py runs/main/best.pt ../Sources/InkRecognition/Resources/inkrec.weights
"$PY" golden.py runs/main/best.pt ../Tests/InkRecognitionTests/Fixtures/golden.json
