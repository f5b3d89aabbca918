import Foundation

/// A JSON or BSON value as the notebook readers see it (Rnote's JSON, Saber's JSON and BSON):
/// numbers as `Double` (every integer these formats store fits exactly), objects as their
/// members in file order, and BSON binary data as a range of the bytes it was read from.
///
/// ```swift
/// let tree = try NotebookJSON.parse(bytes, maximumDepth: 256)
/// let version = tree["version"]?.string
/// ```
enum NotebookTree {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// BSON binary data: where it lies in the bytes that were parsed.
    case binary(Range<Int>)
    case array([NotebookTree])
    case object([Member])

    struct Member {
        var key: String
        var value: NotebookTree
    }

    /// The member named `key` of an object (the last one where a key repeats, as JavaScript and
    /// Dart read JSON); nil for anything else. O(members).
    subscript(key: String) -> NotebookTree? {
        guard case .object(let members) = self else { return nil }
        for member in members.reversed() where member.key == key { return member.value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A finite number.
    var finite: Double? {
        guard case .number(let value) = self, value.isFinite else { return nil }
        return value
    }

    /// A number that is an integer representable as `Int`.
    var int: Int? {
        guard case .number(let value) = self else { return nil }
        return Int(exactly: value)
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [NotebookTree]? {
        if case .array(let values) = self { return values }
        return nil
    }

    var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// For messages: what kind of value this is.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .binary: "binary data"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Why bytes did not parse as a `NotebookTree`.
enum NotebookTreeFailure: Error, Equatable {
    /// Not well formed at byte `offset`.
    case syntax(offset: Int, reason: String)
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int)
}
