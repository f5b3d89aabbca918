import InkIndex

/// `INKINDEX_SEARCH_*`, or'ed together.
struct SearchFlags {
    var fullWordsOnly: Bool
    var caseMatchingOnly: Bool
    var filter: SearchFilter

    private static let known: UInt32 = 0b11111

    init(_ flags: UInt32) throws {
        guard flags & ~Self.known == 0 else { throw CFailure(.invalidArgument, "unknown search flags \(flags & ~Self.known)") }
        fullWordsOnly = flags & 1 != 0
        caseMatchingOnly = flags & 2 != 0
        filter = []
        if flags & 4 != 0 { filter.insert(.emphasized) }
        if flags & 8 != 0 { filter.insert(.inMargin) }
        if flags & 16 != 0 { filter.insert(.inBody) }
    }
}
