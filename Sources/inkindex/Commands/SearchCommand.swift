import Foundation
import InkIndex

struct SearchCommand: Command {
    static let name = "search"
    static let abstract = "Recognize drawings and search them for a word, phrase or scripture reference."
    static let help = """
        USAGE: inkindex search QUERY FILE... [--full-words] [--case] [--emphasized] [--in margin|body] [--json]
               inkindex search --linked QUERY FILE... [--in margin|body] [--json]
               inkindex search --queries QUERIES FILE... [--full-words] [--case]

        Recognizes each drawing (.json, or every sample of a .jsonl/.jsonl.gz dataset file), then
        searches it. Hits are printed best first: file (and sample id), score, reading, strokes,
        and where the hit stands: its cluster, the marks on it, what it is linked to. A struck-
        through word is found but ranks below words not struck.

        OPTIONS:
          --full-words     Match whole words only ("note" does not find "notebook").
          --case           Match letter case ("Job" does not find "job").
          --json           One JSON object per hit: file, sample, strokes, bounds, reading, score.
          --queries FILE   Run each line of FILE as a query against one recognition of the inputs;
                           prints one JSON line per query: {"query": ..., "hits": [...]}.
          --limit N        At most N hits per query (default: all).
        \(SpatialArguments.help)
        \(NoteInputs.simulateHelp)
        """

    struct Hit: Encodable {
        var file: String
        var sample: String?
        var strokes: [String]
        /// x, y, width, height in drawing coordinates.
        var bounds: [Double]
        var reading: String
        var score: Double
        var reference: String?
        /// Cluster, line, marks, relations.
        var context: HitContext?
    }

    struct QueryLine: Encodable {
        var query: String
        var hits: [Hit]
    }

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: Set(["full-words", "case", "json"]).union(SpatialArguments.flags),
                                       options: Set(["queries", "limit", "simulate"]).union(SpatialArguments.options))
        var files = args.positionals
        var queries: [String]
        let batch = args.option("queries")
        let linked = args.option("linked")
        if let linked {
            queries = [linked]
        } else if let batch {
            guard let text = try? String(contentsOfFile: batch, encoding: .utf8) else { throw CLIError.badInput("cannot read queries from \(batch)") }
            queries = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
        } else {
            guard !files.isEmpty else { throw CLIError.usage("missing QUERY") }
            queries = [files.removeFirst()]
        }
        guard !files.isEmpty else { throw CLIError.usage("missing FILE") }
        let limit = try args.intOption("limit")
        let notes = try NoteInputs.read(files)
        let recognizers = try await NoteInputs.recognize(notes, simulate: try NoteInputs.simulateOption(args))
        // One index over every note's words (what each StrokeRecognizer searches on its own), so
        // that a query costs one search, not one per note: thousands of queries over thousands of
        // samples stay cheap.
        var index = SearchIndex<Int>()
        for (k, recognizer) in recognizers.enumerated() { index.add(await recognizer.wordTokens, markup: await recognizer.pageMarkup, to: k) }
        let options = SearchOptions(fullWordsOnly: args.flag("full-words"), caseMatchingOnly: args.flag("case"), filter: try SpatialArguments.filter(args))
        for query in queries {
            let found = linked != nil ? index.linked(to: query, options: options, limit: limit) : index.search(query, options: options, limit: limit)
            let hits = found.map { found in
                let note = notes[found.document], result = found.hit, b = result.bounds
                return Hit(file: note.file, sample: note.sampleID, strokes: result.strokeIDs.map(\.uuidString),
                           bounds: b.isNull ? [] : [Double(b.minX), Double(b.minY), Double(b.width), Double(b.height)],
                           reading: result.reading, score: (result.score * 10_000).rounded() / 10_000,
                           reference: result.reference?.description, context: result.context)
            }
            if batch != nil {
                try Terminal.printJSON(QueryLine(query: query, hits: hits))
            } else if args.flag("json") {
                for hit in hits { try Terminal.printJSON(hit) }
            } else {
                for hit in hits {
                    let name = hit.sample.map { "\(hit.file)#\($0)" } ?? hit.file
                    let reference = hit.reference.map { "  [\($0)]" } ?? ""
                    let place = SpatialArguments.describe(hit.context)
                    print("\(name)\t\(String(format: "%.3f", hit.score))\t\(hit.reading)\(reference)\t\(hit.strokes.count) strokes"
                          + (place.isEmpty ? "" : "\t\(place)"))
                }
                if hits.isEmpty { Terminal.printError("no hits for '\(query)'") }
            }
        }
    }
}
