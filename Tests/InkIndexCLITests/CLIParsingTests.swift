import ArgumentParser
import Foundation
import InkIndex
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
        #expect(try eval.recognizer.decoding().beamWidth == 4)
        #expect(try !eval.recognizer.decoding().useLanguageModel)
        #expect(eval.json)
    }

    @Test func decodingBalanceIsTheShippedOneUnlessGiven() throws {
        let danish = try #require(try parse(["eval", "d.jsonl.gz", "--model", "open", "--languages", "da,en"]) as? EvalCommand)
        #expect(try danish.recognizer.decoding().languageModelWeight == LanguageModelBalance.english.weight)
        #expect(try danish.recognizer.decoding().languages == [.danish, .english])
        let given = try #require(try parse(["eval", "d.jsonl.gz", "--model", "open", "--languages", "da", "--lm-weight", "0.7"]) as? EvalCommand)
        #expect(try given.recognizer.decoding().languageModelWeight == 0.7)
        #expect(try given.recognizer.decoding().insertionBonus == LanguageModelBalance.english.insertionBonus)
        #expect(throws: (any Error).self) { try parse(["eval", "d.jsonl.gz", "--lm-weight", "nan"]) }
    }

    @Test func languagesAreParsedInPriorityOrderAndChecked() throws {
        let text = try #require(try parse(["text", "note.inkml", "--model", "open", "--languages", "es, en,es"]) as? TextCommand)
        #expect(text.model.recognitionLanguages == [.spanish, .english])
        #expect(throws: (any Error).self) { try parse(["text", "note.inkml", "--languages", "xx"]) }
        #expect(throws: (any Error).self) { try parse(["text", "note.inkml", "--languages", ""]) }
        let serve = try #require(try parse(["serve", "--model", "open", "--languages", "pt"]) as? ServeCommand)
        #expect(serve.library.model.recognitionLanguages == [.portuguese])
    }

    @Test func indexingReadsVariantsUnlessToldNot() throws {
        let serve = try #require(try parse(["serve"]) as? ServeCommand)
        #expect(serve.library.variants.plan(for: .open) == ReadingPlan(variants: ReadingVariant.standard))
        #expect(serve.library.variants.plan(for: .research) == ReadingPlan(companions: [.open, .researchAlternate]),
                "standard is the model's own plan")
        let once = try #require(try parse(["serve", "--variants", "none"]) as? ServeCommand)
        #expect(once.library.variants.plan(for: .research) == .once)
        #expect(try once.library.lineRecognizer(vocabulary: []) is NeuralLineRecognizer)
        let named = try #require(try parse(["bench-search", "--variants", "0.9/-0.1,1.2"]) as? BenchSearchCommand)
        #expect(named.variants.plan(for: .open).variants == [ReadingVariant(horizontalScale: 0.9, slant: -0.1), ReadingVariant(horizontalScale: 1.2)])
        // The benchmarks of a server and of a page measure what `serve` does.
        let load = try #require(try parse(["bench-serve"]) as? BenchServeCommand)
        #expect(load.variants.argument == "standard")
        let spatial = try #require(try parse(["bench-spatial", "--variants", "none"]) as? BenchSpatialCommand)
        #expect(spatial.variants.plan(for: .open) == .once)
    }

    @Test func otherModelsReadBesideTheModel() throws {
        let both = try #require(try parse(["eval", "lines.jsonl.gz", "--model", "research", "--variants", "standard,0.85/0.25,research,open"]) as? EvalCommand)
        #expect(both.variants.plan(for: .research) == ReadingPlan(variants: [ReadingVariant(horizontalScale: 0.85, slant: 0.25)], companions: [.open, .researchAlternate]),
                "the model itself is no companion, and open comes once however often it is named")
        #expect(both.variants.plan(for: .open) == ReadingPlan(variants: ReadingVariant.standard, companions: [.research]))
        #expect(both.variants.argument == "standard,0.85/0.25,research,open")
        #expect(ReadingPlanOption(argument: both.variants.argument)?.items == both.variants.items)
        for repeated in ["open,open", "0.9,0.9", "standard,standard", "0.9,", ""] {
            #expect(ReadingPlanOption(argument: repeated) == nil, "\(repeated)")
        }
    }

    @Test func defaultsComeFromTheDeclarations() throws {
        let recognize = try #require(try parse(["recognize", "note.inkml"]) as? RecognizeCommand)
        #expect(recognize.candidates == 5)
        #expect(try recognize.recognizer.decoding() == .shipped)
        #expect(recognize.recognizer.model.recognitionLanguages == [.english])
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
        ["serve", "--port", "70000"],
        ["eval", "t.jsonl.gz", "--stretch", "0"],
        ["search", "grace", "a.json", "--in", "footer"],
        ["search", "--linked", "x", "--queries", "q.txt", "a.json"],
        ["library", "search"],
        ["library", "search", "grace", "--linked", "x"],
        ["serve", "--max-strokes", "0"],
        ["bench-serve", "--search-share", "0.9", "--write-share", "0.2"],
        ["bench-search", "--variants", "0/0.25"],
        ["library", "--variants", "wide", "list"],
    ])
    func badUsageIsAUsageError(_ arguments: [String]) {
        #expect(throws: (any Error).self) { try parse(arguments) }
        do { _ = try parse(arguments) } catch {
            #expect(InkIndexCommand.exitCode(for: error) == .validationFailure, "\(arguments): \(error)")
        }
    }

    /// Every command line the README shows (and the spellings of its tuning flags), parsed by
    /// the command it names.
    @Test(arguments: [
        "demo",
        "version",
        "synthesize 'Jn 3:16 grace' -o x.json --style script --seed 7",
        "synthesize x --lines 'Grace is a gift|Eph 2:8-9' --note 'cf. Rom 5:8' --mark underline:gift --mark arrow:Rom>Grace --mark bracket:0-1 -o page.json --truth truth.json",
        "render x.json -o x.png --highlight 120,40,200,70:grace",
        "recognize note.inkml --candidates 5",
        "eval ../shared/data/iam-ondb/testset_t.jsonl.gz --json",
        "eval t.jsonl.gz --limit 10 --whole --held-out-writers --errors e.tsv --candidates 3 --greedy --lexicon --lexicon-bonus 2",
        "eval ../shared/data/iam-ondb/testset_v.jsonl.gz --stretch 0.5 --limit 200",
        "eval t.jsonl.gz --case-as-read",
        "eval t.jsonl.gz --case-kept-evidence 6 --case-heading-lean -1",
        "bench-decoder",
        "bench-decoder --frames dump.bin --limit 5 --lm-weight 0.4",
        "bench-recognizer t.jsonl.gz --limit 5 --repeat 2",
        "text note.json",
        "indexable a.jsonl --simulate 0.05",
        "search 'love is kind' a.json b.json --json",
        "search --queries queries.txt ../shared/data/iam-ondb/testset_t.jsonl.gz",
        "bench-search --speed --quality",
        "bench-search --quality --set testset_v --recognitions v.jsonl",
        "bench-search --quality --set testset_v --variants none",
        "bench-search --quality --variants 0.85/0.25,1.15/-0.25,0.9",
        "bench-search --quality --file other.jsonl.gz",
        "bench-search --derive-confusions --set testset_v",
        "bench-search --speed --recognizer noisy --cer 0.04",
        "bench-search --speed --speed-recognitions t.jsonl",
        "bench-search --quality --file ../shared/data/unipen/text.dev.jsonl.gz --held-out-writers",
        "bench-search --quality --library --recognitions t.jsonl --without-evidence --db x.sqlite",
        "bench-search --quality --whole-words-by-readings --evidence-overrules-readings --uncalibrated --examples 3",
        "bench-search --quality --max-distance 0,1,1.5 --decay 0.5 --min-score 0.1 --known 1.2 --margin 3 --threshold -0.5 --dump-pairs p",
        "library-bench --lines 100000 --queries 1000 --reindex-notes 200 --recognitions t.jsonl",
        "library-bench --lines 100000 --queries 1000 --reindex-notes 2000 --corpus ../shared/data/iam-ondb/trainset.jsonl.gz",
        "library-bench --lines-per-note 5 --readers 2 --ink --json --db x.sqlite",
        "convert ../shared/data/iam-ondb/testset_v.jsonl.gz --sample a01-003-01 -o line.inkml",
        "info line.inkml --json",
        "info t.jsonl.gz --limit 3",
        "layout note.json --json",
        "layout ../shared/data/iam-ondb/testset_v.jsonl.gz --form a01-020z --marks 5 --svg page.svg --png page.png",
        "bench-layout",
        "bench-layout --data /work/shared/data --set testset_v --seed 2 --failures 3 --limit 40 --only a01-020z --svg o.svg --explain a01-020z",
        "bench-layout --touched --model research --limit 40",
        "library add a.inkml ../shared/data/iam-ondb/testset_v.jsonl.gz",
        "library add a.inkml --no-index",
        "library search 'Jn 3:16' --full-words --case --limit 5 --json",
        "library reindex --force",
        "library stats --json",
        "library check",
        "library list",
        "library export NOTE --format svg --highlight grace -o note.svg",
        "library --db x.sqlite --recognizer transcript export NOTE --format inkml --output n.inkml",
        "serve",
        "bench-spatial --seed 2 --json",
        "bench-spatial --data ../shared/data --set testset_v --set testset_t --limit 100 --failures 3",
        "bench-spatial --picture Docs/Images/spatial-search.svg",
        "search grace a.json --emphasized --in margin --in body",
        "search --linked 'Jn 3:16' a.json b.json --in margin --json",
        "library search grace --emphasized --in margin",
        "library search --linked 'Jn 3:16' --json",
        "serve --db x.sqlite --host 0.0.0.0 --port 0 --token t --max-body-bytes 1000 --max-strokes 10 --max-points 10 --recognizer transcript --jobs 2",
        "bench-serve --notes 10000 --clients 16 --seconds 30",
        "bench-serve --notes 100 --data t.jsonl.gz --db x.sqlite --search-share 1 --write-share 0 --json",
    ])
    func readmeCommandLinesParse(_ line: String) throws {
        let command = try parse(Self.words(line))
        let name = type(of: command).configuration.commandName ?? ""
        #expect(line.split(separator: " ").contains { $0 == Substring(name) }, "\(line) parsed as \(name)")
    }

    /// A command line split as a shell would: spaces outside single quotes.
    private static func words(_ line: String) -> [String] {
        var words: [String] = [], current = "", quoted = false
        for character in line {
            if character == "'" { quoted.toggle() } else if character == " ", !quoted {
                if !current.isEmpty { words.append(current); current = "" }
            } else { current.append(character) }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    @Test func progressLinesShowDoneTotalRateAndTimeLeft() {
        #expect(ProgressBar.line(label: "eval", done: 50, total: 200, elapsed: 10)
                == "eval [######                  ] 50/200  5.0/s  30s left")
        #expect(ProgressBar.line(label: "adding", done: 1200, total: nil, elapsed: 60) == "adding 1200  20/s")
        #expect(ProgressBar.duration(3725) == "1h02m")
        #expect(ProgressBar.duration(185) == "3m05s")
    }
}
