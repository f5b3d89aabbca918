import Foundation
import Testing
@testable import InkRecognition

/// The width normalization (Training/FEATURES.md step 3): narrow and wide hands look alike.
@Suite struct WidthNormalizerTests {
    /// A run of `count` arches ("mmm"), each `pitch` wide and 1 tall, sampled densely.
    func arches(_ count: Int, pitch: Double) -> [[SIMD2<Double>]] {
        [(0...(40 * count)).map { i in
            let t = Double(i) / 40
            return SIMD2(t * pitch, 0.5 + 0.5 * cos(2 * .pi * t))
        }]
    }

    let settings = InkFeatureConfig.WidthNormalization(referencePitch: 0.5, band: 1.2, turn: 0.25, minDownstrokes: 3,
                                                       minFactor: 0.33, maxFactor: 3)

    @Test func pitchIsWidthPerDownstroke() throws {
        let normalizer = InkWidthNormalizer(settings: settings)
        #expect(normalizer.downstrokeCount(arches(6, pitch: 1)[0]) == 6)
        let pitch = try #require(normalizer.pitch(of: arches(6, pitch: 0.7)))
        #expect(abs(pitch - 0.7) < 1e-9)
    }

    @Test func jitterBelowTheTurnIsNoDownstroke() {
        let wobble = (0...200).map { i in SIMD2(Double(i) * 0.01, 0.1 * sin(Double(i))) }
        #expect(InkWidthNormalizer(settings: settings).downstrokeCount(wobble) == 0)
    }

    /// Stretching by s multiplies the pitch by s and the factor by 1/s outside the band, so the
    /// normalized pitch lands on the band's edge whatever the stretch.
    @Test(arguments: [0.4, 0.5, 1.6, 2.0, 2.5])
    func stretchIsUndoneOutsideTheBand(stretch: Double) {
        let normalizer = InkWidthNormalizer(settings: settings)
        let k = normalizer.factor(for: arches(8, pitch: 0.5 * stretch))
        let normalized = 0.5 * stretch * k
        let edge = stretch < 1 ? 0.5 / 1.2 : 0.5 * 1.2
        #expect(abs(normalized - edge) < 1e-9, "stretch \(stretch): factor \(k)")
    }

    @Test func withinTheBandOrWithTooLittleInkXIsKept() {
        let normalizer = InkWidthNormalizer(settings: settings)
        #expect(normalizer.factor(for: arches(8, pitch: 0.55)) == 1)
        #expect(normalizer.factor(for: arches(2, pitch: 0.1)) == 1)        // two down-strokes
        #expect(normalizer.factor(for: [[SIMD2(0, 0)]]) == 1)
        #expect(InkWidthNormalizer(settings: .off).factor(for: arches(8, pitch: 0.1)) == 1)
    }

    @Test func factorStaysWithinItsBounds() {
        let normalizer = InkWidthNormalizer(settings: settings)
        #expect(normalizer.factor(for: arches(8, pitch: 0.01)) == 3)
        #expect(normalizer.factor(for: arches(8, pitch: 100)) == 0.33)
    }

    @Test func gapsBetweenWordsAreNotWidth() {
        let left = arches(4, pitch: 0.5)[0], right = arches(4, pitch: 0.5)[0].map { $0 + SIMD2(10, 0) }
        #expect(InkWidthNormalizer.coveredWidth([left, right]) == 4)
    }

    /// Weights files of feature version 1 carry no width settings: the step is off.
    @Test func metadataWithoutWidthSettingsTurnsItOff() throws {
        let json = #"{"version": 1, "step": 0.1, "clipDelta": 8, "clipY": 4, "lowQuantile": 0.1, "midQuantile": 0.5, "highQuantile": 0.9, "minScaleFraction": 0.01, "names": ["dx"]}"#
        let config = try JSONDecoder().decode(InkFeatureConfig.self, from: Data(json.utf8))
        #expect(config.width == .off)
        #expect(config.featureCount == 1)
    }
}
