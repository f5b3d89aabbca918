/// The `StrokeRecognizer` of each note being edited: it remembers the recognition of every line,
/// so that recognizing the note again redoes only the lines whose strokes changed.
actor EditingSessions {
    private let recognizer: any LineRecognizing
    private let maxCandidates: Int
    private var sessions: [String: StrokeRecognizer] = [:]

    init(recognizer: any LineRecognizing, maxCandidates: Int) {
        self.recognizer = recognizer
        self.maxCandidates = maxCandidates
    }

    func recognizer(for noteID: String) -> StrokeRecognizer {
        if let session = sessions[noteID] { return session }
        let session = StrokeRecognizer(recognizer: recognizer, maxCandidates: maxCandidates)
        sessions[noteID] = session
        return session
    }

    func end(_ noteID: String) { sessions[noteID] = nil }

    var openNoteIDs: Set<String> { Set(sessions.keys) }
}
