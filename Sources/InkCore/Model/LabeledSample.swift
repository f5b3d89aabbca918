/// A drawing with its ground-truth transcription, as read from the dataset format.
public struct LabeledSample: Sendable, Hashable, Codable {
    public var id: String
    /// Writer identifier, or `nil` where unknown.
    public var writer: String?
    /// The transcription; may span several physical lines without line breaks.
    public var text: String
    public var drawing: Drawing

    public init(id: String, writer: String?, text: String, drawing: Drawing) {
        self.id = id
        self.writer = writer
        self.text = text
        self.drawing = drawing
    }
}
