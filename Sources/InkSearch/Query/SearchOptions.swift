/// PencilKit's search options.
///
/// - `fullWordsOnly`: "note" finds "note" but not "notebook" (the last word of a query is
///   otherwise a prefix).
/// - `caseMatchingOnly`: "Job" finds "Job" but not "job"; letters that differ only by case do
///   not match, though confusions still do ("Ps ll9" still finds "Ps 119").
///
/// - `filter`: where on the page hits may stand (`SearchFilter`: emphasized, in margin notes,
///   in the body); empty keeps every hit.
///
/// ```swift
/// let options = SearchOptions(fullWordsOnly: true)
/// let underlined = SearchOptions(filter: .emphasized)
/// ```
public struct SearchOptions: Sendable, Hashable, Codable {
    public var fullWordsOnly: Bool
    public var caseMatchingOnly: Bool
    public var filter: SearchFilter

    public init(fullWordsOnly: Bool = false, caseMatchingOnly: Bool = false, filter: SearchFilter = []) {
        self.fullWordsOnly = fullWordsOnly
        self.caseMatchingOnly = caseMatchingOnly
        self.filter = filter
    }

    private enum CodingKeys: String, CodingKey { case fullWordsOnly, caseMatchingOnly, filter }

    /// Options written before filters existed decode with no filter.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(fullWordsOnly: try container.decode(Bool.self, forKey: .fullWordsOnly),
                  caseMatchingOnly: try container.decode(Bool.self, forKey: .caseMatchingOnly),
                  filter: try container.decodeIfPresent(SearchFilter.self, forKey: .filter) ?? [])
    }
}
