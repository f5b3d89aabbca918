import Foundation
import Testing
@testable import InkCore

/// InkML as other programs write it: fixtures written for these tests in the shapes met in the
/// wild (never copies of corpus files).
@Suite struct InkMLProducerShapesTests {
    /// The shape of Tablet PC capture software's files: no namespace, a plain `id`, an
    /// `inkSource` with its trace format, contexts naming it and a brush with `#`, groups with
    /// `annotationXML` (writer characteristics, ground truth).
    static let tabletCapture = """
        <?xml version="1.0" encoding="utf-8"?>
        <ink>
          <definitions>
            <inkSource id="tablet0">
              <traceFormat><channel name="X" type="integer"/><channel name="Y" type="integer"/><channel name="T" type="integer"/></traceFormat>
            </inkSource>
            <brush id="brush0"/>
            <context id="context0" inkSourceRef="#tablet0" brushRef="#brush0"/>
          </definitions>
          <traceGroup>
            <annotationXML type="writer"><age>34</age><hand>right</hand></annotationXML>
            <traceGroup>
              <annotationXML type="truth"><text>hello</text></annotationXML>
              <trace contextRef="#context0">10 20 0, 12 24 8, 15 30 16</trace>
              <trace contextRef="context0">30 20 40, 33 28 48</trace>
            </traceGroup>
          </traceGroup>
        </ink>
        """

    @Test func tabletCaptureFilesReadWithTheirGroupsAndAnnotations() throws {
        let result = try InkML.read(Self.tabletCapture)
        let drawing = result.drawing
        #expect(drawing.strokes.count == 2)
        #expect(drawing.strokes[0].points.map(\.location.x) == [10, 12, 15])
        #expect(drawing.strokes[0].points.map(\.time) == [0, 8, 16], "the inkSource's format has a time channel")
        #expect(drawing.strokes.allSatisfy { $0.annotations[InkML.groupKey] == "#0/#0" })
        #expect(drawing.annotations[InkML.groupAnnotationPrefix + "#0:writer"] == "34 right")
        #expect(drawing.annotations[InkML.groupAnnotationPrefix + "#0/#0:truth"] == "hello")
        #expect(result.warnings.contains("'id' read as 'xml:id'"))
    }

    /// A 2011 math-handwriting file's shape: traces with `xml:id`, a `traceView` segmentation and
    /// a MathML `annotationXML`.
    static let mathSegmentation = """
        <ink xmlns="http://www.w3.org/2003/InkML">
          <annotation type="truth">$x^2$</annotation>
          <trace xml:id="0">0 0, 5 5, 10 0</trace>
          <trace xml:id="1">20 -10, 22 -14</trace>
          <traceGroup xml:id="segmentation">
            <annotation type="truth">Segmentation</annotation>
          </traceGroup>
          <traceView xml:id="symbols">
            <traceView xml:id="x"><annotation type="truth">x</annotation><traceView traceDataRef="#0"/></traceView>
            <traceView xml:id="two"><annotation type="truth">2</annotation><traceView traceDataRef="1"/></traceView>
          </traceView>
          <annotationXML type="MathML"><math><msup><mi>x</mi><mn>2</mn></msup></math></annotationXML>
        </ink>
        """

    @Test func traceViewsAndMathMLAreKept() throws {
        let drawing = try InkML.read(Self.mathSegmentation).drawing
        #expect(drawing.strokes.count == 2)
        #expect(drawing.annotations["truth"] == "$x^2$")
        #expect(drawing.annotations[InkML.traceViewPrefix + "symbols/x"] == "0")
        #expect(drawing.annotations[InkML.traceViewPrefix + "symbols/two"] == "1")
        #expect(drawing.annotations[InkML.traceViewPrefix + "symbols/x:truth"] == "x")
        #expect(drawing.annotations["MathML"] == "x 2")
    }

    @Test func whatCannotBeReadIsStillRefused() {
        let dangling = Self.tabletCapture.replacingOccurrences(of: "contextRef=\"#context0\"", with: "contextRef=\"#nothing\"")
        #expect(throws: InkMLError.self) { try InkML.read(dangling) }
        let badSource = Self.tabletCapture.replacingOccurrences(of: "inkSourceRef=\"#tablet0\"", with: "inkSourceRef=\"#missing\"")
        #expect(throws: InkMLError.self) { try InkML.read(badSource) }
        let unparsable = Self.tabletCapture.replacingOccurrences(of: "30 20 40, 33 28 48", with: "30 twenty 40")
        #expect(throws: InkMLError.self) { try InkML.read(unparsable) }
    }
}
