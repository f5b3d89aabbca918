import Foundation
import InkIndex
import InkPostgres
import InkServer

/// A library of N one-line notes for the server benchmarks (`bench-serve`, `bench-sync`), built
/// afresh: note n holds line n of the corpus (cycling), with stroke ids of its own, indexed with
/// `StandInReadings` stamped as `recognizer`'s, so that no server reads them again.
///
/// 500 notes a transaction; a commit per note would wait for the database once a note.
enum StandInLibrary {
    static func build(_ store: NoteStore, notes count: Int, corpus: LoadCorpus, recognizer: any LineRecognizing,
                      log: @Sendable (String) -> Void) async throws {
        switch store {
        case .postgres(let url, let library):
            try PostgresLibrary.drop(url, library: library)
        case .sqlite(let path):
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let library = try store.open()
        let version = recognizer.recognitionVersion
        let batch = 500
        for start in stride(from: 0, to: count, by: batch) {
            let range = start..<min(count, start + batch)
            let notes = range.map { n -> (id: String, title: String, drawing: Drawing) in
                let (text, drawing) = corpus.lines[n % corpus.lines.count]
                var strokes = drawing.strokes
                for k in strokes.indices { strokes[k].id = UUID(deterministicFrom: "bench-serve/\(n)/\(k)") }
                return (String(format: "note-%06d", n), text, Drawing(strokes: strokes))
            }
            _ = try await library.add(notes)
            var indexes: [(index: NoteIndex, noteID: String, drawingChecksum: Int64)] = []
            for note in notes {
                let seed = note.id.utf8.reduce(UInt64(1_469_598_103_934_665_603)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
                let words = StandInReadings.words(of: note.title, strokes: note.drawing.strokes, seed: seed)
                let index = NoteIndex(recognitionVersion: version, recognitionModel: recognizer.recognitionModel,
                                      languages: recognizer.languages, words: words)
                indexes.append((index, note.id, NoteLibrary.checksum(of: note.drawing)))
            }
            try await library.commitIndexes(indexes)
            if range.upperBound % 10_000 == 0 || (count <= 20_000 && range.upperBound % 2_000 == 0) { log("  \(range.upperBound) notes") }
        }
    }
}
