/// The library's tables. `notes` is the record; every other table is derived from it and may be
/// dropped and rebuilt by reindexing.
enum LibrarySchema {
    static let migrator = Migrator(steps: [version1, version2, version3, version4, version5, version6, version7, version8, version9,
                                           version10, version11],
                                   // (Version 4's follow-up filled `term_variants`, which version 11 drops.)
                                   followUps: [3: { try CitationRows.rebuild($0) }])

    /// Version 11: a smaller index, the same search.
    /// - No `term_variants`: the keys a query word may match fuzzily are found among the
    ///   connection's keys in memory (`LibraryKeys`, `DeletionProbe`), which the table's 15 rows
    ///   a key only indexed (672 KB of a 400-line library's 2.2 MB beside the ink).
    /// - No `token_bounds`: the R*Tree held a second copy of every word's bounds, and was only
    ///   asked within one note, whose words `tokens_by_note` reads as fast.
    /// - `notes_by_created`: a page of notes newest first reads only its own rows.
    /// - `index_problems.recognition_model`: a note one model failed to read is tried by another.
    /// No drawing is touched; nothing is reindexed. (New files also use 1 KiB pages:
    /// `Database.pageSize`.)
    static let version11 = """
        DROP TABLE IF EXISTS term_variants;
        DROP TABLE IF EXISTS token_bounds;
        -- Record index: notes by creation, for pages of notes newest first (`notes(newestFirst:after:)`).
        CREATE INDEX IF NOT EXISTS notes_by_created ON notes(created, id);
        -- The model whose reading of a note failed: another model tries it ('' for the rows before).
        ALTER TABLE index_problems ADD COLUMN recognition_model TEXT NOT NULL DEFAULT '';
        """

    /// Version 10: the library's change feed (`NoteLibrary.changes(since:limit:)`), so that a
    /// device learns what changed since it last looked: each note's latest change (created,
    /// updated, deleted, indexed, reindexed, repaired) at a position that only grows, deletions
    /// kept as tombstones until pruned, and the newest position pruned. Every note there is
    /// enters the feed as created, with its index's version. No drawing is touched.
    static let version10 = """
        -- Record: each note's latest change; a position is never reused (AUTOINCREMENT).
        CREATE TABLE changes(position INTEGER PRIMARY KEY AUTOINCREMENT, note TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
                             revision INTEGER NOT NULL, recognition_version INTEGER, at REAL NOT NULL);
        CREATE INDEX changes_by_time ON changes(kind, at);
        -- Record: the newest position of a tombstone pruned (cursors older than it must resync).
        CREATE TABLE change_feed(id INTEGER PRIMARY KEY CHECK (id = 0), pruned_through INTEGER NOT NULL);
        INSERT INTO change_feed(id, pruned_through) VALUES (0, 0);
        INSERT INTO changes(note, kind, revision, recognition_version, at)
            SELECT n.id, 'created', n.revision, i.recognition_version, n.modified
            FROM notes n LEFT JOIN note_index i ON i.note = n.id ORDER BY n.modified, n.id;
        """

    /// Version 9: each note's revision, which grows with every save, so that devices that sync a
    /// note can change only the revision they read (HTTP `ETag` / `If-Match`). Every note starts
    /// at revision 1. No drawing is touched.
    static let version9 = """
        -- Record: the note's revision.
        ALTER TABLE notes ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
        """

    /// Version 8: the languages each note was read with (`LineRecognizing.languages`, codes in
    /// priority order, comma-separated: "es,en"), so that a note read with other languages is
    /// indexed again. Notes a shipped model indexed before were read with English, the only
    /// language there was; a recognizer that names no model named no languages either.
    /// Also the notes a reindex could not finish (`NoteLibrary.indexProblems()`), the files a folder sync imported (`NoteLibrary.importedFiles()`), and the library's vocabulary (`NoteLibrary.vocabularyWords()`): words of note titles,
    /// of successful searches and those a user adds, that decoding favours like known words.
    static let version8 = """
        -- Derived: the languages of each note's index.
        ALTER TABLE note_index ADD COLUMN recognition_languages TEXT NOT NULL DEFAULT '';
        UPDATE note_index SET recognition_languages = 'en' WHERE recognition_model != '';
        -- Record: the vocabulary, lower case; source is VocabularyWord.Source; uses counts additions.
        CREATE TABLE vocabulary(word TEXT PRIMARY KEY, source TEXT NOT NULL, added REAL NOT NULL,
                                uses INTEGER NOT NULL DEFAULT 1) WITHOUT ROWID;
        -- Record: files whose pages were imported (a folder sync reads only those that changed):
        -- the file's identity, the CRC-32 of its bytes, its pages' note ids (newline-separated).
        CREATE TABLE imported_files(identity TEXT PRIMARY KEY, content_hash INTEGER NOT NULL, note_ids TEXT NOT NULL,
                                    imported REAL NOT NULL) WITHOUT ROWID;
        -- Derived: notes a reindex could not finish (over its deadline), for the drawing and
        -- version it tried; not tried again until either changes (or a forced reindex).
        CREATE TABLE index_problems(note TEXT PRIMARY KEY, reason TEXT NOT NULL, recognition_version INTEGER NOT NULL,
                                    drawing_checksum INTEGER NOT NULL, at REAL NOT NULL) WITHOUT ROWID;
        """

    /// Version 7: which model indexed each note (`LineRecognizing.recognitionModel`: "open",
    /// "research", or "" for a recognizer that names none), beside its recognition version, so
    /// that a note read by another model is indexed again. Every note indexed before was read by
    /// the research model, the only one there was. No drawing is touched.
    static let version7 = """
        -- Derived: the model of each note's index.
        ALTER TABLE note_index ADD COLUMN recognition_model TEXT NOT NULL DEFAULT '';
        UPDATE note_index SET recognition_model = 'research';
        """

    /// Version 6: where each word stands on its page (`PageMarkup`, from the layout): its
    /// cluster (body, margin note, heading), the marks on it, and the links (arrows, connectors,
    /// brackets, margin notes) that join it to other words, so that search can filter by them
    /// and follow them in SQL. Tables and columns are added; words indexed before read as body
    /// words, unmarked and unlinked, until their note is reindexed (recognition version 5 covers
    /// the layout, so every older note is). No drawing is touched.
    static let version6 = """
        -- Derived: each token's cluster (its id in the note's layout, and its kind, kept here too
        -- so that a filter reads one row), and the kinds of the marks on it as MarkKindBits.
        ALTER TABLE tokens ADD COLUMN cluster INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tokens ADD COLUMN cluster_kind TEXT NOT NULL DEFAULT 'body';
        ALTER TABLE tokens ADD COLUMN marks INTEGER NOT NULL DEFAULT 0;
        -- Derived: the clusters of each note's layout (LayoutCluster.Kind raw values).
        CREATE TABLE clusters(note TEXT NOT NULL, id INTEGER NOT NULL, kind TEXT NOT NULL, PRIMARY KEY(note, id)) WITHOUT ROWID;
        -- Derived: the marks on words (their id in the note's layout and LayoutMark.Kind).
        CREATE TABLE token_marks(token INTEGER NOT NULL, mark INTEGER NOT NULL, kind TEXT NOT NULL, PRIMARY KEY(token, mark)) WITHOUT ROWID;
        -- Derived: links (LayoutRelation.Kind raw values; the mark's kind where a mark makes it)
        -- and their ends in order: role (PageMarkup.End.Role), strokes (16 bytes each), and
        -- which tokens each end holds.
        CREATE TABLE links(id INTEGER PRIMARY KEY, note TEXT NOT NULL, kind TEXT NOT NULL, mark_kind TEXT);
        CREATE INDEX links_by_note ON links(note);
        CREATE TABLE link_ends(link INTEGER NOT NULL, position INTEGER NOT NULL, role TEXT NOT NULL, stroke_ids BLOB NOT NULL,
                               PRIMARY KEY(link, position)) WITHOUT ROWID;
        CREATE TABLE link_tokens(token INTEGER NOT NULL, link INTEGER NOT NULL, position INTEGER NOT NULL,
                                 PRIMARY KEY(token, link, position)) WITHOUT ROWID;
        CREATE INDEX link_tokens_by_end ON link_tokens(link, position);
        """

    /// Version 5: each word keeps the network's evidence (`WordEvidence`), so that library search
    /// judges words with the calibration as the in-memory index does. Columns are added; words
    /// indexed before have no evidence until their note is reindexed. No drawing is touched.
    static let version5 = """
        -- Derived: the alphabets of stored evidence, each once (a word's blob names it by id).
        CREATE TABLE alphabets(id INTEGER PRIMARY KEY, characters TEXT NOT NULL UNIQUE);
        -- A word's evidence (EvidenceCoding; NULL where the recognizer kept none) and the cost of
        -- its frames' best path (EvidenceCoding.bestPathCost: it bounds any query's log-ratio).
        ALTER TABLE tokens ADD COLUMN evidence BLOB;
        ALTER TABLE tokens ADD COLUMN evidence_cost REAL;
        -- Derived: at least the largest evidence_cost of any word (raised as words are indexed,
        -- never lowered), so that a query can bound the calibrated score of every posting before
        -- reading its word. No row: no word has evidence.
        CREATE TABLE evidence_ceiling(id INTEGER PRIMARY KEY CHECK (id = 0), cost REAL NOT NULL);
        """

    /// Version 4: a query word is expanded into the keys it matches by SQLite, not by a copy of
    /// every key held in memory (which a connection had to load before its first search: 2.5 s
    /// at 100,000 lines). Exact keys and prefixes come from `terms`' key index; fuzzy candidates
    /// from `term_variants`, each key's deletion variants (refilled from `terms` by
    /// `TermVariants.rebuild`). Postings are indexed by probability, so that a query reads only
    /// the postings that can reach its best hits. Nothing is reindexed; no drawing is touched.
    static let version4 = """
        -- Derived: the deletion variants of each key in `terms` (InkSearch's DeletionNeighborhood,
        -- as deep as SearchIndex goes for the key's length): two keys within k edits share a
        -- variant reached by at most k deletions from each.
        CREATE TABLE term_variants(
            variant TEXT NOT NULL,
            term INTEGER NOT NULL,
            PRIMARY KEY(variant, term)
        ) WITHOUT ROWID;
        CREATE INDEX postings_by_probability ON postings(term, probability);
        """

    /// Version 3: a citation is stored where it is written (its first token and word count) with
    /// its chapter, verses and probability, so that a reference query reads only the citations of
    /// its chapter and the few words that spell them. Only the derived `citations` table changes;
    /// it is refilled from the stored words (`CitationRows.rebuild`), so no note needs recognizing
    /// again and no drawing is touched.
    static let version3 = """
        DROP TABLE citations;
        -- Derived: each reference written in a note (ScriptureParser over its words). chapter 0:
        -- a book alone; first_verse = last_verse = 0: a whole chapter. `token` is the id of its
        -- first word in `tokens`, `word_count` how many consecutive tokens spell it, `probability`
        -- that of the readings used (a hit scores relevance × probability).
        -- (Key columns first: see version 2 on SQLite 3.40's quick_check.)
        CREATE TABLE citations(
            book INTEGER NOT NULL,
            chapter INTEGER NOT NULL,
            token INTEGER NOT NULL,
            first_verse INTEGER NOT NULL,
            last_verse INTEGER NOT NULL,
            word_count INTEGER NOT NULL,
            probability REAL NOT NULL,
            note TEXT NOT NULL,
            PRIMARY KEY(book, chapter, token)
        ) WITHOUT ROWID;
        CREATE INDEX citations_by_note ON citations(note);
        """

    /// Version 2: keys are InkSearch's `TextNormalizer` keys (confusion classes collapsed), each
    /// term keeps a reading that spells it, and the books a note cites are indexed. Only derived
    /// tables change: they are dropped and made anew, and every note is reindexed; no drawing is
    /// touched.
    static let version2 = """
        DROP TABLE postings; DROP TABLE terms; DROP TABLE token_bounds; DROP TABLE tokens; DROP TABLE note_index;
        """ + version2Tables

    /// The derived tables as version 2 made them (kept verbatim: a migration is history).
    static let version2Tables = """
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

        -- Derived: recognized words (InkSearch's WordToken). `stroke_ids` is 16 bytes per stroke;
        -- `readings` one "probability<TAB>text" per line, best first.
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

        -- Derived: the normalized keys of readings (TextNormalizer.key), one reading that spells
        -- each, and which tokens carry them: the candidate lookup. Terms are only ever appended,
        -- so readers cache the vocabulary by id.
        CREATE TABLE terms(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, reading TEXT NOT NULL);
        CREATE TABLE postings(
            term INTEGER NOT NULL,
            token INTEGER NOT NULL,
            probability REAL NOT NULL,
            PRIMARY KEY(term, token)
        ) WITHOUT ROWID;
        CREATE INDEX postings_by_token ON postings(token);

        -- Derived: the books each note cites (ScriptureParser), for reference queries.
        -- (Columns in key order: SQLite 3.40's quick_check misreports NOT NULL columns of a
        -- WITHOUT ROWID table declared in another order.)
        CREATE TABLE citations(book INTEGER NOT NULL, note TEXT NOT NULL, PRIMARY KEY(book, note)) WITHOUT ROWID;
        CREATE INDEX citations_by_note ON citations(note);
        """


    /// Version 1 (kept verbatim: a migration is history).
    static let version1 = """
        -- The record: a note's drawing in the binary encoding, verbatim, with its checksum.
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
