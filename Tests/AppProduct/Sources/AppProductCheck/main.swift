import Foundation
import InkIndex

// An app that links only `InkIndex` (or `InkIndexEnglish`): what it carries, and what it cannot load.

var failures: [String] = []
@MainActor func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { failures.append(message()) }
}

// 1. Every resource bundle the build put beside this executable: the product's, and only its.
let folder = Bundle.main.bundleURL
let fileManager = FileManager.default
let bundles = try fileManager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    .filter { ["resources", "bundle"].contains($0.pathExtension) }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
check(!bundles.isEmpty, "no resource bundle beside \(folder.path)")

/// The training recipe a weights file records in its header (`metadata.training.recipe`).
func recipe(ofWeights url: URL) -> String? {
    guard let data = try? Data(contentsOf: url), data.count >= 16, data.prefix(4) == Data("INKW".utf8) else { return nil }
    let length = data[8..<16].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    guard 16 + length <= data.count,
          let header = try? JSONSerialization.jsonObject(with: data[16..<(16 + length)]) as? [String: Any] else { return nil }
    return ((header["metadata"] as? [String: Any])?["training"] as? [String: Any])?["recipe"] as? String
}

var total = 0, weightsFiles = 0
print("bundle\tfiles\tbytes")
for bundle in bundles {
    var files = 0, bytes = 0
    for case let file as URL in fileManager.enumerator(at: bundle, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey]) ?? .init() {
        let values = try file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
        guard values.isRegularFile == true else { continue }
        files += 1
        bytes += values.fileSize ?? 0
        if file.pathExtension == "weights" {
            weightsFiles += 1
            check(recipe(ofWeights: file) == "open",
                  "\(bundle.lastPathComponent)/\(file.lastPathComponent): weights trained by recipe \(recipe(ofWeights: file) ?? "unknown"), not the open one")
        }
        if file.lastPathComponent == "TERMS.json", let data = try? Data(contentsOf: file),
           let terms = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let sources = terms["sources"] as? [String: [String: Any]] {
            for (name, source) in sources where source["commercialUse"] as? Bool != true {
                failures.append("\(bundle.lastPathComponent): TERMS.json names \(name), whose terms do not allow commercial use")
            }
        }
    }
    total += bytes
    print("\(bundle.lastPathComponent)\t\(files)\t\(bytes)")
}
print("all bundles\t\t\(total)")
check(weightsFiles == 1, "expected the open network's weights alone, found \(weightsFiles) weights files")

// 2. The open model loads; the research models fail with the typed error that names their product.
check((try? ShippedRecognizer.load(.open)) != nil, "the open model did not load")
for model in [ShippedModel.research, .researchAlternate] {
    check(!model.isAvailable, "\(model) is available without InkIndexResearchModels")
    do {
        _ = try ShippedRecognizer.load(model)
        failures.append("\(model) loaded without InkIndexResearchModels")
    } catch let error as RecognitionError {
        check(error == .modelNotLinked(model: model.identifier, product: "InkIndexResearchModels"), "\(model): \(error)")
    } catch {
        failures.append("\(model): an untyped error: \(error)")
    }
}
let recognizer = StrokeRecognizer(model: .research, preferredLanguages: ["en"])
let lastError = await recognizer.lastError
let reported = lastError as? RecognitionError
check(reported == .modelNotLinked(model: "research", product: "InkIndexResearchModels"),
      "StrokeRecognizer(model: .research) reported \(String(describing: lastError))")
print("research model without its product: \(reported.map { "\($0)" } ?? "no error")")

// 3. The languages: all 20 with the InkIndex product, English alone with InkIndexEnglish.
#if ENGLISH_ONLY
let product = "InkIndexEnglish", expected = [RecognitionLanguage.english]
#else
let product = "InkIndex", expected = RecognitionLanguage.all
#endif
check(ShippedModel.open.supportedLanguages == expected,
      "\(product) reads \(ShippedModel.open.supportedLanguages.map(\.code)), not \(expected.map(\.code))")
let asked = StrokeRecognizer(model: .open, preferredLanguages: ["es", "en"], reading: .once)
check(asked.recognitionLanguages == (expected.contains(.spanish) ? [.spanish, .english] : [.english]),
      "asked for Spanish and English, \(product) reads \(asked.recognitionLanguages.map(\.code))")
print("languages: \(ShippedModel.open.supportedLanguages.count) (\(ShippedModel.open.supportedLanguages.map(\.code).joined(separator: " ")))")

if failures.isEmpty {
    print("ok: an app that links \(product) carries only the open network and commercial-use data")
} else {
    for failure in failures { FileHandle.standardError.write(Data("FAIL: \(failure)\n".utf8)) }
    exit(1)
}
