import Foundation
import Testing
@testable import InkTools
import InkIndex

@Suite struct FrameDumpTests {
    private func dump(id: String, label: String, frames: [[Float]]) -> Data {
        var data = Data("INKFRM01".utf8)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        u32(1)
        for text in [id, label] { u32(text.utf8.count); data.append(contentsOf: text.utf8) }
        u32(frames.count)
        u32(frames.first?.count ?? 0)
        for value in frames.joined() { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    @Test func readsSamplesBack() throws {
        let data = dump(id: "a01", label: "hi", frames: [[-0.1, -2.3], [-1.5, -0.25]])
        let samples = try FrameDump.decode(data)
        #expect(samples.count == 1)
        #expect(samples[0].id == "a01")
        #expect(samples[0].label == "hi")
        #expect(samples[0].frames.frameCount == 2)
        #expect(samples[0].frames[1, 1] == -0.25)
    }

    @Test func rejectsDamagedDumps() {
        let data = dump(id: "a01", label: "hi", frames: [[-0.1, -2.3], [-1.5, -0.25]])
        #expect(throws: FrameDump.Failure.badMagic) { try FrameDump.decode(Data("nope".utf8)) }
        #expect(throws: FrameDump.Failure.truncated(sample: 0)) { try FrameDump.decode(data.prefix(data.count - 1)) }
        #expect(throws: FrameDump.Failure.unreadable(path: "/nonexistent.frames")) {
            try FrameDump.read(from: URL(fileURLWithPath: "/nonexistent.frames"))
        }
    }
}
