/// The library's tables. `notes` is the record; every other table is derived from it and may be
/// dropped and rebuilt by reindexing.
enum LibrarySchema {
    static let migrator = Migrator(steps: [version1])

    static let version1 = """
        -- The record: a note's drawing in the binary encoding, verbatim, with its CRC-32.
        CREATE TABLE notes(
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            created REAL NOT NULL,
            modified REAL NOT NULL,
            drawing BLOB NOT NULL,
            checksum INTEGER NOT NULL
        );
        CREATE INDEX notes_by_modified ON notes(modified);

        -- Derived: which recognizer indexed a note, when, and from which bytes (by checksum), so
        -- that an index built from ink that has since changed is recognized as stale.
        CREATE TABLE note_index(
            note TEXT PRIMARY KEY NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            recognition_version INTEGER NOT NULL,
            indexed_at REAL NOT NULL,
            drawing_checksum INTEGER NOT NULL,
            token_count INTEGER NOT NULL
        );
        CREATE INDEX note_index_by_age ON note_index(indexed_at);

        -- Derived: recognized words. `stroke_ids` is 16 bytes per stroke; `readings` one
        -- "probability<TAB>text" per line, best first.
        CREATE TABLE tokens(
            id INTEGER PRIMARY KEY,
            note TEXT NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            line INTEGER NOT NULL,
            position INTEGER NOT NULL,
            stroke_ids BLOB NOT NULL,
            min_x REAL NOT NULL, min_y REAL NOT NULL, max_x REAL NOT NULL, max_y REAL NOT NULL,
            readings TEXT NOT NULL
        );
        CREATE INDEX tokens_by_note ON tokens(note, line, position);

        -- Derived: token bounds for spatial queries (what was written here?).
        CREATE VIRTUAL TABLE token_bounds USING rtree(id, min_x, max_x, min_y, max_y);

        -- Derived: normalized reading keys and which tokens carry them (the candidate lookup).
        -- Terms are only ever appended, so readers can cache the vocabulary by id.
        CREATE TABLE terms(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
        CREATE TABLE postings(
            term INTEGER NOT NULL,
            token INTEGER NOT NULL,
            probability REAL NOT NULL,
            PRIMARY KEY(term, token)
        ) WITHOUT ROWID;
        CREATE INDEX postings_by_token ON postings(token);
        """
}
