import Foundation
import Testing
@testable import InkCore

/// A deterministic stand-in for the fuzzers (Fuzz/) that runs with every test: random
/// mutations of valid inputs must give a value or a typed error, never a crash or a hang.
@Suite struct MutationTests {
    /// A small fixed-seed generator (SplitMix64), so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z &>> 31)
        }
    }

    static func mutate(_ bytes: [UInt8], using rng: inout SplitMix) -> [UInt8] {
        var b = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !b.isEmpty: b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            case 1 where !b.isEmpty: b.remove(at: Int.random(in: 0..<b.count, using: &rng))
            case 2: b.insert(UInt8.random(in: 0...255, using: &rng), at: Int.random(in: 0...b.count, using: &rng))
            default:
                if !b.isEmpty {
                    let start = Int.random(in: 0..<b.count, using: &rng)
                    let end = min(b.count, start + Int.random(in: 1...16, using: &rng))
                    b.insert(contentsOf: b[start..<end], at: Int.random(in: 0...b.count, using: &rng))
                }
            }
        }
        return b
    }

    @Test func mutatedInkMLGivesADrawingOrAnInkMLError() throws {
        var rng = SplitMix(state: 1)
        let seed = Array(try InkML.write(Fixtures.everyField).utf8)
        for _ in 0..<800 {
            let input = Self.mutate(seed, using: &rng)
            // InkML throws only InkMLError (typed throws), so any other failure would not compile.
            do throws(InkMLError) {
                let drawing = try InkML.read(Data(input)).drawing
                #expect(try InkML.read(InkML.write(drawing)).drawing == drawing)
            } catch {}
        }
    }

    @Test func mutatedBinaryPayloadsGiveADrawingOrAFailure() {
        var rng = SplitMix(state: 2)
        let sealed = [UInt8](BinaryDrawingCodec.encode(Fixtures.everyField))
        let payload = Array(sealed[BinaryDrawingCodec.headerSize..<(sealed.count - BinaryDrawingCodec.trailerSize)])
        for _ in 0..<2000 {
            // Resealed, so that the parser behind the checksum sees the damage.
            let input = BinaryDrawingCodec.seal(Self.mutate(payload, using: &rng))
            do {
                let drawing = try BinaryDrawingCodec.decode(input)
                #expect(BinaryDrawingCodec.encode(try BinaryDrawingCodec.decode(BinaryDrawingCodec.encode(drawing))) == BinaryDrawingCodec.encode(drawing))
            } catch {}
        }
    }

    @Test func mutatedDatasetLinesGiveASampleOrAFailure() {
        var rng = SplitMix(state: 3)
        let seed = Array(#"{"id": "s1", "writer": "w", "text": "Hi", "strokes": [[[1, 2, 0.0], [3, 4, 0.5]], [[5, 6, null]]]}"#.utf8)
        for _ in 0..<800 {
            let line = String(decoding: Self.mutate(seed, using: &rng), as: UTF8.self)
            do {
                let sample = try DatasetReader.decodeSample(line)
                #expect(sample.drawing.isValid)
            } catch is DatasetReader.Failure {
            } catch {
                Issue.record("untyped error \(error) for \(line)")
            }
        }
    }
}
