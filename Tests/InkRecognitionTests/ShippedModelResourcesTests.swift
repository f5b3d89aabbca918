import Foundation
import Testing
@testable import InkRecognition

/// Products by licence and by language: the open model and English are always there; the
/// research models and the other languages where their products are linked (their bundles lie
/// beside InkRecognition's), and a research model that is not fails with a typed error naming
/// its product.
@Suite struct ShippedModelResourcesTests {
    @Test func aModelWhoseProductIsNotLinkedFailsNamingTheProduct() throws {
        let nothingLinked = ShippedModelResources.Registry()
        for model in [ShippedModel.research, .researchAlternate] {
            #expect(throws: RecognitionError.modelNotLinked(model: model.identifier, product: "InkIndexResearchModels")) {
                try nothingLinked.weightsURL(for: model)
            }
        }
        let message = RecognitionError.modelNotLinked(model: "research", product: "InkIndexResearchModels").description
        #expect(message.contains("InkIndexResearchModels") && message.contains("non-commercial"))
    }

    @Test func theOpenModelIsInThisModulesBundleAndTheResearchModelsAreNot() throws {
        #expect(ShippedModel.open.isAvailable)
        #expect(ShippedModel.open.product == "InkIndex")
        #expect(ShippedModel.research.product == "InkIndexResearchModels" && ShippedModel.researchAlternate.product == "InkIndexResearchModels")
        let inkRecognition = try #require(ShippedModelResources.registry.bundle(for: .open))
        let builtIn = ShippedModelResources.Registry(builtIn: [.open: inkRecognition, .research: inkRecognition])
        #expect(try builtIn.weightsURL(for: .open).lastPathComponent == "inkrec-open.weights")
        // InkRecognition's own bundle no longer holds the research weights.
        #expect(throws: RecognitionError.self) { try builtIn.weightsURL(for: .research) }
    }

    @Test func aLinkedProductsBundleIsFoundAndARegisteredOneIsUsed() throws {
        let inkRecognition = try #require(ShippedModelResources.registry.bundle(for: .open))
        let asked = Asked()
        let discovering = ShippedModelResources.Registry(discover: { asked.add($0); return $0 == "InkIndex" ? inkRecognition : nil })
        #expect(try discovering.weightsURL(for: .open).lastPathComponent == "inkrec-open.weights")
        #expect(throws: RecognitionError.modelNotLinked(model: "research", product: "InkIndexResearchModels")) {
            try discovering.weightsURL(for: .research)
        }
        #expect(asked.names == ["InkIndex", "InkIndexResearchModels"], "each model is looked for under its product's name")
        let registered = ShippedModelResources.Registry()
        registered.register(inkRecognition, for: [.open])
        #expect(try registered.weightsURL(for: .open).lastPathComponent == "inkrec-open.weights")
        // This package's tests link every product: the research models are found beside.
        #expect(ShippedModel.research.isAvailable && ShippedModel.researchAlternate.isAvailable)
    }

    @Test func aSiblingBundleIsTheTargetsBundleInTheSameFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sibling-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Pkg_InkRecognition.resources", "Pkg_InkIndexResearchModels.resources"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let own = folder.appendingPathComponent("Pkg_InkRecognition.resources")
        let found = SiblingBundle.named("InkIndexResearchModels", beside: own, ownTarget: "InkRecognition")
        #expect(found?.bundleURL.lastPathComponent == "Pkg_InkIndexResearchModels.resources")
        #expect(SiblingBundle.named("InkIndexLanguages", beside: own, ownTarget: "InkRecognition") == nil, "not linked: absent")
        #expect(SiblingBundle.named("InkIndexLanguages", beside: own, ownTarget: "InkSearch") == nil, "not this module's bundle")
    }

    @Test func anAppWithEnglishAloneReadsEnglishAndRegistersMore() throws {
        let inkRecognition = try #require(ShippedModelResources.registry.bundle(for: .open))
        let englishOnly = ShippedLanguageData.Store(bundles: [inkRecognition])
        #expect(englishOnly.isAvailable(.english))
        #expect(!englishOnly.isAvailable(.spanish) && !englishOnly.isAvailable(.polish))
        // An app's own bundle holding Spanish's two files.
        let spanish = try #require(ShippedLanguageData.url(forResource: "charlm-es", withExtension: "bin"))
        englishOnly.register(try #require(Bundle(url: spanish.deletingLastPathComponent())))
        #expect(englishOnly.isAvailable(.spanish))
        // This package's tests link InkIndexLanguages: all 20 are there.
        #expect(RecognitionLanguage.all.allSatisfy(ShippedLanguageData.isAvailable))
        #expect(ShippedModel.open.supportedLanguages.count == RecognitionLanguage.all.count)
    }

    /// The names a registry looked for, in order.
    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ name: String) { lock.lock(); list.append(name); lock.unlock() }
        var names: [String] { lock.lock(); defer { lock.unlock() }; return list }
    }
}
