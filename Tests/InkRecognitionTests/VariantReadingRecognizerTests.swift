import Foundation
import Testing
import InkCore
@testable import InkRecognition

/// Reads a line as "wide", "narrow" or "plain" by the horizontal scale of its strokes'
/// transform, with frames and posteriors (of `frames` network frames) as the network gives them.
/// Counts its calls.
private final class ScaleReadingRecognizer: LineRecognizing, @unchecked Sendable {
    let recognitionVersion = 3
    let recognitionModel = "fake"
    let frames: Int
    init(frames: Int = 0) { self.frames = frames }
    private let lock = NSLock()
    private var _calls = 0
    var calls: Int { lock.withLock { _calls } }

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        lock.withLock { _calls += 1 }
        guard !strokes.isEmpty else { return LineRecognition(strokeIDs: [], candidates: []) }
        let scale = strokes[0].transform?.a ?? 1
        let text = scale < 1 ? "narrow" : scale > 1 ? "wide" : "plain"
        let ids = Array(repeating: strokes.map(\.id), count: text.count)
        let posteriors = FramePosteriors(alphabet: "adeilnprow", counts: Array(repeating: 0, count: frames), classes: [], costs: [])
        return LineRecognition(strokeIDs: strokes.map(\.id),
                               candidates: [RecognitionCandidate(text: text, logProbability: -1, characterStrokeIDs: ids,
                                                                 characterFrames: Array(0..<text.count))],
                               posteriors: posteriors)
    }
}

/// Reads a line from a script keyed by the horizontal scale of its strokes' transform: each
/// entry's candidates as (text, log-probability), with frames.
private struct ScriptedRecognizer: LineRecognizing {
    let recognitionVersion = 4
    let script: [Double: [(String, Double)]]

    func recognize(_ strokes: [Stroke], maxCandidates: Int) throws -> LineRecognition {
        let scale = strokes.first?.transform?.a ?? 1
        let candidates = (script[scale] ?? []).map { text, logP in
            RecognitionCandidate(text: text, logProbability: logP, characterStrokeIDs: Array(repeating: strokes.map(\.id), count: text.count),
                                 characterFrames: Array(0..<text.count))
        }
        return LineRecognition(strokeIDs: strokes.map(\.id), candidates: candidates,
                               posteriors: FramePosteriors(alphabet: "act\(Int((scale * 100).rounded()))", counts: [], classes: [], costs: []))
    }
}

@Suite struct VariantReadingRecognizerTests {
    let stroke = Stroke(points: [StrokePoint(location: CGPoint(x: 10, y: 20)), StrokePoint(location: CGPoint(x: 30, y: 24))])

    @Test func readsTheInkAsWrittenThenEachVariantAsAnAlternate() throws {
        let base = ScaleReadingRecognizer()
        let recognizer = VariantReadingRecognizer(base, variants: [ReadingVariant(horizontalScale: 0.85), ReadingVariant(horizontalScale: 1.15)])
        let line = try recognizer.recognize([stroke], maxCandidates: 8)
        #expect(line.best?.text == "plain")
        #expect(line.posteriors != nil, "the line's own evidence is kept")
        #expect(line.alternates.map { $0.best?.text } == ["narrow", "wide"])
        #expect(line.alternates.allSatisfy { $0.posteriors == nil && $0.alternates.isEmpty })
        #expect(line.alternates.allSatisfy { $0.candidates.allSatisfy { $0.characterFrames == nil } },
                "frames of another reading would cut the line's own evidence wrongly")
        #expect(line.alternates.allSatisfy { $0.strokeIDs == [stroke.id] }, "the variants are the same strokes")
        #expect(base.calls == 3)
        #expect(recognizer.recognitionVersion == 3 && recognizer.recognitionModel == "fake")
    }

    @Test func theTextTheReadingsAgreeOnIsShownWithItsOwnReadingsEvidence() throws {
        // No reading puts "cat" first, but it is each one's first or second choice: shares
        // 0.38 + 0.45 + 0.475 against "dog" 0.525 and "cot" 0.62.
        let script: [Double: [(String, Double)]] = [1: [("cot", -1), ("cat", -1.5)], 0.85: [("cut", -1), ("cat", -1.2)],
                                                    1.15: [("dog", -1), ("cat", -1.1)]]
        let variants = [ReadingVariant(horizontalScale: 0.85), ReadingVariant(horizontalScale: 1.15)]
        let line = try VariantReadingRecognizer(ScriptedRecognizer(script: script), variants: variants).recognize([stroke], maxCandidates: 8)
        #expect(line.candidates.map(\.text) == ["cat", "dog"], "the wider reading, which gives \"cat\" its largest share, with \"cat\" first")
        #expect(line.candidates[0].characterFrames == [0, 1, 2])
        #expect(line.posteriors?.alphabet == "act115", "the evidence is the winning reading's own")
        #expect(line.alternates.map { $0.candidates.map(\.text) } == [["cot", "cat"], ["cut", "cat"]])
        #expect(line.alternates.allSatisfy { $0.posteriors == nil })
    }

    @Test func readingsThatTieKeepTheInkAsWritten() {
        let candidates = { (text: String) in [RecognitionCandidate(text: text, logProbability: -1)] }
        let readings = [LineRecognition(strokeIDs: [], candidates: candidates("grace")),
                        LineRecognition(strokeIDs: [], candidates: candidates("grade")),
                        LineRecognition(strokeIDs: [], candidates: candidates("grate"))]
        #expect(VariantReadingRecognizer.consensus(of: readings) == (0, 0))
        let agreeing = [readings[0], readings[1], readings[1]]
        #expect(VariantReadingRecognizer.consensus(of: agreeing) == (1, 0), "two readings outvote one")
    }

    @Test func nothingReadIsNotReadAgain() throws {
        let base = ScaleReadingRecognizer()
        let line = try VariantReadingRecognizer(base).recognize([], maxCandidates: 8)
        #expect(line.candidates.isEmpty && line.alternates.isEmpty)
        #expect(base.calls == 1)
    }

    @Test func aLineLongerThanAnyWritingIsReadOnce() throws {
        let long = ScaleReadingRecognizer(frames: 1_601)
        let line = try VariantReadingRecognizer(long).recognize([stroke], maxCandidates: 8)
        #expect(line.best?.text == "plain" && line.alternates.isEmpty)
        #expect(long.calls == 1, "a scribbled fill's lines would triple the work of the costliest pages")

        let longest = ScaleReadingRecognizer(frames: VariantReadingRecognizer.standardVariantFrameLimit)
        let writing = try VariantReadingRecognizer(longest).recognize([stroke], maxCandidates: 8)
        #expect(writing.alternates.count == 2 && longest.calls == 3, "up to the limit every line is read three ways")

        let lowered = ScaleReadingRecognizer(frames: 5)
        let bounded = VariantReadingRecognizer(lowered, variantFrameLimit: 4)
        #expect(try bounded.recognize([stroke], maxCandidates: 8).alternates.isEmpty && lowered.calls == 1)
    }

    @Test func aCompanionReadsTheInkAsWritten() throws {
        let base = ScaleReadingRecognizer(), companion = ScaleReadingRecognizer()
        let recognizer = VariantReadingRecognizer(base, variants: [ReadingVariant(horizontalScale: 0.85)], companions: [companion])
        let line = try recognizer.recognize([stroke], maxCandidates: 8)
        #expect(line.best?.text == "plain", "two readings as written outvote the narrower one")
        #expect(line.alternates.map { $0.best?.text } == ["narrow", "plain"], "variants first, then companions")
        #expect(base.calls == 2 && companion.calls == 1)
        #expect(recognizer.recognitionModel == "fake", "search calibrates by the base model")
    }

    @Test func aCompanionsReadingCanBeTheText() throws {
        // The base reads "cot" narrowly ahead of "cat"; the companion is sure of "cat".
        let base = ScriptedRecognizer(script: [1: [("cot", -1), ("cat", -1.2)]])
        let companion = ScriptedRecognizer(script: [1: [("cat", -1), ("cot", -5)]])
        let line = try VariantReadingRecognizer(base, variants: [], companions: [companion]).recognize([stroke], maxCandidates: 8)
        #expect(line.candidates.map(\.text) == ["cat", "cot"])
        #expect(line.alternates.map { $0.candidates.map(\.text) } == [["cot", "cat"]])
    }

    @Test func aLongLineIsNotReadByCompanionsEither() throws {
        let companion = ScaleReadingRecognizer()
        let line = try VariantReadingRecognizer(ScaleReadingRecognizer(frames: 1_601), variants: [], companions: [companion])
            .recognize([stroke], maxCandidates: 8)
        #expect(line.alternates.isEmpty && companion.calls == 0)
    }

    @Test func theShippedPlansReadThreeTimes() {
        #expect(ReadingPlan.standard(for: .open) == ReadingPlan(variants: ReadingVariant.standard))
        #expect(ReadingPlan.standard(for: .research) == ReadingPlan(companions: [.open, .researchAlternate]),
                "the research model may lean on the other networks; the open model on nothing a commercial app may not ship")
        #expect(ReadingPlan.standard(for: .researchAlternate) == ReadingPlan(companions: [.research, .open]))
        for model in ShippedModel.allCases {
            #expect(ReadingPlan.standard(for: model).readingsPerLine == 3, "\(model)")
            #expect(!ReadingPlan.standard(for: model).companions.contains(model), "\(model) is no companion of itself")
        }
        #expect(ReadingPlan.once.readingsPerLine == 1)
    }

    @Test func anyRecognizerCanReadAsAShippedPlanSays() throws {
        let base = ScaleReadingRecognizer()
        let both = try ShippedRecognizer.reading(base, as: .standard(for: .research), languages: [.spanish])
        #expect(both.variants.isEmpty && both.companions.map(\.recognitionModel) == ["open", "research-alternate"])
        #expect(both.companions.allSatisfy { $0.languages == [.spanish] }, "companions read the languages asked for")
        #expect(try both.recognize([stroke], maxCandidates: 8).alternates.count == 2 && base.calls == 1)
    }

    @Test func aVariantScalesThenSlantsTheInkAndKeepsTheStroke() {
        let variant = ReadingVariant(horizontalScale: 0.5, slant: 0.25)
        let moved = variant.applied(to: stroke)
        #expect(moved.id == stroke.id && moved.points == stroke.points)
        #expect(moved.transformedLocations == [CGPoint(x: 10, y: 20), CGPoint(x: 21, y: 24)])
        #expect(ReadingVariant.standard.count == 2)
    }

    @Test func decodingOptionsNeedABaseThatTakesThem() {
        #expect(throws: RecognitionError.self) {
            _ = try VariantReadingRecognizer(ScaleReadingRecognizer()).withDecoding(.shipped)
        }
    }

    @Test func decodingOptionsReachTheCompanions() throws {
        let open = try ShippedRecognizer.load(.open)
        #expect(throws: RecognitionError.self, "a companion that cannot take them") {
            _ = try VariantReadingRecognizer(open, companions: [ScaleReadingRecognizer()]).withDecoding(.shipped)
        }
        let redecoded = try VariantReadingRecognizer(open, variants: [], companions: [open], variantFrameLimit: 40).withDecoding(.shipped)
        let both = try #require(redecoded as? VariantReadingRecognizer)
        #expect(both.companions.count == 1 && both.companions[0] is NeuralLineRecognizer && both.variantFrameLimit == 40)
    }

    @Test func recognitionsStoredBeforeAlternatesStillDecode() throws {
        let old = #"{"strokeIDs":[],"candidates":[{"text":"old","logProbability":-1,"characterStrokeIDs":[]}]}"#
        let line = try JSONDecoder().decode(LineRecognition.self, from: Data(old.utf8))
        #expect(line.best?.text == "old" && line.alternates.isEmpty)
        let plain = String(decoding: try JSONEncoder().encode(line), as: UTF8.self)
        #expect(!plain.contains("alternates"), "a line without alternates is written as before")
        var withAlternate = line
        withAlternate.alternates = [LineRecognition(strokeIDs: [], candidates: [RecognitionCandidate(text: "olds", logProbability: -2)])]
        let back = try JSONDecoder().decode(LineRecognition.self, from: JSONEncoder().encode(withAlternate))
        #expect(back == withAlternate)
    }
}
