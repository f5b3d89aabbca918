import Foundation
import Testing
@testable import InkCore

/// The fixtures are synthetic notebooks written by `Fixtures/Rnote/make_fixtures.py`, one per
/// generation of the format; `expected.json` holds the counts the generator put in them.
@Suite struct RnoteTests {
    static let fixtureNames = ["rnote-0.5.8-fixed", "rnote-0.5.9-fixed", "rnote-0.9.0-vertical", "rnote-0.13.0-fixed",
                               "rnote-0.15.0-infinite"]

    // MARK: What each generation becomes

    @Test(arguments: fixtureNames)
    func everyGenerationGivesTheGeneratorsPagesStrokesAndPoints(_ name: String) throws {
        let data = try rnoteFixture(name)
        let expected = try #require(try ExpectedNotebook.load("Rnote")[name])
        #expect(Rnote.isRnote(data))
        let notebook = try Rnote.read(data, fileIdentity: "notes/\(name).rnote")
        #expect(notebook.format == .rnote)
        #expect(notebook.fileIdentity == "notes/\(name).rnote")
        expected.expectMatched(by: notebook, data: data, fileIdentity: "notes/\(name).rnote")
        for page in notebook.pages {
            for stroke in page.drawing.strokes {
                #expect(stroke.points.allSatisfy { $0.location.x >= 0 && $0.location.x <= page.width })
                #expect(stroke.points.allSatisfy { $0.location.y >= 0 && $0.location.y <= page.height })
            }
        }
    }

    @Test func currentFormatMapsPressureColourWidthHighlighterAndPageCoordinates() throws {
        let notebook = try Rnote.read(rnoteFixture("rnote-0.13.0-fixed"), fileIdentity: "a.rnote")
        let first = notebook.pages[0], second = notebook.pages[1]
        #expect(first.width == 1123 && first.height == 1587)

        // The pen stroke comes first although drawn later: the highlighter layer is above.
        let pen = first.drawing.strokes[0]
        #expect(pen.ink == Ink(tool: .pen, color: Ink.Color(red: 255, green: 0, blue: 0), width: 2.5))
        #expect(pen.points.map(\.location) == [CGPoint(x: 100, y: 200), CGPoint(x: 120, y: 210), CGPoint(x: 140, y: 215),
                                               CGPoint(x: 160, y: 212), CGPoint(x: 180, y: 205)])
        #expect(pen.points.map(\.force) == [0.1, 0.3, 0.5, 0.7, 0.9])
        let marker = first.drawing.strokes[1]
        #expect(marker.ink == Ink(tool: .marker, color: Ink.Color(red: 255, green: 255, blue: 0, alpha: 128), width: 12))
        #expect(first.highlighterStrokes == 1)

        // Page 2 starts 1587 units down the document.
        #expect(second.drawing.strokes[0].points.map(\.location) == [CGPoint(x: 200, y: 113), CGPoint(x: 220, y: 133),
                                                                     CGPoint(x: 240, y: 153)])
        #expect(second.drawing.annotations == [InkNotebook.textKey: "Typed in Rnote"])
        #expect(notebook.warnings.contains { $0.contains("shapes") })
        #expect(notebook.warnings.contains { $0.contains("images") })
    }

    @Test func oldSegmentListsAreReadAndTrashedStrokesAreNot() throws {
        let notebook = try Rnote.read(rnoteFixture("rnote-0.5.8-fixed"), fileIdentity: "old.rnote")
        let first = notebook.pages[0].drawing.strokes[0]
        #expect(first.points.map(\.location) == [CGPoint(x: 100, y: 100), CGPoint(x: 150, y: 120), CGPoint(x: 200, y: 140),
                                                 CGPoint(x: 250, y: 150)])
        #expect(first.points.map(\.force) == [0.2, 0.4, 0.6, 0.8])
        #expect(first.ink == Ink(tool: .pen, color: .black, width: 3))
        // A dot then a curve: the dot's element twice, as Rnote's own upgrade gives it.
        #expect(notebook.pages[1].drawing.strokes[0].points.map(\.location) == [CGPoint(x: 300, y: 500), CGPoint(x: 300, y: 500),
                                                                                CGPoint(x: 350, y: 550)])
        // The trashed stroke (400, 400)-(420, 420) is nowhere.
        let all = notebook.pages.flatMap(\.drawing.strokes).flatMap(\.points).map(\.location)
        #expect(!all.contains(CGPoint(x: 400, y: 400)))
        #expect(notebook.warnings.contains { $0.contains("trash") })
        #expect(notebook.pages[0].texts == ["Hello Rnote"])

        let later = try Rnote.read(rnoteFixture("rnote-0.5.9-fixed"), fileIdentity: "later.rnote")
        let stroke = later.pages[0].drawing.strokes[0]
        #expect(stroke.points.map(\.location) == [CGPoint(x: 50, y: 60), CGPoint(x: 70, y: 65), CGPoint(x: 90, y: 80),
                                                  CGPoint(x: 110, y: 100)])
        #expect(stroke.ink.color == Ink.Color(red: 0, green: 0, blue: 255))
        #expect(later.pages.count == 1 && later.pages[0].drawing.strokes.count == 1)
    }

    @Test func continuousVerticalKeepsBlankPagesDownToTheContent() throws {
        let notebook = try Rnote.read(rnoteFixture("rnote-0.9.0-vertical"), fileIdentity: "v.rnote")
        #expect(notebook.pages.count == 3)
        #expect(notebook.pages[1].drawing.strokes.isEmpty)
        let textured = notebook.pages[2].drawing.strokes[0]
        #expect(textured.ink == Ink(tool: .pencil, color: Ink.Color(red: 0, green: 128, blue: 0), width: 4))
        #expect(textured.points[0].location == CGPoint(x: 300, y: 450))
    }

    @Test func infiniteLayoutKeepsOnlyTilesWithContentRowByRow() throws {
        let notebook = try Rnote.read(rnoteFixture("rnote-0.15.0-infinite"), fileIdentity: "i.rnote")
        // Tiles (row -1, column -1), (0, 0) and (2, 0) of 1123 × 1587.
        #expect(notebook.pages[0].drawing.strokes[0].points[0].location == CGPoint(x: -520 + 1123, y: -320 + 1587))
        #expect(notebook.pages[1].drawing.strokes[0].points[0].location == CGPoint(x: 200, y: 100))
        #expect(notebook.pages[2].texts == ["Far below"])
    }

    // MARK: Identity

    @Test func pageAndStrokeIDsAreStableAcrossReadsAndFollowTheIdentity() throws {
        let data = try rnoteFixture("rnote-0.13.0-fixed")
        let one = try Rnote.read(data, fileIdentity: "notes/a.rnote")
        let two = try Rnote.read(data, fileIdentity: "notes/a.rnote")
        #expect(one == two)
        let ids = one.pages.flatMap(\.drawing.strokes).map(\.id)
        #expect(Set(ids).count == ids.count)
        let moved = try Rnote.read(data, fileIdentity: "notes/b.rnote")
        #expect(Set(moved.pages.map(\.id)).isDisjoint(with: one.pages.map(\.id)))
        #expect(Set(moved.pages.flatMap(\.drawing.strokes).map(\.id)).isDisjoint(with: ids))
    }

    @Test func aStrokeKeepsItsIDWhenAnotherIsAddedBeforeIt() throws {
        let stroke = brush([(10, 10), (20, 20), (30, 15)])
        let before = try readJSON(document(strokes: [stroke]))
        let after = try readJSON(document(strokes: [brush([(500, 500), (510, 520)]), stroke]))
        let kept = try #require(before.pages[0].drawing.strokes.first)
        #expect(after.pages[0].drawing.strokes.map(\.id).contains(kept.id))
        #expect(after.pages[0].drawing.strokes.count == 2)
    }

    @Test func contentsOfDefaultsTheIdentityToTheStandardizedPath() throws {
        let url = rnoteFixtureURL("rnote-0.9.0-vertical")
        let notebook = try Rnote.read(contentsOf: url)
        #expect(notebook.fileIdentity == url.standardizedFileURL.path)
        #expect(notebook.pages[0].id == DrawingFile.pageID(fileIdentity: url.standardizedFileURL.path, pageNumber: 1))
        let missing = URL(fileURLWithPath: "/nonexistent/none.rnote")
        #expect(NotebookChecks.errorKind { try Rnote.read(contentsOf: missing) } == .cannotRead)
    }

    // MARK: What is not an Rnote file, or not one this reader reads

    @Test func otherFilesAreNotRnote() throws {
        let xopp = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Xournal/two-pages.xopp"))
        #expect(!Rnote.isRnote(xopp))
        #expect(NotebookChecks.errorKind { try Rnote.read(xopp, fileIdentity: "x") } == .notThisFormat)
        #expect(!Rnote.isRnote(Data("hello".utf8)))
        #expect(NotebookChecks.errorKind { try Rnote.read(Data("hello".utf8), fileIdentity: "x") } == .notThisFormat)
        #expect(NotebookChecks.errorKind { try Rnote.read(Data(), fileIdentity: "x") } == .notThisFormat)
        #expect(NotebookChecks.errorKind { try readJSON(#"{"something": "else"}"#) } == .notThisFormat)
        #expect(NotebookChecks.errorKind { try readJSON("[1, 2]") } == .notThisFormat)
    }

    @Test func versionsOutsideTheKnownFormatsAreUnsupportedOrWarned() throws {
        #expect(NotebookChecks.errorKind { try readJSON(document(version: "0.4.2", strokes: [])) } == .unsupported)
        #expect(NotebookChecks.errorKind { try readJSON(document(version: "1.0.0", strokes: [])) } == .unsupported)
        #expect(NotebookChecks.errorKind { try readJSON(document(version: "zero", strokes: [])) } == .damaged)
        let newer = try readJSON(document(version: "0.16.1-beta", strokes: [brush([(1, 1), (2, 2)])]))
        #expect(newer.formatVersion == "0.16.1-beta")
        #expect(newer.warnings.contains { $0.contains("newer") })
        #expect(newer.pages[0].drawing.strokes.count == 1)
    }

    @Test func theBinaryFormatIsRecognizedButNotRead() {
        var data = Data(Rnote.binaryMagic)
        data.append(contentsOf: [UInt8](repeating: 0, count: 40))
        #expect(Rnote.isRnote(data))
        #expect(NotebookChecks.errorKind { try Rnote.read(data, fileIdentity: "x") } == .unsupported)
    }

    // MARK: Damage and limits

    @Test func nonFiniteNumbersDropThePointWithAWarning() throws {
        let stroke = #"{"brushstroke":{"path":{"start":{"pos":[1,1],"pressure":0.5},"segments":[{"lineto":{"end":{"pos":[1e999,2],"pressure":0.5}}},{"lineto":{"end":{"pos":[3,3],"pressure":0.5}}}]}}}"#
        let notebook = try readJSON(document(strokes: [stroke]))
        #expect(notebook.pages[0].drawing.strokes[0].points.map(\.location) == [CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 3)])
        #expect(notebook.warnings.contains { $0.contains("finite") })
    }

    @Test func truncatedAndBitFlippedFilesGiveTypedErrorsOrPages() throws {
        for name in Self.fixtureNames {
            let data = try rnoteFixture(name)
            for length in stride(from: 0, to: data.count, by: 7) {
                expectNoCrash(data.prefix(length))
            }
            for position in stride(from: 0, to: data.count, by: 3) {
                var flipped = data
                flipped[position] ^= UInt8(1 << (position % 8))
                expectNoCrash(flipped)
            }
        }
        // Past zlib: the inflated JSON cut and flipped.
        let json = try inflated("rnote-0.13.0-fixed")
        for length in stride(from: 0, to: json.count, by: 5) {
            _ = try? Rnote.readJSON(Array(json.prefix(length)), fileIdentity: "t", limits: InkNotebook.Limits(), contentHash: 0)
        }
        for position in stride(from: 0, to: json.count, by: 2) {
            var flipped = json
            flipped[position] ^= UInt8(1 << (position % 7))
            if let notebook = try? Rnote.readJSON(flipped, fileIdentity: "t", limits: InkNotebook.Limits(), contentHash: 0) {
                #expect(notebook.pages.allSatisfy { page in page.drawing.strokes.allSatisfy { $0.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite } } })
            }
        }
    }

    /// Random edits of the inflated JSON, with JSON's own tokens so that many still parse:
    /// pages or a typed error, never a trap. `INKINDEX_NOTEBOOK_MUTATIONS` sets how many.
    @Test func randomEditsOfTheJSONGiveTypedErrorsOrSoundPages() throws {
        let tokens = ["{", "}", "[", "]", ",", ":", "\"", "0", "-1", "1e308", "1e999", "-1e999", "null", "true", "\"x\"", "[]", "{}",
                      "\"brushstroke\"", "\"pos\"", "\"version\"", "\"highlighter\"", "1.5"].map { Array($0.utf8) }
        let base = try inflated("rnote-0.13.0-fixed")
        var random = SplitMix64(seed: 0x0123_4567)
        let rounds = NotebookChecks.mutationRounds
        for _ in 0..<rounds {
            var bytes = base
            for _ in 0...random.below(3) {
                let at = random.below(bytes.count + 1)
                let length = min(random.below(8), bytes.count - at)
                switch random.below(3) {
                case 0: bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: at)
                case 1: bytes.replaceSubrange(at..<(at + length), with: tokens[random.below(tokens.count)])
                default: bytes.removeSubrange(at..<(at + length))
                }
            }
            guard let notebook = try? Rnote.readJSON(bytes, fileIdentity: "m", limits: InkNotebook.Limits(), contentHash: 0) else { continue }
            NotebookChecks.expectSoundPages(notebook)
        }
    }

    @Test func deepNestingIsBoundedWithoutRecursion() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(NotebookChecks.errorKind { try readJSON(#"{"version":"0.13.0","data":\#(deep)}"#) } == .tooLarge)
        let shallow = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        var limits = InkNotebook.Limits()
        limits.maximumDepth = 10
        #expect(NotebookChecks.errorKind { try readJSON(#"{"version":"0.13.0","data":\#(shallow)}"#, limits: limits) } == .tooLarge)
        #expect(NotebookChecks.errorKind { try readJSON(String(repeating: "{\"a\":", count: 100_000)) } == .tooLarge)
    }

    @Test func limitsBoundBytesPagesAndPoints() throws {
        let data = try rnoteFixture("rnote-0.13.0-fixed")
        var limits = InkNotebook.Limits()
        limits.maximumBytes = 100
        #expect(NotebookChecks.errorKind { try Rnote.read(data, fileIdentity: "x", limits: limits) } == .tooLarge)
        limits = InkNotebook.Limits()
        limits.maximumBytes = data.count  // the file fits, what it inflates to does not
        #expect(NotebookChecks.errorKind { try Rnote.read(data, fileIdentity: "x", limits: limits) } == .tooLarge)
        limits = InkNotebook.Limits()
        limits.maximumPages = 1
        #expect(NotebookChecks.errorKind { try Rnote.read(data, fileIdentity: "x", limits: limits) } == .tooLarge)
        limits = InkNotebook.Limits()
        limits.maximumPoints = 8
        #expect(NotebookChecks.errorKind { try Rnote.read(data, fileIdentity: "x", limits: limits) } == .tooLarge)
        limits.maximumPoints = 12  // 5 + 4 + 3
        #expect(try Rnote.read(data, fileIdentity: "x", limits: limits).pages.flatMap(\.drawing.strokes).count == 3)
        // A fixed-size document a billion pages high is refused before any page is made.
        let huge = #"{"version":"0.13.0","data":{"engine_snapshot":{"document":{"x":0,"y":0,"width":100,"height":1e12,"config":{"format":{"width":100,"height":100},"layout":"fixed_size"}},"stroke_components":[]}}}"#
        #expect(NotebookChecks.errorKind { try readJSON(huge) } == .tooLarge)
    }

    @Test func structuralDamageIsADamagedFile() {
        #expect(NotebookChecks.errorKind { try readJSON(#"{"version":"0.13.0","data":{}}"#) } == .damaged)
        #expect(NotebookChecks.errorKind { try readJSON(#"{"version":"0.13.0","data":{"engine_snapshot":{"stroke_components":7}}}"#) } == .damaged)
        #expect(NotebookChecks.errorKind { try readJSON(#"{"version":"0.13.0","data":{"engine_snapshot":{"stroke_components":[]}}"#) } == .damaged)
    }
}

// MARK: Helpers

private func rnoteFixtureURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Rnote/\(name).rnote")
}

private func rnoteFixture(_ name: String) throws -> Data {
    try Data(contentsOf: rnoteFixtureURL(name))
}

private func inflated(_ name: String) throws -> [UInt8] {
    let data = try rnoteFixture(name)
    return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in Inflater.decompress(raw, wrapper: .gzip, limit: 1 << 20) }.get()
}

private func expectNoCrash(_ data: Data) {
    // Typed throws: any failure is a NotebookError; the point is that nothing traps.
    if let notebook = try? Rnote.read(data, fileIdentity: "fuzz") {
        #expect(notebook.pages.allSatisfy { !$0.drawing.strokes.contains { $0.points.isEmpty } })
    }
}

private func readJSON(_ text: String, limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
    try Rnote.readJSON(Array(text.utf8), fileIdentity: "test.rnote", limits: limits, contentHash: 0)
}

/// A current-format document (fixed size, 1000 × 1000 pages) holding the stroke values given.
private func document(version: String = "0.13.0", strokes: [String]) -> String {
    let slots = (["null"] + strokes).enumerated().map { k, value in
        k == 0 ? #"{"value":null,"version":0}"# : #"{"value":\#(value),"version":1}"#
    }
    return #"{"version":"\#(version)","data":{"engine_snapshot":{"document":{"x":0,"y":0,"width":1000,"height":1000,"config":{"format":{"width":1000,"height":1000},"layout":"fixed_size"}},"stroke_components":[\#(slots.joined(separator: ","))],"chrono_components":[],"chrono_counter":0}}}"#
}

private func brush(_ points: [(Double, Double)]) -> String {
    let elements = points.map { #"{"pos":[\#($0.0),\#($0.1)],"pressure":0.5}"# }
    let segments = elements.dropFirst().map { #"{"lineto":{"end":\#($0)}}"# }
    return #"{"brushstroke":{"path":{"start":\#(elements[0]),"segments":[\#(segments.joined(separator: ","))]},"style":{"smooth":{"stroke_width":2.0,"stroke_color":{"r":0,"g":0,"b":0,"a":1}}}}}"#
}
