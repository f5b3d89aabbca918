import Foundation
import InkServer
import InkTools
import Testing

@Suite("Static files and timeouts")
struct StaticAndTimeoutTests {
    @Test func thePageAndItsFilesComeFromTheEmbeddedResources() async throws {
        try await withServer { server in
            let page = try await server.get("/")
            #expect(page.status == 200)
            #expect(page.header("content-type") == "text/html; charset=utf-8")
            #expect(page.text.lowercased().contains("<!doctype html>"))
            #expect(try await server.get("/index.html").body == page.body)
            #expect(try await server.get("/static/index.html").body == page.body)
            let script = try await server.get("/static/app.js")
            #expect(script.status == 200 && script.header("content-type")?.hasPrefix("text/javascript") == true)
            #expect(try await server.get("/static/style.css").header("content-type")?.hasPrefix("text/css") == true)
        }
    }

    @Test func noPathReachesTheFileSystem() async throws {
        try await withServer { server in
            let attempts = [
                "/static/../Package.swift", "/static/..%2FPackage.swift", "/static/%2e%2e%2fPackage.swift",
                "/static/..%2f..%2f..%2f..%2fetc%2fpasswd", "/static/%2Fetc%2Fpasswd", "/static//etc/passwd",
                "/static/./app.js", "/static/app.js/../../Package.swift", "/static/..", "/static/.", "/static/%00app.js",
                "/static/app.js%00.png", "/static/Playground/app.js", "/static/Resources%2FPlayground%2Fapp.js",
                "/../../../../etc/passwd", "/static/\\..\\Package.swift", "/static/InkServer.swift",
            ]
            for path in attempts {
                let answer = try await RawHTTP.exchange(port: server.port, ["GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"])
                #expect(answer.text.hasPrefix("HTTP/1.1 404") || answer.text.hasPrefix("HTTP/1.1 400"), "\(path): \(answer.text.prefix(80))")
                #expect(!answer.text.contains("root:"), "\(path)")
                #expect(!answer.text.contains("PackageDescription"), "\(path)")
            }
        }
    }

    @Test func anIdleConnectionIsClosed() async throws {
        try await withServer(configure: { $0.idleTimeout = .milliseconds(300) }) { server in
            // Closed by the server long before the client would give up (a generous bound, so that a
            // busy machine does not fail the test).
            let answer = try await RawHTTP.exchange(port: server.port, [], timeout: .seconds(60))
            #expect(answer.closed)
            #expect(answer.text.isEmpty)
        }
    }

    @Test func aSlowClientIsAnswered408AndCutOff() async throws {
        try await withServer(configure: { $0.requestTimeout = .milliseconds(400) }) { server in
            // The head promises 100 bytes; a few trickle in, well within the idle timeout each.
            let answer = try await RawHTTP.exchange(port: server.port, [
                "POST /api/notes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
                "\"", "t", "i", "t",
            ], pauseBetween: .milliseconds(150), timeout: .seconds(60))
            #expect(answer.text.hasPrefix("HTTP/1.1 408"), "\(answer.text)")
            #expect(answer.text.contains("request_timeout"))
            #expect(answer.closed)
            #expect(try await server.library().notes().isEmpty)
        }
    }
}
