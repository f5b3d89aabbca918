import Foundation

/// `inkindex serve` processes on loopback ports the system picks, for the load benchmark's
/// several servers on one database: started, their ports read from the line each prints, and
/// stopped with SIGTERM (as an operator stops them), each waited for.
///
/// ```swift
/// let servers = try ServerProcesses.start(2, command: ["/usr/bin/inkindex", "serve", "--database", url, "--port", "0"])
/// defer { servers.stop() }
/// print(servers.ports)
/// ```
public final class ServerProcesses: @unchecked Sendable {
    public let ports: [Int]
    private let processes: [Process]

    private init(processes: [Process], ports: [Int]) {
        self.processes = processes
        self.ports = ports
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `count` processes of `command` (an executable and its arguments, `--port 0` among
    /// them) and waits, at most `timeout`, for each to print its URL.
    public static func start(_ count: Int, command: [String], timeout: Duration = .seconds(60)) throws -> ServerProcesses {
        var processes: [Process] = [], ports: [Int] = []
        do {
            for _ in 0..<count {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: command[0])
                process.arguments = Array(command.dropFirst())
                let out = Pipe()
                process.standardOutput = out
                process.standardError = FileHandle.nullDevice
                try process.run()
                processes.append(process)
                ports.append(try port(from: out.fileHandleForReading, within: timeout))
            }
        } catch {
            for process in processes where process.isRunning { process.terminate() }
            throw error
        }
        return ServerProcesses(processes: processes, ports: ports)
    }

    /// The port of the first line that names `http://127.0.0.1:PORT/`.
    private static func port(from handle: FileHandle, within timeout: Duration) throws(Failure) -> Int {
        let end = ContinuousClock.now.advanced(by: timeout)
        var text = ""
        while ContinuousClock.now < end {
            // availableData returns what the pipe holds (read(upToCount:) waits for the count).
            let data = handle.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
            if let range = text.range(of: #"http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                let digits = text[range].dropFirst("http://127.0.0.1:".count).dropLast()
                if let port = Int(digits) { return port }
            }
        }
        throw Failure(description: "a server did not say its port: \(text.suffix(300))")
    }

    /// A benchmark that fails half way still leaves no server running.
    deinit { stop() }

    /// SIGTERM to each (writes in flight finish), then waits for every one to exit.
    public func stop() {
        for process in processes where process.isRunning { process.terminate() }
        for process in processes { process.waitUntilExit() }
    }
}
