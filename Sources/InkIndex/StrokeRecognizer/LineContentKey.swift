import Foundation
import InkCore

/// Identifies a line's content for reuse of its recognition: its strokes in order and a hash of
/// their points and transforms. Equal keys mean the recognizer would see the same input.
struct LineContentKey: Hashable, Sendable {
    var strokeIDs: [UUID]
    var contentHash: UInt64

    init(strokes: [Stroke]) {
        strokeIDs = strokes.map(\.id)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            hash ^= value
            hash &*= 0x100_0000_01b3
        }
        for stroke in strokes {
            mix(UInt64(stroke.points.count))
            for point in stroke.points {
                mix(Double(point.location.x).bitPattern)
                mix(Double(point.location.y).bitPattern)
                mix(point.time?.bitPattern ?? 0x7ff8_dead)
            }
            if let t = stroke.transform {
                for value in [t.a, t.b, t.c, t.d, t.tx, t.ty] { mix(value.bitPattern) }
            }
        }
        contentHash = hash
    }
}
