/// The characters a CTC network emits, in class order. Class 0 is the CTC blank; `characters[i]`
/// is class `i + 1`.
///
/// ```swift
/// let alphabet = Alphabet(characters: Array(" abc"))
/// alphabet.classCount            // 5
/// alphabet.character(forClass: 2) // "a"
/// alphabet.classIndex(of: "c")   // 4
/// ```
public struct Alphabet: Sendable, Hashable {
    /// The emitted characters; their order fixes the network's output classes.
    public var characters: [Character] {
        didSet { index = Alphabet.makeIndex(characters) }
    }
    private var index: [Character: Int]

    /// The class of the CTC blank.
    public static let blank = 0

    public init(characters: [Character]) {
        self.characters = characters
        self.index = Alphabet.makeIndex(characters)
    }

    /// The number of network outputs: the characters plus the blank.
    public var classCount: Int { characters.count + 1 }

    /// The character of a non-blank class, or nil for the blank and out-of-range classes.
    public func character(forClass index: Int) -> Character? {
        index >= 1 && index <= characters.count ? characters[index - 1] : nil
    }

    /// The class that emits `character`, or nil where the alphabet lacks it.
    public func classIndex(of character: Character) -> Int? { index[character] }

    /// The class of the space character, where the alphabet has one.
    public var spaceClass: Int? { index[" "] }

    private static func makeIndex(_ characters: [Character]) -> [Character: Int] {
        var index: [Character: Int] = [:]
        for (i, c) in characters.enumerated() where index[c] == nil { index[c] = i + 1 }
        return index
    }

    public static func == (a: Alphabet, b: Alphabet) -> Bool { a.characters == b.characters }
    public func hash(into hasher: inout Hasher) { hasher.combine(characters) }
}
