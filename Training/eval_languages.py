"""Reads the language and capitals validation sets (compose_eval.py) with `inkindex eval` and
prints one Markdown table: CER (normalized), CER with case folded, diacritic letters read right,
and the same two for the language's marked words (`<lang>-marked.jsonl.gz`: 120 words that each
hold a letter beyond a-z).

    python3 Training/eval_languages.py --inkindex .build/release/inkindex --model research [--json out.json] [--decoding=--no-restore-marks]

Each language's set is read with `--languages LANG` (English: `--languages en`); capitals with
`--languages en`. Sets are whole samples (`--whole`): words and phrases of one line each.
Languages the model does not read (`inkindex languages`) get a row that says so.
Standard library only.
"""
import argparse, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import languages  # noqa: E402


def evaluate(inkindex, model, path, language, extra):
    out = subprocess.run([inkindex, "eval", path, "--whole", "--json", "--model", model, "--languages", language] + extra,
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--inkindex", default=".build/release/inkindex")
    ap.add_argument("--model", default="research")
    ap.add_argument("--sets", default=os.path.join(HERE, "cache", "eval"))
    ap.add_argument("--only", default="", help="comma-separated languages (default: all)")
    ap.add_argument("--english-prior", action="store_true", help="read every set with --languages en (the before)")
    ap.add_argument("--json", default="", help="also write every report here")
    ap.add_argument("--decoding", default="", help="more `inkindex eval` options, as one string (\"--no-restore-marks\")")
    a = ap.parse_args()
    wanted = a.only.split(",") if a.only else languages.LANGUAGES
    rows, reports = [], {}
    percent = lambda v, digits=2: f"{100 * v:.{digits}f}%" if v is not None else "–"
    listed = subprocess.run([a.inkindex, "languages", "--json"], check=True, capture_output=True, text=True).stdout
    readable = {row["code"] for row in map(json.loads, listed.splitlines()) if a.model in row["models"]}
    for lang in wanted:
        if lang not in readable:  # a model whose alphabet lacks one of the language's letters
            rows.append(f"| {lang} | – | the {a.model} model does not read it | – | – | – | – |")
            print(rows[-1], flush=True)
            continue
        reading = "en" if a.english_prior else lang
        r = evaluate(a.inkindex, a.model, os.path.join(a.sets, f"{lang}.jsonl.gz"), reading, a.decoding.split())
        reports[lang] = r
        marked_path = os.path.join(a.sets, f"{lang}-marked.jsonl.gz")
        m = evaluate(a.inkindex, a.model, marked_path, reading, a.decoding.split()) if os.path.exists(marked_path) else None
        if m:
            reports[f"{lang}-marked"] = m
        rows.append(f"| {lang} | {r['samples']} | {percent(r['cer_normalized'])} | {percent(r['cer_caseless'])} | "
                    f"{percent(r.get('diacritic_accuracy'), 1)} | {percent(m and m['cer_normalized'])} | "
                    f"{percent(m and m.get('diacritic_accuracy'), 1)} |")
        print(rows[-1], flush=True)
    for name in ["caps-words", "caps-headings"]:
        if a.only:
            break
        r = evaluate(a.inkindex, a.model, os.path.join(a.sets, f"{name}.jsonl.gz"), "en", a.decoding.split())
        reports[name] = r
        rows.append(f"| {name} | {r['samples']} | {percent(r['cer_normalized'])} | {percent(r['cer_caseless'])} | – | – | – |")
        print(rows[-1], flush=True)
    print("\n| set | samples | CER (normalized) | CER, case folded | diacritic letters read | marked words: CER | "
          "marked words: diacritic letters read |\n|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(reports, fh, indent=1)


if __name__ == "__main__":
    main()
