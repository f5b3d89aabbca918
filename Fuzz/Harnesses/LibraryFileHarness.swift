import Foundation
@testable import InkCore
@testable import InkIndex
@testable import InkRecognition
@testable import InkSearch

/// Damage to a library file: the input is an edit script applied to a healthy library of three
/// indexed notes (`LibraryFuzzFile`). First byte, bit 0: truncate to the fraction of the file in
/// the next two bytes; then any number of 5-byte edits, a 32-bit offset (modulo the length) and
/// the byte to put there.
///
/// The damaged file opens, or fails with a typed error (`SQLiteError`, `LibraryError`,
/// `Migrator.Failure`). Once open, every operation answers or throws one of those errors; a note
/// that reads back is exactly the note written; and a note that does not read back, or a note
/// that is missing, is reported by `check()` (or `check()` itself fails with a typed error). A file
/// cut to nothing is an empty library.
func fuzzLibraryFile(_ bytes: UnsafeRawBufferPointer) {
    let file = LibraryFuzzFile.shared
    let damaged = LibraryFuzzFile.apply(Array(bytes), to: file.pristine)
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: file.damagedPath + suffix) }
    guard FileManager.default.createFile(atPath: file.damagedPath, contents: Data(damaged)) else {
        fatalError("cannot write \(file.damagedPath)")
    }

    // An empty file is an empty database to SQLite (as is a library whose creation was cut short
    // before its first write): it holds no notes to lose.
    let holdsNotes = !damaged.isEmpty

    let outcome = blocking { () async throws(LibraryFuzzFailure) -> Void in
        let library: NoteLibrary
        do { library = try NoteLibrary(path: file.damagedPath, keepsEvidence: true) } catch { try expectTyped(error, "opening"); return }
        var report: LibraryCheckReport?
        do { report = try await library.check() } catch { try expectTyped(error, "check") }
        var listed: Set<String>?
        do { listed = Set(try await library.notes().map(\.id)) } catch { try expectTyped(error, "notes") }
        for (id, drawing) in file.notes {
            do {
                let back = try await library.drawing(id: id)
                guard back == drawing else { throw LibraryFuzzFailure("note \(id) reads back as different strokes") }
            } catch let error as LibraryFuzzFailure {
                throw error
            } catch {
                try expectTyped(error, "drawing(id: \(id))")
                if holdsNotes, let report, report.isHealthy {
                    throw LibraryFuzzFailure("note \(id) does not read back (\(error)) but check() finds nothing wrong")
                }
            }
            if holdsNotes, let report, report.isHealthy, let listed, !listed.contains(id) {
                throw LibraryFuzzFailure("note \(id) is missing from notes() but check() finds nothing wrong")
            }
            do { _ = try await library.words(noteID: id) } catch { try expectTyped(error, "words(noteID:)") }
        }
        for query in ["grace", "Jn 3:16", "peace to", "Romans", "rnodern"] {
            do {
                let hits = try await library.search(query)
                guard hits.allSatisfy({ $0.score.isFinite }) else { throw LibraryFuzzFailure("search '\(query)' gives a score that is not finite") }
            } catch let error as LibraryFuzzFailure {
                throw error
            } catch {
                try expectTyped(error, "search '\(query)'")
            }
        }
        do { _ = try await library.stats(currentVersion: 2) } catch { try expectTyped(error, "stats") }
        do { _ = try await library.notesToIndex(version: 2) } catch { try expectTyped(error, "notesToIndex") }
    }
    if case .failure(let failure) = outcome { fatalError("damaged library file: \(failure.reason)") }
}

struct LibraryFuzzFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

private func expectTyped(_ error: any Error, _ operation: String) throws(LibraryFuzzFailure) {
    guard error is SQLiteError || error is LibraryError || error is Migrator.Failure else {
        throw LibraryFuzzFailure("\(operation) failed with an error of type \(type(of: error)): \(error)")
    }
}

/// Runs async work to its end from libFuzzer's synchronous callback (a thread of its own, never
/// one of the concurrency pool's, so waiting cannot starve the task).
func blocking<Failure: Error>(_ body: @escaping @Sendable () async throws(Failure) -> Void) -> Result<Void, Failure> {
    let box = ResultBox<Failure>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do throws(Failure) { try await body(); box.result = .success(()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return box.result!
}

/// Written by the task before it signals, read by the waiter after: the semaphore orders them.
private final class ResultBox<Failure: Error>: @unchecked Sendable {
    var result: Result<Void, Failure>?
}

/// The healthy library the edits damage: three notes, indexed, some words with evidence.
final class LibraryFuzzFile: Sendable {
    static let shared = LibraryFuzzFile()

    let directory: String
    let damagedPath: String
    let pristine: [UInt8]
    let notes: [(id: String, drawing: Drawing)]

    private init() {
        // In memory where the system offers it: SQLite syncs the file on every open and close.
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm/" : NSTemporaryDirectory()
        directory = base + "inkindex-fuzz-library-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        damagedPath = directory + "/damaged.sqlite"
        let healthyPath = directory + "/healthy.sqlite"
        let lines = [["grace", "and", "peace", "to", "you"], ["see", "Jn", "3:16", "and", "1", "Cor", "13:4-7"], ["modern", "rnodern", "Romans", "Ps", "ll9"]]
        var made: [(String, Drawing, NoteIndex)] = []
        for (n, words) in lines.enumerated() {
            var strokes: [Stroke] = []
            var tokens: [WordToken] = []
            for (position, word) in words.enumerated() {
                let id = UUID(deterministicFrom: "note\(n)/\(position)")
                let x = Double(position) * 60
                strokes.append(Stroke(id: id, points: (0..<6).map { StrokePoint(x: x + Double($0) * 7, y: Double($0 % 3) * 5, time: Double($0) / 100) }))
                tokens.append(WordToken(strokeIDs: [id], bounds: CGRect(x: x, y: 0, width: 35, height: 10), line: 0, position: position,
                                        readings: [WordReading(text: word, probability: 0.8), WordReading(text: word + "s", probability: 0.2)],
                                        evidence: position % 2 == 0 ? Self.evidence(spelling: word) : nil))
            }
            made.append(("note-\(n)", Drawing(strokes: strokes), NoteIndex(recognitionVersion: 1, words: tokens)))
        }
        let notes = made
        let result = blocking { () async throws -> Void in
            let library = try NoteLibrary(path: healthyPath, keepsEvidence: true)
            for (id, drawing, index) in notes {
                try await library.add(drawing, id: id, title: "note \(id)")
                let (_, checksum) = try await library.indexTarget(noteID: id)
                try await library.commitIndex(index, noteID: id, drawingChecksum: checksum)
            }
        }
        if case .failure(let error) = result { fatalError("cannot make the library to damage: \(error)") }
        // The library is closed (its WAL folded into the file) once the task has let it go.
        pristine = [UInt8](FileManager.default.contents(atPath: healthyPath)!)
        precondition(!FileManager.default.fileExists(atPath: healthyPath + "-wal"), "the healthy library still has a WAL")
        self.notes = notes.map { ($0.0, $0.1) }
    }

    static func apply(_ script: [UInt8], to file: [UInt8]) -> [UInt8] {
        var bytes = file
        var rest = script[...]
        guard let flags = rest.popFirst() else { return bytes }
        if flags & 1 != 0, rest.count >= 2 {
            let fraction = Int(rest.removeFirst()) << 8 | Int(rest.removeFirst())
            bytes.removeLast(bytes.count - bytes.count * fraction / 65536)
        }
        while rest.count >= 5, !bytes.isEmpty {
            let offset = rest.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            bytes[offset % bytes.count] = rest[rest.startIndex + 4]
            rest = rest.dropFirst(5)
        }
        return bytes
    }

    private static let alphabet = Alphabet(characters: Array(" abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:-"))

    /// Network frames spelling `text` with certainty, a blank between characters.
    private static func evidence(spelling text: String) -> WordEvidence {
        let classes = alphabet.classCount
        func row(_ c: Int?) -> [Double] {
            var r = [Double](repeating: 1e-6, count: classes)
            r[c ?? Alphabet.blank] = 1 - Double(classes) * 1e-6
            return r
        }
        var rows = [row(nil)]
        for character in text { rows += [row(alphabet.classIndex(of: character)), row(nil)] }
        return WordEvidence(posteriors: FramePosteriors(CTCFrames(probabilities: rows), alphabet: alphabet), before: nil, after: nil)
    }
}
