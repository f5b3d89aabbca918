import Foundation
import InkIndex
import InkWire

/// `GET /api/health`: versions, the number of notes and how many wait to be indexed again.
extension APIResponder {
    func health(in libs: LibraryConnections) async throws -> ServerResponse {
        let reader = libs.reader
        let version = recognizer.recognitionVersion
        let answer = HealthAnswer(version: InkIndexInfo.version, recognitionVersion: version,
                                  recognitionModel: recognizer.recognitionModel,
                                  languages: recognizer.languages.map(\.code),
                                  supportedLanguages: languageRecognizers.supported.map { WireLanguage(code: $0.code, name: $0.name) },
                                  notes: try await reader.notes().count,
                                  waitingForIndex: try await reader.notesToIndex(version: version, model: recognizer.recognitionModel,
                                                                                 languages: recognizer.languages).count,
                                  reindexing: reindex.isRunning,
                                  indexProblems: try await reader.indexProblems().count)
        return try JSONAnswers.response(answer)
    }
}
