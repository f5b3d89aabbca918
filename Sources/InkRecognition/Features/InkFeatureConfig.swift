/// The preprocessing settings the network was trained with; read from the weights file so that
/// Swift and `Training/features.py` cannot drift apart (Training/FEATURES.md).
public struct InkFeatureConfig: Sendable, Hashable, Codable {
    public var version: Int
    /// Resampling step along the ink, in units of the estimated scale.
    public var step: Double
    /// Bound on |dx| and |dy| (pen-up jumps), in units of the scale.
    public var clipDelta: Double
    /// Bound on |y − centre|, in units of the scale.
    public var clipY: Double
    public var lowQuantile: Double
    public var midQuantile: Double
    public var highQuantile: Double
    /// The scale is at least this fraction of the ink's largest bounding-box side.
    public var minScaleFraction: Double
    /// Names of the per-point features, in column order.
    public var names: [String]

    public init(version: Int = 1, step: Double = 0.1, clipDelta: Double = 8, clipY: Double = 4,
                lowQuantile: Double = 0.1, midQuantile: Double = 0.5, highQuantile: Double = 0.9,
                minScaleFraction: Double = 0.01,
                names: [String] = ["dx", "dy", "cos", "sin", "dcos", "dsin", "penStart", "y"]) {
        self.version = version; self.step = step; self.clipDelta = clipDelta; self.clipY = clipY
        self.lowQuantile = lowQuantile; self.midQuantile = midQuantile; self.highQuantile = highQuantile
        self.minScaleFraction = minScaleFraction; self.names = names
    }

    public var featureCount: Int { names.count }
}
