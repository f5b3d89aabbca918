import Foundation
import InkCore

/// Where things are on a page: lines of writing, the words in them, clusters such as a margin
/// note, non-writing marks (underlines, circles, arrows, brackets) and how they relate.
///
/// `PageLayout` is a pure function of a `Drawing` (see `PageSegmenter`), cheap enough to compute
/// on every update. Every element names the strokes it holds by their identifiers.
public struct PageLayout: Sendable, Hashable, Codable {
    public var lines: [LayoutLine]
    public var clusters: [LayoutCluster]
    public var marks: [LayoutMark]
    public var relations: [LayoutRelation]
    /// Strokes that are neither writing nor a recognized mark (doodles, drawings).
    public var drawingStrokeIDs: [UUID]

    public init(
        lines: [LayoutLine] = [], clusters: [LayoutCluster] = [], marks: [LayoutMark] = [],
        relations: [LayoutRelation] = [], drawingStrokeIDs: [UUID] = []
    ) {
        self.lines = lines
        self.clusters = clusters
        self.marks = marks
        self.relations = relations
        self.drawingStrokeIDs = drawingStrokeIDs
    }
}

/// A line of writing: the unit that is fed to the recognizer.
public struct LayoutLine: Sendable, Hashable, Codable, Identifiable {
    /// Index of the line in reading order on the page.
    public var id: Int
    /// The line's strokes in writing order (the order the recognizer should see them).
    public var strokeIDs: [UUID]
    public var bounds: CGRect
    /// Words as stroke groups, left to right, from spacing alone (before recognition).
    public var words: [LayoutWord]
    /// The cluster (body text, margin note, heading) the line belongs to.
    public var clusterID: Int

    public init(id: Int, strokeIDs: [UUID], bounds: CGRect, words: [LayoutWord] = [], clusterID: Int = 0) {
        self.id = id
        self.strokeIDs = strokeIDs
        self.bounds = bounds
        self.words = words
        self.clusterID = clusterID
    }
}

public struct LayoutWord: Sendable, Hashable, Codable {
    public var strokeIDs: [UUID]
    public var bounds: CGRect
    public init(strokeIDs: [UUID], bounds: CGRect) {
        self.strokeIDs = strokeIDs
        self.bounds = bounds
    }
}

/// A group of lines that belong together: the body, a margin note, a heading.
public struct LayoutCluster: Sendable, Hashable, Codable, Identifiable {
    public enum Kind: String, Sendable, Hashable, Codable { case body, marginNote, heading, other }
    public var id: Int
    public var kind: Kind
    public var lineIDs: [Int]
    public var bounds: CGRect
    public init(id: Int, kind: Kind, lineIDs: [Int], bounds: CGRect) {
        self.id = id
        self.kind = kind
        self.lineIDs = lineIDs
        self.bounds = bounds
    }
}

/// A non-writing stroke (or group of strokes) with a meaning on the page.
public struct LayoutMark: Sendable, Hashable, Codable, Identifiable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case underline, strikethrough, circle, ellipse, box, arrow, connector, bracket, brace, check, cross
    }
    public var id: Int
    public var kind: Kind
    public var strokeIDs: [UUID]
    public var bounds: CGRect
    /// For arrows: the tail and the head, so that the direction is known.
    public var tail: CGPoint?
    public var head: CGPoint?
    public init(id: Int, kind: Kind, strokeIDs: [UUID], bounds: CGRect, tail: CGPoint? = nil, head: CGPoint? = nil) {
        self.id = id
        self.kind = kind
        self.strokeIDs = strokeIDs
        self.bounds = bounds
        self.tail = tail
        self.head = head
    }
}

/// How two elements of the page relate.
public struct LayoutRelation: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A mark (underline, enclosure, strike-through, check) applies to words or lines.
        case marks
        /// An arrow or connector runs from one element to another.
        case points
        /// A bracket or brace covers lines.
        case spans
        /// A margin note belongs to a body line.
        case annotates
    }
    /// An element of the page a relation can name.
    public enum Element: Sendable, Hashable, Codable {
        case line(Int)
        case word(line: Int, index: Int)
        case cluster(Int)
        case mark(Int)
    }
    public var kind: Kind
    public var from: Element
    public var to: [Element]
    /// The mark that makes the relation (the underline, the arrow, the bracket), if any: for an
    /// arrow `from` is the element at its tail, so the arrow itself is named here.
    public var mark: Int?
    public init(kind: Kind, from: Element, to: [Element], mark: Int? = nil) {
        self.kind = kind
        self.from = from
        self.to = to
        self.mark = mark
    }
}
