import Foundation
import Testing
@testable import InkCore

/// The fixtures are hand-made by `Fixtures/Remarkable/make_fixtures.py`, which also writes
/// `expected.json`: each page's strokes' point counts as the files state them.
@Suite struct RemarkableTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Remarkable")
    private static let notebookUUID = "3f6c1a52-6c5e-4b4e-9b1f-0d1e2f3a4b5c"

    private struct Expected: Decodable {
        struct Page: Decodable {
            var points: [Int]
            var highlighter_points: [Int]?
            var erasers: Int?
            var texts: [String]?
            var layers: Int?
        }
        var pages: [Page]
        var title: String?
    }

    private static let expected: [String: Expected] = {
        let data = (try? Data(contentsOf: folder.appendingPathComponent("expected.json"))) ?? Data()
        return (try? JSONDecoder().decode([String: Expected].self, from: data)) ?? [:]
    }()

    private func url(_ name: String) -> URL { Self.folder.appendingPathComponent(name) }

    /// Every fixture's pages hold the strokes the generator wrote: pen strokes' and highlighter
    /// strokes' point counts, in order.
    @Test(arguments: ["v3.rm", "v5.rm", "v6.rm", "xochitl/\(notebookUUID).content", "notebook.rmdoc",
                      "xochitl/4a000000-0000-4000-8000-0000000000aa.content", "xochitl/5b000000-0000-4000-8000-0000000000bb.content"])
    func pointCountsMatchTheFile(name: String) throws {
        let expected = try #require(Self.expected[name], "expected.json has no \(name): rerun make_fixtures.py")
        let notebook = try Remarkable.read(contentsOf: url(name), fileIdentity: name)
        #expect(notebook.format == .remarkable)
        #expect(notebook.pages.count == expected.pages.count)
        #expect(notebook.pages.map(\.number) == Array(1...expected.pages.count))
        if expected.title != nil || name.hasSuffix(".content") { #expect(notebook.title == expected.title) }
        for (page, want) in zip(notebook.pages, expected.pages) {
            let pens = page.drawing.strokes.filter { $0.ink.tool != .marker }.map(\.points.count)
            let marks = page.drawing.strokes.filter { $0.ink.tool == .marker }.map(\.points.count)
            #expect(pens == want.points, "page \(page.number)")
            #expect(marks == (want.highlighter_points ?? []), "page \(page.number)")
            #expect(page.highlighterStrokes == marks.count)
            #expect(page.skipped["eraser"] == want.erasers)
            if let texts = want.texts { #expect(page.texts == texts) }
            #expect(page.width == 1404)
        }
    }

    @Test func versions3And5ReadPensColoursPressureAndLayers() throws {
        for (name, version) in [("v3.rm", "3"), ("v5.rm", "5")] {
            let notebook = try Remarkable.read(Data(contentsOf: url(name)), fileIdentity: name)
            #expect(notebook.formatVersion == version)
            let page = try #require(notebook.pages.first)
            #expect(page.id == DrawingFile.pageID(fileIdentity: name, pageNumber: 1))
            let ballpoint = page.drawing.strokes[0]
            #expect(ballpoint.ink == Ink(tool: .pen, color: .black, width: 2))
            #expect(ballpoint.points.map(\.location) == [CGPoint(x: 100, y: 200), CGPoint(x: 110, y: 205),
                                                         CGPoint(x: 120, y: 212), CGPoint(x: 130, y: 220)])
            #expect(ballpoint.points.compactMap(\.force).map { ($0 * 10).rounded() / 10 } == [0.5, 0.6, 0.7, 0.4])
            #expect(ballpoint.points.allSatisfy { $0.size == CGSize(width: 2, height: 2) && $0.time == nil })
            let highlighter = page.drawing.strokes[1]
            #expect(highlighter.ink.tool == .marker)
            #expect(highlighter.ink.color.alpha < 255)
            // The fineliner of layer 2 comes after layer 1's strokes, blue.
            #expect(page.drawing.strokes[2].ink.tool == .monoline)
            #expect(page.drawing.strokes[2].ink.color == Ink.Color(red: 0x00, green: 0x62, blue: 0xcc))
        }
    }

    @Test func version6ReadsTheSceneTreeTextAndHighlights() throws {
        let notebook = try Remarkable.read(Data(contentsOf: url("v6.rm")), fileIdentity: "v6.rm")
        #expect(notebook.formatVersion == "6")
        let page = try #require(notebook.pages.first)
        // Ballpoint, highlighter, pencil in sequence order; the deleted line is not ink.
        #expect(page.drawing.strokes.map(\.ink.tool) == [.pen, .marker, .pencil])
        let ballpoint = page.drawing.strokes[0]
        // x is measured from the middle of the page: -602 is 100 from the left edge.
        #expect(ballpoint.points[0].location == CGPoint(x: 100, y: 300))
        #expect(ballpoint.points[0].force == 128.0 / 255)
        #expect(ballpoint.points[0].size == CGSize(width: 2, height: 2))
        #expect(ballpoint.ink.width == 2)
        // The highlighter's own ARGB colour wins over the palette.
        #expect(page.drawing.strokes[1].ink.color == Ink.Color(red: 0xfb, green: 0xf7, blue: 0x19, alpha: 0x80))
        // A version-1 line block: 24-byte points.
        #expect(page.drawing.strokes[2].points.map(\.location.x) == [702, 712, 722])
        // Text items ordered by their CRDT neighbours, not by the file.
        #expect(page.texts == ["Romans 8:28", "grace"])
        #expect(page.drawing.annotations[InkNotebook.textKey] == "Romans 8:28")
        #expect(page.skipped["text"] == 1 && page.skipped["highlight"] == 1)
        // The pencil reaches below the screen: v6 pages scroll, and the page grows with its ink.
        #expect(page.height == 2100)
        // Stroke ids from the CRDT ids: stable, and distinct.
        let again = try Remarkable.read(Data(contentsOf: url("v6.rm")), fileIdentity: "v6.rm")
        #expect(again.pages[0].drawing.strokes.map(\.id) == page.drawing.strokes.map(\.id))
        #expect(Set(page.drawing.strokes.map(\.id)).count == 3)
    }

    @Test func aFolderNotebookFollowsTheTabletsPageOrderAndKeepsPageIDs() throws {
        let content = url("xochitl/\(Self.notebookUUID).content")
        let notebook = try Remarkable.read(contentsOf: content, fileIdentity: "tablet/notebook")
        // idx "ba" < "bc" < "bd"; the page marked deleted is not read; the last has no .rm file.
        #expect(notebook.pages.map(\.id) == ["2", "1", "4"].map {
            InkNotebook.pageID(fileIdentity: "tablet/notebook", pageName: "a1000000-0000-4000-8000-00000000000\($0)")
        })
        #expect(notebook.pages[2].drawing.strokes.isEmpty)
        #expect(notebook.warnings.contains("1 pages marked deleted not read"))
        // The page folder names the same notebook as its .content.
        let byFolder = try Remarkable.read(contentsOf: url("xochitl/\(Self.notebookUUID)"), fileIdentity: "tablet/notebook")
        #expect(byFolder == notebook)
        // The .rmdoc of the same files reads the same pages.
        let package = try Remarkable.read(contentsOf: url("notebook.rmdoc"), fileIdentity: "tablet/notebook")
        #expect(package.pages == notebook.pages)
        #expect(package.title == "Sermon notes")
        // The folder's hash covers its page files.
        #expect(notebook.contentHash == (try Remarkable.contentHash(ofNotebookAt: content)))
    }

    @Test func aChangedPageFileChangesTheFoldersHash() throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("rm-hash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try FileManager.default.copyItem(at: url("xochitl"), to: temporary)
        let content = temporary.appendingPathComponent("\(Self.notebookUUID).content")
        let before = try Remarkable.contentHash(ofNotebookAt: content)
        let page = temporary.appendingPathComponent("\(Self.notebookUUID)/a1000000-0000-4000-8000-000000000001.rm")
        var bytes = try Data(contentsOf: page)
        bytes[bytes.count - 20] ^= 0x01
        try bytes.write(to: page)
        #expect(try Remarkable.contentHash(ofNotebookAt: content) != before)
    }

    @Test func refusalsAreTypedAndSayWhy() throws {
        #expect(throws: NotebookError.self) { try Remarkable.read(Data("not a notebook".utf8), fileIdentity: "x") }
        do {
            _ = try Remarkable.read(Data("reMarkable .lines file, version=9          ".utf8), fileIdentity: "x")
            Issue.record("version 9 was read")
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.description.contains("version 9"))
        }
        var tooMany = Data("reMarkable .lines file, version=5          ".utf8)
        tooMany.append(contentsOf: [0xff, 0xff, 0xff, 0x7f])
        #expect(throws: NotebookError.self) { try Remarkable.read(tooMany, fileIdentity: "x") }
        let v5 = try Data(contentsOf: url("v5.rm"))
        do {
            _ = try Remarkable.read(v5, fileIdentity: "x", limits: InkNotebook.Limits(maximumPoints: 5))
            Issue.record("the point limit was not applied")
        } catch {
            #expect(error.kind == .tooLarge)
        }
    }

    /// Cut short at every length and with bytes flipped: a typed error or pages, never a trap,
    /// never a point that is not finite.
    @Test(arguments: ["v3.rm", "v5.rm", "v6.rm", "notebook.rmdoc"])
    func damagedFilesNeverCrash(name: String) throws {
        let data = try Data(contentsOf: url(name))
        var variants: [Data] = (0..<data.count).map { data.prefix($0) }
        for i in stride(from: 0, to: data.count, by: 3) {
            var flipped = data
            flipped[i] ^= 0xa5
            variants.append(flipped)
        }
        for variant in variants {
            guard let notebook = try? Remarkable.read(variant, fileIdentity: "x") else { continue }
            for stroke in notebook.pages.flatMap(\.drawing.strokes) {
                #expect(stroke.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite })
            }
        }
    }

    @Test func crdtSequencesOrderByNeighboursAndSurviveCycles() {
        typealias ID = RemarkableTaggedReader.CrdtID
        func id(_ n: UInt64) -> ID { ID(part1: 1, part2: n) }
        // c was inserted between a and b; b after a.
        let items: [CrdtSequenceOrder.Item<String>] = [
            .init(id: id(1), left: .end, right: .end, value: "a"),
            .init(id: id(2), left: id(1), right: .end, value: "b"),
            .init(id: id(3), left: id(1), right: id(2), value: "c"),
        ]
        #expect(CrdtSequenceOrder.order(items) == ["a", "c", "b"])
        let cycle: [CrdtSequenceOrder.Item<String>] = [
            .init(id: id(1), left: id(2), right: .end, value: "x"),
            .init(id: id(2), left: id(1), right: .end, value: "y"),
        ]
        #expect(CrdtSequenceOrder.order(cycle).sorted() == ["x", "y"])
    }
}
