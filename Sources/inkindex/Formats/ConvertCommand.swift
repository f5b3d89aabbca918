import ArgumentParser
import Foundation
import InkIndex
import InkTools

struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a drawing between InkML, JSON, binary (.ink) and dataset files.",
        discussion: """
            Reads <input> and writes <output>, each in the format its extension names:
              .inkml      W3C InkML
              .json       the ink model as JSON
              .ink        InkIndex's checksummed binary encoding (Docs/BinaryFormat.md)
              .jsonl.gz   dataset files (gzip JSON Lines of labeled samples; input only)

            What InkML carries that the model cannot (channels such as Z) is named on stderr.
            Exit status: 0 done, 2 usage, 3 unreadable or damaged input, 1 other failure.
            """)

    @Argument(help: "The drawing or dataset file to read.")
    var input: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write.", valueName: "output"))
    var output: String

    @Option(help: ArgumentHelp("For a dataset input: the sample to convert (default: the first).", valueName: "id"))
    var sample: String?

    @Option(help: ArgumentHelp("For a notebook: the page to convert, from 1 (default: the first).", valueName: "n"))
    var page: Int?

    func run() async throws {
        guard let outputFormat = DrawingFile.Format(path: output) else {
            throw CLIError.usage("cannot tell the format of \(output) from its extension (use .inkml, .json or .ink)")
        }
        guard outputFormat.isWritable else { throw CLIError.usage("\(output): dataset files are read-only; write .inkml, .json or .ink") }
        let inputURL = URL(fileURLWithPath: input)
        let sampleID = sample
        if let page, page < 1 { throw CLIError.usage("--page counts from 1") }
        let (drawing, warnings) = try mappingInputErrors(input) { () throws -> (Drawing, [String]) in
            if DrawingFile.Format(path: input) == .dataset {
                return (try DrawingFile.readSample(from: inputURL, id: sampleID).drawing, [])
            }
            guard sampleID == nil else { throw CLIError.usage("--sample applies to dataset inputs (.jsonl, .jsonl.gz)") }
            return try NotebookPage.read(input, page: page)
        }
        for warning in warnings { Terminal.printError("warning: \(input): \(warning)") }
        do {
            try DrawingFile.write(drawing, to: URL(fileURLWithPath: output))
        } catch let error as InkMLError {
            throw CLIError.failure("cannot write \(output): \(error)")
        } catch {
            throw CLIError.failure("cannot write \(output): \(error.localizedDescription)")
        }
        print("\(output): \(drawing.strokes.count) strokes, \(drawing.pointCount) points")
    }
}

/// Runs `body`, turning the readers' typed errors into `CLIError.badInput` (exit code 3), and an
/// unknown extension into a usage error.
func mappingInputErrors<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as CLIError {
        throw error
    } catch DrawingFile.Failure.unknownExtension(let path) {
        throw CLIError.usage("cannot tell the format of \(path) from its extension (use \(DrawingFile.Format.knownExtensions))")
    } catch let error as XournalError {
        throw CLIError.badInput("\(path): \(error)")
    } catch let error as NotebookError {
        throw CLIError.badInput("\(path): \(error)")
    } catch let error as InkMLError {
        throw CLIError.badInput("\(path): \(error)")
    } catch let error as BinaryDrawingCodec.Failure {
        throw CLIError.badInput("\(path): \(error)")
    } catch let error as DatasetReader.Failure {
        throw CLIError.badInput("\(error)")
    } catch let error as GzipLineReader.Failure {
        throw CLIError.badInput("\(error)")
    } catch let error as DrawingFile.Failure {
        throw CLIError.badInput("\(error)")
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
        throw CLIError.badInput("\(path): no such file")
    } catch {
        throw CLIError.badInput("cannot read \(path): \(error.localizedDescription)")
    }
}
