// swift-tools-version: 6.0
import PackageDescription

// The module graph mirrors the architecture (Docs/Architecture.md):
// InkCore (record) ← InkLayout (where) ← InkRecognition (what) ← InkSearch (keys) ← InkIndex (façade, store).
let package = Package(
    name: "InkIndex",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "InkIndex", targets: ["InkIndex"]),
        .library(name: "InkCore", targets: ["InkCore"]),
        .executable(name: "inkindex", targets: ["inkindex"]),
    ],
    dependencies: [
        // Resolved offline here through ../shared/mirrors/use; elsewhere fetched from GitHub.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),

        // Ink model, geometry, formats and rendering: the record.
        .target(name: "InkCore", dependencies: ["CZlib"]),
        // Synthetic ink from single-stroke Hershey glyphs, for tests, fixtures and the demo.
        .target(name: "InkSynthesis", dependencies: ["InkCore"], resources: [.copy("Resources")]),
        // Page layout: writing vs. marks, lines, words, clusters, relations.
        .target(name: "InkLayout", dependencies: ["InkCore"]),
        // The neural recognizer: features, network, CTC decoding, language model.
        .target(name: "InkRecognition", dependencies: ["InkCore"], resources: [.copy("Resources")]),
        // Normalization, confusion classes, scripture references, word tokens, matching.
        .target(name: "InkSearch", dependencies: ["InkCore", "InkRecognition"]),
        // The public façade: StrokeRecognizer, NoteLibrary (SQLite), scheduling.
        .target(name: "InkIndex", dependencies: ["InkCore", "InkSynthesis", "InkLayout", "InkRecognition", "InkSearch", "CSQLite"]),
        .executableTarget(name: "inkindex", dependencies: ["InkIndex"]),

        .testTarget(name: "InkCoreTests", dependencies: ["InkCore", "InkSynthesis"]),
        .testTarget(name: "InkSynthesisTests", dependencies: ["InkSynthesis"]),
        .testTarget(name: "InkLayoutTests", dependencies: ["InkLayout", "InkSynthesis"]),
        .testTarget(name: "InkRecognitionTests", dependencies: ["InkRecognition", "InkSynthesis"], resources: [.copy("Fixtures")]),
        .testTarget(name: "InkSearchTests", dependencies: ["InkSearch", "InkSynthesis"]),
        .testTarget(name: "InkIndexTests", dependencies: ["InkIndex"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer harnesses (Fuzz/README.md): an executable that only `Fuzz/run.sh` builds, by setting
// INKINDEX_FUZZ=1 with `-sanitize=fuzzer,address`; ordinary builds and tests never see it.
if Context.environment["INKINDEX_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "inkindex-fuzz",
        dependencies: ["InkCore", "InkSearch", "InkIndex"],
        path: "Fuzz/Harnesses",
        // libFuzzer supplies `main`; the harnesses only export its entry points.
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
