import ArgumentParser

struct LibraryAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add notes, then recognize and index them.",
        discussion: """
            Adds InkML (.inkml), JSON (.json), binary (.ink), notebooks of other apps (one note per \
            page; re-adding a changed notebook updates its notes): Xournal++ (.xopp, .xoj), reMarkable \
            (.rm, .rmdoc, .rmn, a tablet folder's UUID.content), Rnote (.rnote), Saber (.sbn2, .sbn), \
            the ink annotations of PDFs (.pdf: pages with ink), folders of those \
            (recursively), or dataset JSON Lines (.jsonl, .jsonl.gz) where each sample becomes one note \
            whose id is the sample's id. The new notes are then recognized and indexed (unless \
            --no-index). 'library sync FOLDER' also removes the notes of deleted files. Folders are \
            read through symbolic links (a link back into a folder already read is not followed); \
            files skipped (other formats, empty, unreadable, broken links) are said on stderr. The \
            last line is a summary for scripts (summary: added=N removed=N files-read=N ...), or \
            with --json one JSON object. Exit status 1 where any file or note failed; the others \
            are stored.
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: "Drawings, notebooks, folders or dataset files.")
    var files: [String]

    @Flag(name: .customLong("no-index"), help: "Store the notes without recognizing them.")
    var noIndex = false

    @Flag(help: "Print what was done as one JSON object (counts, skipped and failed files, failed notes) instead of lines.")
    var json = false

    func run() async throws {
        try await library.open(creating: true).add(files, index: !noIndex, json: json)
    }
}
