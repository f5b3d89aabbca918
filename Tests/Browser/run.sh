#!/usr/bin/env bash
# The playground in a real browser: builds `inkindex`, starts `inkindex serve` on a free loopback
# port with a throwaway library, and runs Tests/Browser/playground_test.py in headless Chromium.
#
#   Tests/Browser/run.sh                      # real ink from ../shared/data where present, else synthetic
#   INK=synthetic Tests/Browser/run.sh        # synthetic ink (inkindex synthesize) in any case
#   Tests/Browser/run.sh --readme-screenshot  # the README's picture, synthetic ink: Docs/Images/playground.png
#
# Needs chromium, chromium-driver and python3-selenium (Debian packages; .ci/run installs them).
# Other arguments go to playground_test.py. The screenshot and logs land in .build/browser-test.
set -euo pipefail
cd "$(dirname "$0")/../.."

OUT=.build/browser-test
CONFIGURATION=${CONFIGURATION:-debug}
INK=${INK:-auto}
README_SHOT=0
ARGS=()
for argument in "$@"; do
    if [[ $argument == --readme-screenshot ]]; then README_SHOT=1; INK=synthetic; else ARGS+=("$argument"); fi
done

# Debian's selenium lives in the system Python, which a pyenv or venv python3 may not see.
PYTHON=python3
if [[ -x /usr/bin/python3 ]] && /usr/bin/python3 -c 'import selenium' 2>/dev/null; then PYTHON=/usr/bin/python3; fi
missing=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
[[ -x ${CHROMEDRIVER:-/usr/bin/chromedriver} ]] || missing+=(chromium-driver)
"$PYTHON" -c 'import selenium' 2>/dev/null || missing+=(python3-selenium)
if (( ${#missing[@]} )); then
    echo "browser test: missing ${missing[*]} (apt-get install -y ${missing[*]})" >&2
    echo "0 passed, 1 failed"
    exit 2
fi

swift build -c "$CONFIGURATION" --product inkindex
BIN="$(swift build -c "$CONFIGURATION" --show-bin-path)/inkindex"
mkdir -p "$OUT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/inkindex-browser.XXXXXX")
SERVER_PID=
cleanup() {
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# Port 0: the server picks a free one and prints its URL first.
"$BIN" serve --db "$WORK/library.sqlite" --host 127.0.0.1 --port 0 >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
URL=
for _ in $(seq 1 240); do
    URL=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$OUT/server.log" | head -n 1 || true)
    if [[ -n $URL ]] && "$PYTHON" -c "import urllib.request; urllib.request.urlopen('${URL}api/health', timeout=2)" 2>/dev/null; then break; fi
    URL=
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "browser test: inkindex serve exited; its log:" >&2
        cat "$OUT/server.log" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    sleep 0.5
done
if [[ -z $URL ]]; then
    echo "browser test: inkindex serve did not answer within 2 minutes; its log:" >&2
    cat "$OUT/server.log" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
echo "# server: $URL (log $OUT/server.log)"

IAM=../shared/data/iam-ondb/testset_v.jsonl.gz
if [[ $INK == auto && -f $IAM ]]; then
    INK_ARGS=(--iam "$IAM")
elif (( README_SHOT )); then
    "$BIN" synthesize x --style script --seed 11 --variation 0.45 --cap-height 28 \
        --lines "Sermon on grace|Jn 3:16 God so loved the world|grace is a gift, not wages|Eph 2:8 saved through faith" \
        --note "cf. Rom 5:8" --mark underline:gift -o "$WORK/ink.json" --truth "$WORK/truth.json"
    INK_ARGS=(--synthetic "$WORK/ink.json" --truth "$WORK/truth.json" --query grace --title "Sunday sermon"
              --screenshot Docs/Images/playground.png --no-edit)
else
    "$BIN" synthesize x --seed 5 --lines "Grace is a gift of God" -o "$WORK/ink.json" --truth "$WORK/truth.json"
    INK_ARGS=(--synthetic "$WORK/ink.json" --truth "$WORK/truth.json")
fi

set +e
"$PYTHON" Tests/Browser/playground_test.py --url "$URL" --out "$OUT" "${INK_ARGS[@]}" "${ARGS[@]}"
status=$?
set -e
exit $status
