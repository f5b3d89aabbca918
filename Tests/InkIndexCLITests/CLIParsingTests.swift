import ArgumentParser
import Foundation
import Testing
@testable import inkindex

/// The command line as scripts and the README spell it: every spelling here worked before the
/// CLI moved to swift-argument-parser and must keep working.
@Suite struct CLIParsingTests {
    private func parse(_ arguments: [String]) throws -> ParsableCommand {
        try InkIndexCommand.parseAsRoot(arguments)
    }

    @Test func libraryOptionsWorkBeforeAndAfterTheSubcommand() throws {
        // CrashSafetyTests and the README put them before; --help shows them after.
        let before = try #require(try parse(["library", "--db", "a.sqlite", "--recognizer", "transcript:2", "--jobs", "1", "reindex", "--force"]) as? LibraryReindexCommand)
        #expect(before.library.db == "a.sqlite")
        #expect(before.library.recognizer == "transcript:2")
        #expect(before.library.jobs == 1)
        #expect(before.force)
        let after = try #require(try parse(["library", "search", "Jn 3:16", "--db", "b.sqlite", "--full-words", "--limit", "5", "--json"]) as? LibrarySearchCommand)
        #expect(after.library.db == "b.sqlite")
        #expect(after.query == "Jn 3:16")
        #expect(after.fullWords && after.json && after.limit == 5)
    }

    @Test func decodingOptionsAcceptNegativeNumbersAndInlineValues() throws {
        let eval = try #require(try parse(["eval", "d.jsonl.gz", "--lm-weight", "-0.5", "--insertion-bonus=-1", "--beam", "4", "--no-lm", "--json"]) as? EvalCommand)
        #expect(eval.recognizer.languageModelWeight == -0.5)
        #expect(eval.recognizer.insertionBonus == -1)
        #expect(eval.recognizer.decoding.beamWidth == 4)
        #expect(!eval.recognizer.decoding.useLanguageModel)
        #expect(eval.json)
    }

    @Test func defaultsComeFromTheDeclarations() throws {
        let recognize = try #require(try parse(["recognize", "note.inkml"]) as? RecognizeCommand)
        #expect(recognize.candidates == 5)
        #expect(recognize.recognizer.decoding == .shipped)
        let demo = try #require(try parse(["demo"]) as? DemoCommand)
        #expect(demo.output == "inkindex-demo")
        #expect(demo.recognizer == .shipped)
        let render = try #require(try parse(["render", "x.json", "-o", "x.png", "--highlight", "1,2,3,4:a", "--highlight", "5,6,7,8"]) as? RenderCommand)
        #expect(render.width == 1200)
        #expect(render.highlight.count == 2)
    }

    @Test func searchTakesAQueryThenFilesOrABatchOfQueries() throws {
        let single = try #require(try parse(["search", "love is kind", "a.json", "b.json", "--json"]) as? SearchCommand)
        #expect(single.arguments == ["love is kind", "a.json", "b.json"])
        let batch = try #require(try parse(["search", "--queries", "q.txt", "t.jsonl.gz"]) as? SearchCommand)
        #expect(batch.queries == "q.txt")
        #expect(throws: (any Error).self) { try parse(["search", "grace"]) }
    }

    @Test(arguments: [
        ["recognize", "x.json", "--beam", "0"],
        ["recognize", "x.json", "--candidates", "0"],
        ["recognize", "x.json", "--unknown"],
        ["synthesize", "-o", "x.json"],
        ["synthesize", "hi", "-o", "x.json", "--variation", "2"],
        ["synthesize", "hi", "-o", "x.json", "--style", "gothic"],
        ["demo", "--recognizer", "psychic"],
        ["library", "--recognizer", "nobody", "list"],
        ["library", "export", "n", "--format", "pdf"],
        ["library", "search", "x", "--limit", "0"],
        ["text", "--simulate", "1.5", "a.jsonl"],
        ["convert", "a.json"],
        ["bench-search", "--max-distance", "x"],
        ["no-such-command"],
    ])
    func badUsageIsAUsageError(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try parse(arguments) }
        do { _ = try parse(arguments) } catch {
            #expect(InkIndexCommand.exitCode(for: error) == .validationFailure, "\(arguments): \(error)")
        }
    }

    @Test func progressLinesShowDoneTotalRateAndTimeLeft() {
        #expect(ProgressBar.line(label: "eval", done: 50, total: 200, elapsed: 10)
                == "eval [######                  ] 50/200  5.0/s  30s left")
        #expect(ProgressBar.line(label: "adding", done: 1200, total: nil, elapsed: 60) == "adding 1200  20/s")
        #expect(ProgressBar.duration(3725) == "1h02m")
        #expect(ProgressBar.duration(185) == "3m05s")
    }
}
