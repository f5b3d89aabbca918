import Foundation

/// What of an Rnote document decides the pages: the page format's size, the layout, and the
/// document's bounds. Rnote keeps one coordinate space for the whole document; its pages are the
/// format-sized tiles aligned to the origin (`Document::pages_bounds`).
///
/// Where the fields are, by file generation: 0.5.x has a `sheet` (or `document`) with `format`
/// and `expand_mode`; 0.5.10 to 0.12 a `document` with `format` and `layout`; 0.13 and later move
/// `format`, `background` and `layout` into `document.config`.
///
/// ```swift
/// let document = RnoteDocument(tree["document"]) { warnings.append($0) }
/// print(document.layout, document.formatWidth, document.formatHeight)
/// ```
struct RnoteDocument {
    enum Layout: String {
        /// Pages the user adds and removes, one column wide.
        case fixedSize = "fixed-size"
        /// One column of pages that grows downward with the content.
        case continuousVertical = "continuous-vertical"
        /// Grows to the right and downward from the origin.
        case semiInfinite = "semi-infinite"
        /// Grows in every direction.
        case infinite
    }

    /// Rnote's default format: A3 portrait at 96 dpi (`Format::WIDTH_DEFAULT`, `HEIGHT_DEFAULT`).
    static let defaultFormatWidth = 1123.0
    static let defaultFormatHeight = 1587.0

    var layout: Layout
    var formatWidth: Double
    var formatHeight: Double
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    init(_ document: NotebookTree?, warn: (String) -> Void) {
        let config = document?["config"] ?? document
        let format = config?["format"]
        func size(_ name: String, default fallback: Double) -> Double {
            guard let value = format?[name]?.finite, value >= 1 else {
                warn("a page format without a usable \(name) read as Rnote's default (\(Int(fallback)))")
                return fallback
            }
            return value
        }
        formatWidth = size("width", default: Self.defaultFormatWidth)
        formatHeight = size("height", default: Self.defaultFormatHeight)

        let name = config?["layout"]?.string ?? document?["layout"]?.string ?? document?["expand_mode"]?.string
            ?? config?["expand_mode"]?.string
        switch name.map(Self.normalized) {
        case "fixedsize": layout = .fixedSize
        case "continuousvertical", "endlessvertical": layout = .continuousVertical
        case "semiinfinite": layout = .semiInfinite
        case "infinite", nil: layout = .infinite  // Rnote's default where the file names none
        case let other?:
            warn("the unknown layout '\(other.prefix(40))' read as infinite")
            layout = .infinite
        }

        x = document?["x"]?.finite ?? 0
        y = document?["y"]?.finite ?? 0
        width = document?["width"]?.finite.flatMap { $0 > 0 ? $0 : nil } ?? formatWidth
        height = document?["height"]?.finite.flatMap { $0 > 0 ? $0 : nil } ?? formatHeight
    }

    /// `fixed_size`, `FixedSize` and `fixed-size` alike.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }
}
