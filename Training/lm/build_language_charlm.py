#!/usr/bin/env python3
"""Builds a character language model per language other than English (`charlm-<code>.bin`)
from wordfreq's word frequencies, in the format of `charlm.bin` (build_charlm.py).

    Training/.venv/bin/python Training/lm/build_language_charlm.py --all-languages \
        --output-folder Sources/InkRecognition/Resources

Why: the shipped character model was trained on English, so it pulls other languages' spellings
toward English ones ("szczęście" costs far more than it should, "für" leans to "fur"), and the
open model had to weigh it less outside English (LanguageModelBalance). A model of the
language's own letter sequences can be trusted as much as the English one is for English.

Text (per language, deterministic for a given wordfreq version and seed):
  * every word of wordfreq's `--words` most frequent (the word prior's alphabet: lowercase Latin
    letters with inner apostrophes) once as a segment of its own, once in capitals and once
    capitalized (`--no-title-case` leaves that out), so that the model knows the spelling of
    rare words, of headings and of a line's first word (without the capitalized copy, a capital
    at a line's start is mostly followed by capitals: "Îndeplinit" read "îndeplinit");
  * `--sentences` runs of 1 to 10 words drawn by frequency (as in running text): the first word
    capitalized half the time, a word in ten capitalized, a run in twelve in capitals, commas,
    full stops, question marks and numbers now and then;
  * `--references` scripture references with the language's own book names and abbreviations
    (Sources/InkSearch/Resources/BibleBookNames.tsv) and its chapter-verse separators.
Symbols: printable ASCII and every other letter of the language's words, both cases; any other
letter is scored by the decoder as its ASCII spelling (LatinFolding), as with the English model.
wordfreq's data is CC BY-SA 4.0 (Resources/wordprior.LICENSE.md); so are these derived files.
"""
import argparse
import math
import os
import random
import re
import sys

import wordfreq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))
import build_charlm as charlm  # noqa: E402
import build_wordprior  # noqa: E402
import languages  # noqa: E402

BOOK_NAMES = os.path.join(HERE, "..", "..", "Sources", "InkSearch", "Resources", "BibleBookNames.tsv")
# How chapter and verse are separated where a language does not always write a colon.
SEPARATORS = {"de": [",", ":"], "nl": [":", ","], "sv": [":", ","], "da": [",", ":"], "nb": [",", ":"],
              "fi": [":", ","], "pl": [",", ":"], "cs": [",", ":"], "ro": [":", ","], "hu": [",", ":"],
              "fr": [".", ":", ","], "it": [",", ":"], "es": [":", ","], "pt": [":", "."], "ca": [",", ":"]}


def frequent_words(language, count):
    """(word, Zipf frequency) of the language's `count` most frequent words in the prior's alphabet."""
    out = []
    for word in wordfreq.top_n_list(language, count * 2, wordlist="best"):
        if build_wordprior.LATIN_WORD.match(word):
            out.append((word, wordfreq.zipf_frequency(word, language, wordlist="best")))
            if len(out) == count:
                break
    return out


def book_names(language):
    """The language's book names and abbreviations, ordinals applied to the numbered books."""
    names, ordinals = [], {}
    numbered = set(range(9, 15)) | {46, 47} | set(range(52, 56)) | set(range(60, 65))
    rows = []
    with open(BOOK_NAMES, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            lang, book, spelled = line.rstrip("\n").split("\t")
            if lang != language:
                continue
            if book.startswith("ordinal"):
                ordinals[int(book[len("ordinal"):])] = spelled.split("|")
            else:
                rows.append((int(book), spelled.split("|")))
    for book, spelled in rows:
        if book not in numbered:
            names.extend(spelled)
            continue
        for name in spelled:
            for n in (1, 2, 3):
                names.extend(f"{prefix} {name}" for prefix in [str(n), f"{n}."] + ordinals.get(n, [])[:1])
    return names


def references(language, rng, count):
    names = book_names(language)
    if not names:
        return []
    separators = SEPARATORS.get(language, [":"])
    out = []
    for _ in range(count):
        name = rng.choice(names)
        if rng.random() < 0.25 and len(name) <= 5:
            name += "."
        sep = separators[0] if rng.random() < 0.7 else rng.choice(separators)
        chapter, verse = rng.randint(1, 40), rng.randint(1, 40)
        form = rng.random()
        if form < 0.6:
            out.append(f"{name} {chapter}{sep}{verse}")
        elif form < 0.85:
            out.append(f"{name} {chapter}{sep}{verse}-{verse + rng.randint(1, 12)}")
        else:
            out.append(f"{name} {chapter}")
    return out


def sentences(words, rng, count):
    vocabulary = [w for w, _ in words]
    cumulative, total = [], 0.0
    for _, zipf in words:
        total += 10 ** zipf
        cumulative.append(total)
    out = []
    for _ in range(count):
        run = rng.choices(vocabulary, cum_weights=cumulative, k=rng.randint(1, 10))
        run = [w.capitalize() if rng.random() < 0.1 else w for w in run]
        if rng.random() < 0.5:
            run[0] = run[0].capitalize()
        for i in range(len(run) - 1):
            if rng.random() < 0.06:
                run[i] += ","
        if rng.random() < 0.03:
            run.insert(rng.randrange(len(run) + 1), str(rng.choice([rng.randint(1, 31), rng.randint(1, 2030)])))
        text = " ".join(run)
        ending = rng.random()
        text += "." if ending < 0.3 else "?" if ending < 0.33 else ""
        out.append(text.upper() if rng.random() < 1 / 12 else text)
    return out


def vocabulary_of(segments):
    extra = sorted({c for s in segments for c in s if not (" " <= c <= "~")})
    return charlm.VOCAB + extra


def capitalized(word, language):
    """The word with its first letter a capital; Turkish writes i's capital İ and ı's I."""
    first = word[:1]
    if language == "tr" and first in "iı":
        return {"i": "İ", "ı": "I"}[first] + word[1:]
    return first.upper() + word[1:]


def build(language, a, output):
    rng = random.Random(f"charlm-{language}")
    words = frequent_words(language, a.words)
    # Turkish and Azeri dotted capitals do not survive str.upper(); the alphabet has İ anyway.
    upper = [w.upper() for w, _ in words if len(w.upper()) == len(w)]
    title = [capitalized(w, language) for w, _ in words] if a.title_case else []
    training = ([w for w, _ in words] + upper + title + sentences(words, rng, a.sentences)
                + references(language, rng, a.references))
    held_out = sentences(words, random.Random(f"held-out-{language}"), 2000)
    vocab = vocabulary_of(training)
    thresholds = [int(x) for x in a.thresholds.split(",")]
    raw = charlm.count_ngrams(training, a.order)
    prob, backoff = charlm.kneser_ney(raw, a.order, thresholds, vocab)
    nodes, size = charlm.write_model(output, a.order, prob, backoff, math.log(1e-6), vocab)
    scorer = charlm.Scorer(a.order, prob, backoff)
    report = f"held-out runs {scorer.bits_per_char(held_out):.3f} bits/char"
    if a.eval_sets:
        texts = validation_texts(a.eval_sets, language)
        report += f", validation words {scorer.bits_per_char(texts):.3f}"
    print(f"{language}: {len(words)} words, {len(vocab)} symbols, {nodes} n-grams, {size} bytes; {report} -> {output}",
          flush=True)


def validation_texts(folder, language):
    """The texts of compose_eval.py's sets of the language (to choose the order and pruning)."""
    import gzip
    import json
    texts = []
    for name in (f"{language}.jsonl.gz", f"{language}-marked.jsonl.gz"):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                texts.extend(json.loads(line)["text"] for line in fh)
    return texts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--language", choices=languages.LANGUAGES[1:])
    parser.add_argument("--output", help="the file of one --language")
    parser.add_argument("--all-languages", action="store_true", help="every language but English")
    parser.add_argument("--output-folder", help="with --all-languages: where charlm-<code>.bin go")
    parser.add_argument("--words", type=int, default=50000)
    parser.add_argument("--title-case", action=argparse.BooleanOptionalAction, default=True,
                        help="also every word once capitalized (see the text above; the models of "
                             "recognition versions 14 to 18 were built without)")
    parser.add_argument("--sentences", type=int, default=60000)
    parser.add_argument("--references", type=int, default=3000)
    parser.add_argument("--eval-sets", help="also report bits/char on the texts of compose_eval.py's sets in this folder")
    parser.add_argument("--order", type=int, default=5)
    parser.add_argument("--thresholds", default="1,3,8,16,32")
    parser.add_argument("--only", help="with --all-languages: these codes only (comma-separated)")
    a = parser.parse_args()
    thresholds = [int(x) for x in a.thresholds.split(",")]
    if len(thresholds) != a.order or thresholds != sorted(thresholds):
        sys.exit("--thresholds needs one non-decreasing count per order (suffixes must outlive their n-grams)")
    if a.all_languages:
        wanted = a.only.split(",") if a.only else languages.LANGUAGES[1:]
        for language in wanted:
            build(language, a, os.path.join(a.output_folder, f"charlm-{language}.bin"))
    elif a.language and a.output:
        build(a.language, a, a.output)
    else:
        sys.exit("give --language and --output, or --all-languages and --output-folder")


if __name__ == "__main__":
    main()
