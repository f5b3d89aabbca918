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
        .library(name: "InkServer", targets: ["InkServer"]),
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
        // The HTTP API and the playground page over a NoteLibrary (swift-nio).
        .target(name: "InkServer", dependencies: [
            "InkIndex",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], resources: [.copy("Resources")]),
        // Benchmarks that drive the library through its outer layers (the HTTP server).
        .target(name: "InkTools", dependencies: [
            "InkServer", "InkIndex",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .executableTarget(name: "inkindex", dependencies: ["InkIndex", "InkServer", "InkTools"]),

        .testTarget(name: "InkCoreTests", dependencies: ["InkCore", "InkSynthesis"]),
        .testTarget(name: "InkSynthesisTests", dependencies: ["InkSynthesis"]),
        .testTarget(name: "InkLayoutTests", dependencies: ["InkLayout", "InkSynthesis"]),
        .testTarget(name: "InkRecognitionTests", dependencies: ["InkRecognition", "InkSynthesis"], resources: [.copy("Fixtures")]),
        .testTarget(name: "InkSearchTests", dependencies: ["InkSearch", "InkSynthesis"]),
        .testTarget(name: "InkIndexTests", dependencies: ["InkIndex"]),
        .testTarget(name: "InkServerTests", dependencies: [
            "InkServer", "InkIndex", "InkTools", "InkSynthesis",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
