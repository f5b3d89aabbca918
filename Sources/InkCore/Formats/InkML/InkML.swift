import Foundation

/// Reads and writes W3C InkML (https://www.w3.org/TR/InkML/).
///
/// Mapping (details in Docs/InkML.md):
/// - `trace` → `Stroke`. A UUID `xml:id` becomes `Stroke.id`; any other `xml:id` is kept in the
///   stroke annotation `inkml:xml:id` (and the id is derived from it), so it is written back.
/// - `traceFormat` channels `X`, `Y`, `T` (s; `ms` converted), `F`, `W`/`H` (tip size),
///   `OPACITY`, `OA`/`OE` (rad; `deg` converted) → `StrokePoint` fields. Other channels are
///   dropped and named in `ReadResult.warnings`.
/// - `traceGroup` → flattened; membership kept in the stroke annotation `inkml:traceGroup`
///   (group ids joined by `/`), group annotations in drawing annotations
///   `inkml:traceGroup:<path>:<type>`.
/// - `annotation` on `ink` → `Drawing.annotations` (a repeated type gets `#2`, `#3`, ...).
/// - `brush` width, color, transparency and `tool` → `Stroke.ink`.
/// - Stroke annotations and transforms, which InkML traces cannot hold, go in one
///   `annotationXML type="inkindex:strokes"` block.
///
/// InkML → model → InkML → model is lossless; numbers are written as the shortest decimal text
/// that reads back to the same `Double`.
///
/// ```swift
/// let result = try InkML.read(Data(contentsOf: url))
/// print(result.drawing.strokes.count, result.warnings)
/// let text = try InkML.write(result.drawing)
/// ```
public enum InkML {
    /// A drawing read from InkML, with what was dropped on the way.
    public struct ReadResult: Sendable, Hashable {
        public var drawing: Drawing
        /// One line per kind of content the model could not carry (channels, elements, attributes).
        public var warnings: [String]
    }

    /// Stroke annotation keeping a trace `xml:id` that is not a canonical UUID.
    public static let xmlIDKey = "inkml:xml:id"
    /// Stroke annotation keeping a trace `type` other than `penDown`.
    public static let traceTypeKey = "inkml:type"
    /// Stroke annotation naming the enclosing trace groups, outermost first, joined by `/`.
    public static let groupKey = "inkml:traceGroup"
    /// Prefix of drawing annotations that belong to a trace group: `inkml:traceGroup:<path>:<type>`.
    public static let groupAnnotationPrefix = "inkml:traceGroup:"
    /// The drawing annotations a `traceView` becomes: `inkml:traceView:<path>` lists the ids
    /// of the traces it names, `inkml:traceView:<path>:<type>` holds its annotations.
    public static let traceViewPrefix = "inkml:traceView:"
    static let strokeMetadataType = "inkindex:strokes"
    static let namespace = "http://www.w3.org/2003/InkML"

    /// Parses an InkML document. O(bytes); limits bound size and nesting.
    public static func read(_ data: Data, limits: XMLLimits = XMLLimits()) throws(InkMLError) -> ReadResult {
        guard data.count <= limits.maximumBytes else {
            throw .xml(line: 1, column: 1, reason: "document is \(data.count) bytes, more than the limit of \(limits.maximumBytes)")
        }
        let root: XMLTreeElement
        do {
            root = try XMLTreeParser.parse([UInt8](data), limits: limits)
        } catch {
            throw .xml(line: error.line, column: error.column, reason: error.reason)
        }
        let (drawing, warnings) = try InkMLReader.read(root)
        return ReadResult(drawing: drawing, warnings: warnings)
    }

    public static func read(_ text: String, limits: XMLLimits = XMLLimits()) throws(InkMLError) -> ReadResult {
        try read(Data(text.utf8), limits: limits)
    }

    /// Writes a drawing as InkML; throws `unrepresentable` for non-finite numbers. O(points).
    public static func write(_ drawing: Drawing) throws(InkMLError) -> String {
        try InkMLWriter.write(drawing)
    }

    /// The identifier a trace with this `xml:id` gets: the UUID itself, or one derived from it.
    public static func strokeID(forXMLID xmlID: String) -> UUID {
        UUID(uuidString: xmlID) ?? UUID(deterministicFrom: "inkml:xml:id:" + xmlID)
    }
}
