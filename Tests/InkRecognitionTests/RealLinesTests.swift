import Foundation
import InkCore
import Testing
@testable import InkTools
@testable import InkRecognition

/// A handful of real IAM-OnDB lines from ../shared/data (skipped where absent), under a loose
/// bound: this guards against a broken pipeline, not a measure of accuracy (see `inkindex eval`).
@Suite struct RealLinesTests {
    /// `../shared/data` relative to the package root, or `$INKINDEX_SHARED_DATA` (for worktrees).
    static let dataPath: String? = {
        if let override = ProcessInfo.processInfo.environment["INKINDEX_SHARED_DATA"] {
            let path = override + "/iam-ondb/testset_t.jsonl.gz"
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/data/iam-ondb/testset_t.jsonl.gz")
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }()

    @Test func readsRealLinesUnderLooseCERBound() throws {
        guard let path = Self.dataPath else {
            print("../shared/data is absent: skipping tests on real handwriting")
            return
        }
        var options = DecodingOptions.shipped
        options.method = .greedy
        let recognizer = try ShippedRecognizer.load(decoding: options)
        var edits = 0, characters = 0
        for sample in try DatasetReader(path: path).readAll(limit: 8) {
            let text = try recognizer.recognize(sample.drawing.strokes, maxCandidates: 1).best?.text ?? ""
            edits += EditDistance.between(characters: text, sample.text)
            characters += sample.text.count
        }
        let cer = Double(edits) / Double(max(characters, 1))
        #expect(cer < 0.45, "greedy CER \(cer) on 8 testset_t lines")
    }
}
