/// The prefixes of a beam search as a trie of node indices, so that a prefix is an `Int32`
/// (hashable, comparable, copied for free) rather than a string. Node 0 is the empty prefix.
struct PrefixTrie {
    /// The node each node extends; -1 for the root.
    private(set) var parent: [Int32] = [-1]
    /// The class each node appends; 0 (blank) for the root.
    private(set) var label: [Int32] = [0]
    /// The frame where the node's character was emitted on the best extension seen so far.
    private(set) var emissionFrame: [Int32] = [-1]
    private var bestEmission: [Double] = [-.infinity]
    private var children: [Int: Int32] = [:]
    private let classCount: Int

    init(classCount: Int, reservingCapacity capacity: Int = 1024) {
        self.classCount = classCount
        parent.reserveCapacity(capacity)
        label.reserveCapacity(capacity)
        emissionFrame.reserveCapacity(capacity)
        bestEmission.reserveCapacity(capacity)
        children.reserveCapacity(capacity)
    }

    var count: Int { parent.count }

    /// The child of `node` by `classIndex`, created where new.
    mutating func child(of node: Int32, by classIndex: Int32) -> (node: Int32, isNew: Bool) {
        let key = Int(node) &* classCount &+ Int(classIndex)
        if let existing = children[key] { return (existing, false) }
        let created = Int32(parent.count)
        parent.append(node)
        label.append(classIndex)
        emissionFrame.append(-1)
        bestEmission.append(-.infinity)
        children[key] = created
        return (created, true)
    }

    /// Remembers `frame` as where `node`'s character was emitted if this extension is the most
    /// probable one seen for it.
    @inline(__always)
    mutating func noteEmission(of node: Int32, at frame: Int, score: Double) {
        if score > bestEmission[Int(node)] {
            bestEmission[Int(node)] = score
            emissionFrame[Int(node)] = Int32(frame)
        }
    }

    /// The classes and emission frames from the root to `node`.
    func path(to node: Int32) -> (classes: [Int32], frames: [Int]) {
        var classes: [Int32] = []
        var frames: [Int] = []
        var current = node
        while current > 0 {
            classes.append(label[Int(current)])
            frames.append(Int(emissionFrame[Int(current)]))
            current = parent[Int(current)]
        }
        return (classes.reversed(), frames.reversed())
    }
}
