/// PencilKit's search options.
///
/// - `fullWordsOnly`: "note" finds "note" but not "notebook" (the last word of a query is
///   otherwise a prefix).
/// - `caseMatchingOnly`: "Job" finds "Job" but not "job"; letters that differ only by case do
///   not match, though confusions still do ("Ps ll9" still finds "Ps 119").
///
/// ```swift
/// let options = SearchOptions(fullWordsOnly: true)
/// ```
public struct SearchOptions: Sendable, Hashable, Codable {
    public var fullWordsOnly: Bool
    public var caseMatchingOnly: Bool

    public init(fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false) {
        self.fullWordsOnly = fullWordsOnly
        self.caseMatchingOnly = caseMatchingOnly
    }
}
