import Foundation
@testable import InkSearch

/// Any text: `ScriptureParser` returns a reference or nil and never traps. A reference it returns
/// is a real passage (book 1...66, chapter and verses at least 1, an ordered range) and its
/// canonical spelling reads back as the same reference. Words (split at spaces) with alternative
/// readings (split at `|`) give references whose word ranges and readings fit the run.
func fuzzScripture(_ bytes: UnsafeRawBufferPointer) {
    let text = String(decoding: bytes, as: UTF8.self)
    let parser = ScriptureParser.standard
    if let reference = parser.parse(text) {
        checkIsPassage(reference, from: text)
        guard let again = parser.parse(reference.description), again == reference else {
            fatalError("'\(text)' reads as \(reference), whose spelling '\(reference.description)' reads back differently")
        }
        guard reference.contains(reference) else { fatalError("\(reference) does not contain itself") }
    }
    let words = text.split(separator: " ").map { word in
        word.split(separator: "|", omittingEmptySubsequences: false).enumerated().map { index, reading in
            WordReading(text: String(reading), probability: 1 / Double(index + 1))
        }
    }
    var end = 0
    for found in parser.references(in: words) {
        checkIsPassage(found.reference, from: text)
        guard found.words.lowerBound >= end, found.words.upperBound <= words.count, !found.words.isEmpty,
              found.readings.count == found.words.count else {
            fatalError("reference \(found.reference) in '\(text)' spans words \(found.words) with readings \(found.readings)")
        }
        guard found.probability.isFinite, found.probability >= 0, found.probability <= 1 else {
            fatalError("reference \(found.reference) in '\(text)' has probability \(found.probability)")
        }
        end = found.words.upperBound
    }
}

private func checkIsPassage(_ reference: ScriptureReference, from text: String) {
    guard (1...66).contains(reference.book) else { fatalError("'\(text)' reads as book \(reference.book)") }
    if let chapter = reference.chapter, chapter < 1 { fatalError("'\(text)' reads as chapter \(chapter)") }
    if let verses = reference.verses, verses.lowerBound < 1 || reference.chapter == nil {
        fatalError("'\(text)' reads as verses \(verses) of chapter \(String(describing: reference.chapter))")
    }
}
