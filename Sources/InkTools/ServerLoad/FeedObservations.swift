import Foundation

/// What the sync benchmark's writers were told and what its devices saw, and the figures drawn
/// from them: how long after a write's 2xx each device heard of it, and whether any device missed
/// a write or heard of a change twice.
///
/// Times are seconds on one clock (the benchmark's process), so a device's wake-up and a
/// writer's answer compare directly. A device that hears of a write before its writer's 2xx
/// arrives (the commit is visible before the answer reaches the writer) counts 0.
///
/// ```swift
/// let writes = [FeedObservations.Write(id: "a", revision: 1, answeredAt: 1.0, server: 0)]
/// let device = FeedObservations.Device(server: 1, seen: [.init(id: "a", kind: "created", revision: 1, at: 1.2)])
/// let figures = FeedObservations(writes: writes, devices: [device]).figures()
/// // figures.lost == 0, figures.otherServer.p50 ≈ 0.2
/// ```
public struct FeedObservations: Sendable {
    /// A write answered 2xx: the note and the revision it was given.
    public struct Write: Sendable, Hashable {
        public var id: String
        public var revision: Int
        public var answeredAt: Double
        /// Which server answered it.
        public var server: Int

        public init(id: String, revision: Int, answeredAt: Double, server: Int) {
            (self.id, self.revision, self.answeredAt, self.server) = (id, revision, answeredAt, server)
        }
    }

    /// A change as one device received it.
    public struct Seen: Sendable, Hashable {
        public var id: String
        public var kind: String
        public var revision: Int
        public var at: Double

        public init(id: String, kind: String, revision: Int, at: Double) {
            (self.id, self.kind, self.revision, self.at) = (id, kind, revision, at)
        }
    }

    /// One device's feed, in the order received, and the server it long-polled.
    public struct Device: Sendable {
        public var server: Int
        public var seen: [Seen]

        public init(server: Int, seen: [Seen]) {
            (self.server, self.seen) = (server, seen)
        }
    }

    /// Percentiles of a set of latencies, in milliseconds.
    public struct Latencies: Sendable, Codable, Hashable {
        public var count = 0
        public var p50 = 0.0
        public var p99 = 0.0
        public var max = 0.0

        public init() {}

        init(milliseconds: [Double]) {
            let sorted = milliseconds.sorted()
            count = sorted.count
            p50 = ServerLoadBenchmark.percentile(sorted, 0.5)
            p99 = ServerLoadBenchmark.percentile(sorted, 0.99)
            max = sorted.last ?? 0
        }
    }

    public struct Figures: Sendable, Codable, Hashable {
        /// Each (write, device) pair: from the write's 2xx to the device's answer naming it.
        public var allDevices = Latencies()
        /// The pairs where the device long-polled the server that took the write…
        public var sameServer = Latencies()
        /// … and where it long-polled another one.
        public var otherServer = Latencies()
        /// Per write, the last device to hear of it: the time until every device knew.
        public var everyDevice = Latencies()
        /// (write, device) pairs where the device never heard of that revision or a later one.
        public var lost = 0
        /// Changes a device received twice (the same note, kind and revision).
        public var duplicated = 0
    }

    public var writes: [Write]
    public var devices: [Device]

    public init(writes: [Write], devices: [Device]) {
        self.writes = writes
        self.devices = devices
    }

    /// The figures. O(S + W·D) for S changes seen in all and W writes to D devices.
    public func figures() -> Figures {
        var figures = Figures()
        var all: [Double] = [], same: [Double] = [], other: [Double] = []
        var lastDevice = [Double](repeating: 0, count: writes.count)
        var heardOfAll = [Bool](repeating: true, count: writes.count)
        for device in devices {
            // The times each revision of a note was first heard of, oldest first: a write is
            // heard of at the first change naming its revision or a later one.
            var firstHeard: [String: [(revision: Int, at: Double)]] = [:]
            var received = Set<Seen>()
            for seen in device.seen {
                let key = Seen(id: seen.id, kind: seen.kind, revision: seen.revision, at: 0)
                if !received.insert(key).inserted { figures.duplicated += 1 }
                guard seen.kind != "deleted" else { continue }
                firstHeard[seen.id, default: []].append((seen.revision, seen.at))
            }
            for (n, write) in writes.enumerated() {
                guard let heard = firstHeard[write.id]?.first(where: { $0.revision >= write.revision }) else {
                    figures.lost += 1
                    heardOfAll[n] = false
                    continue
                }
                let milliseconds = Swift.max(0, heard.at - write.answeredAt) * 1000
                all.append(milliseconds)
                if write.server == device.server { same.append(milliseconds) } else { other.append(milliseconds) }
                lastDevice[n] = Swift.max(lastDevice[n], milliseconds)
            }
        }
        figures.allDevices = Latencies(milliseconds: all)
        figures.sameServer = Latencies(milliseconds: same)
        figures.otherServer = Latencies(milliseconds: other)
        figures.everyDevice = Latencies(milliseconds: devices.isEmpty ? [] : zip(lastDevice, heardOfAll).filter(\.1).map(\.0))
        return figures
    }

    /// For notes written in one batch: from the batch's answer until the first device heard that
    /// the last of them was indexed (a change `indexed`), in seconds; nil while any is not.
    public func secondsUntilIndexed(_ ids: Set<String>, answeredAt: Double) -> Double? {
        var indexedAt: [String: Double] = [:]
        for device in devices {
            for seen in device.seen where seen.kind == "indexed" && ids.contains(seen.id) {
                indexedAt[seen.id] = Swift.min(indexedAt[seen.id] ?? .infinity, seen.at)
            }
        }
        guard indexedAt.count == ids.count, let last = indexedAt.values.max() else { return nil }
        return Swift.max(0, last - answeredAt)
    }
}
