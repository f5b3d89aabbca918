import Foundation

/// Reads `.rm` page files of version 6 (reMarkable software 3.0 on, 2022): a stream of tagged
/// blocks (`RemarkableTaggedReader`) describing a scene tree.
///
/// - Scene-tree blocks (type 1) declare groups and their parents; tree-node blocks (2) name them.
///   The groups directly under the root (`0:1`) are the page's layers.
/// - Group items (4) place a group in its parent's children, line items (5) a stroke. Children
///   are CRDT sequences (`CrdtSequenceOrder`); a deleted item (a non-zero deleted length) has no
///   value and is not ink.
/// - A line's value: pen, colour, thickness scale, starting length, its points (14 bytes each
///   from block version 2: `f32 x, f32 y, u16 speed, u16 width, u8 direction, u8 pressure`;
///   24 bytes before: six `f32`), a timestamp id, and from later versions an ARGB colour.
/// - Root text (7) holds the page's typed text, a CRDT sequence of strings; glyph items (3) are
///   highlights of a PDF's or an EPUB's text, with that text.
///
/// x is measured from the middle of the page, so it is moved by half the screen's width (702)
/// into the same top-left coordinates as versions 3 and 5. Blocks of types the reader does not
/// use are skipped by their length; a block of a known type that cannot be parsed is skipped with
/// a warning, so a newer layout of one block loses that block, not the page.
enum RemarkableScene {
    typealias CrdtID = RemarkableTaggedReader.CrdtID

    private struct Line {
        var id: CrdtID
        var pen: UInt32
        var color: UInt32
        var argb: UInt32?
        var thickness: Double
        var points: [StrokePoint]
    }

    private enum Child {
        case group(CrdtID)
        case line(Int)
    }

    private struct Scene {
        var children: [CrdtID: [CrdtSequenceOrder.Item<Child>]] = [:]
        var lines: [Line] = []
        var hidden: Set<CrdtID> = []
        var textItems: [CrdtSequenceOrder.Item<String>] = []
        var highlights: [String] = []
    }

    static func read(_ data: Data, pageID: UUID, pointBudget: inout Int) throws(NotebookError) -> RemarkablePageContent {
        var content = RemarkablePageContent(version: 6)
        let bytes = LittleEndianBytes(data: data)
        var scene = Scene()
        var offset = RemarkablePageContent.headerLength
        var blockNumber = 0
        while offset < bytes.count {
            blockNumber += 1
            guard bytes.contains(offset, length: 8) else {
                throw NotebookError(.remarkable, .damaged, "version 6 page: block \(blockNumber) is cut short in its header")
            }
            let length = Int(bytes.u32(offset))
            let blockVersion = bytes.u8(offset + 6)
            let type = bytes.u8(offset + 7)
            let start = offset + 8
            guard bytes.contains(start, length: length) else {
                throw NotebookError(.remarkable, .damaged, "version 6 page: block \(blockNumber) says \(length) bytes, more than remain")
            }
            offset = start + length
            var reader = RemarkableTaggedReader(bytes, from: start, to: start + length)
            do {
                switch type {
                case 1: try readSceneTree(&reader, into: &scene)
                case 2: try readTreeNode(&reader, into: &scene)
                case 3: try readItem(&reader, into: &scene, blockVersion: blockVersion, kind: .glyph, budget: &pointBudget)
                case 4: try readItem(&reader, into: &scene, blockVersion: blockVersion, kind: .group, budget: &pointBudget)
                case 5: try readItem(&reader, into: &scene, blockVersion: blockVersion, kind: .line, budget: &pointBudget)
                case 7: try readRootText(&reader, into: &scene)
                default: break  // migration info, authors, page info, scene info, tombstones
                }
            } catch {
                guard pointBudget >= 0 else { throw NotebookError(.remarkable, .tooLarge, "more points than the limit allows") }
                content.warn("version 6 blocks of type \(type) that could not be parsed skipped (block \(blockNumber): \(error.reason))")
            }
        }
        assemble(scene, pageID: pageID, into: &content)
        return content
    }

    // MARK: Blocks

    private static func readSceneTree(_ r: inout RemarkableTaggedReader, into scene: inout Scene) throws(RemarkableTaggedReader.Failure) {
        let node = try r.taggedID(1)
        _ = try r.taggedID(2)
        _ = try r.taggedBool(3)
        try r.enter(4)
        let parent = try r.taggedID(1)
        r.leave()
        // Declared groups are placed by group items; the declaration alone makes the node known.
        if scene.children[node] == nil { scene.children[node] = [] }
        _ = parent
    }

    private static func readTreeNode(_ r: inout RemarkableTaggedReader, into scene: inout Scene) throws(RemarkableTaggedReader.Failure) {
        let node = try r.taggedID(1)
        // The label, last-writer-wins: a timestamp and a string.
        try r.enter(2)
        r.leave()
        guard r.hasTag(3, .length4) else { return }
        try r.enter(3)
        _ = try r.taggedID(1)
        let visible = try r.taggedBool(2)
        r.leave()
        if !visible { scene.hidden.insert(node) }
    }

    private enum ItemKind { case glyph, group, line }

    private static func readItem(_ r: inout RemarkableTaggedReader, into scene: inout Scene, blockVersion: UInt8,
                                 kind: ItemKind, budget: inout Int) throws(RemarkableTaggedReader.Failure) {
        let parent = try r.taggedID(1)
        let id = try r.taggedID(2)
        let left = try r.taggedID(3)
        let right = try r.taggedID(4)
        let deletedLength = try r.taggedU32(5)
        guard deletedLength == 0, r.hasTag(6, .length4) else { return }
        try r.enter(6)
        defer { r.leave() }
        let itemType = try r.u8()
        switch kind {
        case .group:
            guard itemType == 2 else { throw .init(reason: "a group item of type \(itemType)") }
            let node = try r.taggedID(2)
            scene.children[parent, default: []].append(.init(id: id, left: left, right: right, value: .group(node)))
        case .line:
            guard itemType == 3 else { throw .init(reason: "a line item of type \(itemType)") }
            let line = try readLine(&r, id: id, blockVersion: blockVersion, budget: &budget)
            scene.children[parent, default: []].append(.init(id: id, left: left, right: right, value: .line(scene.lines.count)))
            scene.lines.append(line)
        case .glyph:
            // A highlight of document text: its text is the string value among its tags.
            var text = ""
            while let tag = r.peekTag() {
                if tag.index == 5, tag.kind == RemarkableTaggedReader.Kind.length4.rawValue {
                    text = try r.taggedString(5)
                } else {
                    try r.skipValue()
                }
            }
            scene.highlights.append(text)
        }
    }

    private static func readLine(_ r: inout RemarkableTaggedReader, id: CrdtID, blockVersion: UInt8,
                                 budget: inout Int) throws(RemarkableTaggedReader.Failure) -> Line {
        let pen = try r.taggedU32(1)
        let color = try r.taggedU32(2)
        let thickness = try r.taggedF64(3)
        _ = try r.taggedF32(4)  // starting length
        let length = try r.enter(5)
        let size = blockVersion >= 2 ? 14 : 24
        let count = length / size
        guard count <= budget else {
            budget = -1
            throw .init(reason: "more points than the limit allows")
        }
        budget -= count
        var points: [StrokePoint] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            let x = Double(try r.f32()), y = Double(try r.f32())
            var width: Double, pressure: Double
            if size == 14 {
                _ = try r.u16()  // speed
                width = Double(try r.u16()) / 4
                _ = try r.u8()  // direction
                pressure = Double(try r.u8()) / 255
            } else {
                _ = try r.f32()  // speed
                _ = try r.f32()  // direction
                width = Double(try r.f32())
                pressure = Double(try r.f32())
            }
            guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else { continue }
            var point = StrokePoint(x: x + RemarkableLines.pageWidth / 2, y: y)
            if width.isFinite, width > 0, width < 1e4 { point.size = CGSize(width: width, height: width) }
            if pressure.isFinite, pressure >= 0, pressure <= 1e3 { point.force = pressure }
            points.append(point)
        }
        r.leave()
        var argb: UInt32?
        while let tag = r.peekTag() {
            if tag.index == 8, tag.kind == RemarkableTaggedReader.Kind.byte4.rawValue {
                argb = try r.taggedU32(8)
            } else {
                try r.skipValue()
            }
        }
        return Line(id: id, pen: pen, color: color, argb: argb, thickness: thickness, points: points)
    }

    private static func readRootText(_ r: inout RemarkableTaggedReader, into scene: inout Scene) throws(RemarkableTaggedReader.Failure) {
        _ = try r.taggedID(1)
        try r.enter(2)
        try r.enter(1)
        try r.enter(1)
        let count = try r.varint()
        guard count <= UInt64(r.remaining) else { throw .init(reason: "\(count) text items in \(r.remaining) bytes") }
        for _ in 0..<count {
            try r.enter(0)
            let id = try r.taggedID(2)
            let left = try r.taggedID(3)
            let right = try r.taggedID(4)
            let deleted = try r.taggedU32(5)
            var text = ""
            if deleted == 0, r.hasTag(6, .length4) {
                try r.enter(6)
                text = try r.bareString()
                r.leave()
            }
            r.leave()
            scene.textItems.append(.init(id: id, left: left, right: right, value: text))
        }
        r.leave()
        r.leave()
        r.leave()
    }

    // MARK: The page

    private static func assemble(_ scene: Scene, pageID: UUID, into content: inout RemarkablePageContent) {
        let ids = NotebookStrokeIDs(pageID: pageID, format: .remarkable)
        var visited: Set<CrdtID> = [.root]
        var placed = [Bool](repeating: false, count: scene.lines.count)
        var order: [Int] = []

        func visit(_ node: CrdtID, depth: Int) {
            guard depth < 64 else { return }
            for child in CrdtSequenceOrder.order(scene.children[node] ?? []) {
                switch child {
                case .line(let index):
                    if !placed[index] {
                        placed[index] = true
                        order.append(index)
                    }
                case .group(let group):
                    guard visited.insert(group).inserted else { continue }
                    if depth == 0 { content.layers += 1 }
                    if depth >= 1 { content.warn("strokes in groups inside layers (anchored to text) read without their anchor's offset") }
                    if scene.hidden.contains(group) { content.warn("strokes on hidden layers read") }
                    visit(group, depth: depth + 1)
                }
            }
        }
        visit(.root, depth: 0)
        // Strokes of groups never placed under the root are still the writer's ink.
        let orphans = scene.lines.indices.filter { !placed[$0] }
        if !orphans.isEmpty { content.warn("strokes of groups that are not in the page's tree read at the end") }
        for index in order + orphans {
            let line = scene.lines[index]
            let color = line.argb.map { argb in
                Ink.Color(red: UInt8(argb >> 16 & 0xff), green: UInt8(argb >> 8 & 0xff), blue: UInt8(argb & 0xff), alpha: UInt8(argb >> 24))
            }
            let width = line.thickness.isFinite ? line.thickness : nil
            content.add(points: line.points, pen: line.pen, color: color, colorCode: line.color, width: width,
                        id: ids.id(named: line.id.description))
        }
        let text = CrdtSequenceOrder.order(scene.textItems).joined()
        for paragraph in text.split(separator: "\n") where !paragraph.trimmingCharacters(in: .whitespaces).isEmpty {
            content.texts.append(String(paragraph))
        }
        if !text.isEmpty { content.skip("text") }
        for highlight in scene.highlights {
            content.skip("highlight")
            if !highlight.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { content.texts.append(highlight) }
        }
    }
}
