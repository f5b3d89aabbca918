extension SearchFilter {
    /// The filter as SQL on a row of `tokens` named `token` (schema 6's place columns), or nil
    /// where it keeps every word. Mirrors `admits(cluster:marks:)` for a one-word hit.
    func sqlCondition(token t: String) -> String? {
        var parts: [String] = []
        if contains(.emphasized) { parts.append("(\(t).marks & \(MarkKindBits.emphasis)) != 0") }
        switch (contains(.inMargin), contains(.inBody)) {
        case (true, false): parts.append("\(t).cluster_kind = '\(LayoutCluster.Kind.marginNote.rawValue)'")
        case (false, true): parts.append("\(t).cluster_kind != '\(LayoutCluster.Kind.marginNote.rawValue)'")
        default: break
        }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }
}
