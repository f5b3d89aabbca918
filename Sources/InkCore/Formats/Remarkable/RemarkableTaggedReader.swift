import Foundation

/// The primitives of `.rm` version 6: a stream of blocks, each a little-endian length, a reserved
/// byte, the minimum and current versions of the block's layout and its type, then that many
/// bytes of tagged values.
///
/// A tag is a varint (LEB128) whose low four bits give the value's kind and the rest its index
/// within the block: `0x1` one byte, `0x4` four, `0x8` eight, `0xC` a sub-block (a 32-bit length
/// and that many bytes), `0xF` a CRDT id (one byte, then a varint). Every read is bounded by the
/// end of the innermost block or sub-block, so a damaged length cannot read past its parent.
struct RemarkableTaggedReader {
    /// A CRDT id: an author (`part1`) and a counter. `0:0` is the end marker of a sequence, `0:1`
    /// the scene's root group.
    struct CrdtID: Hashable, Comparable, CustomStringConvertible {
        var part1: UInt8
        var part2: UInt64

        static let end = CrdtID(part1: 0, part2: 0)
        static let root = CrdtID(part1: 0, part2: 1)

        static func < (a: CrdtID, b: CrdtID) -> Bool { (a.part1, a.part2) < (b.part1, b.part2) }
        var description: String { "\(part1):\(part2)" }
    }

    enum Kind: UInt8 {
        case byte1 = 0x1, byte4 = 0x4, byte8 = 0x8, length4 = 0xC, id = 0xF
    }

    struct Failure: Error {
        var reason: String
    }

    let bytes: LittleEndianBytes
    private(set) var offset: Int
    /// Where the innermost block or sub-block being read ends.
    private(set) var end: Int
    private var ends: [Int] = []

    init(_ bytes: LittleEndianBytes, from offset: Int, to end: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
    }

    var remaining: Int { end - offset }
    var atEnd: Bool { offset >= end }

    mutating func u8() throws(Failure) -> UInt8 {
        guard offset < end else { throw Failure(reason: "cut short at byte \(offset)") }
        defer { offset += 1 }
        return bytes.u8(offset)
    }

    mutating func u32() throws(Failure) -> UInt32 {
        guard remaining >= 4 else { throw Failure(reason: "cut short at byte \(offset)") }
        defer { offset += 4 }
        return bytes.u32(offset)
    }

    mutating func u16() throws(Failure) -> UInt16 {
        guard remaining >= 2 else { throw Failure(reason: "cut short at byte \(offset)") }
        defer { offset += 2 }
        return bytes.u16(offset)
    }

    mutating func f32() throws(Failure) -> Float { Float(bitPattern: try u32()) }

    mutating func f64() throws(Failure) -> Double {
        guard remaining >= 8 else { throw Failure(reason: "cut short at byte \(offset)") }
        defer { offset += 8 }
        return bytes.f64(offset)
    }

    mutating func varint() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 64, by: 7) {
            let byte = try u8()
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
        }
        throw Failure(reason: "a varint longer than ten bytes at byte \(offset)")
    }

    mutating func crdtID() throws(Failure) -> CrdtID {
        let part1 = try u8()
        return CrdtID(part1: part1, part2: try varint())
    }

    /// The next tag without consuming it, or nil at the end of the block.
    func peekTag() -> (index: UInt64, kind: UInt8)? {
        var copy = self
        guard !copy.atEnd, let value = try? copy.varint() else { return nil }
        return (value >> 4, UInt8(value & 0xf))
    }

    /// Whether the next tag is `index` of `kind`.
    func hasTag(_ index: UInt64, _ kind: Kind) -> Bool {
        guard let tag = peekTag() else { return false }
        return tag.index == index && tag.kind == kind.rawValue
    }

    mutating func expectTag(_ index: UInt64, _ kind: Kind) throws(Failure) {
        let at = offset
        let value = try varint()
        guard value >> 4 == index, value & 0xf == UInt64(kind.rawValue) else {
            throw Failure(reason: "expected tag \(index) of kind \(kind.rawValue) at byte \(at), found \(value >> 4) of kind \(value & 0xf)")
        }
    }

    mutating func taggedID(_ index: UInt64) throws(Failure) -> CrdtID {
        try expectTag(index, .id)
        return try crdtID()
    }

    mutating func taggedU32(_ index: UInt64) throws(Failure) -> UInt32 {
        try expectTag(index, .byte4)
        return try u32()
    }

    mutating func taggedF32(_ index: UInt64) throws(Failure) -> Float {
        try expectTag(index, .byte4)
        return try f32()
    }

    mutating func taggedF64(_ index: UInt64) throws(Failure) -> Double {
        try expectTag(index, .byte8)
        return try f64()
    }

    mutating func taggedBool(_ index: UInt64) throws(Failure) -> Bool {
        try expectTag(index, .byte1)
        return try u8() != 0
    }

    /// Enters sub-block `index`: reads stop at its end until `leave()`. Gives its length.
    @discardableResult
    mutating func enter(_ index: UInt64) throws(Failure) -> Int {
        try expectTag(index, .length4)
        let length = Int(try u32())
        guard length <= remaining else { throw Failure(reason: "a sub-block of \(length) bytes runs past its parent at byte \(offset)") }
        ends.append(end)
        end = offset + length
        return length
    }

    /// Leaves the innermost sub-block, skipping what was not read of it.
    mutating func leave() {
        offset = end
        end = ends.popLast() ?? end
    }

    /// Skips one tagged value of any kind (for values a block has that the reader does not use).
    mutating func skipValue() throws(Failure) {
        let value = try varint()
        switch UInt8(value & 0xf) {
        case Kind.byte1.rawValue: _ = try u8()
        case Kind.byte4.rawValue: _ = try u32()
        case Kind.byte8.rawValue: _ = try f64()
        case Kind.id.rawValue: _ = try crdtID()
        case Kind.length4.rawValue:
            let length = Int(try u32())
            guard length <= remaining else { throw Failure(reason: "a sub-block of \(length) bytes runs past its parent") }
            offset += length
        default: throw Failure(reason: "unknown value kind \(value & 0xf) at byte \(offset)")
        }
    }

    /// A string value: a sub-block holding a varint length, a byte saying whether it is ASCII,
    /// and UTF-8 bytes.
    mutating func taggedString(_ index: UInt64) throws(Failure) -> String {
        try enter(index)
        defer { leave() }
        return try bareString()
    }

    mutating func bareString() throws(Failure) -> String {
        let length = try varint()
        _ = try u8()  // is ASCII
        guard length <= UInt64(remaining) else { throw Failure(reason: "a string of \(length) bytes runs past its block") }
        let text = String(decoding: bytes.slice(offset, Int(length)), as: UTF8.self)
        offset += Int(length)
        return text
    }

    /// Moves to `offset`, which must lie within the current block.
    mutating func seek(_ target: Int) {
        offset = min(max(target, offset), end)
    }
}
