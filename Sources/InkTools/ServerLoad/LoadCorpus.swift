import Foundation
import InkIndex
import InkSynthesis

/// Lines of ink with their transcriptions, for the load benchmark: real handwriting from a
/// dataset file (`../shared/data`, gzip JSON Lines) where present, else synthetic ink.
public struct LoadCorpus: Sendable {
    public var lines: [(text: String, drawing: Drawing)]
    /// Where the lines came from, for the report.
    public var source: String

    /// Up to `limit` lines of `path`; synthetic lines of built-in sentences where it cannot be read.
    public static func load(path: String?, limit: Int) -> LoadCorpus {
        if let path, FileManager.default.isReadableFile(atPath: path), let reader = try? DatasetReader(path: path) {
            var iterator = reader.makeIterator()
            var lines: [(String, Drawing)] = []
            while lines.count < limit, let sample = try? iterator.nextSample() {
                guard !sample.drawing.strokes.isEmpty, !sample.text.isEmpty else { continue }
                lines.append((sample.text, sample.drawing))
            }
            if !lines.isEmpty { return LoadCorpus(lines: lines, source: "\(lines.count) lines of \(path)") }
        }
        var style = InkSynthesizer.Style()
        style.sampleSpacing = 0.3
        let sentences = Self.sentences
        let lines = (0..<min(limit, 200)).map { n in
            let text = sentences[n % sentences.count]
            return (text, InkSynthesizer(seed: UInt64(n + 1), style: style).drawing(for: text))
        }
        return LoadCorpus(lines: lines, source: "\(lines.count) synthetic lines (no dataset at \(path ?? "-"))")
    }

    static let sentences = [
        "the grace of God has appeared", "a lamp unto my feet", "love is patient love is kind",
        "for God so loved the world", "trust in the Lord with all your heart", "they that wait upon the Lord",
        "blessed are the poor in spirit", "in the beginning God created", "all things work together for good",
        "be still and know that I am God", "the Lord is my shepherd", "faith hope and love abide",
    ]

    /// A page of `count` lines of the corpus, one under another (from `first`, cycling).
    public func page(lines count: Int, first: Int = 0) -> Drawing {
        var strokes: [Stroke] = []
        var top = 0.0
        for k in 0..<count {
            let (_, line) = lines[(first + k) % lines.count]
            let bounds = line.bounds
            guard !bounds.isNull else { continue }
            for stroke in line.strokes {
                var moved = stroke
                moved.id = UUID(deterministicFrom: "page/\(first)/\(k)/\(stroke.id)")
                moved.points = stroke.points.map { point in
                    var point = point
                    point.location = CGPoint(x: point.location.x - bounds.minX + 20, y: point.location.y - bounds.minY + top + 20)
                    return point
                }
                strokes.append(moved)
            }
            top += bounds.height * 1.6
        }
        return Drawing(strokes: strokes)
    }
}
