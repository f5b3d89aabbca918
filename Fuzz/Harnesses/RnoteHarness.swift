import Foundation
@testable import InkCore

/// Any bytes as an Rnote notebook: gzip data through `Rnote.read`, and anything else as the
/// inflated JSON (`Rnote.readJSON`), so that the fuzzer spends its time in the JSON parser and
/// the reader rather than in zlib. Pages or a typed `NotebookError`, never a crash; reading the
/// same bytes twice gives the same pages (ids included); pages are numbered from 1 and within
/// the limits, no stroke is empty, every point is finite, and every page goes through InkML.
func fuzzRnote(_ bytes: UnsafeRawBufferPointer) {
    let limits = InkNotebook.Limits(maximumBytes: 1 << 24, maximumPages: 2_000, maximumPoints: 1_000_000, maximumDepth: 256)
    let data = Data(bytes)
    let read: () -> InkNotebook?
    if data.starts(with: Rnote.gzipMagic) {
        read = { try? Rnote.read(data, fileIdentity: "fuzz", limits: limits) }
    } else {
        let json = [UInt8](bytes)
        read = { try? Rnote.readJSON(json, fileIdentity: "fuzz", limits: limits, contentHash: 0) }
    }
    guard let notebook = read() else { return }
    guard let again = read(), again == notebook else { fatalError("reading the same Rnote notebook twice gave other pages") }
    checkRnoteOrSaberPages(notebook, limits: limits)
}

/// What every notebook reader's pages must satisfy (shared by the Rnote and Saber harnesses).
func checkRnoteOrSaberPages(_ notebook: InkNotebook, limits: InkNotebook.Limits) {
    guard notebook.pages.enumerated().allSatisfy({ $0.offset + 1 == $0.element.number }),
          notebook.pages.count <= limits.maximumPages else {
        fatalError("notebook pages are not numbered from 1 or exceed the page limit")
    }
    var points = 0
    for page in notebook.pages {
        guard page.width.isFinite, page.height.isFinite, page.highlighterStrokes <= page.drawing.strokes.count else {
            fatalError("a notebook page has a size that is not finite or more highlighter strokes than strokes")
        }
        for stroke in page.drawing.strokes {
            guard !stroke.points.isEmpty,
                  stroke.points.allSatisfy({ $0.location.x.isFinite && $0.location.y.isFinite && ($0.force?.isFinite ?? true) }) else {
                fatalError("a notebook stroke is empty or has a value that is not finite")
            }
            points += stroke.points.count
        }
        guard (try? InkML.write(page.drawing)) != nil else { fatalError("a notebook page does not go through InkML") }
    }
    guard points <= limits.maximumPoints else { fatalError("a notebook has more points than its limit") }
}
