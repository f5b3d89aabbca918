import Foundation
import Testing
@testable import InkCore

/// Documents that `InkML.read` accepted and the writer wrote back as a different drawing (the
/// `inkml` fuzz target's round-trip property): a group id that looks like the one the reader
/// makes up for a group without `xml:id`, and reserved stroke annotations set through InkIndex's
/// per-stroke block that the trace's attributes do not bring back.
@Suite struct InkMLRoundTripRegressionTests {
    static let documents = [
        // An explicit group id "#5" was written as a group without id, which reads back as "#0".
        ##"<ink><traceGroup xml:id="#5"><trace>1 2</trace></traceGroup></ink>"##,
        // A canonical UUID as the kept xml:id: the trace's xml:id alone reads back as no annotation.
        ##"<ink><trace>1 2</trace><annotationXML type="inkindex:strokes"><stroke index="0"><annotation type="inkml:xml:id">00000000-0000-0000-0000-000000000001</annotation></stroke></annotationXML></ink>"##,
        // A penDown type: the trace's type attribute reads back as no annotation.
        ##"<ink><trace>1 2</trace><annotationXML type="inkindex:strokes"><stroke index="0"><annotation type="inkml:type">penDown</annotation></stroke></annotationXML></ink>"##,
        // Group membership given in the block: written as a group without id, read back as "#0".
        ##"<ink><trace>1 2</trace><annotationXML type="inkindex:strokes"><stroke index="0"><annotation type="inkml:traceGroup">#7</annotation></stroke></annotationXML></ink>"##,
    ]

    @Test(arguments: documents)
    func readWriteReadKeepsTheDrawing(_ document: String) throws {
        let first = try InkML.read(document).drawing
        let again = try InkML.read(try InkML.write(first)).drawing
        #expect(again == first)
    }

    @Test func groupIDsThatLookMadeUpAreKeptAsWritten() throws {
        let drawing = try InkML.read(Self.documents[0]).drawing
        #expect(drawing.strokes[0].annotations[InkML.groupKey] == "#5")
        let text = try InkML.write(drawing)
        #expect(text.contains(##"<traceGroup xml:id="#5">"##))
    }

    @Test func groupsWithoutIDStayWithoutID() throws {
        let document = ##"<ink><trace>0 0</trace><traceGroup><annotation type="t">v</annotation><trace>1 2</trace><traceGroup><trace>3 4</trace></traceGroup></traceGroup></ink>"##
        let drawing = try InkML.read(document).drawing
        #expect(drawing.strokes.map { $0.annotations[InkML.groupKey] } == [nil, "#1", "#1/#2"])
        let text = try InkML.write(drawing)
        #expect(!text.contains("<traceGroup xml:id"))
        #expect(try InkML.read(text).drawing == drawing)
    }

    @Test func reservedAnnotationsMadeInCodeSurviveTheWriter() throws {
        var stroke = Stroke(id: UUID(deterministicFrom: "s"), points: [StrokePoint(x: 1, y: 2)])
        stroke.annotations[InkML.xmlIDKey] = UUID(deterministicFrom: "other").uuidString
        stroke.annotations[InkML.traceTypeKey] = "penDown"
        stroke.annotations[InkML.groupKey] = "#3/g"
        let drawing = Drawing(strokes: [stroke])
        #expect(try InkML.read(try InkML.write(drawing)).drawing == drawing)
    }

    @Test func aGroupAnnotationDoesNotOverwriteADrawingAnnotation() throws {
        let document = ##"<ink><annotation type="inkml:traceGroup:g:t">root</annotation><traceGroup xml:id="g"><annotation type="t">group</annotation><trace>1 2</trace></traceGroup></ink>"##
        let drawing = try InkML.read(document).drawing
        #expect(Set(drawing.annotations.values) == ["root", "group"])
        #expect(try InkML.read(try InkML.write(drawing)).drawing == drawing)
    }
}
