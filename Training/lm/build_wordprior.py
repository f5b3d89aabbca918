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
"""

import argparse
import os
import re
import sys

import wordfreq

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import alphabet  # noqa: E402
import languages  # noqa: E402

ASCII_WORD = re.compile(r"^[a-z]+(?:'[a-z]+)*$")
LETTERS = "a-z" + "".join(c for c in alphabet.LATIN_LOWER)
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
# Built by Training/lm/build_wordprior.py --language {language} --count {count} --min-zipf {min_zipf}
"""


def build(language, count, min_zipf, output):
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

    version = getattr(wordfreq, "__version__", None)
    if version is None:
        from importlib.metadata import version as package_version
        version = package_version("wordfreq")
    with open(output, "w", encoding="utf-8", newline="\n") as out:
        out.write(HEADER.format(count=len(kept), name=NAMES[language], language=language, version=version,
                                min_zipf=min_zipf))
        for word, zipf in kept:
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
    args = parser.parse_args()
    if args.all_languages:
        for language in languages.LANGUAGES[1:]:
            build(language, args.count or 15000, args.min_zipf,
                  os.path.join(args.output_folder, f"wordprior-{language}.txt"))
    else:
        build(args.language, args.count or (50000 if args.language == "en" else 15000), args.min_zipf, args.output)


if __name__ == "__main__":
    main()
