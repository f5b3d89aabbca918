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
    /// How x is scaled so that narrow and wide hands look alike (`InkWidthNormalizer`); off in
    /// weights files from before feature version 2, which carry none.
    public var width: WidthNormalization

    /// Settings of the width normalization (FEATURES.md, step 3).
    public struct WidthNormalization: Sendable, Hashable, Codable {
        /// The typical pitch (x extent of ink per down-stroke, in units of the scale) of the
        /// training lines; 0 turns the normalization off.
        public var referencePitch: Double
        /// Pitches within `referencePitch / band ... referencePitch * band` are left alone.
        public var band: Double
        /// Vertical travel, in units of the scale, after which the pen counts as turning.
        public var turn: Double
        /// With fewer down-strokes than this, x is kept as written.
        public var minDownstrokes: Int
        public var minFactor: Double
        public var maxFactor: Double

        public init(referencePitch: Double = 0, band: Double = 1, turn: Double = 0.25, minDownstrokes: Int = 3,
                    minFactor: Double = 1, maxFactor: Double = 1) {
            self.referencePitch = referencePitch; self.band = band; self.turn = turn
            self.minDownstrokes = minDownstrokes; self.minFactor = minFactor; self.maxFactor = maxFactor
        }

        /// No width normalization: what feature version 1 did.
        public static let off = WidthNormalization()
    }

    public init(version: Int = 1, step: Double = 0.1, clipDelta: Double = 8, clipY: Double = 4,
                lowQuantile: Double = 0.1, midQuantile: Double = 0.5, highQuantile: Double = 0.9,
                minScaleFraction: Double = 0.01,
                names: [String] = ["dx", "dy", "cos", "sin", "dcos", "dsin", "penStart", "y"],
                width: WidthNormalization = .off) {
        self.version = version; self.step = step; self.clipDelta = clipDelta; self.clipY = clipY
        self.lowQuantile = lowQuantile; self.midQuantile = midQuantile; self.highQuantile = highQuantile
        self.minScaleFraction = minScaleFraction; self.names = names; self.width = width
    }

    private enum CodingKeys: String, CodingKey {
        case version, step, clipDelta, clipY, lowQuantile, midQuantile, highQuantile, minScaleFraction, names, width
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(version: try c.decode(Int.self, forKey: .version), step: try c.decode(Double.self, forKey: .step),
                  clipDelta: try c.decode(Double.self, forKey: .clipDelta), clipY: try c.decode(Double.self, forKey: .clipY),
                  lowQuantile: try c.decode(Double.self, forKey: .lowQuantile),
                  midQuantile: try c.decode(Double.self, forKey: .midQuantile),
                  highQuantile: try c.decode(Double.self, forKey: .highQuantile),
                  minScaleFraction: try c.decode(Double.self, forKey: .minScaleFraction),
                  names: try c.decode([String].self, forKey: .names),
                  width: try c.decodeIfPresent(WidthNormalization.self, forKey: .width) ?? .off)
    }

    public var featureCount: Int { names.count }
}
