import Foundation
import InkIndex
import InkWire

/// `inkindex_recognizer`: a `StrokeRecognizer` behind a blocking, cancellable gate.
final class RecognizerHandle: @unchecked Sendable {
    let recognizer: StrokeRecognizer
    let gate = CallGate()
    /// How long the last update took (read and written inside the gate).
    var lastUpdateMilliseconds = 0.0

    init(_ recognizer: StrokeRecognizer) {
        self.recognizer = recognizer
    }

    static let handles = HandleTable<RecognizerHandle>(kind: "recognizer", base: 0x2000_0000)

    static func from(_ pointer: OpaquePointer?) throws -> RecognizerHandle {
        try handles.object(pointer)
    }

    /// Gives the recognizer `drawing` and waits; a cancelled update is `cancelled`, lines that
    /// failed are `internal` (they are read again by the next update).
    func update(_ drawing: Drawing) throws {
        let elapsed = try gate.run { [recognizer] in
            let started = ContinuousClock.now
            await recognizer.updateDrawing(drawing)
            if let error = await recognizer.lastError {
                if error is CancellationError { throw error }
                throw CFailure(.internal, "some lines could not be read: \(error)")
            }
            return started.duration(to: .now)
        }
        lastUpdateMilliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}

@_cdecl("inkindex_recognizer_create")
public func inkindex_recognizer_create(_ options: UnsafePointer<CChar>?, _ error: CErrorOut) -> OpaquePointer? {
    cValue(error) {
        let options = try CReadingOptions(json: try CStrings.optional(options, "options_json"))
        try LibrarySetup.requireResources()
        let recognizer = StrokeRecognizer(model: options.model, preferredLanguages: options.languages.map(\.localeLanguage),
                                          vocabulary: options.vocabulary, reading: options.plan)
        let loadError = try CallGate().run { await recognizer.lastError.map { "\($0)" } }
        if let loadError { throw CFailure(.modelUnavailable, "\(loadError)") }
        return RecognizerHandle.handles.insert(RecognizerHandle(recognizer))
    }
}

@_cdecl("inkindex_recognizer_free")
public func inkindex_recognizer_free(_ recognizer: OpaquePointer?) {
    RecognizerHandle.handles.remove(recognizer)
}

@_cdecl("inkindex_recognizer_update_drawing")
public func inkindex_recognizer_update_drawing(_ recognizer: OpaquePointer?, _ drawing: UnsafePointer<CChar>?, _ error: CErrorOut) -> Int32 {
    cStatus(error) {
        let handle = try RecognizerHandle.from(recognizer)
        try handle.update(try CInput.drawing(json: try CStrings.required(drawing, "drawing_json")))
    }
}

@_cdecl("inkindex_recognizer_update_drawing_inkml")
public func inkindex_recognizer_update_drawing_inkml(_ recognizer: OpaquePointer?, _ bytes: UnsafePointer<CChar>?, _ length: Int,
                                                     _ error: CErrorOut) -> Int32 {
    cStatus(error) {
        let handle = try RecognizerHandle.from(recognizer)
        try handle.update(try CInput.drawing(inkML: bytes, length: length))
    }
}

@_cdecl("inkindex_recognizer_text")
public func inkindex_recognizer_text(_ recognizer: OpaquePointer?, _ strokeIDs: UnsafePointer<CChar>?,
                                     _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try RecognizerHandle.from(recognizer)
        let ids = try CStrings.optional(strokeIDs, "stroke_ids_json").map(CInput.strokeIDs(json:))
        return try handle.gate.run { [recognizer = handle.recognizer] in await recognizer.recognizedText(strokeIDs: ids) }
            .map(CStrings.owned)
    }
}

@_cdecl("inkindex_recognizer_search")
public func inkindex_recognizer_search(_ recognizer: OpaquePointer?, _ query: UnsafePointer<CChar>?, _ flags: UInt32,
                                       _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try RecognizerHandle.from(recognizer)
        let text = try CStrings.required(query, "query"), options = try SearchFlags(flags)
        let hits = try handle.gate.run { [recognizer = handle.recognizer] in
            await recognizer.search(text, fullWordsOnly: options.fullWordsOnly, caseMatchingOnly: options.caseMatchingOnly,
                                    filter: options.filter)
        }
        return try CStrings.json(DrawingSearchAnswer(query: text, hits: hits.map {
            DrawingSearchAnswer.Hit(strokeIDs: $0.strokeIDs, bounds: WireRect($0.bounds), reading: $0.reading, score: $0.score)
        }))
    }
}

@_cdecl("inkindex_recognizer_recognition")
public func inkindex_recognizer_recognition(_ recognizer: OpaquePointer?, _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try RecognizerHandle.from(recognizer)
        let answer = try handle.gate.run { [recognizer = handle.recognizer, elapsed = handle.lastUpdateMilliseconds] in
            let layout = await recognizer.layout, drawing = await recognizer.drawing
            let lines = WireConversion.lines(layout: layout, recognitions: await recognizer.lineRecognitions, words: await recognizer.wordTokens)
            return WireRecognition(recognitionVersion: recognizer.recognitionVersion, lines: lines,
                                   layout: WireConversion.layout(layout, drawing: drawing), elapsedMs: elapsed)
        }
        return try CStrings.json(answer)
    }
}

@_cdecl("inkindex_recognizer_indexable_content")
public func inkindex_recognizer_indexable_content(_ recognizer: OpaquePointer?, _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let handle = try RecognizerHandle.from(recognizer)
        return try handle.gate.run { [recognizer = handle.recognizer] in await recognizer.indexableContent }.map(CStrings.owned)
    }
}

@_cdecl("inkindex_recognizer_recognition_version")
public func inkindex_recognizer_recognition_version(_ recognizer: OpaquePointer?) -> Int32 {
    guard let handle = try? RecognizerHandle.from(recognizer) else { return -1 }
    return Int32(handle.recognizer.recognitionVersion)
}

@_cdecl("inkindex_recognizer_cancel")
public func inkindex_recognizer_cancel(_ recognizer: OpaquePointer?) {
    (try? RecognizerHandle.from(recognizer))?.gate.cancel()
}
