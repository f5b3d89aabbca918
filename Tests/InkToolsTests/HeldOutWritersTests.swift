@testable import InkTools
import Testing

@Suite("Held-out writers")
struct HeldOutWritersTests {
    // Expected values computed with Python's zlib.crc32, the rule Training/prep.py applies.
    @Test("agrees with the training split's CRC-32 rule")
    func agreesWithTrainingRule() {
        #expect(HeldOutWriters.contains("writer-5"))
        for name in ["writer-1", "writer-4", "writer-9", "a", "h"] {
            #expect(!HeldOutWriters.contains(name), "\(name) is a training writer")
        }
    }

    @Test("a sample without a writer is never held out")
    func missingWriter() {
        #expect(!HeldOutWriters.contains(nil))
    }
}
