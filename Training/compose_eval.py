"""Validation sets for the languages and for capitals, as `inkindex eval` reads them.

    python compose_eval.py [--data ../../shared/data] [--out cache/eval]

Writes, in the shared data's format (gzip JSON Lines: id, writer, text, strokes [[x, y, t]]):
- `<language>.jsonl.gz` for each of the 20 languages: 120 single words and 60 phrases of 2-4
  words of that language (wordfreq's lists, frequent words more often, as written: lower case,
  capitalized or in capitals), composed from the glyphs of writers kept out of training
  (UNIPEN's held-out writers and the UJI writers UJI_W14, UJI_W16, UPV_W18: their own accented
  letters where they wrote them; prep_open.py's glyphs_heldout.pkl);
- `<language>-marked.jsonl.gz` for each language that writes letters beyond a-z (20 or more such
  words in its list): 120 words that hold at least one of them, drawn and composed the same way,
  to measure those letters;
- `caps-words.jsonl.gz`: every word UNIPEN's held-out writers wrote in capitals (real ink);
- `caps-headings.jsonl.gz`: 200 headings in capitals (words, scripture references) composed
  from the held-out writers' glyphs;
- `names.jsonl.gz` and `names.txt`: names of people and places that the English word prior
  does not list (NAMES below, those not in wordprior.txt), each written twice by held-out
  writers' glyphs, and the list itself as a vocabulary file for `--vocabulary`.

Derived from the corpora: these files stay in the git-ignored cache, never in the repository.
The same seed gives the same sets.
"""
import argparse, gzip, json, os, pickle, random
import numpy as np
import alphabet as A
import compose
import languages
from prep import read_jsonl
from prep_open import held_out

HERE = os.path.dirname(os.path.abspath(__file__))

# Names a congregation's notes hold and no word list has: people of many origins, places of the
# Bible. Written by the project for this measurement.
NAMES = """Okonkwo Adebayo Nkechi Thandiwe Oluwaseun Chidinma Kwabena Akosua Tafadzwa Nomvula Siobhan
Tadhg Eilidh Mairead Niamh Oisin Caoimhe Saoirse Ruairi Aoife Bartholomew Zacchaeus Epaphras Onesimus
Tychicus Archippus Aquila Priscilla Apollos Sosthenes Phoebe Junia Andronicus Philologus Tryphena
Capernaum Bethsaida Chorazin Gadara Zarephath Shunem Tekoa Anathoth Mizpah Ephrathah Gilgal Shiloh
Beersheba Hebron Jericho Bethany Emmaus Nazareth Galilee Samaria Antioch Iconium Lystra Derbe
Thessalonica Berea Corinth Ephesus Colossae Laodicea Philadelphia Pergamum Thyatira Sardis Smyrna
Nwachukwu Oyelaran Kowalczyk Wojciechowski Szymanski Lindqvist Haugland Vainio Korhonen Nakashima
Takahashi Nguyen Thanh Phuong Rajendran Subramanian Venkatesh Lakshmi Anand Priyanka Mbeki Dlamini""".split()


def write(path, samples):
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for s in samples:
            fh.write(json.dumps(s, ensure_ascii=False) + "\n")
    print(f"{os.path.basename(path)}: {len(samples)}", flush=True)


def as_record(sid, text, strokes, rng):
    """Strokes in glyph units (cap height 1, y down) at a writer's size, with times."""
    scale, t, out = rng.uniform(40, 120), 0.0, []
    for s in strokes:
        pts = []
        for x, y in s:
            pts.append([round(float(x) * scale, 2), round(float(y) * scale, 2), round(t, 3)])
            t += 0.015
        t += 0.12
        out.append(pts)
    return dict(id=sid, writer=None, text=text, strokes=out)


def composed(writer, texts, count, seed, prefix):
    return compose.composed(writer, texts, count, seed,
                            lambda text, strokes, k, rng: as_record(f"{prefix}-{k}", text, strokes, rng), patience=50)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "data"))
    ap.add_argument("--cache", default=os.path.join(HERE, "cache", "open"))
    ap.add_argument("--out", default=os.path.join(HERE, "cache", "eval"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    alphabet = A.named("latin")
    with open(os.path.join(a.cache, "glyphs_heldout.pkl"), "rb") as fh:
        writer = compose.GlyphWriter(pickle.load(fh), random.Random(0))
    words = languages.load_word_lists(os.path.join(a.cache, "words"), alphabet)
    for k, lang in enumerate(languages.LANGUAGES):
        source = languages.TextSource({lang: words[lang]}, english_weight=0)
        single = composed(writer, lambda r: languages.cased(source.word(lang, r), r), 120, 100 + k, f"{lang}-word")
        phrases = composed(writer, lambda r: source.phrase(r, lang, r.randint(2, 4)), 60, 200 + k, f"{lang}-phrase")
        write(os.path.join(a.out, f"{lang}.jsonl.gz"), single + phrases)
        # Running words hold few marked letters (Italian's 180 samples: 7), too few to measure
        # how often they are read right; 120 words that each hold one are.
        marked = [w for w in words[lang] if languages.has_marked_letter(w)]
        # Languages whose lists hold a stray marked word or two (Malay "â", Filipino "español")
        # write no letters beyond a-z of their own: no set.
        if len(marked) >= 20:
            source = languages.TextSource({lang: marked}, english_weight=0)
            write(os.path.join(a.out, f"{lang}-marked.jsonl.gz"),
                  composed(writer, lambda r: languages.cased(source.word(lang, r), r), 120, 500 + k, f"{lang}-marked"))
    caps = [d for d in read_jsonl(os.path.join(a.data, "unipen", "words.dev.jsonl.gz"))
            if held_out(d.get("writer")) and len(d["text"]) >= 2 and d["text"].isalpha() and d["text"].isupper()]
    write(os.path.join(a.out, "caps-words.jsonl.gz"), caps)
    every = languages.TextSource(words, english_weight=0.4)
    write(os.path.join(a.out, "caps-headings.jsonl.gz"), composed(writer, every.heading, 200, 300, "heading"))
    prior_path = os.path.join(HERE, "..", "Sources", "InkRecognition", "Resources", "wordprior.txt")
    with open(prior_path, encoding="utf-8") as fh:
        known = {line.split("\t")[0] for line in fh if not line.startswith("#")}
    names = [n for n in NAMES if n.lower() not in known and all(writer.can_write(c) for c in n)]
    with open(os.path.join(a.out, "names.txt"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(names) + "\n")
    cycle = iter(names * 2)
    write(os.path.join(a.out, "names.jsonl.gz"), composed(writer, lambda r: next(cycle), len(names) * 2, 400, "name"))


if __name__ == "__main__":
    main()
