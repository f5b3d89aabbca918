import Foundation
import InkIndex
import InkServer

/// `inkindex serve`: the HTTP API and the playground page over a note library.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve the playground page and the JSON API over a note library (HTTP)."
    static var help: String {
        let limits = ServerLimits()
        return """
            USAGE: inkindex serve [--db PATH] [--host 127.0.0.1] [--port 8080] [--token T]
                                  [--max-body-bytes N] [--max-strokes N] [--max-points N]
                                  [--recognizer shipped|transcript] [--jobs N]

            Serves the playground page at http://HOST:PORT/ and the JSON API under /api (see the
            README, "Serving over HTTP"). Stops on SIGINT or SIGTERM after the writes in flight.

            OPTIONS:
              --db PATH               The library file (default, as for 'inkindex library':
                                      \(LibraryLocation.defaultPath)).
              --host H                Address to listen on (default 127.0.0.1; any other warns).
              --port N                Port (default 8080; 0 picks a free one).
              --token T               Adding, changing and deleting notes need 'Authorization: Bearer T'.
              --max-body-bytes N      Largest request body (default \(limits.maxBodyBytes)).
              --max-strokes N         Most strokes per note (default \(limits.maxStrokesPerNote)).
              --max-points N          Most points per stroke (default \(limits.maxPointsPerStroke)).
              --recognizer NAME       shipped (default), or transcript: reads the transcript stored
                                      in synthetic demo ink (no recognition; for demos and tests).
              --jobs N                Recognitions at once (default: the number of cores).
            """
    }

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, options: ["db", "host", "port", "token", "max-body-bytes", "max-strokes",
                                                            "max-points", "recognizer", "jobs"])
        let path = args.option("db") ?? LibraryLocation.defaultPath
        let host = args.option("host") ?? "127.0.0.1"
        var configuration = ServerConfiguration(token: args.option("token"))
        configuration.limits.maxBodyBytes = try positive(args, "max-body-bytes") ?? configuration.limits.maxBodyBytes
        configuration.limits.maxStrokesPerNote = try positive(args, "max-strokes") ?? configuration.limits.maxStrokesPerNote
        configuration.limits.maxPointsPerStroke = try positive(args, "max-points") ?? configuration.limits.maxPointsPerStroke
        configuration.recognitionConcurrency = try positive(args, "jobs") ?? configuration.recognitionConcurrency
        let recognizer: any LineRecognizing
        switch args.option("recognizer") ?? "shipped" {
        case "shipped": recognizer = try ShippedRecognizer.load()
        case "transcript": recognizer = TranscriptRecognizer()
        case let other: throw CLIError.usage("unknown recognizer '\(other)' (shipped, transcript)")
        }
        try LibraryLocation.prepare(path)
        let server = try InkServer(databasePath: path, recognizer: recognizer, configuration: configuration)
        let port = try await server.start(host: host, port: try args.intOption("port") ?? 8080)
        if !ServerAddress.isLoopback(host) {
            Terminal.printError("warning: listening on \(host), reachable from other machines\(configuration.token == nil ? " and without --token anyone there can change notes" : "")")
        }
        // Written unbuffered, so that a script reading the URL sees it at once.
        FileHandle.standardOutput.write(Data("InkIndex playground: \(ServerAddress.url(host: host, port: port))  (library: \(path); Ctrl-C stops)\n".utf8))
        let signal = await server.runUntilTerminated()
        Terminal.printError("stopped on signal \(signal); the library is closed")
    }

    private static func positive(_ args: ParsedArguments, _ name: String) throws -> Int? {
        guard let value = try args.intOption(name) else { return nil }
        guard value > 0 else { throw CLIError.usage("--\(name) needs a positive number") }
        return value
    }
}
