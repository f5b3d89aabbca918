"""The 20 Latin-script languages of the open model, their word lists and the texts composed from them.

Words come from PyPI's `wordfreq` (3.1.1; data CC BY-SA 4.0, attribution in MODEL_CARD.md): its
most frequent words of each language, as text to write with real glyphs (compose.py). The lists
are cached in Training/cache/open/words/ by prep_open.py so that training needs no wordfreq.
"""
import os
import random
import synth

# BCP 47 codes as wordfreq names them; the order is the order of the issue (English first).
LANGUAGES = ["en", "es", "fr", "de", "pt", "it", "nl", "sv", "da", "nb", "fi", "pl", "cs", "ro",
             "hu", "tr", "ca", "id", "ms", "fil"]

# Quotes as each language writes them (opening, closing); the default is “ ”.
QUOTES = {"de": [("„", "“"), ("»", "«")], "fr": [("« ", " »"), ("«", "»")], "pl": [("„", "”")],
          "cs": [("„", "“")], "ro": [("„", "”")], "hu": [("„", "”")], "da": [("»", "«")],
          "nb": [("«", "»")], "sv": [("”", "”")], "fi": [("”", "”")], "es": [("«", "»"), ("“", "”")],
          "pt": [("“", "”"), ("«", "»")], "it": [("«", "»"), ("“", "”")], "ca": [("«", "»")]}


def export_word_lists(folder, per_language=6000):
    """Writes folder/<lang>.txt: wordfreq's most frequent words, alphabetic only."""
    import wordfreq
    os.makedirs(folder, exist_ok=True)
    for lang in LANGUAGES:
        words = [w for w in wordfreq.top_n_list(lang, per_language * 2, wordlist="best")
                 if w.isalpha()][:per_language]
        with open(os.path.join(folder, f"{lang}.txt"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(words) + "\n")


def load_word_lists(folder, alphabet):
    out = {}
    for lang in LANGUAGES:
        path = os.path.join(folder, f"{lang}.txt")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                out[lang] = [w for w in fh.read().split() if alphabet.covers(w)]
    return out


def has_marked_letter(word):
    """Whether a word holds a letter beyond a-z (a diacritic, ß, æ, ø, ı...)."""
    return any(c.isalpha() and not c.isascii() for c in word)


def cased(word, rng):
    r = rng.random()
    if r < 0.6:
        return word
    if r < 0.85:
        return word[:1].upper() + word[1:] if word[:1] != "i" else word  # keep Turkish i ambiguity out
    return word.upper()


class TextSource:
    """Random texts to compose: words of one language (weighted to the frequent ones), headings
    in capitals, scripture references, numbers and the languages' quotes and dashes."""

    def __init__(self, words, english_weight=0.3, weights=None, marked_share=0.0, heading_share=0.0):
        self.words = {k: v for k, v in words.items() if v}
        self.langs = sorted(self.words)
        self.english_weight = english_weight
        # Languages other than English are drawn in proportion to these (1 where not given), so a
        # stage can give more lines to the languages whose letters are still read worst. None
        # draws them evenly, with the random calls earlier stages and the validation sets made.
        self.weights = [float(weights.get(lang, 1.0)) for lang in self.langs] if weights else None
        # Running words hold few marked letters (Italian's à è ì ò ù: 7 in 180 validation samples),
        # so weighting a language more teaches its marks little. This share of each word is drawn
        # from the words that hold one instead; 0 makes no extra random call, so earlier stages
        # and the validation sets compose as before.
        self.marked_share = marked_share
        self.marked = {lang: m for lang, ws in self.words.items()
                       if len(m := [w for w in ws if has_marked_letter(w)]) >= 20}
        # Headings in capitals are written with the spaces of print and a reference's digits; this
        # share of texts is one (`heading`). 0 makes no extra random call, as above.
        self.heading_share = heading_share

    def language(self, rng):
        if "en" in self.words and rng.random() < self.english_weight:
            return "en"
        if self.weights is None:
            return rng.choice(self.langs)
        return rng.choices(self.langs, weights=self.weights)[0]

    def word(self, lang, rng):
        ws = self.words[lang]
        if self.marked_share and lang in self.marked and rng.random() < self.marked_share:
            ws = self.marked[lang]
        # Frequent words more often, as in running text; the tail for the rare letters.
        return ws[min(int(rng.paretovariate(0.6)) - 1, len(ws) - 1)] if rng.random() < 0.5 else rng.choice(ws)

    def phrase(self, rng, lang, n):
        return " ".join(cased(self.word(lang, rng), rng) if i else
                        self.word(lang, rng).capitalize() if rng.random() < 0.4 else self.word(lang, rng)
                        for i in range(n))

    def heading(self, rng):
        """A heading in capitals: a scripture reference ("ROMANS 8:28") or one to three words of
        one language ("AMAZING GRACE")."""
        if rng.random() < 0.3:
            return synth.ref(rng).upper()
        lang = self.language(rng)
        return " ".join(self.word(lang, rng).upper() for _ in range(rng.randint(1, 3)))

    def __call__(self, rng):
        if self.heading_share and rng.random() < self.heading_share:
            return self.heading(rng)
        lang = self.language(rng)
        r = rng.random()
        if r < 0.45:
            text = self.phrase(rng, lang, rng.randint(1, 5))
        elif r < 0.6:
            text = " ".join(self.word(lang, rng).upper() for _ in range(rng.randint(1, 3)))
        elif r < 0.72:
            text = synth.ref(rng)
            if rng.random() < 0.5:
                text = self.phrase(rng, lang, rng.randint(1, 2)) + " " + text
        elif r < 0.8:
            text = synth.number(rng) + " " + self.phrase(rng, lang, rng.randint(1, 3))
        elif r < 0.9:
            o, c = rng.choice(QUOTES.get(lang, [("“", "”")]))
            text = o + self.phrase(rng, lang, rng.randint(1, 3)) + c
        else:
            a, b = self.phrase(rng, lang, rng.randint(1, 2)), self.phrase(rng, lang, rng.randint(1, 2))
            sep = rng.choice([" – ", " — ", ", ", "; ", ": ", "? ", "! "])
            text = a + sep + b
            if lang == "es" and rng.random() < 0.5:
                text = rng.choice(["¿", "¡"]) + text + ("?" if text[0] == "¿" else "!")
            elif rng.random() < 0.3:
                text += rng.choice(".!?")
        return text
