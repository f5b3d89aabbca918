import Foundation

/// A language the shipped recognizer can be asked to read: its word prior (wordfreq's most
/// frequent words of the language) steers the decoder toward that language's words, and the
/// letters it needs say which models can write it.
///
/// Twenty Latin-script languages ship. Codes are BCP 47 language subtags as wordfreq names
/// them; regional and legacy forms map onto them ("es-MX" → `es`, "no" and "nn" → `nb`,
/// "tl" → `fil`, "in" → `id`).
///
/// ```swift
/// let spanish = RecognitionLanguage(code: "es-MX")          // .spanish
/// RecognitionLanguage(Locale.Language(identifier: "pt-BR"))  // .portuguese
/// RecognitionLanguage.all.map(\.code)                        // ["en", "es", "fr", …]
/// spanish?.specialLetters                                    // "áéíñóúü"
/// ```
public struct RecognitionLanguage: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The language subtag: "en", "es", "nb", "fil".
    public let code: String
    /// The language's name in English.
    public let name: String
    /// The lower-case letters beyond a–z that its words use; a model reads the language when
    /// its alphabet has all of them (and their capitals).
    public let specialLetters: String

    private init(_ code: String, _ name: String, _ specialLetters: String) {
        self.code = code
        self.name = name
        self.specialLetters = specialLetters
    }

    public static let english = RecognitionLanguage("en", "English", "")
    public static let spanish = RecognitionLanguage("es", "Spanish", "áéíñóúü")
    public static let french = RecognitionLanguage("fr", "French", "àâæçéèêëîïôœùûüÿ")
    public static let german = RecognitionLanguage("de", "German", "äöüß")
    public static let portuguese = RecognitionLanguage("pt", "Portuguese", "áàâãçéêíóôõú")
    public static let italian = RecognitionLanguage("it", "Italian", "àèéìíîòóùú")
    public static let dutch = RecognitionLanguage("nl", "Dutch", "éëïöü")
    public static let swedish = RecognitionLanguage("sv", "Swedish", "åäö")
    public static let danish = RecognitionLanguage("da", "Danish", "åæø")
    public static let norwegianBokmal = RecognitionLanguage("nb", "Norwegian Bokmål", "åæø")
    public static let finnish = RecognitionLanguage("fi", "Finnish", "åäö")
    public static let polish = RecognitionLanguage("pl", "Polish", "ąćęłńóśźż")
    /// Czech's ý joined the open model's alphabet in recognition version 17 (Training/alphabet.py,
    /// `LATIN_ADDED`) and the research model's in version 18; a model that cannot write it does
    /// not read Czech.
    public static let czech = RecognitionLanguage("cs", "Czech", "áčďéěíňóřšťúůýž")
    public static let romanian = RecognitionLanguage("ro", "Romanian", "ăâîșț")
    public static let hungarian = RecognitionLanguage("hu", "Hungarian", "áéíóöőúüű")
    public static let turkish = RecognitionLanguage("tr", "Turkish", "çğıöşü")
    public static let catalan = RecognitionLanguage("ca", "Catalan", "àçéèíïòóúü")
    public static let indonesian = RecognitionLanguage("id", "Indonesian", "")
    public static let malay = RecognitionLanguage("ms", "Malay", "")
    public static let filipino = RecognitionLanguage("fil", "Filipino", "ñ")

    /// Every language InkIndex ships a word prior for, English first.
    public static let all: [RecognitionLanguage] = [
        .english, .spanish, .french, .german, .portuguese, .italian, .dutch, .swedish, .danish,
        .norwegianBokmal, .finnish, .polish, .czech, .romanian, .hungarian, .turkish, .catalan,
        .indonesian, .malay, .filipino,
    ]

    private static let byCode: [String: RecognitionLanguage] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })
    private static let aliases: [String: String] = ["no": "nb", "nn": "nb", "tl": "fil", "in": "id", "iw": "he"]

    /// The shipped language a BCP 47 tag or language code names ("es", "es-MX", "pt_BR", "no"),
    /// or nil for a language that does not ship.
    public init?(code: String) {
        let subtag = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        guard let language = Self.byCode[Self.aliases[subtag] ?? subtag] else { return nil }
        self = language
    }

    /// The shipped language of a `Locale.Language`, or nil for one that does not ship.
    public init?(_ language: Locale.Language) {
        guard let code = language.languageCode?.identifier else { return nil }
        self.init(code: code)
    }

    /// The language as Foundation names it.
    public var localeLanguage: Locale.Language { Locale.Language(identifier: code) }

    /// The languages a list of tags names, shipped ones only, in order, each once: what
    /// `--languages es,en` and a `preferredLanguages` list resolve to.
    ///
    /// ```swift
    /// RecognitionLanguage.resolve(["es-MX", "xx", "en-GB", "es"])   // [.spanish, .english]
    /// ```
    public static func resolve(_ codes: [String]) -> [RecognitionLanguage] {
        var seen = Set<String>(), out: [RecognitionLanguage] = []
        for code in codes {
            if let language = RecognitionLanguage(code: code), seen.insert(language.code).inserted { out.append(language) }
        }
        return out
    }

    /// Whether a model whose alphabet is `characters` can write this language's letters.
    public func isWritable(with characters: some Collection<Character>) -> Bool {
        let set = Set(characters)
        return specialLetters.allSatisfy { letter in
            set.contains(letter) && (letter.uppercased().count != 1 || set.contains(Character(letter.uppercased())))
        }
    }

    /// The name of its word prior in the bundle's Resources (English keeps the original name).
    var wordPriorResource: String { code == "en" ? "wordprior" : "wordprior-\(code)" }

    /// The name of its character language model in the bundle's Resources (English: `charlm`).
    var characterModelResource: String { code == "en" ? "charlm" : "charlm-\(code)" }

    public var description: String { code }

    // Codable as its code, so stored and sent forms stay short ("es").
    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let language = RecognitionLanguage(code: code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no shipped language '\(code)'"))
        }
        self = language
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
