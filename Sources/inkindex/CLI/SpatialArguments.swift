import Foundation
import InkIndex

/// `--emphasized`, `--in margin|body` and `--linked QUERY`, shared by `search` and `library search`.
enum SpatialArguments {
    static let flags: Set<String> = ["emphasized"]
    static let options: Set<String> = ["in", "linked"]

    static let help = """
          --emphasized     Only underlined, circled, boxed or bracketed words.
          --in margin|body Only words in margin notes, or only outside them (repeatable).
          --linked QUERY   Instead of QUERY's hits, the words joined to them by an arrow, a
                           connector, a bracket or a margin note ("Jn 3:16" finds the note beside it).
        """

    static func filter(_ args: ParsedArguments) throws -> SearchFilter {
        var filter: SearchFilter = args.flag("emphasized") ? .emphasized : []
        for place in args.options("in") {
            switch place {
            case "margin": filter.insert(.inMargin)
            case "body": filter.insert(.inBody)
            default: throw CLIError.usage("--in takes margin or body, not '\(place)'")
            }
        }
        return filter
    }

    /// A hit's context in a few words: "margin note, underline; points to 'love'".
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
