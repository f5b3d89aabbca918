import Testing
@testable import InkSearch

@Suite struct TextNormalizerTests {
    let n = TextNormalizer.standard

    /// The ASCII shortcut must fold exactly as the Unicode path: every ASCII character alone
    /// and inside words, in both case modes.
    @Test func asciiShortcutFoldsAsTheUnicodePath() {
        let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let texts = characters + characters.map { "Ab" + $0 + "Z9" } + ["Hello!", "don't", "Jn3:16", "a|b", "ÀB", "MIXED case 12"]
        for text in texts {
            for keepingCase in [false, true] {
                #expect(n.fold(text, keepingCase: keepingCase) == TextNormalizer.unicodeFold(text, keepingCase: keepingCase), "\(text.debugDescription)")
            }
        }
        #expect(TextNormalizer.asciiFold("Crème", keepingCase: false) == nil)
    }

    @Test func foldsUnicodeCaseDiacriticsAndPunctuation() {
        #expect(n.fold("Crème,") == "creme")
        #expect(n.fold("ﬁnal") == "final")          // NFKC ligature
        #expect(n.fold("ＡＢＣ") == "abc")             // width
        #expect(n.fold("\"Hello!\"") == "hello")
        #expect(n.fold("Hello", keepingCase: true) == "Hello")
        #expect(n.fold("Straße") == "strasse" || n.fold("Straße") == "straße")
    }

    @Test func lettersWithoutADecompositionFoldToTheirASCIISpelling() {
        #expect(n.fold("Cæsar") == "caesar")
        #expect(n.fold("cœur") == "coeur")
        #expect(n.fold("Łódź") == "lodz")
        #expect(n.fold("Søren") == "soren")
        #expect(n.fold("Æbler", keepingCase: true) == "AEbler")
    }

    /// Both ways, in every pair: the note may be written either way and so may the query.
    @Test func languagesOwnSpellingsShareOneKey() {
        let pairs = [("Jesús", "Jesus"), ("für", "fuer"), ("schön", "schoen"), ("Straße", "Strasse"), ("Größe", "Groesse"),
                     ("også", "ogsaa"), ("før", "foer"), ("cœur", "coeur"), ("Mädchen", "Maedchen"), ("naïve", "naive")]
        for (written, other) in pairs {
            #expect(n.key(written) == n.key(other), "\(written) and \(other)")
        }
        // Only listed words change: English words that look like a transliteration stay apart.
        #expect(n.key("blue") != n.key("blu"))
        #expect(n.key("does") != n.key("dos"))
        #expect(n.key("toe") != n.key("to"))
    }

    @Test func wordsSplitOnWhitespaceAndDropPunctuationOnly() {
        #expect(n.words("Mr . Gaitskell , said") == ["mr", "gaitskell", "said"])
    }

    @Test func hyphensDashesAndSlashesNextToALetterSeparateWords() {
        #expect(n.words("a so-called \"stock-index\" and/or 16-year-olds") == ["a", "so", "called", "stock", "index", "and", "or", "16", "year", "olds"])
        #expect(n.words("week\u{2013}end") == ["week", "end"])
        // Between digits a hyphen is a verse range; a dash between spaces is no word at all.
        #expect(TextNormalizer.rawWords("1 Cor 13:4-7") == ["1", "Cor", "13:4-7"])
        #expect(n.words("well \u{2014} known") == ["well", "known"])
    }

    @Test(arguments: [
        ("Ps ll9", "Ps 119"), ("ILL", "1ll"), ("B0ok", "Book"), ("S0ul", "soul"), ("2ion", "Zion"),
        ("corner", "comer"), ("clear", "dear"), ("vvord", "word"), ("grace", "qrace"), ("|ove", "love"),
    ])
    func confusionClassesCollapseBothWays(a: String, b: String) {
        #expect(n.key(a) == n.key(b))
        #expect(n.key(b) == n.key(a))
    }

    @Test func differentWordsKeepDifferentKeys() {
        #expect(n.key("grace") != n.key("place"))
        #expect(n.key("faith") != n.key("hope"))
        #expect(n.key("that") != n.key("than"))
    }

    @Test func softPairsAreNotCollapsed() {
        #expect(n.key("Jahn") != n.key("John"))
    }

    @Test(arguments: [
        ("Saviour", "Savior"), ("honourable", "honorable"), ("neighbours", "neighbors"), ("judgement", "judgment"),
        ("baptised", "baptized"), ("realisation", "realization"), ("centre", "center"), ("sepulchre", "sepulcher"),
        ("Counsellor", "counselor"), ("worshipped", "worshiped"), ("ploughshares", "plowshares"), ("grey", "gray"),
        ("homoeopathy", "homeopathy"), ("Anaemia", "anemia"),
    ])
    func britishAndAmericanSpellingsShareAKey(british: String, american: String) {
        let n = TextNormalizer.standard
        #expect(n.key(british) == n.key(american))
        #expect(n.fold(british) != n.fold(american), "fold keeps the writer's spelling")
    }

    @Test func onlyListedSpellingsAreFolded() {
        let n = TextNormalizer.standard
        for (a, b) in [("four", "for"), ("your", "yor"), ("hour", "hor"), ("tour", "tor"), ("exercise", "exercize"), ("savour", "saviour")] {
            #expect(n.key(a) != n.key(b), "\(a) / \(b)")
        }
        let plain = TextNormalizer(confusions: .standard, spellings: .none)
        #expect(plain.key("honour") != plain.key("honor"))
    }
}
