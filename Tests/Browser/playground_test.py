#!/usr/bin/env python3
"""The playground in a real browser: headless Chromium, driven through WebDriver.

Draws a line of handwriting on the page's canvas with pen pointer events, waits for the reading,
saves the note, searches a word of the reading and checks that the highlight box lies over that
word's strokes. The ink is real (an IAM-OnDB testset_v line from ../shared/data, read here at test
time and never stored) or synthetic (a Drawing JSON from `inkindex synthesize`).

Tests/Browser/run.sh starts `inkindex serve` and runs this; by hand:

    python3 Tests/Browser/playground_test.py --url http://127.0.0.1:8080/ \
        --iam ../shared/data/iam-ondb/testset_v.jsonl.gz --out .build/browser-test

It prints one line per check and closes with "N passed, N failed"; the exit status is non-zero
when a check failed.
"""
import argparse
import gzip
import json
import os
import re
import sys
import time
import unicodedata
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WINDOW = (1440, 960)
# Where the ink goes on the canvas, in CSS pixels: clear of the ruled margin, with room below.
INK_LEFT, INK_TOP, INK_RIGHT_GAP = 64, 60, 40
MAX_LINE_HEIGHT = 110
# Points closer than this (CSS pixels) to the last one sent are dropped: the shape survives and
# the WebDriver round trips stay few.
MIN_STEP = 2.0
STROKES_PER_PERFORM = 12


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print(f"ok - {what}" + (f" ({detail})" if detail else ""), flush=True)
        else:
            self.failed += 1
            print(f"not ok - {what}" + (f": {detail}" if detail else ""), flush=True)
        return ok


# ------------------------------------------------------------------------------------ ink sources

def load_iam_line(path, sample_id=None):
    """A testset line with a few words and at least one of 5+ letters (the first such, or `sample_id`)."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for raw in lines:
            sample = json.loads(raw)
            if sample_id and sample["id"] != sample_id:
                continue
            words = sample["text"].split()
            long_words = [w for w in words if re.fullmatch(r"[A-Za-z]{5,}", w)]
            if sample_id or (4 <= len(words) <= 8 and len(long_words) >= 2):
                strokes = [[(p[0], p[1]) for p in stroke] for stroke in sample["strokes"] if stroke]
                return sample["id"], sample["text"], strokes
    raise SystemExit(f"no suitable line in {path}")


def load_synthetic(path, truth_path=None):
    with open(path, encoding="utf-8") as file:
        drawing = json.load(file)
    strokes = [[tuple(p["location"]) for p in stroke["points"]] for stroke in drawing["strokes"] if stroke["points"]]
    text = ""
    if truth_path and os.path.exists(truth_path):
        with open(truth_path, encoding="utf-8") as file:
            text = " / ".join(line["text"] for line in json.load(file)["lines"])
    return os.path.basename(path), text, strokes


def fit_to_canvas(strokes, width, height, max_scale):
    """Scales the ink (any units) into the canvas box, keeping its aspect; returns float points."""
    xs = [p[0] for s in strokes for p in s]
    ys = [p[1] for s in strokes for p in s]
    min_x, min_y = min(xs), min(ys)
    ink_w, ink_h = max(max(xs) - min_x, 1), max(max(ys) - min_y, 1)
    box_w = width - INK_LEFT - INK_RIGHT_GAP
    box_h = height - INK_TOP - 40
    scale = min(max_scale, box_w / ink_w, box_h / ink_h)
    return [[(INK_LEFT + (x - min_x) * scale, INK_TOP + (y - min_y) * scale) for x, y in s] for s in strokes]


# ------------------------------------------------------------------------------------ browser

def start_browser(out_dir):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={WINDOW[0]},{WINDOW[1]}", "--force-device-scale-factor=1",
                     "--hide-scrollbars", "--lang=en-US"):
        options.add_argument(argument)
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(candidate):
            options.binary_location = candidate
            break
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    service = Service(driver_path, log_path=os.path.join(out_dir, "chromedriver.log"))
    return webdriver.Chrome(service=service, options=options)


def canvas_rect(driver):
    return driver.execute_script(
        "const r = document.getElementById('ink').getBoundingClientRect();"
        "return {left: r.left, top: r.top, width: r.width, height: r.height};")


def canvas_pixels(driver):
    return driver.execute_script("return document.getElementById('ink').toDataURL('image/png');")


def draw(driver, strokes, rect, kind):
    """Draws `strokes` (canvas CSS pixels) with pointer events; returns the points as sent.

    WebDriver moves take whole viewport pixels, so the points the page can record are those
    integers less the canvas's offset: the returned strokes are exactly those, in canvas pixels.
    """
    drawn = []
    for start in range(0, len(strokes), STROKES_PER_PERFORM):
        builder = ActionBuilder(driver, mouse=PointerInput(kind, "ink"), duration=0)
        pointer = builder.pointer_action
        for stroke in strokes[start:start + STROKES_PER_PERFORM]:
            sent = []
            for x, y in stroke:
                vx, vy = int(round(rect["left"] + x)), int(round(rect["top"] + y))
                if sent and (vx, vy) == sent[-1]:
                    continue
                if sent and ((vx - sent[-1][0]) ** 2 + (vy - sent[-1][1]) ** 2) ** 0.5 < MIN_STEP and (x, y) != stroke[-1]:
                    continue
                sent.append((vx, vy))
            pressure = {"pressure": 0.6} if kind == interaction.POINTER_PEN else {}
            pointer.move_to_location(*sent[0])
            pointer.pointer_down(**pressure)
            for vx, vy in sent[1:]:
                pointer.move_to_location(vx, vy, **pressure)
            pointer.pointer_up()
            drawn.append([(vx - rect["left"], vy - rect["top"]) for vx, vy in sent])
        builder.perform()
    return drawn


def wait(driver, seconds, condition, message):
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.2).until(lambda d: condition(d) or None)
    except TimeoutException:
        raise AssertionError(message) from None


def fold(text):
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if c.isalnum()).casefold()


def bounds_of(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a, b):
    """Intersection area over the smaller rectangle's area; rectangles as (minX, minY, maxX, maxY)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / max(smaller, 1e-9)


def get_json(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)


def choose_word(words, truth):
    """A word of 4+ letters that the reading shows once, preferring one the writer wrote too."""
    counts = {}
    for word in words:
        counts[fold(word)] = counts.get(fold(word), 0) + 1
    truth_words = {fold(w) for w in truth.split()}
    usable = [w for w in words if len(re.sub(r"[^A-Za-z]", "", w)) >= 4 and counts[fold(w)] == 1]
    usable.sort(key=lambda w: (fold(w) not in truth_words, -len(fold(w))))
    return re.sub(r"^[^\w]+|[^\w]+$", "", usable[0]) if usable else None


# ------------------------------------------------------------------------------------ the test

def screenshot(driver, args):
    shot = os.path.abspath(args.screenshot or os.path.join(args.out, "playground.png"))
    os.makedirs(os.path.dirname(shot), exist_ok=True)
    try:
        driver.execute_script("window.scrollTo(0, 0); document.activeElement?.blur();")
        driver.save_screenshot(shot)
        args.screenshot_taken = True
        print(f"# screenshot: {shot}", flush=True)
    except WebDriverException as error:
        print(f"# no screenshot: {error.msg}", flush=True)


def phone_scenario(driver, args, checks):
    """In a phone-sized window (390 px wide) the ink takes the width and the readings stand
    under it; a screenshot of it is left beside the desktop one."""
    size = driver.get_window_size()
    try:
        driver.set_window_size(390, 844)
        wait(driver, 10, lambda d: d.execute_script("return window.innerWidth") <= 400, "the window did not become phone-sized")
        time.sleep(0.5)
        geometry = driver.execute_script("""
            const surface = document.querySelector('.surface').getBoundingClientRect();
            const readings = document.getElementById('readings').getBoundingClientRect();
            return {viewport: window.innerWidth, canvas: surface.width, surfaceBottom: surface.bottom,
                    readingsTop: readings.top, readingsWidth: readings.width};""")
        checks.check(geometry["canvas"] >= 0.8 * geometry["viewport"] and geometry["readingsTop"] >= geometry["surfaceBottom"] - 1,
                     "on a phone (390 px) the canvas takes the width and the readings stand under it",
                     f"viewport {geometry['viewport']} px, canvas {geometry['canvas']:.0f} px, readings from y {geometry['readingsTop']:.0f} "
                     f"(canvas ends at {geometry['surfaceBottom']:.0f}), {geometry['readingsWidth']:.0f} px wide")
        shot = os.path.join(os.path.dirname(os.path.abspath(args.screenshot or os.path.join(args.out, "playground.png"))), "playground-phone.png")
        driver.execute_script("window.scrollTo(0, 0); document.activeElement?.blur();")
        driver.save_screenshot(shot)
        print(f"# phone screenshot: {shot}", flush=True)
    finally:
        driver.set_window_size(size["width"], size["height"])
        time.sleep(0.5)


def saved_note(driver, args, title):
    """Saves the open note under `title` and returns it as the API stores it."""
    field = driver.find_element(By.ID, "title")
    field.clear()
    field.send_keys(title)
    driver.find_element(By.ID, "save").click()
    wait(driver, 30, lambda d: d.find_element(By.ID, "status").text.startswith("Saved"), f"\"{title}\" was not saved")
    notes = get_json(args.url.rstrip("/") + "/api/notes")["notes"]
    note_id = next(n["id"] for n in notes if n["title"] == title)
    return get_json(args.url.rstrip("/") + f"/api/notes/{note_id}")


def edit_scenario(driver, args, checks):
    """A new note of two strokes: the eraser takes the one it crosses, undo brings it back, delete."""
    driver.find_element(By.ID, "new-note").click()
    rect = canvas_rect(driver)
    y = rect["height"] - 120
    first = [(120 + 4 * i, y) for i in range(30)]
    second = [(120 + 4 * i, y + 50) for i in range(30)]
    draw(driver, [first, second], rect, interaction.POINTER_PEN)
    driver.find_element(By.ID, "tool-eraser").click()
    draw(driver, [[(170, y - 20 + 2 * i) for i in range(21)]], rect, interaction.POINTER_PEN)
    driver.find_element(By.ID, "tool-pen").click()

    note = saved_note(driver, args, "Browser test edit")
    checks.check(len(note["strokes"]) == 1 and abs(note["strokes"][0]["points"][0][1] - (y + 50)) <= 1,
                 "the eraser removes the whole stroke it touches, and only that one", f"{len(note['strokes'])} strokes left")

    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
    note = saved_note(driver, args, "Browser test edit")
    rows = [round(s["points"][0][1] - y) for s in note["strokes"]]
    checks.check(rows == [0, 50], "Ctrl+Z brings the erased stroke back in its place, and saving updates the note", f"strokes at rows {rows}")

    driver.find_element(By.ID, "delete").click()
    WebDriverWait(driver, 5).until(lambda d: d.switch_to.alert)
    driver.switch_to.alert.accept()
    wait(driver, 15, lambda d: d.find_element(By.ID, "status").text.startswith("Deleted"), "the note was not deleted")
    titles = [n["title"] for n in get_json(args.url.rstrip("/") + "/api/notes")["notes"]]
    checks.check("Browser test edit" not in titles, "delete removes the note", f"left: {titles}")

    # Another device changes the note after this page read it: the page's save is refused (412,
    # If-Match), not written over the other change, and the strokes stay on the page.
    driver.find_element(By.ID, "new-note").click()
    draw(driver, [first], rect, interaction.POINTER_PEN)
    note = saved_note(driver, args, "Browser test conflict")
    url = args.url.rstrip("/") + f"/api/notes/{note['id']}"
    body = json.dumps({"title": "changed elsewhere", "strokes": note["strokes"]}).encode()
    request = urllib.request.Request(url, data=body, method="PUT", headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).close()
    draw(driver, [second], rect, interaction.POINTER_PEN)
    driver.find_element(By.ID, "save").click()
    wait(driver, 30, lambda d: d.find_element(By.ID, "status").text.startswith("Not saved"), "the stale save got no answer")
    error = driver.find_element(By.ID, "error").text
    stored = get_json(url)
    checks.check("changed elsewhere" in error and stored["title"] == "changed elsewhere" and len(stored["strokes"]) == 1,
                 "a save over a change made elsewhere is refused and says so; the other change is kept",
                 f"error \"{error[:80]}\", stored title \"{stored['title']}\"")
    urllib.request.urlopen(urllib.request.Request(url, method="DELETE"), timeout=30).close()


def run(args, checks):
    if args.iam:
        source, truth, raw = load_iam_line(args.iam, args.sample)
        max_scale = 1e9
        print(f"# ink: real handwriting, {source} from {args.iam} (\"{truth}\")", flush=True)
    else:
        source, truth, raw = load_synthetic(args.synthetic, args.truth)
        max_scale = 1.0
        print(f"# ink: synthetic, {source}" + (f" (\"{truth}\")" if truth else ""), flush=True)

    driver = start_browser(args.out)
    try:
        started = time.monotonic()
        driver.get(args.url)
        wait(driver, 20, lambda d: d.find_element(By.ID, "health").text.startswith("InkIndex"), "the page never showed the server's health")
        checks.check(True, "the page loads and reaches the API", driver.find_element(By.ID, "health").text)

        rect = canvas_rect(driver)
        strokes = fit_to_canvas(raw, rect["width"], min(rect["height"], INK_TOP + MAX_LINE_HEIGHT + 40) if args.iam else rect["height"], max_scale)
        kind = interaction.POINTER_PEN if args.pointer == "pen" else interaction.POINTER_MOUSE
        t0 = time.monotonic()
        drawn = draw(driver, strokes, rect, kind)
        ink_as_drawn = canvas_pixels(driver)
        points = sum(len(s) for s in drawn)
        print(f"# drew {len(drawn)} strokes, {points} points with a {args.pointer} pointer in {time.monotonic() - t0:.1f} s", flush=True)

        wait(driver, args.timeout, lambda d: d.execute_script(
            "const p = document.getElementById('readings');"
            "return p.dataset.state === 'ready' && p.querySelector('.reading .best') !== null;"),
            "no reading appeared after the pen rested")
        ink_after_reading = canvas_pixels(driver)
        readings = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#readings .reading .best")]
        words = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#readings .reading .word")]
        shown = " / ".join(readings)
        checks.check(bool(shown.strip()) and bool(words), "the reading shows beside the ink", f"read \"{shown}\"")
        print(f"# written: \"{truth}\"", flush=True)

        title = args.title or f"Browser test {source}"
        note = saved_note(driver, args, title)
        note_id = note["id"]
        listed = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#notes .note-title")]
        error = driver.find_element(By.ID, "error")
        checks.check(title in listed and not error.is_displayed(), "the note is saved with its title and listed",
                     title if not error.is_displayed() else error.text)
        stored = note["strokes"]
        same_ink = len(stored) == len(drawn) and all(
            abs(s["points"][0][0] - d[0][0]) <= 1 and abs(s["points"][0][1] - d[0][1]) <= 1 and
            abs(s["points"][-1][0] - d[-1][0]) <= 1 and abs(s["points"][-1][1] - d[-1][1]) <= 1
            for s, d in zip(stored, drawn))
        checks.check(same_ink, "the stored note holds the strokes as drawn, in order",
                     f"{len(stored)} stored, {len(drawn)} drawn")

        query = args.query or choose_word(words, truth)
        if not checks.check(query is not None, "the reading has a word of 4+ letters to search", query or shown):
            return
        search = driver.find_element(By.ID, "search-input")
        search.clear()
        search.send_keys(query, Keys.ENTER)
        wait(driver, 30, lambda d: d.find_elements(By.CSS_SELECTOR, f"#hits .hit[data-note-id='{note_id}']"),
             f"searching \"{query}\" never listed the note")
        hit_button = driver.find_elements(By.CSS_SELECTOR, f"#hits .hit[data-note-id='{note_id}']")[0]
        checks.check(True, f"searching \"{query}\" finds the note", hit_button.text.replace("\n", " "))
        hit_button.click()
        wait(driver, 15, lambda d: d.find_elements(By.CSS_SELECTOR, "#boxes .hit-box"), "clicking the hit drew no highlight box")
        box_element = driver.find_element(By.CSS_SELECTOR, "#boxes .hit-box")
        box = tuple(float(box_element.get_attribute(f"data-{k}")) for k in ("x", "y", "width", "height"))
        box_rect = (box[0], box[1], box[0] + box[2], box[1] + box[3])

        # The word's strokes: the stored reading's word that spells the query, mapped by position
        # to the strokes this test drew (the note keeps their order, as checked above).
        index_of = {s["id"]: i for i, s in enumerate(stored)}
        candidates = [w for line in note.get("lines", []) for w in line.get("words", []) if fold(w["text"]) == fold(query)]
        best = 0.0
        word_rect = None
        for word in candidates:
            indices = [index_of[i] for i in word["strokeIDs"] if i in index_of and index_of[i] < len(drawn)]
            if not indices:
                continue
            rect_w = bounds_of([p for i in indices for p in drawn[i]])
            if overlap(box_rect, rect_w) >= best:
                best, word_rect = overlap(box_rect, rect_w), rect_w
        detail = f"box {tuple(round(v) for v in box_rect)}, word strokes {tuple(round(v) for v in word_rect) if word_rect else None}, overlap {best:.0%}"
        checks.check(word_rect is not None and best >= 0.6, f"the highlight box lies over the strokes of \"{query}\"", detail)
        unchanged = ink_as_drawn == ink_after_reading == canvas_pixels(driver)
        checks.check(unchanged, "the canvas shows the writer's strokes alone, unchanged by the reading, the save and the hit",
                     "readings and highlights live beside and over it")
        highlighted = len(driver.find_elements(By.CSS_SELECTOR, "#overlay .hit-strokes polyline"))
        checks.check(highlighted > 0, "the hit's strokes are highlighted on the ink", f"{highlighted} strokes")

        exports = {}
        for element_id, marker in (("export-svg", "<svg"), ("export-inkml", "<ink")):
            href = driver.find_element(By.ID, element_id).get_attribute("href") or ""
            try:
                with urllib.request.urlopen(href, timeout=30) as response:
                    exports[element_id] = marker in response.read().decode("utf-8", "replace")
            except (ValueError, OSError):
                exports[element_id] = False
        checks.check(all(exports.values()), "the open note exports as SVG (with the query's hits) and InkML",
                     ", ".join(f"{k}: {'ok' if v else 'failed'}" for k, v in exports.items()))

        foreign = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)"
            ".filter(u => !u.startsWith(location.origin + '/') && !u.startsWith('data:'));")
        checks.check(not foreign, "the page fetches nothing from another origin (it works offline)", ", ".join(foreign)[:300])

        layout_toggle = driver.find_element(By.ID, "show-layout")
        layout_toggle.click()
        boxes = len(driver.find_elements(By.CSS_SELECTOR, "#overlay .layout .line-box"))
        clusters = len(driver.find_elements(By.CSS_SELECTOR, "#overlay .layout rect.cluster"))
        lines_read = len(driver.find_elements(By.CSS_SELECTOR, "#readings .reading"))
        checks.check(boxes == lines_read and clusters >= 1, "the layout view draws each line and its cluster over the ink",
                     f"{boxes} line boxes for {lines_read} lines, {clusters} clusters")
        if not args.layout:
            layout_toggle.click()
        screenshot(driver, args)
        phone_scenario(driver, args, checks)
        if not args.no_edit:
            edit_scenario(driver, args, checks)
        print(f"# finished in {time.monotonic() - started:.1f} s", flush=True)
    finally:
        if not getattr(args, "screenshot_taken", False):
            screenshot(driver, args)
        logs = []
        try:
            # The refused save of the conflict check is a 412 the page expects and explains.
            logs = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"
                    and "status of 412" not in entry.get("message", "")]
        except WebDriverException:
            pass
        checks.check(not logs, "the browser console shows no errors", "; ".join(e["message"] for e in logs)[:500])
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the playground, e.g. http://127.0.0.1:8080/")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--iam", help="an IAM-OnDB .jsonl.gz file (real ink, read at test time)")
    source.add_argument("--synthetic", help="a Drawing JSON written by `inkindex synthesize`")
    parser.add_argument("--truth", help="the --truth JSON of the synthetic ink (for the log)")
    parser.add_argument("--sample", help="the IAM sample id to draw (default: the first suitable line)")
    parser.add_argument("--pointer", choices=("pen", "mouse"), default="pen")
    parser.add_argument("--query", help="search this instead of a word of the reading")
    parser.add_argument("--title", help="the note's title")
    parser.add_argument("--no-edit", action="store_true", help="skip the eraser, undo and delete checks")
    parser.add_argument("--layout", action="store_true", help="turn the layout view on before the screenshot")
    parser.add_argument("--timeout", type=float, default=90, help="seconds to wait for the reading")
    parser.add_argument("--out", default=".build/browser-test", help="folder for the screenshot and logs")
    parser.add_argument("--screenshot", help="where to save the screenshot (default OUT/playground.png)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    checks = Checks()
    try:
        run(args, checks)
    except AssertionError as failure:
        checks.check(False, str(failure))
    except Exception as error:  # a crash of the test itself is a failure, with its reason
        checks.check(False, f"the test could not run: {type(error).__name__}: {error}")
    print(f"{checks.passed} passed, {checks.failed} failed", flush=True)
    return 1 if checks.failed or not checks.passed else 0


if __name__ == "__main__":
    sys.exit(main())
