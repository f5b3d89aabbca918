import Foundation
import InkIndex

/// One page of a file, for the commands that take a single drawing (`render`, `convert`): page
/// `number` of a notebook, or the one drawing of any other file.
enum NotebookPage {
    static func read(_ path: String, page number: Int?) throws -> (drawing: Drawing, warnings: [String]) {
        let url = URL(fileURLWithPath: path)
        guard let number else { return try mappingInputErrors(path) { try DrawingFile.readWithWarnings(from: url) } }
        let (pages, warnings) = try mappingInputErrors(path) { try DrawingFile.readPages(from: url) }
        guard let page = pages.first(where: { $0.number == number }) else {
            throw CLIError.usage("\(path) has \(pages.count) page\(pages.count == 1 ? "" : "s"); there is no page \(number)")
        }
        return (page.drawing, warnings)
    }
}
