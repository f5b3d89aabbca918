#!/usr/bin/env python3
"""Builds InkIndex's character language model (charlm.bin) from public-domain / free text.

    python3 Training/lm/build_charlm.py --output Sources/InkRecognition/Resources/charlm.bin

Sources (see Training/lm/README.md for their terms):
  * the King James Bible, read with Debian's `bible` program (packages bible-kjv, bible-kjv-text)
    or from --kjv FILE (one verse a line, "Ref text");
  * The Devil's Dictionary by Ambrose Bierce (1911, public domain), Debian package dict-devil;
  * modern English prose (since recognition version 20): the World English Bible (public domain,
    Debian package bibledit-data), the Jargon File (public domain, jargon-text), and WordNet 3.0's
    glosses and example sentences (WordNet licence, wordnet-base);
  * the wamerican word list, /usr/share/dict/american-english (within-word statistics only);
  * scripture references ("Jn 3:16", "1 Cor 13:4-7") generated from the Bible's own verse list;
  * optionally the same in capitals (--capitals N, not shipped: Training/lm/README.md, "Capitals"):
    N headings of 1-4 verse words or a reference, and every word.
Never IAM-OnDB or UNIPEN transcriptions: their test sets share those corpora.

Model: interpolated Kneser-Ney over characters (printable ASCII), pruned by raw count per order,
stored as a backoff trie (probabilities of the kept n-grams from the full interpolated model,
backoff weights recomputed so that every context's distribution still sums to one).
Standard library only.
"""
import argparse
import math
import random
import re
import struct
import subprocess
import sys
from collections import defaultdict

VOCAB = [chr(c) for c in range(32, 127)]  # printable ASCII; index = symbol id
MAGIC = b"INKCHLM1"
VERSION = 1
QUANT = 1000.0  # log values are stored as round(value * QUANT) in int16

BOOKS = [  # (KJV name, abbreviations written in notes)
    ("Genesis", ["Gen", "Gn"]), ("Exodus", ["Ex", "Exod"]), ("Leviticus", ["Lev", "Lv"]),
    ("Numbers", ["Num", "Nm"]), ("Deuteronomy", ["Deut", "Dt"]), ("Joshua", ["Josh", "Jos"]),
    ("Judges", ["Judg", "Jdg"]), ("Ruth", ["Ru", "Rth"]), ("1 Samuel", ["1 Sam", "1 Sm"]),
    ("2 Samuel", ["2 Sam", "2 Sm"]), ("1 Kings", ["1 Kgs", "1 Ki"]), ("2 Kings", ["2 Kgs", "2 Ki"]),
    ("1 Chronicles", ["1 Chr", "1 Chron"]), ("2 Chronicles", ["2 Chr", "2 Chron"]), ("Ezra", ["Ezr"]),
    ("Nehemiah", ["Neh"]), ("Esther", ["Est", "Esth"]), ("Job", ["Jb"]), ("Psalms", ["Ps", "Psa", "Psalm"]),
    ("Proverbs", ["Prov", "Pr"]), ("Ecclesiastes", ["Eccl", "Ecc"]), ("Song of Solomon", ["Song", "SS"]),
    ("Isaiah", ["Isa", "Is"]), ("Jeremiah", ["Jer"]), ("Lamentations", ["Lam"]), ("Ezekiel", ["Ezek", "Eze"]),
    ("Daniel", ["Dan", "Dn"]), ("Hosea", ["Hos"]), ("Joel", ["Jl"]), ("Amos", ["Am"]), ("Obadiah", ["Obad", "Ob"]),
    ("Jonah", ["Jon"]), ("Micah", ["Mic"]), ("Nahum", ["Nah"]), ("Habakkuk", ["Hab"]), ("Zephaniah", ["Zeph"]),
    ("Haggai", ["Hag"]), ("Zechariah", ["Zech"]), ("Malachi", ["Mal"]), ("Matthew", ["Matt", "Mt"]),
    ("Mark", ["Mk", "Mrk"]), ("Luke", ["Lk", "Lu"]), ("John", ["Jn", "Jhn"]), ("Acts", ["Ac"]),
    ("Romans", ["Rom", "Rm"]), ("1 Corinthians", ["1 Cor"]), ("2 Corinthians", ["2 Cor"]),
    ("Galatians", ["Gal"]), ("Ephesians", ["Eph"]), ("Philippians", ["Phil", "Php"]),
    ("Colossians", ["Col"]), ("1 Thessalonians", ["1 Thess", "1 Th"]), ("2 Thessalonians", ["2 Thess", "2 Th"]),
    ("1 Timothy", ["1 Tim"]), ("2 Timothy", ["2 Tim"]), ("Titus", ["Tit"]), ("Philemon", ["Phlm", "Philem"]),
    ("Hebrews", ["Heb"]), ("James", ["Jas", "Jm"]), ("1 Peter", ["1 Pet", "1 Pt"]), ("2 Peter", ["2 Pet", "2 Pt"]),
    ("1 John", ["1 Jn"]), ("2 John", ["2 Jn"]), ("3 John", ["3 Jn"]), ("Jude", ["Jud"]),
    ("Revelation", ["Rev", "Rv"]),
]


def clean(text):
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = "".join(c if " " <= c <= "~" else " " for c in text)
    return re.sub(r" +", " ", text).strip()


def read_kjv(path):
    """(book index, chapter, verse, text) per verse, in canonical order."""
    if path:
        lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    else:
        out = subprocess.run(["bible", "-f", "gen1:1-rev22:21"], capture_output=True, text=True, check=True)
        lines = out.stdout.splitlines()
    verses, book, last_code = [], -1, None
    for line in lines:
        m = re.match(r"^(\d?[A-Za-z]+)(\d+):(\d+) (.*)$", line)
        if not m:
            continue
        code, chapter, verse, text = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        if code != last_code:
            book, last_code = book + 1, code
        verses.append((book, chapter, verse, clean(text)))
    if book + 1 != len(BOOKS):
        sys.exit(f"expected {len(BOOKS)} books in the KJV text, found {book + 1}")
    return verses


def read_devil(path):
    """Paragraphs of The Devil's Dictionary (dictd format, gzip), headers and markup dropped."""
    import gzip
    text = gzip.open(path, "rt", encoding="latin-1").read()
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        block = clean(block.replace("_", "").replace("\n", " "))
        if len(block) > 20 and not block.startswith("00-database"):
            paragraphs.append(block)
    return paragraphs


def read_web(path):
    """Verses of the World English Bible (public domain), from the USFM chapters in Debian's
    bibledit-data (`databases/sample.sqlite`, table `sample`), notes and markup dropped."""
    import sqlite3
    rows = sqlite3.connect(f"file:{path}?mode=ro", uri=True).execute(
        "SELECT file, data FROM sample WHERE file LIKE './bibles/Sample/%'").fetchall()
    verses = []
    for _, usfm in sorted(rows):
        usfm = re.sub(r"\\(f|fe|x) .*?\\\1\*", " ", usfm, flags=re.S)  # footnotes, cross references
        for verse in re.split(r"\\v \d+\S* ", usfm)[1:]:
            verse = re.sub(r"\\c \d+", " ", verse)
            verse = re.sub(r"\\[a-z]+\d*\*?", " ", verse).replace("\n", " ")
            verse = clean(verse)
            if verse:
                verses.append(verse)
    return verses


def read_jargon(path):
    """Paragraphs of prose from the Jargon File (public domain, Debian package jargon-text):
    blocks of at least 60 characters and mostly letters, so that tables, headings and
    pronunciation keys stay out."""
    import gzip
    text = gzip.open(path, "rt", encoding="utf-8").read()
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        block = clean(block.replace("\n", " "))
        letters = sum(c.isalpha() or c == " " for c in block)
        if len(block) >= 60 and letters >= 0.85 * len(block):
            paragraphs.append(block)
    return paragraphs


def read_wordnet(folder):
    """WordNet 3.0's glosses and their example sentences (Princeton University; a permissive
    licence whose notice must travel with the model: Resources/charlm.LICENSE.md), from Debian's
    wordnet-base (`/usr/share/wordnet`): each definition and each quoted example one segment."""
    segments = []
    for part in ("noun", "verb", "adj", "adv"):
        for line in open(f"{folder}/data.{part}", encoding="utf-8", errors="replace"):
            if line.startswith("  ") or "|" not in line:
                continue  # the licence header
            for piece in line.split("|", 1)[1].split(";"):
                piece = clean(piece.strip().strip('"'))
                if len(piece) > 2:
                    segments.append(piece)
    return segments


def references(verses, rng, count):
    """Scripture references as written in notes: full names and abbreviations, verses, ranges."""
    last_verse = {}
    for book, chapter, verse, _ in verses:
        last_verse[(book, chapter)] = max(verse, last_verse.get((book, chapter), 0))
    keys = sorted(last_verse)
    out = []
    for _ in range(count):
        book, chapter = rng.choice(keys)
        names = [BOOKS[book][0]] + BOOKS[book][1]
        name = rng.choice(names) + rng.choice(["", "", "", "."]) if rng.random() < 0.7 else rng.choice(names)
        if name.endswith("..") or name == BOOKS[book][0] + ".":
            name = BOOKS[book][0]
        first = rng.randint(1, last_verse[(book, chapter)])
        form = rng.random()
        if form < 0.55:
            ref = f"{name} {chapter}:{first}"
        elif form < 0.85:
            ref = f"{name} {chapter}:{first}-{rng.randint(first, last_verse[(book, chapter)])}"
        elif form < 0.95:
            ref = f"{name} {chapter}"
        else:
            ref = f"({name} {chapter}:{first})"
        out.append(ref)
    return out


def capitals(texts, refs, rng, count):
    """Headings as notes write them in capitals ("GRACE OF GOD", "ROMANS 8:28"): runs of one to
    four words from the training verses, and references, upper-cased. Without them the model has seen
    capitals almost only at a word's start (and in "LORD"), so the decoder reads a heading's "OF"
    as "Of"."""
    out = []
    for _ in range(count):
        if rng.random() < 0.2:
            out.append(rng.choice(refs).upper())
            continue
        words = re.findall(r"[A-Za-z]+(?:'[A-Za-z]+)?", rng.choice(texts))
        if not words:
            continue
        n = min(len(words), rng.choice([1, 1, 2, 2, 3, 4]))
        start = rng.randrange(len(words) - n + 1)
        out.append(" ".join(words[start:start + n]).upper())
    return out


def count_ngrams(segments, order):
    counts = [None] + [defaultdict(int) for _ in range(order)]
    for segment in segments:
        s = " " + segment + " "
        n = len(s)
        for i in range(n):
            for k in range(1, order + 1):
                if i + k > n:
                    break
                counts[k][s[i:i + k]] += 1
    return counts


def discount(counts):
    n1 = sum(1 for c in counts.values() if c == 1)
    n2 = sum(1 for c in counts.values() if c == 2)
    return n1 / (n1 + 2 * n2) if n1 + n2 > 0 else 0.5


def kneser_ney(raw, order, thresholds, vocab=VOCAB):
    """Interpolated KN probabilities of the kept n-grams, and backoff weights of kept contexts."""
    # Counts used per order: raw counts at the top, continuation counts below.
    used = [None] * (order + 1)
    used[order] = raw[order]
    for k in range(order - 1, 0, -1):
        cont = defaultdict(int)
        for gram in raw[k + 1]:
            cont[gram[1:]] += 1
        used[k] = cont
    kept = [None] + [{g for g, c in raw[k].items() if c >= thresholds[k - 1]} for k in range(1, order + 1)]
    kept[1] = set(vocab)
    prob = [None] + [dict() for _ in range(order)]
    for k in range(1, order + 1):
        d = discount(used[k])
        total = defaultdict(int)
        types = defaultdict(int)
        for gram, c in used[k].items():
            total[gram[:-1]] += c
            types[gram[:-1]] += 1
        for gram in kept[k]:
            h, w = gram[:-1], gram[-1]
            lower = prob[k - 1][gram[1:]] if k > 1 else 1.0 / len(vocab)
            if total.get(h, 0) == 0:
                prob[k][gram] = lower
            else:
                c = used[k].get(gram, 0)
                prob[k][gram] = max(c - d, 0) / total[h] + d * types[h] / total[h] * lower
    backoff = [None] + [dict() for _ in range(order)]
    for k in range(1, order):  # contexts of length k predict order k+1
        kept_mass = defaultdict(float)
        lower_mass = defaultdict(float)
        for gram in kept[k + 1]:
            h = gram[:-1]
            kept_mass[h] += prob[k + 1][gram]
            lower_mass[h] += prob[k][gram[1:]]
        for h in kept[k]:
            num = 1.0 - kept_mass.get(h, 0.0)
            den = 1.0 - lower_mass.get(h, 0.0)
            backoff[k][h] = math.log(num / den) if num > 1e-9 and den > 1e-9 else 0.0
    return prob, backoff


def quantize(x):
    return max(-32768, min(32767, int(round(x * QUANT))))


def fnv1a(data):
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def write_model(path, order, prob, backoff, unknown_logp, vocab=VOCAB):
    if len(vocab) > 255:
        sys.exit(f"{len(vocab)} symbols: the format stores a node's symbol in one byte")
    index = {c: i for i, c in enumerate(vocab)}
    # Breadth-first trie: nodes sorted by (depth, parent position, symbol); children contiguous.
    levels = [[""]]
    position = {"": 0}
    for k in range(1, order + 1):
        grams = sorted(prob[k], key=lambda g: (position[g[:-1]], index[g[-1]]))
        start = sum(len(level) for level in levels)
        for i, g in enumerate(grams):
            position[g] = start + i
        levels.append(grams)
    nodes = [g for level in levels for g in level]
    children = defaultdict(int)
    for g in nodes[1:]:
        children[g[:-1]] += 1
    symbols = bytes([0] + [index[g[-1]] for g in nodes[1:]])
    child_counts = bytes(children[g] for g in nodes)
    logp = [0] + [quantize(math.log(prob[len(g)][g])) for g in nodes[1:]]
    bow = [quantize(backoff[len(g)].get(g, 0.0)) if 0 < len(g) < order else 0 for g in nodes]
    body = bytearray()
    body += MAGIC
    body += struct.pack("<IIIIf", VERSION, order, len(vocab), len(nodes), unknown_logp)
    body += struct.pack(f"<{len(vocab)}I", *[ord(c) for c in vocab])
    body += symbols + child_counts
    body += struct.pack(f"<{len(nodes)}h", *logp)
    body += struct.pack(f"<{len(nodes)}h", *bow)
    body += struct.pack("<I", fnv1a(body))
    with open(path, "wb") as f:
        f.write(body)
    return len(nodes), len(body)


class Scorer:
    """Backoff scoring with the stored (unquantized) model, to report held-out cross-entropy."""

    def __init__(self, order, prob, backoff):
        self.order, self.prob, self.backoff = order, prob, backoff

    def logp(self, history, w):
        h = history[-(self.order - 1):] if self.order > 1 else ""
        acc = 0.0
        while True:
            g = h + w
            p = self.prob[len(g)].get(g)
            if p is not None:
                return acc + math.log(p)
            if h == "":
                return acc + math.log(1e-6)
            if h in self.prob[len(h)]:
                acc += self.backoff[len(h)].get(h, 0.0)
            h = h[1:]

    def bits_per_char(self, lines):
        """Cross-entropy of lines read from a word boundary, as the decoder reads a line."""
        total, chars = 0.0, 0
        for line in lines:
            s = " " + line
            for i in range(1, len(s)):
                total += self.logp(s[:i], s[i])
                chars += 1
        return -total / max(chars, 1) / math.log(2)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", required=True)
    parser.add_argument("--kjv", help="KJV text, one verse a line ('Ge1:1 In the beginning ...'); default: run `bible`")
    parser.add_argument("--words", default="/usr/share/dict/american-english")
    parser.add_argument("--devil", default="/usr/share/dictd/devil.dict.dz", help="The Devil's Dictionary ('' to leave out)")
    parser.add_argument("--devil-repeats", type=int, default=2, help="count The Devil's Dictionary this many times")
    parser.add_argument("--web", default="/usr/share/bibledit/databases/sample.sqlite",
                        help="the World English Bible: bibledit-data's databases/sample.sqlite ('' to leave out)")
    parser.add_argument("--web-repeats", type=int, default=1, help="count the World English Bible this many times")
    parser.add_argument("--jargon", default="/usr/share/doc/jargon-text/jargon.txt.gz",
                        help="the Jargon File: jargon-text's jargon.txt.gz ('' to leave out)")
    parser.add_argument("--jargon-repeats", type=int, default=1, help="count the Jargon File this many times")
    parser.add_argument("--wordnet", default="/usr/share/wordnet", help="WordNet's glosses and examples: wordnet-base's folder ('' to leave out)")
    parser.add_argument("--capitals", type=int, default=0,
                        help="add this many headings in capitals (runs of 1-4 verse words, references) and every word in capitals; 0 for none")
    parser.add_argument("--order", type=int, default=7)
    parser.add_argument("--thresholds", default="1,2,3,4,6,8,10", help="minimum raw count to keep an n-gram, per order")
    parser.add_argument("--references", type=int, default=30000)
    parser.add_argument("--eval-text", help="also report bits/char on this text, one line a sample (not trained on)")
    parser.add_argument("--lexicon-output", help="also write the known words (word list, KJV, Devil's Dictionary), one a line")
    args = parser.parse_args()
    thresholds = [int(x) for x in args.thresholds.split(",")]
    if len(thresholds) != args.order or thresholds != sorted(thresholds):
        sys.exit("--thresholds needs one non-decreasing count per order (suffixes must outlive their n-grams)")
    rng = random.Random(1611)

    verses = read_kjv(args.kjv)
    held_out = [v[3] for i, v in enumerate(verses) if i % 100 == 99]
    training = [v[3] for i, v in enumerate(verses) if i % 100 != 99]
    words = [clean(w) for w in open(args.words, encoding="utf-8", errors="replace").read().split("\n")]
    words = [w for w in words if w and " " not in w]
    refs = references(verses, rng, args.references)
    devil = read_devil(args.devil) if args.devil else []
    # Drawn with a generator of its own, so that --capitals 0 builds the file it always built.
    heads = capitals(training, refs, random.Random(1612), args.capitals)
    if args.capitals:
        # Every word once in capitals too, so that inside a word in capitals the model expects
        # the word to go on as often as it does in lower case, not a space after each short run.
        heads += [w.upper() for w in words]
    web = read_web(args.web) if args.web else []
    jargon = read_jargon(args.jargon) if args.jargon else []
    wordnet = read_wordnet(args.wordnet) if args.wordnet else []
    segments = (training + words + refs + devil * args.devil_repeats + heads
                + web * args.web_repeats + jargon * args.jargon_repeats + wordnet)
    print(f"segments: {len(training)} verses, {len(words)} words, {len(refs)} references, "
          f"{len(devil)} Devil's Dictionary paragraphs, {len(heads)} in capitals (headings and words), "
          f"{len(web)} World English Bible verses, {len(jargon)} Jargon File paragraphs, {len(wordnet)} WordNet glosses and examples", file=sys.stderr)

    raw = count_ngrams(segments, args.order)
    prob, backoff = kneser_ney(raw, args.order, thresholds)
    unknown = math.log(1e-6)
    nodes, size = write_model(args.output, args.order, prob, backoff, unknown)
    scorer = Scorer(args.order, prob, backoff)
    print(f"wrote {args.output}: order {args.order}, {nodes} nodes, {size} bytes; "
          f"held-out KJV verses: {scorer.bits_per_char(held_out):.3f} bits/char", file=sys.stderr)
    if args.eval_text:
        lines = [clean(l) for l in open(args.eval_text, encoding="utf-8").read().splitlines() if l.strip()]
        print(f"{args.eval_text}: {scorer.bits_per_char(lines):.3f} bits/char", file=sys.stderr)
    if args.lexicon_output:
        known = set(w.lower() for w in words)
        for verse in training + held_out + devil:
            known.update(t.lower() for t in re.findall(r"[A-Za-z]+(?:'[A-Za-z]+)?", verse))
        with open(args.lexicon_output, "w") as f:
            f.write("\n".join(sorted(known)) + "\n")


if __name__ == "__main__":
    main()
