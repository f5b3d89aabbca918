import Foundation
import InkIndex
import InkPostgres
import InkTools

/// The open library and the shared options: what the `library` subcommands do.
struct LibrarySession {
    let library: NoteLibrary
    let options: LibraryOptions

    func rebuild(force: Bool, label: String) async throws -> LibraryRebuilder.Progress {
        let vocabulary = options.libraryVocabulary ? try await library.vocabularyWords().map(\.word) : []
        let indexer = NoteIndexer(recognizer: try options.lineRecognizer(vocabulary: vocabulary))
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let bar = ProgressBar(label: label, total: nil)
        var rebuilder = LibraryRebuilder(library: library, indexer: indexer, concurrency: jobs)
        // A PostgreSQL library's reindex is shared with its servers and workers.
        if case .postgres(let url, let name) = options.store { rebuilder.claims = try PostgresLibrary.claims(url, library: name) }
        let report = try await rebuilder.run(force: force) { state in
            bar.update(done: state.done, total: state.total)
        }
        bar.finish()
        for (id, reason) in report.failures.sorted(by: { $0.key < $1.key }).prefix(10) {
            Terminal.printError("could not index note \(id): \(reason)")
        }
        return report
    }

    func add(_ files: [String], index: Bool, json: Bool = false) async throws {
        guard !files.isEmpty else { throw CLIError.usage("add needs at least one file") }
        var summary = ImportSummary()
        let bar = ProgressBar(label: "adding", total: nil)
        if Terminal.stderrIsTerminal {
            bar.setTotal(files.reduce(0) { $0 + (DatasetFiles.isDataset($1) ? DatasetFiles.lineCount($1) ?? 0 : 1) })
        }
        for file in files {
            if NotebookFolder.isFolder(file), Remarkable.notebookFolder(of: URL(fileURLWithPath: file)) == nil {
                try await importFolder(NotebookFolder(file), removingMissing: false, into: &summary)
                bar.advance()
                continue
            }
            guard FileManager.default.isReadableFile(atPath: file) else { throw CLIError.badInput("cannot read \(file)") }
            let lower = file.lowercased()
            if DrawingFile.Format(contentsOf: URL(fileURLWithPath: file))?.isNotebook == true {
                var url = URL(fileURLWithPath: file).standardizedFileURL
                // A tablet notebook is known by its `.content`, however it was named.
                if let (folder, uuid) = Remarkable.notebookFolder(of: url) { url = folder.appendingPathComponent(uuid + ".content") }
                let notebook = NotebookFolder.File(url: url, identity: url.path)
                let hash = try DrawingFile.contentHash(of: notebook.url)
                summary.added += try await library.importFile(identity: notebook.identity, contentHash: hash,
                                                              pages: NotebookFolder.pages(of: notebook)).count
                summary.filesRead += 1
                bar.advance()
            } else if lower.hasSuffix(".jsonl") || lower.hasSuffix(".jsonl.gz") {
                var iterator = try DatasetReader(path: file).makeIterator()
                var batch: [(id: String, title: String, drawing: Drawing)] = []
                func flush() async throws {
                    let rejected = try await library.add(batch)
                    summary.existingIDs += rejected
                    summary.added += batch.count - rejected.count
                    bar.advance(by: batch.count)
                    batch.removeAll()
                }
                do {
                    while let sample = try iterator.nextSample() {
                        batch.append((sample.id, sample.text, sample.drawing))
                        if batch.count == 500 { try await flush() }
                    }
                } catch {
                    throw CLIError.badInput("\(error)")
                }
                try await flush()
                summary.filesRead += 1
            } else {
                let drawing: Drawing
                do { drawing = try DrawingFile.read(from: URL(fileURLWithPath: file)) } catch { throw CLIError.badInput("\(file): \(error)") }
                let id = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                if try await library.contains(id: id) { summary.existingIDs.append(id) } else {
                    try await library.add(drawing, id: id, title: (file as NSString).lastPathComponent)
                    summary.added += 1
                }
                summary.filesRead += 1
                bar.advance()
            }
        }
        bar.finish()
        if !json {
            print("added \(summary.added) notes" + (summary.existingIDs.isEmpty ? ""
                : "; skipped \(summary.existingIDs.count) whose id was already in the library (first: \(summary.existingIDs[0]))"))
        }
        try await finish(&summary, index: index, json: json)
    }

    /// Indexes (unless `index` is false), reports what was skipped and failed, prints the summary
    /// line (or the JSON), and fails (exit status 1) where any file or note failed.
    private func finish(_ summary: inout ImportSummary, index: Bool, json: Bool) async throws {
        if index {
            do {
                let report = try await rebuild(force: false, label: "indexing")
                summary.indexed = report.done - report.failures.count
                summary.failedNotes = report.failures
                if !json {
                    print("indexed \(report.done - report.failures.count) notes" + (report.failures.isEmpty ? "" : ", \(report.failures.count) failed"))
                }
            } catch let error as RecognitionError {
                print("not indexed: \(error) (the notes are stored; run 'inkindex library reindex' once a model is available)")
            }
        }
        for (reason, paths) in Dictionary(grouping: summary.skipped, by: \.reason).sorted(by: { $0.key < $1.key }) {
            Terminal.printError("skipped \(paths.count) \(paths.count == 1 ? "file" : "files"), \(reason) (first: \(paths[0].path))")
        }
        for failure in summary.failedFiles.prefix(10) {
            Terminal.printError("could not import \(failure.path): \(failure.reason)")
        }
        if json { try Terminal.printJSON(summary) } else { print(summary.line) }
        if summary.failed {
            throw CLIError.failure("\(summary.failedFiles.count) files and \(summary.failedNotes.count) notes failed (the others were stored)")
        }
    }

    func search(_ query: String, fullWords: Bool, matchCase: Bool, filter: SearchFilter = [], linked: Bool = false,
                limit: Int, json: Bool) async throws {
        let hits = linked
            ? try await library.linked(to: query, fullWordsOnly: fullWords, caseMatchingOnly: matchCase, filter: filter, limit: limit)
            : try await library.search(query, fullWordsOnly: fullWords, caseMatchingOnly: matchCase, filter: filter, limit: limit)
        if json {
            for hit in hits { try Terminal.printJSON(JSONHit(hit)) }
            return
        }
        if hits.isEmpty { print("no hits for \"\(query)\""); return }
        for hit in hits {
            let b = hit.bounds
            let place = SpatialOptions.describe(hit.context)
            print(String(format: "%.3f  %@  \"%@\"  %d strokes at (%.0f, %.0f, %.0f×%.0f)",
                         hit.score, hit.noteID, hit.reading, hit.strokeIDs.count, b.minX, b.minY, b.width, b.height) + (place.isEmpty ? "" : "  \(place)"))
        }
    }

    /// Imports the files under a folder, reading only those whose bytes changed since they were
    /// last imported; with `removingMissing`, the notes of files no longer there are deleted. A
    /// file that cannot be read or stored is recorded in `summary` and the others go on.
    func importFolder(_ folder: NotebookFolder, removingMissing: Bool, into summary: inout ImportSummary) async throws {
        let known = Dictionary(uniqueKeysWithValues: try await library.importedFiles()
            .filter { $0.identity.hasPrefix(folder.identityPrefix) }.map { ($0.identity, $0) })
        let (files, skipped) = try folder.files()
        summary.skipped += skipped
        for file in files {
            do {
                let hash = try DrawingFile.contentHash(of: file.url)
                if known[file.identity]?.contentHash == hash {
                    summary.filesUnchanged += 1
                    continue
                }
                summary.added += try await library.importFile(identity: file.identity, contentHash: hash,
                                                              pages: NotebookFolder.pages(of: file)).count
                summary.filesRead += 1
            } catch {
                let reason = (error as? CLIError)?.message ?? "\(error)"
                summary.failedFiles.append(NotebookFolder.Skipped(path: file.identity, reason: reason))
            }
        }
        if removingMissing {
            // Files that failed are still there: their notes stay.
            let present = Set(files.map(\.identity))
            for identity in known.keys.sorted() where !present.contains(identity) {
                summary.removed += try await library.forgetImportedFile(identity: identity)
            }
        }
    }

    func sync(_ folder: String, index: Bool, json: Bool = false) async throws {
        guard NotebookFolder.isFolder(folder) else { throw CLIError.badInput("\(folder) is not a folder") }
        var summary = ImportSummary()
        try await importFolder(NotebookFolder(folder), removingMissing: true, into: &summary)
        if !json {
            print("read \(summary.filesRead) changed files (\(summary.filesUnchanged) unchanged): \(summary.added) notes new or changed, "
                  + "\(summary.removed) removed")
        }
        try await finish(&summary, index: index, json: json)
    }

    func reindex(force: Bool) async throws {
        let start = Date()
        let report = try await rebuild(force: force, label: "reindexing")
        print(String(format: "reindexed %d notes in %.1f s (%d changed meanwhile, %d failed)",
                     report.done, Date().timeIntervalSince(start), report.stale, report.failures.count))
        if !report.failures.isEmpty { throw CLIError.failure("\(report.failures.count) notes could not be indexed") }
    }

    func stats(json: Bool) async throws {
        let version = (try? options.lineRecognizer())?.recognitionVersion
        let stats = try await library.stats(currentVersion: version)
        if json { try Terminal.printJSON(stats, pretty: true); return }
        print("""
            library:       \(library.path)
            notes:         \(stats.notes) (\(stats.indexedNotes) indexed\(version.map { "; \(stats.outdatedNotes) to reindex for recognizer version \($0)" } ?? ""))
            words:         \(stats.words) in \(stats.lines) lines, \(stats.terms) distinct reading keys
            versions:      \(stats.recognitionVersions.sorted { $0.key < $1.key }.map { "v\($0.key): \($0.value) notes" }.joined(separator: ", "))
            drawing bytes: \(stats.drawingBytes)
            evidence:      \(stats.wordsWithEvidence) words, \(stats.evidenceBytes) bytes
            file bytes:    \(stats.fileBytes)\(stats.lines > 0 ? " (\(stats.fileBytes / stats.lines) per line)" : "")
            beside the ink: \(stats.fileBytes - stats.drawingBytes) bytes\(stats.drawingBytes > 0 ? String(format: " (%.2f× the ink)", Double(stats.fileBytes - stats.drawingBytes) / Double(stats.drawingBytes)) : "")
            """)
        if !stats.tableBytes.isEmpty {
            print("tables and indexes, bytes:")
            for (name, bytes) in stats.tableBytes.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                print("  \(name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(bytes)")
            }
        }
    }

    func check() async throws {
        let bar = ProgressBar(label: "checking", total: nil)
        let report = try await library.check { done, total in bar.update(done: done, total: total) }
        bar.finish()
        for problem in report.problems { print(problem) }
        guard report.isHealthy else { throw CLIError.failure("\(report.problems.count) problems in \(report.notesChecked) notes") }
        print("checked \(report.notesChecked) notes: every drawing matches its checksum and decodes")
    }

    func repair() async throws {
        let report = try await library.repair()
        guard !report.problemsBefore.isEmpty else { print("nothing to repair: every drawing matches its checksum and the index is whole"); return }
        print("found \(report.problemsBefore.count) problems; rebuilt the indexes, removed \(report.orphanIndexRowsRemoved) orphaned index rows"
              + (report.derivedTablesCleared ? ", emptied the derived tables (run 'inkindex library reindex')" : ""))
        for problem in report.problemsAfter { print("remains: \(problem)") }
        guard report.isHealthy else { throw CLIError.failure("\(report.problemsAfter.count) problems remain: the records themselves are damaged") }
        print("the library is whole again; no note was changed")
    }

    func export(_ noteID: String, format: LibraryExportCommand.Format, highlight: String?, fullWords: Bool, matchCase: Bool,
                output: String?) async throws {
        let drawing: Drawing
        do { drawing = try await library.drawing(id: noteID) } catch let error as LibraryError { throw CLIError.badInput("\(error)") }
        switch format {
        case .svg:
            var hits: [LibraryHit] = []
            if let query = highlight {
                hits = try await library.search(query, fullWordsOnly: fullWords, caseMatchingOnly: matchCase, limit: 10_000)
                    .filter { $0.noteID == noteID }
            }
            let svg = LibraryExport.svg(drawing, highlighting: hits)
            if let output { try svg.write(toFile: output, atomically: true, encoding: .utf8) } else { print(svg, terminator: "") }
        case .inkml:
            let target = output ?? FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).inkml").path
            do { try DrawingFile.write(drawing, to: URL(fileURLWithPath: target)) } catch { throw CLIError.failure("\(error)") }
            if output == nil {
                print(try String(contentsOfFile: target, encoding: .utf8), terminator: "")
                try? FileManager.default.removeItem(atPath: target)
            }
        }
    }

    func list() async throws {
        for note in try await library.notes() {
            print("\(note.id)\t\(note.recognitionVersion.map { "v\($0)" } ?? "unindexed")\t\(note.title)")
        }
    }
}

/// The JSON shape of one hit: note, strokes, bounds, reading, score.
struct JSONHit: Encodable {
    struct Bounds: Encodable { var x, y, width, height: Double }
    var note: String
    var strokes: [String]
    var bounds: Bounds
    var reading: String
    var score: Double
    var context: HitContext?

    init(_ hit: LibraryHit) {
        note = hit.noteID
        strokes = hit.strokeIDs.map(\.uuidString)
        bounds = Bounds(x: hit.bounds.minX, y: hit.bounds.minY, width: hit.bounds.width, height: hit.bounds.height)
        reading = hit.reading
        score = (hit.score * 1000).rounded() / 1000
        context = hit.context
    }
}

/// What `library add` and `library sync` did: the lines people read, one summary line
/// (`summary: added=3 removed=0 ...`) and `--json` for scripts, and the exit status (1 where a
/// file or a note failed).
struct ImportSummary: Codable {
    /// Notes new or changed.
    var added = 0
    /// Notes removed with their files (sync).
    var removed = 0
    var filesRead = 0
    var filesUnchanged = 0
    /// Files under a folder that were not imported (another format, empty, unreadable, a broken
    /// link, a link loop).
    var skipped: [NotebookFolder.Skipped] = []
    /// Files that could not be read or stored; their notes are as they were.
    var failedFiles: [NotebookFolder.Skipped] = []
    /// Ids of notes not added because the library has a note with that id.
    var existingIDs: [String] = []
    /// Notes indexed; nil where indexing did not run.
    var indexed: Int?
    /// Notes that could not be indexed, with the reason.
    var failedNotes: [String: String] = [:]

    var failed: Bool { !failedFiles.isEmpty || !failedNotes.isEmpty }

    /// One line of `key=value` pairs, always the same keys in the same order.
    var line: String {
        "summary: added=\(added) removed=\(removed) files-read=\(filesRead) files-unchanged=\(filesUnchanged) "
            + "files-skipped=\(skipped.count) files-failed=\(failedFiles.count) existing=\(existingIDs.count) "
            + "indexed=\(indexed ?? 0) notes-failed=\(failedNotes.count)"
    }
}
