"""The boundary's cost, from Python: a page read and searched through the inkindex package, as
bindings/c/bench/bench_page.c does from C and `inkindex bench-page` in Swift.

    python3 bindings/python/bench_page.py bindings/c/tests/fixtures/page10.json 30 [once|standard]
"""
import sys
import time

import inkindex


def main(path, iterations=30, reading="standard"):
    with open(path) as fh:
        page = fh.read()
    times = []
    for k in range(-3, iterations):  # three warm-up iterations
        started = time.perf_counter()
        with inkindex.Recognizer(reading=reading) as recognizer:
            recognizer.update_drawing(page)
            hits = recognizer.search("grace")
        if k >= 0:
            times.append((time.perf_counter() - started) * 1000)
    times.sort()
    print(f"Python: {path}, reading {reading}, {iterations} iterations: median {times[iterations // 2]:.1f} ms,"
          f" p95 {times[int(iterations * 0.95)]:.1f} ms{'' if hits else ' (no hit!)'}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 30, sys.argv[3] if len(sys.argv) > 3 else "standard")
