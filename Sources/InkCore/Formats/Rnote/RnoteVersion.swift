import Foundation

/// The semantic version in an `.rnote` wrapper (`"version": "0.13.0"`), which names the Rnote
/// release whose file format the data follows. Pre-release and build suffixes are kept in `text`
/// but not compared.
///
/// ```swift
/// let version = RnoteVersion("0.5.9")   // major 0, minor 5, patch 9
/// version.map { $0 < RnoteVersion.oldest }  // false
/// ```
struct RnoteVersion: Comparable, CustomStringConvertible {
    var major: Int
    var minor: Int
    var patch: Int
    var text: String

    /// The oldest format Rnote itself still opens (and this reader reads): 0.5.0.
    static let oldest = RnoteVersion(major: 0, minor: 5, patch: 0)
    /// The newest format generation this reader was written against: 0.15 (the one whose
    /// affine transforms have six values).
    static let newestKnown = RnoteVersion(major: 0, minor: 15, patch: 0)

    init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
        text = "\(major).\(minor).\(patch)"
    }

    /// Parses `major.minor.patch`, optionally followed by `-pre-release` and `+build`.
    init?(_ text: String) {
        let core = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let numbers = (core.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3 else { return nil }
        var values: [Int] = []
        for number in numbers {
            guard !number.isEmpty, number.count <= 9, number.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(number) else {
                return nil
            }
            values.append(value)
        }
        major = values[0]
        minor = values[1]
        patch = values[2]
        self.text = text
    }

    var description: String { text }

    static func < (lhs: RnoteVersion, rhs: RnoteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    static func == (lhs: RnoteVersion, rhs: RnoteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch)
    }
}
