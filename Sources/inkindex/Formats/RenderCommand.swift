import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a drawing as SVG or PNG, optionally with highlighted boxes.",
        discussion: """
            Reads FILE (format by extension) and draws its strokes. The output format follows OUT's \
            extension: .svg (vector) or .png (anti-aliased raster).
            """)

    @Argument(help: ArgumentHelp("The drawing to draw.", valueName: "file"))
    var input: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The .svg or .png to write.", valueName: "out"))
    var output: String

    @Option(help: ArgumentHelp("PNG width in pixels.", valueName: "px"))
    var width = 1200

    @Option(help: ArgumentHelp("""
        Mark a rectangle in drawing units, with an optional label; repeat for several.
        """, valueName: "x,y,w,h[:label]"))
    var highlight: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Space around the ink (default 20).", valueName: "units"))
    var margin: Double?

    @Option(help: ArgumentHelp("For a notebook: the page to draw, from 1 (default: the first).", valueName: "n"))
    var page: Int?

    func validate() throws {
        if let margin, !(margin >= 0 && margin.isFinite) { throw ValidationError("--margin needs a number ≥ 0, not '\(margin)'") }
        if let page, page < 1 { throw ValidationError("--page counts from 1") }
    }

    func run() async throws {
        var options = RenderOptions()
        options.highlights = try highlight.map(Self.parseHighlight)
        if let margin { options.margin = margin }

        guard FileManager.default.fileExists(atPath: input) else { throw CLIError.badInput("no such file: \(input)") }
        let drawing = try NotebookPage.read(input, page: page).drawing
        let url = URL(fileURLWithPath: output)
        switch url.pathExtension.lowercased() {
        case "svg":
            try Data(SVGRenderer(options: options).svg(for: drawing).utf8).write(to: url, options: .atomic)
        case "png":
            guard (1...PNGRenderer.maximumSide).contains(width) else {
                throw CLIError.usage("--width must be 1...\(PNGRenderer.maximumSide), not \(width)")
            }
            do {
                try PNGRenderer(width: width, options: options).png(for: drawing).write(to: url, options: .atomic)
            } catch let error as PNGRenderer.Failure {
                throw CLIError.badInput("\(input): \(error)")
            }
        default:
            throw CLIError.usage("cannot tell the image format of \(output): use .svg or .png")
        }
    }

    /// `x,y,w,h` or `x,y,w,h:label`.
    static func parseHighlight(_ text: String) throws -> Highlight {
        let parts = text.split(separator: ":", maxSplits: 1)
        let numbers = parts.first.map { $0.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) } } ?? []
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
              [x, y, w, h].allSatisfy(\.isFinite), w >= 0, h >= 0
        else { throw CLIError.usage("--highlight needs x,y,w,h[:label] with finite numbers, not '\(text)'") }
        return Highlight(rect: CGRect(x: x, y: y, width: w, height: h), label: parts.count > 1 ? String(parts[1]) : nil)
    }
}
