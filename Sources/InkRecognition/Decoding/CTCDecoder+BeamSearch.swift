import Foundation

extension CTCDecoder {
    /// CTC prefix beam search in log space. Each prefix (a trie node) carries the probability of
    /// the frames so far ending in a blank (`pb`) and in its last character (`pnb`); the language
    /// model, insertion, lexicon and word-prior terms are folded in once, when a prefix is first extended.
    func beamSearch<LM: CharacterLanguageModel>(
        _ frames: CTCFrames, maxCandidates: Int, languageModel: LM
    ) -> [DecodedCandidate] {
        let classCount = frames.classCount
        let pruning = extensionThreshold > -.infinity
        let blankDominance = log(0.999)
        let space = Int32(alphabet.spaceClass ?? -1)
        var trie = PrefixTrie(classCount: classCount, reservingCapacity: max(1024, frames.frameCount * beamWidth * 2))
        var lmStates: [LM.State] = [languageModel.initialState]
        var extensionScore: [Double] = [0]
        var beam = BeamBuffer()
        beam.add(node: 0, blank: 0, nonBlank: -.infinity)
        var next = BeamBuffer()
        var candidates: [Int32] = []
        candidates.reserveCapacity(classCount)

        frames.logProbabilities.withUnsafeBufferPointer { values in
            for t in 0..<frames.frameCount {
                let row = t * classCount
                let blankLP = Double(values[row])
                candidates.removeAll(keepingCapacity: true)
                // Where the blank is all but certain, no prefix grows: only blanks and repeats count.
                if !(pruning && blankLP >= blankDominance) {
                    for k in 1..<classCount where Double(values[row + k]) >= extensionThreshold { candidates.append(Int32(k)) }
                    if pruning && candidates.count > maxExtensionsPerFrame {
                        // An unsure frame (a flat distribution) would otherwise multiply the work.
                        candidates.sort { values[row + Int($0)] > values[row + Int($1)] }
                        candidates.removeLast(candidates.count - maxExtensionsPerFrame)
                    }
                }
                next.reset(nodeCount: trie.count)

                for entry in 0..<beam.count {
                    let node = beam.nodes[entry], pb = beam.blank[entry], pnb = beam.nonBlank[entry]
                    let total = logSumExp(pb, pnb)
                    let last = trie.label[Int(node)]
                    next.add(node: node, blank: total + blankLP, nonBlank: -.infinity)
                    if last != 0 {
                        next.add(node: node, blank: -.infinity, nonBlank: pnb + Double(values[row + Int(last)]))
                    }
                    for k in candidates {
                        let lp = Double(values[row + Int(k)])
                        if k == space && node == 0 {
                            // A leading space is no text: it keeps the empty prefix, like a blank.
                            next.add(node: 0, blank: total + lp, nonBlank: -.infinity)
                            continue
                        }
                        if k == last {
                            // The same character again needs a blank in between (from pb); a
                            // second space collapses into the first.
                            if k == space {
                                next.add(node: node, blank: -.infinity, nonBlank: pb + lp)
                                continue
                            }
                            if pb == -.infinity { continue }
                        }
                        let (child, isNew) = trie.child(of: node, by: k)
                        if isNew {
                            let character = alphabet.characters[Int(k) - 1]
                            let step = languageModel.score(character, after: lmStates[Int(node)])
                            lmStates.append(step.state)
                            var bonus = languageModelWeight * step.logProbability + insertionBonus
                            if k == space { bonus += wordTerm(endingAt: node, in: trie) }
                            extensionScore.append(bonus)
                        }
                        let from = k == last ? pb : total
                        let score = from + lp + extensionScore[Int(child)]
                        trie.noteEmission(of: child, at: t, score: score)
                        next.add(node: child, blank: -.infinity, nonBlank: score)
                    }
                }
                next.keepBest(beamWidth)
                swap(&beam, &next)
            }
        }
        var lineEnd: [Double] = []
        if scoresLineEnd, !(languageModel is NoLanguageModel) {
            // A line ends at a word boundary: score the space that would follow the last word.
            lineEnd = (0..<beam.count).map { entry in
                let node = beam.nodes[entry]
                guard node > 0, trie.label[Int(node)] != space else { return 0 }
                return languageModelWeight * languageModel.score(" ", after: lmStates[Int(node)]).logProbability
            }
        }
        return finish(beam, lineEnd: lineEnd, trie: trie, maxCandidates: maxCandidates, space: space)
    }

    /// Pools prefixes that differ by a trailing space, scores the last word, ranks and spells.
    private func finish(_ beam: BeamBuffer, lineEnd: [Double], trie: PrefixTrie, maxCandidates: Int, space: Int32) -> [DecodedCandidate] {
        var pooled: [Int32: Double] = [:]
        for entry in 0..<beam.count {
            var node = beam.nodes[entry]
            var score = logSumExp(beam.blank[entry], beam.nonBlank[entry]) + (lineEnd.isEmpty ? 0 : lineEnd[entry])
            if trie.label[Int(node)] == space {
                node = trie.parent[Int(node)]
            } else {
                score += wordTerm(endingAt: node, in: trie)
            }
            pooled[node] = pooled[node].map { logSumExp($0, score) } ?? score
        }
        let ranked = pooled.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let respelling = restoresMarks ? wordPrior : nil
        var candidates: [DecodedCandidate] = []
        var texts: Set<String> = []
        var respellings: [Substring: String?] = [:]
        for (node, score) in ranked {
            guard candidates.count < maxCandidates else { break }
            let path = trie.path(to: node)
            var text = String(path.classes.map { alphabet.characters[Int($0) - 1] })
            if let respelling {
                text = respelling.restoringMarks(in: text, margin: markRestorationMargin, respellings: &respellings)
                // A respelt reading may now equal a better one: the better keeps its place.
                guard texts.insert(text).inserted else { continue }
            }
            candidates.append(DecodedCandidate(text: text, logProbability: score, characterFrames: path.frames))
        }
        return candidates
    }

    /// The lexicon and word-prior terms for the word that ends at `node`; 0 with neither.
    private func wordTerm(endingAt node: Int32, in trie: PrefixTrie) -> Double {
        let usesLexicon = lexicon != nil && lexiconBonus != 0
        let usesPrior = wordPrior != nil && (wordPriorWeight != 0 || unknownWordPenalty != 0 || unknownWordPenaltyPerLetter != 0)
        guard usesLexicon || usesPrior else { return 0 }
        let space = Int32(alphabet.spaceClass ?? -1)
        var bytes: [UInt8] = []
        var current = node
        while current > 0, trie.label[Int(current)] != space {
            bytes.append(contentsOf: alphabet.characters[Int(trie.label[Int(current)]) - 1].utf8.reversed())
            current = trie.parent[Int(current)]
        }
        bytes.reverse()
        var term = 0.0
        if usesLexicon, let known = lexicon?.contains(token: String(decoding: bytes, as: UTF8.self)) {
            term += known ? lexiconBonus : -lexiconBonus
        }
        if usesPrior, let wordPrior {
            // Judged as it will be written where readings are respelt: "dolares" as "dólares".
            // A mark the network did not see costs `markRestorationPenalty`.
            var lookup: WordPrior.Lookup
            if restoresMarks && !wordPrior.markedSpellings.isEmpty {
                let judged = wordPrior.judgeRespelt(utf8: bytes, margin: markRestorationMargin)
                lookup = judged.lookup
                if judged.respelt { term -= markRestorationPenalty }
            } else {
                lookup = wordPrior.lookup(ascii: bytes)
            }
            switch lookup {
            case .known(let zipf): term += wordPriorWeight * (zipf - wordPrior.floorZipf)
            case .unknown:
                // UTF-8 lead bytes: one a character (a word with a digit is never unknown).
                let characters = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                term -= unknownWordPenalty + unknownWordPenaltyPerLetter * Double(characters)
            case .neutral: break
            }
        }
        return term
    }
}

/// The prefixes alive at one frame, with their blank and non-blank log-probabilities; adding a
/// prefix twice pools the two (log-sum-exp). Slots are found by node through a stamped table,
/// so that a frame starts without clearing anything.
struct BeamBuffer {
    private(set) var nodes: [Int32] = []
    private(set) var blank: [Double] = []
    private(set) var nonBlank: [Double] = []
    private var slotOfNode: [Int32] = []
    private var stampOfNode: [Int32] = []
    private var stamp: Int32 = 1

    var count: Int { nodes.count }

    mutating func reset(nodeCount: Int) {
        nodes.removeAll(keepingCapacity: true)
        blank.removeAll(keepingCapacity: true)
        nonBlank.removeAll(keepingCapacity: true)
        stamp &+= 1
        if stamp == Int32.max {
            stamp = 1
            for i in stampOfNode.indices { stampOfNode[i] = 0 }
        }
    }

    @inline(__always)
    mutating func add(node: Int32, blank b: Double, nonBlank nb: Double) {
        // Impossible paths (a repeat with no blank before it) must not occupy the beam.
        if b == -.infinity && nb == -.infinity { return }
        let n = Int(node)
        if n >= slotOfNode.count {
            let grown = max(n + 1, slotOfNode.count * 2)
            slotOfNode.append(contentsOf: repeatElement(0, count: grown - slotOfNode.count))
            stampOfNode.append(contentsOf: repeatElement(0, count: grown - stampOfNode.count))
        }
        if stampOfNode[n] == stamp {
            let slot = Int(slotOfNode[n])
            blank[slot] = logSumExp(blank[slot], b)
            nonBlank[slot] = logSumExp(nonBlank[slot], nb)
        } else {
            stampOfNode[n] = stamp
            slotOfNode[n] = Int32(nodes.count)
            nodes.append(node)
            blank.append(b)
            nonBlank.append(nb)
        }
    }

    /// Keeps the `width` most probable prefixes (ties broken by node, for determinism).
    mutating func keepBest(_ width: Int) {
        guard nodes.count > width else { return }
        let totals = (0..<nodes.count).map { logSumExp(blank[$0], nonBlank[$0]) }
        let order = (0..<nodes.count).sorted { totals[$0] != totals[$1] ? totals[$0] > totals[$1] : nodes[$0] < nodes[$1] }
        let kept = order.prefix(width)
        nodes = kept.map { nodes[$0] }
        blank = kept.map { blank[$0] }
        nonBlank = kept.map { nonBlank[$0] }
        // Slots of dropped nodes are stale now; the stamp changes before the next use anyway.
    }
}
