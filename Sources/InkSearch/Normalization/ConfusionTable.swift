/// Confusion classes and soft pairs in the form matching needs: a collapse map for keys and a
/// cost table for the weighted edit distance. Built once from `ConfusionData` (or from derived
/// pairs, see `ConfusionDeriver`).
///
/// ```swift
/// let table = ConfusionTable.standard
/// table.collapse(Array("ps ll9".unicodeScalars))   // the scalars of "p5 119"
/// table.substitutionCost("a", "o")                  // 0.5
/// ```
public struct ConfusionTable: Sendable {
    typealias Scalars = [Unicode.Scalar]

    /// Single-scalar members mapped to their class representative.
    private var single: [Unicode.Scalar: Unicode.Scalar] = [:]
    /// Multi-scalar members (such as "rn"), longest first, with their representative.
    private var multi: [(pattern: Scalars, replacement: Scalars)] = []
    /// Soft substitution costs between collapsed single scalars.
    private var softSingle: [UInt64: Double] = [:]
    /// Soft costs between collapsed sequences where one side is longer than one scalar or empty.
    private(set) var softSequences: [(a: Scalars, b: Scalars, cost: Double)] = []
    /// Soft costs between ASCII scalars, for the distance's inner loop (1 where none).
    private var asciiCosts = [Double](repeating: 1, count: 128 * 128)

    public static let standard = ConfusionTable(classes: ConfusionData.classes, softPairs: ConfusionData.softPairs)

    /// - Parameters:
    ///   - classes: collapsed classes, first member the representative (lower case).
    ///   - softPairs: cheap substitutions (a, b, cost), symmetric; either side may be empty
    ///     (a cheap insertion or deletion) or several characters.
    public init(classes: [[String]], softPairs: [(String, String, Double)]) {
        for members in classes {
            guard let rep = members.first else { continue }
            let repScalars = Scalars(rep.unicodeScalars)
            for member in members.dropFirst() {
                let s = Scalars(member.unicodeScalars)
                if s.count == 1, repScalars.count == 1 { single[s[0]] = repScalars[0] } else { multi.append((s, repScalars)) }
            }
        }
        multi.sort { $0.pattern.count > $1.pattern.count }
        for (a, b, cost) in softPairs {
            let ca = collapse(Scalars(a.unicodeScalars)), cb = collapse(Scalars(b.unicodeScalars))
            guard ca != cb else { continue }
            if ca.count == 1, cb.count == 1 {
                let cost = min(cost, softSingle[Self.pairKey(ca[0], cb[0])] ?? 1)
                softSingle[Self.pairKey(ca[0], cb[0])] = cost
                if ca[0].isASCII, cb[0].isASCII {
                    asciiCosts[Int(ca[0].value) * 128 + Int(cb[0].value)] = cost
                    asciiCosts[Int(cb[0].value) * 128 + Int(ca[0].value)] = cost
                }
            } else {
                softSequences.append((ca, cb, cost))
            }
        }
    }

    private static func pairKey(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> UInt64 {
        let (x, y) = a.value < b.value ? (a.value, b.value) : (b.value, a.value)
        return UInt64(x) << 32 | UInt64(y)
    }

    /// Replaces every class member by its representative, longest member first, left to right.
    /// O(n · multi-members).
    public func collapse(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: Scalars = []
        out.reserveCapacity(scalars.count)
        var i = 0
        outer: while i < scalars.count {
            for (pattern, replacement) in multi where i + pattern.count <= scalars.count {
                if scalars[i..<(i + pattern.count)].elementsEqual(pattern) {
                    out.append(contentsOf: replacement)
                    i += pattern.count
                    continue outer
                }
            }
            let s = scalars[i]
            out.append(single[s] ?? s)
            i += 1
        }
        return out
    }

    /// Cost of reading collapsed scalar `a` as `b`: 0 when equal, a soft cost, or 1.
    public func substitutionCost(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Double {
        if a == b { return 0 }
        if a.isASCII, b.isASCII { return asciiCosts[Int(a.value) &* 128 &+ Int(b.value)] }
        return softSingle[Self.pairKey(a, b)] ?? 1
    }
}
