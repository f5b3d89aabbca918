import Foundation
import InkLayout

/// Where a hit stands on its page and what the page says of it: its cluster (body, margin
/// note, heading), its line, the marks drawn on its words, and the relations that join it to
/// other parts of the page, each with the other end's reading and strokes.
///
/// ```swift
/// for result in await recognizer.search("grace") {
///     if let context = result.context, context.isEmphasized { print("underlined or circled on line", context.line) }
///     for relation in result.context?.relations ?? [] { print(relation.kind, relation.reading) }   // points "Jn 3:16"
/// }
/// ```
public struct HitContext: Sendable, Hashable, Codable {
    /// A relation that joins the hit to another part of the page.
    public struct Relation: Sendable, Hashable, Codable {
        /// `points` (arrow, connector), `annotates` (margin note), `spans` (bracket, brace).
        public var kind: LayoutRelation.Kind
        /// The mark that makes it (nil for a margin note's relation).
        public var mark: LayoutMark.Kind?
        /// The hit's side: `from` where it is an arrow's tail or the margin note, `to` where it
        /// is pointed at or annotated, `member` under a bracket.
        public var role: PageMarkup.End.Role
        /// The other end's side (`mark` where only the mark stands there: the bracket itself).
        public var otherRole: PageMarkup.End.Role
        /// The other end's words, best readings joined by spaces ("" for a mark or a drawing).
        public var reading: String
        /// The other end's strokes.
        public var strokeIDs: [UUID]

        public init(kind: LayoutRelation.Kind, mark: LayoutMark.Kind?, role: PageMarkup.End.Role, otherRole: PageMarkup.End.Role,
                    reading: String, strokeIDs: [UUID]) {
            self.kind = kind
            self.mark = mark
            self.role = role
            self.otherRole = otherRole
            self.reading = reading
            self.strokeIDs = strokeIDs
        }
    }

    /// Marks that emphasize a word: underlined, circled, boxed or bracketed.
    public static let emphasisKinds: Set<LayoutMark.Kind> = [.underline, .circle, .ellipse, .box, .bracket, .brace]

    public var cluster: LayoutCluster.Kind
    /// The line of the hit's first word, in reading order on the page.
    public var line: Int
    /// Kinds of the marks on the hit's words (and brackets, braces or checks over their lines),
    /// each once, in `MarkKindBits.order`.
    public var marks: [LayoutMark.Kind]
    public var relations: [Relation]

    public init(cluster: LayoutCluster.Kind, line: Int, marks: [LayoutMark.Kind] = [], relations: [Relation] = []) {
        self.cluster = cluster
        self.line = line
        self.marks = marks
        self.relations = relations
    }

    /// Underlined, circled, boxed or bracketed.
    public var isEmphasized: Bool { marks.contains(where: Self.emphasisKinds.contains) }
    /// Struck through: a word the writer rejected (found, but ranked below words not struck).
    public var isStruck: Bool { marks.contains(.strikethrough) }
    public var isInMargin: Bool { cluster == .marginNote }

    /// The context of the document's tokens `range`, read from its markup.
    /// Complexity: O(range + the links touching it × their tokens).
    public init(tokens range: Range<Int>, of tokens: [WordToken], markup: PageMarkup) {
        let first = range.lowerBound
        let place = markup.places.indices.contains(first) ? markup.places[first] : PageMarkup.Place()
        var mask = 0
        for k in range where markup.places.indices.contains(k) { mask |= MarkKindBits.mask(markup.places[k].marks.map(\.kind)) }
        var relations: [Relation] = []
        for index in markup.linkIndices(touching: range) {
            let link = markup.links[index]
            guard let own = link.ends.first(where: { $0.tokens.contains(where: range.contains) }) else { continue }
            for end in link.ends where !end.tokens.contains(where: range.contains) && !(end.tokens.isEmpty && end.strokeIDs.isEmpty) {
                let reading = end.tokens.filter(tokens.indices.contains).map { tokens[$0].best }.filter { !$0.isEmpty }.joined(separator: " ")
                relations.append(Relation(kind: link.kind, mark: link.mark?.kind, role: own.role, otherRole: end.role,
                                          reading: reading, strokeIDs: end.strokeIDs))
            }
        }
        self.init(cluster: place.cluster, line: tokens.indices.contains(first) ? tokens[first].line : 0, marks: MarkKindBits.kinds(mask),
                  relations: relations)
    }
}
