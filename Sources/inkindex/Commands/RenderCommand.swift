import Foundation
import InkIndex
import InkTools

struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Draw a drawing as SVG or PNG, optionally with highlighted boxes."
    static let help = """
        USAGE: inkindex render FILE -o OUT.svg|OUT.png [--width PX] [--highlight x,y,w,h[:label]]...

        Reads FILE (format by extension) and draws its strokes. The output format follows OUT's
        extension: .svg (vector) or .png (anti-aliased raster).

        OPTIONS:
          -o, --output FILE        the .svg or .png to write
          --width PX               PNG width in pixels (default 1200)
          --highlight x,y,w,h[:L]  mark a rectangle in drawing units, with an optional label;
                                   repeat for several
          --margin UNITS           space around the ink (default 20)
        """

    static func run(_ arguments: [String]) async throws {
        let args = try ParsedArguments(arguments, options: ["output", "o", "width", "highlight", "margin"])
        let input = try args.positional(0, "input FILE")
        guard let output = args.option("output", "o") else { throw CLIError.usage("missing -o OUT.svg or OUT.png") }
        var options = RenderOptions()
        options.highlights = try args.options("highlight").map(parseHighlight)
        if let raw = args.option("margin") {
            guard let margin = Double(raw), margin >= 0, margin.isFinite else {
                throw CLIError.usage("--margin needs a number ≥ 0, not '\(raw)'")
            }
            options.margin = margin
        }
        let width = try args.intOption("width") ?? 1200

        guard FileManager.default.fileExists(atPath: input) else { throw CLIError.badInput("no such file: \(input)") }
        let drawing: Drawing
        do {
            drawing = try DrawingFile.read(from: URL(fileURLWithPath: input))
        } catch {
            throw CLIError.badInput("cannot read \(input): \(error)")
        }
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
