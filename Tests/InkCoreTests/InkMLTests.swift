import Foundation
import Testing
@testable import InkCore

@Suite struct InkMLTests {
    @Test(arguments: [Fixtures.everyField, Fixtures.minimal, Drawing()])
    func modelToInkMLToModelIsLossless(_ drawing: Drawing) throws {
        let text = try InkML.write(drawing)
        let back = try InkML.read(text)
        #expect(back.drawing == drawing)
        #expect(back.warnings.isEmpty)
        #expect(try InkML.write(back.drawing) == text)
    }

    @Test func inkMLToModelToInkMLKeepsForeignStructure() throws {
        let foreign = """
            <?xml version="1.0"?>
            <!-- a comment -->
            <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">
              <inkml:annotation type="writer">w&amp;1</inkml:annotation>
              <inkml:annotation type="writer">second</inkml:annotation>
              <inkml:traceFormat>
                <inkml:channel name="X" type="decimal"/>
                <inkml:channel name="Y" type="decimal"/>
                <inkml:channel name="T" type="decimal" units="ms"/>
                <inkml:channel name="Z" type="decimal"/>
              </inkml:traceFormat>
              <inkml:traceGroup xml:id="words">
                <inkml:annotation type="truth">hi</inkml:annotation>
                <inkml:traceGroup>
                  <inkml:trace xml:id="t1">10 20 0 1, 11 21 10 1</inkml:trace>
                </inkml:traceGroup>
                <inkml:trace xml:id="1b4e28ba-2fa1-11d2-883f-0016d3cca427" type="penUp">1 2 3 4</inkml:trace>
              </inkml:traceGroup>
              <inkml:trace>5 6 0 0</inkml:trace>
            </inkml:ink>
            """
        let first = try InkML.read(foreign)
        let d = first.drawing
        #expect(d.strokes.count == 3)
        #expect(d.annotations["writer"] == "w&1")
        #expect(d.annotations["writer#2"] == "second")
        #expect(d.annotations["inkml:traceGroup:words:truth"] == "hi")
        #expect(d.strokes[0].points[1] == StrokePoint(x: 11, y: 21, time: 0.01))
        #expect(d.strokes[0].id == InkML.strokeID(forXMLID: "t1"))
        #expect(d.strokes[0].annotations[InkML.xmlIDKey] == "t1")
        #expect(d.strokes[0].annotations[InkML.groupKey] == "words/#0")
        #expect(d.strokes[1].id == UUID(uuidString: "1B4E28BA-2FA1-11D2-883F-0016D3CCA427"))
        #expect(d.strokes[1].annotations[InkML.traceTypeKey] == "penUp")
        #expect(d.strokes[2].annotations[InkML.groupKey] == nil)
        #expect(first.warnings.contains { $0.contains("channel Z dropped") })

        let again = try InkML.read(try InkML.write(d))
        #expect(again.drawing == d)
        #expect(again.warnings.isEmpty)
        let text = try InkML.write(d)
        #expect(text.contains("xml:id=\"t1\""))
        #expect(text.contains("xml:id=\"1b4e28ba-2fa1-11d2-883f-0016d3cca427\""))
        #expect(text.contains("<traceGroup xml:id=\"words\">"))
    }

    @Test func readsDifferencesUnknownsRepeatsAndAngleUnits() throws {
        let text = """
            <ink><traceFormat><channel name="X"/><channel name="Y"/>
            <intermittentChannels><channel name="F"/><channel name="OA" units="deg"/></intermittentChannels>
            </traceFormat>
            <trace>10 100 0.5 180, '1 '-2 ? , 2 3 * 90,"1"1, !4!-5, T F</trace></ink>
            """
        let points = try InkML.read(text).drawing.strokes[0].points
        #expect(points.map(\.location.x) == [10, 11, 13, 16, 4, 1])  // a difference mode lasts until the next prefix
        #expect(points.map(\.location.y) == [100, 98, 101, 105, -5, 0])
        #expect(points[0].azimuth == .pi)
        #expect(points[1].force == nil && points[1].azimuth == nil)
        #expect(points[2].force == nil && points[2].azimuth == .pi / 2)
    }

    @Test func errorsSayWhere() {
        func failure(_ text: String, limits: XMLLimits = XMLLimits()) -> InkMLError? {
            do { _ = try InkML.read(text, limits: limits); return nil } catch { return error }
        }
        #expect(failure("<ink>\n  <trace>1 2</trac>\n</ink>") == .xml(line: 2, column: 13, reason: "closing tag </trac> does not match <trace> opened at line 2"))
        #expect(failure("<ink><trace>1 x</trace></ink>") == .invalid(path: "ink/trace[0]", line: 1, column: 6, reason: "point 0: 'x' is not a number (channel Y)"))
        #expect(failure("<ink><trace>1 2, 3</trace></ink>") == .invalid(path: "ink/trace[0]", line: 1, column: 6, reason: "point 1: has 1 values; the trace format needs at least 2 (X Y)"))
        #expect(failure("<svg/>") == .invalid(path: "svg", line: 1, column: 1, reason: "the root element is <svg>, not <ink>"))
        #expect(failure("<ink><trace brushRef=\"#nope\">1 2</trace></ink>") != nil)
        #expect(failure("<ink><trace>'1 2</trace></ink>") != nil)
        #expect(failure("<ink><trace>1e 2</trace></ink>") != nil)
        #expect(failure("<ink><trace>1e999 2</trace></ink>") != nil)
        #expect(failure("") != nil)
        #expect(failure("<ink>") != nil)
        #expect(failure("<ink a='1' a='2'/>") != nil)
        #expect(failure("<ink>&bomb;</ink>") != nil)
    }

    @Test func deepNestingAndHugeInputAreTypedErrorsNotCrashes() {
        let deep = String(repeating: "<traceGroup>", count: 100_000) + String(repeating: "</traceGroup>", count: 100_000)
        #expect(throws: InkMLError.self) { try InkML.read("<ink>" + deep + "</ink>") }
        let big = "<ink>" + String(repeating: "<annotation>x</annotation>", count: 1000) + "</ink>"
        #expect(throws: InkMLError.self) { try InkML.read(big, limits: XMLLimits(maximumBytes: 1000)) }
        let laughs = "<!DOCTYPE ink [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><ink>&b;</ink>"
        #expect(throws: InkMLError.self) { try InkML.read(laughs) }
    }

    @Test func nonFiniteValuesCannotBeWritten() {
        var drawing = Fixtures.minimal
        drawing.strokes[0].points[0].force = .nan
        #expect(throws: InkMLError.unrepresentable(stroke: 0, point: 0, reason: "channel F value nan is not finite")) {
            try InkML.write(drawing)
        }
    }

    @Test func emptyTraceIsAnEmptyStroke() throws {
        let d = try InkML.read("<ink><trace/><trace>1 2,</trace></ink>").drawing
        #expect(d.strokes.map(\.points.count) == [0, 1])
    }

    @Test func decimalTextReadsBackBitExactly() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 1e15, 1e16 + 2, 123456789012345.6, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for _ in 0..<5000 {
            let bits = generator.next() as UInt64
            let v = Double(bitPattern: bits)
            if v.isFinite { values.append(v) }
            values.append(Double(Int.random(in: -99_999...99_999)) / [1, 10, 100, 1000].randomElement()!)
        }
        let format = InkMLTraceFormat.default
        for v in values {
            let text = InkMLWriter.decimal(v) + " 0"
            let parsed = try InkMLTraceValues.decode(text, format: format)[0].location.x
            #expect(Double(parsed).bitPattern == v.bitPattern, "\(v) written as \(text)")
        }
    }
}
