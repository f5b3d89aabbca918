import InkIndex

/// A library's tables in PostgreSQL: the same tables, columns and keys as the SQLite library's
/// schema (version 11, `LibrarySchema`), one schema (namespace) a library.
///
/// A schema a library keeps every library's rows, keys and statistics apart by construction: a
/// statement can only read the library whose schema is on its search path, and one library's
/// size never shows in another's plans or timings. Text keys are `COLLATE "C"` so that they sort
/// by their bytes, as SQLite sorts them; reals are `double precision`, as SQLite's are.
enum PostgresLibrarySchema {
    /// The version of this layout (its own numbering), kept in `inkindex_schema`.
    static let version = 4

    /// What brings tables of the version before each one up to it, run by `prepare` in order,
    /// each in the transaction that opens the library (writers of the library wait for it).
    ///
    /// - 2: the postings' probability index carries each posting's token, so that a search's
    ///   posting bands are read from the index alone. Heap fetches were most of a band's time
    ///   at 100,000 notes (1,211 postings: 967 heap pages, 2.3 ms; from the index, 0.3–0.8 ms).
    ///   SQLite's index holds the token already (it is part of the table's key).
    /// - 3: the change feed (SQLite's schema 10), every note entered as created.
    /// - 4: no `term_variants` and no `token_bounds` (SQLite's schema 11): fuzzy keys are found
    ///   among each connection's keys in memory, and a note's words in a rectangle by their own
    ///   bounds; `notes_by_created` for pages of notes newest first; the model of an index
    ///   problem.
    static let migrations: [Int: String] = [
        2: """
            DROP INDEX postings_by_probability;
            CREATE INDEX postings_by_probability ON postings(term, probability) INCLUDE (token);
            """,
        3: """
            CREATE TABLE IF NOT EXISTS changes(position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                                               note text COLLATE "C" NOT NULL UNIQUE, kind text NOT NULL, revision bigint NOT NULL,
                                               recognition_version bigint, at double precision NOT NULL);
            CREATE INDEX IF NOT EXISTS changes_by_time ON changes(kind, at);
            CREATE TABLE IF NOT EXISTS change_feed(id bigint PRIMARY KEY CHECK (id = 0), pruned_through bigint NOT NULL);
            INSERT INTO change_feed(id, pruned_through) VALUES (0, 0) ON CONFLICT DO NOTHING;
            INSERT INTO changes(note, kind, revision, recognition_version, at)
                SELECT n.id, 'created', n.revision, i.recognition_version, n.modified
                FROM notes n LEFT JOIN note_index i ON i.note = n.id ORDER BY n.modified, n.id
                ON CONFLICT (note) DO NOTHING;
            """,
        4: """
            DROP TABLE IF EXISTS term_variants;
            DROP TABLE IF EXISTS token_bounds;
            CREATE INDEX IF NOT EXISTS notes_by_created ON notes(created, id);
            ALTER TABLE index_problems ADD COLUMN IF NOT EXISTS recognition_model text NOT NULL DEFAULT '';
            """,
    ]
    /// The SQLite schema version it holds the same tables as.
    static let sqliteVersion = 11

    /// The schema that holds library `name`: `inkindex_` and its `LibraryName.storageName` (the
    /// name itself where it is plain, else a hash of it; `inkindex.library_names` keeps the id).
    static func schemaName(ofLibrary name: String) -> String {
        "inkindex_" + ((try? LibraryName(name))?.storageName ?? name)
    }

    /// What every session on a library runs as it opens (and again after a reconnect): the
    /// library's schema as its search path, and no JIT compilation. The planner's cost of a
    /// statement that probes an index once per value of a JSON list (a table function it takes
    /// for 100 rows) passes `jit_above_cost` at 100,000 notes, and compiling it took 5.5 ms of a
    /// search that runs in 0.1 ms; none of the library's statements runs long enough to gain.
    static func sessionSetup(schemaName: String) -> [String] {
        ["SET search_path TO \(quoted(schemaName))", "SET jit = off"]
    }

    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static let tables = """
        CREATE TABLE inkindex_schema(version integer NOT NULL, sqlite_version integer NOT NULL);
        -- The record: a note's drawing in the binary encoding, verbatim, with its checksum and revision.
        -- (rowid: as SQLite's, so that a drawing is read by its row as there.)
        CREATE TABLE notes(
            rowid bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
            id text COLLATE "C" PRIMARY KEY,
            title text NOT NULL DEFAULT '',
            created double precision NOT NULL,
            modified double precision NOT NULL,
            drawing bytea NOT NULL,
            checksum bigint NOT NULL,
            revision bigint NOT NULL DEFAULT 1
        );
        CREATE INDEX notes_by_modified ON notes(modified);
        CREATE INDEX notes_by_created ON notes(created, id);
        -- Record: the vocabulary, the files a folder sync imported.
        CREATE TABLE vocabulary(word text COLLATE "C" PRIMARY KEY, source text NOT NULL, added double precision NOT NULL,
                                uses bigint NOT NULL DEFAULT 1);
        CREATE TABLE imported_files(identity text COLLATE "C" PRIMARY KEY, content_hash bigint NOT NULL, note_ids text NOT NULL,
                                    imported double precision NOT NULL);
        -- Record: the change feed (ChangeRows; positions in commit order under the feed lock).
        CREATE TABLE changes(position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text COLLATE "C" NOT NULL UNIQUE,
                             kind text NOT NULL, revision bigint NOT NULL, recognition_version bigint, at double precision NOT NULL);
        CREATE INDEX changes_by_time ON changes(kind, at);
        CREATE TABLE change_feed(id bigint PRIMARY KEY CHECK (id = 0), pruned_through bigint NOT NULL);
        INSERT INTO change_feed(id, pruned_through) VALUES (0, 0);

        -- Derived (see LibrarySchema for what each holds).
        CREATE TABLE note_index(
            note text COLLATE "C" PRIMARY KEY REFERENCES notes(id) ON DELETE CASCADE,
            recognition_version bigint NOT NULL,
            indexed_at double precision NOT NULL,
            drawing_checksum bigint NOT NULL,
            token_count bigint NOT NULL,
            recognition_model text NOT NULL DEFAULT '',
            recognition_languages text NOT NULL DEFAULT ''
        );
        CREATE INDEX note_index_by_age ON note_index(indexed_at);
        CREATE TABLE tokens(
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            note text COLLATE "C" NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
            line bigint NOT NULL,
            position bigint NOT NULL,
            stroke_ids bytea NOT NULL,
            min_x double precision NOT NULL, min_y double precision NOT NULL,
            max_x double precision NOT NULL, max_y double precision NOT NULL,
            readings text NOT NULL,
            evidence bytea,
            evidence_cost double precision,
            cluster bigint NOT NULL DEFAULT 0,
            cluster_kind text NOT NULL DEFAULT 'body',
            marks bigint NOT NULL DEFAULT 0
        );
        CREATE INDEX tokens_by_note ON tokens(note, line, position);
        CREATE TABLE terms(id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, key text COLLATE "C" NOT NULL UNIQUE,
                           reading text NOT NULL);
        CREATE TABLE postings(term bigint NOT NULL, token bigint NOT NULL, probability double precision NOT NULL,
                              PRIMARY KEY(term, token));
        CREATE INDEX postings_by_token ON postings(token);
        CREATE INDEX postings_by_probability ON postings(term, probability) INCLUDE (token);
        CREATE TABLE citations(
            book bigint NOT NULL, chapter bigint NOT NULL, token bigint NOT NULL,
            first_verse bigint NOT NULL, last_verse bigint NOT NULL, word_count bigint NOT NULL,
            probability double precision NOT NULL, note text COLLATE "C" NOT NULL,
            PRIMARY KEY(book, chapter, token)
        );
        CREATE INDEX citations_by_note ON citations(note);
        CREATE TABLE alphabets(id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, characters text NOT NULL UNIQUE);
        CREATE TABLE evidence_ceiling(id bigint PRIMARY KEY CHECK (id = 0), cost double precision NOT NULL);
        CREATE TABLE clusters(note text COLLATE "C" NOT NULL, id bigint NOT NULL, kind text NOT NULL, PRIMARY KEY(note, id));
        CREATE TABLE token_marks(token bigint NOT NULL, mark bigint NOT NULL, kind text NOT NULL, PRIMARY KEY(token, mark));
        CREATE TABLE links(id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, note text COLLATE "C" NOT NULL,
                           kind text NOT NULL, mark_kind text);
        CREATE INDEX links_by_note ON links(note);
        CREATE TABLE link_ends(link bigint NOT NULL, position bigint NOT NULL, role text NOT NULL, stroke_ids bytea NOT NULL,
                               PRIMARY KEY(link, position));
        CREATE TABLE link_tokens(token bigint NOT NULL, link bigint NOT NULL, position bigint NOT NULL,
                                 PRIMARY KEY(token, link, position));
        CREATE INDEX link_tokens_by_end ON link_tokens(link, position);
        CREATE TABLE index_problems(note text COLLATE "C" PRIMARY KEY, reason text NOT NULL, recognition_version bigint NOT NULL,
                                    drawing_checksum bigint NOT NULL, at double precision NOT NULL,
                                    recognition_model text NOT NULL DEFAULT '');

        -- The shared reindex's claims (PostgresIndexClaims): one row a note, made with the note,
        -- locked FOR UPDATE SKIP LOCKED by the process reading it. A lock, not a column: a
        -- process that dies releases its claims with its session. No user's write touches these
        -- rows, so a claim never holds a save back.
        CREATE TABLE index_claims(note text COLLATE "C" PRIMARY KEY REFERENCES notes(id) ON DELETE CASCADE);
        CREATE FUNCTION make_index_claim() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
            BEGIN
                INSERT INTO index_claims(note) VALUES (NEW.id) ON CONFLICT DO NOTHING;
                RETURN NEW;
            END
            $$;
        CREATE TRIGGER notes_make_index_claim AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION make_index_claim();
        """

    /// Makes library `schemaName`'s tables where they are absent, under the library's advisory
    /// lock (so that two servers starting at once make them once), and checks the version of
    /// tables that exist, bringing older ones up to `version` (`migrations`). Throws
    /// `PostgresLibraryError.newerSchema` for tables a newer InkIndex made.
    static func prepare(_ session: PostgresConnection, schemaName: String, library: String) throws {
        let schema = quoted(schemaName)
        try session.transaction {
            try session.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(PostgresLibraryConnection.lockName(schemaName))])
            let exists = try session.scalarInt("SELECT count(*) FROM pg_namespace WHERE nspname = $1", [.text(schemaName)]) == 1
            if !exists {
                try session.execute("CREATE SCHEMA \(schema)")
                try session.execute("SET LOCAL search_path TO \(schema)")
                try session.execute(tables)
                try session.execute("INSERT INTO inkindex_schema(version, sqlite_version) VALUES (\(version), \(sqliteVersion))")
            }
            // The account id of a schema named by a hash, for operators (and any schema's, to list them).
            try session.execute("CREATE SCHEMA IF NOT EXISTS inkindex")
            try session.execute("CREATE TABLE IF NOT EXISTS inkindex.library_names(schema_name text COLLATE \"C\" PRIMARY KEY, library text NOT NULL)")
            try session.execute("INSERT INTO inkindex.library_names(schema_name, library) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                [.text(schemaName), .text(library)])
            let found = Int(try session.scalarInt("SELECT max(version) FROM \(schema).inkindex_schema") ?? 0)
            guard found <= version else { throw PostgresLibraryError.newerSchema(library: schemaName, found: found, supported: version) }
            if found >= 1, found < version {
                try session.execute("SET LOCAL search_path TO \(schema)")
                for step in (found + 1)...version {
                    if let migration = migrations[step] { try session.execute(migration) }
                }
                try session.execute("UPDATE inkindex_schema SET version = \(version)")
            }
        }
    }
}
