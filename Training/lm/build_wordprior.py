"""Builds the word-level priors (`wordprior.txt`, `wordprior-<language>.txt`) from wordfreq.

    python3 -m venv Training/.venv && Training/.venv/bin/pip install wordfreq==3.1.1
    Training/.venv/bin/python Training/lm/build_wordprior.py \
        --output Sources/InkRecognition/Resources/wordprior.txt
    Training/.venv/bin/python Training/lm/build_wordprior.py --all-languages \
        --output-folder Sources/InkRecognition/Resources

The most frequent words of a language (lowercase letters of the recognizer's Latin alphabet with
inner apostrophes only, so that the decoder's word boundaries find them; English: ASCII letters),
each with its Zipf frequency (log10 of occurrences per billion words, 2 decimals as wordfreq
rounds them). English keeps 50,000 words; the other 19 languages 15,000 each (`--count`). The data is CC BY-SA 4.0 (see
`wordprior.LICENSE.md` next to the output); the file carries the attribution in its header.
Deterministic for a given wordfreq version.

The names and abbreviations of the Bible's books in the language, as search finds them in
references (English: `Sources/InkSearch/Scripture/BibleBookData.swift`; the others:
`Sources/InkSearch/Resources/BibleBookNames.tsv`), are known words of at least `--book-zipf`
(3.5, about as common as "psalm"): "Deut", "Thess" and "Eccl" are not in any word list, and a
decoder that does not know them reads "DEUT" as "DEUS" and "THESS" as "THE SS". Words of three
letters or more only: two-letter abbreviations ("Jn", "Dt") would make two-letter readings of
any ink look known.
"""

import argparse
import os
import re
import sys

import wordfreq

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import alphabet  # noqa: E402
import languages  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
BOOK_DATA = os.path.join(ROOT, "Sources", "InkSearch", "Scripture", "BibleBookData.swift")
BOOK_NAMES = os.path.join(ROOT, "Sources", "InkSearch", "Resources", "BibleBookNames.tsv")
ASCII_WORD = re.compile(r"^[a-z]+(?:'[a-z]+)*$")
LETTERS = "a-z" + alphabet.LATIN_LETTERS_LOWER
LATIN_WORD = re.compile(rf"^[{LETTERS}]+(?:'[{LETTERS}]+)*$")
NAMES = {"en": "English", "es": "Spanish", "fr": "French", "de": "German", "pt": "Portuguese",
         "it": "Italian", "nl": "Dutch", "sv": "Swedish", "da": "Danish", "nb": "Norwegian Bokmål",
         "fi": "Finnish", "pl": "Polish", "cs": "Czech", "ro": "Romanian", "hu": "Hungarian",
         "tr": "Turkish", "ca": "Catalan", "id": "Indonesian", "ms": "Malay", "fil": "Filipino"}

HEADER = """\
# InkIndex word prior: the {count} most frequent {name} words with their Zipf frequency
# (log10 of occurrences per billion words), derived from wordfreq {version} (Robyn Speer,
# https://github.com/rspeer/wordfreq, doi:10.5281/zenodo.7199437), whose data is licensed
# CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/) and includes Google Books
# Ngrams, SUBTLEX (Brysbaert et al., freely available), OPUS OpenSubtitles 2018, Wikipedia,
# the Leeds Internet Corpus, ParaCrawl, NewsCrawl, OSCAR, Twitter and Reddit frequencies.
# This derived file is shared under CC BY-SA 4.0 as well: see wordprior.LICENSE.md.
# Built by Training/lm/build_wordprior.py --language {language} --count {count} --min-zipf {min_zipf} --book-zipf {book_zipf}
# The names and abbreviations of the Bible's books are known at Zipf {book_zipf} or more (the Zipf
# of those in wordfreq's list raised; the others listed at the end).
"""
BOOKS_HEADER = """\
# {count} names and abbreviations of the Bible's books that wordfreq does not list, from InkIndex's
# scripture data (Sources/InkSearch: BibleBookData.swift, BibleBookNames.tsv; sources and terms there)
"""


def book_words(language, pattern):
    """The words of the books' names and abbreviations in `language` that the prior may hold:
    lower case, three letters or more, each word of a name of several ("song", "solomon"), those
    the recognizer can write (`pattern`: Czech "efezským" has a ý, which it cannot)."""
    names = []
    if language == "en":
        with open(BOOK_DATA, encoding="utf-8") as fh:
            for name, aliases in re.findall(r'row\("([^"]+)", \d+, \d+, \[([^\]]*)\]\)', fh.read()):
                names += [name] + re.findall(r'"([^"]+)"', aliases)
    else:
        with open(BOOK_NAMES, encoding="utf-8") as fh:
            for line in fh:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == 3 and fields[0] == language and not fields[1].startswith("ordinal"):
                    names += fields[2].split("|")
    if language == "tr":
        names = [n.replace("İ", "i") for n in names]  # not "i̇", as Python lowercases it
    if language == "ro":
        # The file writes ş and ţ with a cedilla; the alphabet and wordfreq have the comma below.
        names = [n.replace("ş", "ș").replace("ţ", "ț").replace("Ş", "Ș").replace("Ţ", "Ț") for n in names]
    # "Raja-raja" and the genitive "Amos'" are words of the prior as "raja" and "amos".
    words = {w.strip("'") for name in names for w in re.split(r"[\s.\-]+", name.lower())}
    return sorted(w for w in words if len(w) >= 3 and pattern.match(w))


def build(language, count, min_zipf, output, book_zipf):
    pattern = ASCII_WORD if language == "en" else LATIN_WORD
    kept, seen = [], set()
    # Ask for more than needed: numbers, symbols and tokens outside the alphabet are filtered out.
    for word in wordfreq.top_n_list(language, count * 2, wordlist="large" if language == "en" else "best"):
        if len(kept) >= count:
            break
        if word in seen or not pattern.match(word):
            continue
        zipf = wordfreq.zipf_frequency(word, language, wordlist="large" if language == "en" else "best")
        if zipf < min_zipf:
            break
        seen.add(word)
        kept.append((word, zipf))

    books = book_words(language, pattern) if book_zipf else []
    position = {word: k for k, (word, _) in enumerate(kept)}
    for word in books:
        if word in position:
            k = position[word]
            kept[k] = (word, max(kept[k][1], book_zipf))
    added = [(word, book_zipf) for word in books if word not in position]
    version = getattr(wordfreq, "__version__", None)
    if version is None:
        from importlib.metadata import version as package_version
        version = package_version("wordfreq")
    with open(output, "w", encoding="utf-8", newline="\n") as out:
        out.write(HEADER.format(count=len(kept), name=NAMES[language], language=language, version=version,
                                min_zipf=min_zipf, book_zipf=book_zipf))
        for word, zipf in kept:
            out.write(f"{word}\t{zipf:.2f}\n")
        if added:
            out.write(BOOKS_HEADER.format(count=len(added), book_zipf=book_zipf))
            for word, zipf in added:
                out.write(f"{word}\t{zipf:.2f}\n")
    print(f"{language}: {len(kept)} words, Zipf {kept[0][1]:.2f} ({kept[0][0]}) to {kept[-1][1]:.2f} "
          f"({kept[-1][0]}) -> {output}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", help="the file of one language (--language)")
    parser.add_argument("--language", default="en", choices=languages.LANGUAGES)
    parser.add_argument("--all-languages", action="store_true",
                        help="every language but English into --output-folder/wordprior-<language>.txt")
    parser.add_argument("--output-folder")
    parser.add_argument("--count", type=int, default=0, help="words to keep (default 50,000 English, 15,000 others)")
    parser.add_argument("--min-zipf", type=float, default=0.0, help="drop words rarer than this")
    parser.add_argument("--book-zipf", type=float, default=3.5,
                        help="the least Zipf of the books' names and abbreviations (0: leave them as wordfreq has them)")
    args = parser.parse_args()
    if args.all_languages:
        for language in languages.LANGUAGES[1:]:
            build(language, args.count or 15000, args.min_zipf,
                  os.path.join(args.output_folder, f"wordprior-{language}.txt"), args.book_zipf)
    else:
        build(args.language, args.count or (50000 if args.language == "en" else 15000), args.min_zipf, args.output,
              args.book_zipf)


if __name__ == "__main__":
    main()
