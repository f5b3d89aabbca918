/// The confusion classes search folds together, as data.
///
/// Two kinds:
/// - **Classes** are collapsed: every member is read as the class's first member, in index keys and
///   in queries alike, so "Ps ll9" and "Ps 119" have the same key. They hold shapes a recognizer
///   cannot tell apart without context (1/l/I/|, 0/O/o, ...).
/// - **Soft pairs** are cheap substitutions in the weighted edit distance (cost < 1): shapes that
///   are often, but not always, confused (a/o, e/c, n/h, ...).
///
/// Strings are lower case: case folding runs first. (Where `caseMatchingOnly` is set, members that
/// differ only by case still mismatch; see `WeightedEditDistance`.)
///
/// The starting values come from the usual confusions of online handwriting recognizers. They
/// should be re-derived from the shipped recognizer's measured confusions on validation data with
/// `ConfusionDeriver` (`inkindex bench-search --derive-confusions`), and this table updated.
public enum ConfusionData {
    /// Collapsed classes; the first member is the representative.
    public static let classes: [[String]] = [
        ["1", "l", "i", "|"],
        ["0", "o"],
        ["5", "s"],
        ["2", "z"],
        ["8", "b"],
        ["9", "g", "q"],
        ["m", "rn"],
        ["d", "cl"],
        ["w", "vv", "uu"],
        ["u", "v"],
    ]

    /// Cheap substitutions: (a, b, cost); symmetric.
    public static let softPairs: [(String, String, Double)] = [
        ("a", "o", 0.5), ("a", "u", 0.6), ("e", "c", 0.5), ("e", "o", 0.6), ("n", "h", 0.5),
        ("n", "u", 0.5), ("n", "r", 0.6), ("r", "v", 0.6), ("h", "k", 0.6), ("h", "b", 0.6),
        ("t", "f", 0.6), ("t", "1", 0.6), ("y", "9", 0.6), ("y", "j", 0.6), ("e", "l", 0.6),
        ("a", "d", 0.6), ("c", "r", 0.7), ("6", "b", 0.5), ("4", "9", 0.6), ("3", "8", 0.6),
        ("7", "1", 0.5), ("m", "n", 0.6), ("m", "nn", 0.5), ("m", "in", 0.5), ("w", "ui", 0.5),
        ("u", "ii", 0.5), ("n", "ri", 0.6), ("h", "li", 0.5), ("k", "lc", 0.5), ("a", "ci", 0.5),
        ("ll", "u", 0.7), ("e", "", 0.7), ("i", "", 0.7), ("1", "", 0.7),
    ]
}
