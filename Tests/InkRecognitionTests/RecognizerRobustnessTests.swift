import Foundation
import InkCore
import Testing
@testable import InkRecognition

/// Bad or unusual ink never crashes the recognizer, and size or duplicated points do not change
/// what it reads. The ink is hand-made (the golden fixture's "loops"), not corpus data.
@Suite struct RecognizerRobustnessTests {
    let recognizer: NeuralLineRecognizer

    init() throws {
        var options = DecodingOptions.shipped
        options.useLanguageModel = false
        recognizer = try ShippedRecognizer.load(decoding: options)
    }

    static func stroke(_ points: [SIMD2<Double>], seed: Int, times: Bool = false) -> Stroke {
        Stroke(id: UUID(deterministicFrom: "robustness-\(seed)"),
               points: points.enumerated().map { StrokePoint(x: $1.x, y: $1.y, time: times ? Double($0) * 0.01 : nil) })
    }

    /// A few loops, a pen-up, a vertical bar, and a dot: something word-like.
    static func ink(scale: Double = 1, duplicate: Bool = false) -> [Stroke] {
        var loops: [SIMD2<Double>] = []
        for i in 0...160 {
            let t = Double(i) / 40
            loops.append(SIMD2(100 * (t + 0.35 * cos(2 * .pi * t + .pi)), 100 * (-0.4 - 0.4 * sin(2 * .pi * t))) * scale)
            if duplicate && i % 5 == 0 { loops.append(loops.last!) }
        }
        let bar = [SIMD2<Double>(480, -100), SIMD2(480, 0)].map { $0 * scale }
        let dot = [SIMD2<Double>(480, -140) * scale]
        return [stroke(loops, seed: 1, times: true), stroke(bar, seed: 2), stroke(dot, seed: 3)]
    }

    @Test func emptyInputGivesNoCandidates() throws {
        #expect(try recognizer.recognize([], maxCandidates: 5).candidates.isEmpty)
        let pointless = Stroke(id: UUID(deterministicFrom: "empty"), points: [])
        let line = try recognizer.recognize([pointless], maxCandidates: 5)
        #expect(line.candidates.isEmpty)
        #expect(line.strokeIDs == [pointless.id])
    }

    @Test func nonFinitePointsAreDropped() throws {
        let bad = Self.stroke([SIMD2(.nan, 1), SIMD2(.infinity, 2)], seed: 9)
        #expect(try recognizer.recognize([bad], maxCandidates: 3).candidates.isEmpty)
    }

    @Test func singleDotAndSinglePointDoNotCrash() throws {
        for points in [[SIMD2<Double>(5, 5)], [SIMD2<Double>(5, 5), SIMD2(5, 5), SIMD2(5, 5)]] {
            let line = try recognizer.recognize([Self.stroke(points, seed: 4)], maxCandidates: 3)
            for candidate in line.candidates { #expect(candidate.logProbability.isFinite) }
        }
    }

    @Test func sizeOfTheWritingDoesNotMatter() throws {
        let extractor = recognizer.extractor
        func features(_ strokes: [Stroke]) -> [Float] {
            extractor.extract(strokes.map { $0.points.map { SIMD2($0.location.x, $0.location.y) } }).values
        }
        let base = features(Self.ink())
        for scale in [0.001, 100.0] {
            let scaled = features(Self.ink(scale: scale))
            #expect(scaled.count == base.count)
            #expect(maxAbsoluteDifference(scaled, base) < 1e-4, "scale \(scale)")
        }
        let texts = try [0.001, 1, 100].map { try recognizer.recognize(Self.ink(scale: $0), maxCandidates: 1).best?.text }
        #expect(Set(texts).count == 1)
    }

    @Test func duplicatedPointsAndMissingTimesChangeNothing() throws {
        let plain = try recognizer.recognize(Self.ink(), maxCandidates: 3)
        let duplicated = try recognizer.recognize(Self.ink(duplicate: true), maxCandidates: 3)
        #expect(plain.candidates.map(\.text) == duplicated.candidates.map(\.text))
        let timeless = Self.ink().map { stroke in
            var s = stroke
            s.points = s.points.map { var p = $0; p.time = nil; return p }
            return s
        }
        #expect(try recognizer.recognize(timeless, maxCandidates: 3).candidates.map(\.text) == plain.candidates.map(\.text))
    }

    @Test func strokesOutOfOrderAreReadAndMappedBack() throws {
        let ink = Self.ink()
        let reordered = [ink[2], ink[0], ink[1]]   // dot first, as if added before
        let line = try recognizer.recognize(reordered, maxCandidates: 3)
        #expect(line.strokeIDs == reordered.map(\.id))
        let known = Set(ink.map(\.id))
        for candidate in line.candidates {
            #expect(candidate.characterStrokeIDs.count == candidate.text.count)
            for (character, ids) in zip(candidate.text, candidate.characterStrokeIDs) {
                #expect(Set(ids).isSubset(of: known))
                if character == " " { #expect(ids.isEmpty) } else { #expect(!ids.isEmpty) }
            }
        }
    }

    @Test func candidatesAreBestFirstAndBounded() throws {
        let line = try recognizer.recognize(Self.ink(), maxCandidates: 4)
        #expect(line.candidates.count <= 4)
        let scores = line.candidates.map(\.logProbability)
        #expect(scores == scores.sorted(by: >))
        #expect(try recognizer.recognize(Self.ink(), maxCandidates: 0).candidates.isEmpty)
    }

    @Test func recognitionVersionIsTheShippedOne() throws {
        #expect(try ShippedRecognizer.load().recognitionVersion == ShippedRecognizer.recognitionVersion)
        #expect(recognizer.recognitionVersion == ShippedRecognizer.recognitionVersion)
    }
}
