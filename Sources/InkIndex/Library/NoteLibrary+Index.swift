import Foundation

extension NoteLibrary {
    /// Recognizes a note's drawing with `indexer` (off this actor, so searches go on meanwhile)
    /// and commits its index in one transaction.
    /// - Returns: false where the drawing changed while it was being recognized (nothing is
    ///   committed; the newer drawing gets its own indexing).
    @discardableResult
    @concurrent
    public nonisolated func index(noteID: String, using indexer: NoteIndexer) async throws -> Bool {
        let (drawing, checksum) = try await indexTarget(noteID: noteID)
        let index = try await indexer.index(drawing)
        return try await commitIndex(index, noteID: noteID, drawingChecksum: checksum)
    }

    /// The drawing to recognize and the checksum to hand back to `commitIndex`.
    public func indexTarget(noteID: String) throws -> (drawing: Drawing, checksum: Int64) {
        let rows = try db.query("SELECT checksum FROM notes WHERE id = ?", [.text(noteID)]) { $0.int(0) }
        guard let checksum = rows.first else { throw LibraryError.noteNotFound(noteID) }
        return (try drawing(id: noteID), checksum)
    }

    /// Replaces the note's derived rows with `index`, in one transaction, provided the note's
    /// drawing still has `drawingChecksum`. Never writes the `notes` table.
    /// - Returns: false (and writes nothing) where the drawing has changed since.
    @discardableResult
    public func commitIndex(_ index: NoteIndex, noteID: String, drawingChecksum: Int64, at date: Date = Date()) throws -> Bool {
        // Derived rows only: a commit a power cut rolls back is indexed again, so it need not wait for the disk.
        try db.transaction(synchronous: .normal) {
            try writeIndex(index, noteID: noteID, drawingChecksum: drawingChecksum, at: date)
        }
    }

    /// Commits the indexes of several notes in one transaction, each as `commitIndex` would (a
    /// note whose drawing has changed since keeps its rows): for imports and builds of many
    /// notes, where a commit per note would wait for the disk (or, on PostgreSQL, for the
    /// server) once a note. If one fails, none is committed.
    ///
    /// ```swift
    /// let target = try await library.indexTarget(noteID: "n1")
    /// let committed = try await library.commitIndexes([(index: index, noteID: "n1", drawingChecksum: target.checksum)])
    /// ```
    /// - Returns: for each note, whether its index was committed.
    @discardableResult
    public func commitIndexes(_ indexes: [(index: NoteIndex, noteID: String, drawingChecksum: Int64)], at date: Date = Date()) throws -> [Bool] {
        try db.transaction(synchronous: .normal) {
            try indexes.map { try writeIndex($0.index, noteID: $0.noteID, drawingChecksum: $0.drawingChecksum, at: date) }
        }
    }

    /// `commitIndex`'s writes, in the caller's transaction.
    private func writeIndex(_ index: NoteIndex, noteID: String, drawingChecksum: Int64, at date: Date) throws -> Bool {
        let current = try db.scalarInt("SELECT checksum FROM notes WHERE id = ?", [.text(noteID)])
        guard let current else { throw LibraryError.noteNotFound(noteID) }
        guard current == drawingChecksum else { return false }
        let wasIndexed = try db.scalarInt("SELECT 1 FROM note_index WHERE note = ?", [.text(noteID)]) != nil
        try deleteIndexRows(noteID: noteID)
        try db.execute("DELETE FROM index_problems WHERE note = ?", [.text(noteID)])
        var alphabetIDs: [String: Int64] = [:]
        var highestCost: Double?
        let markup = index.markup.flatMap { $0.places.count == index.words.count ? $0 : nil } ?? PageMarkup(plain: index.words.count)
        let terms = try termIDs(of: index.words)
        let tokenIDs = try zip(index.words, markup.places).map { word, place in
            var evidence: (blob: Data, cost: Double)?
            if keepsEvidence, let wordEvidence = word.evidence {
                let characters = wordEvidence.posteriors.alphabet
                let id = try alphabetIDs[characters] ?? EvidenceAlphabets.id(of: characters, in: db)
                alphabetIDs[characters] = id
                let cost = EvidenceCoding.bestPathCost(wordEvidence)
                highestCost = max(highestCost ?? cost, cost)
                evidence = (EvidenceCoding.encode(wordEvidence, alphabetID: id), cost)
            }
            return try insert(word, place: place, evidence: evidence, noteID: noteID, terms: terms)
        }
        try MarkupRows.insert(markup, tokenIDs: tokenIDs, noteID: noteID, into: db)
        if let highestCost {
            try db.execute("""
                INSERT INTO evidence_ceiling(id, cost) VALUES (0, ?) ON CONFLICT(id) DO UPDATE
                SET cost = CASE WHEN excluded.cost > evidence_ceiling.cost THEN excluded.cost ELSE evidence_ceiling.cost END
                """, [.double(highestCost)])
        }
        try CitationRows.insert(index.citations, tokenIDs: tokenIDs, noteID: noteID, into: db)
        try db.execute("""
            INSERT INTO note_index(note, recognition_version, indexed_at, drawing_checksum, token_count, recognition_model,
                                   recognition_languages)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(noteID), .int(index.recognitionVersion), .double(date.timeIntervalSince1970),
                  .int(drawingChecksum), .int(index.words.count), .text(index.recognitionModel),
                  .text(LanguageList.stored(index.languages))])
        try ChangeRows.record(wasIndexed ? .reindexed : .indexed, noteID: noteID, at: date, in: db)
        return true
    }

    /// Inserts a word with its bounds, place and postings (`terms`: the term id of each of its
    /// readings' keys); returns its token id. Three statements a word.
    private func insert(_ word: WordToken, place: PageMarkup.Place, evidence: (blob: Data, cost: Double)?, noteID: String,
                        terms: [String: Int64]) throws -> Int64 {
        let b = word.bounds.isNull ? CGRect.zero : word.bounds
        let token = try db.insertReturningID("""
            INSERT INTO tokens(note, line, position, stroke_ids, min_x, min_y, max_x, max_y, readings, evidence, evidence_cost,
                               cluster, cluster_kind, marks)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(noteID), .int(word.line), .int(word.position), .blob(TokenCoding.encode(word.strokeIDs)),
                  .double(b.minX), .double(b.minY), .double(b.maxX), .double(b.maxY), .text(TokenCoding.encode(word.readings)),
                  evidence.map { .blob($0.blob) } ?? .null, evidence.map { .double($0.cost) } ?? .null,
                  .int(place.clusterID), .text(place.cluster.rawValue), .int(MarkKindBits.mask(place.marks.map(\.kind)))])
        // A posting a key, at the best probability among the readings with that key (readings
        // differing in case or marks only share one).
        var best: [Int64: Double] = [:]
        for reading in word.readings {
            guard let term = terms[TextNormalizer.standard.key(reading.text)] else { continue }
            best[term] = max(best[term] ?? 0, reading.probability)
        }
        guard !best.isEmpty else { return token }
        let postings = best.sorted { $0.key < $1.key }
        try db.execute("INSERT INTO postings(term, token, probability) VALUES "
                       + Array(repeating: "(?, ?, ?)", count: postings.count).joined(separator: ", "),
                       postings.flatMap { [.int($0.key), .int(token), .double($0.value)] })
        return token
    }

    /// The term id of every key the words' readings have, creating the terms not yet known
    /// (each stored with the first reading that has its key) with their variants. One statement
    /// for the known ones, two for each new one.
    private func termIDs(of words: [WordToken]) throws -> [String: Int64] {
        var firstReading: [String: String] = [:], keys: [String] = []
        for reading in words.lazy.flatMap(\.readings) {
            let key = TextNormalizer.standard.key(reading.text)
            guard !key.isEmpty, firstReading[key] == nil else { continue }
            firstReading[key] = reading.text
            keys.append(key)
        }
        guard !keys.isEmpty else { return [:] }
        var ids: [String: Int64] = [:]
        try db.forEachRow("SELECT key, id FROM terms WHERE key \(db.dialect.inStrings())",
                          [.text(NoteLibrary.jsonStrings(keys))]) { row in
            ids[row.text(0)] = row.int(1)
        }
        for key in keys where ids[key] == nil {
            let id = try db.insertReturningID("INSERT INTO terms(key, reading) VALUES (?, ?)", [.text(key), .text(firstReading[key]!)])
            ids[key] = id
        }
        return ids
    }

    func deleteIndexRows(noteID: String) throws {
        try MarkupRows.delete(noteID: noteID, in: db)
        try db.execute("DELETE FROM postings WHERE token IN (SELECT id FROM tokens WHERE note = ?)", [.text(noteID)])
        try db.execute("DELETE FROM tokens WHERE note = ?", [.text(noteID)])
        try db.execute("DELETE FROM citations WHERE note = ?", [.text(noteID)])
        try db.execute("DELETE FROM note_index WHERE note = ?", [.text(noteID)])
    }

    /// The note's indexed words in reading order, read in one snapshot.
    public func words(noteID: String) throws -> [WordToken] {
        try db.transaction(.deferred) { try wordRows(where: "note = ?", [.text(noteID)]).map(\.word) }
    }

    /// The note's index as one snapshot: the recognizer version and the words (nil version for a
    /// note never indexed). Concurrent reindexing is seen wholly or not at all.
    public func indexedWords(noteID: String) throws -> (recognitionVersion: Int?, words: [WordToken]) {
        try db.transaction(.deferred) {
            let version = try db.scalarInt("SELECT recognition_version FROM note_index WHERE note = ?", [.text(noteID)])
            return (version.map(Int.init), try wordRows(where: "note = ?", [.text(noteID)]).map(\.word))
        }
    }

    /// Words of a note whose bounds intersect `rect`, in reading order. O(words of the note):
    /// they are read by the note's key and their own bounds compared (a page holds hundreds of
    /// words at most; schema 11 dropped the R*Tree that held a second copy of every bound).
    public func words(noteID: String, in rect: CGRect) throws -> [WordToken] {
        try wordRows(where: """
            note = ? AND max_x >= ? AND min_x <= ? AND max_y >= ? AND min_y <= ?
            """, [.text(noteID), .double(rect.minX), .double(rect.maxX), .double(rect.minY), .double(rect.maxY)]).map(\.word)
    }

    /// Stored words with their place on the page (cluster and the kinds of marks on them; mark
    /// ids are not kept there: `HitContext` names kinds only).
    /// The stored words of the given token ids (each once), in one statement.
    func wordRows(ids: some Sequence<Int64>) throws -> [(id: Int64, note: String, word: WordToken, place: PageMarkup.Place)] {
        try wordRows(where: "id \(db.dialect.inIntegers())", [.text(FormVocabulary.jsonArray(Set(ids).sorted().map(String.init)))])
    }

    func wordRows(where condition: String, _ bindings: [SQLValue]) throws -> [(id: Int64, note: String, word: WordToken, place: PageMarkup.Place)] {
        try db.query("""
            SELECT id, note, line, position, stroke_ids, min_x, min_y, max_x, max_y, readings, evidence, cluster, cluster_kind, marks FROM tokens
            WHERE \(condition) ORDER BY note, line, position
            """, bindings) { row in
            let bounds = CGRect(x: row.double(5), y: row.double(6), width: row.double(7) - row.double(5), height: row.double(8) - row.double(6))
            // A blob that does not decode (a damaged file) leaves the word to its readings.
            let evidence = row.isNull(10) ? nil : try? EvidenceCoding.decode(row.blob(10)) { try alphabets.characters(of: $0, in: db) }
            let word = WordToken(strokeIDs: TokenCoding.decodeIDs(row.blob(4)), bounds: bounds, line: Int(row.int(2)),
                                 position: Int(row.int(3)), readings: TokenCoding.decodeReadings(row.text(9)), evidence: evidence)
            let place = PageMarkup.Place(cluster: LayoutCluster.Kind(rawValue: row.text(12)) ?? .body, clusterID: Int(row.int(11)),
                                         marks: MarkKindBits.kinds(Int(row.int(13))).map { PageMarkup.Mark(kind: $0, id: MarkKindBits.bit($0)) })
            return (row.int(0), row.text(1), word, place)
        }
    }

    /// The recognizer version and time of a note's index, or nil where it was never indexed.
    public func indexState(noteID: String) throws -> (recognitionVersion: Int, indexedAt: Date)? {
        try db.query("SELECT recognition_version, indexed_at FROM note_index WHERE note = ?", [.text(noteID)]) {
            (Int($0.int(0)), Date(timeIntervalSince1970: $0.double(1)))
        }.first
    }

    /// The model that read a note's index (`ShippedModel.identifier`; "" for a recognizer that
    /// names none), or nil where it was never indexed.
    public func indexModel(noteID: String) throws -> String? {
        try db.query("SELECT recognition_model FROM note_index WHERE note = ?", [.text(noteID)]) { $0.text(0) }.first
    }

    /// The languages a note's index was read with, or nil where it was never indexed.
    public func indexLanguages(noteID: String) throws -> [RecognitionLanguage]? {
        try db.query("SELECT recognition_languages FROM note_index WHERE note = ?", [.text(noteID)]) {
            LanguageList.parse($0.text(0))
        }.first
    }

    /// Notes to (re)index for a recognizer of `version`, `model` and `languages`, oldest index
    /// first (never-indexed notes first of all): those indexed by an older version, by another
    /// model or with other languages, never indexed, indexed from a drawing that has changed
    /// since, or (with `force`) indexed before `forcedBefore`. A note marked as an index problem
    /// for this version and its current drawing (`markIndexProblem`) is left out, unless `force`.
    ///
    /// ```swift
    /// let stale = try library.notesToIndex(version: indexer.recognitionVersion, model: indexer.recognitionModel,
    ///                                      languages: indexer.languages)
    /// ```
    /// `model` is `LineRecognizing.recognitionModel`; "" (a recognizer that names no model)
    /// compares versions only. Empty `languages` (a recognizer that names none) leaves languages
    /// out of the comparison.
    public func notesToIndex(version: Int, model: String = "", languages: [RecognitionLanguage] = [], force: Bool = false,
                             forcedBefore: Date = .distantFuture) throws -> [String] {
        let (condition, bindings) = Self.needsIndex(version: version, model: model, languages: languages, force: force, forcedBefore: forcedBefore)
        return try db.query("""
            SELECT n.id FROM notes n LEFT JOIN note_index i ON i.note = n.id WHERE \(condition)
            ORDER BY coalesce(i.indexed_at, -1e300), n.modified, n.id
            """, bindings) { $0.text(0) }
    }

    /// The condition on `notes n LEFT JOIN note_index i` that `notesToIndex` selects by, with its
    /// bindings: also the one a store's shared reindex claims notes by (`IndexClaims`).
    package static func needsIndex(version: Int, model: String, languages: [RecognitionLanguage], force: Bool = false,
                                   forcedBefore: Date = .distantFuture) -> (sql: String, bindings: [SQLValue]) {
        let codes = LanguageList.stored(languages)
        return ("""
            (i.note IS NULL OR i.recognition_version < ? OR i.drawing_checksum != n.checksum
                   OR (? != '' AND i.recognition_model != ?)
                   OR (? != '' AND i.recognition_languages != ?)
                   OR (? AND i.indexed_at < ?))
              AND (? OR NOT EXISTS (SELECT 1 FROM index_problems p
                                    WHERE p.note = n.id AND p.recognition_version >= ? AND p.drawing_checksum = n.checksum
                                      AND (? = '' OR p.recognition_model = '' OR p.recognition_model = ?)))
            """, [.int(version), .text(model), .text(model), .text(codes), .text(codes), .int(force ? 1 : 0),
                  .double(forcedBefore.timeIntervalSince1970), .int(force ? 1 : 0), .int(version), .text(model), .text(model)])
    }
}
