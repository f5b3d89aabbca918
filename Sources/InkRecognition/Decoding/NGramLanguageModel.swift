import Foundation

/// A character n-gram language model with backoff, stored as a trie (see
/// `NGramLanguageModel+Format.swift` for the file format and `Training/lm/` for how the shipped
/// one is built from the King James Bible, a word list, scripture references and modern prose).
///
/// The state is the trie node of the longest context the model knows, so that scoring a
/// character is a child lookup, plus a few backoff steps where the context is unknown.
///
/// ```swift
/// let lm = try NGramLanguageModel.shipped()
/// lm.logProbability(of: "e", after: "In the beginning God created th") // close to 0
/// ```
public struct NGramLanguageModel: CharacterLanguageModel {
    public let order: Int
    /// The characters the model knows; any other scores `unknownLogProbability`.
    public let symbols: [Character]
    public let unknownLogProbability: Double
    public let initialState: Int32

    // The trie, breadth first: node 0 is the empty context; children are contiguous, by symbol.
    let symbolOfNode: [UInt8]
    let firstChild: [Int32]
    let childCount: [UInt8]
    let logProbability: [Float]
    let backoff: [Float]
    /// The node of the same n-gram without its first character (its longest proper suffix).
    let suffixLink: [Int32]
    let depth: [UInt8]
    private let asciiSymbol: [Int16]
    private let symbolIndex: [Character: Int]

    init(order: Int, symbols: [Character], unknownLogProbability: Double,
         symbolOfNode: [UInt8], childCount: [UInt8], logProbability: [Float], backoff: [Float]) throws {
        self.order = order
        self.symbols = symbols
        self.unknownLogProbability = unknownLogProbability
        self.symbolOfNode = symbolOfNode
        self.childCount = childCount
        self.logProbability = logProbability
        self.backoff = backoff
        var ascii = [Int16](repeating: -1, count: 128)
        var index: [Character: Int] = [:]
        for (i, c) in symbols.enumerated() {
            index[c] = i
            if let a = c.asciiValue { ascii[Int(a)] = Int16(i) }
        }
        self.asciiSymbol = ascii
        self.symbolIndex = index

        let nodeCount = symbolOfNode.count
        var first = [Int32](repeating: 0, count: nodeCount)
        var depth = [UInt8](repeating: 0, count: nodeCount)
        var next = 1
        for node in 0..<nodeCount {
            first[node] = Int32(next)
            for child in next..<min(next + Int(childCount[node]), nodeCount) { depth[child] = depth[node] + 1 }
            next += Int(childCount[node])
        }
        guard next == nodeCount else {
            throw NGramLanguageModel.LoadError.inconsistent("child counts add up to \(next) nodes, the file has \(nodeCount)")
        }
        self.firstChild = first
        self.depth = depth
        guard depth.max().map({ Int($0) <= order }) ?? true else {
            throw NGramLanguageModel.LoadError.inconsistent("the trie is deeper than the order \(order)")
        }

        // Breadth-first order visits a node's parent and the parent's suffix before the node.
        var link = [Int32](repeating: 0, count: nodeCount)
        for parent in 0..<nodeCount {
            let start = Int(first[parent])
            for child in start..<(start + Int(childCount[parent])) {
                if parent == 0 { link[child] = 0; continue }
                guard let suffix = NGramLanguageModel.child(of: Int(link[parent]), symbol: symbolOfNode[child],
                                                            firstChild: first, childCount: childCount, symbols: symbolOfNode)
                else {
                    throw NGramLanguageModel.LoadError.inconsistent("n-gram at node \(child) has no stored suffix")
                }
                link[child] = Int32(suffix)
            }
        }
        self.suffixLink = link
        let spaceSymbol = index[" "].map { UInt8($0) }
        self.initialState = spaceSymbol.flatMap {
            NGramLanguageModel.child(of: 0, symbol: $0, firstChild: first, childCount: childCount, symbols: symbolOfNode)
        }.map(Int32.init) ?? 0
    }

    /// Complexity: O(order × log alphabet) at worst (backing off to shorter contexts).
    public func score(_ next: Character, after state: Int32) -> (logProbability: Double, state: Int32) {
        let symbol: Int
        if let a = next.asciiValue {
            symbol = Int(asciiSymbol[Int(a)])
        } else {
            symbol = symbolIndex[next] ?? -1
        }
        guard symbol >= 0 else {
            guard let ascii = LatinFolding.ascii(for: next) else { return (unknownLogProbability, 0) }
            return scoreFolded(ascii, after: state)
        }
        var node = Int(state)
        var penalty = 0.0
        while true {
            if let child = NGramLanguageModel.child(of: node, symbol: UInt8(symbol), firstChild: firstChild,
                                                    childCount: childCount, symbols: symbolOfNode) {
                let nextState = Int(depth[child]) < order ? child : Int(suffixLink[child])
                return (penalty + Double(logProbability[child]), Int32(nextState))
            }
            if node == 0 { return (penalty + unknownLogProbability, 0) }
            penalty += Double(backoff[node])
            node = Int(suffixLink[node])
        }
    }

    /// What a letter outside the model's symbols costs beyond its ASCII spelling: ln 0.5, so that
    /// "más" scores as "mas" less a little, never as three unknown symbols.
    public static let foldedLogProbability = log(0.5)

    /// A character the model lacks, scored as its ASCII spelling (`LatinFolding`).
    private func scoreFolded(_ ascii: String, after state: Int32) -> (logProbability: Double, state: Int32) {
        var total = Self.foldedLogProbability
        var current = state
        for character in ascii {
            let step = score(character, after: current)
            total += step.logProbability
            current = step.state
        }
        return (total, current)
    }

    /// The child of `node` by `symbol`, by binary search among its sorted children.
    @inline(__always)
    static func child(of node: Int, symbol: UInt8, firstChild: [Int32], childCount: [UInt8], symbols: [UInt8]) -> Int? {
        var low = Int(firstChild[node]), high = low + Int(childCount[node])
        while low < high {
            let mid = (low + high) >> 1
            let s = symbols[mid]
            if s == symbol { return mid }
            if s < symbol { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// How many n-grams (trie nodes, the empty context included) the model stores.
    public var nodeCount: Int { symbolOfNode.count }
}

extension NGramLanguageModel: Equatable {
    public static func == (a: NGramLanguageModel, b: NGramLanguageModel) -> Bool {
        a.order == b.order && a.symbols == b.symbols && a.symbolOfNode == b.symbolOfNode
            && a.childCount == b.childCount && a.logProbability == b.logProbability && a.backoff == b.backoff
    }
}
