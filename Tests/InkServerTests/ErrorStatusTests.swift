import Foundation
import InkIndex
import InkServer
import InkTools
import Testing

/// Every failure is `{error, detail}` JSON with its status, and changes nothing stored.
@Suite("Error statuses")
struct ErrorStatusTests {
    private func expectError(_ answer: HTTPAnswer, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.header("content-type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let error = try answer.json(WireError.self)
        #expect(error.error == code, sourceLocation: sourceLocation)
        #expect(!error.detail.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func malformedJSONAndInkMLAre400AndStoreNothing() async throws {
        try await withServer { server in
            let id = try await server.create(transcribedPage(["kept as it was"]), title: "kept")
            let before = try await server.library().drawingBytes(id: id)
            let bodies: [(String, String)] = [
                ("{\"title\": \"x\", \"strokes\": [", "application/json"),
                ("not json at all", "application/json"),
                ("{\"title\": \"x\"}", "application/json"),
                ("{\"strokes\": [{\"id\": \"not-a-uuid\", \"points\": [[1, 2]]}]}", "application/json"),
                ("{\"strokes\": [{\"points\": [[1]]}]}", "application/json"),
                ("{\"strokes\": [{\"points\": [[1, 2, 3, 4, 5]]}]}", "application/json"),
                ("{\"strokes\": [{\"points\": [[\"a\", 2]]}]}", "application/json"),
                ("", "application/json"),
                ("<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>1 2, 3", "application/inkml+xml"),
                ("<notink/>", "application/inkml+xml"),
            ]
            for (body, type) in bodies {
                for (method, path) in [("POST", "/api/notes"), ("PUT", "/api/notes/\(id)"), ("POST", "/api/recognize")] {
                    let answer = try await server.send(method, path, json: Data(body.utf8), headers: [("content-type", type)])
                    try expectError(answer, 400, "bad_request")
                }
            }
            let sameID = UUID().uuidString
            let twice = "{\"strokes\": [{\"id\": \"\(sameID)\", \"points\": [[1, 2]]}, {\"id\": \"\(sameID)\", \"points\": [[3, 4]]}]}"
            try expectError(try await server.send("POST", "/api/notes", json: Data(twice.utf8)), 400, "bad_request")

            let library = try server.library()
            #expect(try await library.notes().map(\.id) == [id])
            #expect(try await library.drawingBytes(id: id) == before)
            #expect(try await library.note(id: id).title == "kept")
        }
    }

    @Test func badQueryValuesAre400() async throws {
        try await withServer { server in
            for path in ["/api/search", "/api/search?q=a&fullWords=maybe", "/api/search?q=a&case=2",
                         "/api/search?q=a&limit=0", "/api/search?q=a&limit=ten", "/api/search?q=a&limit=100000",
                         "/api/notes?limit=-1", "/api/search?q=%ZZ", "/api/notes/x.svg?highlight=a&fullWords=nope"] {
                let answer = try await server.get(path)
                if path.contains("x.svg") {
                    try expectError(answer, 404, "not_found")  // the note is looked for first
                } else {
                    try expectError(answer, 400, "bad_request")
                }
            }
            #expect(try await server.get("/api/search?q=a&fullWords=true&case=false&limit=5").status == 200)
            let page = strokesJSON(transcribedPage(["gracia"]))
            try expectError(try await server.send("POST", "/api/recognize?languages=es,xx", json: page), 400, "bad_request")
            // A recognizer that cannot switch languages reads with its own.
            #expect(try await server.send("POST", "/api/recognize?languages=es", json: page).status == 200)
        }
    }

    @Test func unknownPathsAndNotesAre404() async throws {
        try await withServer { server in
            for path in ["/api", "/api/nothing", "/api/notes/a/b", "/favicon.ico", "/static", "/static/nothing.js"] {
                try expectError(try await server.get(path), 404, "not_found")
            }
            try expectError(try await server.get("/api/notes/missing"), 404, "not_found")
            try expectError(try await server.send("PUT", "/api/notes/missing", json: noteJSON(transcribedPage(["a"]))), 404, "not_found")
            try expectError(try await server.send("DELETE", "/api/notes/missing"), 404, "not_found")
            #expect(try await server.library().notes().isEmpty, "a PUT of a missing note does not create it")
        }
    }

    @Test func wrongMethodsAre405WithAllow() async throws {
        try await withServer { server in
            let cases: [(String, String, String)] = [
                ("GET", "/api/recognize", "POST"), ("DELETE", "/api/notes", "GET, POST"), ("POST", "/api/notes/x", "GET, PUT, DELETE"),
                ("POST", "/api/search", "GET"), ("PUT", "/api/health", "GET"), ("POST", "/", "GET"), ("DELETE", "/static/app.js", "GET"),
                ("PATCH", "/api/notes/x.svg", "GET"),
            ]
            for (method, path, allowed) in cases {
                let answer = try await server.send(method, path, json: method == "GET" || method == "DELETE" ? nil : Data("{}".utf8))
                try expectError(answer, 405, "method_not_allowed")
                #expect(answer.header("allow") == allowed, "\(method) \(path)")
            }
        }
    }

    @Test func changesNeedTheTokenWhereOneIsSet() async throws {
        try await withServer(configure: { $0.token = "s3cret" }) { server in
            let drawing = transcribedPage(["secret note"])
            for headers in [[], [("authorization", "Bearer wrong")], [("authorization", "s3cret")], [("authorization", "Bearer s3cre")]] {
                try expectError(try await server.send("POST", "/api/notes", json: noteJSON(drawing), headers: headers), 401, "unauthorized")
            }
            let id = try await server.create(drawing, headers: [("authorization", "Bearer s3cret")])
            try expectError(try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["changed"]))), 401, "unauthorized")
            try expectError(try await server.send("DELETE", "/api/notes/\(id)"), 401, "unauthorized")
            #expect(try await server.library().notes().map(\.id) == [id])
            #expect(try await server.library().drawing(id: id).strokes.map(\.points) == drawing.strokes.map(\.points))
            // Reading and recognizing need it too (SecurityTests); with it they answer.
            let auth = [("authorization", "Bearer s3cret")]
            #expect(try await server.send("GET", "/api/search?q=secret", headers: auth).status == 200)
            #expect(try await server.send("GET", "/api/notes/\(id)", headers: auth).status == 200)
            #expect(try await server.send("POST", "/api/recognize", json: strokesJSON(drawing), headers: auth).status == 200)
            #expect(try await server.send("DELETE", "/api/notes/\(id)", headers: [("authorization", "Bearer s3cret")]).status == 204)
        }
    }

    @Test func pastTheLimitsIs413AndStoresNothing() async throws {
        try await withServer(configure: {
            $0.limits = ServerLimits(maxBodyBytes: 32 << 10, maxStrokesPerNote: 20, maxPointsPerStroke: 50)
        }) { server in
            let id = try await server.create(Drawing(strokes: [Stroke(points: [StrokePoint(x: 1, y: 1)])]), title: "small")
            let tooManyStrokes = Drawing(strokes: (0..<21).map { _ in Stroke(points: [StrokePoint(x: 1, y: 1)]) })
            let tooManyPoints = Drawing(strokes: [Stroke(points: (0..<51).map { StrokePoint(x: Double($0), y: 0) })])
            let tooManyBytes = Drawing(strokes: (0..<20).map { _ in Stroke(points: (0..<50).map { StrokePoint(x: Double($0) * 1.000001, y: 12345.6789, time: 0.123456789) }) })
            #expect(noteJSON(tooManyBytes).count > 32 << 10)
            for drawing in [tooManyStrokes, tooManyPoints, tooManyBytes] {
                for (method, path) in [("POST", "/api/notes"), ("PUT", "/api/notes/\(id)"), ("POST", "/api/recognize")] {
                    try expectError(try await server.send(method, path, json: noteJSON(drawing)), 413, "payload_too_large")
                }
            }
            let inkML = Data(try InkML.write(tooManyStrokes).utf8)
            try expectError(try await server.send("POST", "/api/notes", json: inkML, headers: [("content-type", "application/inkml+xml")]),
                            413, "payload_too_large")
            // A body sent in chunks, without a length, is cut off at the limit too.
            let chunked = try await RawHTTP.exchange(port: server.port, [
                "POST /api/notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
                "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n", "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n",
            ])
            #expect(chunked.text.hasPrefix("HTTP/1.1 413"))
            #expect(chunked.closed)
            #expect(try await server.library().notes().map(\.id) == [id])
            #expect(try await server.library().drawing(id: id).strokes.count == 1)
        }
    }

    @Test func aFailedRecognitionIs500AndStoresNothing() async throws {
        let recognizer = CountingTranscriptRecognizer()
        try await withServer(recognizer: recognizer) { server in
            let id = try await server.create(transcribedPage(["before the failure"]), title: "t")
            let before = try await server.library().drawingBytes(id: id)
            recognizer.fail(true)
            try expectError(try await server.send("POST", "/api/notes", json: noteJSON(transcribedPage(["lost"], id: "n"))), 500, "internal")
            try expectError(try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["changed"]))), 500, "internal")
            try expectError(try await server.send("POST", "/api/recognize", json: strokesJSON(transcribedPage(["x"]))), 500, "internal")
            #expect(try await server.library().notes().map(\.id) == [id])
            #expect(try await server.library().drawingBytes(id: id) == before)
            recognizer.fail(false)
            #expect(try await server.send("PUT", "/api/notes/\(id)", json: noteJSON(transcribedPage(["changed"]))).status == 200)
            #expect(try await server.get("/api/search?q=changed").json(SearchAnswer.self).hits.first?.noteID == id)
        }
    }

    @Test func malformedHTTPIs400AndTheServerGoesOn() async throws {
        try await withServer { server in
            for garbage in ["GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost x\r\n\r\n", "GET /api/health HTTP/9.9\r\n\r\n", "\u{0}\u{1}\u{2}\r\n\r\n"] {
                let answer = try await RawHTTP.exchange(port: server.port, [garbage])
                #expect(answer.text.hasPrefix("HTTP/1.1 400"), "\(garbage.debugDescription): \(answer.text)")
                #expect(answer.text.contains("\"error\":\"bad_request\""))
                #expect(answer.closed)
            }
            #expect(try await server.get("/api/health").status == 200)
        }
    }
}
