import Foundation
import Testing
@testable import InkCore

/// The fixtures are hand-made notebooks written by `Fixtures/Xournal/make_fixtures.py`.
@Suite struct XournalReaderTests {
    // MARK: What a notebook becomes

    @Test func gzipNotebookGivesEveryPageAsADrawing() throws {
        let data = try fixture("two-pages", "xopp")
        let notebook = try Xournal.read(data, fileIdentity: "notes/two-pages.xopp")
        #expect(notebook.container == .gzip)
        #expect(notebook.creator == "Xournal++ 1.1.3")
        #expect(notebook.fileVersion == 4)
        #expect(notebook.title == "Xournal++ document - see https://xournalpp.github.io/")
        #expect(notebook.contentHash == CRC32.checksum([UInt8](data)))
        #expect(notebook.contentHash == Xournal.contentHash(of: data))
        #expect(notebook.pages.map(\.number) == [1, 2])

        let first = notebook.pages[0]
        #expect(first.width == 595.27559100 && first.height == 841.88976400)
        #expect(first.background == XournalNotebook.Background(
            type: "solid", color: Ink.Color(red: 255, green: 255, blue: 255), style: "lined"))
        #expect(first.drawing.strokes.count == 3)  // pen, pen, highlighter; the eraser is skipped

        // Pressure: one width per segment after the nominal one; the last point repeats the last.
        let pressed = first.drawing.strokes[0]
        #expect(pressed.points.map(\.location) == [CGPoint(x: 10, y: 20), CGPoint(x: 11.5, y: 21),
                                                   CGPoint(x: 13, y: 22.5), CGPoint(x: 14, y: 24)])
        #expect(pressed.ink == Ink(tool: .pen, color: .black, width: 1.41))
        #expect(pressed.points.compactMap(\.size) == tips([1.20, 1.35, 1.50, 1.50]))
        #expect(pressed.points.compactMap(\.force) == [1.20 / 1.41, 1.35 / 1.41, 1.50 / 1.41, 1.50 / 1.41])
        #expect(pressed.points.allSatisfy { $0.time == nil })
        #expect(pressed.annotations.isEmpty)

        // Constant width: the nominal width only.
        let plain = first.drawing.strokes[1]
        #expect(plain.ink == Ink(tool: .pen, color: Ink.Color(red: 0x33, green: 0x33, blue: 0xcc), width: 2.26))
        #expect(plain.points.count == 3)
        #expect(plain.points.allSatisfy { $0.size == nil && $0.force == nil })

        let highlight = first.drawing.strokes[2]
        #expect(highlight.ink == Ink(tool: .marker, color: Ink.Color(red: 255, green: 255, blue: 0, alpha: 0x80), width: 8.5))
        #expect(first.highlighterStrokes == 1)

        #expect(first.skipped.texts == 1 && first.skipped.images == 1 && first.skipped.erasers == 1)
        #expect(first.skipped.latex == 0 && first.skipped.other == 0 && first.skipped.total == 3)
        #expect(first.texts == [XournalNotebook.TypedText(text: "Sermon & notes", x: 100, y: 120, font: "Sans", size: 12, color: .black)])
        #expect(first.drawing.annotations == [Xournal.textKey: "Sermon & notes"])
    }

    @Test func secondPageKeepsTimestampsLayersTextAndLaTeX() throws {
        let notebook = try Xournal.read(fixture("two-pages", "xopp"), fileIdentity: "notes/two-pages.xopp")
        let second = notebook.pages[1]
        #expect(second.background?.color == Ink.Color(red: 0xff, green: 0xf8, blue: 0xdc))
        #expect(second.background?.style == "graph")
        #expect(second.drawing.strokes.count == 3)  // both layers, bottom first

        // One width per point; the stroke's start time from `ts` (milliseconds, file version 4).
        let timed = second.drawing.strokes[0]
        #expect(timed.ink == Ink(tool: .pen, color: Ink.Color(red: 255, green: 0, blue: 0), width: 1.5))
        #expect(timed.points.compactMap(\.size) == tips([1.0, 2.0, 3.0]))
        #expect(timed.points.map(\.time) == [2.5, nil, nil])
        #expect(timed.annotations == [Xournal.timestampKey: "2500", Xournal.audioFileKey: "2024-01-01_10-00-00.ogg"])
        #expect(second.drawing.duration == 0)

        #expect(second.drawing.strokes[1].points == [StrokePoint(x: 80, y: 80)])
        // Two pressure values for four points fit neither count: the nominal width alone.
        let unfit = second.drawing.strokes[2]
        #expect(unfit.ink.width == 1.0)
        #expect(unfit.points.count == 4 && unfit.points.allSatisfy { $0.size == nil })
        #expect(notebook.warnings.contains { $0.contains("fits neither the points nor the segments") })
        // Xournal++'s defaults (fill -1, round caps) lose nothing, so they are not warned about.
        #expect(!notebook.warnings.contains { $0.contains("stroke attribute") })

        #expect(second.skipped.texts == 1 && second.skipped.latex == 1 && second.skipped.total == 2)
        #expect(second.drawing.annotations == [Xournal.textKey: "John 3:16", Xournal.latexKey: #"\int_0^1 x\,dx"#])
        #expect(second.texts.map(\.text) == ["John 3:16"])
    }

    @Test func packagedNotebookReadsContentFromTheZip() throws {
        let data = try fixture("packaged", "xopp")
        let archive = try ZipArchive(data)
        #expect(archive.entries.map(\.name) == ["mimetype", "META-INF/version", "content.xml"])
        #expect(archive.entries.map(\.method) == [0, 0, 8])

        let notebook = try Xournal.read(data, fileIdentity: "packaged")
        #expect(notebook.container == .zip)
        #expect(notebook.fileVersion == 4)
        #expect(notebook.creator == "Xournal++ 1.2.2")
        #expect(notebook.warnings.isEmpty)
        #expect(notebook.pages.count == 1)
        let page = notebook.pages[0]
        #expect(page.width == 612 && page.height == 792 && page.background?.style == "ruled")
        #expect(page.drawing.strokes.count == 2)
        #expect(page.drawing.strokes[0].points.compactMap(\.size) == tips([1.1, 1.2, 1.2]))
        #expect(page.drawing.strokes[1].ink == Ink(tool: .pen, color: Ink.Color(red: 0, green: 0x80, blue: 0), width: 1.41))
    }

    @Test func oldJournalNamesItsColors() throws {
        let notebook = try Xournal.read(fixture("journal", "xoj"), fileIdentity: "journal")
        #expect(notebook.container == .gzip)
        #expect(notebook.creator == "Xournal 0.4.8")
        #expect(notebook.fileVersion == nil)
        let page = try #require(notebook.pages.first)
        #expect(page.background == XournalNotebook.Background(
            type: "solid", color: Ink.Color(red: 255, green: 255, blue: 255), style: "lined"))
        #expect(page.drawing.strokes.map(\.ink) == [
            Ink(tool: .pen, color: .black, width: 1.41),
            Ink(tool: .pen, color: Ink.Color(red: 0x33, green: 0x33, blue: 0xcc), width: 2.26),
            Ink(tool: .pen, color: Ink.Color(red: 0xff, green: 0, blue: 0), width: 0.85),
            // A named highlighter color is drawn half transparent.
            Ink(tool: .marker, color: Ink.Color(red: 0xff, green: 0xff, blue: 0, alpha: 0x80), width: 8.5),
            Ink(tool: .pen, color: Ink.Color(red: 0, green: 0xc0, blue: 0xff), width: 1.41),
        ])
        #expect(page.drawing.strokes[0].points.map(\.location) == [CGPoint(x: 72, y: 100), CGPoint(x: 80.5, y: 101.25), CGPoint(x: 90, y: 103)])
        #expect(page.drawing.strokes.allSatisfy { $0.points.allSatisfy { $0.size == nil && $0.time == nil } })
        #expect(page.highlighterStrokes == 1)
    }

    @Test func plainXMLIsReadToo() throws {
        let notebook = try readNotebook(#"<xournal><page width="10" height="20"><layer><stroke tool="pen" color="red" width="1">1 2 3 4</stroke></layer></page></xournal>"#)
        #expect(notebook.container == .xml)
        #expect(notebook.pages.map(\.drawing.strokes.count) == [1])
        #expect(notebook.pages[0].drawing.strokes[0].ink.color == Ink.Color(red: 255, green: 0, blue: 0))
    }

    // MARK: Identity

    @Test func pageAndStrokeIDsAreStableAcrossReads() throws {
        let data = try fixture("two-pages", "xopp")
        let once = try Xournal.read(data, fileIdentity: "notes/two-pages.xopp")
        let twice = try Xournal.read(data, fileIdentity: "notes/two-pages.xopp")
        #expect(once.pages.map(\.id) == twice.pages.map(\.id))
        #expect(once.pages.map { $0.drawing.strokes.map(\.id) } == twice.pages.map { $0.drawing.strokes.map(\.id) })
        #expect(once == twice)
        #expect(once.pages[0].id != once.pages[1].id)
        #expect(once.pages.map(\.id) == [1, 2].map { DrawingFile.pageID(fileIdentity: "notes/two-pages.xopp", pageNumber: $0) })

        let elsewhere = try Xournal.read(data, fileIdentity: "other/two-pages.xopp")
        #expect(Set(elsewhere.pages.map(\.id)).isDisjoint(with: once.pages.map(\.id)))
        #expect(elsewhere.pages[0].drawing.strokes[0].id != once.pages[0].drawing.strokes[0].id)
        let allStrokes = once.pages.flatMap { $0.drawing.strokes.map(\.id) }
        #expect(Set(allStrokes).count == allStrokes.count)
    }

    @Test func aStrokeKeepsItsIDWhenAnotherIsAddedBeforeIt() throws {
        func page(_ strokes: String) -> String {
            #"<xournal><page width="10" height="10"><layer>"# + strokes + "</layer></page></xournal>"
        }
        let before = try readNotebook(page("<stroke>1 2 3 4</stroke><stroke>5 6 7 8</stroke>")).pages[0].drawing.strokes
        let after = try readNotebook(page("<stroke>0 0 1 1</stroke><stroke>1 2 3 4</stroke><stroke>5 6 7 8</stroke>")).pages[0].drawing.strokes
        #expect(after.dropFirst().map(\.id) == before.map(\.id))
        let twins = try readNotebook(page("<stroke>1 2</stroke><stroke>1 2</stroke>")).pages[0].drawing.strokes
        #expect(twins[0].id != twins[1].id)
    }

    // MARK: Errors

    @Test func damagedContainersAreTypedErrors() throws {
        let gzip = try fixture("two-pages", "xopp")
        let cutShort = XournalError.damagedGzip(reason: "the compressed data ends early (is the file cut short?)")
        #expect(failure(Data(gzip.prefix(gzip.count / 2))) == cutShort)
        #expect(failure(Data(gzip.dropLast(4))) == cutShort)  // the gzip trailer, cut

        let noContent = try fixture("no-content", "xopp")
        #expect(failure(noContent) == .missingContent)

        let packaged = try fixture("packaged", "xopp")
        var damaged = [UInt8](packaged)
        let directoryName = try #require(lastRange(of: Array("content.xml".utf8), in: damaged))
        damaged[directoryName.lowerBound - 30] ^= 0xff  // the CRC-32 in content.xml's central directory entry
        #expect(failure(Data(damaged)) == .damagedZip(reason: "content.xml: CRC-32 mismatch"))
        #expect(failure(Data(packaged.dropLast(10))) == .damagedZip(reason: "no end-of-central-directory record"))

        #expect(failure(Data()) == .notXournal(reason: "the file is empty"))
        #expect(failure(Data("hello".utf8)) == .notXournal(reason: "it begins with neither gzip, ZIP nor XML"))
        #expect(failure("<ink/>") == .notXournal(reason: "the XML root is <ink>, not <xournal>"))
        if case .xml = failure("<xournal><page>") {} else { Issue.record("an unclosed element is an XML error") }
    }

    @Test func malformedStrokesNameTheirPageAndIndex() {
        func page(_ strokes: String) -> String {
            #"<xournal><page width="10" height="10"><layer>"# + strokes + "</layer></page></xournal>"
        }
        #expect(failure(page("<stroke>1 2 3</stroke>"))
            == .malformedStroke(page: 1, stroke: 0, line: 1, reason: "has 3 numbers; coordinates come in x y pairs"))
        // The eraser counts in the index though its points are never parsed.
        #expect(failure(page("<stroke tool=\"eraser\">9</stroke><stroke>1 2 x 4</stroke>"))
            == .malformedStroke(page: 1, stroke: 1, line: 1, reason: "value 3, 'x', is not a finite number"))
        #expect(failure(page("<stroke>nan 2</stroke>"))
            == .malformedStroke(page: 1, stroke: 0, line: 1, reason: "value 1, 'nan', is not a finite number"))
        let second = "<xournal>\n<page width=\"1\" height=\"1\"/>\n<page width=\"1\" height=\"1\"><layer>\n<stroke>1</stroke></layer></page></xournal>"
        #expect(failure(second) == .malformedStroke(page: 2, stroke: 0, line: 4, reason: "has 1 number; coordinates come in x y pairs"))
        #expect(failure(#"<xournal><page height="10"/></xournal>"#) == .invalidPage(page: 1, line: 1, reason: "the page has no width"))
        #expect(failure(#"<xournal><page width="wide" height="10"/></xournal>"#)
            == .invalidPage(page: 1, line: 1, reason: "width 'wide' is not a number of points"))
    }

    @Test func limitsBoundTheFileAndWhatItInflatesTo() throws {
        let gzip = try fixture("two-pages", "xopp")
        #expect(failure(gzip, limits: Xournal.Limits(maximumBytes: 100))
            == .tooLarge(what: "the file (\(gzip.count) bytes)", limit: 100))
        #expect(failure(gzip, limits: Xournal.Limits(maximumBytes: 1000))
            == .tooLarge(what: "the notebook's inflated XML", limit: 1000))
    }

    // MARK: DrawingFile

    @Test func drawingFileKnowsNotebooksByExtensionAndByContent() throws {
        #expect(DrawingFile.Format(path: "a.xopp") == .xournal)
        #expect(DrawingFile.Format(path: "a.XOJ") == .xournal)
        #expect(!DrawingFile.Format.xournal.isWritable)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xournal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bare = directory.appendingPathComponent("notebook")
        try fixture("two-pages", "xopp").write(to: bare)
        let packagedFile = directory.appendingPathComponent("package.bin")
        try fixture("packaged", "xopp").write(to: packagedFile)
        let other = directory.appendingPathComponent("other.bin")
        try Data("<ink/>".utf8).write(to: other)

        #expect(DrawingFile.Format(contentsOf: bare) == .xournal)
        #expect(DrawingFile.Format(contentsOf: packagedFile) == .xournal)
        #expect(DrawingFile.Format(contentsOf: other) == nil)
        let journal = try fixture("journal", "xoj"), noContent = try fixture("no-content", "xopp")
        #expect(Xournal.isNotebook(journal))
        #expect(!Xournal.isNotebook(noContent))
        #expect(throws: DrawingFile.Failure.unknownExtension(path: other.path)) { try DrawingFile.read(from: other) }
        #expect(try DrawingFile.readPages(from: bare).pages.count == 2)
        let bytes = try Data(contentsOf: bare)
        #expect(try DrawingFile.contentHash(of: bare) == Xournal.contentHash(of: bytes))
    }

    @Test func drawingFileGivesPagesSamplesAndTheFirstPage() throws {
        let url = try fixtureURL("two-pages", "xopp")
        // Without an identity, the file's standardized path is the identity.
        let notebook = try Xournal.read(contentsOf: url)
        #expect(notebook.fileIdentity == url.standardizedFileURL.path)
        let (pages, warnings) = try DrawingFile.readPages(from: url)
        #expect(pages.map(\.id) == notebook.pages.map(\.id))
        #expect(pages.map(\.number) == [1, 2])
        #expect(pages.map(\.drawing) == notebook.pages.map(\.drawing))
        #expect(warnings == notebook.warnings)
        let named = try DrawingFile.readPages(from: url, fileIdentity: "lecture").pages
        #expect(named.map(\.id) == [1, 2].map { DrawingFile.pageID(fileIdentity: "lecture", pageNumber: $0) })

        let first = try DrawingFile.readWithWarnings(from: url)
        #expect(first.drawing == notebook.pages[0].drawing)
        #expect(first.warnings.contains { $0.contains("2 pages") })

        let samples = try DrawingFile.readSamples(from: url)
        #expect(samples.map(\.id) == ["two-pages.xopp#1", "two-pages.xopp#2"])
        #expect(try DrawingFile.readSamples(from: url, limit: 1).count == 1)
        #expect(try DrawingFile.readSample(from: url, id: "two-pages.xopp#2").drawing == notebook.pages[1].drawing)
        #expect(throws: DrawingFile.Failure.noSuchSample(path: url.path, id: "two-pages.xopp#3")) {
            try DrawingFile.readSample(from: url, id: "two-pages.xopp#3")
        }

        let target = FileManager.default.temporaryDirectory.appendingPathComponent("xournal-\(UUID().uuidString).xopp")
        #expect(throws: DrawingFile.Failure.readOnly(path: target.path, format: .xournal)) {
            try DrawingFile.write(Drawing(), to: target)
        }
        // A one-drawing format is one page, with an id of the same kind.
        let inkml = FileManager.default.temporaryDirectory.appendingPathComponent("xournal-\(UUID().uuidString).inkml")
        defer { try? FileManager.default.removeItem(at: inkml) }
        try DrawingFile.write(Fixtures.minimal, to: inkml)
        let single = try DrawingFile.readPages(from: inkml, fileIdentity: "single").pages
        #expect(single == [DrawingFile.Page(id: DrawingFile.pageID(fileIdentity: "single", pageNumber: 1), number: 1, drawing: Fixtures.minimal)])
    }
}

private func fixtureURL(_ name: String, _ ext: String) throws -> URL {
    try #require(Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures/Xournal"))
}

private func fixture(_ name: String, _ ext: String) throws -> Data {
    try Data(contentsOf: fixtureURL(name, ext))
}

private func readNotebook(_ text: String) throws -> XournalNotebook {
    try Xournal.read(Data(text.utf8), fileIdentity: "test")
}

private func failure(_ data: Data, limits: Xournal.Limits = Xournal.Limits()) -> XournalError? {
    do { _ = try Xournal.read(data, fileIdentity: "test", limits: limits); return nil } catch { return error }
}

private func failure(_ text: String) -> XournalError? {
    failure(Data(text.utf8))
}

private func tips(_ widths: [Double]) -> [CGSize] {
    widths.map { CGSize(width: $0, height: $0) }
}

private func lastRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard needle.count <= haystack.count else { return nil }
    for start in stride(from: haystack.count - needle.count, through: 0, by: -1)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return start..<(start + needle.count)
    }
    return nil
}
