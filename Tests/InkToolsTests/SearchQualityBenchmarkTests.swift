import Foundation
import Testing
@testable import InkTools
import InkIndex

/// The search-quality benchmark's notes: several recognized lines each, and its recognition
/// caches readable across the change from one line a note.
@Suite struct SearchQualityBenchmarkTests {
    let exact = NoisyReader(characterErrorRate: 0)

    @Test func aNoteOfTwoLinesIsSearchedAcrossBoth() {
        let note = SearchQualityBenchmark.Line(id: "n1", text: "grace abounds and mercy endures",
                                               recognitions: [exact.recognition(of: "grace abounds", seed: "a"),
                                                              exact.recognition(of: "and mercy endures", seed: "b")])
        let other = SearchQualityBenchmark.Line(id: "n2", text: "nothing here matters", recognition: exact.recognition(of: "nothing here matters", seed: "c"))
        #expect(note.bestText == "grace abounds and mercy endures")
        #expect(note.tokens(WordTokenizer()).map(\.line) == [0, 0, 1, 1, 1])
        let report = SearchQualityBenchmark(lines: [note, other]).run(fullWordsOnly: true)
        // Every query word of 4+ letters is found in its note only.
        #expect(report.recall == 1)
        #expect(report.precision == 1)
        #expect(report.queries == 7)
    }

    @Test func aCacheLineWithOneRecognitionStillReads() throws {
        let recognition = exact.recognition(of: "love is kind", seed: "x")
        let old = try JSONEncoder().encode(["id": AnyEncodable("s1"), "text": AnyEncodable("love is kind"), "recognition": AnyEncodable(recognition)])
        let line = try JSONDecoder().decode(SearchQualityBenchmark.Line.self, from: old)
        #expect(line.recognitions == [recognition])
        let again = try JSONDecoder().decode(SearchQualityBenchmark.Line.self, from: try JSONEncoder().encode(line))
        #expect(again.recognitions == [recognition])
        #expect(again.text == "love is kind")
    }
}

/// Encodes values of mixed types in one keyed container, to write an old-format cache line.
private struct AnyEncodable: Encodable {
    let encodeValue: (any Encoder) throws -> Void
    init<T: Encodable>(_ value: T) { encodeValue = { try value.encode(to: $0) } }
    func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
}
