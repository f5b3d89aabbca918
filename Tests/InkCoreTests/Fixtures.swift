import Foundation
@testable import InkCore

/// Hand-made drawings that exercise every field of the model, set and unset.
enum Fixtures {
    static let fullPoint = StrokePoint(
        location: CGPoint(x: 0.1, y: -0.0), time: 1.0 / 3.0, size: CGSize(width: 2.5, height: 3.25),
        opacity: 0.75, force: 1e-300, azimuth: .pi, altitude: .leastNonzeroMagnitude)

    /// Strokes with every optional field set, none set, some points set, no points at all.
    static var everyField: Drawing {
        let full = Stroke(
            id: UUID(uuidString: "1B4E28BA-2FA1-11D2-883F-0016D3CCA427")!,
            points: [fullPoint, StrokePoint(location: CGPoint(x: 1e300, y: 12345.678), time: 2, size: CGSize(width: 1, height: 1),
                                            opacity: 1, force: 4.17, azimuth: -1.5, altitude: 0.5)],
            ink: Ink(tool: .marker, color: Ink.Color(red: 0x12, green: 0xab, blue: 0xff, alpha: 0x80), width: 2.5),
            transform: StrokeTransform(a: 0.5, b: 0.1, c: -0.1, d: 2, tx: 10.25, ty: -3),
            annotations: ["note": "a < b & c > \"d\"\n\ttab\r", "émoji": "✍️"])
        let bare = Stroke(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
                          points: [StrokePoint(x: 1, y: 2), StrokePoint(x: -3.5, y: 4e-7)])
        let mixed = Stroke(
            id: UUID(uuidString: "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")!,
            points: [StrokePoint(x: 5, y: 6, time: 0.5),
                     StrokePoint(location: CGPoint(x: 7, y: 8), force: 0.25),
                     StrokePoint(location: CGPoint(x: 9, y: 10), size: CGSize(width: 4, height: 5), altitude: 1.25)],
            ink: Ink(tool: "custom brush", color: .black, width: nil))
        let empty = Stroke(id: UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!, points: [],
                           ink: Ink(tool: .pencil, color: Ink.Color(red: 1, green: 2, blue: 3), width: 0))
        return Drawing(strokes: [full, bare, mixed, empty],
                       annotations: ["title": "Sermon notes", "": "untyped", "page": "3 < 4"])
    }

    /// A drawing where nothing optional is set.
    static var minimal: Drawing {
        Drawing(strokes: [Stroke(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!,
                                 points: [StrokePoint(x: 0, y: 0)])])
    }
}
