"""Builds the word-level prior (`wordprior.txt`) from wordfreq's English frequencies.

    python3 -m venv Training/.venv && Training/.venv/bin/pip install wordfreq==3.1.1
    Training/.venv/bin/python Training/lm/build_wordprior.py \
        --output Sources/InkRecognition/Resources/wordprior.txt

The most frequent English words (lowercase letters with inner apostrophes only, so that the
decoder's word boundaries find them), each with its Zipf frequency (log10 of occurrences per
billion words, 2 decimals as wordfreq rounds them). The data is CC BY-SA 4.0 (see
`wordprior.LICENSE.md` next to the output); the file carries the attribution in its header.
Deterministic for a given wordfreq version.
"""

import argparse
import re

import wordfreq

WORD = re.compile(r"^[a-z]+(?:'[a-z]+)*$")

HEADER = """\
# InkIndex word prior: the {count} most frequent English words with their Zipf frequency
# (log10 of occurrences per billion words), derived from wordfreq {version} (Robyn Speer,
# https://github.com/rspeer/wordfreq, doi:10.5281/zenodo.7199437), whose data is licensed
# CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/) and includes Google Books
# Ngrams, SUBTLEX (Brysbaert et al., freely available), OPUS OpenSubtitles 2018, Wikipedia,
# the Leeds Internet Corpus, ParaCrawl, NewsCrawl, OSCAR, Twitter and Reddit frequencies.
# This derived file is shared under CC BY-SA 4.0 as well: see wordprior.LICENSE.md.
# Built by Training/lm/build_wordprior.py --count {count} --min-zipf {min_zipf}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", required=True)
    parser.add_argument("--count", type=int, default=50000, help="words to keep (most frequent first)")
    parser.add_argument("--min-zipf", type=float, default=0.0, help="drop words rarer than this")
    args = parser.parse_args()

    kept = []
    seen = set()
    # Ask for more than needed: numbers, symbols and non-ASCII tokens are filtered out.
    for word in wordfreq.top_n_list("en", args.count * 2, wordlist="large"):
        if len(kept) >= args.count:
            break
        if word in seen or not WORD.match(word):
            continue
        zipf = wordfreq.zipf_frequency(word, "en", wordlist="large")
        if zipf < args.min_zipf:
            break
        seen.add(word)
        kept.append((word, zipf))

    version = getattr(wordfreq, "__version__", None)
    if version is None:
        from importlib.metadata import version as package_version
        version = package_version("wordfreq")
    with open(args.output, "w", encoding="ascii", newline="\n") as out:
        out.write(HEADER.format(count=len(kept), version=version, min_zipf=args.min_zipf))
        for word, zipf in kept:
            out.write(f"{word}\t{zipf:.2f}\n")
    print(f"{len(kept)} words, Zipf {kept[0][1]:.2f} ({kept[0][0]}) to {kept[-1][1]:.2f} ({kept[-1][0]}) -> {args.output}")


if __name__ == "__main__":
    main()
