"""The exceptions of InkIndex's calls, one per status of ``inkindex.h``."""


class InkIndexError(Exception):
    """A failure InkIndex reported; ``code`` is its ``inkindex_status``."""

    code = 8

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class InvalidArgumentError(InkIndexError, ValueError):
    """An argument the call cannot take: an unknown option, flag or language, a negative limit."""
    code = 1


class BadInputError(InkIndexError, ValueError):
    """Malformed JSON, InkML or drawing, or a file that cannot be read."""
    code = 2


class ModelUnavailableError(InkIndexError):
    """An unknown model, or one whose weights or language data are not here."""
    code = 3


class NotFoundError(InkIndexError, KeyError):
    """No note with that id."""
    code = 4

    def __str__(self):
        return self.message


class ConflictError(InkIndexError):
    """A note with that id exists already, or it changed since the revision given."""
    code = 5


class StoreError(InkIndexError, OSError):
    """The library file could not be read or written; nothing stored was changed."""
    code = 6


class CancelledError(InkIndexError):
    """The call was cancelled (``cancel()``, or a progress callback that returned True)."""
    code = 7


class InternalError(InkIndexError):
    """A bug in InkIndex."""
    code = 8


_BY_CODE = {cls.code: cls for cls in (InvalidArgumentError, BadInputError, ModelUnavailableError, NotFoundError,
                                      ConflictError, StoreError, CancelledError, InternalError)}


def error_for(code: int, message: str) -> InkIndexError:
    return _BY_CODE.get(code, InkIndexError)(message)
