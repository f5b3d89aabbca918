import Foundation

/// Builds `PDFObject`s from tokens (ISO 32000-1, 7.3): without recursion, so that nesting is
/// bounded by `maximumDepth` and never by the stack. Lenient where real files are sloppy: a
/// dictionary key that is not a name is dropped with its value, an unknown keyword in a value's
/// place reads as null, a missing `endobj` is forgiven.
///
/// ```swift
/// var parser = PDFParser(bytes: Array("[1 0 R (ink) /Name 2.5]".utf8), maximumDepth: 256)
/// let array = try parser.parseObject().array  // [ref 1 0, "ink", /Name, 2.5]
/// ```
struct PDFParser {
    var lexer: PDFLexer
    let maximumDepth: Int

    /// Reads `bytes` from `position`, never at or past `end` (the end of the bytes by default).
    init(bytes: [UInt8], position: Int = 0, end: Int? = nil, maximumDepth: Int) {
        lexer = PDFLexer(bytes: bytes, position: position, end: end)
        self.maximumDepth = max(1, maximumDepth)
    }

    var position: Int {
        get { lexer.position }
        set { lexer.position = max(0, min(newValue, lexer.end)) }
    }

    private enum Container { case array, dictionary }

    /// The next object; its first token may be given when already read.
    mutating func parseObject(first: PDFToken? = nil) throws(NotebookError) -> PDFObject {
        // Open containers, innermost last; each kind's contents on a stack of its own, so that
        // appending mutates them in place (a copy per element would make arrays quadratic).
        var open: [Container] = []
        var arrays: [[PDFObject]] = []
        var dictionaries: [PDFDictionary] = []
        var keys: [String?] = []
        var pending = first
        while true {
            let tokenStart = lexer.position
            let token: PDFToken
            if let given = pending {
                token = given
                pending = nil
            } else if let next = try lexer.next() {
                token = next
            } else {
                throw damaged("the file ends inside an object", at: tokenStart)
            }
            var value: PDFObject
            switch token {
            case .arrayStart, .dictionaryStart:
                guard open.count < maximumDepth else {
                    throw NotebookError(.pdf, .tooLarge, "objects nest deeper than \(maximumDepth) levels (byte \(tokenStart))")
                }
                if token == .arrayStart {
                    open.append(.array)
                    arrays.append([])
                } else {
                    open.append(.dictionary)
                    dictionaries.append(PDFDictionary())
                    keys.append(nil)
                }
                continue
            case .arrayEnd:
                guard open.last == .array else { throw damaged("an unexpected ']'", at: tokenStart) }
                open.removeLast()
                value = .array(arrays.removeLast())
            case .dictionaryEnd:
                guard open.last == .dictionary else { throw damaged("an unexpected '>>'", at: tokenStart) }
                open.removeLast()
                keys.removeLast()
                value = .dictionary(dictionaries.removeLast())
            case .integer(let number):
                value = .integer(number)
                if number >= 0, let generation = referenceGeneration() {
                    value = .reference(PDFReference(number: number, generation: generation))
                }
            case .real(let number):
                value = .real(number)
            case .string(let bytes):
                value = .string(bytes)
            case .name(let name):
                value = .name(name)
            case .keyword(let word):
                switch word {
                case "true": value = .bool(true)
                case "false": value = .bool(false)
                case "null": value = .null
                case "endobj", "stream", "endstream", "obj", "xref", "trailer", "startxref":
                    // Structure where a value belongs: the object was cut short.
                    throw damaged("'\(word)' where a value belongs", at: tokenStart)
                default:
                    value = .null
                }
            }
            // Deliver the value to the innermost container, or return it.
            switch open.last {
            case nil:
                return value
            case .array?:
                arrays[arrays.count - 1].append(value)
            case .dictionary?:
                let last = keys.count - 1
                if let key = keys[last] {
                    // A null value is the same as no entry (7.3.7).
                    if !value.isNull { dictionaries[last].entries[key] = value }
                    keys[last] = nil
                } else if case .name(let name) = value {
                    keys[last] = name
                }
                // Otherwise a key that is not a name: dropped.
            }
        }
    }

    /// After an integer: the generation where `g R` follows, the position left after `R`;
    /// otherwise nil, the position unchanged.
    private mutating func referenceGeneration() -> Int? {
        let saved = lexer.position
        if case .integer(let generation)? = try? lexer.next(), generation >= 0,
           case .keyword("R")? = try? lexer.next() {
            return generation
        }
        lexer.position = saved
        return nil
    }

    /// `n g obj`, its object number and generation; nil where the bytes at the position are not
    /// such a header (the position is then unspecified).
    mutating func parseObjectHeader() -> PDFReference? {
        guard case .integer(let number)? = try? lexer.next(), number >= 0,
              case .integer(let generation)? = try? lexer.next(), generation >= 0,
              case .keyword("obj")? = try? lexer.next() else { return nil }
        return PDFReference(number: number, generation: generation)
    }

    /// An indirect object's value after its `n g obj` header, with its stream where one follows
    /// a dictionary. `length` resolves an indirect `/Length` (nil where it cannot);
    /// `endstream` finds the first `endstream` at or after a position, for streams whose
    /// `/Length` is wrong.
    mutating func parseIndirectValue(length: (PDFReference) -> Int?, endstream: (Int) -> Int?) throws(NotebookError) -> PDFObject {
        let value = try parseObject()
        guard case .dictionary(let dictionary) = value else { return value }
        let saved = lexer.position
        guard case .keyword("stream")? = try? lexer.next() else {
            lexer.position = saved
            return value
        }
        let bytes = lexer.bytes
        let end = lexer.end
        // The keyword is followed by CR LF or LF (7.3.8.1); a lone CR, or spaces before the end of
        // line, are forgiven.
        var start = lexer.position
        while start < end, bytes[start] == 0x20 { start += 1 }
        if start < end, bytes[start] == 0x0d { start += 1 }
        if start < end, bytes[start] == 0x0a { start += 1 }

        var declared: Int?
        switch dictionary["Length"] {
        case .integer(let value)?: declared = value
        case .reference(let reference)?: declared = length(reference)
        default: declared = nil
        }
        if let declared, declared >= 0, declared <= end - start {
            var after = PDFLexer(bytes: bytes, position: start + declared, end: end)
            after.skipWhitespace()
            if Self.matches(PDFParser.endstreamKeyword, in: bytes, at: after.position, end: end) {
                lexer.position = after.position + PDFParser.endstreamKeyword.count
                return .stream(PDFStream(dictionary: dictionary, data: start..<(start + declared)))
            }
        }
        // The length is missing or wrong: the data ends before the next `endstream`, less the
        // end of line that precedes it.
        guard let found = endstream(start), found >= start, found <= end - PDFParser.endstreamKeyword.count else {
            throw damaged("a stream has no 'endstream'", at: start)
        }
        var dataEnd = found
        if dataEnd > start, bytes[dataEnd - 1] == 0x0a { dataEnd -= 1 }
        if dataEnd > start, bytes[dataEnd - 1] == 0x0d { dataEnd -= 1 }
        lexer.position = found + PDFParser.endstreamKeyword.count
        return .stream(PDFStream(dictionary: dictionary, data: start..<dataEnd))
    }

    static let endstreamKeyword = Array("endstream".utf8)

    static func matches(_ pattern: [UInt8], in bytes: [UInt8], at index: Int, end: Int? = nil) -> Bool {
        let end = min(end ?? bytes.count, bytes.count)
        guard index >= 0, index <= end, pattern.count <= end - index else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private func damaged(_ reason: String, at offset: Int) -> NotebookError {
        NotebookError(.pdf, .damaged, "\(reason) (byte \(offset))")
    }
}
