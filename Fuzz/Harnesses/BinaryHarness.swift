import Foundation
@testable import InkCore

/// Any bytes: decode must return a drawing or throw. The bytes are also tried as a payload under
/// a valid header and checksum, which is what reaches the parser behind the CRC. A decoded
/// drawing must encode back to bytes that decode to the same encoding.
func fuzzBinary(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    for candidate in [data, BinaryDrawingCodec.seal([UInt8](data))] {
        guard let drawing = try? BinaryDrawingCodec.decode(candidate) else { continue }
        let encoded = BinaryDrawingCodec.encode(drawing)
        guard let back = try? BinaryDrawingCodec.decode(encoded) else { fatalError("re-encoded drawing does not decode") }
        if BinaryDrawingCodec.encode(back) != encoded { fatalError("binary round trip is not stable") }
    }
}
