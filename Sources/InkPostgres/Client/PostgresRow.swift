import CLibPQ
import Foundation

/// One row of a result, read by column index; valid only inside the `query` closure.
package struct PostgresRow {
    let result: OpaquePointer
    let row: Int32

    package func isNull(_ column: Int32) -> Bool { PQgetisnull(result, row, column) == 1 }

    package func text(_ column: Int32) -> String {
        guard let value = PQgetvalue(result, row, column) else { return "" }
        return String(cString: value)
    }

    /// An integer column (0 where the text is no integer, as `Int64(text)` would give nil).
    /// Parsed from libpq's bytes without making a `String`: a search reads thousands of ids.
    package func int(_ column: Int32) -> Int64 {
        let length = Int(PQgetlength(result, row, column))
        guard length > 0, let value = PQgetvalue(result, row, column) else { return 0 }
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            let negative = bytes[0] == UInt8(ascii: "-")
            let start = negative ? 1 : 0
            guard start < length else { return 0 }
            // Accumulated below zero, so that Int64.min parses too.
            var total: Int64 = 0
            for k in start..<length {
                let digit = bytes[k] &- UInt8(ascii: "0")
                guard digit <= 9 else { return 0 }
                let (times, overflowA) = total.multipliedReportingOverflow(by: 10)
                let (next, overflowB) = times.subtractingReportingOverflow(Int64(digit))
                guard !overflowA, !overflowB else { return 0 }
                total = next
            }
            if negative { return total }
            return total == .min ? 0 : -total
        }
    }

    /// A floating-point column: `strtod` on libpq's bytes (the C locale's, as PostgreSQL writes
    /// them: "NaN", "Infinity" and "-Infinity" included), NaN where the text is no number.
    package func double(_ column: Int32) -> Double {
        let length = Int(PQgetlength(result, row, column))
        guard length > 0, let value = PQgetvalue(result, row, column) else { return .nan }
        var end: UnsafeMutablePointer<CChar>?
        let parsed = strtod(value, &end)
        return end == value + length ? parsed : .nan
    }

    package func bool(_ column: Int32) -> Bool { text(column) == "t" }

    /// A `bytea` column (text result format: `\x` then two hex digits a byte). Decoded into a
    /// buffer of its final size: appending to `Data` a byte at a time cost a search's evidence
    /// blobs 14% of its server CPU. O(length).
    package func bytea(_ column: Int32) -> Data {
        let length = Int(PQgetlength(result, row, column))
        guard length >= 2, let value = PQgetvalue(result, row, column) else { return Data() }
        let count = (length - 2) / 2
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { hex in
            Data(Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                for k in 0..<count {
                    buffer[k] = Self.nibble(hex[2 + 2 * k]) << 4 | Self.nibble(hex[3 + 2 * k])
                }
                initialized = count
            })
        }
    }

    private static func nibble(_ character: UInt8) -> UInt8 {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: 0
        }
    }
}
