import Foundation
import InkIndex
import InkSynthesis

/// Synthetic notes, recognition output and queries for `LibraryBenchmark`.
enum BenchmarkText {
    static let marker = "zzversion2"

    static let references = ["Jn 3:16", "Ps 119:105", "1 Cor 13:4-7", "Rom 8:28", "Eph 2:8", "Gen 1:1", "Mt 5:3", "Is 40:31"]

    /// Used where no corpus is given: plain sentences.
    static let fallbackCorpus = [
        "the grace of God has appeared bringing salvation to all people",
        "a lamp unto my feet and a light unto my path",
        "love is patient love is kind it does not envy",
        "for God so loved the world that he gave his only son",
        "trust in the Lord with all your heart and lean not on your own understanding",
        "they that wait upon the Lord shall renew their strength",
        "blessed are the poor in spirit for theirs is the kingdom of heaven",
        "in the beginning God created the heaven and the earth",
        "all things work together for good to them that love God",
        "be still and know that I am God",
    ]

    private static let lookAlikes: [Character: Character] = [
        "a": "o", "e": "c", "n": "u", "m": "n", "l": "1", "i": "l", "t": "f", "h": "b", "r": "v",
        "s": "5", "g": "q", "o": "a", "u": "n", "d": "a", "c": "e", "b": "h", "f": "t", "v": "r", "w": "u",
    ]

    /// Up to two fixed misreadings of a word: one look-alike letter swapped, at a position fixed
    /// by the word itself (a recognizer misreads the same word the same way).
    static func misreadings(of word: String) -> [String] {
        let letters = Array(word)
        guard letters.count >= 2 else { return [] }
        var hash: UInt64 = 1469598103934665603
        for b in word.utf8 { hash = (hash ^ UInt64(b)) &* 1099511628211 }
        var result: [String] = []
        for k in 0..<2 {
            let at = Int((hash >> (8 * UInt64(k))) % UInt64(letters.count))
            guard let swap = lookAlikes[Character(letters[at].lowercased())] else { continue }
            var changed = letters
            changed[at] = swap
            let text = String(changed)
            if text != word, !result.contains(text) { result.append(text) }
        }
        return result
    }

    /// A note's drawing and its words with readings. Stroke ids and bounds are laid out like a
    /// page: one line every 100 units, words 120 units apart.
    static func note(_ lines: [String], number: Int, ink: [Drawing]) -> (Drawing, [WordToken]) {
        var random = SeededRandom(seed: UInt64(number) &* 7919)
        var words: [WordToken] = []
        var strokes: [Stroke] = []
        for (l, line) in lines.enumerated() {
            let y = 100 + Double(l) * 100
            for (p, word) in line.split(separator: " ").enumerated() {
                let id = UUID(deterministicFrom: "bench/\(number)/\(l)/\(p)")
                let x = 20 + Double(p) * 120
                let bounds = CGRect(x: x, y: y - 40, width: 100, height: 50)
                if ink.isEmpty { strokes.append(Stroke(id: id, points: [StrokePoint(x: x, y: y - 40), StrokePoint(x: x + 100, y: y + 10)])) }
                let best = 0.55 + 0.4 * random.unit()
                let alternatives = misreadings(of: String(word))
                var readings = [WordReading(text: String(word), probability: best)]
                for (k, alternative) in alternatives.enumerated() {
                    readings.append(WordReading(text: alternative, probability: (1 - best) * (k == 0 ? 0.7 : 0.3)))
                }
                words.append(WordToken(strokeIDs: [id], bounds: bounds, line: l, position: p, readings: readings))
            }
            if !ink.isEmpty {
                let source = ink[(number * lines.count + l) % ink.count]
                strokes += source.strokes.map { stroke in
                    var moved = stroke
                    moved.id = UUID(deterministicFrom: "bench/\(number)/\(l)/\(stroke.id)")
                    return moved
                }
            }
        }
        return (Drawing(strokes: strokes), words)
    }

    /// Where a benchmark note's words stand, as a layout of real pages would say: its last line
    /// (of two or more) a margin note annotating its first, about one word in twelve underlined
    /// and one in fifty struck through. Deterministic for a note number.
    static func markup(for words: [WordToken], number: Int) -> PageMarkup {
        let last = words.map(\.line).max() ?? 0
        var places = words.map { word -> PageMarkup.Place in
            let margin = last > 0 && word.line == last
            return PageMarkup.Place(cluster: margin ? .marginNote : .body, clusterID: margin ? 1 : 0)
        }
        for (k, word) in words.enumerated() {
            let roll = (number &* 31 &+ word.line &* 7 &+ word.position) % 60
            if roll % 12 == 0 { places[k].marks.append(PageMarkup.Mark(kind: .underline, id: k)) }
            if roll == 1 { places[k].marks.append(PageMarkup.Mark(kind: .strikethrough, id: k)) }
        }
        let note = words.indices.filter { last > 0 && words[$0].line == last }, first = words.indices.filter { words[$0].line == 0 }
        let links = note.isEmpty ? [] : [PageMarkup.Link(kind: .annotates, mark: nil, ends: [
            PageMarkup.End(role: .from, tokens: note, strokeIDs: note.flatMap { words[$0].strokeIDs }),
            PageMarkup.End(role: .to, tokens: first, strokeIDs: first.flatMap { words[$0].strokeIDs }),
        ])]
        return PageMarkup(places: places, links: links)
    }

    /// A note of recognized lines: each line's words (readings and evidence as recognized) laid
    /// out as `note(_:number:ink:)` lays them out, one two-point stroke a word; a reference, where
    /// given, is appended to its line as simulated words.
    static func note(recognized lines: [[WordToken]], references: [String?], number: Int) -> (Drawing, [WordToken]) {
        var words: [WordToken] = []
        var strokes: [Stroke] = []
        for (l, line) in lines.enumerated() {
            var lineWords = line
            if let reference = references[l] { lineWords += note([reference], number: number, ink: []).1 }
            let y = 100 + Double(l) * 100
            for (p, var word) in lineWords.enumerated() {
                let id = UUID(deterministicFrom: "bench/\(number)/\(l)/\(p)")
                let x = 20 + Double(p) * 120
                word.strokeIDs = [id]
                word.bounds = CGRect(x: x, y: y - 40, width: 100, height: 50)
                (word.line, word.position) = (l, p)
                strokes.append(Stroke(id: id, points: [StrokePoint(x: x, y: y - 40), StrokePoint(x: x + 100, y: y + 10)]))
                words.append(word)
            }
        }
        return (Drawing(strokes: strokes), words)
    }

    struct Query { var text: String; var kind: String }

    /// Words (typed as they are), word beginnings (the first four letters of a longer word),
    /// words with a typo, two-word phrases and references.
    static func queries(from texts: [String], count: Int, random: inout SeededRandom) -> [Query] {
        var types = Set<String>()
        for text in texts.prefix(20_000) {
            for word in text.split(separator: " ") where word.count >= 3 && word.allSatisfy(\.isLetter) { types.insert(String(word)) }
        }
        let vocabulary = types.sorted()
        var queries: [Query] = []
        while queries.count < count {
            let roll = random.next() % 10
            let word = vocabulary[Int(random.next() % UInt64(vocabulary.count))]
            switch roll {
            case 0:
                let line = texts[Int(random.next() % UInt64(texts.count))].split(separator: " ")
                guard line.count >= 2 else { continue }
                let at = Int(random.next() % UInt64(line.count - 1))
                queries.append(Query(text: "\(line[at]) \(line[at + 1])", kind: "phrase"))
            case 1:
                queries.append(Query(text: references[Int(random.next() % UInt64(references.count))], kind: "reference"))
            case 3:
                guard word.count >= 6 else { continue }
                queries.append(Query(text: String(word.prefix(4)), kind: "prefix"))
            case 2:
                guard word.count >= 5 else { continue }
                var letters = Array(word)
                letters[Int(random.next() % UInt64(letters.count))] = "x"
                queries.append(Query(text: String(letters), kind: "typo"))
            default:
                queries.append(Query(text: word, kind: "word"))
            }
        }
        return queries
    }
}
