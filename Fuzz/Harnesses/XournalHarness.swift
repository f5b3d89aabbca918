import Foundation
@testable import InkCore

/// Any bytes as a notebook file (gzip, zip package or plain XML): pages or a typed
/// `XournalError`, never a crash. Every page's strokes have finite coordinates, so each page must
/// also go through InkML; and reading the same bytes twice gives the same pages (ids included).
func fuzzXournal(_ bytes: UnsafeRawBufferPointer) {
    let data = Data(bytes)
    guard let notebook = try? Xournal.read(data, fileIdentity: "fuzz") else { return }
    guard let again = try? Xournal.read(data, fileIdentity: "fuzz"), again.pages.map(\.id) == notebook.pages.map(\.id),
          again.pages.map(\.drawing) == notebook.pages.map(\.drawing) else {
        fatalError("reading the same notebook twice gave other pages")
    }
    for page in notebook.pages {
        guard page.drawing.strokes.allSatisfy({ $0.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite } }) else {
            fatalError("a notebook page has a point that is not finite")
        }
        guard (try? InkML.write(page.drawing)) != nil else { fatalError("a notebook page does not go through InkML") }
    }
}
