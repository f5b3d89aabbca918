import ArgumentParser
import Foundation
import InkIndex

extension ShippedModel: ExpressibleByArgument {}

/// `--model open|research|research-alternate`, `--languages es,en` and `--vocabulary FILE`: which shipped model
/// reads, in which languages, with which extra words, on every command that recognizes.
struct ModelOption: ParsableArguments {
    @Option(help: ArgumentHelp("""
        The shipped model: open (trained only on data whose terms allow commercial use), \
        research (IAM-OnDB: non-commercial research only) or research-alternate (a second \
        research network, which the research model reads beside).
        """, valueName: ShippedModel.allCases.map(\.identifier).joined(separator: "|")))
    var model: ShippedModel = .default

    @Option(help: ArgumentHelp("""
        Languages to read, in priority order, as BCP 47 codes (es,en). 'inkindex languages' lists \
        those the model reads.
        """, valueName: "codes"))
    var languages = "en"

    @Option(help: ArgumentHelp("A file of words and names, one a line, that decoding favours like known words.", valueName: "file"))
    var vocabulary: String?

    func validate() throws {
        let supported = Set(model.supportedLanguages)
        let codes = languages.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !codes.isEmpty else { throw ValidationError("--languages needs at least one language code") }
        for code in codes {
            guard let language = RecognitionLanguage(code: code) else {
                throw ValidationError("--languages: '\(code)' is not a shipped language (see 'inkindex languages')")
            }
            guard supported.contains(language) else {
                throw ValidationError("--languages: the \(model) model does not read \(language.name) (see 'inkindex languages')")
            }
        }
    }

    /// The languages asked for, resolved (`RecognitionLanguage.resolve`).
    var recognitionLanguages: [RecognitionLanguage] {
        RecognitionLanguage.resolve(languages.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The words of `--vocabulary`, blank lines and `#` comments skipped.
    func vocabularyWords() throws -> [String] {
        guard let vocabulary else { return [] }
        guard let text = try? String(contentsOfFile: vocabulary, encoding: .utf8) else {
            throw CLIError.badInput("cannot read the vocabulary file \(vocabulary)")
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The shipped decoding for these languages and vocabulary.
    func shippedDecoding() throws -> DecodingOptions {
        .shipped(for: model, languages: recognitionLanguages, vocabulary: try vocabularyWords())
    }

    /// The model's recognizer with the shipped decoding, these languages and vocabulary.
    func load() throws -> any LineRecognizing {
        let words = try vocabularyWords()
        do { return try ShippedRecognizer.load(model, languages: recognitionLanguages, vocabulary: words) } catch {
            throw CLIError.failure("\(error)")
        }
    }

    /// `load()` reading each line as `plan` says for this model (`ReadingPlanOption`), its
    /// companions with the same languages and words.
    func load(reading plan: ReadingPlanOption) throws -> any LineRecognizing {
        try reading(try load(), as: plan)
    }

    /// `recognizer` (this model's, with any decoding) reading each line as `plan` says; a
    /// companion that cannot load is a `CLIError`.
    func reading(_ recognizer: any LineRecognizing, as plan: ReadingPlanOption) throws -> any LineRecognizing {
        do {
            return try plan.wrapping(recognizer, model: model, languages: recognitionLanguages, vocabulary: try vocabularyWords())
        } catch let error as CLIError { throw error } catch { throw CLIError.failure("\(error)") }
    }

    /// `load()` as notes are indexed for search: each line also read narrower and wider
    /// (`VariantReadingRecognizer`), as `StrokeRecognizer(model:)` reads.
    func loadForSearch() throws -> any LineRecognizing {
        do { return try ShippedRecognizer.loadForIndexing(model, languages: recognitionLanguages, vocabulary: try vocabularyWords()) } catch let error as CLIError {
            throw error
        } catch { throw CLIError.failure("\(error)") }
    }
}
