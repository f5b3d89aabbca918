import Foundation
import Testing
@testable import InkRecognition

@Suite struct WordCasingTests {
    let alphabet = Alphabet(characters: Array(" abefghilnopstABEFGHILNOPSTß0123456789:"))

    /// A reading of `text`, one frame a character, with the network's probabilities at each frame
    /// given by `evidence` (character → probability; the rest spread over the other classes).
    private func reading(_ text: String, _ evidence: [[Character: Double]]) -> (DecodedCandidate, CTCFrames) {
        let rows = evidence.map { row -> [Double] in
            let rest = max(0, 1 - row.values.reduce(0, +)) / Double(alphabet.classCount - row.count)
            return (0..<alphabet.classCount).map { k in
                k == 0 ? max(rest, 1e-9) : row[alphabet.characters[k - 1]] ?? max(rest, 1e-9)
            }
        }
        let candidate = DecodedCandidate(text: text, logProbability: -1, characterFrames: Array(0..<evidence.count))
        return (candidate, CTCFrames(probabilities: rows))
    }

    /// The evidence of a letter read as `read` whose other case has probability `other`.
    private func letter(_ read: Character, _ probability: Double = 0.9, other: Double = 0.01) -> [Character: Double] {
        let flipped = Character(read.isUppercase ? read.lowercased() : read.uppercased())
        return read == flipped ? [read: probability] : [read: probability, flipped: other]
    }

    @Test func aWordWhoseLettersShowCapitalsIsWrittenInCapitals() {
        // o and s look alike in both cases; I, B, L, E are plainly capitals.
        let (candidate, frames) = reading("PossIBLE", [
            letter("P"), letter("o", 0.45, other: 0.40), letter("s", 0.45, other: 0.42), letter("s", 0.46, other: 0.40),
            letter("I"), letter("B"), letter("L"), letter("E"),
        ])
        #expect(WordCasing(alphabet: alphabet).recased(candidate, frames: frames).text == "POSSIBLE")
    }

    @Test func aWordWhoseLettersShowSmallOnesKeepsItsFirstLetterAsRead() {
        let (candidate, frames) = reading("This", [letter("T"), letter("h"), letter("i"), letter("s", 0.5, other: 0.4)])
        #expect(WordCasing(alphabet: alphabet).recased(candidate, frames: frames).text == "This")
        let (shouting, shoutingFrames) = reading("tHIs", [letter("t"), letter("H", 0.5, other: 0.45), letter("I", 0.5, other: 0.45), letter("s")])
        #expect(WordCasing(alphabet: alphabet).recased(shouting, frames: shoutingFrames).text == "this")
    }

    @Test func aLetterSureOfItsCaseKeepsIt() {
        // "iPhone": the network is sure of the small i and the capital P.
        let (candidate, frames) = reading("iPhone", [
            letter("i", 0.95, other: 0.001), letter("P", 0.95, other: 0.001), letter("h"), letter("o", 0.5, other: 0.4),
            letter("n"), letter("e"),
        ])
        #expect(WordCasing(alphabet: alphabet).recased(candidate, frames: frames).text == "iPhone")
        var loose = WordCasing.Rule()
        loose.keptEvidence = .infinity
        #expect(WordCasing(alphabet: alphabet, rule: loose).recased(candidate, frames: frames).text == "iphone")
    }

    @Test func aHeadingLeansItsLastWordTowardCapitals() {
        let gospel: [[Character: Double]] = [letter("G"), letter("O"), letter("S"), letter("P"), letter("E"), letter("L")]
        let of: [[Character: Double]] = [letter("O"), letter("f", 0.5, other: 0.3)]
        let (alone, aloneFrames) = reading("Of", of)
        #expect(WordCasing(alphabet: alphabet).recased(alone, frames: aloneFrames).text == "Of")
        let (heading, headingFrames) = reading("GOSPEL Of", gospel + [[" ": 0.9]] + of)
        #expect(WordCasing(alphabet: alphabet).recased(heading, frames: headingFrames).text == "GOSPEL OF")
        var noLean = WordCasing.Rule()
        noLean.headingLean = 0
        #expect(WordCasing(alphabet: alphabet, rule: noLean).recased(heading, frames: headingFrames).text == "GOSPEL Of")
    }

    @Test func wordsOfOneCasedLetterAndUncasedCharactersStayAsRead() {
        let (candidate, frames) = reading("I a 3:16 ß", [
            letter("I", 0.5, other: 0.45), [" ": 0.9], letter("a", 0.5, other: 0.45), [" ": 0.9],
            ["3": 0.9], [":": 0.9], ["1": 0.9], ["6": 0.9], [" ": 0.9], ["ß": 0.9],
        ])
        #expect(WordCasing(alphabet: alphabet).recased(candidate, frames: frames).text == "I a 3:16 ß")
    }

    @Test func onlyCaseChangesNeverLettersFramesOrScore() {
        let (candidate, frames) = reading("PossIBLE", [
            letter("P"), letter("o", 0.45, other: 0.40), letter("s", 0.45, other: 0.42), letter("s", 0.46, other: 0.40),
            letter("I"), letter("B"), letter("L"), letter("E"),
        ])
        let recased = WordCasing(alphabet: alphabet).recased(candidate, frames: frames)
        #expect(recased.text.lowercased() == candidate.text.lowercased())
        #expect(recased.characterFrames == candidate.characterFrames)
        #expect(recased.logProbability == candidate.logProbability)
        // Frames that do not match the reading leave it alone.
        let mismatched = DecodedCandidate(text: "PossIBLE", logProbability: -1, characterFrames: [0, 1])
        #expect(WordCasing(alphabet: alphabet).recased(mismatched, frames: frames).text == "PossIBLE")
    }

    @Test func theDecoderGivesCaseBackToTheInkAfterTheLanguageModelChoseIt() throws {
        // The language model wants small letters; the network saw capitals it is unsure of.
        let pair = Alphabet(characters: Array(" oO"))
        let rows: [[Double]] = [[0.05, 0.01, 0.44, 0.50], [0.9, 0.03, 0.03, 0.04], [0.05, 0.01, 0.44, 0.50]]
        let frames = CTCFrames(probabilities: rows)
        var decoder = CTCDecoder(alphabet: pair, languageModel: SmallLettersModel(), languageModelWeight: 1, insertionBonus: 0)
        decoder.scoresLineEnd = false
        #expect(decoder.decode(frames, maxCandidates: 1).first?.text == "oo")
        decoder.wordCasing = WordCasing(alphabet: pair)
        let readings = decoder.decode(frames, maxCandidates: 8).map(\.text)
        #expect(readings.first == "OO")
        // Readings that became one text are pooled: each text once.
        #expect(Set(readings).count == readings.count)
    }

    @Test func shippedDecodingChoosesCaseFromTheInk() throws {
        #expect(DecodingOptions.shipped.wordCase != nil)
        #expect(try DecodingOptions.shipped.makeDecoder(alphabet: alphabet).wordCasing != nil)
        var asRead = DecodingOptions.shipped
        asRead.wordCase = nil
        #expect(try asRead.makeDecoder(alphabet: alphabet).wordCasing == nil)
    }
}

/// A unigram model that gives small letters 0.9 and capitals 0.01.
private struct SmallLettersModel: CharacterLanguageModel {
    var order: Int { 1 }
    var initialState: Int { 0 }
    func score(_ next: Character, after state: Int) -> (logProbability: Double, state: Int) {
        (next.isUppercase ? log(0.01) : log(0.9), 0)
    }
}
