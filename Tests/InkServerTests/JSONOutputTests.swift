import Foundation
import Testing
@testable import InkServer

/// A search's answer is written without `JSONEncoder`, and must still be the encoder's bytes:
/// answers are compared byte for byte by caches and tests alike.
struct JSONOutputTests {
    static let awkward = ["", "grace", "Jesús’ «word» 3:16", "a \"quoted\" \\ back/slash", "line\nbreak\r\ttab",
                          "\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}", "\u{2028}\u{2029}", "🙏🏽 emoji", "e\u{301}"]
    static let numbers: [Double] = [0, -0.0, 1, -3, 0.5, 0.1, 1e-7, 123_456_789.125, 1e21, .greatestFiniteMagnitude, 0.30000000000000004, .leastNonzeroMagnitude]

    private func answer(_ text: String, _ number: Double) -> SearchAnswer {
        let hit = SearchAnswer.Hit(noteID: text, title: text.uppercased(), strokeIDs: [UUID(), UUID()],
                                   bounds: WireRect(CGRect(x: number, y: -number, width: 12.25, height: 3)), reading: text, score: number)
        return SearchAnswer(query: text, hits: [hit, hit])
    }

    @Test(arguments: awkward)
    func theAnswerIsTheEncodersBytes(_ text: String) throws {
        for number in Self.numbers {
            let answer = answer(text, number)
            let expected = try JSONAnswers.encoder().encode(answer)
            let written = try answer.jsonData()
            #expect(written == expected, "\(String(decoding: written, as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))")
        }
    }

    @Test func noHitsAndManyHits() throws {
        for count in [0, 1, 50] {
            var answer = answer("x", 0.25)
            answer.hits = Array(repeating: answer.hits[0], count: count)
            #expect(try answer.jsonData() == JSONAnswers.encoder().encode(answer))
        }
    }

    @Test func aNumberJSONCannotHoldIsAnError() {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: JSONOutput.NonFiniteNumber.self) { try answer("x", bad).jsonData() }
        }
    }
}
