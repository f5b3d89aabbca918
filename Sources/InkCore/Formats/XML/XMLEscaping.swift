/// Escaping of text for XML documents (InkML, SVG): one place, so every writer produces text
/// that every reader, this project's own parser included, reads back unchanged.
enum XMLEscaping {
    /// Character data: `&`, `<`, `>` and a carriage return (which XML would otherwise fold into a
    /// line feed) become references. O(n).
    static func text(_ s: String) -> String {
        escape(s, needing: "&<>\r")
    }

    /// An attribute value in double quotes: also `"` and the whitespace that attribute-value
    /// normalization would turn into spaces. O(n).
    static func attribute(_ s: String) -> String {
        escape(s, needing: "&<>\"\n\r\t")
    }

    private static func escape(_ s: String, needing special: String) -> String {
        guard s.contains(where: special.contains) else { return s }
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where special.contains("\""): out += "&quot;"
            case "\n" where special.contains("\n"): out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where special.contains("\t"): out += "&#9;"
            default: out.append(c)
            }
        }
        return out
    }
}
