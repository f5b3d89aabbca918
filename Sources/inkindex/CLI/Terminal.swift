import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output helpers shared by every command: data on stdout, messages on stderr, and a progress
/// line on stderr only when it is a terminal.
enum Terminal {
    /// Writes a message to stderr, after "inkindex: " unless `prefixed` is false (the argument
    /// parser's messages name the command themselves).
    static func printError(_ message: String, prefixed: Bool = true) {
        FileHandle.standardError.write(Data(((prefixed ? "inkindex: " : "") + message + "\n").utf8))
    }

    /// Writes a value as JSON (sorted keys, so output is stable); one line unless `pretty`.
    /// Writes out what `print` buffered (stdout is block-buffered into a pipe): every output
    /// stream, which `fflush(NULL)` flushes without naming the global `stdout`.
    static func flushStandardOutput() {
        fflush(nil)
    }

    static func printJSON<T: Encodable>(_ value: T, pretty: Bool = false) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }
}

/// A one-line progress indicator on stderr: done/total, rate and time left, e.g.
/// `eval [#########      ] 912/2000  45.3/s  24s left`.
///
/// Drawn only when stderr is a terminal and the command was not asked for machine-readable
/// output (`quiet`, set from `--json`), so that logs and pipes never see it. Redrawn at most ten
/// times a second. Thread-safe: tasks of a group may advance it.
///
/// ```swift
/// let progress = ProgressBar(label: "eval", total: samples.count, quiet: json)
/// for sample in samples { …; progress.advance() }
/// progress.finish()
/// ```
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private let started = Date()
    private var total: Int?
    private var lastDraw = Date.distantPast
    private var drawn = false
    private var done = 0

    init(label: String, total: Int?, quiet: Bool = false) {
        self.label = label
        self.total = total
        enabled = !quiet && Terminal.stderrIsTerminal
    }

    /// Sets the total once it is known (a rebuild learns it from its first report).
    func setTotal(_ total: Int?) { lock.withLock { self.total = total } }

    func advance(by count: Int = 1) {
        lock.withLock {
            done += count
            guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
            lastDraw = Date()
            draw()
        }
    }

    /// Sets how many are done, for work that reports its own count.
    func update(done: Int, total: Int? = nil) {
        lock.withLock { if let total { self.total = total } }
        advance(by: lock.withLock { done - self.done })
    }

    /// Writes a message on its own line above the progress line (which the next advance redraws).
    func printAbove(_ message: String) {
        lock.withLock {
            if enabled, drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); lastDraw = .distantPast }
            Terminal.printError(message)
        }
    }

    func finish() {
        lock.withLock {
            guard enabled, drawn || done > 0 else { return }
            draw()
            FileHandle.standardError.write(Data("\n".utf8))
        }
    }

    private func draw() {
        drawn = true
        FileHandle.standardError.write(Data(("\r" + Self.line(label: label, done: done, total: total,
                                                                elapsed: Date().timeIntervalSince(started)) + "\u{1B}[K").utf8))
    }

    /// The text of one progress line; separate so that tests can check it without a terminal.
    static func line(label: String, done: Int, total: Int?, elapsed: TimeInterval) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let speed = rate >= 10 ? String(format: "%.0f/s", rate) : String(format: "%.1f/s", rate)
        guard let total, total > 0 else { return "\(label) \(done)  \(speed)" }
        let width = 24
        let filled = min(width, done * width / total)
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
        let left = rate > 0 && done < total ? "  \(duration(Double(total - done) / rate)) left" : ""
        return "\(label) \(bar) \(done)/\(total)  \(speed)\(left)"
    }

    /// `42s`, `3m05s`, `1h02m`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(s)s" }
        if s < 3600 { return String(format: "%dm%02ds", s / 60, s % 60) }
        return String(format: "%dh%02dm", s / 3600, (s % 3600) / 60)
    }
}

/// Progress through named phases of work, one progress line each (`library-bench`: adding,
/// searching, reindexing).
final class PhasedProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let quiet: Bool
    private var phase: String?
    private var bar: ProgressBar?

    init(quiet: Bool) { self.quiet = quiet }

    func update(phase: String, done: Int, total: Int) {
        let bar: ProgressBar = lock.withLock {
            if phase != self.phase {
                self.bar?.finish()
                self.phase = phase
                self.bar = ProgressBar(label: phase, total: total, quiet: quiet)
            }
            return self.bar!
        }
        bar.update(done: done)
    }

    /// A log message, kept clear of the progress line.
    func log(_ message: String) {
        if let bar = lock.withLock({ self.bar }) { bar.printAbove(message) } else { Terminal.printError(message) }
    }

    func finish() { lock.withLock { bar?.finish(); bar = nil; phase = nil } }
}
