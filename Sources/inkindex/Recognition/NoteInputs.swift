import ArgumentParser
import Foundation
import InkIndex
import InkTools

/// A note read from the command line: a drawing file, or one sample of a dataset file.
struct InputNote: Sendable {
    var file: String
    /// The sample's id where the file holds many samples.
    var sampleID: String?
    var sample: LabeledSample?
    var drawing: Drawing
}

/// Reading inputs and choosing the recognizer, shared by `text`, `indexable` and `search`.
enum NoteInputs {
    static func read(_ paths: [String], limit: Int? = nil) throws -> [InputNote] {
        var notes: [InputNote] = []
        for path in paths {
            let lower = path.lowercased()
            do {
                if lower.hasSuffix(".jsonl") || lower.hasSuffix(".jsonl.gz") {
                    for sample in try DatasetReader(path: path).readAll(limit: limit) {
                        notes.append(InputNote(file: path, sampleID: sample.id, sample: sample, drawing: sample.drawing))
                    }
                } else {
                    // A notebook gives one note per page, named "page N".
                    let pages = try DrawingFile.readPages(from: URL(fileURLWithPath: path)).pages
                    for page in pages {
                        notes.append(InputNote(file: path, sampleID: pages.count > 1 ? "page \(page.number)" : nil, sample: nil, drawing: page.drawing))
                    }
                }
            } catch {
                throw CLIError.badInput("cannot read \(path): \(error)")
            }
        }
        return notes
    }

    /// Recognizes every note: with the shipped model, or with `--simulate` from dataset
    /// transcriptions (a stand-in for trying the pipeline without a model).
    static func recognize(_ notes: [InputNote], simulate: Double?, model: ModelOption,
                          quiet: Bool = false) async throws -> [StrokeRecognizer] {
        var shipped: (any LineRecognizing)?
        if simulate == nil { shipped = try model.loadForSearch() }
        var recognizers: [StrokeRecognizer] = []
        for note in notes {
            let line: any LineRecognizing
            if let rate = simulate {
                guard let sample = note.sample else { throw CLIError.usage("--simulate needs dataset inputs (.jsonl, .jsonl.gz) with transcriptions") }
                line = SampleTranscriptRecognizer(sample: sample, reader: rate > 0 ? NoisyReader(characterErrorRate: rate) : nil)
            } else {
                line = shipped!
            }
            recognizers.append(StrokeRecognizer(recognizer: line))
        }
        // Notes are independent: recognize as many at once as there are cores.
        let progress = ProgressBar(label: "recognizing", total: notes.count, quiet: quiet)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        await withTaskGroup(of: Void.self) { group in
            for (k, recognizer) in recognizers.enumerated() {
                if k >= width { await group.next(); progress.advance() }
                let drawing = notes[k].drawing
                group.addTask { await recognizer.updateDrawing(drawing) }
            }
            for await _ in group { progress.advance() }
        }
        progress.finish()
        return recognizers
    }

    /// Recognizes every drawing named on the command line and prints what `describe` makes of
    /// it, after a line '# SAMPLE-ID' where a file holds many samples (`text`, `indexable`).
    static func printEach(_ files: [String], simulate: Double?, model: ModelOption,
                          _ describe: (StrokeRecognizer) async -> String?) async throws {
        let notes = try read(files)
        let recognizers = try await recognize(notes, simulate: simulate, model: model)
        for (note, recognizer) in zip(notes, recognizers) {
            if let id = note.sampleID { print("# \(id)") }
            print(await describe(recognizer) ?? "")
        }
    }
}

/// `--simulate RATE`: read dataset samples from their transcriptions instead of the model
/// (`text`, `indexable`, `search`).
struct SimulateOption: ParsableArguments {
    @Option(name: .customLong("simulate"), help: ArgumentHelp(
        """
        Read dataset samples from their transcriptions with characters confused at RATE (0 for \
        exact) instead of the model: for trying the pipeline, not for measuring recognition.
        """, valueName: "rate"))
    var rate: Double?

    func validate() throws {
        if let rate, !(rate >= 0 && rate < 1) { throw ValidationError("--simulate needs a rate in 0..<1, not '\(rate)'") }
    }
}
