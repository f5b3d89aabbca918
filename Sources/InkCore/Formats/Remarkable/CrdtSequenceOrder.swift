import Foundation

/// Orders the items of a CRDT sequence as reMarkable's v6 files keep them: every item names the
/// item on its left and the one on its right when it was inserted (`0:0` at either end).
///
/// The order is a topological one: each item after its left neighbour and before its right one,
/// ties broken by the order of the file. For the usual history (items appended at the end, or
/// inserted between two others) this is the order the app shows; for a damaged or contradictory
/// sequence every item is still given once, the ones caught in a cycle in file order.
/// O(n log n) for the usual histories, O(n²) at worst.
enum CrdtSequenceOrder {
    struct Item<Value> {
        var id: RemarkableTaggedReader.CrdtID
        var left: RemarkableTaggedReader.CrdtID
        var right: RemarkableTaggedReader.CrdtID
        var value: Value
    }

    static func order<Value>(_ items: [Item<Value>]) -> [Value] {
        var indexOf: [RemarkableTaggedReader.CrdtID: Int] = [:]
        for (i, item) in items.enumerated() where indexOf[item.id] == nil { indexOf[item.id] = i }
        var successors = [[Int]](repeating: [], count: items.count)
        var waiting = [Int](repeating: 0, count: items.count)
        for (i, item) in items.enumerated() where indexOf[item.id] == i {
            if item.left != .end, let l = indexOf[item.left], l != i {
                successors[l].append(i)
                waiting[i] += 1
            }
            if item.right != .end, let r = indexOf[item.right], r != i {
                successors[i].append(r)
                waiting[r] += 1
            }
        }
        // Ready items, kept sorted by file position (descending, so the next is popped from the end).
        var ready = (0..<items.count).filter { indexOf[items[$0].id] == $0 && waiting[$0] == 0 }.reversed().map { $0 }
        var placed = [Bool](repeating: false, count: items.count)
        var result: [Value] = []
        result.reserveCapacity(items.count)
        func drain() {
            while let next = ready.popLast() {
                placed[next] = true
                result.append(items[next].value)
                for s in successors[next] where !placed[s] {
                    waiting[s] -= 1
                    if waiting[s] == 0 {
                        let at = ready.partitioningIndex { $0 < s }
                        ready.insert(s, at: at)
                    }
                }
            }
        }
        drain()
        // A cycle: take its first item in file order and go on.
        for i in items.indices where indexOf[items[i].id] == i && !placed[i] {
            guard !placed[i] else { continue }
            ready.append(i)
            waiting[i] = 0
            drain()
        }
        return result
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition`, for an array already
    /// partitioned by it. O(log n).
    fileprivate func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if belongsInSecondPartition(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
