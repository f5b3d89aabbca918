import ArgumentParser
import InkRecognition

/// `--variants`: the changes of the ink read besides the ink as written
/// (`VariantReadingRecognizer`): "standard", "none", or scale/slant pairs separated by commas.
struct ReadingVariantsOption: ExpressibleByArgument, Decodable, Sendable {
    var variants: [ReadingVariant]

    init(_ variants: [ReadingVariant]) { self.variants = variants }

    init?(argument: String) {
        switch argument {
        case "standard": variants = ReadingVariant.standard
        case "none": variants = []
        default:
            var parsed: [ReadingVariant] = []
            for item in argument.split(separator: ",") {
                let numbers = item.split(separator: "/").map { Double($0) }
                guard (1...2).contains(numbers.count), let scale = numbers[0], scale.isFinite, scale > 0,
                      let slant = numbers.count > 1 ? numbers[1] : 0, slant.isFinite else { return nil }
                parsed.append(ReadingVariant(horizontalScale: scale, slant: slant))
            }
            guard !parsed.isEmpty else { return nil }
            variants = parsed
        }
    }

    /// As the option is written: what `init?(argument:)` reads back.
    var argument: String {
        variants.isEmpty ? "none" : variants == ReadingVariant.standard ? "standard" : variants.map(\.argument).joined(separator: ",")
    }

    var defaultValueDescription: String { argument }

    static let help = ArgumentHelp("""
        How else each line is read, besides as written (the text is the reading they agree on; \
        search gets them all): standard (\(ReadingVariant.standard.map { $0.argument }.joined(separator: ","))), \
        none, or horizontal scale/slant pairs separated by commas.
        """, valueName: "variants")

    /// `recognizer` reading these variants too; itself where there are none.
    func wrapping(_ recognizer: any LineRecognizing) -> any LineRecognizing {
        variants.isEmpty ? recognizer : VariantReadingRecognizer(recognizer, variants: variants)
    }
}

extension ReadingVariant {
    /// "0.85/0.25": as `--variants` takes it.
    var argument: String {
        slant == 0 ? "\(horizontalScale)" : "\(horizontalScale)/\(slant)"
    }
}
