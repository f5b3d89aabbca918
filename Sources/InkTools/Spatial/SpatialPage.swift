import Foundation
import InkIndex

/// A real page with marks drawn on known words (`MarkedPage`, as `bench-layout` makes them, plus
/// strike-throughs) and what spatial search must find on it: the emphasized words, the margin
/// note and the line it sits beside, the arrows' ends, the bracketed lines, the struck words,
/// each as strokes with the transcription's text.
public struct SpatialPage: Sendable {
    /// Words of the transcription with their strokes.
    public struct Word: Sendable, Hashable {
        public var text: String
        public var strokeIDs: [UUID]
    }

    /// Two parts of the page a relation joins, either way round.
    public struct Link: Sendable {
        public var ends: [[UUID]]
    }

    public var form: String
    public var drawing: Drawing
    /// The page as generated, for scoring its layout (`LayoutBenchmark`).
    public var marked: MarkedPage
    /// Underlined, circled or boxed words (with their text).
    public var emphasizedWords: [Word] = []
    /// Stroke sets a hit is emphasized in: those words and the bracketed lines.
    public var emphasized: [[UUID]] = []
    public var note: Word?
    /// The body line the note sits beside.
    public var noteLine: Word?
    public var arrows: [(from: Word, to: Word)] = []
    public var links: [Link] = []
    public var struck: [Word] = []
    /// The texts of the body lines (not the note), for sampling words.
    public var bodyTexts: [String] = []

    /// Builds the marked page of a clean one, with `strikes` struck words; deterministic for a seed.
    public init(_ clean: StackedPage, seed: UInt64, strikes: Int = 1) {
        let marked = MarkedPage.generate(from: clean, seed: seed, strikes: strikes)
        form = clean.form
        drawing = marked.page.drawing
        self.marked = marked
        let lines = marked.page.lines
        func text(ofLine ids: [UUID]) -> String? { lines.firstIndex(of: ids).map { marked.page.texts[$0] } }
        for mark in marked.marks {
            switch (mark.kind, mark.target) {
            case (.underline, .words(let ids)), (.circle, .words(let ids)), (.ellipse, .words(let ids)), (.box, .words(let ids)):
                emphasized.append(ids)
                if let text = mark.texts.first { emphasizedWords.append(Word(text: text, strokeIDs: ids)) }
            case (.strikethrough, .words(let ids)):
                if let text = mark.texts.first { struck.append(Word(text: text, strokeIDs: ids)) }
            case (.arrow, .points(let from, let to)):
                links.append(Link(ends: [from, to]))
                if mark.texts.count == 2 { arrows.append((Word(text: mark.texts[0], strokeIDs: from), Word(text: mark.texts[1], strokeIDs: to))) }
            case (.bracket, .lines(let spanned)), (.brace, .lines(let spanned)):
                emphasized += spanned
                links.append(Link(ends: spanned))
            default:
                break
            }
        }
        if let truth = marked.note {
            links.append(Link(ends: [truth.strokeIDs, truth.bodyLine]))
            note = text(ofLine: truth.strokeIDs).map { Word(text: $0, strokeIDs: truth.strokeIDs) }
            noteLine = text(ofLine: truth.bodyLine).map { Word(text: $0, strokeIDs: truth.bodyLine) }
        }
        bodyTexts = marked.page.lines.indices.filter { marked.note == nil || lines[$0] != marked.note!.strokeIDs }.map { marked.page.texts[$0] }
    }

    /// The words of a transcription worth searching for: letters and digits (apostrophes kept),
    /// at least two characters.
    public static func searchableWords(_ text: String) -> [String] {
        text.split(separator: " ").map { word in String(word.filter { $0.isLetter || $0.isNumber || $0 == "'" }) }
            .filter { $0.filter { $0.isLetter || $0.isNumber }.count >= 2 }
    }
}
