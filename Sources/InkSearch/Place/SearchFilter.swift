import InkLayout

/// Which hits a search keeps, by where they stand on the page (`HitContext`). Empty: all.
///
/// - `emphasized`: underlined, circled, boxed or bracketed words only.
/// - `inMargin`: words in margin notes only.
/// - `inBody`: words outside margin notes only (the body, headings).
///
/// `inMargin` and `inBody` together keep both; `emphasized` with either keeps the emphasized
/// words there.
///
/// ```swift
/// index.search("grace", options: SearchOptions(filter: [.emphasized]))
/// index.search("Rom 5", options: SearchOptions(filter: .inMargin))
/// ```
public struct SearchFilter: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let emphasized = SearchFilter(rawValue: 1 << 0)
    public static let inMargin = SearchFilter(rawValue: 1 << 1)
    public static let inBody = SearchFilter(rawValue: 1 << 2)

    /// Whether a hit standing in `cluster` with `marks` passes.
    public func admits(cluster: LayoutCluster.Kind, marks: some Sequence<LayoutMark.Kind>) -> Bool {
        if contains(.emphasized), !marks.contains(where: HitContext.emphasisKinds.contains) { return false }
        let margin = cluster == .marginNote
        if contains(.inMargin) || contains(.inBody) {
            if margin ? !contains(.inMargin) : !contains(.inBody) { return false }
        }
        return true
    }

    /// Whether a hit with `context` passes (one without a context stands in the body, unmarked).
    public func admits(_ context: HitContext?) -> Bool {
        admits(cluster: context?.cluster ?? .body, marks: context?.marks ?? [])
    }
}
