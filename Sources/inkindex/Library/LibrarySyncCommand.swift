import ArgumentParser

struct LibrarySyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Bring a folder of notebooks into the library: changed files re-read, deleted ones removed.",
        discussion: """
            Reads every InkML, JSON, .ink, Xournal++ (.xopp, .xoj), reMarkable (.rm, .rmdoc, .rmn, a \
            tablet's notebooks by their UUID.content), Rnote (.rnote), Saber (.sbn2, .sbn) and PDF \
            (its ink annotations) file under FOLDER whose \
            bytes changed since the last sync (a content hash), stores each page as a note (a changed \
            notebook updates its notes; page ids come from the file's path under the folder and the \
            page number), deletes the notes of files and pages that are gone, then indexes what \
            changed (unless --no-index). Files are only read, never written. Symbolic links are \
            followed, skipped files said, and the summary and exit status are those of 'library add'.
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The folder.")
    var folder: String

    @Flag(name: .customLong("no-index"), help: "Store the notes without recognizing them.")
    var noIndex = false

    @Flag(help: "Print what was done as one JSON object (counts, skipped and failed files, failed notes) instead of lines.")
    var json = false

    func run() async throws {
        try await library.open(creating: true).sync(folder, index: !noIndex, json: json)
    }
}
