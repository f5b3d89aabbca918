import Foundation

/// Reads `.rm` page files of versions 3 and 5 (reMarkable software 1.x and 2.x, until 2022): after
/// the 43-byte header, little-endian counts and records with no markers between them.
///
/// ```
/// u32 layers
///   u32 strokes                      per layer
///     u32 pen, u32 colour, u32 (unused), f32 width, [v5: u32 (unused)], u32 points
///       f32 x, y, speed, direction, width, pressure     per point (24 bytes)
/// ```
///
/// Coordinates are screen pixels (1404 × 1872 at 226 DPI), origin at the top left. Every count
/// is checked against the bytes that remain before anything is allocated.
enum RemarkableLines {
    static let pageWidth = 1404.0
    static let pageHeight = 1872.0

    static func read(_ data: Data, version: Int, pageID: UUID, pointBudget: inout Int) throws(NotebookError) -> RemarkablePageContent {
        guard version == 3 || version == 5 else {
            throw NotebookError(.remarkable, .unsupported, "page file version \(version); versions 3, 5 and 6 are read")
        }
        var content = RemarkablePageContent(version: version)
        let bytes = LittleEndianBytes(data: data)
        var offset = RemarkablePageContent.headerLength
        var ids = NotebookStrokeIDs(pageID: pageID, format: .remarkable)
        let strokeHeader = version == 5 ? 24 : 20

        func damaged(_ reason: String) -> NotebookError { NotebookError(.remarkable, .damaged, "version \(version) page: \(reason)") }

        guard bytes.contains(offset, length: 4) else { throw damaged("the file ends before its layer count") }
        let layers = Int(bytes.u32(offset))
        offset += 4
        // Each layer takes at least its 4-byte stroke count.
        guard layers <= (bytes.count - offset) / 4 else { throw damaged("it says \(layers) layers, more than its bytes can hold") }
        content.layers = layers
        for layer in 1..<(layers + 1) {
            guard bytes.contains(offset, length: 4) else { throw damaged("layer \(layer) ends before its stroke count") }
            let strokes = Int(bytes.u32(offset))
            offset += 4
            guard strokes <= (bytes.count - offset) / strokeHeader else {
                throw damaged("layer \(layer) says \(strokes) strokes, more than the file's bytes can hold")
            }
            for stroke in 0..<strokes {
                guard bytes.contains(offset, length: strokeHeader) else { throw damaged("layer \(layer), stroke \(stroke) is cut short") }
                let pen = bytes.u32(offset)
                let color = bytes.u32(offset + 4)
                let width = Double(bytes.f32(offset + 12))
                let count = Int(bytes.u32(offset + strokeHeader - 4))
                offset += strokeHeader
                guard count <= (bytes.count - offset) / 24 else {
                    throw damaged("layer \(layer), stroke \(stroke) says \(count) points, more than the file's bytes can hold")
                }
                guard count <= pointBudget else {
                    throw NotebookError(.remarkable, .tooLarge, "more points than the limit allows")
                }
                pointBudget -= count
                var points: [StrokePoint] = []
                points.reserveCapacity(count)
                var dropped = 0
                for k in 0..<count {
                    let p = offset + 24 * k
                    let x = Double(bytes.f32(p)), y = Double(bytes.f32(p + 4))
                    let pointWidth = Double(bytes.f32(p + 16)), pressure = Double(bytes.f32(p + 20))
                    guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else {
                        dropped += 1
                        continue
                    }
                    var point = StrokePoint(x: x, y: y)
                    if pointWidth.isFinite, pointWidth > 0, pointWidth < 1e4 { point.size = CGSize(width: pointWidth, height: pointWidth) }
                    if pressure.isFinite, pressure >= 0, pressure <= 1e3 { point.force = pressure }
                    points.append(point)
                }
                offset += 24 * count
                if dropped > 0 { content.warn("points with coordinates that are not finite numbers dropped") }
                let id = ids.next(points: points)
                content.add(points: points, pen: pen, color: nil, colorCode: color, width: width, id: id)
            }
        }
        if offset < bytes.count { content.warn("\(bytes.count - offset) bytes after the last layer ignored") }
        return content
    }
}
