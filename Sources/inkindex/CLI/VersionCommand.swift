import ArgumentParser
import InkIndex

struct VersionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version of InkIndex.")

    func run() async throws {
        print("inkindex \(InkIndexInfo.version)")
    }
}
