import Foundation
import Testing
@testable import InkTools
@testable import InkIndex

/// Words keep their network evidence in the library (schema 5): the blob, the version 4 → 5
/// upgrade, and search that judges stored words with the calibration as `SearchIndex` does.
@Suite struct LibraryEvidenceTests {
    static let alphabet = Alphabet(characters: Array(" abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,"))

    /// Frames built by hand: per emitted character its choices (the rest goes to blank),
    /// separated by blank frames, as a peaky CTC network writes.
    static func evidence(_ steps: [[(Character, Double)]], before: Character? = nil, after: Character? = nil) -> WordEvidence {
        let classes = alphabet.classCount
        func row(_ choices: [(Character, Double)]) -> [Double] {
            var r = [Double](repeating: 1e-6, count: classes)
            var rest = 1.0 - Double(classes) * 1e-6
            for (c, p) in choices { r[alphabet.classIndex(of: c)!] += p; rest -= p }
            r[Alphabet.blank] += max(0, rest)
            return r
        }
        var rows = [row([])]
        for step in steps { rows += [row(step), row([])] }
        return WordEvidence(posteriors: FramePosteriors(CTCFrames(probabilities: rows), alphabet: alphabet), before: before, after: after)
    }

    /// Makes a file what version 4 wrote (SQL; the version is left to the caller).
    static let version5Undone = """
        ALTER TABLE tokens DROP COLUMN evidence; ALTER TABLE tokens DROP COLUMN evidence_cost;
        DROP TABLE alphabets; DROP TABLE evidence_ceiling;
        """

    static func spelling(_ text: String) -> [[(Character, Double)]] { text.map { [($0, 0.99)] } }

    /// "aut", read with certainty, whose frames half saw a "b" and an "o" in it: "about" is two
    /// edits from the reading, too far for a reading alone. (Not an English word: an inexact
    /// reading that is a known word counts against the query in the calibration.)
    static let hesitant: [[(Character, Double)]] = [[("a", 0.99)], [("b", 0.5)], [("o", 0.5)], [("u", 0.99)], [("t", 0.99)]]

    static func word(_ reading: String, _ evidence: WordEvidence?, position: Int) -> WordToken {
        WordToken(strokeIDs: [UUID(deterministicFrom: "\(reading)/\(position)")], bounds: CGRect(x: 10 * position, y: 0, width: 8, height: 5),
                  line: 0, position: position, readings: [WordReading(text: reading, probability: 1)], evidence: evidence)
    }

    private func commit(_ words: [WordToken], id: String, version: Int = 1, in library: NoteLibrary) async throws {
        if try await !library.contains(id: id) { try await library.add(transcribedPage(["note"], id: id), id: id) }
        let (_, checksum) = try await library.indexTarget(noteID: id)
        try await library.commitIndex(NoteIndex(recognitionVersion: version, words: words), noteID: id, drawingChecksum: checksum)
    }

    @Test func aBlobRoundTripsAndADamagedOneIsATypedError() throws {
        let evidence = Self.evidence(Self.hesitant, before: " ", after: "é")
        let blob = EvidenceCoding.encode(evidence, alphabetID: 300)
        let characters = evidence.posteriors.alphabet
        let lookUp: (Int64) -> String? = { $0 == 300 ? characters : nil }
        #expect(try EvidenceCoding.decode(blob, alphabet: lookUp) == evidence)
        #expect(blob.count < evidence.posteriors.byteCount + 10)
        let none = Self.evidence(Self.spelling("grace"))
        #expect(try EvidenceCoding.decode(EvidenceCoding.encode(none, alphabetID: 300), alphabet: lookUp) == none)

        for cut in [0, 1, 2, 5, blob.count - 1] {
            #expect(throws: EvidenceCoding.Failure.self) { try EvidenceCoding.decode(blob.prefix(cut), alphabet: lookUp) }
        }
        #expect(throws: EvidenceCoding.Failure.unknownAlphabet(300)) { try EvidenceCoding.decode(blob) { _ in nil } }
        #expect(throws: EvidenceCoding.Failure.trailingBytes(1)) { try EvidenceCoding.decode(blob + [0], alphabet: lookUp) }
        var format = blob
        format[0] = 9
        #expect(throws: EvidenceCoding.Failure.unknownFormat(9)) { try EvidenceCoding.decode(format, alphabet: lookUp) }
        var classes = blob
        classes[blob.count - 2 * evidence.posteriors.classes.count] = 200
        #expect(throws: EvidenceCoding.Failure.classOutOfRange(class: 200, classes: Self.alphabet.classCount)) {
            try EvidenceCoding.decode(classes, alphabet: lookUp)
        }
        // A huge length must not be trusted.
        #expect(throws: EvidenceCoding.Failure.self) { try EvidenceCoding.decode(Data([1, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]), alphabet: lookUp) }
        // Whatever the bytes, decoding never traps.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var bytes = blob
            for _ in 0..<3 { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            _ = try? EvidenceCoding.decode(bytes, alphabet: lookUp)
        }
    }

    @Test func storedWordsKeepTheirEvidenceAndTheAlphabetIsStoredOnce() async throws {
        let (library, directory) = try makeTemporaryLibrary(keepsEvidence: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let words = [Self.word("aut", Self.evidence(Self.hesitant, after: " "), position: 0), Self.word("and", nil, position: 1),
                     Self.word("grace", Self.evidence(Self.spelling("grace"), before: " "), position: 2)]
        try await commit(words, id: "n0", in: library)
        try await commit(words, id: "n1", in: library)
        #expect(try await library.words(noteID: "n0") == words)
        let db = try Database(path: library.path)
        #expect(try db.scalarInt("SELECT count(*) FROM alphabets") == 1)
        #expect(try db.scalarInt("SELECT count(*) FROM tokens WHERE evidence IS NOT NULL") == 4)
        // A damaged blob leaves its word to its readings.
        try db.execute("UPDATE tokens SET evidence = x'0102' WHERE note = 'n1' AND position = 2")
        let damaged = try await library.words(noteID: "n1")
        #expect(damaged[2].evidence == nil && damaged[2].readings == words[2].readings)
        #expect(try await library.search("grace", fullWordsOnly: true).map(\.noteID).sorted() == ["n0", "n1"])
    }

    @Test func aWordWhoseFramesSayTheQueryIsFoundAlthoughItsReadingIsTwoEditsAway() async throws {
        let (library, directory) = try makeTemporaryLibrary(keepsEvidence: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await commit([Self.word("aut", Self.evidence(Self.hesitant), position: 0)], id: "hesitant", in: library)
        try await commit([Self.word("out", Self.evidence(Self.spelling("out")), position: 0)], id: "certain", in: library)
        try await commit([Self.word("out", nil, position: 0)], id: "without", in: library)
        for fullWords in [true, false] {
            let hits = try await library.search("about", fullWordsOnly: fullWords)
            #expect(hits.map(\.noteID) == ["hesitant"], "full words \(fullWords)")
            #expect(hits.first?.reading == "aut")
        }
        // The same scores as an in-memory index of the same words.
        var index = SearchIndex<String>()
        for id in ["hesitant", "certain", "without"] { index.add(try await library.words(noteID: id), to: id) }
        for query in ["about", "out", "abou"] {
            // (Ties are ordered by note in the library, by insertion in memory.)
            let found = try await library.search(query).map { "\($0.score) \($0.noteID)" }.sorted()
            #expect(found == index.search(query).map { "\($0.hit.score) \($0.document)" }.sorted(), "query \(query)")
        }

        // A library that does not keep evidence drops it: the reading alone is too far.
        let (plain, plainDirectory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: plainDirectory) }
        try await commit([Self.word("aut", Self.evidence(Self.hesitant), position: 0)], id: "hesitant", in: plain)
        #expect(try await plain.words(noteID: "hesitant").allSatisfy { $0.evidence == nil })
        #expect(try await plain.search("about", fullWordsOnly: true).isEmpty)
        #expect(try await plain.search("aut").map(\.noteID) == ["hesitant"])
    }

    @Test func limitedSearchesOverEvidenceReturnTheBestHitsOfAnInMemoryIndex() async throws {
        let (library, directory) = try makeTemporaryLibrary(keepsEvidence: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 60 words "grace" read with probabilities from 0.02 to 0.98 (the rest "groce"), frames from sure
        // to undecided, some words without evidence: calibrated scores do not follow the readings'.
        // Fewer candidates than the settling window: the library's best hits are exact.
        var index = SearchIndex<String>()
        for n in 0..<60 {
            let p = 0.02 + 0.96 * Double((n * 7) % 60) / 59
            let doubt = Double((n * 11) % 60) / 60 * 0.5
            let steps: [[(Character, Double)]] = [[("g", 0.99)], [("r", 0.99)], [("a", 0.99 - doubt), ("o", doubt)], [("c", 0.99)], [("e", 0.99)]]
            let word = WordToken(strokeIDs: [UUID(deterministicFrom: "grace/\(n)")], bounds: CGRect(x: 0, y: 0, width: 8, height: 5), line: 0, position: 0,
                                 readings: [WordReading(text: "grace", probability: p), WordReading(text: "groce", probability: 1 - p)],
                                 evidence: n % 5 == 4 ? nil : Self.evidence(steps))
            try await commit([word], id: "n\(n)", in: library)
            // (As stored: probabilities are kept to 6 digits.)
            index.add(try await library.words(noteID: "n\(n)"), to: "n\(n)")
        }
        for query in ["grace", "grac", "groce", "grase"] {
            for limit in [1, 3, 10] {
                let expected = index.search(query).prefix(limit).map(\.hit.score)
                let found = try await library.search(query, limit: limit).map(\.score)
                #expect(found == Array(expected), "query \(query) limit \(limit): \(found) \(Array(expected))")
            }
        }
    }

    @Test func aPhraseIsFoundThroughAWordOnlyItsEvidenceReads() async throws {
        let (library, directory) = try makeTemporaryLibrary(keepsEvidence: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await commit([Self.word("talk", Self.evidence(Self.spelling("talk")), position: 0),
                          Self.word("aut", Self.evidence(Self.hesitant), position: 1)], id: "n0", in: library)
        try await commit([Self.word("talk", nil, position: 0), Self.word("out", nil, position: 1)], id: "n1", in: library)
        #expect(try await library.search("talk about").map(\.noteID) == ["n0"])
        #expect(try await library.search("talk aut").map(\.noteID) == ["n0"])
        #expect(try await library.search("talk out").map(\.noteID) == ["n1"])
    }

    @Test func searchesWeighEvidenceWithTheLibrarysPolicyAsTheInMemoryIndexDoes() async throws {
        let (library, directory) = try makeTemporaryLibrary(keepsEvidence: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let words = [Self.word("talk", Self.evidence(Self.spelling("talk")), position: 0), Self.word("aut", Self.evidence(Self.hesitant), position: 1)]
        try await commit(words, id: "n0", in: library)
        // A calibration that no evidence convinces: only readings that spell the query remain.
        var sceptical = MatchPolicy.standard
        sceptical.calibration?.threshold = 50
        let strict = try NoteLibrary(path: library.path, keepsEvidence: true, searchPolicy: sceptical)
        #expect(strict.searchPolicy == sceptical && library.searchPolicy == .standard)
        var memory = SearchIndex<Int>(policy: sceptical)
        memory.add(words, to: 0)
        for (query, byEvidence) in [("about", true), ("talk", false), ("talk about", true)] {
            let standardHits = try await library.search(query).map(\.noteID)
            let strictHits = try await strict.search(query).map(\.noteID)
            #expect(standardHits == ["n0"], "\(query)")
            #expect(strictHits == (byEvidence ? [] : ["n0"]), "\(query)")
            #expect(memory.search(query).isEmpty == strictHits.isEmpty, "\(query)")
        }
    }

    @Test func eachShippedModelHasItsOwnCalibration() {
        #expect(MatchPolicy.standard(forModel: "open").calibration == WordCalibration.open)
        #expect(MatchPolicy.standard(forModel: "research").calibration == WordCalibration.standard)
        #expect(MatchPolicy.standard(forModel: "") == MatchPolicy.standard)
        var open = MatchPolicy.standard(forModel: "open")
        open.calibration = WordCalibration.standard
        #expect(open == MatchPolicy.standard, "only the calibration differs")
    }

    @Test func aVersion4LibraryIsUpgradedKeepingNotesInkAndSearches() async throws {
        let (library, directory) = try makeTemporaryLibrary(keepsEvidence: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = library.path
        let lines = ["in the beginning was the word", "grace upon grace in the fullness", "abide in the vine"]
        for (n, line) in lines.enumerated() {
            let (drawing, words) = BenchmarkText.note([line], number: n, ink: [])
            try await library.add(drawing, id: "n\(n)")
            let (_, checksum) = try await library.indexTarget(noteID: "n\(n)")
            try await library.commitIndex(NoteIndex(recognitionVersion: 1, words: words), noteID: "n\(n)", drawingChecksum: checksum)
        }
        let queries = ["grace", "gra", "fullnes", "the vine", "beginning"]
        var before: [[String]] = []
        for query in queries { before.append(try await library.search(query).map { "\($0.noteID) \($0.reading) \($0.score)" }) }
        let bytes = try await library.drawingBytes(id: "n1")
        try Database(path: path).execute(LibrarySpatialTests.version6Undone + Self.version5Undone + "PRAGMA user_version = 4;")
        let upgraded = try NoteLibrary(path: path, keepsEvidence: true)
        #expect(try Database(path: path).userVersion == NoteLibrary.schemaVersion)
        #expect(try await upgraded.drawingBytes(id: "n1") == bytes)
        #expect(try await upgraded.notes().map(\.id) == ["n0", "n1", "n2"])
        #expect(try await upgraded.notesToIndex(version: 1).isEmpty)
        for (query, hits) in zip(queries, before) {
            #expect(try await upgraded.search(query).map { "\($0.noteID) \($0.reading) \($0.score)" } == hits, "query \(query)")
        }
        #expect(try await upgraded.words(noteID: "n0").allSatisfy { $0.evidence == nil })
        // Reindexed with evidence, a note is found by it; the others still by their readings.
        try await commit([Self.word("aut", Self.evidence(Self.hesitant), position: 0)], id: "n2", version: 2, in: upgraded)
        #expect(try await upgraded.search("about", fullWordsOnly: true).map(\.noteID) == ["n2"])
        #expect(try await upgraded.search("grace").map { "\($0.noteID) \($0.reading)" } == ["n1 grace", "n1 grace"])
        #expect(try await upgraded.check().isHealthy)
    }
}
