import Foundation
import InkIndex
import InkServer
import InkSynthesis

/// One client of the load benchmark: a keep-alive connection asking, one after another,
/// searches, note writes and recognitions in the configured shares, until the deadline.
struct LoadClient: Sendable {
    struct Results: Sendable {
        var latencies: [String: [Double]] = [:]
        var errors: [String: Int] = [:]
        var errorSamples: [String] = []
        var createdIDs: [String] = []

        mutating func merge(_ other: Results) {
            latencies.merge(other.latencies, uniquingKeysWith: +)
            errors.merge(other.errors, uniquingKeysWith: +)
            errorSamples += other.errorSamples
            createdIDs += other.createdIDs
        }
    }

    let port: Int
    let corpus: LoadCorpus
    let queries: [String]
    let seed: UInt64
    let searchShare: Double
    let writeShare: Double
    let number: Int

    func run(until deadline: ContinuousClock.Instant) async -> Results {
        var results = Results()
        var random = SeededRandom(seed: seed)
        var mine: [(id: String, lines: Int, first: Int)] = []
        while ContinuousClock.now < deadline {
            do {
                try await HTTPClientConnection.with(host: "127.0.0.1", port: port) { connection in
                    while ContinuousClock.now < deadline {
                        let roll = random.unit()
                        let kind = roll < searchShare ? "search" : roll < searchShare + writeShare ? "write" : "recognize"
                        let request = makeRequest(kind, random: &random, mine: &mine)
                        let started = ContinuousClock.now
                        let answer: HTTPAnswer
                        do {
                            answer = try await connection.request(request.method, request.path, headers: [("content-type", "application/json")],
                                                                  body: request.body)
                        } catch {
                            results.errors[kind, default: 0] += 1
                            results.errorSamples.append("\(kind): \(error)")
                            throw error  // a new connection
                        }
                        let milliseconds = ServerLoadBenchmark.seconds(started.duration(to: .now)) * 1000
                        guard (200..<300).contains(answer.status) else {
                            results.errors[kind, default: 0] += 1
                            results.errorSamples.append("\(kind) \(request.method) \(request.path): \(answer.status) \(answer.text.prefix(200))")
                            continue
                        }
                        results.latencies[kind, default: []].append(milliseconds)
                        if request.method == "POST", kind == "write", let id = try? answer.json(NoteSummary.self).id {
                            results.createdIDs.append(id)
                            mine.append((id, 1, request.first))
                        }
                    }
                }
            } catch {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return results
    }

    private struct Request {
        var method: String
        var path: String
        var body: Data?
        var first = 0
    }

    /// A search of a random query; a write: a new note of one line, or (one time in three) a
    /// line added to a note this client wrote, so that only that line is read; a recognition of
    /// a one-line page.
    private func makeRequest(_ kind: String, random: inout SeededRandom, mine: inout [(id: String, lines: Int, first: Int)]) -> Request {
        switch kind {
        case "search":
            let query = queries[Int(random.next() % UInt64(queries.count))]
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
            return Request(method: "GET", path: "/api/search?q=\(encoded)&limit=20")
        case "write":
            if !mine.isEmpty, random.next() % 3 == 0 {
                let k = Int(random.next() % UInt64(mine.count))
                mine[k].lines += 1
                let page = corpus.page(lines: mine[k].lines, first: mine[k].first)
                return Request(method: "PUT", path: "/api/notes/\(mine[k].id)", body: Self.json(WireNoteBody(strokes: page.strokes.map(WireStroke.init))))
            }
            let first = Int(random.next() % UInt64(corpus.lines.count))
            let page = corpus.page(lines: 1, first: first)
            let title = "load \(number) \(corpus.lines[first].text.prefix(30))"
            return Request(method: "POST", path: "/api/notes", body: Self.json(WireNoteBody(title: title, strokes: page.strokes.map(WireStroke.init))),
                           first: first)
        default:
            let page = corpus.page(lines: 1, first: Int(random.next() % UInt64(corpus.lines.count)))
            return Request(method: "POST", path: "/api/recognize", body: Self.json(WireStrokes(strokes: page.strokes.map(WireStroke.init))))
        }
    }

    private static func json(_ value: some Encodable) -> Data { (try? JSONEncoder().encode(value)) ?? Data() }
}
