import Foundation
import Testing
@testable import InkCore

@Suite struct BinaryDrawingCodecTests {
    typealias Failure = BinaryDrawingCodec.Failure

    @Test(arguments: [Fixtures.everyField, Fixtures.minimal, Drawing()])
    func modelToBinaryToModelIsLossless(_ drawing: Drawing) throws {
        let bytes = BinaryDrawingCodec.encode(drawing)
        #expect(try BinaryDrawingCodec.decode(bytes) == drawing)
        #expect(BinaryDrawingCodec.encode(drawing) == bytes, "encoding is deterministic")
    }

    @Test func doubleBitPatternsSurviveExactly() throws {
        let nanWithPayload = Double(bitPattern: 0x7FF8_0000_0000_1234)
        let values = [nanWithPayload, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        let points = values.map { StrokePoint(location: CGPoint(x: $0, y: -$0), time: $0, force: $0) }
        let drawing = Drawing(strokes: [Stroke(points: points, ink: Ink(width: nanWithPayload),
                                               transform: StrokeTransform(a: -0.0, b: .nan, c: 1, d: 1, tx: 0, ty: 0))])
        let back = try BinaryDrawingCodec.decode(BinaryDrawingCodec.encode(drawing))
        #expect(back.strokes[0].points.map { Double($0.location.x).bitPattern } == values.map(\.bitPattern))
        #expect(back.strokes[0].points.map { $0.time!.bitPattern } == values.map(\.bitPattern))
        #expect(back.strokes[0].ink.width?.bitPattern == nanWithPayload.bitPattern)
        #expect(back.strokes[0].transform?.a.bitPattern == (-0.0).bitPattern)
        #expect(BinaryDrawingCodec.encode(back) == BinaryDrawingCodec.encode(drawing))

        // Columns that are nearly scaled integers must not lose a negative zero.
        let zeros = Drawing(strokes: [Stroke(points: [1.0, -0.0, 0.25, 2].map { StrokePoint(x: $0, y: 0, time: $0) })])
        let zerosBack = try BinaryDrawingCodec.decode(BinaryDrawingCodec.encode(zeros))
        #expect(zerosBack.strokes[0].points.map { Double($0.location.x).bitPattern } == [1.0, -0.0, 0.25, 2].map(\.bitPattern))
    }

    @Test func everySingleFlippedByteIsReportedAsDamage() {
        let bytes = BinaryDrawingCodec.encode(Fixtures.everyField)
        var checked = 0
        for position in bytes.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = bytes
                damaged[position] ^= mask
                do {
                    _ = try BinaryDrawingCodec.decode(damaged)
                    Issue.record("flipping byte \(position) with \(mask) decoded without error")
                } catch {
                    // The magic number is the only place where damage reads as "not a drawing".
                    #expect(error.isDamage || (position < 4 && error == .badMagic), "byte \(position): \(error)")
                }
                checked += 1
            }
        }
        #expect(checked == bytes.count * 3)
    }

    @Test func everyTruncationIsReported() {
        let bytes = BinaryDrawingCodec.encode(Fixtures.everyField)
        for length in 0..<bytes.count {
            #expect(throws: Failure.self, "length \(length)") { try BinaryDrawingCodec.decode(bytes.prefix(length)) }
        }
        #expect(throws: Failure.truncated(expected: bytes.count, actual: bytes.count - 1)) {
            try BinaryDrawingCodec.decode(bytes.prefix(bytes.count - 1))
        }
        #expect(throws: Failure.self) { try BinaryDrawingCodec.decode(bytes + [0]) }
    }

    @Test func headerErrorsAreTyped() {
        #expect(throws: Failure.badMagic) { try BinaryDrawingCodec.decode(Data("{\"strokes\":[]}".utf8)) }
        var future = [UInt8](BinaryDrawingCodec.encode(Drawing()))
        future[4] = 2
        #expect(throws: Failure.unsupportedVersion(2)) { try BinaryDrawingCodec.decode(Self.resealed(future)) }
        var flagged = [UInt8](BinaryDrawingCodec.encode(Drawing()))
        flagged[5] = 1
        #expect(throws: Failure.malformed(offset: 5, reason: "unknown flags 1")) { try BinaryDrawingCodec.decode(Self.resealed(flagged)) }
    }

    /// Payloads with a valid checksum but hostile content: a faulty or malicious writer.
    @Test func hostilePayloadsAreMalformedNotCrashes() {
        let hostile: [[UInt8]] = [
            [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],  // 2^63 strokes
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],  // varint too long
            [1, 0x7F] + [UInt8](repeating: 0x41, count: 4),  // key longer than the payload
            [2, 1, 0x41, 0, 1, 0x41, 0, 0],  // repeated annotation key
            [1, 2, 0xC3, 0x28, 0, 0],  // invalid UTF-8
            [0, 1] + [UInt8](repeating: 0, count: 16) + [0, 0x7F],  // 127 points, no bytes
            [0, 1] + [UInt8](repeating: 0, count: 16) + [0x10, 0],  // unknown stroke flag
            [0, 1] + [UInt8](repeating: 0, count: 16) + [0, 1, 0, 0, 9, 0, 0, 0],  // unknown column encoding
            [0, 1] + [UInt8](repeating: 0, count: 16) + [0, 1, 1, 2, 0, 0, 0],  // partial channel not present
        ]
        for payload in hostile {
            #expect(throws: Failure.self) { try BinaryDrawingCodec.decode(BinaryDrawingCodec.seal(payload)) }
        }
    }

    @Test func handwritingIsStoredCompactly() throws {
        // Whiteboard-like ink: integer coordinates, times on a 0.01 s grid.
        let points = (0..<1000).map { (i: Int) -> StrokePoint in
            let x = Double(1000 + i % 37 * 3), y = Double(600 - i % 23 * 2)
            return StrokePoint(x: x, y: y, time: Double(i) * 0.01)
        }
        let drawing = Drawing(strokes: [Stroke(points: points)])
        let bytes = BinaryDrawingCodec.encode(drawing)
        #expect(bytes.count < 1000 * 8 * 3 / 2, "\(bytes.count) bytes for 1000 points")
        #expect(try BinaryDrawingCodec.decode(bytes) == drawing)
    }

    static func resealed(_ bytes: [UInt8]) -> Data {
        var body = Array(bytes.dropLast(4))
        withUnsafeBytes(of: CRC32.checksum(body).littleEndian) { body.append(contentsOf: $0) }
        return Data(body)
    }
}
