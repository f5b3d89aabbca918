import Foundation
import InkIndex
import InkWire

/// The statuses of `inkindex.h` (`inkindex_status`), and how Swift errors map onto them.
enum CStatus: Int32 {
    case ok = 0
    case invalidArgument = 1
    case badInput = 2
    case modelUnavailable = 3
    case notFound = 4
    case conflict = 5
    case store = 6
    case cancelled = 7
    case `internal` = 8
}

/// A failure on its way to C: a status and a sentence.
struct CFailure: Error {
    var status: CStatus
    var message: String

    init(_ status: CStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The status and message of any error a call can meet.
    init(_ error: any Error) {
        switch error {
        case let failure as CFailure: self = failure
        case is CancellationError: self.init(.cancelled, "cancelled")
        case let error as RecognitionError: self.init(.modelUnavailable, error.description)
        case let error as LibraryError:
            switch error {
            case .noteNotFound: self.init(.notFound, error.description)
            case .duplicateNote, .staleRevision, .resyncRequired, .inUse: self.init(.conflict, error.description)
            case .unsupported: self.init(.invalidArgument, error.description)
            case .damagedNote, .notALibrary, .newerSchema, .invalidSchemaVersion: self.init(.store, error.description)
            }
        case let error as SQLiteError: self.init(.store, "\(error)")
        case let error as DrawingFile.Failure: self.init(.badInput, error.description)
        case let error as DecodingError: self.init(.badInput, "malformed JSON: \(WireDecodingError.describe(error))")
        default: self.init(.internal, "\(error)")
        }
    }
}

/// `inkindex_error`: what the caller receives through `inkindex_error **`.
final class CErrorBox {
    static let handles = HandleTable<CErrorBox>(kind: "error", base: 0x1000_0000)

    let status: CStatus
    let message: UnsafeMutablePointer<CChar>

    init(_ failure: CFailure) {
        status = failure.status
        message = strdup(failure.message)
    }

    deinit { free(message) }
}

/// The out-parameter `inkindex_error **error` of every call that can fail.
public typealias CErrorOut = UnsafeMutablePointer<OpaquePointer?>?

/// Runs `body`; on failure stores a new `inkindex_error` in `error` (where given) and returns
/// the failure's status.
func cStatus(_ out: CErrorOut, _ body: () throws -> Void) -> Int32 {
    do {
        try body()
        return CStatus.ok.rawValue
    } catch {
        let failure = CFailure(error)
        out?.pointee = CErrorBox.handles.insert(CErrorBox(failure))
        return failure.status.rawValue
    }
}

/// Runs `body` for a value; nil (with the error stored) on failure.
func cValue<T>(_ out: CErrorOut, _ body: () throws -> T?) -> T? {
    var value: T?
    _ = cStatus(out) { value = try body() }
    return value
}

@_cdecl("inkindex_error_code")
public func inkindex_error_code(_ error: OpaquePointer?) -> Int32 {
    (try? CErrorBox.handles.object(error))?.status.rawValue ?? CStatus.invalidArgument.rawValue
}

@_cdecl("inkindex_error_message")
public func inkindex_error_message(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
    (try? CErrorBox.handles.object(error)).map { UnsafePointer($0.message) }
}

@_cdecl("inkindex_error_free")
public func inkindex_error_free(_ error: OpaquePointer?) {
    CErrorBox.handles.remove(error)
}
