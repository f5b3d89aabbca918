import Foundation
import InkIndex
import Testing
@testable import InkTools

/// The sync benchmark's arithmetic (a lost write, a change received twice, the last device to
/// hear), and the benchmark end to end on a small SQLite library, so that what it reports about
/// the change feed is known to come out right where nothing goes wrong.
@Suite struct SyncLoadBenchmarkTests {
    typealias Seen = FeedObservations.Seen

    @Test func latenciesAreMeasuredFromTheWritersAnswerAndSplitByServer() {
        let writes = [
            FeedObservations.Write(id: "a", revision: 1, answeredAt: 10.0, server: 0),
            FeedObservations.Write(id: "b", revision: 2, answeredAt: 11.0, server: 1),
        ]
        let near = FeedObservations.Device(server: 0, seen: [Seen(id: "a", kind: "created", revision: 1, at: 10.1),
                                                             Seen(id: "b", kind: "updated", revision: 2, at: 11.4)])
        // Hears of "a" before its writer's answer came (0), and of "b" only at a later revision.
        let far = FeedObservations.Device(server: 1, seen: [Seen(id: "a", kind: "created", revision: 1, at: 9.9),
                                                            Seen(id: "b", kind: "updated", revision: 3, at: 12.0)])
        let figures = FeedObservations(writes: writes, devices: [near, far]).figures()
        #expect(figures.lost == 0 && figures.duplicated == 0)
        #expect(figures.allDevices.count == 4)
        #expect(abs(figures.allDevices.max - 1000) < 1e-6)
        #expect(figures.sameServer.count == 2 && abs(figures.sameServer.max - 1000) < 1e-6)  // a on 0, b on 1
        #expect(figures.otherServer.count == 2 && abs(figures.otherServer.max - 400) < 1e-6)
        // Until every device knew: a at 100 ms (the far device counts 0), b at 1,000 ms.
        #expect(figures.everyDevice.count == 2 && abs(figures.everyDevice.p50 - 1000) < 1e-6)
    }

    @Test func anOlderRevisionDoesNotCountAndARepeatIsADuplicate() {
        let writes = [FeedObservations.Write(id: "a", revision: 2, answeredAt: 1, server: 0)]
        let device = FeedObservations.Device(server: 0, seen: [Seen(id: "a", kind: "created", revision: 1, at: 1.5),
                                                               Seen(id: "a", kind: "created", revision: 1, at: 1.6),
                                                               Seen(id: "a", kind: "deleted", revision: 2, at: 1.7)])
        let figures = FeedObservations(writes: writes, devices: [device]).figures()
        #expect(figures.lost == 1)
        #expect(figures.duplicated == 1)
        #expect(figures.everyDevice.count == 0)
    }

    @Test func aBatchIsIndexedWhenTheFeedHasSaidSoForEveryNote() {
        let devices = [FeedObservations.Device(server: 0, seen: [Seen(id: "x", kind: "created", revision: 1, at: 1),
                                                                 Seen(id: "x", kind: "indexed", revision: 1, at: 3),
                                                                 Seen(id: "y", kind: "indexed", revision: 1, at: 4)]),
                       FeedObservations.Device(server: 1, seen: [Seen(id: "y", kind: "indexed", revision: 1, at: 3.5)])]
        let observations = FeedObservations(writes: [], devices: devices)
        #expect(observations.secondsUntilIndexed(["x", "y"], answeredAt: 1) == 2.5)
        #expect(observations.secondsUntilIndexed(["x", "y", "z"], answeredAt: 1) == nil)
    }

    @Test func endToEndOnSQLiteNoChangeIsLostAndEveryWriteIsStored() async throws {
        var configuration = SyncLoadBenchmark.Configuration()
        configuration.notes = 40
        configuration.devices = 4
        configuration.writers = 2
        configuration.writeInterval = 0.2
        configuration.searchers = 1
        configuration.seconds = 1.5
        configuration.batches = 1
        configuration.batchSize = 10
        configuration.dataPath = nil  // synthetic ink
        configuration.databasePath = FileManager.default.temporaryDirectory
            .appendingPathComponent("sync-bench-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: configuration.databasePath + suffix) } }
        let report = try await SyncLoadBenchmark(configuration: configuration, recognizer: TranscriptRecognizer()).run { _ in }
        #expect(report.catchUpChanges == 40)
        // (How many writes fit in a phase depends on the machine's load; that none is lost does not.)
        #expect(report.quiet.write.count >= 1 && report.sync.write.count >= 1, "\(report.quiet.write) \(report.sync.write)")
        #expect(report.quiet.writeErrors == 0 && report.sync.writeErrors == 0 && report.deviceErrors == 0, "\(report.errorSamples)")
        #expect(report.batches.count == 1 && report.batches[0].stored == 10)
        #expect(report.batches[0].indexedSeconds != nil)
        // Every device heard of every write of the sync phase and of the batch, once.
        #expect(report.wakeUp.lost == 0 && report.wakeUp.duplicated == 0 && report.cursorWentBack == 0)
        #expect(report.wakeUp.allDevices.count == 4 * (report.sync.write.count + 10))
        #expect(report.writesMissing == 0 && report.checkProblems.isEmpty)
        #expect(report.notesAfter > 50)  // the library, the batch, and the writers' new notes
    }
}
