import Foundation
import Testing
@testable import InkRecognition

@Suite struct MarkRestorationTests {
    let spanish: WordPrior
    init() throws {
        spanish = try WordPrior(zipfFrequencies: [
            "dólares": 5.06, "dolares": 3.84, "que": 7.52, "qué": 6.13, "expreso": 3.79, "expresó": 4.19,
            "habíamos": 5.0, "los": 7.0,
        ])
    }

    @Test func aWordKnownFarBetterWithItsMarksIsRespelt() {
        #expect(spanish.restoringMarks(in: "los dolares") == "los dólares")
        // Not listed at all as read: any listed marked spelling wins.
        #expect(spanish.restoringMarks(in: "habiamos") == "habíamos")
    }

    @Test func caseAndOuterPunctuationStay() {
        #expect(spanish.restoringMarks(in: "Los DOLARES, «Dolares»") == "Los DÓLARES, «Dólares»")
    }

    @Test func aPlainSpellingAsCommonOrCommonerStays() {
        #expect(spanish.restoringMarks(in: "que") == "que")          // more common than "qué"
        #expect(spanish.restoringMarks(in: "expreso") == "expreso")  // "expresó" only 0.4 points more
        #expect(spanish.restoringMarks(in: "expreso", margin: 0.3) == "expresó")
        #expect(spanish.restoringMarks(in: "zzz dolares 3:16 d0lares") == "zzz dólares 3:16 d0lares")
    }

    @Test func aMarkTheNetworkReadIsKeptThoughItsKindMayChange() throws {
        let italian = try WordPrior(zipfFrequencies: ["e": 7.46, "è": 7.10, "é": 5.17, "più": 6.5, "vero": 6.0])
        // "é" is listed, but "è" far more; "e", commoner still, would drop the mark read.
        #expect(italian.restoringMarks(in: "é vero") == "è vero")
        #expect(italian.restoringMarks(in: "Piú") == "Più")
        #expect(italian.restoringMarks(in: "è e") == "è e")
    }

    @Test func respellingsKeepTheWordsLengthInCharacters() throws {
        let german = try WordPrior(zipfFrequencies: ["straße": 5, "strasse": 3, "mañana": 5])
        // "ß" has no one-letter base: never indexed, never written for "ss".
        #expect(german.restoringMarks(in: "strasse") == "strasse")
        #expect(MarkedSpellings.base(of: "straße") == nil)
        #expect(MarkedSpellings.base(of: "miłość") == "milosc")
        #expect(german.restoringMarks(in: "MANANA") == "MAÑANA")
    }

    @Test func theEnglishPriorHasNothingToRespell() throws {
        let english = try WordPrior.shipped()
        #expect(english.markedSpellings.isEmpty)
        #expect(english.restoringMarks(in: "cafe resume naive") == "cafe resume naive")
    }

    @Test func theShippedPriorsRespellTheirLanguagesWords() throws {
        #expect(try WordPrior.shipped(.spanish).restoringMarks(in: "Los DOLARES, que") == "Los DÓLARES, que")
        #expect(try WordPrior.shipped(.italian).restoringMarks(in: "é vero") == "è vero")
        #expect(try WordPrior.shipped(.polish).restoringMarks(in: "MIEDZY nami sie") == "MIĘDZY nami się")
    }

    @Test func vocabularyWordsWithMarksCanBeRestored() throws {
        let prior = try WordPrior(zipfFrequencies: ["the": 7]).adding(["Núñez"])
        #expect(prior.restoringMarks(in: "Nunez") == "Núñez")
    }

    @Test func theDecoderRespellsItsReadingsAndPoolsTheSame() throws {
        let alphabet = Alphabet(characters: [" ", "m", "a", "á", "s"])
        func row(_ probabilities: [String: Double]) -> [Double] {
            (0..<alphabet.classCount).map { k in probabilities[k == 0 ? "_" : String(alphabet.characters[k - 1])] ?? 1e-6 }
        }
        // "mas" a little likelier than "más" as the network reads it.
        let frames = CTCFrames(probabilities: [row(["m": 0.99]), row(["a": 0.6, "á": 0.39]), row(["s": 0.99])])
        var decoder = CTCDecoder(alphabet: alphabet)
        decoder.wordPrior = try WordPrior(zipfFrequencies: ["más": 6, "zz": 1])
        let read = decoder.decode(frames, maxCandidates: 4)
        #expect(read.map(\.text).prefix(2) == ["mas", "más"])
        decoder.restoresMarks = true
        let respelt = decoder.decode(frames, maxCandidates: 4)
        #expect(respelt.first?.text == "más")
        #expect(respelt.first?.logProbability == read.first?.logProbability)
        #expect(respelt.filter { $0.text == "más" }.count == 1)
        #expect(respelt.first?.characterFrames.count == 3)
    }

    @Test func theShippedOptionsRestoreMarks() throws {
        #expect(DecodingOptions.shipped.restoresMarks)
        let decoder = try DecodingOptions.shipped(languages: [.spanish]).makeDecoder(alphabet: Alphabet(characters: [" ", "a"]))
        #expect(decoder.restoresMarks)
    }
}

@Suite struct MarkRestorationBeamTests {
    @Test func theBeamJudgesAWordAsItWillBeWritten() throws {
        let prior = try WordPrior(zipfFrequencies: ["dólares": 5.06, "dolares": 3.84, "dolores": 4.5, "que": 7.52, "qué": 6.13])
        #expect(prior.lookupRespelt(token: "DOLARES,") == .known(zipf: Double(Float(5.06))))
        #expect(prior.lookupRespelt(token: "dolores") == .known(zipf: Double(Float(4.5))))
        #expect(prior.lookupRespelt(token: "que") == .known(zipf: Double(Float(7.52))))
        #expect(prior.lookupRespelt(token: "xyz") == .unknown)
        #expect(prior.lookupRespelt(token: "3:16") == .neutral)
        // The decoder's byte path agrees with the token path.
        for token in ["DOLARES,", "dolores", "que", "qué", "xyz", "3:16", "--", "Dólares"] {
            #expect(prior.judgeRespelt(utf8: Array(token.utf8), margin: 1) == prior.judgeRespelt(token: token[...], margin: 1), "\(token)")
        }
    }

    @Test func aWordThatWillBeRespeltIsNotPenalizedAsUnknown() throws {
        let alphabet = Alphabet(characters: [" ", "d", "o", "l", "a", "r", "e", "s"])
        func row(_ probabilities: [String: Double]) -> [Double] {
            (0..<alphabet.classCount).map { k in probabilities[k == 0 ? "_" : String(alphabet.characters[k - 1])] ?? 1e-6 }
        }
        // The network reads "dolares" (no "á" in this alphabet's output) a little better than "dolores".
        let letters: [[String: Double]] = [["d": 0.99], ["o": 0.99], ["l": 0.99], ["a": 0.55, "o": 0.44],
                                           ["r": 0.99], ["e": 0.99], ["s": 0.99]]
        let frames = CTCFrames(probabilities: letters.map(row))
        var decoder = CTCDecoder(alphabet: alphabet)
        decoder.wordPrior = try WordPrior(zipfFrequencies: ["dólares": 5.06, "dolores": 4.5, "zz": 1])
        decoder.wordPriorWeight = 0.2
        decoder.unknownWordPenalty = 3
        #expect(decoder.decode(frames, maxCandidates: 1).first?.text == "dolores")
        decoder.restoresMarks = true
        #expect(decoder.decode(frames, maxCandidates: 1).first?.text == "dólares")
    }
}
