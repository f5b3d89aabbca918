import InkIndexResearchModels
import Testing

/// A suite whose tests read the research models, installed first as the command line installs
/// them: the models are in the product `InkIndexResearchModels`, which a process must install
/// before it loads them (`ShippedModelResources`).
///
/// ```swift
/// @Suite(.researchModels) struct GoldenTests { ... }
/// ```
public struct ResearchModelsInstalled: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        ResearchModels.install()
        try await function()
    }
}

extension Trait where Self == ResearchModelsInstalled {
    /// The research models installed for the suite's or test's duration (and after: installing
    /// is for the process).
    public static var researchModels: Self { Self() }
}
