/// A language model over characters, queried one character at a time.
///
/// Beam search extends thousands of prefixes per line, so the model is driven through an opaque
/// `State` (for an n-gram model, the node of the longest known context) instead of re-reading a
/// string context for every query. `logProbability(of:after:)` is the convenient, slower form.
///
/// ```swift
/// let lm = try NGramLanguageModel.shipped()
/// var state = lm.initialState
/// var total = 0.0
/// for c in "the word" {
///     let step = lm.score(c, after: state)
///     total += step.logProbability
///     state = step.state
/// }
/// lm.logProbability(of: "d", after: "the wor") // same kind of number, from a string context
/// ```
public protocol CharacterLanguageModel: Sendable {
    associatedtype State: Hashable & Sendable
    /// The n of the n-gram (how many characters, including the predicted one, it looks at).
    var order: Int { get }
    /// The state at the start of a line, which begins at a word boundary.
    var initialState: State { get }
    /// The natural-log probability of `next` in `state`, and the state after it.
    /// Should be O(order) or better: the decoder calls it for every new prefix.
    func score(_ next: Character, after state: State) -> (logProbability: Double, state: State)
}

extension CharacterLanguageModel {
    /// The natural-log probability of `next` after `context`, read from the start of a line.
    /// Complexity: O(context length).
    public func logProbability(of next: Character, after context: Substring) -> Double {
        score(next, after: state(after: context)).logProbability
    }

    public func logProbability(of next: Character, after context: String) -> Double {
        logProbability(of: next, after: context[...])
    }

    /// The natural-log probability of a whole line of text, from `initialState`.
    public func logProbability(ofText text: String) -> Double {
        var state = initialState
        var total = 0.0
        for c in text {
            let step = score(c, after: state)
            total += step.logProbability
            state = step.state
        }
        return total
    }

    /// The state after reading `context` from the start of a line.
    public func state(after context: Substring) -> State {
        var state = initialState
        for c in context { state = score(c, after: state).state }
        return state
    }
}
