"""The recognizer's alphabets: class 0 is the CTC blank, alphabet[i] is class i + 1.

`english` (the research model of recognition versions 1-5): every character of IAM-OnDB's
transcriptions (space, punctuation, digits, A-Z, a-z, brackets). Left out: other ASCII symbols
($ % < = > @ \\ ^ _ ` { | } ~) and all non-ASCII letters, which neither corpus labels in running
text; samples containing them are skipped in training.

`latin` (the open model, and the alphabet recognition version 6 grows to): `english` first, in
the same order, so that its classes keep their indices and an English output layer can be grown
into it; then the letters of the 20 Latin-script languages of `languages.py` with their capitals,
and the punctuation those languages write; then the letters added later (`LATIN_ADDED`).
"""
ENGLISH = " !\"#&'()*+,-./0123456789:;?ABCDEFGHIJKLMNOPQRSTUVWXYZ[]abcdefghijklmnopqrstuvwxyz"

LATIN_LOWER = "áàâäãåæçéèêëíìîïñóòôöõøœúùûüÿßąćęłńśźżčďěňřšťůžășțőűğış"
# Capitals of the letters above (ß has no capital in running text; ı's capital is I, so İ, the
# capital of Turkish dotted i, is added by hand).
LATIN_UPPER = "".join(c.upper() for c in LATIN_LOWER if c not in "ßı" and len(c.upper()) == 1) + "İ"
LATIN_PUNCTUATION = "¿¡«»„“”‘’–—"
# Letters added after the first open models, at the end, so that the classes before them keep
# their indices and a checkpoint's output layer grows into them (train.py, grown_state): Czech ý
# and its capital (recognition version 17), which the first list left out although one Czech
# letter in 130 is a ý ("který", "nový").
LATIN_ADDED_LOWER = "ý"
LATIN_ADDED = LATIN_ADDED_LOWER + LATIN_ADDED_LOWER.upper()
LATIN = ENGLISH + LATIN_LOWER + LATIN_UPPER + LATIN_PUNCTUATION + LATIN_ADDED
# Every lower-case letter beyond a-z that the Latin alphabet writes.
LATIN_LETTERS_LOWER = LATIN_LOWER + LATIN_ADDED_LOWER

ALPHABETS = {"english": ENGLISH, "latin": LATIN}


class Alphabet:
    """Characters to classes and back; `encode` -> list of class ids or None."""

    def __init__(self, characters):
        assert len(set(characters)) == len(characters), "an alphabet lists each character once"
        self.characters = list(characters)
        self.string = "".join(characters)
        self.class_count = len(self.characters) + 1
        self.index = {c: i + 1 for i, c in enumerate(self.characters)}

    def encode(self, text):
        """-> list of class ids, or None when text holds a character outside the alphabet."""
        out = []
        for ch in text:
            k = self.index.get(ch)
            if k is None:
                return None
            out.append(k)
        return out

    def covers(self, text):
        return all(ch in self.index for ch in text)


def named(name):
    return Alphabet(ALPHABETS[name])


# The English alphabet under its old names, for the scripts that predate the choice.
ALPHABET = list(ENGLISH)
CLASS_COUNT = len(ALPHABET) + 1
INDEX = {c: i + 1 for i, c in enumerate(ALPHABET)}
_english = Alphabet(ENGLISH)


def encode(text):
    """English classes of text, or None (see Alphabet.encode)."""
    return _english.encode(text)
