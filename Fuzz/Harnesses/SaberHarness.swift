import Foundation
@testable import InkCore

/// Any bytes as a Saber note (`.sbn2` BSON, `.sbn` JSON or a `.sba` ZIP, told apart by content):
/// pages or a typed `NotebookError`, never a crash; reading the same bytes twice gives the same
/// pages (ids included); pages are numbered from 1 and within the limits, no stroke is empty,
/// every point is finite, and every page goes through InkML (`checkRnoteOrSaberPages`).
func fuzzSaber(_ bytes: UnsafeRawBufferPointer) {
    let limits = InkNotebook.Limits(maximumBytes: 1 << 24, maximumPages: 2_000, maximumPoints: 1_000_000, maximumDepth: 256)
    let data = Data(bytes)
    guard let notebook = try? Saber.read(data, fileIdentity: "fuzz", limits: limits) else { return }
    guard let again = try? Saber.read(data, fileIdentity: "fuzz", limits: limits), again == notebook else {
        fatalError("reading the same Saber note twice gave other pages")
    }
    checkRnoteOrSaberPages(notebook, limits: limits)
}
