/// Makes transcriptions comparable whatever their spacing around punctuation.
///
/// About 6% of IAM-OnDB transcriptions are tokenized (`Mr . Smith`, `Foot ' s`, `They 'll`,
/// `" unsatisfactory . "`) where the writer wrote `Mr. Smith`. Normalized scores apply the same
/// rules to the reference and the reading:
/// 1. runs of whitespace become one space, with none at either end;
/// 2. no space before `. , ; : ? ! )`, nor after `(`;
/// 3. no space on either side of a quote, `'` or `"` (opening and closing quotes cannot be told
///    apart on a line that starts inside a quotation, so both sides go).
///
/// ```swift
/// PunctuationSpacing.normalize("Mr . Foot ' s line , \" he said . \"") // "Mr. Foot's line,"he said."
/// ```
public enum PunctuationSpacing {
    public static func normalize(_ text: String) -> String {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var out: [Character] = []
        out.reserveCapacity(collapsed.count)
        var pendingSpace = false
        for c in collapsed {
            if c == " " { pendingSpace = true; continue }
            if pendingSpace, !noSpaceBefore.contains(c), let last = out.last, !noSpaceAfter.contains(last) {
                out.append(" ")
            }
            pendingSpace = false
            out.append(c)
        }
        return String(out)
    }

    static let noSpaceBefore: Set<Character> = [".", ",", ";", ":", "?", "!", ")", "'", "\""]
    static let noSpaceAfter: Set<Character> = ["(", "'", "\""]
}
