/// The distances of one query's later phrase terms to stored forms, computed once per form: a
/// phrase beginning with a common word ("the spiritual") checks the word after each of thousands
/// of "the"s, and those words share a few thousand forms.
///
/// Complexity: one dictionary lookup a visit; the distance itself once per (term, form).
struct FormDistanceMemo {
    private struct Key: Hashable {
        var term: Int
        var form: Int32
    }
    private var distances: [Key: (distance: Double, prefix: Bool)?] = [:]

    /// `compute()`'s value for this term and form, computed the first time only.
    mutating func distance(term: Int, form: Int32, _ compute: () -> (Double, Bool)?) -> (Double, Bool)? {
        let key = Key(term: term, form: form)
        if let known = distances[key] { return known.map { ($0.distance, $0.prefix) } }
        let value = compute()
        distances[key] = .some(value.map { (distance: $0.0, prefix: $0.1) })
        return value
    }
}
