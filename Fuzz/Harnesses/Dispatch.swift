import Foundation
@testable import InkCore

// One libFuzzer binary holds every harness; INKINDEX_FUZZ_TARGET picks one (run.sh sets it),
// so that InkCore is compiled once for all of them.

nonisolated(unsafe) private var selectedTarget: ((UnsafeRawBufferPointer) -> Void)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["INKINDEX_FUZZ_WRITE_SEEDS"] {
        FuzzSeeds.write(to: folder)
        exit(0)
    }
    switch ProcessInfo.processInfo.environment["INKINDEX_FUZZ_TARGET"] {
    case "inkml": selectedTarget = fuzzInkML
    case "binary": selectedTarget = fuzzBinary
    case "jsonl": selectedTarget = fuzzDatasetLine
    case "scripture": selectedTarget = fuzzScripture
    case "query": selectedTarget = fuzzQuery
    case "strokes": selectedTarget = fuzzStrokes
    case "xournal": selectedTarget = fuzzXournal
    case "remarkable": selectedTarget = fuzzRemarkable
    case "rnote": selectedTarget = fuzzRnote
    case "saber": selectedTarget = fuzzSaber
    case "pdf": selectedTarget = fuzzPDF
    case "http":
        _ = HTTPFuzzServer.shared
        atexit { try? FileManager.default.removeItem(atPath: HTTPFuzzServer.shared.directory) }
        selectedTarget = fuzzHTTP
    case "library":
        _ = LibraryFuzzFile.shared
        atexit { try? FileManager.default.removeItem(atPath: LibraryFuzzFile.shared.directory) }
        selectedTarget = fuzzLibraryFile
    default:
        FileHandle.standardError.write(Data("set INKINDEX_FUZZ_TARGET to inkml, binary, jsonl, scripture, query, strokes, library, xournal, remarkable, rnote, saber, pdf or http\n".utf8))
        exit(2)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selectedTarget?(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
