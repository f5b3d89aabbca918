import Foundation
import Testing
import InkTestSupport

/// Runs the built `inkindex` (swift test builds it next to the tests) and reads its exit status
/// and output: what scripts see.
enum Binary {
    static let url: URL? = BuiltExecutable.inkindex(for: "CLIExitStatusTests")

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

@Suite(.enabled(if: Binary.url != nil)) struct CLIExitStatusTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEveryCommand(_ shell: String) throws {
        let result = try Binary.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        for command in ["library", "bench-search", "synthesize", "reindex"] {
            #expect(result.stdout.contains(command), "\(shell) completion lacks \(command)")
        }
    }

    @Test func statusesAreDistinct() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        #expect(try Binary.run(["version"]).status == 0)
        #expect(try Binary.run(["recognize", "--help"]).status == 0)
        // 2: the command line is wrong, whether the parser or the command finds it.
        let usage = try Binary.run(["recognize", "x.json", "--no-such-option"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--no-such-option"))
        #expect(try Binary.run([]).status == 2)
        #expect(try Binary.run(["library", "--db", "x.sqlite"]).status == 2)
        // 3: the input cannot be read; the message names it.
        let missing = try Binary.run(["convert", "missing.json", "-o", "out.ink"], in: directory)
        #expect(missing.status == 3)
        #expect(missing.stderr == "inkindex: missing.json: no such file\n")
        try Data("<ink><trace>1 2, x y</trace></ink>".utf8).write(to: directory.appendingPathComponent("bad.inkml"))
        #expect(try Binary.run(["info", "bad.inkml"], in: directory).status == 3)
        #expect(try Binary.run(["synthesize", "grace", "-o", "n.json"], in: directory).status == 0)
        #expect(try Binary.run(["library", "--db", "l.sqlite", "add", "n.json", "--no-index"], in: directory).status == 0)
        #expect(try Binary.run(["library", "--db", "l.sqlite", "check"], in: directory).status == 0)
        let unknownNote = try Binary.run(["library", "--db", "l.sqlite", "export", "nothing", "--format", "inkml"], in: directory)
        #expect(unknownNote.status == 3, "an unknown note is bad input: \(unknownNote.stderr)")
        // A library file cut short is refused as bad input, and left as it was.
        try Data([0x53]).write(to: directory.appendingPathComponent("cut.sqlite"))
        let cut = try Binary.run(["library", "--db", "cut.sqlite", "list"], in: directory)
        #expect(cut.status == 3, "a file that is no library is bad input: \(cut.stderr)")
        #expect(try Data(contentsOf: directory.appendingPathComponent("cut.sqlite")) == Data([0x53]))
        // 1: the command ran and failed: the output cannot be written.
        let unwritable = try Binary.run(["render", "n.json", "-o", "no/such/folder/n.svg"], in: directory)
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.hasPrefix("inkindex: "))
    }
}
