import Foundation
import InkIndex

/// Facts about dataset files (.jsonl, .jsonl.gz) that commands need before reading them.
enum DatasetFiles {
    static func isDataset(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".jsonl") || lower.hasSuffix(".jsonl.gz")
    }

    /// The number of samples in a dataset file (its non-empty lines), at most `limit`, for a
    /// progress line's total; nil where the file cannot be read (the reader will say why).
    /// One pass of decompression, without decoding the samples.
    static func lineCount(_ path: String, limit: Int? = nil) -> Int? {
        guard let reader = try? GzipLineReader(path: path) else { return nil }
        var count = 0
        while count < (limit ?? .max), let line = try? reader.nextLine() {
            if !line.allSatisfy(\.isWhitespace) { count += 1 }
        }
        return count
    }
}
