import Foundation
import InkSynthesis
import Testing
@testable import InkCore

@Suite struct RenderingSVGTests {
    static let drawing = InkSynthesizer(seed: 3).drawing(for: "Jn 3:16 grace")

    @Test func writesOnePathPerStrokeWithItsIdentifierColorAndWidth() {
        let svg = SVGRenderer().svg(for: Self.drawing)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.components(separatedBy: "<path ").count - 1 == Self.drawing.strokes.count)
        for stroke in Self.drawing.strokes { #expect(svg.contains("data-stroke-id=\"\(stroke.id.uuidString)\"")) }
        #expect(svg.contains("stroke=\"#000000\""))
        #expect(svg.contains("stroke-width=\"2.5\""))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func viewBoxFitsTheInkWithTheMargin() throws {
        let stroke = Stroke(points: [StrokePoint(x: 10, y: 20), StrokePoint(x: 110, y: 70)])
        let svg = SVGRenderer(options: RenderOptions(margin: 5)).svg(for: Drawing(strokes: [stroke]))
        #expect(svg.contains("viewBox=\"5 15 110 60\""))
    }

    @Test func appliesStrokeTransforms() {
        let stroke = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 1, y: 1)], transform: .translation(x: 100, y: 50))
        let svg = SVGRenderer().svg(for: Drawing(strokes: [stroke]))
        #expect(svg.contains("d=\"M100 50 L101 51\""))
    }

    @Test func drawsHighlightsUnderTheInkAndEscapesLabels() throws {
        var options = RenderOptions()
        options.highlights = [Highlight(rect: CGRect(x: 150, y: 40, width: 200, height: 80), label: "grace <0.9> & co")]
        let svg = SVGRenderer(options: options).svg(for: Self.drawing)
        let fill = try #require(svg.range(of: "<rect class=\"overlay\" x=\"150\" y=\"40\" width=\"200\" height=\"80\" fill=\"#ffd600\""))
        let firstPath = try #require(svg.range(of: "<path "))
        #expect(fill.lowerBound < firstPath.lowerBound, "the translucent fill lies under the ink")
        #expect(svg.contains(">grace &lt;0.9&gt; &amp; co</text>"))
    }

    @Test func drawsEveryOverlayShape() {
        var options = RenderOptions()
        options.overlays = [
            Overlay(.line(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 0)), stroke: Ink.Color(red: 0, green: 0, blue: 255), label: "baseline"),
            Overlay(.polyline([CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 5), CGPoint(x: 9, y: 0)], closed: true), fill: Ink.Color(red: 0, green: 255, blue: 0, alpha: 64)),
            Overlay(.circle(center: CGPoint(x: 3, y: 3), radius: 2), dashed: true),
            Overlay(.arrow(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 30, y: 30))),
        ]
        let svg = SVGRenderer(options: options).svg(for: Drawing())
        #expect(svg.contains("<line class=\"overlay\" x1=\"0\" y1=\"0\" x2=\"10\" y2=\"0\" stroke=\"#0000ff\" fill=\"none\""))
        #expect(svg.contains("<polygon class=\"overlay\" points=\"0,0 5,5 9,0\" fill=\"#00ff00\" fill-opacity=\"0.25\""))
        #expect(svg.contains("<circle class=\"overlay\" cx=\"3\" cy=\"3\" r=\"2\"") && svg.contains("stroke-dasharray"))
        #expect(svg.contains("x2=\"30\" y2=\"30\""))
        #expect(svg.contains(">baseline</text>"))
    }

    @Test func nonFinitePointsAndEmptyDrawingsStillGiveAValidPicture() {
        let stroke = Stroke(points: [StrokePoint(x: .nan, y: 0), StrokePoint(x: 1, y: .infinity), StrokePoint(x: 4, y: 4)])
        let svg = SVGRenderer().svg(for: Drawing(strokes: [stroke]))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        #expect(svg.contains("d=\"M4 4 L4 4\""), "a lone point draws as a dot")
        #expect(SVGRenderer().svg(for: Drawing()).contains("viewBox=\"0 0 100 100\""))
    }
}
