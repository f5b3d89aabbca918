import Foundation
import InkCore
import InkWire

/// Any bytes as the HTTP API's (and the C library's) strokes JSON. Where the one-pass scanner
/// answers, `JSONDecoder` must read the same strokes and title from the same bytes; where it
/// does not, the decoder alone answers (a body or a typed error).
func fuzzStrokes(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    guard let scanned = WireStrokesScanner.scan(data) else {
        _ = try? JSONDecoder().decode(WireNoteBody.self, from: data)
        return
    }
    guard let decoded = try? JSONDecoder().decode(WireNoteBody.self, from: data) else {
        fatalError("the scanner read strokes the decoder refuses: \(String(decoding: data, as: UTF8.self))")
    }
    guard decoded.strokes == scanned.strokes, decoded.title == scanned.title else {
        fatalError("the scanner and the decoder disagree on: \(String(decoding: data, as: UTF8.self))")
    }
    _ = Drawing(wire: scanned.strokes)
}
