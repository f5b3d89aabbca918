import Foundation
import Testing
@testable import InkCore

/// The fixtures are synthetic notes written by `Fixtures/Saber/make_fixtures.py` (its BSON by
/// hand); `expected.json` holds the counts the generator put in them.
@Suite struct SaberTests {
    static let fixtureNames = ["saber-v3.sbn", "saber-v11.sbn", "saber-v19.sbn2", "saber-v19.sba"]

    // MARK: What each version becomes

    @Test(arguments: fixtureNames)
    func everyFixtureGivesTheGeneratorsPagesStrokesAndPoints(_ name: String) throws {
        let data = try saberFixture(name)
        let expected = try #require(try ExpectedNotebook.load("Saber")[name])
        #expect(Saber.isSaber(data))
        let notebook = try Saber.read(data, fileIdentity: "Saber/\(name)")
        #expect(notebook.format == .saber)
        expected.expectMatched(by: notebook, data: data, fileIdentity: "Saber/\(name)")
    }

    @Test func currentBSONNotesMapPointsPressureColoursPensAndText() throws {
        let notebook = try Saber.read(saberFixture("saber-v19.sbn2"), fileIdentity: "n.sbn2")
        let first = notebook.pages[0], second = notebook.pages[1]
        #expect(first.width == 1000 && first.height == 1400)

        let highlighter = first.drawing.strokes[0]
        #expect(highlighter.ink == Ink(tool: .marker, color: Ink.Color(red: 0xFF, green: 0xEB, blue: 0x3B, alpha: 0x66), width: 50))
        #expect(highlighter.points.allSatisfy { $0.force == nil })
        #expect(first.highlighterStrokes == 1)

        // Binary points: 12 bytes carry the pressure, 8 bytes are the neutral 0.5 (no force).
        let pen = first.drawing.strokes[1]
        #expect(pen.ink == Ink(tool: .fountainPen, color: Ink.Color(red: 0x15, green: 0x65, blue: 0xC0), width: 5))
        #expect(pen.points.map(\.location) == [CGPoint(x: 100, y: 100), CGPoint(x: 110, y: 104), CGPoint(x: 120, y: 108),
                                               CGPoint(x: 130.5, y: 112.25)])
        #expect(pen.points.map(\.force) == [0.25, nil, 0.75, 1.0])
        #expect(first.drawing.annotations == [InkNotebook.textKey: "Hello from Saber"])

        // The offset is added; a negative int32 colour is its ARGB bit pattern.
        let ballpoint = second.drawing.strokes[0]
        #expect(ballpoint.ink == Ink(tool: .pen, color: .black, width: 3))
        #expect(ballpoint.points.map(\.location) == [CGPoint(x: 510, y: 610), CGPoint(x: 520, y: 620), CGPoint(x: 530, y: 610)])
        let pencil = second.drawing.strokes[1]
        #expect(pencil.ink.tool == .pencil)
        #expect(pencil.points.map(\.force) == [nil, 0.625, nil])
        #expect(notebook.warnings.contains { $0.contains("shapes") })
        #expect(notebook.warnings.contains { $0.contains("background images") })
    }

    @Test func oldJSONNotesMapTheLegacyPenOffsetsAndDefaults() throws {
        let notebook = try Saber.read(saberFixture("saber-v11.sbn"), fileIdentity: "n.sbn")
        let pen = notebook.pages[0].drawing.strokes[0]
        #expect(pen.ink == Ink(tool: .fountainPen, color: .black, width: 5))
        #expect(pen.points.map(\.force) == [0.25, nil, 0.75])
        let highlighter = notebook.pages[0].drawing.strokes[1]
        #expect(highlighter.ink.tool == .marker && highlighter.points.allSatisfy { $0.force == nil })
        let shifted = notebook.pages[1].drawing.strokes[0]
        #expect(shifted.points.map(\.location) == [CGPoint(x: 110, y: 70), CGPoint(x: 115, y: 75)])
        #expect(shifted.points.map(\.force) == [0.875, 0.625])
        #expect(shifted.ink == Ink(tool: .fountainPen, color: .black, width: 10))  // Saber's defaults
    }

    @Test func version3StrokesGoToThePagesTheyName() throws {
        let notebook = try Saber.read(saberFixture("saber-v3.sbn"), fileIdentity: "n.sbn")
        #expect(notebook.pages.map(\.width) == [800, 800] && notebook.pages.map(\.height) == [1000, 1000])
        #expect(notebook.pages[0].drawing.strokes[0].ink.color == Ink.Color(red: 255, green: 0, blue: 0))
        #expect(notebook.pages[0].drawing.strokes[0].points.map(\.force) == [nil, 0.75])
        #expect(notebook.pages[1].drawing.strokes[0].points.count == 3)
    }

    @Test func theOldestFormatIsAListOfStrokes() throws {
        let notebook = try readSaber(#"[{"p":[{"x":1,"y":2,"p":0.3},{"x":3,"y":4,"p":0.4}],"i":1},{"p":[{"x":5,"y":6}]}]"#)
        #expect(notebook.formatVersion == nil)
        #expect(notebook.pages.count == 2)
        #expect(notebook.pages.map { $0.drawing.strokes.count } == [1, 1])
        #expect(notebook.pages[1].drawing.strokes[0].points.map(\.force) == [0.3, 0.4])
        #expect(notebook.pages[0].width == Saber.defaultPageWidth)
    }

    @Test func theArchiveGivesTheSameNoteAsItsSbn2() throws {
        let archived = try Saber.read(saberFixture("saber-v19.sba"), fileIdentity: "same")
        let plain = try Saber.read(saberFixture("saber-v19.sbn2"), fileIdentity: "same")
        #expect(archived.pages == plain.pages)
    }

    // MARK: Identity

    @Test func pageAndStrokeIDsAreStableAcrossReads() throws {
        let data = try saberFixture("saber-v19.sbn2")
        let one = try Saber.read(data, fileIdentity: "Saber/a.sbn2")
        #expect(try Saber.read(data, fileIdentity: "Saber/a.sbn2") == one)
        let ids = one.pages.flatMap(\.drawing.strokes).map(\.id)
        #expect(Set(ids).count == ids.count)
        let other = try Saber.read(data, fileIdentity: "Saber/b.sbn2")
        #expect(Set(other.pages.flatMap(\.drawing.strokes).map(\.id)).isDisjoint(with: ids))

        let url = saberFixtureURL("saber-v11.sbn")
        #expect(try Saber.read(contentsOf: url).fileIdentity == url.standardizedFileURL.path)
        #expect(NotebookChecks.errorKind { try Saber.read(contentsOf: URL(fileURLWithPath: "/nonexistent/x.sbn2")) } == .cannotRead)
    }

    // MARK: BSON

    @Test func bsonReadsEveryTypeAndSkipsTheOthersSafely() throws {
        let document = bson([
            element(0x01, "d", double(2.5)),
            element(0x02, "s", string("héllo")),
            element(0x03, "o", bson([element(0x10, "n", int32(-7))])),
            element(0x04, "a", bson([element(0x08, "0", [1]), element(0x0A, "1", [])])),
            element(0x05, "b", int32(3) + [0x00, 1, 2, 3]),
            element(0x05, "old", int32(6) + [0x02] + int32(2) + [9, 8]),
            element(0x07, "id", [UInt8](repeating: 7, count: 12)),
            element(0x09, "date", int64(1_700_000_000_000)),
            element(0x0B, "re", Array("a+\0i\0".utf8)),
            element(0x0D, "js", string("x()")),
            element(0x11, "ts", int64(5)),
            element(0x12, "big", int64(0xFF00_0000)),
            element(0x13, "dec", [UInt8](repeating: 0, count: 16)),
            element(0xFF, "min", []),
        ])
        let tree = try BSON.parse(document, maximumDepth: 8)
        #expect(tree["d"]?.number == 2.5)
        #expect(tree["s"]?.string == "héllo")
        #expect(tree["o"]?["n"]?.int == -7)
        #expect(tree["a"]?.array?.count == 2 && tree["a"]?.array?[0].bool == true && tree["a"]?.array?[1].isNull == true)
        guard case .binary(let range)? = tree["b"], case .binary(let old)? = tree["old"] else {
            Issue.record("binary data not read")
            return
        }
        #expect(Array(document[range]) == [1, 2, 3] && Array(document[old]) == [9, 8])
        #expect(tree["id"]?.isNull == true && tree["re"]?.isNull == true && tree["js"]?.isNull == true)
        #expect(tree["date"]?.number == 1_700_000_000_000 && tree["ts"]?.number == 5 && tree["big"]?.number == 4_278_190_080)
        #expect(tree["dec"]?.isNull == true && tree["min"]?.isNull == true)
        #expect(BSON.firstKeys(Data(document), limit: 3) == ["d", "s", "o"])

        // Cut anywhere, with its length fixed up or not: a failure, never a trap.
        for length in 0..<document.count {
            var cut = Array(document.prefix(length))
            #expect(throws: NotebookTreeFailure.self) { try BSON.parse(cut, maximumDepth: 8) }
            if cut.count >= 5 {
                cut.replaceSubrange(0..<4, with: int32(Int32(cut.count)))
                cut[cut.count - 1] = 0
                _ = try? BSON.parse(cut, maximumDepth: 8)
            }
        }
        #expect(throws: NotebookTreeFailure.self) { try BSON.parse(bson([element(0x42, "?", [])]), maximumDepth: 8) }
    }

    @Test func deepNestingIsBoundedWithoutRecursion() throws {
        // 100 000 documents inside one another, each {"a": ...}: the lengths, from the outside in.
        let depth = 100_000
        var inner: [UInt8] = []
        for k in 0..<depth { inner += int32(Int32(5 + 8 * (depth - k))) + [0x03, 0x61, 0x00] }
        inner += int32(5) + [0] + [UInt8](repeating: 0, count: depth)
        #expect(BSON.hasDocumentFrame(inner))
        #expect(throws: NotebookTreeFailure.tooDeep(limit: 256)) { try BSON.parse(inner, maximumDepth: 256) }
        #expect(NotebookChecks.errorKind { try Saber.read(Data(inner), fileIdentity: "x") } == .tooLarge)
        let json = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(NotebookChecks.errorKind { try readSaber(json) } == .tooLarge)
        #expect(NotebookChecks.errorKind { try readSaber(#"{"v":19,"z":"# + String(repeating: "[", count: 300)) } == .tooLarge)
    }

    // MARK: Damage, other files, limits

    @Test func truncatedAndBitFlippedNotesGiveTypedErrorsOrPages() throws {
        for name in Self.fixtureNames {
            let data = try saberFixture(name)
            for length in stride(from: 0, to: data.count, by: 3) {
                expectFinitePages(data.prefix(length))
            }
            for position in 0..<data.count {
                var flipped = data
                flipped[position] ^= UInt8(1 << (position % 8))
                expectFinitePages(flipped)
            }
        }
    }

    /// Random edits of the BSON note: bytes, lengths set to telling values, ranges cut out or
    /// doubled: pages or a typed error, never a trap. `INKINDEX_NOTEBOOK_MUTATIONS` sets how many.
    @Test func randomEditsOfTheBSONGiveTypedErrorsOrSoundPages() throws {
        let base = Array(try saberFixture("saber-v19.sbn2"))
        let lengths: [Int32] = [0, 1, 4, 5, 8, 12, -1, -5, .max, .min, 0x100, 1 << 20]
        var random = SplitMix64(seed: 0x89AB_CDEF)
        let rounds = NotebookChecks.mutationRounds
        for _ in 0..<rounds {
            var bytes = base
            for _ in 0...random.below(3) {
                let at = random.below(bytes.count)
                switch random.below(4) {
                case 0:
                    bytes[at] = UInt8(truncatingIfNeeded: random.next())
                case 1 where at + 4 <= bytes.count:
                    bytes.replaceSubrange(at..<(at + 4), with: int32(lengths[random.below(lengths.count)]))
                case 2:
                    bytes.removeSubrange(at..<min(bytes.count, at + random.below(16)))
                default:
                    let end = min(bytes.count, at + random.below(24))
                    bytes.insert(contentsOf: bytes[at..<end], at: end)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            // Half the time the outer length is fixed up, so that the parser goes past the frame.
            if random.below(2) == 0, bytes.count >= 5 {
                bytes.replaceSubrange(0..<4, with: int32(Int32(truncatingIfNeeded: bytes.count)))
                bytes[bytes.count - 1] = 0
            }
            expectFinitePages(Data(bytes))
        }
    }

    @Test func otherFilesAreNotSaberNotes() throws {
        let rnote = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Rnote/rnote-0.13.0-fixed.rnote"))
        #expect(!Saber.isSaber(rnote))
        #expect(NotebookChecks.errorKind { try Saber.read(rnote, fileIdentity: "x") } == .notThisFormat)
        #expect(!Saber.isSaber(Data("hello".utf8)))
        #expect(!Saber.isSaber(Data(#"{"name":"not a note"}"#.utf8)))
        #expect(NotebookChecks.errorKind { try readSaber(#"{"name":"not a note"}"#) } == .notThisFormat)
        #expect(NotebookChecks.errorKind { try readSaber("[1, 2]") } == .notThisFormat)
        #expect(NotebookChecks.errorKind { try Saber.read(Data(), fileIdentity: "x") } == .notThisFormat)
        #expect(NotebookChecks.errorKind { try Saber.read(Data([0xFF, 0xFF, 0xFF, 0xFF, 1, 2]), fileIdentity: "x") } == .unsupported)
        // A BSON note cut short is damaged, not something else.
        let note = try saberFixture("saber-v19.sbn2")
        #expect(NotebookChecks.errorKind { try Saber.read(note.prefix(note.count - 10), fileIdentity: "x") } == .damaged)
        #expect(NotebookChecks.errorKind { try readSaber(#"{"v":"nineteen","z":[]}"#) } == .damaged)
        #expect(NotebookChecks.errorKind { try readSaber(#"{"v":19,"z":{}}"#) } == .damaged)
    }

    @Test func newerVersionsAreReadWithAWarning() throws {
        let notebook = try readSaber(#"{"v":25,"z":[{"w":500,"h":700,"s":[{"p":[{"x":1,"y":1},{"x":2,"y":2}],"ty":"fountainPen"}]}]}"#)
        #expect(notebook.formatVersion == "25")
        #expect(notebook.warnings.contains { $0.contains("newer") })
        #expect(notebook.pages[0].width == 500 && notebook.pages[0].drawing.strokes.count == 1)
    }

    @Test func nonFinitePointsAreDroppedWithAWarning() throws {
        let nan = Float.nan.bitPattern
        let point = int32(Int32(bitPattern: nan)) + int32(Int32(bitPattern: Float(3).bitPattern))
        let stroke = bson([
            element(0x04, "p", bson([element(0x05, "0", int32(8) + [0] + point),
                                     element(0x05, "1", int32(8) + [0] + float32s([4, 5])),
                                     element(0x05, "2", int32(5) + [0] + [1, 2, 3, 4, 5])])),
            element(0x02, "ty", string("ballpointPen")),
        ])
        let note = bson([element(0x10, "v", int32(19)),
                         element(0x04, "z", bson([element(0x03, "0", bson([element(0x04, "s", bson([element(0x03, "0", stroke)]))]))]))])
        let notebook = try Saber.read(Data(note), fileIdentity: "x")
        #expect(notebook.pages[0].drawing.strokes[0].points.map(\.location) == [CGPoint(x: 4, y: 5)])
        #expect(notebook.warnings.contains { $0.contains("finite") })
        #expect(notebook.warnings.contains { $0.contains("8 or 12 bytes") })
    }

    @Test func limitsBoundBytesPagesAndPoints() throws {
        let data = try saberFixture("saber-v19.sbn2")
        var limits = InkNotebook.Limits()
        limits.maximumBytes = 100
        #expect(NotebookChecks.errorKind { try Saber.read(data, fileIdentity: "x", limits: limits) } == .tooLarge)
        limits = InkNotebook.Limits()
        limits.maximumPages = 1
        #expect(NotebookChecks.errorKind { try Saber.read(data, fileIdentity: "x", limits: limits) } == .tooLarge)
        limits = InkNotebook.Limits()
        limits.maximumPoints = 10
        #expect(NotebookChecks.errorKind { try Saber.read(data, fileIdentity: "x", limits: limits) } == .tooLarge)
        limits.maximumPoints = 13  // 3 + 4 + 3 + 3
        #expect(try Saber.read(data, fileIdentity: "x", limits: limits).pages.count == 2)
        // A stroke that names page 10 million is refused before pages are made for it.
        #expect(NotebookChecks.errorKind { try readSaber(#"{"v":7,"s":[{"p":[{"x":1,"y":1}],"i":10000000}]}"#) } == .tooLarge)
    }
}

// MARK: Helpers

private func saberFixtureURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Saber/\(name)")
}

private func saberFixture(_ name: String) throws -> Data {
    try Data(contentsOf: saberFixtureURL(name))
}

private func readSaber(_ json: String, limits: InkNotebook.Limits = InkNotebook.Limits()) throws(NotebookError) -> InkNotebook {
    try Saber.read(Data(json.utf8), fileIdentity: "test.sbn", limits: limits)
}

private func expectFinitePages(_ data: Data) {
    // Typed throws: any failure is a NotebookError; the point is that nothing traps.
    guard let notebook = try? Saber.read(data, fileIdentity: "fuzz") else { return }
    NotebookChecks.expectSoundPages(notebook)
}

// A BSON writer just big enough for the tests.

private func int32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
private func int64(_ value: Int64) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
private func double(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init) }
private func float32s(_ values: [Float]) -> [UInt8] { values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) } }
private func string(_ text: String) -> [UInt8] { int32(Int32(text.utf8.count + 1)) + Array(text.utf8) + [0] }
private func element(_ type: UInt8, _ name: String, _ value: [UInt8]) -> [UInt8] { [type] + Array(name.utf8) + [0] + value }
private func bson(_ elements: [[UInt8]]) -> [UInt8] {
    let body = elements.flatMap { $0 }
    return int32(Int32(body.count + 5)) + body + [0]
}
