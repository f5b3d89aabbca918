import Foundation
import Testing
@testable import InkCore

/// The fixtures are hand-made by `Fixtures/PDF/make_fixtures.py`, which also writes
/// `expected.json`: each page's strokes' point counts as the files state them. Other cases are
/// small PDFs built here (`makePDF`).
@Suite struct PDFInkTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/PDF")

    private static let expected: [String: [[Int]]?] = {
        let data = (try? Data(contentsOf: folder.appendingPathComponent("expected.json"))) ?? Data()
        return (try? JSONDecoder().decode([String: [[Int]]?].self, from: data)) ?? [:]
    }()

    private static let readable = ["classic.pdf", "compressed.pdf", "incremental.pdf", "fifty-pages.pdf", "broken-xref.pdf", "hybrid.pdf"]

    private func url(_ name: String) -> URL { Self.folder.appendingPathComponent(name) }
    private func fixture(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    // MARK: What the fixtures hold

    /// Every readable fixture gives every page, each with the strokes the generator wrote.
    @Test(arguments: readable)
    func pointCountsMatchTheGenerator(name: String) throws {
        let expected = try #require(Self.expected[name] ?? nil, "expected.json has no \(name): rerun make_fixtures.py")
        let notebook = try PDFInk.read(contentsOf: url(name), fileIdentity: name)
        #expect(notebook.format == .pdf)
        #expect(notebook.pages.map(\.number) == Array(1...expected.count))
        #expect(notebook.pages.map { $0.drawing.strokes.map(\.points.count) } == expected)
        #expect(notebook.pages.map(\.id) == (1...expected.count).map { DrawingFile.pageID(fileIdentity: name, pageNumber: $0) })
        #expect(notebook.contentHash == Xournal.contentHash(of: try fixture(name)))
        #expect(notebook.fileIdentity == name)
        for page in notebook.pages {
            #expect(page.highlighterStrokes == 0)
            #expect(page.drawing.strokes.allSatisfy { $0.ink.tool == .pen })
            #expect(Set(page.drawing.strokes.map(\.id)).count == page.drawing.strokes.count)
        }
    }

    @Test func classicFileGivesPagesSizesInkAndText() throws {
        let notebook = try PDFInk.read(fixture("classic.pdf"), fileIdentity: "classic.pdf")
        #expect(notebook.formatVersion == "1.4")
        #expect(notebook.title == "Ink fixture")
        #expect(notebook.warnings.isEmpty)
        let (first, second) = (notebook.pages[0], notebook.pages[1])
        // Page 1 inherits its media box; page 2's crop box wins over its media box.
        #expect(first.width == 612 && first.height == 792)
        #expect(second.width == 575 && second.height == 802)

        // Annotation A: three paths, red at half opacity, /BS /W 2.5.
        let a = first.drawing.strokes[0]
        #expect(a.ink == Ink(tool: .pen, color: Ink.Color(red: 255, green: 0, blue: 0, alpha: 128), width: 2.5))
        // (100, 700) in user space is 92 points below the top of a 792-point page.
        #expect(a.points.map(\.location) == [CGPoint(x: 100, y: 92), CGPoint(x: 110, y: 87), CGPoint(x: 120, y: 80)])
        #expect(first.drawing.strokes[1].points.map(\.location) == [CGPoint(x: 130, y: 92), CGPoint(x: 140.5, y: 101.75)])
        #expect(first.drawing.strokes[1].ink == a.ink && first.drawing.strokes[2].ink == a.ink)
        // Annotation B: blue, its width from /Border.
        let b = first.drawing.strokes[3]
        #expect(b.ink == Ink(tool: .pen, color: Ink.Color(red: 0, green: 0, blue: 255), width: 1.5))
        #expect(b.points.first?.location == CGPoint(x: 50, y: 742))
        #expect(b.points.last?.location == CGPoint(x: 90, y: 692))
        #expect(first.skipped.isEmpty)  // the link is ignored silently
        #expect(first.texts.isEmpty)

        #expect(second.drawing.strokes.isEmpty)
        #expect(second.skipped == ["highlight": 1, "text": 1, "note": 1, "hidden": 1])
        // Escapes undone in the literal string (\( \) and octal \041); UTF-16BE in the hex one.
        #expect(second.texts == ["Typed note (page 2)!", "Hi \u{e9}"])
        #expect(second.drawing.annotations == [InkNotebook.textKey: "Typed note (page 2)!", "\(InkNotebook.textKey)#2": "Hi \u{e9}"])
    }

    @Test func objectAndCrossReferenceStreamsWithAPNGPredictor() throws {
        let notebook = try PDFInk.read(fixture("compressed.pdf"), fileIdentity: "compressed.pdf")
        #expect(notebook.formatVersion == "1.5")
        #expect(notebook.warnings.isEmpty)
        #expect(notebook.pages.map(\.width) == [300, 300] && notebook.pages.map(\.height) == [400, 400])
        let strokes = notebook.pages[0].drawing.strokes
        // CMYK (0 0 0 1) is black; no /BS or /Border: width 1.
        #expect(strokes.allSatisfy { $0.ink == Ink(tool: .pen, color: .black, width: 1) })
        #expect(strokes[0].points.map(\.location) == [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 30), CGPoint(x: 40, y: 40)])
        #expect(strokes[1].points.map(\.location) == [CGPoint(x: 50, y: 350), CGPoint(x: 60, y: 360)])
        #expect(notebook.pages[1].drawing.strokes.isEmpty && notebook.pages[1].skipped.isEmpty)
    }

    @Test func hybridFileFindsWhatOnlyItsStreamLists() throws {
        let notebook = try PDFInk.read(fixture("hybrid.pdf"), fileIdentity: "hybrid.pdf")
        #expect(notebook.warnings.isEmpty)
        #expect(notebook.pages[0].drawing.strokes.map(\.points.count) == [3])
        #expect(notebook.pages[0].drawing.strokes[0].points[0].location == CGPoint(x: 10, y: 90))
    }

    // MARK: Incremental updates and identity

    @Test func incrementalUpdateAddsAndDeletesAndKeepsIDs() throws {
        let before = try PDFInk.read(fixture("classic.pdf"), fileIdentity: "notes/doc.pdf")
        let after = try PDFInk.read(fixture("incremental.pdf"), fileIdentity: "notes/doc.pdf")
        #expect(after.warnings.isEmpty)
        #expect(after.pages.map(\.id) == before.pages.map(\.id))
        // Annotation 6 is freed by the update although page 1 still lists it.
        let kept = before.pages[0].drawing.strokes.prefix(3)
        #expect(after.pages[0].drawing.strokes == Array(kept))
        #expect(!after.pages[0].drawing.strokes.contains { $0.id == before.pages[0].drawing.strokes[3].id })
        // Page 2 comes from the newer revision: the added annotation, in the crop box's frame.
        let added = try #require(after.pages[1].drawing.strokes.first)
        #expect(added.points.map(\.location) == [CGPoint(x: 190, y: 422), CGPoint(x: 200, y: 412), CGPoint(x: 210, y: 402)])
        #expect(added.ink == Ink(tool: .pen, color: Ink.Color(red: 51, green: 51, blue: 51), width: 1))
        #expect(after.pages[1].skipped == before.pages[1].skipped)
        #expect(after.contentHash != before.contentHash)
    }

    @Test func idsAreStableAcrossReads() throws {
        for name in Self.readable {
            let data = try fixture(name)
            let one = try PDFInk.read(data, fileIdentity: "same")
            let two = try PDFInk.read(data, fileIdentity: "same")
            #expect(one == two, "\(name)")
            let other = try PDFInk.read(data, fileIdentity: "other")
            #expect(Set(one.pages.flatMap(\.drawing.strokes).map(\.id)).isDisjoint(with: other.pages.flatMap(\.drawing.strokes).map(\.id)))
        }
    }

    @Test func annotationsWithoutNameOrNumberGetIDsFromTheirPoints() throws {
        // Two direct (not indirect) annotation dictionaries with the same points, and two
        // annotations sharing one /NM: every stroke still has its own id.
        let twin = "<< /Subtype /Ink /InkList [[1 2 3 4]] >>"
        let data = makePDF(annotations: [twin, twin, "5 0 R", "6 0 R"], objects: [
            (5, "<< /Subtype /Ink /NM (same) /InkList [[9 9 8 8]] >>"),
            (6, "<< /Subtype /Ink /NM (same) /InkList [[7 7 6 6]] >>"),
        ])
        let strokes = try PDFInk.read(data, fileIdentity: "t").pages[0].drawing.strokes
        #expect(strokes.count == 4 && Set(strokes.map(\.id)).count == 4)
        #expect(try PDFInk.read(data, fileIdentity: "t").pages[0].drawing.strokes.map(\.id) == strokes.map(\.id))
    }

    // MARK: Damaged structure

    @Test func brokenStartxrefIsRebuiltByScanning() throws {
        let notebook = try PDFInk.read(fixture("broken-xref.pdf"), fileIdentity: "classic.pdf")
        let classic = try PDFInk.read(fixture("classic.pdf"), fileIdentity: "classic.pdf")
        #expect(notebook.pages == classic.pages)
        #expect(notebook.title == classic.title)
        #expect(notebook.warnings.count == 1)
        #expect(notebook.warnings.first?.contains("objects were found by scanning the file") == true)
    }

    @Test func wrongOffsetsAreFoundByScanning() throws {
        // Bytes inserted after the header shift every object; the table still gives the old
        // offsets (startxref is corrected, so only the entries are wrong).
        var bytes = [UInt8](try fixture("classic.pdf"))
        let padding = Array("% inserted by an editor\n".utf8)
        bytes.insert(contentsOf: padding, at: Array("%PDF-1.4\n".utf8).count)
        let keyword = try #require(lastRange(of: Array("startxref\n".utf8), in: bytes))
        let numberEnd = try #require(bytes[keyword.upperBound...].firstIndex(of: 0x0a))
        let old = try #require(Int(String(decoding: bytes[keyword.upperBound..<numberEnd], as: UTF8.self)))
        bytes.replaceSubrange(keyword.upperBound..<numberEnd, with: Array(String(old + padding.count).utf8))
        let notebook = try PDFInk.read(Data(bytes), fileIdentity: "classic.pdf")
        let classic = try PDFInk.read(fixture("classic.pdf"), fileIdentity: "classic.pdf")
        #expect(notebook.pages == classic.pages)
        #expect(notebook.warnings == ["some cross-reference offsets are wrong; those objects were found by scanning the file"])
    }

    @Test func missingCrossReferenceAndTrailerUseTheCatalog() throws {
        // No xref, no trailer, no startxref: the catalog is found by its /Type.
        let body = """
        %PDF-1.3
        1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [3 0 R] >> endobj
        3 0 obj << /Type /Page /MediaBox [0 0 100 100] /Annots [4 0 R] >> endobj
        4 0 obj << /Subtype /Ink /InkList [[10 10 20 20]] >> endobj
        """
        let notebook = try PDFInk.read(Data(body.utf8), fileIdentity: "t")
        #expect(notebook.pages.map { $0.drawing.strokes.map(\.points.count) } == [[2]])
        #expect(notebook.warnings.count == 1)
    }

    @Test func pageTreeLoopsAndPrevLoopsAreCut() throws {
        // /Kids names the /Pages node itself and page 3 twice.
        let data = makePDF(pages: "<< /Type /Pages /Kids [3 0 R 2 0 R 3 0 R] >>", annotations: [])
        let notebook = try PDFInk.read(data, fileIdentity: "t")
        #expect(notebook.pages.count == 1)
        #expect(notebook.warnings.contains { $0.contains("reached twice") })

        // A trailer whose /Prev names its own table.
        var text = String(decoding: makePDF(annotations: ["<< /Subtype /Ink /InkList [[1 1 2 2]] >>"]), as: UTF8.self)
        let keyword = try #require(text.range(of: "startxref\n", options: .backwards))
        let offset = text[keyword.upperBound...].prefix { $0 != "\n" }
        text = text.replacingOccurrences(of: "/Root 1 0 R", with: "/Root 1 0 R /Prev \(offset)")
        let looped = try PDFInk.read(Data(text.utf8), fileIdentity: "t")
        #expect(looped.pages[0].drawing.strokes.count == 1)
        #expect(looped.warnings.contains { $0.contains("loop") })
    }

    @Test func streamLengthThatNamesItsOwnObjectFallsBackToEndstream() throws {
        // An annotation that is (oddly) a stream whose /Length refers to itself, and another
        // whose /Length is wrong.
        let data = makePDF(annotations: ["4 0 R", "5 0 R"], objects: [
            (4, "<< /Subtype /Ink /InkList [[1 1 2 2]] /Length 4 0 R >>\nstream\nabc\nendstream"),
            (5, "<< /Subtype /Ink /InkList [[3 3 4 4 5 5]] /Length 9999 >>\nstream\nabc\nendstream"),
        ])
        let notebook = try PDFInk.read(data, fileIdentity: "t")
        #expect(notebook.pages[0].drawing.strokes.map(\.points.count) == [2, 3])
    }

    // MARK: Ink values

    @Test func nonFiniteAbsurdAndOddPathsAreHandled() throws {
        let huge = String(repeating: "9", count: 400)  // parses to infinity
        let data = makePDF(annotations: ["<< /Subtype /Ink /InkList [[1 2 3 4] [\(huge) 5 6 7] [1 2 2000000 3] [1 2 3] [] [(x) 1]] >>"])
        let notebook = try PDFInk.read(data, fileIdentity: "t")
        let page = notebook.pages[0]
        #expect(page.drawing.strokes.map(\.points.count) == [2, 1])
        #expect(page.skipped == ["damaged stroke": 3, "empty stroke": 1])
        #expect(notebook.warnings.contains { $0.contains("not a finite number") })
        #expect(notebook.warnings.contains { $0.contains("odd count") })
        #expect(page.drawing.strokes.allSatisfy { $0.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite } })
    }

    @Test func coloursWidthsAndFlags() throws {
        let data = makePDF(annotations: [
            "<< /Subtype /Ink /C [0.5] /InkList [[1 1]] >>",                       // gray
            "<< /Subtype /Ink /C [] /CA 0.25 /InkList [[1 1]] >>",                  // transparent: black
            "<< /Subtype /Ink /C [0 1 0 0] /BS << /W 4 >> /Border [0 0 9] /InkList [[1 1]] >>",  // CMYK magenta; /BS wins
            "<< /Subtype /Ink /C [1 2] /BS << /W -3 >> /InkList [[1 1]] >>",        // two components; bad width
            "<< /Subtype /Ink /F 32 /InkList [[1 1]] >>",                           // NoView is not hidden
            "<< /Subtype /Ink /F 2 /InkList [[1 1]] >>",                            // hidden
            "<< /Subtype /Widget >>", "<< /Subtype /Popup >>",
            "<< /Subtype /Square >>", "<< /Subtype /PolyLine >>", "<< /Subtype /StrikeOut >>", "<< /Type /Annot >>",
            "null", "(not a dictionary)",
        ])
        let notebook = try PDFInk.read(data, fileIdentity: "t")
        let page = notebook.pages[0]
        #expect(page.drawing.strokes.map(\.ink) == [
            Ink(tool: .pen, color: Ink.Color(red: 128, green: 128, blue: 128), width: 1),
            Ink(tool: .pen, color: Ink.Color(red: 0, green: 0, blue: 0, alpha: 64), width: 1),
            Ink(tool: .pen, color: Ink.Color(red: 255, green: 0, blue: 255), width: 4),
            Ink(tool: .pen, color: .black, width: 1),
            Ink(tool: .pen, color: .black, width: 1),
        ])
        #expect(page.skipped == ["hidden": 1, "shape": 2, "strikeout": 1, "unknown": 1])
        #expect(notebook.warnings.contains { $0.contains("2 components") })
        #expect(notebook.warnings.contains { $0.contains("/StrikeOut") })
    }

    @Test func rotationMissingBoxesAndInheritance() throws {
        let data = makePDF(pages: "<< /Type /Pages /Kids [3 0 R 5 0 R] /Rotate 90 >>", page: "<< /Type /Page /Parent 2 0 R /Annots [4 0 R] >>",
                           annotations: [], objects: [
                               (4, "<< /Subtype /Ink /InkList [[10 20 30 40]] >>"),
                               (5, "<< /Type /Page /MediaBox [100 200 300 0] /Rotate 0 >>"),
                           ])
        let notebook = try PDFInk.read(data, fileIdentity: "t")
        // Page 1: no media box anywhere, so US Letter; its /Rotate 90 is inherited, and the page
        // is read as shown: landscape, the point (10, 772) of the upright page turned with it.
        #expect(notebook.pages[0].width == 792 && notebook.pages[0].height == 612)
        #expect(notebook.pages[0].drawing.strokes[0].points[0].location == CGPoint(x: 20, y: 10))
        // Page 2: corners given in any order are normalized.
        #expect(notebook.pages[1].width == 200 && notebook.pages[1].height == 200)
        #expect(notebook.warnings.contains { $0.contains("US Letter") })
        #expect(!notebook.warnings.contains { $0.contains("/Rotate") })
    }

    @Test func rotatedPagesAreReadAsShown() throws {
        // A stroke along the top of an upright 200 × 100 page, left to right: shown turned, it
        // runs down the right edge (90), along the bottom right to left (180), or up the left
        // edge (270).
        let expected: [Int: (size: CGSize, first: CGPoint, last: CGPoint)] = [
            0: (CGSize(width: 200, height: 100), CGPoint(x: 10, y: 10), CGPoint(x: 190, y: 10)),
            90: (CGSize(width: 100, height: 200), CGPoint(x: 90, y: 10), CGPoint(x: 90, y: 190)),
            180: (CGSize(width: 200, height: 100), CGPoint(x: 190, y: 90), CGPoint(x: 10, y: 90)),
            270: (CGSize(width: 100, height: 200), CGPoint(x: 10, y: 190), CGPoint(x: 10, y: 10)),
        ]
        for (degrees, want) in expected {
            let data = makePDF(pages: "<< /Type /Pages /Kids [3 0 R] >>",
                               page: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Rotate \(degrees) /Annots [4 0 R] >>",
                               annotations: [], objects: [(4, "<< /Subtype /Ink /InkList [[10 90 190 90]] >>")])
            let page = try PDFInk.read(data, fileIdentity: "r").pages[0]
            #expect(CGSize(width: page.width, height: page.height) == want.size, "\(degrees)°")
            let points = page.drawing.strokes[0].points.map(\.location)
            #expect(points.first == want.first && points.last == want.last, "\(degrees)°: \(points)")
        }
    }

    // MARK: Errors and limits

    @Test func encryptedFilesAreRefused() throws {
        #expect(failure(try fixture("encrypted.pdf"))?.kind == .encrypted)
        // Also where only the scan finds the trailer.
        var bytes = [UInt8](try fixture("encrypted.pdf"))
        let keyword = try #require(lastRange(of: Array("startxref".utf8), in: bytes))
        bytes[keyword.upperBound - 1] = UInt8(ascii: "x")
        #expect(failure(Data(bytes))?.kind == .encrypted)
    }

    @Test func notAPDFAndUnreadableFiles() throws {
        #expect(failure(Data())?.kind == .notThisFormat)
        #expect(failure(Data("hello, world".utf8))?.kind == .notThisFormat)
        #expect(PDFInk.isPDF(Data([UInt8](repeating: 0x20, count: 500) + Array("%PDF-1.7".utf8))))
        #expect(!PDFInk.isPDF(Data([UInt8](repeating: 0x20, count: 1100) + Array("%PDF-1.7".utf8))))
        #expect(PDFInk.isPDF(try fixture("classic.pdf")))
        #expect(failure(Data("%PDF-1.7\n".utf8))?.kind == .damaged)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString).pdf")
        #expect(throws: NotebookError.self) { try PDFInk.read(contentsOf: missing) }
        do { _ = try PDFInk.read(contentsOf: missing) } catch { #expect(error.kind == .cannotRead) }
        // Without an identity, the standardized path is the identity.
        #expect(try PDFInk.read(contentsOf: url("classic.pdf")).fileIdentity == url("classic.pdf").standardizedFileURL.path)
    }

    @Test func unsupportedFiltersAndDamagedObjectStreams() throws {
        let data = try fixture("compressed.pdf")
        var bytes = [UInt8](data)
        // The cross-reference stream's filter (its last /FlateDecode), same length: unsupported.
        let flate = Array("/FlateDecode".utf8), lzw = Array("/LZWDecode  ".utf8)
        let last = try #require(lastRange(of: flate, in: bytes))
        bytes.replaceSubrange(last, with: lzw)
        #expect(failure(Data(bytes))?.kind == .unsupported)
        // The object stream's filter: its objects cannot be read, and with them the catalog.
        var objectStream = [UInt8](data)
        let first = try #require(firstRange(of: flate, in: objectStream))
        objectStream.replaceSubrange(first, with: lzw)
        #expect(failure(Data(objectStream))?.kind == .damaged)
    }

    @Test func limitsBoundBytesPagesPointsAndNesting() throws {
        let classic = try fixture("classic.pdf")
        #expect(failure(classic, limits: InkNotebook.Limits(maximumBytes: 100))?.kind == .tooLarge)
        #expect(failure(classic, limits: InkNotebook.Limits(maximumPages: 1))?.kind == .tooLarge)
        #expect(failure(classic, limits: InkNotebook.Limits(maximumPoints: 13))?.kind == .tooLarge)
        #expect(failure(classic, limits: InkNotebook.Limits(maximumPoints: 14)) == nil)
        #expect(failure(classic, limits: InkNotebook.Limits(maximumDepth: 2))?.kind == .tooLarge)
        // What a stream inflates to is bounded too: a zlib stream of one stored block of 200 bytes.
        let payload = [UInt8](repeating: 7, count: 200)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in payload { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 200, 0, ~200, 0xff] + payload
            + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff)]
        let stream = PDFStream(dictionary: PDFDictionary(entries: ["Filter": .name("FlateDecode")]), data: 0..<zlib.count)
        #expect(try PDFFilters.decode(stream, in: zlib, limit: 200) == payload)
        #expect(throws: NotebookError(.pdf, .tooLarge, "a stream decodes to more than 199 bytes")) {
            try PDFFilters.decode(stream, in: zlib, limit: 199)
        }
        let deep = makePDF(annotations: ["<< /Subtype /Ink /InkList " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + " >>"])
        #expect(failure(deep)?.kind == .tooLarge)
    }

    /// Truncated and garbled copies of every fixture: a notebook with finite points or a
    /// `NotebookError`, never a crash.
    @Test(arguments: readable + ["encrypted.pdf"])
    func damagedCopiesReadOrThrowButNeverCrash(name: String) throws {
        let data = [UInt8](try fixture(name))
        var variants: [[UInt8]] = []
        let cuts = name == "fifty-pages.pdf" ? 40 : 150
        for index in 0..<cuts { variants.append(Array(data.prefix(data.count * index / cuts))) }
        for cut in 1..<min(48, data.count) { variants.append(Array(data.dropLast(cut))) }
        var seed: UInt64 = 0x9e37_79b9_7f4a_7c15
        func random(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let flips = name == "fifty-pages.pdf" ? 40 : 300
        let replacements: [UInt8] = Array("0 9()<>[]/%\n\r-.RE".utf8) + [0x00, 0xff]
        for _ in 0..<flips {
            var copy = data
            for _ in 0...random(3) {
                let index = random(copy.count)
                copy[index] = random(2) == 0 ? copy[index] ^ UInt8(1 << random(8)) : replacements[random(replacements.count)]
            }
            variants.append(copy)
        }
        var read = 0, refused = 0
        for variant in variants {
            do {
                let notebook = try PDFInk.read(Data(variant), fileIdentity: "damaged")
                read += 1
                for page in notebook.pages {
                    #expect(page.width.isFinite && page.height.isFinite)
                    #expect(page.drawing.strokes.allSatisfy { $0.points.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite } })
                }
            } catch {
                refused += 1
            }
        }
        #expect(read + refused == variants.count)
        if name != "encrypted.pdf" { #expect(read > 0) }
    }

    // MARK: Syntax

    @Test func lexerReadsStringsNamesAndNumbers() throws {
        func object(_ text: String) throws -> PDFObject {
            var parser = PDFParser(bytes: Array(text.utf8), maximumDepth: 16)
            return try parser.parseObject()
        }
        #expect(try object(#"(a\(b\)c\n\101\7\0613 (nested) \"#  + "\n" + "x)").stringBytes == Array("a(b)c\nA\u{7}13 (nested) x".utf8))
        #expect(try object("(line\r\nbreak)").stringBytes == Array("line\nbreak".utf8))
        #expect(try object("<41 42\n4>").stringBytes == [0x41, 0x42, 0x40])
        #expect(try object("/A#20B#").name == "A B#")
        #expect(try object("-.5").number == -0.5)
        #expect(try object("+3").integer == 3)
        #expect(try object("4.").number == 4)
        #expect(try object("0.1").number == 0.1)
        #expect(try object("12345678901234567890").number == 1.2345678901234567e19)
        #expect(try object("12 0 R").reference == PDFReference(number: 12, generation: 0))
        #expect(try object("[1 2 3]").array?.compactMap(\.integer) == [1, 2, 3])
        #expect(try object("[1 2 R 3]").array?.count == 2)
        let dictionary = try #require(try object("<< /A 1 % comment\n /B [true false null] /C null /D << /E /F >> 7 /G >>").dictionary)
        #expect(dictionary["A"]?.integer == 1 && dictionary["B"]?.array?.count == 3)
        #expect(dictionary["C"] == nil)  // a null value is no entry
        #expect(dictionary["D"]?.dictionary?.name("E") == "F")
        #expect(dictionary["G"] == nil)
        #expect(throws: NotebookError.self) { try object("(unclosed") }
        #expect(throws: NotebookError.self) { try object("[1 2") }
        #expect(throws: NotebookError.self) { try object("]") }
    }

    @Test func textStringsDecodeTheirEncodings() {
        #expect(PDFText.decode([0xfe, 0xff, 0x00, 0x41, 0xd8, 0x3d, 0xde, 0x00]) == "A\u{1F600}")
        #expect(PDFText.decode([0xef, 0xbb, 0xbf] + Array("é".utf8)) == "é")
        #expect(PDFText.decode([0x80, 0x84, 0x92, 0xa0, 0x18, 0xe9]) == "\u{2022}\u{2014}\u{2122}\u{20ac}\u{02d8}\u{e9}")
    }

    @Test func pngPredictorsUndoEveryRowFilter() throws {
        // Two rows of three bytes: Sub, Up, Average and Paeth against known output.
        let parameters = PDFDictionary(entries: ["Predictor": .integer(12), "Columns": .integer(3)])
        #expect(try PDFFilters.unpredict([1, 1, 2, 3, 2, 1, 1, 1], parameters: parameters) == [1, 3, 6, 2, 4, 7])
        #expect(try PDFFilters.unpredict([0, 10, 20, 30, 3, 5, 5, 5], parameters: parameters) == [10, 20, 30, 10, 20, 30])
        #expect(try PDFFilters.unpredict([0, 10, 20, 30, 4, 1, 1, 1], parameters: parameters) == [10, 20, 30, 11, 21, 31])
        #expect(throws: NotebookError.self) { try PDFFilters.unpredict([9, 1, 1, 1], parameters: parameters) }
    }

    // MARK: Speed

    /// The 50-page fixture (250 ink annotations' strokes, 6 000 points) reads well under a second.
    @Test func fiftyPagesReadQuickly() throws {
        let data = try fixture("fifty-pages.pdf")
        _ = try PDFInk.read(data, fileIdentity: "warm-up")
        let rounds = 10
        let start = Date()
        for round in 0..<rounds { _ = try PDFInk.read(data, fileIdentity: "speed \(round)") }
        let seconds = Date().timeIntervalSince(start) / Double(rounds)
        print("PDFInk: fifty-pages.pdf (\(data.count) bytes) read in \(String(format: "%.1f", seconds * 1000)) ms")
        #expect(seconds < 1)
    }
}

// MARK: Helpers

private func failure(_ data: Data, limits: InkNotebook.Limits = InkNotebook.Limits()) -> NotebookError? {
    do { _ = try PDFInk.read(data, fileIdentity: "test", limits: limits); return nil } catch { return error }
}

/// A one-page PDF with a classic table: catalog 1, pages 2, page 3 (a 200 × 100 media box)
/// whose /Annots lists `annotations` verbatim, and further numbered objects.
private func makePDF(pages: String = "<< /Type /Pages /Kids [3 0 R] >>",
                     page: String? = nil, annotations: [String], objects: [(Int, String)] = []) -> Data {
    let pageBody = page ?? "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Annots [\(annotations.joined(separator: " "))] >>"
    let all = [(1, "<< /Type /Catalog /Pages 2 0 R >>"), (2, pages), (3, pageBody)] + objects
    var text = "%PDF-1.7\n"
    var offsets: [Int: Int] = [:]
    for (number, body) in all {
        offsets[number] = text.utf8.count
        text += "\(number) 0 obj\n\(body)\nendobj\n"
    }
    let size = (offsets.keys.max() ?? 0) + 1
    let table = text.utf8.count
    text += "xref\n0 \(size)\n"
    for number in 0..<size {
        let offset = offsets[number].map { String($0) } ?? "0"
        text += String(repeating: "0", count: 10 - offset.count) + offset + (offsets[number] == nil ? " 65535 f\r\n" : " 00000 n\r\n")
    }
    text += "trailer\n<< /Size \(size) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
    return Data(text.utf8)
}

private func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard let start = PDFBytes.firstIndex(of: needle, in: haystack, from: 0) else { return nil }
    return start..<(start + needle.count)
}

private func lastRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard let start = PDFBytes.lastIndex(of: needle, in: haystack, before: haystack.count) else { return nil }
    return start..<(start + needle.count)
}
