import Foundation
@testable import InkCore

/// The seed corpus, made from hand-written drawings (never from the shared data).
enum FuzzSeeds {
    static func drawings() -> [Drawing] {
        let full = StrokePoint(location: CGPoint(x: 0.5, y: -2), time: 0.01, size: CGSize(width: 2, height: 3),
                               opacity: 0.5, force: 1.25, azimuth: 0.3, altitude: 1.2)
        return [
            Drawing(),
            Drawing(strokes: [Stroke(id: UUID(deterministicFrom: "a"), points: [StrokePoint(x: 1, y: 2, time: 0), StrokePoint(x: 3, y: 4, time: 0.01)])]),
            Drawing(strokes: [
                Stroke(id: UUID(deterministicFrom: "b"), points: [full, StrokePoint(x: 7, y: 8)],
                       ink: Ink(tool: .marker, color: Ink.Color(red: 9, green: 8, blue: 7, alpha: 6), width: 1.5),
                       transform: .rotation(0.5), annotations: ["k": "v", InkML.groupKey: "g1/#0"]),
                Stroke(id: UUID(deterministicFrom: "c"), points: []),
            ], annotations: ["title": "seed", "inkml:traceGroup:g1:truth": "hi"]),
        ]
    }

    static let handWrittenInkML = [
        "<ink><trace>1 2, 3 4</trace></ink>",
        "<ink><traceFormat><channel name=\"X\"/><channel name=\"Y\"/><intermittentChannels><channel name=\"F\"/></intermittentChannels></traceFormat><traceGroup xml:id=\"g\"><annotation type=\"t\">x</annotation><trace xml:id=\"t1\">10 20 ?, '1 '1 0.5, \"1\"1 *</trace></traceGroup></ink>",
        "<?xml version=\"1.0\"?><!DOCTYPE ink><ink xmlns=\"http://www.w3.org/2003/InkML\"><definitions><brush xml:id=\"b\"><brushProperty name=\"color\" value=\"#ff0000\"/></brush><context xml:id=\"c\"><traceFormat><channel name=\"X\"/><channel name=\"Y\"/><channel name=\"T\" units=\"ms\"/></traceFormat></context></definitions><trace contextRef=\"#c\" brushRef=\"#b\">1 2 3<![CDATA[, 4 5 6]]></trace></ink>",
    ]

    static let datasetLines = [
        #"{"id": "s1", "writer": "w", "text": "Hi", "strokes": [[[1, 2, 0.0], [3, 4, 0.5]], [[5, 6, null]]]}"#,
        #"{"id": "s2", "writer": null, "text": "", "strokes": []}"#,
        #"{"id": "s3", "text": "x", "strokes": [[[1e3, -2.5]]]}"#,
    ]

    static let scriptureTexts = [
        "John 3:16", "Jn 3.16", "1 Cor 13:4-7", "1Co13:4", "Ps ll9", "Song of Solomon 2:1", "Jude 5", "Romans",
        "see Jn|Jm 3:l6 and Gen 1:1-3, Mt 5.3-12", "Rev 22:21–22", "Is so",
    ]

    static let queries = ["\u{0}grace", "\u{1}Jn 3:16", "\u{2}Job", "\u{3}peace to you", "\u{0}rnodern", "\u{0}Romans", "\u{0}1 l I 0 O", "\u{0}Ps ll9"]

    /// Edit scripts for the library target: none, a truncation, a damaged header and page.
    static let libraryEdits: [[UInt8]] = [
        [0],
        [1, 0x80, 0x00],
        [0, 0, 0, 0, 60, 1, 0, 0, 0x10, 0x40, 0x42],
        [1, 0xF0, 0x00, 0, 0, 0, 100, 0xFF],
    ]

    /// Notebook XML in the shapes Xournal++ and Xournal write (plain XML: the reader takes it as
    /// it takes the gzip and zip forms, and libFuzzer mutates it better uncompressed).
    static let notebooks: [String] = [
        """
        <?xml version="1.0" standalone="no"?><xournal creator="Xournal++ 1.1.3" fileversion="4"><title>t</title>\
        <page width="595.27" height="841.89"><background type="solid" color="#ffffffff" style="lined"/><layer>\
        <stroke tool="pen" ts="1200" color="#000000ff" width="1.41 1.2 1.35">10 20 11.5 21 13 22.5</stroke>\
        <stroke tool="highlighter" color="#ffff0080" width="8.5">5 5 50 5</stroke>\
        <text font="Sans" size="12" x="10" y="20" color="#000000ff">typed</text></layer></page>\
        <page width="100" height="100"><layer><stroke tool="eraser" color="#ffffffff" width="5">1 1 2 2</stroke></layer></page></xournal>
        """,
        """
        <?xml version="1.0"?><xournal version="0.4.8"><page width="612" height="792"><background type="solid" color="white" style="ruled"/>\
        <layer><stroke tool="pen" color="blue" width="1.41">100 100 101 102 103 105 104 109</stroke></layer></page></xournal>
        """,
    ]

    /// Requests as clients send them: every route, the refusals, pipelining, a chunked body.
    static let httpRequests: [String] = {
        let note = #"{"title":"sermon","strokes":[{"points":[[10,10,0],[20,14,0.01],[30,10,0.02]]},{"points":[[40,10,0.1],[44,20,0.12]]}]}"#
        let host = "Host: 127.0.0.1:8080\r\n"
        return [
            "GET / HTTP/1.1\r\n\(host)\r\n",
            "GET /static/app.js HTTP/1.1\r\n\(host)Connection: close\r\n\r\n",
            "GET /api/health HTTP/1.1\r\n\(host)\r\n",
            "GET /api/notes HTTP/1.1\r\n\(host)\r\nGET /api/search?q=note&limit=5 HTTP/1.1\r\n\(host)\r\n",
            "POST /api/notes HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: \(note.utf8.count)\r\n\r\n\(note)",
            "POST /api/recognize?languages=es,en HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: \(note.utf8.count)\r\n\r\n\(note)",
            "PUT /api/notes/abc HTTP/1.1\r\n\(host)Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"tit\r\n0\r\n\r\n",
            "DELETE /api/notes/abc HTTP/1.1\r\n\(host)Origin: http://evil.example\r\n\r\n",
            "GET /api/notes HTTP/1.1\r\nHost: evil.example\r\n\r\n",
            "POST /api/notes HTTP/1.1\r\n\(host)Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}",
            "GET /static/../Package.swift HTTP/1.1\r\n\(host)\r\n",
            "POST /api/notes HTTP/1.1\r\n\(host)Content-Length: 99999999999\r\n\r\n",
            "GARBAGE\r\n\r\n",
        ]
    }()

    /// The HTTP API's strokes bodies: the shapes the one-pass scanner reads, and some it leaves.
    static let strokeBodies = [
        #"{"title": "Sunday", "strokes": [{"id": "0A3E1D8C-1111-4A56-9D38-6E1C9F6B7F01", "points": [[1, 2], [3.5, -4.25, 0.1]], "annotations": {"pen": "blue"}}]}"#,
        #"{"strokes": [{"points": [[1, 2, null, 0.5], [0.001, 123456.5, 0.2, null]]}, {"points": []}]}"#,
        #"{"strokes": [{"points": [[1e3, 2]]}], "id": "né"}"#,
        #"{"strokes": []}"#,
    ]

    static func write(to folder: String) {
        let base = URL(fileURLWithPath: folder)
        func fixtures(_ folder: String, extensions: Set<String>) -> [(String, Data)] {
            let root = URL(fileURLWithPath: "Tests/InkCoreTests/Fixtures").appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
            return walker.compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) }.compactMap { url in
                (try? Data(contentsOf: url)).map { (url.lastPathComponent, $0) }
            }
        }
        func save(_ target: String, _ name: String, _ data: Data) {
            let dir = base.appendingPathComponent(target)
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try? data.write(to: dir.appendingPathComponent(name))
        }
        for (i, drawing) in drawings().enumerated() {
            save("binary", "drawing\(i).ink", BinaryDrawingCodec.encode(drawing))
            if let text = try? InkML.write(drawing) { save("inkml", "drawing\(i).inkml", Data(text.utf8)) }
        }
        for (i, text) in handWrittenInkML.enumerated() { save("inkml", "hand\(i).inkml", Data(text.utf8)) }
        for (i, line) in datasetLines.enumerated() { save("jsonl", "line\(i).json", Data(line.utf8)) }
        for (i, text) in scriptureTexts.enumerated() { save("scripture", "text\(i).txt", Data(text.utf8)) }
        for (i, text) in queries.enumerated() { save("query", "query\(i).txt", Data(text.utf8)) }
        for (i, body) in strokeBodies.enumerated() { save("strokes", "body\(i).json", Data(body.utf8)) }
        for (i, edits) in libraryEdits.enumerated() { save("library", "edits\(i).bin", Data(edits)) }
        for (i, text) in notebooks.enumerated() { save("xournal", "notebook\(i).xml", Data(text.utf8)) }
        // Other apps' notebooks: the readers' own hand-made fixtures (run.sh runs from the
        // package root), shaped as each harness takes its input.
        for (name, data) in fixtures("Remarkable", extensions: ["rm", "rmdoc"]) {
            let version = RemarkablePageContent.headerVersion(data)
            let selector: UInt8 = switch version { case 3: 1; case 5: 2; case 6: 3; default: 0 }
            save("remarkable", name, Data([selector]) + (version == nil ? data : data.dropFirst(RemarkablePageContent.headerLength)))
        }
        for (name, data) in fixtures("Rnote", extensions: ["rnote"]) {
            save("rnote", name, data)
            let json = data.withUnsafeBytes { Inflater.prefix($0, wrapper: .gzip, count: 1 << 20) }
            save("rnote", name + ".json", Data(json))
        }
        for (name, data) in fixtures("Saber", extensions: ["sbn", "sbn2", "sba"]) { save("saber", name, data) }
        for (name, data) in fixtures("PDF", extensions: ["pdf"]) { save("pdf", name, data) }
        for (i, request) in httpRequests.enumerated() {
            // Whole, then the same bytes in fragments of 7 (the harness's first byte).
            save("http", "request\(i).http", Data([0] + Array(request.utf8)))
            save("http", "request\(i)-fragments.http", Data([7] + Array(request.utf8)))
        }
    }
}
