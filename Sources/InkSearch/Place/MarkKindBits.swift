import InkLayout

/// Mark kinds as bits of an integer, in one fixed order: how a store keeps the kinds of marks
/// on a word in one column, and the order `HitContext.marks` lists them in.
///
/// ```swift
/// let mask = MarkKindBits.mask([.underline, .circle])   // 0b101
/// MarkKindBits.kinds(mask)                               // [.underline, .circle]
/// ```
public enum MarkKindBits {
    /// Every kind, in bit order. New kinds are only ever appended (stored masks keep meaning).
    public static let order: [LayoutMark.Kind] = [.underline, .strikethrough, .circle, .ellipse, .box, .arrow, .connector, .bracket, .brace, .check, .cross]

    public static func bit(_ kind: LayoutMark.Kind) -> Int { 1 << order.firstIndex(of: kind)! }

    public static func mask(_ kinds: some Sequence<LayoutMark.Kind>) -> Int { kinds.reduce(0) { $0 | bit($1) } }

    /// The kinds of a mask, in bit order.
    public static func kinds(_ mask: Int) -> [LayoutMark.Kind] { order.filter { mask & bit($0) != 0 } }

    /// The kinds that emphasize a word (`HitContext.emphasisKinds`).
    public static var emphasis: Int { mask(HitContext.emphasisKinds) }
}
