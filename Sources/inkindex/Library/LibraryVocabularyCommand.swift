import ArgumentParser
import InkIndex

/// `inkindex library vocabulary`: the words decoding favours with `--library-vocabulary`.
struct LibraryVocabularyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocabulary",
        abstract: "List, add or remove the library's vocabulary (titles, successful searches, your own words).",
        discussion: """
            Recognition favours these words like known words where a library command is given \
            --library-vocabulary. Without --add or --remove, lists the words, most used first.
            """)

    @OptionGroup var library: LibraryOptions

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Words or names to add as your own.", valueName: "word"))
    var add: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Words to remove.", valueName: "word"))
    var remove: [String] = []

    @Flag(help: "One JSON object per word (word, source, added, uses).")
    var json = false

    func run() async throws {
        let session = try library.open()
        if !add.isEmpty { try await session.library.addVocabulary(add) }
        if !remove.isEmpty {
            let removed = try await session.library.removeVocabulary(remove)
            Terminal.printError("removed \(removed) of \(Set(remove.map { $0.lowercased() }).count)")
        }
        guard add.isEmpty && remove.isEmpty else { return }
        for word in try await session.library.vocabularyWords() {
            if json { try Terminal.printJSON(word) } else { print("\(word.word)\t\(word.source.rawValue)\t\(word.uses)") }
        }
    }
}
