import Foundation
import InkIndex

/// The writers that training keeps out of its data, so that evaluation can score a model on
/// people it has never seen.
///
/// The rule is the one in `Training/prep.py`: a writer is held out when the CRC-32 of its name's
/// UTF-8 bytes is divisible by 10 (about one writer in ten, stable across runs and machines).
/// IAM-OnDB's test sets need no rule: their writers are disjoint from its training set already.
///
/// ```swift
/// let reader = try DatasetReader(path: "../shared/data/unipen/words.dev.jsonl.gz")
/// for sample in reader where HeldOutWriters.contains(sample.writer) { ... }
/// ```
public enum HeldOutWriters {
    /// Whether training never saw this writer. A sample without a writer is never held out.
    public static func contains(_ writer: String?) -> Bool {
        guard let writer else { return false }
        return CRC32.checksum(Array(writer.utf8)) % 10 == 0
    }
}
