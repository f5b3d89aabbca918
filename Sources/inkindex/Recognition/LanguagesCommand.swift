import ArgumentParser
import Foundation
import InkIndex

/// `inkindex languages`: the shipped languages and which model reads each.
struct LanguagesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "List the languages InkIndex reads, and which shipped model reads each.",
        discussion: "Give them to --languages, in priority order: --languages es,en.")

    @Flag(help: "One JSON object per language (code, name, models).")
    var json = false

    func run() async throws {
        let readers = Dictionary(uniqueKeysWithValues: ShippedModel.allCases.map { ($0, Set($0.supportedLanguages)) })
        for language in RecognitionLanguage.all {
            let models = ShippedModel.allCases.filter { readers[$0]!.contains(language) }.map(\.identifier)
            if json {
                let object: [String: Any] = ["code": language.code, "name": language.name, "models": models]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                let code = language.code.padding(toLength: 5, withPad: " ", startingAt: 0)
                let name = language.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                print("\(code)\(name)\(models.joined(separator: ", "))")
            }
        }
    }
}
