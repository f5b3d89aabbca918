/// The 66 books of the Protestant canon with their usual names and abbreviations, as data.
///
/// Each row: canonical name, chapter count, and the names and abbreviations people write, without
/// the ordinal of numbered books (`ordinal` 1, 2, 3; 0 for none) and without periods or spaces.
/// Ordinal spellings ("1", "I", "1st", "First") are added by `BibleBook`; so are spaced forms.
package enum BibleBookData {
    public struct Row: Sendable {
        public var name: String
        public var ordinal: Int
        public var chapters: Int
        public var aliases: [String]
    }

    static func row(_ name: String, _ ordinal: Int, _ chapters: Int, _ aliases: [String]) -> Row {
        Row(name: name, ordinal: ordinal, chapters: chapters, aliases: aliases)
    }

    /// In canonical order: `rows[k]` is book number k + 1.
    public static let rows: [Row] = [
        row("Genesis", 0, 50, ["genesis", "gen", "ge", "gn"]),
        row("Exodus", 0, 40, ["exodus", "exod", "exo", "ex", "exd"]),
        row("Leviticus", 0, 27, ["leviticus", "lev", "le", "lv"]),
        row("Numbers", 0, 36, ["numbers", "num", "nu", "nm", "nb"]),
        row("Deuteronomy", 0, 34, ["deuteronomy", "deut", "deu", "dt", "de"]),
        row("Joshua", 0, 24, ["joshua", "josh", "jos", "jsh"]),
        row("Judges", 0, 21, ["judges", "judg", "jdg", "jg", "jdgs"]),
        row("Ruth", 0, 4, ["ruth", "rth", "ru"]),
        row("1 Samuel", 1, 31, ["samuel", "sam", "sm"]),
        row("2 Samuel", 2, 24, ["samuel", "sam", "sm"]),
        row("1 Kings", 1, 22, ["kings", "kgs", "ki", "kin"]),
        row("2 Kings", 2, 25, ["kings", "kgs", "ki", "kin"]),
        row("1 Chronicles", 1, 29, ["chronicles", "chron", "chr", "ch", "chro"]),
        row("2 Chronicles", 2, 36, ["chronicles", "chron", "chr", "ch", "chro"]),
        row("Ezra", 0, 10, ["ezra", "ezr", "ez"]),
        row("Nehemiah", 0, 13, ["nehemiah", "neh", "ne"]),
        row("Esther", 0, 10, ["esther", "esth", "est", "es"]),
        row("Job", 0, 42, ["job", "jb"]),
        row("Psalms", 0, 150, ["psalms", "psalm", "ps", "psa", "pss", "psm", "pslm"]),
        row("Proverbs", 0, 31, ["proverbs", "proverb", "prov", "pro", "prv", "pr"]),
        row("Ecclesiastes", 0, 12, ["ecclesiastes", "eccles", "eccl", "ecc", "ec", "qoh"]),
        row("Song of Solomon", 0, 8, ["songofsolomon", "songofsongs", "song", "sos", "so", "canticles", "songofsol", "sg"]),
        row("Isaiah", 0, 66, ["isaiah", "isa", "is", "isai"]),
        row("Jeremiah", 0, 52, ["jeremiah", "jer", "je", "jr"]),
        row("Lamentations", 0, 5, ["lamentations", "lam", "la"]),
        row("Ezekiel", 0, 48, ["ezekiel", "ezek", "eze", "ezk"]),
        row("Daniel", 0, 12, ["daniel", "dan", "da", "dn"]),
        row("Hosea", 0, 14, ["hosea", "hos", "ho"]),
        row("Joel", 0, 3, ["joel", "jl"]),
        row("Amos", 0, 9, ["amos", "am"]),
        row("Obadiah", 0, 1, ["obadiah", "obad", "ob"]),
        row("Jonah", 0, 4, ["jonah", "jnh", "jon"]),
        row("Micah", 0, 7, ["micah", "mic", "mc"]),
        row("Nahum", 0, 3, ["nahum", "nah", "na"]),
        row("Habakkuk", 0, 3, ["habakkuk", "hab", "hb"]),
        row("Zephaniah", 0, 3, ["zephaniah", "zeph", "zep", "zp"]),
        row("Haggai", 0, 2, ["haggai", "hag", "hg"]),
        row("Zechariah", 0, 14, ["zechariah", "zech", "zec", "zc"]),
        row("Malachi", 0, 4, ["malachi", "mal", "ml"]),
        row("Matthew", 0, 28, ["matthew", "matt", "mat", "mt"]),
        row("Mark", 0, 16, ["mark", "mrk", "mar", "mk", "mr"]),
        row("Luke", 0, 24, ["luke", "luk", "lk"]),
        row("John", 0, 21, ["john", "jn", "jhn", "joh"]),
        row("Acts", 0, 28, ["acts", "act", "ac"]),
        row("Romans", 0, 16, ["romans", "rom", "ro", "rm"]),
        row("1 Corinthians", 1, 16, ["corinthians", "cor", "co", "corinth"]),
        row("2 Corinthians", 2, 13, ["corinthians", "cor", "co", "corinth"]),
        row("Galatians", 0, 6, ["galatians", "gal", "ga"]),
        row("Ephesians", 0, 6, ["ephesians", "eph", "ephes", "ep"]),
        row("Philippians", 0, 4, ["philippians", "phil", "php", "pp", "philip"]),
        row("Colossians", 0, 4, ["colossians", "col"]),
        row("1 Thessalonians", 1, 5, ["thessalonians", "thess", "thes", "th", "ths"]),
        row("2 Thessalonians", 2, 3, ["thessalonians", "thess", "thes", "th", "ths"]),
        row("1 Timothy", 1, 6, ["timothy", "tim", "ti", "tm"]),
        row("2 Timothy", 2, 4, ["timothy", "tim", "ti", "tm"]),
        row("Titus", 0, 3, ["titus", "tit", "ti"]),
        row("Philemon", 0, 1, ["philemon", "philem", "phm", "pm", "phlm"]),
        row("Hebrews", 0, 13, ["hebrews", "heb", "he"]),
        row("James", 0, 5, ["james", "jas", "jm", "jam"]),
        row("1 Peter", 1, 5, ["peter", "pet", "pe", "pt", "ptr"]),
        row("2 Peter", 2, 3, ["peter", "pet", "pe", "pt", "ptr"]),
        row("1 John", 1, 5, ["john", "jn", "jhn", "jo", "joh"]),
        row("2 John", 2, 1, ["john", "jn", "jhn", "jo", "joh"]),
        row("3 John", 3, 1, ["john", "jn", "jhn", "jo", "joh"]),
        row("Jude", 0, 1, ["jude", "jud", "jd"]),
        row("Revelation", 0, 22, ["revelation", "revelations", "rev", "re", "apocalypse"]),
    ]

    /// How ordinals are written before numbered books (index = ordinal).
    public static let ordinals: [[String]] = [
        [],
        ["1", "i", "1st", "first", "one"],
        ["2", "ii", "2nd", "second", "two"],
        ["3", "iii", "3rd", "third", "three"],
    ]
}
