import Foundation

/// Writes a drawing as InkML text (see `InkML` for the mapping).
struct InkMLWriter {
    private var out = ""

    static func write(_ drawing: Drawing) throws(InkMLError) -> String {
        try checkFinite(drawing)
        var writer = InkMLWriter()
        writer.out.reserveCapacity(64 + drawing.pointCount * 24)
        writer.document(drawing)
        return writer.out
    }

    /// Shortest decimal text that reads back as the same Double (`description`, less a `.0`).
    static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return String(Int64(value))
        }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func escapeText(_ s: String) -> String { XMLEscaping.text(s) }

    static func escapeAttribute(_ s: String) -> String { XMLEscaping.attribute(s) }

    private static func checkFinite(_ drawing: Drawing) throws(InkMLError) {
        for (s, stroke) in drawing.strokes.enumerated() {
            if let width = stroke.ink.width, !width.isFinite {
                throw .unrepresentable(stroke: s, point: nil, reason: "ink width \(width) is not finite")
            }
            if let t = stroke.transform, ![t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) {
                throw .unrepresentable(stroke: s, point: nil, reason: "transform has a non-finite entry")
            }
            for (p, point) in stroke.points.enumerated() {
                guard point.location.x.isFinite, point.location.y.isFinite else {
                    throw .unrepresentable(stroke: s, point: p, reason: "location is not finite")
                }
                for field in InkMLField.allCases {
                    if let v = field.value(of: point), !v.isFinite {
                        throw .unrepresentable(stroke: s, point: p, reason: "channel \(field.channelName) value \(v) is not finite")
                    }
                }
            }
        }
    }

    /// Which optional fields a stroke's points carry, as a bit set over `InkMLField`.
    private static func fieldMask(_ stroke: Stroke) -> Int {
        var mask = 0
        for point in stroke.points {
            for field in InkMLField.allCases where field.value(of: point) != nil { mask |= 1 << field.rawValue }
            if mask == (1 << InkMLField.allCases.count) - 1 { break }
        }
        return mask
    }

    private mutating func document(_ drawing: Drawing) {
        let masks = drawing.strokes.map(Self.fieldMask)
        var contextIDs: [Int: String] = [:]
        var contextOrder: [Int] = []
        for mask in masks where mask != 0 && contextIDs[mask] == nil {
            contextIDs[mask] = "ctx\(contextOrder.count)"
            contextOrder.append(mask)
        }
        var brushIDs: [Ink: String] = [:]
        var brushOrder: [Ink] = []
        for stroke in drawing.strokes where stroke.ink != Ink() && brushIDs[stroke.ink] == nil {
            brushIDs[stroke.ink] = "brush\(brushOrder.count)"
            brushOrder.append(stroke.ink)
        }

        // Group annotations are written inside their group when some stroke opens it.
        let usedGroups = Set(drawing.strokes.compactMap { $0.annotations[InkML.groupKey] }.flatMap { path in
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            return (1...parts.count).map { parts.prefix($0).joined(separator: "/") }
        })
        var groupAnnotations: [String: [(String, String)]] = [:]
        var rootAnnotations: [(String, String)] = []
        for (key, value) in drawing.annotations.sorted(by: { $0.key < $1.key }) {
            if key.hasPrefix(InkML.groupAnnotationPrefix) {
                let rest = key.dropFirst(InkML.groupAnnotationPrefix.count)
                if let colon = rest.firstIndex(of: ":"), usedGroups.contains(String(rest[..<colon])) {
                    groupAnnotations[String(rest[..<colon]), default: []].append((String(rest[rest.index(after: colon)...]), value))
                    continue
                }
            }
            rootAnnotations.append((key, value))
        }

        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ink xmlns=\"\(InkML.namespace)\">\n"
        for (key, value) in rootAnnotations { annotation(key, value, indent: "  ") }
        if !contextOrder.isEmpty || !brushOrder.isEmpty {
            out += "  <definitions>\n"
            for mask in contextOrder { context(id: contextIDs[mask]!, mask: mask) }
            for ink in brushOrder { brush(id: brushIDs[ink]!, ink: ink) }
            out += "  </definitions>\n"
        }
        var openGroups: [Substring] = []
        for (index, stroke) in drawing.strokes.enumerated() {
            let target = stroke.annotations[InkML.groupKey].map { $0.split(separator: "/", omittingEmptySubsequences: false) } ?? []
            var common = 0
            while common < openGroups.count, common < target.count, openGroups[common] == target[common] { common += 1 }
            while openGroups.count > common {
                openGroups.removeLast()
                out += String(repeating: "  ", count: openGroups.count + 1) + "</traceGroup>\n"
            }
            while openGroups.count < target.count {
                let id = target[openGroups.count]
                let indent = String(repeating: "  ", count: openGroups.count + 1)
                // A group without xml:id reads back as "#<index of its first trace>"; any other
                // id, "#"-prefixed ones included, is written so that it reads back as it is.
                let anonymous = id == "#\(index)"
                out += indent + "<traceGroup" + (anonymous ? "" : " xml:id=\"\(Self.escapeAttribute(String(id)))\"") + ">\n"
                openGroups.append(id)
                for (type, value) in groupAnnotations.removeValue(forKey: openGroups.joined(separator: "/")) ?? [] {
                    annotation(type, value, indent: indent + "  ")
                }
            }
            trace(stroke, mask: masks[index], context: contextIDs[masks[index]], brush: brushIDs[stroke.ink],
                  indent: String(repeating: "  ", count: openGroups.count + 1))
        }
        while !openGroups.isEmpty {
            openGroups.removeLast()
            out += String(repeating: "  ", count: openGroups.count + 1) + "</traceGroup>\n"
        }
        strokeMetadata(drawing)
        out += "</ink>\n"
    }

    private mutating func annotation(_ type: String, _ value: String, indent: String) {
        out += indent + "<annotation" + (type.isEmpty ? "" : " type=\"\(Self.escapeAttribute(type))\"") + ">"
            + Self.escapeText(value) + "</annotation>\n"
    }

    private mutating func context(id: String, mask: Int) {
        out += "    <context xml:id=\"\(id)\">\n      <traceFormat>\n"
        out += "        <channel name=\"X\" type=\"decimal\"/>\n        <channel name=\"Y\" type=\"decimal\"/>\n"
        out += "        <intermittentChannels>\n"
        for field in InkMLField.allCases where mask & (1 << field.rawValue) != 0 {
            out += "          <channel name=\"\(field.channelName)\" type=\"decimal\""
                + (field.writtenUnits.map { " units=\"\($0)\"" } ?? "") + "/>\n"
        }
        out += "        </intermittentChannels>\n      </traceFormat>\n    </context>\n"
    }

    private mutating func brush(id: String, ink: Ink) {
        out += "    <brush xml:id=\"\(id)\">\n"
        let color = ink.color
        out += "      <brushProperty name=\"color\" value=\"\(Ink.Color(red: color.red, green: color.green, blue: color.blue).hexString)\"/>\n"
        if color.alpha != 255 { out += "      <brushProperty name=\"transparency\" value=\"\(255 - Int(color.alpha))\"/>\n" }
        if let width = ink.width { out += "      <brushProperty name=\"width\" value=\"\(Self.decimal(width))\"/>\n" }
        if ink.tool != .pen { out += "      <brushProperty name=\"tool\" value=\"\(Self.escapeAttribute(ink.tool.rawValue))\"/>\n" }
        out += "    </brush>\n"
    }

    private static func xmlID(of stroke: Stroke) -> String {
        stroke.annotations[InkML.xmlIDKey] ?? stroke.id.uuidString
    }

    private mutating func trace(_ stroke: Stroke, mask: Int, context: String?, brush: String?, indent: String) {
        out += indent + "<trace xml:id=\"\(Self.escapeAttribute(Self.xmlID(of: stroke)))\""
        if let type = stroke.annotations[InkML.traceTypeKey] { out += " type=\"\(Self.escapeAttribute(type))\"" }
        if let context { out += " contextRef=\"#\(context)\"" }
        if let brush { out += " brushRef=\"#\(brush)\"" }
        out += ">"
        let fields = InkMLField.allCases.filter { mask & (1 << $0.rawValue) != 0 }
        for (p, point) in stroke.points.enumerated() {
            if p > 0 { out += ", " }
            out += Self.decimal(point.location.x)
            out += " "
            out += Self.decimal(point.location.y)
            // Missing values at the end of a point are left off; inside it they are "?".
            var pending = 0
            for field in fields {
                guard let value = field.value(of: point) else { pending += 1; continue }
                for _ in 0..<pending { out += " ?" }
                pending = 0
                out += " "
                out += Self.decimal(value)
            }
        }
        out += "</trace>\n"
    }

    private static let reservedStrokeKeys: Set<String> = [InkML.xmlIDKey, InkML.traceTypeKey, InkML.groupKey]

    /// The reserved annotations that the trace's attributes would not bring back: an `xml:id`
    /// annotation spelling a canonical UUID and a `penDown` type read back as no annotation at all.
    private static func reservedNotesLostByTrace(_ stroke: Stroke) -> [(String, String)] {
        var notes: [(String, String)] = []
        if let xmlID = stroke.annotations[InkML.xmlIDKey], UUID(uuidString: xmlID)?.uuidString == xmlID {
            notes.append((InkML.xmlIDKey, xmlID))
        }
        if let type = stroke.annotations[InkML.traceTypeKey], type == "penDown" {
            notes.append((InkML.traceTypeKey, type))
        }
        return notes
    }

    private mutating func strokeMetadata(_ drawing: Drawing) {
        var opened = false
        for (index, stroke) in drawing.strokes.enumerated() {
            let notes = (stroke.annotations.filter { !Self.reservedStrokeKeys.contains($0.key) }.map { ($0.key, $0.value) }
                + Self.reservedNotesLostByTrace(stroke)).sorted { $0.0 < $1.0 }
            let needsID = InkML.strokeID(forXMLID: Self.xmlID(of: stroke)) != stroke.id
            guard !notes.isEmpty || stroke.transform != nil || needsID else { continue }
            if !opened {
                out += "  <annotationXML type=\"\(InkML.strokeMetadataType)\">\n"
                opened = true
            }
            out += "    <stroke index=\"\(index)\""
            if needsID { out += " id=\"\(stroke.id.uuidString)\"" }
            if let t = stroke.transform {
                out += " transform=\"" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.decimal).joined(separator: " ") + "\""
            }
            if notes.isEmpty {
                out += "/>\n"
            } else {
                out += ">\n"
                for (key, value) in notes { annotation(key, value, indent: "      ") }
                out += "    </stroke>\n"
            }
        }
        if opened { out += "  </annotationXML>\n" }
    }
}
