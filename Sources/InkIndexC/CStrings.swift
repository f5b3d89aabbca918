import Foundation
import InkIndex
import InkWire

/// Strings across the boundary: UTF-8, NUL-terminated; those returned are the caller's, freed
/// with `inkindex_string_free` (the C library's `free`).
enum CStrings {
    /// A copy of `string` the caller owns.
    static func owned(_ string: String) -> UnsafeMutablePointer<CChar> {
        strdup(string)!
    }

    /// A copy of `data` (UTF-8) the caller owns, NUL-terminated.
    static func owned(_ data: Data) -> UnsafeMutablePointer<CChar> {
        let copy = malloc(data.count + 1)!.assumingMemoryBound(to: CChar.self)
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { memcpy(copy, base, data.count) }
        }
        copy[data.count] = 0
        return copy
    }

    /// The argument `name` as a Swift string: a NULL pointer is `invalidArgument`, bytes that are
    /// not UTF-8 are `badInput`.
    static func required(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String {
        guard let pointer else { throw CFailure(.invalidArgument, "\(name) is NULL") }
        return try decoded(pointer, name)
    }

    /// The optional argument `name`: nil for a NULL pointer.
    static func optional(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String? {
        guard let pointer else { return nil }
        return try decoded(pointer, name)
    }

    private static func decoded(_ pointer: UnsafePointer<CChar>, _ name: String) throws -> String {
        guard let string = String(validatingCString: pointer) else { throw CFailure(.badInput, "\(name) is not UTF-8") }
        return string
    }

    /// `value` as JSON (`WireJSON`: keys sorted, ISO 8601 dates), owned by the caller.
    static func json(_ value: some Encodable) throws -> UnsafeMutablePointer<CChar> {
        owned(try WireJSON.encoder().encode(value))
    }
}

@_cdecl("inkindex_string_free")
public func inkindex_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

/// The version string, made once and never freed.
nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = strdup(InkIndexInfo.version)!

@_cdecl("inkindex_version")
public func inkindex_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionString)
}

/// The address of `inkindex_version`, a function of this library's file (`LibrarySetup` finds
/// the file by it). Taken here, in the file that defines the function: a C function pointer to
/// a `@_cdecl` function taken in another file defines its symbol twice.
var versionFunctionAddress: UInt {
    let function: @convention(c) () -> UnsafePointer<CChar> = inkindex_version
    return UInt(bitPattern: unsafeBitCast(function, to: UnsafeRawPointer.self))
}
