import Foundation

/// Decodes the text of an InkML `trace` into points.
///
/// Points are separated by commas, values within a point by whitespace (or by a sign or a
/// difference prefix where that is unambiguous). Each channel keeps its own mode: `!` explicit
/// values, `'` first differences, `"` second differences; a value without a prefix continues the
/// channel's mode. `?` is an unknown value (nil; intermittent channels only), `*` repeats the
/// channel's previous value, `T`/`F` are booleans (1/0). Intermittent channels may be left off
/// the end of a point. O(text length).
struct InkMLTraceValues {
    struct Failure: Error, Equatable {
        var point: Int
        var reason: String
    }

    private enum Mode { case explicit, first, second }
    private static let xRole = -1, yRole = -2, droppedRole = -3

    private struct ChannelState {
        var mode = Mode.explicit
        var last: Double?
        var velocity: Double = 0
    }

    static func decode(_ text: String, format: InkMLTraceFormat) throws(Failure) -> [StrokePoint] {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(Failure) in try decode(bytes, format: format) } }
        return try result.get()
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, format: InkMLTraceFormat) throws(Failure) -> [StrokePoint] {
        let channels = format.channels
        let regular = format.regularCount
        // Plain arrays, so that the per-point loop copies no channel structs.
        let roles = channels.map { $0.isX ? Self.xRole : $0.isY ? Self.yRole : $0.field?.rawValue ?? Self.droppedRole }
        let scales = channels.map(\.scale)
        var states = [ChannelState](repeating: ChannelState(), count: channels.count)
        var values = [Double?](repeating: nil, count: channels.count)
        var points: [StrokePoint] = []
        var index = 0
        var pointIndex = 0
        var valueIndex = 0
        var sawValueInPoint = false

        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

        func finishPoint() throws(Failure) {
            if !sawValueInPoint {
                throw Failure(point: pointIndex, reason: "empty point")
            }
            guard valueIndex >= regular else {
                throw Failure(point: pointIndex, reason: "has \(valueIndex) values; the trace format needs at least \(regular) (\(channels.prefix(regular).map(\.name).joined(separator: " ")))")
            }
            for c in valueIndex..<channels.count { values[c] = nil }
            var point = StrokePoint(x: 0, y: 0)
            var width: Double?, height: Double?
            for c in 0..<roles.count {
                guard let value = values[c] else { continue }
                switch roles[c] {
                case Self.xRole: point.location.x = value
                case Self.yRole: point.location.y = value
                case Self.droppedRole: break
                case let raw:
                    let v = scales[c] == 1 ? value : value * scales[c]
                    switch InkMLField(rawValue: raw)! {
                    case .time: point.time = v
                    case .force: point.force = v
                    case .width: width = v
                    case .height: height = v
                    case .opacity: point.opacity = v
                    case .azimuth: point.azimuth = v
                    case .altitude: point.altitude = v
                    }
                }
            }
            if width != nil || height != nil {
                point.size = CGSize(width: width ?? height!, height: height ?? width!)
            }
            points.append(point)
            pointIndex += 1
            valueIndex = 0
            sawValueInPoint = false
        }

        while index < bytes.count {
            let b = bytes[index]
            if isSpace(b) { index += 1; continue }
            if b == UInt8(ascii: ",") {
                try finishPoint()
                index += 1
                continue
            }
            guard valueIndex < channels.count else {
                throw Failure(point: pointIndex, reason: "has more values than the \(channels.count) channels of the trace format")
            }
            let channel = channels[valueIndex]
            var mode: Mode?
            switch b {
            case UInt8(ascii: "!"): mode = .explicit; index += 1
            case UInt8(ascii: "'"): mode = .first; index += 1
            case UInt8(ascii: "\""): mode = .second; index += 1
            default: break
            }
            if let mode { states[valueIndex].mode = mode }
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { throw Failure(point: pointIndex, reason: "ends after a difference prefix") }
            let c = bytes[index]
            var value: Double?
            if c == UInt8(ascii: "?") {
                guard channel.intermittent else {
                    throw Failure(point: pointIndex, reason: "unknown value '?' in regular channel \(channel.name)")
                }
                index += 1
                value = nil
                states[valueIndex].last = nil
            } else if c == UInt8(ascii: "*") {
                index += 1
                value = states[valueIndex].last
            } else if c == UInt8(ascii: "T") || c == UInt8(ascii: "F") {
                index += 1
                value = c == UInt8(ascii: "T") ? 1 : 0
                states[valueIndex].last = value
            } else {
                let start = index
                if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
                var digits = 0
                while index < bytes.count, isDigit(bytes[index]) { index += 1; digits += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                    index += 1
                    while index < bytes.count, isDigit(bytes[index]) { index += 1; digits += 1 }
                }
                if digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
                    let exponentStart = index
                    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                    if index == exponentStart { digits = 0 }
                }
                guard digits > 0, let number = fastDecimal(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                        ?? Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else {
                    let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(bytes.count, max(index, start + 1))]), as: UTF8.self)
                    throw Failure(point: pointIndex, reason: "'\(shown)' is not a number (channel \(channel.name))")
                }
                var state = states[valueIndex]
                switch state.mode {
                case .explicit:
                    state.velocity = state.last.map { number - $0 } ?? 0
                    state.last = number
                case .first:
                    guard let last = state.last else {
                        throw Failure(point: pointIndex, reason: "a difference in channel \(channel.name) has no previous value")
                    }
                    state.velocity = number
                    state.last = last + number
                case .second:
                    guard let last = state.last else {
                        throw Failure(point: pointIndex, reason: "a second difference in channel \(channel.name) has no previous value")
                    }
                    state.velocity += number
                    state.last = last + state.velocity
                }
                guard state.last!.isFinite else {
                    throw Failure(point: pointIndex, reason: "value out of range in channel \(channel.name)")
                }
                value = state.last
                states[valueIndex] = state
            }
            values[valueIndex] = value
            valueIndex += 1
            sawValueInPoint = true
        }
        // A trailing comma leaves an empty last point, which is tolerated.
        if sawValueInPoint { try finishPoint() }
        return points
    }

    /// Clinger's fast path: a decimal of at most 15 digits, without exponent, is exactly
    /// `digits / 10^fractionDigits` rounded once, since both operands are exact Doubles. Returns
    /// nil for anything else, which `Double(String)` then parses.
    static func fastDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        var negative = false
        if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = 0
        var inFraction = false
        while i < text.count {
            let b = text[i]
            if b == UInt8(ascii: ".") {
                if inFraction { return nil }
                inFraction = true
            } else if b >= 0x30 && b <= 0x39 {
                mantissa = mantissa * 10 + Int64(b - 0x30)
                digits += 1
                if inFraction { fraction += 1 }
                if digits > 15 { return nil }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        let magnitude = fraction == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fraction]
        return negative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }
}
