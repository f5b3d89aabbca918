import Foundation
import InkCore
@testable import InkSearch

/// The first byte picks the options, the rest is the query text. `SearchQuery` parses any text
/// without trapping; its terms are what the normalizer makes of the words; a search of a small
/// index with it returns hits with finite scores, best first, inside their document.
func fuzzQuery(_ bytes: UnsafeRawBufferPointer) {
    guard let flags = bytes.first else { return }
    let options = SearchOptions(fullWordsOnly: flags & 1 != 0, caseMatchingOnly: flags & 2 != 0)
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
    let query = SearchQuery(text, options: options)
    for (index, term) in query.terms.enumerated() {
        guard !term.key.isEmpty || term.scalars.isEmpty, term.maxDistance.isFinite, term.candidateDistance >= term.maxDistance else {
            fatalError("query '\(text)': term \(index) is \(term)")
        }
        guard term.allowsPrefix == (!options.fullWordsOnly && index == query.terms.count - 1) else {
            fatalError("query '\(text)': term \(index) allows a prefix where it should not")
        }
    }
    let hits = QueryFuzzIndex.index.search(query, limit: 20)
    var previous = Double.infinity
    for hit in hits {
        guard hit.hit.score.isFinite, hit.hit.score <= previous else {
            fatalError("query '\(text)': scores \(hits.map(\.hit.score)) are not finite and best first")
        }
        previous = hit.hit.score
        guard let tokens = QueryFuzzIndex.index.tokens(of: hit.document), hit.hit.tokens.upperBound <= tokens.count,
              !hit.hit.tokens.isEmpty else {
            fatalError("query '\(text)': hit \(hit.hit) lies outside its document")
        }
    }
}

/// A few notes whose words have several readings, references and evidence.
enum QueryFuzzIndex {
    static let index: SearchIndex<String> = {
        var index = SearchIndex<String>()
        let notes = [
            "grace and peace to you from God our Father",
            "see Jn 3:16 and 1 Cor 13:4-7, also Ps ll9",
            "rn/m confusions: modern rnodern 1 l I 0 O",
            "Romans Rom. Genesis Gen 1:1 Mt 5.3-12",
        ]
        for (n, note) in notes.enumerated() {
            let tokens = note.split(separator: " ").enumerated().map { position, word in
                let text = String(word)
                let readings = [WordReading(text: text, probability: 0.7), WordReading(text: text.lowercased() + "s", probability: 0.2),
                                WordReading(text: String(text.dropLast()), probability: 0.1)]
                return WordToken(strokeIDs: [UUID(deterministicFrom: "\(n)/\(position)")],
                                 bounds: CGRect(x: Double(position) * 50, y: 0, width: 40, height: 20),
                                 line: 0, position: position, readings: readings)
            }
            index.add(tokens, to: "note-\(n)")
        }
        return index
    }()
}
