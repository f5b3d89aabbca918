import ArgumentParser
import InkIndex

/// Where a hit stands on its page, as a search may ask for it: `--emphasized`,
/// `--in margin|body` and `--linked QUERY`, shared by `search` and `library search`.
struct SpatialOptions: ParsableArguments {
    enum Region: String, CaseIterable, ExpressibleByArgument {
        case margin, body
    }

    @Flag(help: "Only underlined, circled, boxed or bracketed words.")
    var emphasized = false

    /// `in` is a Swift keyword, hence the property's other name.
    @Option(name: .customLong("in"), help: ArgumentHelp("Only words in margin notes, or only outside them (repeatable).", valueName: "margin|body"))
    var regions: [Region] = []

    @Option(help: ArgumentHelp("""
        Instead of a query's hits, the words joined to them by an arrow, a connector, a bracket \
        or a margin note ("Jn 3:16" finds the note beside it). Takes the query's place.
        """, valueName: "query"))
    var linked: String?

    var filter: SearchFilter {
        var filter: SearchFilter = emphasized ? .emphasized : []
        for region in regions {
            switch region {
            case .margin: filter.insert(.inMargin)
            case .body: filter.insert(.inBody)
            }
        }
        return filter
    }

    /// A hit's context in a few words: "margin note, underline; arrow to 'love'".
    static func describe(_ context: HitContext?) -> String {
        guard let context else { return "" }
        var parts: [String] = []
        if context.cluster != .body { parts.append(context.cluster.rawValue) }
        parts += context.marks.map(\.rawValue)
        let relations = context.relations.map { relation in
            "\(relation.mark?.rawValue ?? relation.kind.rawValue) \(relation.role == .from ? "to" : "from") '\(relation.reading)'"
        }
        return ([parts.joined(separator: ", ")] + relations).filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
