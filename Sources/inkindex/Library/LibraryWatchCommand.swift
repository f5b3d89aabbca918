import ArgumentParser
import Foundation

struct LibraryWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep the library in sync with a folder of notebooks while they change.",
        discussion: """
            Syncs FOLDER as 'library sync' does, then again each time something under it changes \
            and has been quiet for --debounce seconds (a notebook still being written is read once, \
            after its last write; one saved by writing a copy and renaming it over the old is read \
            as changed). Changes come from inotify on Linux, which costs nothing while nothing \
            changes, or from looking every --poll seconds. Each sync prints its summary line; a \
            sync that fails is said and the watch goes on. Stop it with Ctrl-C.
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The folder.")
    var folder: String

    @Option(help: ArgumentHelp("Seconds the folder must be quiet before a sync.", valueName: "seconds"))
    var debounce = 1.0

    @Option(help: ArgumentHelp("Look for changes every N seconds instead of being told (network folders).", valueName: "seconds"))
    var poll: Double?

    @Flag(name: .customLong("no-index"), help: "Store the notes without recognizing them.")
    var noIndex = false

    func validate() throws {
        guard debounce >= 0, debounce.isFinite else { throw ValidationError("--debounce is a number of seconds, 0 or more") }
        if let poll, !(poll > 0 && poll.isFinite) { throw ValidationError("--poll is a number of seconds above 0") }
        guard NotebookFolder.isFolder(folder) else { throw ValidationError("\(folder) is not a folder") }
    }

    func run() async throws {
        let session = try library.open(creating: true)
        let folder = self.folder, index = !noIndex
        @Sendable func sync() async {
            do { try await session.sync(folder, index: index) } catch { Terminal.printError("\(error)") }
            Terminal.flushStandardOutput()  // a script reading the pipe sees each sync as it ends
        }
        await sync()
        let changes = FolderChanges.stream(folder, poll: poll.map { .milliseconds(Int($0 * 1000)) })
        let debouncer = ChangeDebouncer(quiet: .milliseconds(Int(debounce * 1000))) { await sync() }
        Terminal.printError("watching \(folder)")
        for await _ in changes { await debouncer.changed() }
    }
}
