import Testing
@testable import InkRecognition

/// `Lexicon.contains(token:)` folds ASCII tokens byte by byte; it must answer as the folding by
/// `Character` that serves every other token does.
struct LexiconTests {
    let lexicon = Lexicon(words: ["in", "the", "beginning", "word", "o", "é", "naïve"])

    @Test func knownWordsInAnyCaseWithOuterPunctuation() {
        #expect(lexicon.contains(token: "Beginning,") == true)
        #expect(lexicon.contains(token: "\"THE") == true)
        #expect(lexicon.contains(token: "(word)\r\n") == true)
        #expect(lexicon.contains(token: "wor-d") == false)
        #expect(lexicon.contains(token: "3:16") == true)
        #expect(lexicon.contains(token: "...") == nil)
        #expect(lexicon.contains(token: "") == nil)
        #expect(lexicon.contains(token: "Naïve!") == true)
    }

    @Test func theByteFoldingAnswersAsTheCharacterFolding() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["in", "The", "BEGINNING", "word", "o", "x", "7", ",", ".", "'", "\"", "-", " ", "(", ")", "\r\n", "\t", "~", "_", "@", "[", "`", "{"]
        for _ in 0..<5_000 {
            let token = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(lexicon.contains(token: token[...]) == lexicon.containsByCharacters(token[...]), "\(token.debugDescription)")
        }
        for byte in UInt8(0)..<0x80 {
            let token = String(UnicodeScalar(byte)) + "word" + String(UnicodeScalar(byte))
            #expect(lexicon.contains(token: token[...]) == lexicon.containsByCharacters(token[...]), "\(token.debugDescription)")
        }
    }
}
