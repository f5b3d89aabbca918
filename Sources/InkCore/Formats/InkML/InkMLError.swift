import Foundation

/// Why an InkML document could not be read or written. Every case says where.
public enum InkMLError: Error, Equatable, CustomStringConvertible {
    /// The text is not well-formed XML, or exceeds a limit (size, nesting, attributes).
    case xml(line: Int, column: Int, reason: String)
    /// Well-formed XML that is not InkML InkIndex can read: `path` names the element
    /// (`ink/traceGroup[0]/trace[3]`), `line` and `column` where it starts.
    case invalid(path: String, line: Int, column: Int, reason: String)
    /// A drawing value that InkML text cannot carry (a non-finite number); `point` is nil for
    /// stroke-level values such as the transform or ink width.
    case unrepresentable(stroke: Int, point: Int?, reason: String)

    public var description: String {
        switch self {
        case .xml(let line, let column, let reason):
            "InkML: XML error at line \(line), column \(column): \(reason)"
        case .invalid(let path, let line, let column, let reason):
            "InkML: \(path) (line \(line), column \(column)): \(reason)"
        case .unrepresentable(let stroke, let point, let reason):
            "InkML: cannot write stroke \(stroke)\(point.map { " point \($0)" } ?? ""): \(reason)"
        }
    }
}
