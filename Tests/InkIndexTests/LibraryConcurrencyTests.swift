import Foundation
import Testing
@testable import InkTools
@testable import InkIndex

@Suite struct LibraryConcurrencyTests {
    /// Readers on their own connections search and read note snapshots while every note is
    /// reindexed: no reader sees an error, and every snapshot is wholly version 1 (no marker
    /// reading) or wholly version 2 (a marker on every word).
    @Test func readersDuringAReindexSeeNoErrorsAndNoPartialNotes() async throws {
        let (library, directory) = try makeTemporaryLibrary()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ids = (0..<24).map { "note-\($0)" }
        for (n, id) in ids.enumerated() {
            try await library.add(transcribedPage(["grace note \(n) here", "Jn 3:16 and more words"], id: id), id: id)
        }
        try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: TranscriptRecognizer())).run()
        let marker = "zzmarker"
        let done = ReindexFlag()
        let path = library.path
        let totals = try await withThrowingTaskGroup(of: (snapshots: Int, errors: Int, partial: Int).self) { group in
            for r in 0..<2 {
                group.addTask {
                    let reader = try NoteLibrary(path: path)
                    var snapshots = 0, errors = 0, partial = 0, n = r
                    // At least a few rounds even where the writer finishes first.
                    while !done.isSet || snapshots < 5 {
                        n += 1
                        do {
                            let hits = try await reader.search(n % 2 == 0 ? "grace" : "Jn 3:16")
                            if hits.count != ids.count { partial += 1 }
                            let snapshot = try await reader.indexedWords(noteID: ids[n % ids.count])
                            let marked = snapshot.words.filter { $0.readings.contains { $0.text == marker } }.count
                            let whole = snapshot.recognitionVersion == 2 ? marked == snapshot.words.count : marked == 0
                            if !whole || snapshot.words.isEmpty { partial += 1 }
                            snapshots += 1
                        } catch {
                            errors += 1
                        }
                        await Task.yield()
                    }
                    return (snapshots, errors, partial)
                }
            }
            for id in ids {
                var words = try await library.words(noteID: id)
                for i in words.indices { words[i].readings.append(WordReading(text: marker, probability: 0.001)) }
                let (_, checksum) = try await library.indexTarget(noteID: id)
                try await library.commitIndex(NoteIndex(recognitionVersion: 2, words: words), noteID: id, drawingChecksum: checksum)
                await Task.yield()
            }
            done.set()
            var totals = (snapshots: 0, errors: 0, partial: 0)
            for try await t in group { totals = (totals.snapshots + t.snapshots, totals.errors + t.errors, totals.partial + t.partial) }
            return totals
        }
        #expect(totals.snapshots >= 10)
        #expect(totals.errors == 0)
        #expect(totals.partial == 0)
        #expect(try await library.stats().recognitionVersions == [2: ids.count])
    }
}
