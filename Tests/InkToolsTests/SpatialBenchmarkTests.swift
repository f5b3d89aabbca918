import Foundation
import InkIndex
import InkSynthesis
import Testing
@testable import InkTools

/// The benchmark end to end on stacked pages of transcribed synthetic ink (read from their
/// transcript, so every word is found): what it measures must come out right where recognition
/// is perfect, without ../shared.
@Suite struct SpatialBenchmarkTests {
    static let texts = [
        ["the grace of God is with you", "faith hope and love remain", "walk in the light of the world",
         "peace be with you always", "the word was with God", "a lamp unto my feet"],
        ["blessed are the meek today", "for they shall inherit the earth", "blessed are the merciful ones",
         "the kingdom of heaven is near", "love your neighbour as yourself"],
    ]

    static func stackedPages() -> [StackedPage] {
        texts.enumerated().map { n, lines in
            var style = InkSynthesizer.Style()
            style.sampleSpacing = 0.2
            let ink = TranscribedInk(seed: UInt64(n) + 3, style: style)
            var page = StackedPage(form: "synthetic-\(n)", drawing: Drawing(), lines: [], texts: [])
            for (k, text) in lines.enumerated() {
                var strokes = ink.line(text, origin: CGPoint(x: 20, y: 100 + 110 * Double(k)), idPrefix: "form\(n)/\(k)")
                for s in strokes.indices {
                    for p in strokes[s].points.indices { strokes[s].points[p].time = strokes[s].points[p].time ?? Double(p) * 0.01 }
                }
                page.append(Drawing(strokes: strokes), text: text)
            }
            return page
        }
    }

    @Test func perfectReadingsGiveHighFiguresAndStruckWordsRankBelowTheirTwins() async {
        let benchmark = SpatialBenchmark(seed: 1)
        let pages = Self.stackedPages().enumerated().map { SpatialPage($0.element, seed: 1 &+ UInt64($0.offset), strikes: 1) }
        #expect(pages.allSatisfy { !$0.emphasizedWords.isEmpty && $0.note != nil && $0.struck.count == 1 })
        let report = await benchmark.run(pages: pages, recognizer: TranscriptRecognizer())
        #expect(report.pages == 2, "\(report.emphasized) \(report.inMargin) \(report.linked) \(report.struck)")
        #expect(report.emphasized.queries > 0 && report.emphasized.relevant > 0)
        #expect(report.emphasized.recall >= 0.9 && report.emphasized.precision >= 0.9, "\(report.emphasized)")
        #expect(report.inMargin.recall >= 0.9 && report.inMargin.precision >= 0.9, "\(report.inMargin)")
        #expect(report.linked.relevant > 0)
        #expect(report.linked.recall >= 0.8 && report.linked.precision >= 0.8, "\(report.linked)")
        #expect(report.struck.words == 2)
        #expect(report.struck.markedWithTwins > 0 && report.struck.markedRankedBelowTwins == report.struck.markedWithTwins)
    }

    @Test func aStruckWordIsScoredAgainstItsTwins() {
        var index = SearchIndex<Int>()
        let ids = (0..<3).map { UUID(deterministicFrom: "twin\($0)") }
        let tokens = ids.enumerated().map { k, id in
            WordToken(strokeIDs: [id], bounds: CGRect(x: 10 * k, y: 0, width: 8, height: 5), line: 0, position: k,
                      readings: [WordReading(text: "grace", probability: 0.9)])
        }
        var markup = PageMarkup(plain: 3)
        markup.places[1].marks = [PageMarkup.Mark(kind: .strikethrough, id: 0)]
        index.add(tokens, markup: PageMarkup(places: markup.places, links: []), to: 0)
        var struck = SpatialBenchmark.Struck()
        SpatialBenchmark.rank(SpatialPage.Word(text: "grace", strokeIDs: [ids[1]]), on: 0, in: index, into: &struck)
        #expect(struck.found == 1 && struck.marked == 1 && struck.withTwins == 1 && struck.rankedBelowTwins == 1)
        SpatialBenchmark.rank(SpatialPage.Word(text: "grace", strokeIDs: [ids[0]]), on: 0, in: index, into: &struck)
        #expect(struck.found == 2 && struck.marked == 1 && struck.withTwins == 2 && struck.rankedBelowTwins == 1)
    }
}
