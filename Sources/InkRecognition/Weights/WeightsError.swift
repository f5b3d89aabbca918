/// Why a weights file could not be used; each case says where and what.
public enum WeightsError: Error, Equatable, CustomStringConvertible {
    case truncated(String)
    case badMagic
    case unsupportedFormat(Int)
    case unreadableHeader(String)
    case unsupportedDType(tensor: String, dtype: String)
    case tensorOutOfBounds(tensor: String)
    case missingTensor(String)
    case shapeMismatch(tensor: String, expected: [Int], found: [Int])
    case inconsistentModel(String)

    public var description: String {
        switch self {
        case .truncated(let what): "weights file is truncated: \(what)"
        case .badMagic: "not an InkIndex weights file (the first bytes are not \"INKW\")"
        case .unsupportedFormat(let v): "weights format version \(v) is not supported (expected 1)"
        case .unreadableHeader(let why): "weights header is not valid: \(why)"
        case .unsupportedDType(let t, let d): "tensor \(t) has unsupported dtype \(d) (expected f16 or f32)"
        case .tensorOutOfBounds(let t): "tensor \(t) lies outside the file's data"
        case .missingTensor(let t): "tensor \(t) is missing from the weights file"
        case .shapeMismatch(let t, let e, let f): "tensor \(t) has shape \(f), expected \(e)"
        case .inconsistentModel(let why): "weights metadata is inconsistent: \(why)"
        }
    }
}
