import Foundation

/// What one `.rm` page file holds, as the model needs it: strokes with stable ids, the typed text,
/// and counts of what did not become ink. Both page readers (`RemarkableLines` for v3 and v5,
/// `RemarkableScene` for v6) give one.
struct RemarkablePageContent {
    /// The `.rm` generation: 3, 5 or 6.
    var version: Int
    var strokes: [Stroke] = []
    var highlighterStrokes = 0
    var texts: [String] = []
    var skipped: [String: Int] = [:]
    var warnings: [String] = []
    var layers = 0

    init(version: Int) {
        self.version = version
    }

    mutating func warn(_ message: String) {
        if !warnings.contains(message) { warnings.append(message) }
    }

    mutating func skip(_ kind: String) {
        skipped[kind, default: 0] += 1
    }

    /// Adds a stroke drawn with pen code `pen`: ink, a highlighter mark, or an eraser skipped.
    /// `points` have been checked finite by the caller.
    mutating func add(points: [StrokePoint], pen: UInt32, color: Ink.Color?, colorCode: UInt32, width: Double?, id: UUID) {
        let (kind, known) = RemarkablePens.kind(of: pen)
        if !known { warn("pen codes this reader does not know (\(pen), ...) read as pens") }
        let tool: Ink.Tool
        switch kind {
        case .eraser:
            skip("eraser")
            return
        case .highlighter:
            tool = .marker
            highlighterStrokes += 1
        case .ink(let inkTool):
            tool = inkTool
        }
        guard !points.isEmpty else {
            skip("empty stroke")
            return
        }
        let ink = Ink(tool: tool, color: color ?? RemarkablePens.color(colorCode, highlighter: kind == .highlighter),
                      width: width.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil })
        strokes.append(Stroke(id: id, points: points, ink: ink))
    }

    /// The first 43 bytes of every `.rm` file since software 1.x: `reMarkable .lines file,
    /// version=N` padded with spaces. The version, or nil where the bytes are not such a header.
    static func headerVersion(_ data: Data) -> Int? {
        let prefix = Array("reMarkable .lines file, version=".utf8)
        guard data.count >= 43, Array(data.prefix(prefix.count)) == prefix else { return nil }
        let digits = data.dropFirst(prefix.count).prefix(43 - prefix.count).prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty, digits.count <= 3 else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    static let headerLength = 43
}
