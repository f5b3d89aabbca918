import Foundation
import InkIndex

/// Builds the wire shapes from the library's and the recognizer's types.
package enum WireConversion {
    /// Line readings' scores: each candidate's share of the probability of all the readings
    /// kept (a softmax of their log-probabilities), so that they add up to 1.
    package static func candidates(_ recognition: LineRecognition) -> [WireCandidate] {
        guard let best = recognition.candidates.map(\.logProbability).max() else { return [] }
        let weights = recognition.candidates.map { exp($0.logProbability - best) }
        let total = weights.reduce(0, +)
        return zip(recognition.candidates, weights).map { WireCandidate(text: $0.text, score: $1 / total) }
    }

    package static func word(_ token: WordToken) -> WireWord {
        WireWord(text: token.best, strokeIDs: token.strokeIDs, bounds: WireRect(token.bounds),
                 candidates: token.readings.map { WireCandidate(text: $0.text, score: $0.probability) })
    }

    package static func clusterKind(_ kind: LayoutCluster.Kind) -> String {
        switch kind {
        case .marginNote: "margin"
        case .heading: "heading"
        case .body, .other: "body"
        }
    }

    /// The page's lines in reading order. Where `recognitions` is nil (a stored note, whose index
    /// keeps words, not line readings) a line's one candidate is its words' best readings, scored
    /// by the product of their probabilities.
    package static func lines(layout: PageLayout, recognitions: [LineRecognition]?, words: [WordToken]) -> [WireLine] {
        let clusterKinds = Dictionary(layout.clusters.map { ($0.id, clusterKind($0.kind)) }, uniquingKeysWith: { a, _ in a })
        let wordsByLine = Dictionary(grouping: words.filter { !$0.best.isEmpty }, by: \.line)
        return layout.lines.enumerated().map { index, line in
            let lineWords = (wordsByLine[index] ?? []).sorted { $0.position < $1.position }
            let wordText = lineWords.map(\.best).joined(separator: " ")
            var candidates: [WireCandidate]
            if let recognitions, recognitions.indices.contains(index) {
                candidates = Self.candidates(recognitions[index])
            } else if !lineWords.isEmpty {
                candidates = [WireCandidate(text: wordText, score: lineWords.reduce(1) { $0 * ($1.readings.first?.probability ?? 0) })]
            } else {
                candidates = []
            }
            return WireLine(index: index, text: candidates.first?.text ?? wordText, bounds: WireRect(line.bounds),
                            strokeIDs: line.strokeIDs, cluster: clusterKinds[line.clusterID] ?? "body",
                            candidates: candidates, words: lineWords.map(word))
        }
    }

    /// Clusters, marks (strokes that are neither writing nor a known mark come last, as
    /// `doodle`s) and relations, one per target (a relation to three lines is three relations).
    package static func layout(_ layout: PageLayout, drawing: Drawing) -> WireLayout {
        let lineIndex = Dictionary(layout.lines.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let markIndex = Dictionary(layout.marks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let clusterIndex = Dictionary(layout.clusters.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let clusters = layout.clusters.map {
            WireLayout.Cluster(kind: clusterKind($0.kind), bounds: WireRect($0.bounds), lines: $0.lineIDs.compactMap { lineIndex[$0] })
        }
        var marks = layout.marks.map { WireLayout.Mark(kind: $0.kind.rawValue, strokeIDs: $0.strokeIDs, bounds: WireRect($0.bounds)) }
        let doodles = Set(layout.drawingStrokeIDs)
        for stroke in drawing.strokes where doodles.contains(stroke.id) {
            marks.append(WireLayout.Mark(kind: "doodle", strokeIDs: [stroke.id], bounds: WireRect(stroke.renderBounds)))
        }
        func endpoint(_ element: LayoutRelation.Element) -> WireLayout.Endpoint? {
            switch element {
            case .line(let id):
                guard let line = lineIndex[id] else { return nil }
                return WireLayout.Endpoint(line: line, word: nil, bounds: WireRect(layout.lines[line].bounds))
            case .word(let id, let word):
                guard let line = lineIndex[id], layout.lines[line].words.indices.contains(word) else { return nil }
                return WireLayout.Endpoint(line: line, word: word, bounds: WireRect(layout.lines[line].words[word].bounds))
            case .cluster(let id):
                guard let cluster = clusterIndex[id] else { return nil }
                return WireLayout.Endpoint(line: clusters[cluster].lines.first, bounds: clusters[cluster].bounds, cluster: cluster)
            case .mark(let id):
                guard let mark = markIndex[id] else { return nil }
                return WireLayout.Endpoint(bounds: marks[mark].bounds, mark: mark)
            }
        }
        var relations: [WireLayout.Relation] = []
        for relation in layout.relations {
            guard let from = endpoint(relation.from) else { continue }
            for target in relation.to {
                guard let to = endpoint(target) else { continue }
                relations.append(WireLayout.Relation(kind: relation.kind.rawValue, mark: relation.mark.flatMap { markIndex[$0] }, from: from, to: to))
            }
        }
        return WireLayout(clusters: clusters, marks: marks, relations: relations)
    }
}
