import Foundation
import InkIndex
import InkCore

/// Scores a `PageSegmenter` against pages with known lines, marks and relations.
///
/// ```swift
/// var score = LayoutBenchmark.Score()
/// for page in pages { score.add(lines: page, layout: PageSegmenter().layout(of: page.drawing)) }
/// print(score.lineAccuracy)
/// ```
public enum LayoutBenchmark {
    public struct Score: Sendable, CustomStringConvertible {
        public var lines = 0, linesExact = 0
        public var marks = 0, marksRight = 0
        public var relations = 0, relationsRight = 0
        public var notes = 0, notesSeparated = 0
        /// Per mark kind: (right, total).
        public var byKind: [LayoutMark.Kind: (Int, Int)] = [:]
        /// Descriptions of the first failures, for tuning.
        public var failures: [String] = []

        public init() {}

        public var lineAccuracy: Double { ratio(linesExact, lines) }
        public var markAccuracy: Double { ratio(marksRight, marks) }
        public var relationAccuracy: Double { ratio(relationsRight, relations) }

        public var description: String {
            var s = String(format: "lines exact %d/%d (%.2f%%)", linesExact, lines, 100 * lineAccuracy)
            if marks > 0 {
                s += String(format: "; marks right %d/%d (%.2f%%); relations right %d/%d (%.2f%%); margin notes separated %d/%d",
                            marksRight, marks, 100 * markAccuracy, relationsRight, relations, 100 * relationAccuracy, notesSeparated, notes)
                let kinds = byKind.keys.sorted { $0.rawValue < $1.rawValue }.map { "\($0.rawValue) \(byKind[$0]!.0)/\(byKind[$0]!.1)" }
                s += "\n  by kind: " + kinds.joined(separator: ", ")
            }
            return s
        }

        /// A true line is recovered when some layout line holds exactly its strokes.
        public mutating func add(lines page: StackedPage, layout: PageLayout, skipping skipped: Set<UUID> = []) {
            let found = Set(layout.lines.map { Set($0.strokeIDs) })
            var truthLine: [UUID: Int] = [:]
            for (k, truth) in page.lines.enumerated() { for id in truth { truthLine[id] = k } }
            for (k, truth) in page.lines.enumerated() where !Set(truth).isSubset(of: skipped) || skipped.isEmpty {
                lines += 1
                if found.contains(Set(truth)) { linesExact += 1 } else {
                    // Where its strokes went: layout line id → count, and strokes from other true lines mixed in.
                    let ids = Set(truth)
                    let parts = layout.lines.filter { !ids.isDisjoint(with: $0.strokeIDs) }.map { line in
                        let own = line.strokeIDs.filter(ids.contains).count
                        let foreign = line.strokeIDs.filter { !ids.contains($0) }.map { truthLine[$0].map(String.init) ?? "?" }
                        return "L\(line.id):\(own)" + (foreign.isEmpty ? "" : "+[\(foreign.joined(separator: ","))]")
                    }
                    let lost = truth.filter { id in !layout.lines.contains { $0.strokeIDs.contains(id) } }
                        .map { layout.mark(containing: $0)?.kind.rawValue ?? "drawing" }
                    fail("\(page.form): line \(k) of \(truth.count) strokes → \(parts.joined(separator: " "))" + (lost.isEmpty ? "" : " lost as \(lost)"))
                }
            }
        }

        /// Marks, their relations, and the margin note of a marked page.
        public mutating func add(marked: MarkedPage, layout: PageLayout) {
            add(lines: marked.page, layout: layout)
            for truth in marked.marks {
                marks += 1
                let found = layout.marks.first { Set($0.strokeIDs) == Set(truth.strokeIDs) }
                let right = found?.kind == truth.kind
                if right { marksRight += 1 } else {
                    let became = truth.strokeIDs.map { id in
                        layout.mark(containing: id).map { "\($0.kind.rawValue)#\($0.id)" } ?? layout.line(containing: id).map { "line \($0.id)" } ?? "drawing"
                    }
                    fail("\(marked.page.form): \(truth.kind.rawValue) found as \(found.map { $0.kind.rawValue } ?? "no mark with its strokes: \(became)")")
                }
                var counts = byKind[truth.kind] ?? (0, 0)
                counts.1 += 1
                if right { counts.0 += 1 }
                byKind[truth.kind] = counts
                relations += 1
                if let found, relationRight(truth.target, mark: found.id, layout: layout) { relationsRight += 1 } else {
                    let made: [String] = found.map { m in layout.relations.filter { $0.mark == m.id }.map { r -> String in
                        var text = "\(r.kind.rawValue) \(r.from) -> \(r.to) j=\(String(format: "%.2f", jaccard(r.to.flatMap(layout.strokeIDs(of:)), truth.target.allTargetStrokes)))"
                        if case .points(let from, _) = truth.target {
                            text += String(format: " jfrom=%.2f", jaccard(layout.strokeIDs(of: r.from), from))
                        }
                        return text
                    } } ?? []
                    fail("\(marked.page.form): relation of \(truth.kind.rawValue) wrong: \(made.joined(separator: "; ")); truth \(describe(truth.target, in: layout))")
                }
            }
            if let note = marked.note {
                notes += 1
                relations += 1
                let cluster = layout.clusters.first { Set(layout.strokeIDs(of: .cluster($0.id))) == Set(note.strokeIDs) }
                if let cluster, cluster.kind == .marginNote { notesSeparated += 1 } else { fail("\(marked.page.form): margin note not separated") }
                let right = cluster.map { c in
                    layout.relations.contains { r in
                        r.kind == .annotates && r.from == .cluster(c.id)
                            && r.to.count == 1 && jaccard(layout.strokeIDs(of: r.to[0]), note.bodyLine) >= 0.9
                    }
                } ?? false
                if right { relationsRight += 1 } else { fail("\(marked.page.form): margin note relation wrong") }
            }
        }

        private func relationRight(_ target: MarkedPage.Target, mark: Int, layout: PageLayout) -> Bool {
            let made = layout.relations.filter { $0.mark == mark }
            guard let r = made.first else { return false }
            switch target {
            case .words(let ids):
                return jaccard(r.to.flatMap(layout.strokeIDs(of:)), ids) >= 0.7
            case .points(let from, let to):
                return r.kind == .points && jaccard(layout.strokeIDs(of: r.from), from) >= 0.5
                    && jaccard(r.to.flatMap(layout.strokeIDs(of:)), to) >= 0.5
            case .lines(let lines):
                let spanned = Set(r.to.map { Set(layout.strokeIDs(of: $0)) })
                return spanned == Set(lines.map { Set($0) })
            }
        }

        /// Where the target's strokes lie in the layout: "L3w2:5/7" is 5 of the target's strokes in
        /// word 2 of line 3, a word of 7 strokes.
        private func describe(_ target: MarkedPage.Target, in layout: PageLayout) -> String {
            func words(_ ids: [UUID]) -> String {
                let wanted = Set(ids)
                var parts: [String] = []
                for line in layout.lines {
                    for (k, word) in line.words.enumerated() {
                        let n = word.strokeIDs.filter(wanted.contains).count
                        if n > 0 { parts.append("L\(line.id)w\(k):\(n)/\(word.strokeIDs.count)") }
                    }
                }
                return "[" + parts.joined(separator: " ") + "]"
            }
            switch target {
            case .words(let ids): return words(ids)
            case .points(let from, let to): return words(from) + " -> " + words(to)
            case .lines(let lines): return lines.map(words).joined(separator: " ")
            }
        }

        private mutating func fail(_ message: String) { if failures.count < 400 { failures.append(message) } }
    }

    /// |a ∩ b| / |a ∪ b| of two stroke sets.
    public static func jaccard(_ a: [UUID], _ b: [UUID]) -> Double {
        let sa = Set(a), sb = Set(b)
        let union = sa.union(sb).count
        return union == 0 ? 1 : Double(sa.intersection(sb).count) / Double(union)
    }
}

extension MarkedPage.Target {
    var allTargetStrokes: [UUID] {
        switch self {
        case .words(let ids): ids
        case .points(_, let to): to
        case .lines(let lines): lines.flatMap { $0 }
        }
    }
}

private func ratio(_ a: Int, _ b: Int) -> Double { b == 0 ? 0 : Double(a) / Double(b) }
private func jaccard(_ a: [UUID], _ b: [UUID]) -> Double { LayoutBenchmark.jaccard(a, b) }
