import Foundation

/// Groups lines into clusters (the body, margin notes, headings).
///
/// Lines belong together when they overlap horizontally and follow each other at about the line
/// pitch. The cluster holding the most strokes is the body; a cluster mostly beside the body's
/// column is a margin note; one above the body and apart from it is a heading. O(L²) in lines.
struct ClusterDetector: Sendable {
    let unit: Double

    struct Cluster: Sendable {
        var kind: LayoutCluster.Kind
        /// Indices into the lines given, top to bottom.
        var lines: [Int]
        var bounds: CGRect
    }

    func clusters(of lines: [LineGrouper.Line], shapes: [StrokeShape]) -> [Cluster] {
        guard !lines.isEmpty else { return [] }
        let centers = lines.map { $0.fit.y(at: $0.bounds.midX) }
        var pitches: [Double] = []
        for a in lines.indices {
            let below = lines.indices.filter { centers[$0] > centers[a] + 1.5 * unit && overlapX(lines[a].bounds, lines[$0].bounds) > 0 }
            if let next = below.map({ centers[$0] - centers[a] }).min() { pitches.append(next) }
        }
        let pitch = pitches.count >= 2 ? median(pitches) : 4.5 * unit
        var parent = Array(lines.indices)
        func find(_ x: Int) -> Int { var x = x; while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }; return x }
        for a in lines.indices {
            for b in lines.indices where b > a {
                let narrower = min(lines[a].bounds.width, lines[b].bounds.width)
                guard overlapX(lines[a].bounds, lines[b].bounds) >= 0.3 * narrower else { continue }
                if abs(centers[a] - centers[b]) <= 1.7 * pitch { parent[find(a)] = find(b) }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in lines.indices { groups[find(i), default: []].append(i) }
        var clusters = groups.values.map { members -> Cluster in
            let sorted = members.sorted { centers[$0] < centers[$1] }
            return Cluster(kind: .other, lines: sorted, bounds: sorted.reduce(CGRect.null) { $0.union(lines[$1].bounds) })
        }
        let weight = { (c: Cluster) in c.lines.reduce(0) { $0 + lines[$1].members.count } }
        guard let bodyIndex = clusters.indices.max(by: { weight(clusters[$0]) < weight(clusters[$1]) }) else { return [] }
        clusters[bodyIndex].kind = .body
        let body = clusters[bodyIndex].bounds
        let size = { (c: Cluster) in median(c.lines.flatMap { lines[$0].members.map { shapes[$0].height } }) }
        let bodySize = size(clusters[bodyIndex])
        for i in clusters.indices where i != bodyIndex {
            let b = clusters[i].bounds
            let gap = max(b.minX - body.maxX, body.minX - b.maxX)
            if overlapX(b, body) < 0.5 * b.width, gap >= max(1.2 * pitch, 6 * unit) {
                // Beside the body across an empty strip: a line merely indented is not a note.
                clusters[i].kind = .marginNote
            } else if b.maxY < body.minY + 0.5 * unit, clusters[i].lines.count <= 2,
                      size(clusters[i]) >= 1.25 * bodySize || b.width <= 0.6 * body.width {
                // Above the body and either larger or short: a title, not the body's first lines.
                clusters[i].kind = .heading
            } else {
                // More of the body's column, after a paragraph break.
                clusters[i].kind = .body
            }
        }
        // Reading order: headings, then the body, then notes and the rest from the top.
        let rank: [LayoutCluster.Kind: Int] = [.heading: 0, .body: 1, .marginNote: 2, .other: 2]
        return clusters.sorted { (rank[$0.kind]!, $0.bounds.minY) < (rank[$1.kind]!, $1.bounds.minY) }
    }

    private func overlapX(_ a: CGRect, _ b: CGRect) -> Double { min(a.maxX, b.maxX) - max(a.minX, b.minX) }
}
