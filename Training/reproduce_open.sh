#!/bin/sh
# Reproduces the open model's weights and golden fixture (MODEL_CARD.md, "The open model"): data
# whose terms allow commercial use only (UNIPEN, UJI Pen Characters; wordfreq words as text).
#   Training/reproduce_open.sh [DATA_DIR] [STAGE1_MINUTES] [DEVICE]
# Later stages start from the last committed checkpoint (runs are git-ignored; each stage's
# best.pt is committed as checkpoints/open-stageN.pt):
#   python train.py --recipe open --init checkpoints/open-stage1.pt --run runs/open2 --budget-minutes 110 --lr 8e-4 --seed 2 ...
set -eu
cd "$(dirname "$0")"
DATA="${1:-../../shared/data}"
STAGE1="${2:-120}"
DEVICE="${3:-cpu}"
PY="${PYTHON:-.venv/bin/python}"
"$PY" prep_open.py --data "$DATA"
OMP_NUM_THREADS=2 "$PY" train.py --recipe open --run runs/open1 --budget-minutes "$STAGE1" --unipen-per-epoch 4000 \
    --word-lines-per-epoch 2000 --synth-per-epoch 2000 --val-lines 240 --threads 2 --seed 1 --device "$DEVICE"
"$PY" export.py runs/open1/best.pt ../Sources/InkRecognition/Resources/inkrec-open.weights --model-version 5
"$PY" golden.py --weights ../Sources/InkRecognition/Resources/inkrec-open.weights ../Tests/InkRecognitionTests/Fixtures/golden-open.json
