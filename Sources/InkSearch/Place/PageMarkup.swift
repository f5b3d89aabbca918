import Foundation
import InkLayout

/// What the page's layout says of each recognized word: the cluster it stands in (body, margin
/// note, heading), the marks drawn on it, and the links (arrows, connectors, brackets, margin
/// notes) that join it to other words. Derived from a `PageLayout` and the page's `WordToken`s;
/// `SearchIndex` keeps one per document so that hits know their place (`HitContext`), filters
/// (`SearchFilter`) and linked search work.
///
/// Tokens name layout lines by index (`WordToken.line` is the `LayoutLine.id` the recognizer
/// read); a layout word (a stroke group) is matched to the tokens that share most of its strokes.
///
/// ```swift
/// let markup = PageMarkup(layout: PageSegmenter().layout(of: drawing), tokens: tokens)
/// markup.places[2].marks.map(\.kind)          // [.underline]
/// markup.links(touching: 2).map(\.kind)       // [.points]
/// ```
/// Complexity: O(relations × their tokens + tokens) to build.
public struct PageMarkup: Sendable, Hashable, Codable {
    /// A mark drawn on a word (or over its line: a bracket, a brace, a check).
    public struct Mark: Sendable, Hashable, Codable {
        public var kind: LayoutMark.Kind
        /// The mark's index in the layout's marks.
        public var id: Int
        public init(kind: LayoutMark.Kind, id: Int) {
            self.kind = kind
            self.id = id
        }
    }

    /// Where one token stands.
    public struct Place: Sendable, Hashable, Codable {
        public var cluster: LayoutCluster.Kind
        /// The cluster's index in the layout.
        public var clusterID: Int
        /// Marks on the word, each once, in the layout's order.
        public var marks: [Mark]
        public init(cluster: LayoutCluster.Kind = .body, clusterID: Int = 0, marks: [Mark] = []) {
            self.cluster = cluster
            self.clusterID = clusterID
            self.marks = marks
        }
    }

    /// One end of a link: the tokens it holds (none for a mark or a drawing) and its strokes.
    public struct End: Sendable, Hashable, Codable {
        public enum Role: String, Sendable, Hashable, Codable {
            /// The arrow's tail, the margin note.
            case from
            /// The arrow's head, the annotated line.
            case to
            /// A line under a bracket or brace (all of them are joined by it).
            case member
            /// The mark itself, where nothing stands at that end (a bracket, an arrow from nowhere).
            case mark
        }
        public var role: Role
        /// Indices of the document's tokens, in reading order.
        public var tokens: [Int]
        public var strokeIDs: [UUID]
        public init(role: Role, tokens: [Int], strokeIDs: [UUID]) {
            self.role = role
            self.tokens = tokens
            self.strokeIDs = strokeIDs
        }
    }

    /// A relation that joins parts of the page: an arrow or connector (`points`), a margin note
    /// beside a line (`annotates`), a bracket or brace over lines (`spans`).
    public struct Link: Sendable, Hashable, Codable {
        public var kind: LayoutRelation.Kind
        /// The mark that makes it (nil for a margin note's relation).
        public var mark: Mark?
        public var ends: [End]
        public init(kind: LayoutRelation.Kind, mark: Mark?, ends: [End]) {
            self.kind = kind
            self.mark = mark
            self.ends = ends
        }
    }

    /// Per token of the document, in order.
    public var places: [Place]
    public var links: [Link]
    /// Per token: the links with an end holding it.
    private var linksByToken: [[Int]]

    public init(places: [Place], links: [Link]) {
        self.places = places
        self.links = links
        var byToken = [[Int]](repeating: [], count: places.count)
        for (k, link) in links.enumerated() {
            for end in link.ends {
                for token in end.tokens where byToken.indices.contains(token) && byToken[token].last != k { byToken[token].append(k) }
            }
        }
        linksByToken = byToken
    }

    /// Every token in the body, unmarked and unlinked: what a page without layout reads as.
    public init(plain tokenCount: Int) {
        self.init(places: Array(repeating: Place(), count: tokenCount), links: [])
    }

    private enum CodingKeys: String, CodingKey { case places, links }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(places: try container.decode([Place].self, forKey: .places), links: try container.decode([Link].self, forKey: .links))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(places, forKey: .places)
        try container.encode(links, forKey: .links)
    }

    /// The links with an end holding `token`.
    public func links(touching token: Int) -> [Link] {
        linksByToken.indices.contains(token) ? linksByToken[token].map { links[$0] } : []
    }

    /// Indices (into `links`) of the links touching any of `tokens`, each once, in order.
    public func linkIndices(touching tokens: Range<Int>) -> [Int] {
        var found: [Int] = []
        for token in tokens where linksByToken.indices.contains(token) {
            for k in linksByToken[token] where !found.contains(k) { found.append(k) }
        }
        return found.sorted()
    }
}

extension PageMarkup {
    /// Reads the layout's clusters, marks and relations onto the tokens.
    public init(layout: PageLayout, tokens: [WordToken]) {
        var tokensOfLine: [Int: [Int]] = [:]
        for (k, token) in tokens.enumerated() { tokensOfLine[token.line, default: []].append(k) }
        let clusterOfLine = Dictionary(layout.lines.map { ($0.id, $0.clusterID) }, uniquingKeysWith: { a, _ in a })
        let kindOfCluster = Dictionary(layout.clusters.map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })
        let markByID = Dictionary(layout.marks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

        func tokensOf(_ element: LayoutRelation.Element) -> [Int] {
            switch element {
            case .line(let id):
                return tokensOfLine[id] ?? []
            case .cluster(let id):
                guard let cluster = layout.clusters.first(where: { $0.id == id }) else { return [] }
                return cluster.lineIDs.flatMap { tokensOfLine[$0] ?? [] }
            case .word(let line, _):
                let strokes = Set(layout.strokeIDs(of: element))
                guard !strokes.isEmpty else { return [] }
                // A token belongs to the word where most of the one lies in the other.
                return (tokensOfLine[line] ?? []).filter { k in
                    let ids = tokens[k].strokeIDs
                    let shared = ids.filter(strokes.contains).count
                    return shared > 0 && (2 * shared >= ids.count || 2 * shared >= strokes.count)
                }
            case .mark:
                return []
            }
        }

        var places = tokens.map { token -> Place in
            let cluster = clusterOfLine[token.line] ?? 0
            return Place(cluster: kindOfCluster[cluster] ?? .body, clusterID: cluster)
        }
        var links: [Link] = []
        for relation in layout.relations {
            let mark = relation.mark.flatMap { id in markByID[id].map { Mark(kind: $0.kind, id: id) } }
            switch relation.kind {
            case .marks, .spans:
                if let mark {
                    for token in Set(relation.to.flatMap(tokensOf)) where !places[token].marks.contains(mark) {
                        places[token].marks.append(mark)
                    }
                }
                guard relation.kind == .spans else { continue }
                var ends = relation.to.map { End(role: .member, tokens: tokensOf($0), strokeIDs: layout.strokeIDs(of: $0)) }
                if let mark { ends.insert(End(role: .mark, tokens: [], strokeIDs: markByID[mark.id]?.strokeIDs ?? []), at: 0) }
                links.append(Link(kind: .spans, mark: mark, ends: ends))
            case .points, .annotates:
                let from = End(role: relation.from == relation.mark.map(LayoutRelation.Element.mark) ? .mark : .from,
                               tokens: tokensOf(relation.from), strokeIDs: layout.strokeIDs(of: relation.from))
                let to = relation.to.map { End(role: .to, tokens: tokensOf($0), strokeIDs: layout.strokeIDs(of: $0)) }
                links.append(Link(kind: relation.kind, mark: mark, ends: [from] + to))
            }
        }
        for k in places.indices { places[k].marks.sort { $0.id < $1.id } }
        self.init(places: places, links: links)
    }
}
