import Foundation

/// Turns the JSON of an `.rnote` file into an `InkNotebook` (see `Rnote` for the mapping): finds
/// the snapshot in whichever generation the version names, reads every stroke component, then
/// lays them on pages (`RnotePages`).
struct RnoteReader {
    /// One element of the document until the pages are known: in document coordinates.
    struct Item {
        enum Content {
            case ink(points: [StrokePoint], ink: Ink, highlighter: Bool)
            case text(String)
            case skipped(String)
        }

        var content: Content
        /// Where the element is, to choose its page: the centre of a stroke's points, a text's
        /// top-left corner, a shape's start or centre; nil where the file does not say.
        var anchor: CGPoint?
        /// Rnote's drawing order: layer (document, image, user layers, highlighter), then the
        /// chrono counter, then the slot.
        var order: Order
    }

    struct Order: Comparable {
        var layerRank: Int
        var userLayer: Int
        var time: Double
        var slot: Int

        static func < (lhs: Order, rhs: Order) -> Bool {
            (lhs.layerRank, lhs.userLayer, lhs.time, lhs.slot) < (rhs.layerRank, rhs.userLayer, rhs.time, rhs.slot)
        }
    }

    let limits: InkNotebook.Limits
    private(set) var warnings: [String] = []
    private var warned: Set<String> = []
    /// Points read so far, all pages together.
    var pointCount = 0

    init(limits: InkNotebook.Limits) {
        self.limits = limits
    }

    mutating func warn(_ message: String) {
        if warned.insert(message).inserted { warnings.append(message) }
    }

    static func damaged(_ reason: String) -> NotebookError { NotebookError(.rnote, .damaged, reason) }

    /// The whole file: the wrapper, its version, the snapshot, the pages.
    static func read(_ root: NotebookTree, fileIdentity: String, limits: InkNotebook.Limits,
                     contentHash: UInt32) throws(NotebookError) -> InkNotebook {
        guard case .object = root, let versionText = root["version"]?.string, let data = root["data"], data.members != nil else {
            throw NotebookError(.rnote, .notThisFormat, "the JSON is not an Rnote file wrapper (an object with a version and data)")
        }
        guard let version = RnoteVersion(versionText) else {
            throw damaged("the version '\(versionText.prefix(40))' is not a semantic version")
        }
        guard version >= RnoteVersion.oldest else {
            throw NotebookError(.rnote, .unsupported, "format version \(version) is older than 0.5.0, which Rnote itself no longer opens")
        }
        guard version.major == 0 else {
            throw NotebookError(.rnote, .unsupported, "format version \(version) is newer than the 0.x formats this reader knows")
        }
        var reader = RnoteReader(limits: limits)
        if version.minor > RnoteVersion.newestKnown.minor {
            reader.warn("format version \(version) is newer than 0.15; read as 0.15")
        }

        // 0.5.10 and later: data.engine_snapshot; before: data.document (or sheet) and data.store_snapshot.
        let document: NotebookTree?
        let store: NotebookTree
        if let snapshot = data["engine_snapshot"], snapshot.members != nil {
            document = snapshot["document"]
            store = snapshot
        } else if let snapshot = data["store_snapshot"], snapshot.members != nil {
            document = data["document"] ?? data["sheet"]
            store = snapshot
        } else {
            throw damaged("the data holds neither an engine_snapshot nor a store_snapshot")
        }
        guard let slots = store["stroke_components"]?.array else {
            throw damaged("the snapshot has no stroke_components array")
        }
        let chrono = reader.components(store["chrono_components"], name: "chrono_components")
        let trash = reader.components(store["trash_components"], name: "trash_components")
        let layout = RnoteDocument(document) { reader.warn($0) }

        var items: [Item] = []
        var trashed = 0
        for (slot, entry) in slots.enumerated() {
            guard entry.members != nil else {
                reader.warn("stroke components that are not slot objects skipped")
                continue
            }
            guard let value = entry["value"], !value.isNull else { continue }  // a vacant slot
            if slot < trash.count, trash[slot]?["trashed"]?.bool == true {
                trashed += 1
                continue
            }
            let order = reader.order(of: slot < chrono.count ? chrono[slot] : nil, slot: slot)
            if let item = try reader.item(value, order: order) { items.append(item) }
        }
        if trashed > 0 {
            reader.warn("strokes in the trash (erased, kept for undo by Rnote before 0.5.10) not read")
        }

        let pages = try RnotePages.lay(items, document: layout, fileIdentity: fileIdentity, reader: &reader)
        return InkNotebook(format: .rnote, pages: pages, formatVersion: version.text, contentHash: contentHash,
                           fileIdentity: fileIdentity, warnings: reader.warnings)
    }

    /// A slotmap's secondary map (chrono or trash components) by slot: each slot's value, nil
    /// where the slot is vacant. A component map that is not an array is ignored, with a warning.
    mutating func components(_ tree: NotebookTree?, name: String) -> [NotebookTree?] {
        guard let tree, !tree.isNull else { return [] }
        guard let slots = tree.array else {
            warn("\(name) that are not a slot array ignored")
            return []
        }
        return slots.map { slot in
            guard let value = slot["value"], !value.isNull else { return nil }
            return value
        }
    }

    /// The drawing order of the stroke in `slot` from its chrono component: `{"t": 12, "layer":
    /// "highlighter"}` or `{"layer": {"user_layer": 0}}`; a stroke without one is in user layer 0.
    mutating func order(of component: NotebookTree?, slot: Int) -> Order {
        let time = component?["t"]?.finite ?? 0
        var rank = 2
        var userLayer = 0
        switch component?["layer"] {
        case .string(let name)?:
            switch RnoteDocument.normalized(name) {
            case "document": rank = 0
            case "image": rank = 1
            case "highlighter": rank = 3
            case "userlayer": break
            default: warn("the unknown stroke layer '\(name.prefix(40))' read as user layer 0")
            }
        case .object(let members)? where members.count == 1 && RnoteDocument.normalized(members[0].key) == "userlayer":
            userLayer = members[0].value.int ?? 0
        case nil, .null?:
            break
        case let other?:
            warn("stroke layers given as \(other.kindName) read as user layer 0")
        }
        return Order(layerRank: rank, userLayer: userLayer, time: time, slot: slot)
    }
}
