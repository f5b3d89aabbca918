import Foundation
import Testing
@testable import InkRecognition

/// Frames from a row per frame of (character or "_" for blank) → probability; the rest of each
/// row's mass is spread evenly over the other classes.
private func frames(_ alphabet: Alphabet, _ rows: [[String: Double]]) -> CTCFrames {
    let matrix = rows.map { row -> [Double] in
        let rest = max(0, 1 - row.values.reduce(0, +))
        let unnamed = alphabet.classCount - row.count
        return (0..<alphabet.classCount).map { k in
            let name = k == 0 ? "_" : String(alphabet.characters[k - 1])
            return row[name] ?? (unnamed > 0 ? max(rest / Double(unnamed), 1e-12) : 1e-12)
        }
    }
    return CTCFrames(probabilities: matrix)
}

/// Sums every CTC path of `frames` by the text it spells (spaces normalized): the exact answer
/// that beam search approximates.
private func bruteForce(_ alphabet: Alphabet, _ frames: CTCFrames) -> [String: Double] {
    var totals: [String: Double] = [:]
    let paths = Int(pow(Double(frames.classCount), Double(frames.frameCount)))
    for code in 0..<paths {
        var rest = code, previous = 0, logP = 0.0
        var text = ""
        for t in 0..<frames.frameCount {
            let k = rest % frames.classCount
            rest /= frames.classCount
            logP += Double(frames[t, k])
            if k != 0 && k != previous { text.append(alphabet.characters[k - 1]) }
            previous = k
        }
        let normalized = text.split(separator: " ").joined(separator: " ")
        totals[normalized] = totals[normalized].map { logSumExp($0, logP) } ?? logP
    }
    return totals
}

/// A deterministic source of random frames.
private struct SeededRows {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    mutating func rows(frames: Int, classes: Int) -> [[Double]] {
        (0..<frames).map { _ in
            let raw = (0..<classes).map { _ in 0.05 + next() }
            let sum = raw.reduce(0, +)
            return raw.map { $0 / sum }
        }
    }
}

@Suite struct DecodingTests {
    let ab = Alphabet(characters: Array(" ab"))

    @Test func alphabetNumbersClassesAfterTheBlank() {
        #expect(ab.classCount == 4)
        #expect(ab.classIndex(of: "a") == 2)
        #expect(ab.character(forClass: 3) == "b")
        #expect(ab.character(forClass: 0) == nil)
        #expect(ab.spaceClass == 1)
    }

    @Test func readsAClearPathAndItsFrames() {
        let f = frames(ab, [["_": 0.9], ["a": 0.9], ["_": 0.9], ["_": 0.9], ["b": 0.9], ["b": 0.9]])
        let decoder = CTCDecoder(alphabet: ab)
        let best = decoder.decode(f, maxCandidates: 3)
        #expect(best.first?.text == "ab")
        #expect(best.first?.characterFrames == [1, 4])
        #expect(decoder.greedy(f).text == "ab")
        #expect(decoder.greedy(f).characterFrames == [1, 4])
    }

    @Test func greedyScoresItsSinglePath() {
        let f = frames(ab, [["a": 0.7], ["_": 0.6]])
        let greedy = CTCDecoder(alphabet: ab).greedy(f)
        #expect(greedy.text == "a")
        #expect(abs(greedy.logProbability - log(0.7 * 0.6)) < 1e-5)
    }

    @Test func repeatedCharactersNeedABlankBetween() {
        let decoder = CTCDecoder(alphabet: ab)
        let merged = frames(ab, [["a": 0.95], ["a": 0.95]])
        #expect(decoder.decode(merged, maxCandidates: 1).first?.text == "a")
        #expect(decoder.greedy(merged).text == "a")
        let separated = frames(ab, [["a": 0.95], ["_": 0.95], ["a": 0.95]])
        #expect(decoder.decode(separated, maxCandidates: 1).first?.text == "aa")
        #expect(decoder.greedy(separated).text == "aa")
    }

    /// The best path is blank-blank (0.36), but "a" sums three paths (0.64): only merging finds it.
    @Test func mergingPrefixesBeatsTheGreedyPath() {
        let a = Alphabet(characters: ["a"])
        let f = CTCFrames(probabilities: [[0.6, 0.4], [0.6, 0.4]])
        let decoder = CTCDecoder(alphabet: a)
        #expect(decoder.greedy(f).text == "")
        let best = decoder.decode(f, maxCandidates: 2)
        #expect(best.map(\.text) == ["a", ""])
        #expect(abs(best[0].logProbability - log(0.64)) < 1e-5)
        #expect(abs(best[1].logProbability - log(0.36)) < 1e-5)
    }

    @Test func spacesAreNormalizedAndPooled() {
        let f = frames(ab, [[" ": 0.9], ["a": 0.9], [" ": 0.9], ["_": 0.9], [" ": 0.9], ["b": 0.9], [" ": 0.9]])
        let decoder = CTCDecoder(alphabet: ab)
        #expect(decoder.greedy(f).text == "a b")
        let best = decoder.decode(f, maxCandidates: 5)
        #expect(best.first?.text == "a b")
        #expect(best.first?.characterFrames == [1, 2, 5])
        #expect(Set(best.map(\.text)).count == best.count)
        for candidate in best {
            #expect(!candidate.text.hasPrefix(" ") && !candidate.text.hasSuffix(" ") && !candidate.text.contains("  "))
        }
    }

    /// With a beam wide enough to keep every prefix, the N-best list is exact: the same texts, in
    /// the same order, with the same log-probabilities as summing all paths.
    @Test(arguments: [1, 2, 3])
    func nBestMatchesBruteForceEnumeration(seed: UInt64) {
        var random = SeededRows(state: seed)
        let f = CTCFrames(probabilities: random.rows(frames: 5, classes: ab.classCount))
        let exact = bruteForce(ab, f).sorted { $0.value > $1.value }
        let decoder = CTCDecoder(alphabet: ab, beamWidth: 1000, extensionThreshold: -.infinity)
        let decoded = decoder.decode(f, maxCandidates: 1000)
        #expect(decoded.count == exact.count, "\(Set(decoded.map(\.text)).subtracting(exact.map(\.key)).sorted().prefix(20))")
        for (got, want) in zip(decoded, exact) {
            #expect(got.text == want.key)
            #expect(abs(got.logProbability - want.value) < 1e-4)
        }
        let total = decoded.map(\.logProbability).reduce(-Double.infinity, logSumExp)
        #expect(abs(total) < 1e-4, "the readings of all paths share all the probability")
    }

    @Test func aNarrowBeamStillRanksItsBestFirst() {
        var random = SeededRows(state: 9)
        let f = CTCFrames(probabilities: random.rows(frames: 6, classes: ab.classCount))
        let exactBest = bruteForce(ab, f).max { $0.value < $1.value }!
        let decoded = CTCDecoder(alphabet: ab, beamWidth: 8).decode(f, maxCandidates: 4)
        #expect(decoded.count == 4)
        #expect(decoded.first?.text == exactBest.key)
        #expect(zip(decoded, decoded.dropFirst()).allSatisfy { $0.logProbability >= $1.logProbability })
    }

    @Test func pruningSkipsBlankFramesAndUnlikelyClasses() {
        let blankFrame = CTCFrames(probabilities: [[0.9995, 0.0001, 0.0003, 0.0001]])
        #expect(CTCDecoder(alphabet: ab).decode(blankFrame, maxCandidates: 5).map(\.text) == [""])
        let exact = CTCDecoder(alphabet: ab, extensionThreshold: -.infinity)
        #expect(exact.decode(blankFrame, maxCandidates: 5).map(\.text) == ["", "a", "b"])

        let flat = CTCFrames(probabilities: [[0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]])
        var narrow = CTCDecoder(alphabet: ab)
        narrow.maxExtensionsPerFrame = 1
        #expect(Set(narrow.decode(flat, maxCandidates: 10).map(\.text)) == ["", "b"])
    }

    @Test func noFramesReadAsNothing() {
        let f = CTCFrames(logProbabilities: [], frameCount: 0, classCount: ab.classCount)
        let decoder = CTCDecoder(alphabet: ab)
        #expect(decoder.decode(f, maxCandidates: 3).map(\.text) == [""])
        #expect(decoder.greedy(f).text == "")
        #expect(decoder.decode(f, maxCandidates: 0).isEmpty)
    }

    @Test func aLanguageModelTipsAnAmbiguousReading() {
        let f = frames(ab, [["a": 0.5, "b": 0.45], ["_": 0.9]])
        #expect(CTCDecoder(alphabet: ab).decode(f, maxCandidates: 1).first?.text == "a")
        let lm = TableLanguageModel(preferred: "b")
        var guided = CTCDecoder(alphabet: ab, languageModel: lm, languageModelWeight: 1, insertionBonus: 0)
        guided.scoresLineEnd = false
        #expect(guided.decode(f, maxCandidates: 1).first?.text == "b")
    }

    @Test func theLineEndIsScoredAsAWordBoundary() throws {
        let noSpace = Alphabet(characters: ["a", "b"])
        let f = frames(noSpace, [["b": 0.9], ["_": 0.9]])
        var decoder = CTCDecoder(alphabet: noSpace, languageModel: TableLanguageModel(preferred: "b"), languageModelWeight: 0.5, insertionBonus: 0)
        decoder.scoresLineEnd = false
        let open = try #require(decoder.decode(f, maxCandidates: 3).first { $0.text == "b" })
        decoder.scoresLineEnd = true
        let closed = try #require(decoder.decode(f, maxCandidates: 3).first { $0.text == "b" })
        #expect(abs(closed.logProbability - (open.logProbability + 0.5 * log(0.05))) < 1e-3)
    }

    @Test func aLexiconBonusFavorsKnownWords() {
        let f = frames(ab, [["a": 0.5, "b": 0.45], ["_": 0.9], ["b": 0.9]])
        #expect(CTCDecoder(alphabet: ab).decode(f, maxCandidates: 1).first?.text == "ab")
        let lexicon = Lexicon(words: ["bb"])
        let guided = CTCDecoder(alphabet: ab, lexicon: lexicon, lexiconBonus: 1)
        #expect(guided.decode(f, maxCandidates: 1).first?.text == "bb")
    }

    @Test func lexiconFoldsCaseAndOuterPunctuation() {
        let lexicon = Lexicon(words: ["said"])
        #expect(lexicon.contains(token: "Said,") == true)
        #expect(lexicon.contains(token: "\"said\"") == true)
        #expect(lexicon.contains(token: "sadi") == false)
        #expect(lexicon.contains(token: "3:16") == true)
        #expect(lexicon.contains(token: ".") == nil)
    }
}

/// A unigram model that gives `preferred` 0.9 and spreads the rest.
private struct TableLanguageModel: CharacterLanguageModel {
    var preferred: Character
    var order: Int { 1 }
    var initialState: Int { 0 }
    func score(_ next: Character, after state: Int) -> (logProbability: Double, state: Int) {
        (next == preferred ? log(0.9) : log(0.05), 0)
    }
}

@Suite struct DecodingOptionsTests {
    let ab = Alphabet(characters: Array(" ab"))

    @Test func shippedOptionsUseBeamSearchWithTheLanguageModel() throws {
        let decoder = try DecodingOptions.shipped.makeDecoder(alphabet: ab)
        #expect(decoder.method == .beamSearch)
        #expect(decoder.languageModel != nil)
        #expect(decoder.insertionBonus == DecodingOptions.shipped.insertionBonus)
    }

    @Test func greedyOptionsGiveOneCandidate() throws {
        var options = DecodingOptions()
        options.method = .greedy
        let decoder = try options.makeDecoder(alphabet: ab)
        let f = CTCFrames(probabilities: [[0.1, 0.1, 0.5, 0.3], [0.9, 0.03, 0.03, 0.04]])
        #expect(decoder.decode(f, maxCandidates: 5).map(\.text) == ["a"])
    }

    @Test func noLanguageModelMeansNoBonus() throws {
        var options = DecodingOptions()
        options.useLanguageModel = false
        let decoder = try options.makeDecoder(alphabet: ab)
        #expect(decoder.languageModel == nil)
        #expect(decoder.insertionBonus == 0)
        let f = CTCFrames(probabilities: [[0.6, 0.01, 0.39, 0], [0.6, 0.01, 0.39, 0]].map { $0.map { max($0, 1e-9) } })
        let best = try #require(decoder.decode(f, maxCandidates: 1).first)
        #expect(best.text == "a")
        // aa, a_, _a, and " a", "a " (spaces at the ends are no text).
        #expect(abs(best.logProbability - log(0.39 * 0.39 + 2 * 0.39 * 0.6 + 2 * 0.39 * 0.01)) < 1e-4)
    }
}
