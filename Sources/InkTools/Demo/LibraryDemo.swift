import Foundation
import InkIndex

/// `inkindex demo`: builds a library from the bundled sermon notes, recognizes and indexes
/// them, runs a few searches and writes SVGs with the hits highlighted.
///
/// ```swift
/// let demo = LibraryDemo(directory: URL(fileURLWithPath: "inkindex-demo"))
/// try await demo.run { print($0) }
/// ```
public struct LibraryDemo: Sendable {
    public static let queries = ["grace", "Jn 3:16", "Ps 119", "love is patient"]

    public var directory: URL
    public var queries: [String]

    public init(directory: URL, queries: [String] = LibraryDemo.queries) {
        self.directory = directory
        self.queries = queries
    }

    /// The shipped model where it loads, reading each line three ways as libraries index it
    /// (`ShippedRecognizer.loadForIndexing`); otherwise the transcript stored in the demo ink, with
    /// the reason, so that the output says which one ran.
    public static func recognizer(_ model: ShippedModel = .default) -> (recognizer: any LineRecognizing, note: String?) {
        do {
            return (try ShippedRecognizer.loadForIndexing(model), nil)
        } catch {
            return (TranscriptRecognizer(), "\(error). Reading the transcript stored in the synthetic ink instead: this run shows the store and search, not recognition.")
        }
    }

    @discardableResult
    public func run(recognizer: any LineRecognizing, log: @Sendable (String) -> Void) async throws -> [String: [LibraryHit]] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("library.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let library = try NoteLibrary(path: path)

        let started = Date()
        let pages = DemoNotes.pages.map { ($0, DemoNotes.drawing(for: $0)) }
        for (page, drawing) in pages { try await library.add(drawing, id: page.id, title: page.title) }
        let lines = pages.reduce(0) { $0 + $1.0.lines.count + $1.0.marginNotes.count }
        log("Library: \(path)")
        log("Added \(pages.count) notes of synthetic sermon ink (\(lines) lines, \(pages.reduce(0) { $0 + $1.1.strokes.count }) strokes).")

        let report = try await LibraryRebuilder(library: library, indexer: NoteIndexer(recognizer: recognizer)).run()
        let stats = try await library.stats()
        log(String(format: "Recognized and indexed %d notes (%d words) in %.2f s.", report.done - report.failures.count, stats.words, Date().timeIntervalSince(started)))
        for (id, reason) in report.failures { log("  could not index \(id): \(reason)") }
        for (page, _) in pages {
            let words = try await library.words(noteID: page.id)
            let lines = Dictionary(grouping: words, by: \.line).sorted { $0.key < $1.key }.map { $0.value.map(\.best).joined(separator: " ") }
            log("  \(page.id) read: " + (lines.isEmpty ? "(nothing)" : lines.prefix(3).map { "\"\($0)\"" }.joined(separator: " / ") + (lines.count > 3 ? " / ..." : "")))
        }

        var results: [String: [LibraryHit]] = [:]
        for query in queries {
            let hits = try await library.search(query, limit: 10)
            results[query] = hits
            log("")
            log("search \"\(query)\": \(hits.count) hit\(hits.count == 1 ? "" : "s")")
            for hit in hits {
                log(String(format: "  %.2f  %@  \"%@\"  %d strokes at x %.0f y %.0f", hit.score, hit.noteID, hit.reading, hit.strokeIDs.count, hit.bounds.minX, hit.bounds.minY))
            }
            for noteID in Set(hits.map(\.noteID)).sorted() {
                let file = directory.appendingPathComponent("\(Self.slug(query))-\(noteID).svg")
                let drawing = try await library.drawing(id: noteID)
                try LibraryExport.svg(drawing, highlighting: hits.filter { $0.noteID == noteID })
                    .write(to: file, atomically: true, encoding: .utf8)
                log("  highlighted: \(file.path)")
            }
        }
        if results.values.allSatisfy(\.isEmpty), !(recognizer is TranscriptRecognizer) {
            log("")
            log("No hits: the recognizer read little of this ink (see what it read above). Run with --recognizer transcript to see search over the true text.")
        }
        let check = try await library.check()
        log("")
        log("check: \(check.notesChecked) notes, \(check.isHealthy ? "every drawing matches its checksum" : check.problems.joined(separator: "; "))")
        return results
    }

    static func slug(_ query: String) -> String {
        let kept = query.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        return String(kept).split(separator: "-").joined(separator: "-")
    }
}
