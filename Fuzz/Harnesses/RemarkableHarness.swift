import Foundation
@testable import InkCore

/// Any bytes as a reMarkable page file or package: pages or a typed `NotebookError`, never a
/// crash. The first byte picks the header the rest is read after (none, version 3, 5 or 6), so
/// that the fuzzer spends its time in the page readers rather than on the header. Reading the
/// same bytes twice gives the same pages, ids included, and every point is finite.
func fuzzRemarkable(_ bytes: UnsafeRawBufferPointer) {
    guard let selector = bytes.first else { return }
    var data = Data()
    switch selector % 4 {
    case 1: data = Data("reMarkable .lines file, version=3          ".utf8)
    case 2: data = Data("reMarkable .lines file, version=5          ".utf8)
    case 3: data = Data("reMarkable .lines file, version=6          ".utf8)
    default: break
    }
    data.append(contentsOf: bytes.dropFirst())
    guard let notebook = try? Remarkable.read(data, fileIdentity: "fuzz") else { return }
    guard let again = try? Remarkable.read(data, fileIdentity: "fuzz"), again == notebook else {
        fatalError("reading the same reMarkable file twice gave another notebook")
    }
    for page in notebook.pages {
        guard page.drawing.strokes.allSatisfy({ $0.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite } }) else {
            fatalError("a reMarkable page has a point that is not finite")
        }
        guard (try? InkML.write(page.drawing)) != nil else { fatalError("a reMarkable page does not go through InkML") }
    }
}
