import InkIndex

/// Reads typed query values; a value that does not parse is a 400 naming the parameter.
enum QueryValues {
    static func bool(_ target: RequestTarget, _ name: String, default fallback: Bool) throws(APIError) -> Bool {
        guard let raw = target.query[name] else { return fallback }
        switch raw.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no", "": return false
        default: throw .badRequest("\(name) must be true or false, not '\(raw)'")
        }
    }

    /// `languages=es,en`: shipped language codes in priority order; empty where absent.
    static func languages(_ target: RequestTarget, _ name: String = "languages") throws(APIError) -> [RecognitionLanguage] {
        guard let raw = target.query[name], !raw.isEmpty else { return [] }
        var out: [RecognitionLanguage] = []
        for code in raw.split(separator: ",") {
            guard let language = RecognitionLanguage(code: String(code)) else {
                throw .badRequest("\(name): '\(code)' is not a shipped language (GET /api/health lists them)")
            }
            if !out.contains(language) { out.append(language) }
        }
        return out
    }

    static func int(_ target: RequestTarget, _ name: String, default fallback: Int, range: ClosedRange<Int>) throws(APIError) -> Int {
        guard let raw = target.query[name] else { return fallback }
        guard let value = Int(raw), range.contains(value) else {
            throw .badRequest("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(raw)'")
        }
        return value
    }
}
