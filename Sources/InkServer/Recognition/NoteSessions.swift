import InkIndex

/// A `StrokeRecognizer` per recently written note, which remembers the recognition of each of
/// its lines: a PUT of the note then re-reads only the lines whose strokes changed. The least
/// recently used session is dropped past `capacity` (its note is then read whole on its next
/// write). A session whose recognition failed is dropped, so the next write starts afresh.
actor NoteSessions {
    private let recognizer: any LineRecognizing
    private let maxCandidates: Int
    private let capacity: Int
    private var sessions: [String: StrokeRecognizer] = [:]
    private var order: [String] = []

    init(recognizer: any LineRecognizing, maxCandidates: Int, capacity: Int) {
        self.recognizer = recognizer
        self.maxCandidates = maxCandidates
        self.capacity = max(1, capacity)
    }

    /// The note's session, made where there is none. O(capacity) for the recency list.
    func recognizer(for noteID: String) -> StrokeRecognizer {
        order.removeAll { $0 == noteID }
        order.append(noteID)
        if let session = sessions[noteID] { return session }
        let session = StrokeRecognizer(recognizer: recognizer, maxCandidates: maxCandidates)
        sessions[noteID] = session
        while order.count > capacity { sessions[order.removeFirst()] = nil }
        return session
    }

    func end(_ noteID: String) {
        sessions[noteID] = nil
        order.removeAll { $0 == noteID }
    }
}
