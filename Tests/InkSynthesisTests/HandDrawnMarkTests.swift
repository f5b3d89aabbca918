import Foundation
import InkCore
import Testing
@testable import InkSynthesis

@Suite struct HandDrawnMarkTests {
    static let synth = InkSynthesizer(seed: 12)
    static let page = synth.page(lines: ["For God so loved the world", "that he gave his only Son"])

    @Test func marksAreAddedAfterTheWritingWithTheirOwnStrokes() throws {
        let word = Self.page.words[3]  // "loved"
        let marked = Self.synth.adding([.underline(word.bounds), .circle(Self.page.words[6].bounds)], to: Self.page)
        #expect(marked.lines == Self.page.lines)
        #expect(marked.drawing.strokes.prefix(Self.page.drawing.strokes.count).elementsEqual(Self.page.drawing.strokes))
        #expect(marked.marks.count == 2)
        let newIDs = Set(marked.drawing.strokes.dropFirst(Self.page.drawing.strokes.count).map(\.id))
        #expect(Set(marked.marks.flatMap(\.strokeIDs)) == newIDs)
        #expect(newIDs.isDisjoint(with: Self.page.drawing.strokes.map(\.id)))
        let lastWritingTime = try #require(Self.page.drawing.strokes.last?.points.last?.time)
        let times = marked.drawing.strokes.dropFirst(Self.page.drawing.strokes.count).flatMap(\.points).compactMap(\.time)
        #expect(times.first! > lastWritingTime && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func underlineLiesBelowItsWordAndSpansIt() throws {
        let word = Self.page.words[3]
        let mark = try #require(Self.synth.adding([.underline(word.bounds)], to: Self.page).marks.first)
        #expect(mark.strokeIDs.count == 1)
        #expect(mark.bounds.minY > word.bounds.maxY - 0.1 * 40)
        #expect(mark.bounds.minX < word.bounds.minX + 5 && mark.bounds.maxX > word.bounds.maxX - 5)
        #expect(mark.bounds.height < 0.4 * 40)
    }

    @Test func circleAndBoxEncloseTheirWord() throws {
        let word = Self.page.words[6]
        let marks = Self.synth.adding([.circle(word.bounds), .box(word.bounds)], to: Self.page).marks
        for mark in marks {
            #expect(mark.bounds.minX < word.bounds.minX && mark.bounds.maxX > word.bounds.maxX)
            #expect(mark.bounds.minY < word.bounds.minY && mark.bounds.maxY > word.bounds.maxY)
        }
    }

    @Test func arrowEndsAtItsTargetWithAHeadStroke() throws {
        let from = CGPoint(x: 900, y: 60), to = CGPoint(x: 300, y: 150)
        let marked = Self.synth.adding([.arrow(from: from, to: to)], to: Self.page)
        let mark = try #require(marked.marks.first)
        #expect(mark.strokeIDs.count == 2)
        let strokes = marked.drawing.strokes(withIDs: Set(mark.strokeIDs))
        let shaft = strokes[0].points.map(\.location), head = strokes[1].points.map(\.location)
        #expect(hypot(shaft.first!.x - from.x, shaft.first!.y - from.y) < 4)
        #expect(hypot(shaft.last!.x - to.x, shaft.last!.y - to.y) < 4)
        let tip = head.min { hypot($0.x - to.x, $0.y - to.y) < hypot($1.x - to.x, $1.y - to.y) }!
        #expect(hypot(tip.x - to.x, tip.y - to.y) < 4, "the head points at the target")
    }

    @Test func bendBowsTheShaftToTheLeftOfTravel() throws {
        let empty = SynthesizedText(drawing: Drawing(), lines: [])
        let marked = Self.synth.adding([.connector(from: CGPoint(x: 0, y: 100), to: CGPoint(x: 400, y: 100), bend: 0.25)], to: empty)
        let points = marked.drawing.strokes[0].points.map(\.location)
        let middle = try #require(points.min { abs($0.x - 200) < abs($1.x - 200) })
        #expect(middle.y < 100 - 0.15 * 400 && middle.y > 100 - 0.35 * 400, "rightward travel bows upward: \(middle.y)")
    }

    @Test func everyKindDrawsInkNearItsTarget() {
        let box = CGRect(x: 100, y: 100, width: 200, height: 120)
        let all: [HandDrawnMark] = [
            .underline(box), .strikeThrough(box), .circle(box), .box(box), .arrow(from: .zero, to: CGPoint(x: 50, y: 50)),
            .connector(from: .zero, to: CGPoint(x: 50, y: 0)), .bracket(box, side: .left), .bracket(box, side: .right),
            .brace(box, side: .left), .brace(box, side: .right), .check(at: CGPoint(x: 10, y: 10), size: 30),
            .cross(at: CGPoint(x: 10, y: 10), size: 30), .doodle(box),
        ]
        let marks = Self.synth.adding(all, to: SynthesizedText(drawing: Drawing(), lines: [])).marks
        #expect(marks.count == all.count)
        for mark in marks {
            #expect(!mark.strokeIDs.isEmpty && !mark.bounds.isNull)
            #expect(mark.bounds.intersects(CGRect(x: -60, y: -60, width: 480, height: 360)), "\(mark.mark)")
        }
        #expect(marks[6].bounds.maxX < box.minX && marks[7].bounds.minX > box.maxX, "brackets sit on their side")
        #expect(marks[12].bounds.width > 0.5 * box.width, "a doodle fills its area")
    }

    @Test func marksAreDeterministic() {
        let a = Self.synth.adding([.brace(Self.page.lines[0].bounds, side: .left)], to: Self.page)
        let b = Self.synth.adding([.brace(Self.page.lines[0].bounds, side: .left)], to: Self.page)
        #expect(a == b)
    }
}
