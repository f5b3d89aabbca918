import Foundation

/// The point fields of the model and the InkML channels that carry them.
///
/// `X`, `Y`, `T`, `F`, `W`, `OA` and `OE` are InkML's reserved channel names; `H` (tip height)
/// and `OPACITY` are InkIndex's own, since InkML has none for them.
enum InkMLField: Int, CaseIterable, Sendable {
    case time, force, width, height, opacity, azimuth, altitude

    var channelName: String {
        switch self {
        case .time: "T"
        case .force: "F"
        case .width: "W"
        case .height: "H"
        case .opacity: "OPACITY"
        case .azimuth: "OA"
        case .altitude: "OE"
        }
    }

    /// The units InkIndex writes; reading converts the alternatives listed in `scale(units:)`.
    var writtenUnits: String? {
        switch self {
        case .time: "s"
        case .azimuth, .altitude: "rad"
        default: nil
        }
    }

    init?(channelName: String) {
        guard let field = Self.allCases.first(where: { $0.channelName == channelName }) else { return nil }
        self = field
    }

    /// The factor that turns values in `units` into the model's units (seconds, radians), or nil
    /// for units InkIndex does not know. Absent units mean the model's own.
    func scale(units: String?) -> Double? {
        guard let units, !units.isEmpty else { return 1 }
        switch (self, units) {
        case (.time, "s"), (.azimuth, "rad"), (.altitude, "rad"): return 1
        case (.time, "ms"): return 0.001
        case (.azimuth, "deg"), (.altitude, "deg"): return Double.pi / 180
        case (.time, _), (.azimuth, _), (.altitude, _): return nil
        default: return 1
        }
    }

    func value(of point: StrokePoint) -> Double? {
        switch self {
        case .time: point.time
        case .force: point.force
        case .width: point.size.map { Double($0.width) }
        case .height: point.size.map { Double($0.height) }
        case .opacity: point.opacity
        case .azimuth: point.azimuth
        case .altitude: point.altitude
        }
    }
}

/// One channel of a trace format as read: where its values go, if anywhere.
struct InkMLChannel: Sendable {
    var name: String
    /// nil for X and Y (`isX` tells which) and for channels the model cannot carry.
    var field: InkMLField?
    var isX = false
    var isY = false
    var intermittent: Bool
    var scale: Double = 1
}

/// An ordered list of channels: the regular ones, then the intermittent ones.
struct InkMLTraceFormat: Sendable {
    var channels: [InkMLChannel]

    static let `default` = InkMLTraceFormat(channels: [
        InkMLChannel(name: "X", isX: true, intermittent: false),
        InkMLChannel(name: "Y", isY: true, intermittent: false),
    ])

    var regularCount: Int { channels.filter { !$0.intermittent }.count }
}
