"""The recognizer's alphabet: class 0 is the CTC blank, ALPHABET[i] is class i + 1.

Every character of IAM-OnDB's transcriptions (space, punctuation, digits, A-Z, a-z, brackets).
Left out: other ASCII symbols ($ % < = > @ \\ ^ _ ` { | } ~) and all non-ASCII letters,
which neither corpus labels in running text; samples containing them are skipped in training.
"""
ALPHABET = list(" !\"#&'()*+,-./0123456789:;?ABCDEFGHIJKLMNOPQRSTUVWXYZ[]abcdefghijklmnopqrstuvwxyz")
CLASS_COUNT = len(ALPHABET) + 1
INDEX = {c: i + 1 for i, c in enumerate(ALPHABET)}


def encode(text):
    """-> list of class ids, or None when text holds a character outside the alphabet."""
    out = []
    for ch in text:
        k = INDEX.get(ch)
        if k is None:
            return None
        out.append(k)
    return out
