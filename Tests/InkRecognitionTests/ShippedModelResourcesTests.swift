import Foundation
import Testing
@testable import InkRecognition

/// Products by licence: the open model is always there; the research models only where their
/// product is installed, and otherwise a typed error names that product.
@Suite struct ShippedModelResourcesTests {
    @Test func aModelWhoseProductIsNotInstalledFailsNamingTheProduct() throws {
        let empty = ShippedModelResources.Registry()
        for model in [ShippedModel.research, .researchAlternate] {
            #expect(throws: RecognitionError.modelNotLinked(model: model.identifier, product: "InkIndexResearchModels")) {
                try empty.weightsURL(for: model)
            }
        }
        let message = RecognitionError.modelNotLinked(model: "research", product: "InkIndexResearchModels").description
        #expect(message.contains("InkIndexResearchModels") && message.contains("ResearchModels.install()"))
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

    @Test func aBundleRegisteredForAModelIsWhereItsWeightsAreRead() throws {
        let registry = ShippedModelResources.Registry()
        registry.register(try #require(ShippedModelResources.registry.bundle(for: .open)), for: [.open])
        #expect(try registry.weightsURL(for: .open).lastPathComponent == "inkrec-open.weights")
        #expect(throws: RecognitionError.modelNotLinked(model: "research", product: "InkIndexResearchModels")) {
            try registry.weightsURL(for: .research)
        }
    }
}
