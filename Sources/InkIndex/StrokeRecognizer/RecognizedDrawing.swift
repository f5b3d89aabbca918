import Foundation
import InkCore
import InkLayout
import InkRecognition
import InkSearch

/// What `StrokeRecognizer` knows of one drawing: line readings, word tokens and their index.
/// A value, rebuilt on each update (cheap next to recognition).
struct RecognizedDrawing: Sendable {
    var drawing = Drawing()
    var recognitions: [LineRecognition] = []
    var layout = PageLayout()
    var tokens: [WordToken] = []
    var markup = PageMarkup(plain: 0)
    var index = SearchIndex<Int>()

    init() {}

    /// `recognitions` are those of `layout.lines`, in order.
    init(drawing: Drawing, layout: PageLayout, recognitions: [LineRecognition], strokeBounds: [UUID: CGRect], tokenizer: WordTokenizer,
         searchPolicy: MatchPolicy = .standard) {
        self.drawing = drawing
        index = SearchIndex(policy: searchPolicy)
        self.layout = layout
        self.recognitions = recognitions
        tokens = recognitions.enumerated().flatMap { line, recognition in
            tokenizer.tokens(for: recognition, line: line, strokeBounds: strokeBounds)
        }
        markup = PageMarkup(layout: layout, tokens: tokens)
        index.add(tokens, markup: markup, to: 0)
    }

    /// Words grouped by line, in reading order, optionally only those touching `strokeIDs`.
    private func lines(touching strokeIDs: Set<UUID>?) -> [[WordToken]] {
        var lines: [[WordToken]] = []
        var current: Int?
        for token in tokens where !token.best.isEmpty {
            if let strokeIDs, strokeIDs.isDisjoint(with: token.strokeIDs) { continue }
            if token.line != current { lines.append([]); current = token.line }
            lines[lines.count - 1].append(token)
        }
        return lines
    }

    func text(strokeIDs: Set<UUID>?) -> String? {
        let lines = lines(touching: strokeIDs)
        guard !lines.isEmpty else { return nil }
        return lines.map { $0.map(\.best).joined(separator: " ") }.joined(separator: "\n")
    }

    var indexableContent: String? {
        let lines = lines(touching: nil)
        guard !lines.isEmpty else { return nil }
        var text = lines.map { line in
            line.map { token in
                var seen = Set<String>()
                return token.readings.map(\.text).filter { seen.insert($0).inserted }.joined(separator: " ")
            }.joined(separator: " ")
        }
        let references = index.references(in: 0).map(\.reference.description)
        if !references.isEmpty { text.append(references.joined(separator: "; ")) }
        return text.joined(separator: "\n")
    }
}
