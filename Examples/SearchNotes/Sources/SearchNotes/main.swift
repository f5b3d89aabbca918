// Reads a handwritten note from InkML, recognizes it on the device and searches it.
//
//     swift run SearchNotes                          # the bundled sermon note, "grace"
//     swift run SearchNotes note.inkml "John 3:16"   # your own file and query
import Foundation
import InkIndex

let arguments = CommandLine.arguments.dropFirst()
let file = arguments.first.map { URL(fileURLWithPath: $0) }
    ?? Bundle.module.url(forResource: "sermon", withExtension: "inkml")!
let query = arguments.dropFirst().first ?? "grace"

do {
    let drawing = try DrawingFile.read(from: file)
    // The open model may ship in any app, commercial or not (README, "Which model").
    let recognizer = StrokeRecognizer(model: .open)
    await recognizer.updateDrawing(drawing)
    if let error = await recognizer.lastError { throw error }

    print("Read \(drawing.strokes.count) strokes from \(file.lastPathComponent) (\(ShippedModel.open) model):")
    print(await recognizer.recognizedText() ?? "(no handwriting)")
    let hits = await recognizer.search(query)
    print("\n\(hits.count) hit\(hits.count == 1 ? "" : "s") for \"\(query)\":")
    for hit in hits {
        let box = hit.bounds.integral
        print("  \"\(hit.reading)\" score \(String(format: "%.2f", hit.score)), \(hit.strokeIDs.count) strokes at (\(Int(box.minX)), \(Int(box.minY)), \(Int(box.width))×\(Int(box.height)))")
    }
} catch {
    FileHandle.standardError.write(Data("SearchNotes: \(error)\n".utf8))
    exit(1)
}
