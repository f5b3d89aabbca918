/// How much one request may carry. Requests past a limit are refused with 413
/// `payload_too_large` before anything is recognized or stored.
///
/// ```swift
/// var limits = ServerLimits()
/// limits.maxBodyBytes = 2 << 20        // 2 MiB
/// limits.maxStrokesPerNote = 2_000
/// ```
public struct ServerLimits: Sendable, Hashable {
    /// Bytes of one request body (JSON or InkML). Default 8 MiB: a dense handwritten page of
    /// 40 lines sent as JSON is about 2 MiB.
    public var maxBodyBytes = 8 << 20
    /// Strokes in one note or one recognition request. Default 10,000.
    public var maxStrokesPerNote = 10_000
    /// Points in one stroke. Default 10,000 (over a minute of writing at 120 Hz without lifting the pen).
    public var maxPointsPerStroke = 10_000
    /// Notes in one `POST /api/notes/batch`. Default 500 (a notebook's pages); the body's bytes
    /// are bounded by `maxBodyBytes` as any request's.
    public var maxNotesPerBatch = 500

    public init() {}

    public init(maxBodyBytes: Int, maxStrokesPerNote: Int, maxPointsPerStroke: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxStrokesPerNote = maxStrokesPerNote
        self.maxPointsPerStroke = maxPointsPerStroke
    }
}
