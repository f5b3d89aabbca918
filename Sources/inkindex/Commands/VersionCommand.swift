import InkIndex
import InkTools

struct VersionCommand: Command {
    static let name = "version"
    static let abstract = "Print the version of InkIndex."
    static let help = """
        USAGE: inkindex version

        Prints the package version.
        """
    static func run(_ arguments: [String]) async throws {
        _ = try ParsedArguments(arguments)
        print("inkindex \(InkIndexInfo.version)")
    }
}
