import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output helpers shared by every command: data on stdout, messages on stderr, and a progress
/// line on stderr only when it is a terminal.
enum Terminal {
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data(("inkindex: " + message + "\n").utf8))
    }

    /// Writes a value as JSON (sorted keys, so output is stable); one line unless `pretty`.
    static func printJSON<T: Encodable>(_ value: T, pretty: Bool = false) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

/// A one-line progress indicator on stderr, drawn only when stderr is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let total: Int?
    private let label: String
    private let enabled = Terminal.stderrIsTerminal
    private var lastDraw = Date.distantPast
    private(set) var done = 0

    init(label: String, total: Int?) {
        self.label = label
        self.total = total
    }

    func advance(by count: Int = 1) {
        done += count
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        draw()
    }

    func finish() {
        guard enabled else { return }
        draw()
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private func draw() {
        let text: String
        if let total, total > 0 {
            let width = 30
            let filled = min(width, done * width / total)
            text = "\r\(label) [" + String(repeating: "#", count: filled)
                + String(repeating: " ", count: width - filled) + "] \(done)/\(total)"
        } else {
            text = "\r\(label) \(done)"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
