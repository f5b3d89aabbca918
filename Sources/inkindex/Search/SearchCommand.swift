import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Recognize drawings and search them for a word, phrase or scripture reference.",
        usage: """
            inkindex search <query> <file> ... [--full-words] [--case] [--emphasized] [--in margin|body] [--json] [--limit <n>]
            inkindex search --linked <query> <file> ... [--in margin|body] [--json]
            inkindex search --queries <queries> <file> ... [--full-words] [--case]
            """,
        discussion: """
            Recognizes each drawing (.json, or every sample of a .jsonl/.jsonl.gz dataset file), then \
            searches it. Hits are printed best first: file (and sample id), score, reading, strokes, \
            and where the hit stands: its cluster, the marks on it, what it is linked to. A struck- \
            through word is found but ranks below words not struck.
            """)

    @Argument(help: ArgumentHelp("The query (unless --queries or --linked), then the drawings or dataset files.", valueName: "query-and-files"))
    var arguments: [String] = []

    @Flag(help: "Match whole words only (\"note\" does not find \"notebook\").")
    var fullWords = false

    @Flag(name: .customLong("case"), help: "Match letter case (\"Job\" does not find \"job\").")
    var matchCase = false

    @Flag(help: "One JSON object per hit: file, sample, strokes, bounds, reading, score.")
    var json = false

    @Option(help: ArgumentHelp("""
        Run each line of FILE as a query against one recognition of the inputs; prints one JSON \
        line per query: {"query": ..., "hits": [...]}.
        """, valueName: "file"))
    var queries: String?

    @Option(help: ArgumentHelp("At most N hits per query (default: all).", valueName: "n"))
    var limit: Int?

    @OptionGroup(title: "Where on the page") var spatial: SpatialOptions

    @OptionGroup var simulate: SimulateOption
    @OptionGroup var model: ModelOption

    func validate() throws {
        let queryGiven = queries != nil || spatial.linked != nil
        if queries != nil, spatial.linked != nil { throw ValidationError("--queries and --linked exclude each other") }
        if !queryGiven, arguments.isEmpty { throw ValidationError("missing QUERY") }
        if arguments.count < (queryGiven ? 1 : 2) { throw ValidationError("missing FILE") }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
    }

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

    func run() async throws {
        var files = arguments
        var queries: [String]
        let batch = self.queries
        let linked = spatial.linked
        if let linked {
            queries = [linked]
        } else if let batch {
            guard let text = try? String(contentsOfFile: batch, encoding: .utf8) else { throw CLIError.badInput("cannot read queries from \(batch)") }
            queries = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
        } else {
            queries = [files.removeFirst()]
        }
        let notes = try NoteInputs.read(files)
        let recognizers = try await NoteInputs.recognize(notes, simulate: simulate.rate, model: model, quiet: json || batch != nil)
        // One index over every note's words (what each StrokeRecognizer searches on its own), so
        // that a query costs one search, not one per note: thousands of queries over thousands of
        // samples stay cheap.
        var index = SearchIndex<Int>()
        for (k, recognizer) in recognizers.enumerated() { index.add(await recognizer.wordTokens, markup: await recognizer.pageMarkup, to: k) }
        let options = SearchOptions(fullWordsOnly: fullWords, caseMatchingOnly: matchCase, filter: spatial.filter)
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
            } else if json {
                for hit in hits { try Terminal.printJSON(hit) }
            } else {
                for hit in hits {
                    let name = hit.sample.map { "\(hit.file)#\($0)" } ?? hit.file
                    let reference = hit.reference.map { "  [\($0)]" } ?? ""
                    let place = SpatialOptions.describe(hit.context)
                    print("\(name)\t\(String(format: "%.3f", hit.score))\t\(hit.reading)\(reference)\t\(hit.strokes.count) strokes"
                          + (place.isEmpty ? "" : "\t\(place)"))
                }
                if hits.isEmpty { Terminal.printError("no hits for '\(query)'") }
            }
        }
    }
}
