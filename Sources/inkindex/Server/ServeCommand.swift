import ArgumentParser
import Foundation
import InkIndex
import InkPostgres
import InkServer

/// `inkindex serve`: the HTTP API and the playground page over a note library.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the playground page and the JSON API over a note library (HTTP).",
        discussion: """
            Serves the playground page at http://HOST:PORT/ and the JSON API under /api (see the \
            README, "Serving over HTTP"). Stops on SIGINT or SIGTERM after the writes in flight, \
            with the library closed. --jobs sets the recognitions at once.
            """)

    @OptionGroup var library: LibraryOptions

    @Option(help: ArgumentHelp("Address to listen on; any other than loopback warns.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Port; 0 picks a free one.", valueName: "n"))
    var port = 8080

    @Option(help: ArgumentHelp("Every /api/ request needs 'Authorization: Bearer T' (the playground asks once).", valueName: "t"))
    var token: String?

    @Option(help: ArgumentHelp("""
        A file of 'TOKEN LIBRARY' lines: each token opens its own library (an account) through the same API paths; no request sees another library's notes. With --token, that one opens the default library.
        """, valueName: "file"))
    var tokens: String?

    @Flag(name: .customLong("tokens-table"), help: ArgumentHelp("""
        With --database: also accept the tokens the service issues in the database's table inkindex.tokens (SHA-256 of the token, library), each answer kept 30 s.
        """))
    var tokensTable = false

    @Option(name: .customLong("allowed-host"), help: ArgumentHelp(
        "A Host name answered besides loopback and --host (repeat for more; e.g. a reverse proxy's name).", valueName: "name"))
    var allowedHosts: [String] = []

    @Option(name: .customLong("allowed-origin"), help: ArgumentHelp(
        "An origin (https://app.example.org) that may send writes and gets CORS headers (repeat for more).", valueName: "origin"))
    var allowedOrigins: [String] = []

    @Option(name: .customLong("max-body-bytes"), help: ArgumentHelp("Largest request body.", valueName: "n"))
    var maxBodyBytes = ServerLimits().maxBodyBytes

    @Option(name: .customLong("max-strokes"), help: ArgumentHelp("Most strokes per note.", valueName: "n"))
    var maxStrokes = ServerLimits().maxStrokesPerNote

    @Option(name: .customLong("max-points"), help: ArgumentHelp("Most points per stroke.", valueName: "n"))
    var maxPoints = ServerLimits().maxPointsPerStroke

    @Option(help: ArgumentHelp("""
        Library connections that answer searches and reads beside the one that writes (default: the \
        number of cores). On --database a search waits for the database's round trips, so more \
        readers than cores keep both busy.
        """, valueName: "n"))
    var readers: Int?

    @Option(name: .customLong("recognition-deadline"), help: ArgumentHelp(
        "Seconds one request's recognition may take before it is cancelled and answered 503.", valueName: "s"))
    var recognitionDeadline = 20.0

    @Option(name: .customLong("tombstone-days"), help: ArgumentHelp(
        "Days deletions are kept in the change feed; a device away longer lists everything again (410).", valueName: "d"))
    var tombstoneDays = 30.0

    func validate() throws {
        guard tombstoneDays.isFinite, tombstoneDays >= 0 else { throw ValidationError("--tombstone-days needs a number of days, 0 or more") }
        guard recognitionDeadline.isFinite, recognitionDeadline > 0 else { throw ValidationError("--recognition-deadline needs a positive number of seconds") }
        guard (0...65535).contains(port) else { throw ValidationError("--port needs a number from 0 to 65535") }
        if let readers, readers < 0 { throw ValidationError("--readers needs a number of connections, 0 or more") }
        guard maxBodyBytes > 0, maxStrokes > 0, maxPoints > 0 else {
            throw ValidationError("--max-body-bytes, --max-strokes and --max-points need positive numbers")
        }
    }

    func run() async throws {
        var configuration = ServerConfiguration(token: token)
        if tokensTable {
            guard library.database != nil else { throw ValidationError("--tokens-table needs --database") }
            configuration.usesTokenTable = true
        }
        if let tokens {
            guard let text = try? String(contentsOfFile: tokens, encoding: .utf8) else { throw CLIError.badInput("cannot read the tokens file \(tokens)") }
            do { configuration.libraries = try LibraryTokens(parsing: text) } catch { throw CLIError.badInput("\(tokens), \(error)") }
            guard !configuration.libraries.tokens.isEmpty else { throw CLIError.badInput("\(tokens) holds no 'TOKEN LIBRARY' line") }
        }
        configuration.allowedHosts = allowedHosts
        configuration.allowedOrigins = allowedOrigins
        configuration.limits.maxBodyBytes = maxBodyBytes
        configuration.limits.maxStrokesPerNote = maxStrokes
        configuration.limits.maxPointsPerStroke = maxPoints
        configuration.recognitionDeadline = .milliseconds(Int64((recognitionDeadline * 1000).rounded()))
        configuration.tombstoneRetention = .seconds(Int64((tombstoneDays * 86_400).rounded()))
        if let jobs = library.jobs { configuration.recognitionConcurrency = jobs }
        if let readers {
            configuration.readerConnections = readers
            // A reader's statements block the thread that runs them: a thread each, and two more.
            configuration.requestThreads = max(configuration.requestThreads, readers + 2)
        }
        let store = library.store
        if case .sqlite(let path) = store { try LibraryLocation.prepare(path) }
        let server: InkServer
        do {
            server = try InkServer(store: store, recognizer: try library.lineRecognizer(), configuration: configuration)
        } catch let error as PostgresError {
            throw CLIError.failure("cannot open \(store): \(error.message)")
        }
        let boundPort = try await server.start(host: host, port: port)
        if !ServerAddress.isLoopback(host) {
            Terminal.printError("warning: listening on \(host), reachable from other machines\(!configuration.requiresToken ? " and without --token anyone there can read and change notes" : "")")
        }
        // Written unbuffered, so that a script reading the URL sees it at once.
        FileHandle.standardOutput.write(Data("InkIndex playground: \(ServerAddress.url(host: host, port: boundPort))  (library: \(store); Ctrl-C stops)\n".utf8))
        let signal = await server.runUntilTerminated()
        Terminal.printError("stopped on signal \(signal); the library is closed")
    }
}
