import Foundation

/// Stable stroke ids for formats that give strokes none, or give ids only unique within a page:
/// derived from the page id and the stroke's own id where it has one, else from its points, with
/// an occurrence count for identical strokes. An unchanged stroke keeps its id when strokes are
/// added or removed around it, so a library's readings of it stay attached.
///
/// ```swift
/// var ids = NotebookStrokeIDs(pageID: page.id, format: .saber)
/// let stroke = Stroke(id: ids.next(points: points), points: points)
/// ```
struct NotebookStrokeIDs {
    let pageID: UUID
    let format: InkNotebook.Format
    private var occurrences: [UInt64: Int] = [:]

    init(pageID: UUID, format: InkNotebook.Format) {
        self.pageID = pageID
        self.format = format
    }

    /// The id of a stroke the format names `name` (unique within the page). O(1).
    func id(named name: String) -> UUID {
        UUID(deterministicFrom: "\(format.rawValue)-stroke:\(pageID.uuidString):\(name)")
    }

    /// The id of the next stroke with these points: the same points give the same id on every
    /// read, the second identical stroke on a page another. O(points).
    mutating func next(points: [StrokePoint]) -> UUID {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: Double) {
            var bits = value.bitPattern
            for _ in 0..<8 {
                hash ^= bits & 0xff
                hash &*= 0x100_0000_01b3
                bits >>= 8
            }
        }
        for point in points {
            mix(point.location.x)
            mix(point.location.y)
        }
        let occurrence = occurrences[hash, default: 0]
        occurrences[hash] = occurrence + 1
        return id(named: "\(String(hash, radix: 16)):\(occurrence):\(points.count)")
    }
}
