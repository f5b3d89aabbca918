/// How a library stores a note's languages: codes in priority order, comma-separated ("es,en");
/// "" for none named. Codes it does not know (a newer release's) are skipped when read.
enum LanguageList {
    static func stored(_ languages: [RecognitionLanguage]) -> String {
        languages.map(\.code).joined(separator: ",")
    }

    static func parse(_ text: String) -> [RecognitionLanguage] {
        text.split(separator: ",").compactMap { RecognitionLanguage(code: String($0)) }
    }
}
