import Foundation
import InkIndex
import InkServer
import InkTools
import Testing

/// Hostile requests, as a web page on another site could send them: refused with the right status
/// and JSON error, and nothing stored changes.
@Suite("Security")
struct SecurityTests {
    private func expectError(_ answer: HTTPAnswer, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.header("content-type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        #expect(try answer.json(WireError.self).error == code, sourceLocation: sourceLocation)
    }

    /// DNS rebinding: a foreign name that resolves to 127.0.0.1 reads nothing.
    @Test func aForeignHostIsRefusedAndLoopbackNamesAreAnswered() async throws {
        try await withServer { server in
            let id = try await server.create(transcribedPage(["grace and peace"]), title: "private")
            for host in ["evil.example", "evil.example:\(server.port)", "127.0.0.1.evil.example", ""] {
                for path in ["/api/notes", "/api/notes/\(id)", "/api/search?q=grace", "/"] {
                    try expectError(try await server.send("GET", path, headers: [("host", host)]), 421, "misdirected")
                }
            }
            for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST", "[::1]:\(server.port)", "127.0.0.2"] {
                #expect(try await server.send("GET", "/api/notes", headers: [("host", host)]).status == 200, "\(host)")
            }
        }
    }

    @Test func anAllowedHostIsAnswered() async throws {
        try await withServer(configure: { $0.allowedHosts = ["notes.example.org"] }) { server in
            #expect(try await server.send("GET", "/api/notes", headers: [("host", "notes.example.org")]).status == 200)
            try expectError(try await server.send("GET", "/api/notes", headers: [("host", "other.example.org")]), 421, "misdirected")
        }
    }

    /// A cross-site "simple" request (text/plain, no preflight) and a write from another origin
    /// store nothing.
    @Test func crossSiteWritesAreRefusedAndStoreNothing() async throws {
        try await withServer { server in
            let body = noteJSON(transcribedPage(["sneaked in"]), title: "forged")
            try expectError(try await server.send("POST", "/api/notes", json: body, headers: [("content-type", "text/plain")]),
                            415, "unsupported_media_type")
            try expectError(try await server.send("POST", "/api/notes", json: body, headers: [("content-type", "application/x-www-form-urlencoded")]),
                            415, "unsupported_media_type")
            try expectError(try await server.send("POST", "/api/notes", json: body, headers: [("origin", "https://evil.example")]),
                            403, "forbidden")
            try expectError(try await server.send("POST", "/api/recognize", json: strokesJSON(transcribedPage(["x"])),
                                                  headers: [("origin", "https://evil.example")]), 403, "forbidden")
            #expect(try await server.library().notes().isEmpty)
            // The server's own page may write.
            let own = try await server.send("POST", "/api/notes", json: body, headers: [("origin", "http://127.0.0.1:\(server.port)")])
            #expect(own.status == 201, "\(own.text)")
            #expect(own.header("access-control-allow-origin") == nil)
        }
    }

    @Test func onlyAllowedOriginsGetCORSHeaders() async throws {
        try await withServer(configure: { $0.allowedOrigins = ["https://app.example.org"] }) { server in
            let preflight = try await server.send("OPTIONS", "/api/notes", headers: [("origin", "https://app.example.org")])
            #expect(preflight.status == 204)
            #expect(preflight.header("access-control-allow-origin") == "https://app.example.org")
            let write = try await server.send("POST", "/api/notes", json: noteJSON(transcribedPage(["hello"])),
                                              headers: [("origin", "https://app.example.org")])
            #expect(write.status == 201)
            #expect(write.header("access-control-allow-origin") == "https://app.example.org")
            let other = try await server.send("GET", "/api/notes", headers: [("origin", "https://evil.example")])
            #expect(other.header("access-control-allow-origin") == nil)
            try expectError(try await server.send("OPTIONS", "/api/notes", headers: [("origin", "https://evil.example")]), 403, "forbidden")
        }
    }

    /// With a token nothing of a library is read without it; the health check says only "ok".
    @Test func withATokenEveryAPIReadNeedsIt() async throws {
        try await withServer(configure: { $0.token = "s3cret" }) { server in
            let auth = [("authorization", "Bearer s3cret")]
            let id = try await server.create(transcribedPage(["grace and peace"]), title: "private", headers: auth)
            for path in ["/api/notes", "/api/notes/\(id)", "/api/search?q=grace", "/api/notes/\(id).svg", "/api/notes/\(id).inkml"] {
                try expectError(try await server.get(path), 401, "unauthorized")
                try expectError(try await server.send("GET", path, headers: [("authorization", "Bearer wrong")]), 401, "unauthorized")
                #expect(try await server.send("GET", path, headers: auth).status == 200, "\(path)")
            }
            try expectError(try await server.send("POST", "/api/recognize", json: strokesJSON(transcribedPage(["x"]))), 401, "unauthorized")
            let health = try await server.get("/api/health")
            #expect(health.status == 200)
            #expect(health.text.contains("\"status\""))
            #expect(!health.text.contains("notes"))
            #expect(try await server.send("GET", "/api/health", headers: auth).text.contains("\"notes\""))
            #expect(try await server.get("/").status == 200)   // the page itself, which asks for the token
        }
    }

    @Test func thePageCarriesItsSecurityHeaders() async throws {
        try await withServer { server in
            let page = try await server.get("/")
            let policy = try #require(page.header("content-security-policy"))
            #expect(policy.contains("default-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(page.header("x-content-type-options") == "nosniff")
            #expect(page.header("referrer-policy") == "no-referrer")
            let api = try await server.get("/api/notes")
            #expect(api.header("x-content-type-options") == "nosniff")
        }
    }
}

/// Identical states give identical bytes: keys in a stable (sorted) order.
@Suite("Stable JSON")
struct StableJSONTests {
    @Test func answersHaveSortedKeysAndRepeatByteForByte() async throws {
        try await withServer { server in
            let id = try await server.create(transcribedPage(["grace and peace"]), title: "stable")
            let first = try await server.get("/api/notes/\(id)"), second = try await server.get("/api/notes/\(id)")
            #expect(first.body == second.body)
            let summary = try await server.get("/api/notes")
            let text = summary.text
            let keys = ["created", "id", "modified", "recognitionVersion", "strokeCount", "title"].compactMap { text.range(of: "\"\($0)\"")?.lowerBound }
            #expect(keys.count == 6 && keys == keys.sorted(), "\(text.prefix(200))")
            #expect(try await server.get("/api/search?q=grace").body == (try await server.get("/api/search?q=grace")).body)
        }
    }
}

/// Bounded requests: a recognition past the deadline is answered 503 and cancelled; nothing is
/// stored.
@Suite("Recognition deadline")
struct RecognitionDeadlineTests {
    @Test func aPagePastTheDeadlineIsA503AndItsRecognitionIsCancelled() async throws {
        let clock = VirtualClock()
        let stalling = StallingRecognizer(stallsOn: "hatching")
        try await withServer(recognizer: stalling, configure: {
            $0.recognitionDeadline = .seconds(20)
            $0.clock = clock
        }) { server in
            let answer = Task { try await server.send("POST", "/api/recognize", json: strokesJSON(transcribedPage(["endless hatching"]))) }
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(20))
            let response = try await answer.value
            #expect(response.status == 503, "\(response.text)")
            #expect(try response.json(WireError.self).error == "deadline_exceeded")
            for _ in 0..<24_000 where stalling.cancellations == 0 { try await Task.sleep(for: .milliseconds(5)) }
            #expect(stalling.cancellations == 1)

            let note = Task { try await server.send("POST", "/api/notes", json: noteJSON(transcribedPage(["endless hatching"]), title: "slow")) }
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(20))
            #expect(try await note.value.status == 503)
            #expect(try await server.library().notes().isEmpty, "a note whose recognition ran out is not stored")
            // The rest is answered as before.
            #expect(try await server.send("POST", "/api/recognize", json: strokesJSON(transcribedPage(["grace"]))).status == 200)
        }
    }
}
