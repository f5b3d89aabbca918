extension WordPrior {
    /// How many Zipf points a word of the second language gives up against one of the first, and
    /// so on down the list: preferred languages combine in priority order.
    public static let priorityStep = 0.5

    /// One prior from several, in priority order: a word takes its best value over the lists,
    /// each list's values moved so that its floor lines up with the first list's floor, less
    /// `priorityStep` for each place down the list (never below the first floor).
    ///
    /// ```swift
    /// let prior = try WordPrior.merging([WordPrior.shipped(.spanish), WordPrior.shipped(.english)])
    /// prior.lookup(token: "más")   // .known(…): Spanish first
    /// prior.lookup(token: "the")   // .known(…), half a Zipf point down
    /// ```
    /// Complexity: O(total words).
    public static func merging(_ priors: [WordPrior]) throws(LoadError) -> WordPrior {
        guard let first = priors.first else { throw .empty }
        guard priors.count > 1 else { return first }
        var table: [String: Double] = [:]
        table.reserveCapacity(priors.reduce(0) { $0 + $1.count })
        for (rank, prior) in priors.enumerated() {
            let shift = first.floorZipf - prior.floorZipf - priorityStep * Double(rank)
            for (word, zipf) in prior.entries {
                let value = max(Double(zipf) + shift, first.floorZipf)
                if value > table[word] ?? -.infinity { table[word] = value }
            }
        }
        return try WordPrior(zipfFrequencies: table)
    }

    /// This prior with an app's or a user's own words (names of people, places, books) known
    /// as words of Zipf `zipf`, unless listed higher already. Words are folded as lookups fold
    /// tokens (outer punctuation dropped, lower case); empty ones are skipped.
    ///
    /// ```swift
    /// let prior = try WordPrior.shipped().adding(["Okonkwo", "Thessaly"])
    /// prior.lookup(token: "Okonkwo")   // .known(zipf: 4.0)
    /// ```
    /// Complexity: O(count + words).
    public func adding(_ words: some Sequence<String>, zipf: Double = WordPrior.vocabularyZipf) -> WordPrior {
        var copy = self
        for word in words {
            let core = word.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
            let key = String(core.reversed()).lowercased()
            guard !key.isEmpty else { continue }
            copy.raise(key, to: Float(zipf))
        }
        return copy
    }

    /// What a vocabulary word counts as: a word about as common as "harvest" or "prophet".
    public static let vocabularyZipf = 4.0
}
