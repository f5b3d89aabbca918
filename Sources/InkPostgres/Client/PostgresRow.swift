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

    package func int(_ column: Int32) -> Int64 { Int64(text(column)) ?? 0 }

    package func double(_ column: Int32) -> Double {
        switch text(column) {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        case let value: Double(value) ?? .nan
        }
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
