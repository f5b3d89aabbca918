import ArgumentParser
import Foundation
import InkIndex
import InkTools
import InkSynthesis

struct BenchDecoderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-decoder",
        abstract: "Time CTC decoding alone on simulated network output.",
        usage: """
            inkindex bench-decoder [--lines <n>] [--frames-per-char <n>] [<decoding options>]
            inkindex bench-decoder --frames <dump> [--limit <n>] [<decoding options>]
            """,
        discussion: """
            Simulates a CTC network reading lines of text (each character peaks in one frame, with \
            some probability given to a random confusable class, then blanks) and times decoding \
            only, one thread. Prints median and p95 CPU milliseconds per line and the CER of the \
            simulated readings, which shows the decoder working, not the recognizer's accuracy.

            With --frames, decodes a dump of real network outputs with their labels (FrameDump \
            format, written by the training side) and prints the error rates of that decoding: tune \
            the language-model weight there without running the network again.
            """)

    @Option(help: ArgumentHelp("Lines to decode.", valueName: "n"))
    var lines = 300

    @Option(name: .customLong("frames-per-char"), help: ArgumentHelp("Frames per character, one peak and the rest blank.", valueName: "n"))
    var framesPerChar = 3

    @Option(help: ArgumentHelp("Lines of text to simulate (default: built-in sentences).", valueName: "file"))
    var text: String?

    @Option(help: ArgumentHelp("Decode dumped network outputs instead (see above).", valueName: "dump"))
    var frames: String?

    @Option(help: ArgumentHelp("With --frames: only the first N samples.", valueName: "n"))
    var limit: Int?

    @OptionGroup(title: "Decoding Options") var recognizer: RecognizerOptions

    func validate() throws {
        guard lines >= 0 else { throw ValidationError("--lines must not be negative") }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
    }

    func run() async throws {
        let lineCount = lines
        let framesPerChar = max(1, self.framesPerChar)
        let alphabet = Alphabet(characters: Array(" !\"#&'()*+,-./0123456789:;?ABCDEFGHIJKLMNOPQRSTUVWXYZ[]abcdefghijklmnopqrstuvwxyz"))
        let decoder: CTCDecoder
        do { decoder = try recognizer.decoding().makeDecoder(alphabet: alphabet) } catch {
            throw CLIError.failure("\(error)")
        }
        if let dump = frames {
            try Self.decodeDump(dump, limit: limit, decoder: decoder)
            return
        }
        var texts = Self.sentences
        if let file = text {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else { throw CLIError.badInput("cannot read \(file)") }
            texts = contents.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        guard !texts.isEmpty else { throw CLIError.badInput("no text to simulate") }

        var random = SeededRandom(seed: 42)
        var rates = ErrorRates()
        var milliseconds: [Double] = []
        let progress = ProgressBar(label: "bench-decoder", total: lineCount)
        for i in 0..<lineCount {
            let text = texts[i % texts.count]
            let frames = Self.simulate(text, alphabet: alphabet, framesPerChar: framesPerChar, random: &random)
            let start = Self.cpuSeconds()
            let best = decoder.decode(frames, maxCandidates: 8)
            milliseconds.append((Self.cpuSeconds() - start) * 1000)
            rates.add(reference: text, hypothesis: best.first?.text ?? "")
            progress.advance()
        }
        progress.finish()
        let latency = LatencySummary(milliseconds: milliseconds)
        print("lines \(lineCount), method \(decoder.method.rawValue), beam \(decoder.beamWidth), LM \(decoder.languageModel != nil)")
        print(String(format: "median %.3f ms, p95 %.3f ms CPU per line; simulated CER %.2f%%", latency.median, latency.p95, 100 * rates.cer))
    }

    static func decodeDump(_ path: String, limit: Int?, decoder: CTCDecoder) throws {
        let samples: [FrameDump.Sample]
        do { samples = try FrameDump.read(from: URL(fileURLWithPath: path)) } catch { throw CLIError.badInput("\(error)") }
        var rates = ErrorRates()
        var milliseconds: [Double] = []
        let chosen = samples.prefix(limit ?? .max)
        let progress = ProgressBar(label: "bench-decoder", total: chosen.count)
        for sample in chosen {
            guard sample.frames.classCount == decoder.alphabet.classCount else {
                throw CLIError.badInput("\(sample.id): \(sample.frames.classCount) classes, the alphabet has \(decoder.alphabet.classCount)")
            }
            let start = cpuSeconds()
            let readings = decoder.decode(sample.frames, maxCandidates: 8)
            milliseconds.append((cpuSeconds() - start) * 1000)
            rates.add(reference: sample.label, hypothesis: readings.first?.text ?? "", alternatives: readings.dropFirst().map(\.text))
            progress.advance()
        }
        progress.finish()
        let latency = LatencySummary(milliseconds: milliseconds)
        print(String(format: "samples %d  CER %.2f%%  WER %.2f%%  normalized CER %.2f%%  WER %.2f%%  oracle CER %.2f%%  decoding median %.3f ms p95 %.3f ms CPU",
                     rates.samples, 100 * rates.cer, 100 * rates.wer, 100 * rates.normalizedCER, 100 * rates.normalizedWER,
                     100 * rates.oracleCER, latency.median, latency.p95))
    }

    /// CPU time of this (single-threaded) process: unlike wall time, not inflated by other
    /// processes on a busy machine. (`clock_gettime` with a `timespec` smashed the stack in one
    /// release build on Linux; `clock()` needs no buffer.)
    static func cpuSeconds() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }

    /// A network's output for `text`: each character's frame gives it 0.45-0.98 and most of the
    /// rest to one random other class; the other frames are mostly blank.
    static func simulate(_ text: String, alphabet: Alphabet, framesPerChar: Int, random: inout SeededRandom) -> CTCFrames {
        let classes = alphabet.classCount
        var values: [Float] = []
        var frameCount = 0
        func row(_ main: Int, _ p: Double, _ other: Int) {
            var probabilities = [Double](repeating: 0.002 / Double(classes), count: classes)
            probabilities[main] += p
            probabilities[other] += 0.998 - p
            values.append(contentsOf: probabilities.map { Float(log($0)) })
            frameCount += 1
        }
        for character in text {
            guard let k = alphabet.classIndex(of: character) else { continue }
            let confusion = 1 + Int(random.next() % UInt64(classes - 1))
            row(k, 0.45 + 0.53 * random.unit(), confusion)
            for _ in 1..<max(2, framesPerChar) { row(0, 0.9 + 0.09 * random.unit(), k) }
        }
        return CTCFrames(logProbabilities: values, frameCount: frameCount, classCount: classes)
    }

    static let sentences = [
        "In the beginning was the Word, and the Word was with God",
        "Notes on Jn 3:16 and 1 Cor 13:4-7, read on Sunday morning",
        "A MOVE to stop Mr. Gaitskell from nominating any more Labour",
        "the committee will meet again next week to discuss the report",
        "Ps 119:105 Thy word is a lamp unto my feet, and a light",
        "He said that the government had no intention of changing it",
    ]
}
