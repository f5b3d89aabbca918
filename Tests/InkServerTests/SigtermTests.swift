import Foundation
import InkIndex
import InkServer
import InkWire
import InkTools
import Testing
import InkTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `inkindex` next to the test bundle (`swift build` makes it), or nil.
enum ServeHarness {
    static let executable: URL? = BuiltExecutable.inkindex(for: "SigtermTests")

    /// Runs `inkindex` with `arguments` to the end; its exit status.
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Starts `inkindex serve` on the SQLite library at `path` (a free port, the transcript
    /// recognizer); the process and its port, read from the first line it prints.
    static func serve(_ path: String) async throws -> (Process, Int) {
        let server = Process()
        server.executableURL = executable
        server.arguments = ["serve", "--db", path, "--port", "0", "--recognizer", "transcript"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        let port = try await Task.detached { () throws -> Int in
            // "InkIndex playground: http://127.0.0.1:PORT/ ..."
            var text = ""
            while !text.contains("\n") {
                let data = output.fileHandleForReading.availableData
                guard !data.isEmpty else { break }
                text += String(decoding: data, as: UTF8.self)
            }
            guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
                  let port = Int(text[range].split(separator: ":").last ?? "") else { throw HTTPClientError.unexpected("no URL in '\(text)'") }
            return port
        }.value
        return (server, port)
    }
}

@Suite(.enabled(if: ServeHarness.executable != nil))
struct SigtermTests {
    /// `inkindex serve` gets SIGTERM while clients are writing: it exits cleanly, every note it
    /// answered 201 for is stored and indexed, and `inkindex library check` passes.
    @Test func sigtermInTheMiddleOfWritesLosesNoNote() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkserver-sigterm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path

        let (server, port) = try await ServeHarness.serve(path)

        let count = AnsweredCount()
        let answered = try await withThrowingTaskGroup(of: [String].self) { group in
            for w in 0..<6 {
                group.addTask {
                    var ids: [String] = []
                    for n in 0..<200 {
                        do {
                            let answer = try await HTTPClientConnection.send(port: port, "POST", "/api/notes", headers: [("content-type", "application/json")],
                                                                             body: noteJSON(transcribedPage(["writer \(w) note \(n)"], id: "\(w)/\(n)")))
                            guard answer.status == 201 else { break }
                            ids.append(try answer.json(NoteSummary.self).id)
                            count.add()
                        } catch {
                            break  // refused or cut off by the shutdown
                        }
                    }
                    return ids
                }
            }
            group.addTask {
                try await count.wait(for: 10)
                kill(server.processIdentifier, SIGTERM)
                return []
            }
            var all: [String] = []
            for try await ids in group { all += ids }
            return all
        }
        server.waitUntilExit()
        #expect(server.terminationReason == .exit)
        #expect(server.terminationStatus == 0)
        #expect(!answered.isEmpty)
        #expect(answered.count < 6 * 200, "SIGTERM came in the middle of the writes")

        #expect(try ServeHarness.run(["library", "--db", path, "check"]) == 0)
        let library = try NoteLibrary(path: path)
        let stored = Set(try await library.notes().map(\.id))
        #expect(Set(answered).isSubset(of: stored), "\(Set(answered).subtracting(stored).count) answered notes are missing")
        for id in answered { #expect(try await library.indexState(noteID: id) != nil) }
    }

    /// `inkindex serve` killed (SIGKILL: no shutdown at all) while devices send batches: every
    /// note of a batch answered 200 is there, each batch is stored whole or not at all, and the
    /// library checks clean; the notes it had no time to index are left to be indexed.
    @Test func sigkillInTheMiddleOfBatchesStoresEachBatchWholeOrNotAtAll() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkserver-sigkill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("library.sqlite").path
        let (server, port) = try await ServeHarness.serve(path)

        let count = AnsweredCount()
        let batchSize = 20
        let answered = try await withThrowingTaskGroup(of: [String].self) { group in
            for device in 0..<4 {
                group.addTask {
                    var ids: [String] = []
                    for batch in 0..<100 {
                        let notes = (0..<batchSize).map { n in
                            WireBatchBody.Note(id: "d\(device)-b\(batch)-n\(n)",
                                               strokes: transcribedPage(["device \(device) batch \(batch)"], id: "\(device)/\(batch)/\(n)").strokes.map(WireStroke.init))
                        }
                        do {
                            let answer = try await HTTPClientConnection.send(port: port, "POST", "/api/notes/batch",
                                                                             headers: [("content-type", "application/json")],
                                                                             body: try JSONEncoder().encode(WireBatchBody(notes: notes)))
                            guard answer.status == 200 else { break }
                            let results = try answer.json(BatchAnswer.self).results
                            ids += results.filter { $0.status == 201 }.map(\.id)
                            count.add()
                        } catch {
                            break  // cut off by the kill
                        }
                    }
                    return ids
                }
            }
            group.addTask {
                try await count.wait(for: 8)
                kill(server.processIdentifier, SIGKILL)
                return []
            }
            var all: [String] = []
            for try await ids in group { all += ids }
            return all
        }
        server.waitUntilExit()
        #expect(server.terminationReason == .uncaughtSignal)
        #expect(!answered.isEmpty)

        #expect(try ServeHarness.run(["library", "--db", path, "check"]) == 0)
        let library = try NoteLibrary(path: path)
        let stored = Set(try await library.notes().map(\.id))
        #expect(Set(answered).isSubset(of: stored), "\(Set(answered).subtracting(stored).count) answered notes are missing")
        // Whole batches only: a batch's notes are all there or none is.
        let batches = Dictionary(grouping: stored) { String($0.split(separator: "-").prefix(2).joined(separator: "-")) }
        for (batch, notes) in batches { #expect(notes.count == batchSize, "batch \(batch) stored \(notes.count) of \(batchSize)") }
        // What the background had no time to index waits for the next reindex.
        let waiting = Set(try await library.notesToIndex(version: 1, model: ""))
        for id in stored where try await library.indexState(noteID: id) == nil { #expect(waiting.contains(id)) }
    }
}
