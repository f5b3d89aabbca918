import ArgumentParser
import InkRecognition

/// `--variants`: how else each line is read besides as written (`ReadingPlan`,
/// `VariantReadingRecognizer`): "standard" (the model's own plan), "none", or items separated
/// by commas: "standard", scale/slant pairs (the model reads the ink so changed) and shipped
/// models' names (that model also reads the ink as written).
struct ReadingPlanOption: ExpressibleByArgument, Decodable, Sendable {
    enum Item: Hashable, Sendable, Decodable {
        /// `ReadingPlan.standard(for:)` of the model that reads.
        case standard
        case variant(ReadingVariant)
        case companion(ShippedModel)
    }

    var items: [Item]

    init(_ items: [Item]) { self.items = items }

    /// The model's own plan: what `--variants` is by default where indexing reads.
    static let standard = ReadingPlanOption([.standard])
    /// Each line read once.
    static let none = ReadingPlanOption([])

    init?(argument: String) {
        guard argument != "none" else { self.init([]); return }
        var items: [Item] = []
        for text in argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let item: Item
            if text == "standard" {
                item = .standard
            } else if let model = ShippedModel(rawValue: text) {
                item = .companion(model)
            } else {
                let numbers = text.split(separator: "/").map { Double($0) }
                guard (1...2).contains(numbers.count), let scale = numbers[0], scale.isFinite, scale > 0,
                      let slant = numbers.count > 1 ? numbers[1] : 0, slant.isFinite else { return nil }
                item = .variant(ReadingVariant(horizontalScale: scale, slant: slant))
            }
            guard !items.contains(item) else { return nil }
            items.append(item)
        }
        guard !items.isEmpty else { return nil }
        self.init(items)
    }

    /// As the option is written: what `init?(argument:)` reads back.
    var argument: String {
        guard !items.isEmpty else { return "none" }
        return items.map { item in
            switch item {
            case .standard: "standard"
            case .variant(let variant): variant.argument
            case .companion(let model): model.rawValue
            }
        }.joined(separator: ",")
    }

    var defaultValueDescription: String { argument }

    static let help = ArgumentHelp("""
        How else each line is read, besides as written (the text is the reading they agree on; \
        search gets them all): standard (the model's own: the open model also reads it \
        \(ReadingVariant.standard.map { $0.argument }.joined(separator: " and ")) as horizontal \
        scale/slant, the research model reads it beside the open model and research-alternate), \
        none, or items separated by commas: standard, horizontal scale/slant pairs, and shipped \
        models (\(ShippedModel.allCases.map(\.identifier).joined(separator: ", "))) that also read \
        the ink as written.
        """, valueName: "variants")

    /// What `model` reads: the items in order, "standard" replaced by the model's own plan, a
    /// companion that is the model itself or named twice left out.
    func plan(for model: ShippedModel) -> ReadingPlan {
        var plan = ReadingPlan.once
        func add(variant: ReadingVariant) { if !plan.variants.contains(variant) { plan.variants.append(variant) } }
        func add(companion: ShippedModel) {
            if companion != model && !plan.companions.contains(companion) { plan.companions.append(companion) }
        }
        for item in items {
            switch item {
            case .standard:
                let standard = ReadingPlan.standard(for: model)
                standard.variants.forEach { add(variant: $0) }
                standard.companions.forEach { add(companion: $0) }
            case .variant(let variant): add(variant: variant)
            case .companion(let companion): add(companion: companion)
            }
        }
        return plan
    }

    /// `recognizer` (`model`'s) reading as `plan(for: model)` says, its companions reading these
    /// languages and words with their shipped decoding; `recognizer` itself where the plan reads
    /// once.
    func wrapping(_ recognizer: any LineRecognizing, model: ShippedModel, languages: [RecognitionLanguage] = [],
                  vocabulary: [String] = []) throws -> any LineRecognizing {
        let plan = plan(for: model)
        guard plan != .once else { return recognizer }
        return try ShippedRecognizer.reading(recognizer, as: plan, languages: languages, vocabulary: vocabulary)
    }
}

extension ReadingVariant {
    /// "0.85/0.25": as `--variants` takes it.
    var argument: String {
        slant == 0 ? "\(horizontalScale)" : "\(horizontalScale)/\(slant)"
    }
}
