import Foundation

/// The page's layout on the wire: clusters of lines, marks, and what the marks relate.
public struct WireLayout: Codable, Sendable, Hashable {
    public struct Cluster: Codable, Sendable, Hashable {
        public var kind: String
        public var bounds: WireRect
        /// Indexes into the answer's `lines`.
        public var lines: [Int]

        public init(kind: String, bounds: WireRect, lines: [Int]) {
            self.kind = kind
            self.bounds = bounds
            self.lines = lines
        }
    }

    public struct Mark: Codable, Sendable, Hashable {
        /// `underline`, `strikethrough`, `circle`, `ellipse`, `box`, `arrow`, `connector`,
        /// `bracket`, `brace`, `check`, `cross`, or `doodle` for strokes that are neither
        /// writing nor a known mark.
        public var kind: String
        public var strokeIDs: [UUID]
        public var bounds: WireRect

        public init(kind: String, strokeIDs: [UUID], bounds: WireRect) {
            self.kind = kind
            self.strokeIDs = strokeIDs
            self.bounds = bounds
        }
    }

    /// One end of a relation: a line (and a word of it), or, where the end is a mark or a
    /// cluster, `line` is the cluster's first line (or null) and `mark`/`cluster` say which.
    public struct Endpoint: Codable, Sendable, Hashable {
        public var line: Int?
        public var word: Int?
        public var bounds: WireRect
        public var mark: Int?
        public var cluster: Int?

        init(line: Int? = nil, word: Int? = nil, bounds: WireRect, mark: Int? = nil, cluster: Int? = nil) {
            (self.line, self.word, self.bounds, self.mark, self.cluster) = (line, word, bounds, mark, cluster)
        }

        // `line` and `word` are written as null rather than left out, as the contract shows them.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(word, forKey: .word)
            try container.encode(bounds, forKey: .bounds)
            try container.encodeIfPresent(mark, forKey: .mark)
            try container.encodeIfPresent(cluster, forKey: .cluster)
        }
    }

    public struct Relation: Codable, Sendable, Hashable {
        /// `marks`, `points`, `spans` or `annotates` (`LayoutRelation.Kind`).
        public var kind: String
        /// Index into `marks` of the mark that makes the relation, or null.
        public var mark: Int?
        public var from: Endpoint
        public var to: Endpoint

        public init(kind: String, mark: Int? = nil, from: Endpoint, to: Endpoint) {
            self.kind = kind
            self.mark = mark
            self.from = from
            self.to = to
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(mark, forKey: .mark)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
        }
    }

    public var clusters: [Cluster]
    public var marks: [Mark]
    public var relations: [Relation]

    public init(clusters: [Cluster], marks: [Mark], relations: [Relation]) {
        self.clusters = clusters
        self.marks = marks
        self.relations = relations
    }
}
