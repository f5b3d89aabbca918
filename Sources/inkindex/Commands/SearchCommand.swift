import Foundation
import InkIndex
import InkTools

struct SearchCommand: Command {
    static let name = "search"
    static let abstract = "Recognize drawings and search them for a word, phrase or scripture reference."
    static let help = """
        USAGE: inkindex search QUERY FILE... [--full-words] [--case] [--json]
               inkindex search --queries QUERIES FILE... [--full-words] [--case]

        Recognizes each drawing (.json, or every sample of a .jsonl/.jsonl.gz dataset file), then
        searches it. Hits are printed best first: file (and sample id), score, reading, strokes.

        OPTIONS:
          --full-words     Match whole words only ("note" does not find "notebook").
          --case           Match letter case ("Job" does not find "job").
          --json           One JSON object per hit: file, sample, strokes, bounds, reading, score.
          --queries FILE   Run each line of FILE as a query against one recognition of the inputs;
                           prints one JSON line per query: {"query": ..., "hits": [...]}.
          --limit N        At most N hits per query (default: all).
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
    }

    struct QueryLine: Encodable {
        var query: String
        var hits: [Hit]
    }

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, flags: ["full-words", "case", "json"], options: ["queries", "limit", "simulate"])
        var files = args.positionals
        var queries: [String]
        let batch = args.option("queries")
        if let batch {
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
        for (k, recognizer) in recognizers.enumerated() { index.add(await recognizer.wordTokens, to: k) }
        let options = SearchOptions(fullWordsOnly: args.flag("full-words"), caseMatchingOnly: args.flag("case"))
        for query in queries {
            let hits = index.search(query, options: options, limit: limit).map { found in
                let note = notes[found.document], result = found.hit, b = result.bounds
                return Hit(file: note.file, sample: note.sampleID, strokes: result.strokeIDs.map(\.uuidString),
                           bounds: b.isNull ? [] : [Double(b.minX), Double(b.minY), Double(b.width), Double(b.height)],
                           reading: result.reading, score: (result.score * 10_000).rounded() / 10_000,
                           reference: result.reference?.description)
            }
            if batch != nil {
                try Terminal.printJSON(QueryLine(query: query, hits: hits))
            } else if args.flag("json") {
                for hit in hits { try Terminal.printJSON(hit) }
            } else {
                for hit in hits {
                    let name = hit.sample.map { "\(hit.file)#\($0)" } ?? hit.file
                    let reference = hit.reference.map { "  [\($0)]" } ?? ""
                    print("\(name)\t\(String(format: "%.3f", hit.score))\t\(hit.reading)\(reference)\t\(hit.strokes.count) strokes")
                }
                if hits.isEmpty { Terminal.printError("no hits for '\(query)'") }
            }
        }
    }
}
