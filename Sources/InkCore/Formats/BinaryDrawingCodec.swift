import Foundation

/// The compact, versioned, checksummed binary encoding used for storage (Docs/BinaryFormat.md).
///
/// PLACEHOLDER: JSON until the real codec lands; the API is the contract.
///
/// ```swift
/// let bytes = BinaryDrawingCodec.encode(drawing)
/// let back = try BinaryDrawingCodec.decode(bytes)   // == drawing, or throws on damage
/// ```
public enum BinaryDrawingCodec {
    public static func encode(_ drawing: Drawing) -> Data {
        (try? JSONEncoder().encode(drawing)) ?? Data()
    }

    public static func decode(_ data: Data) throws -> Drawing {
        try JSONDecoder().decode(Drawing.self, from: data)
    }
}
