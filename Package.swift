// swift-tools-version: 6.0
import PackageDescription

// The module graph mirrors the architecture (Docs/Architecture.md), and targets are split by
// audience and by licence:
//   what an app links:   InkCore (record) ← InkLayout (where) ← InkRecognition (what)
//                        ← InkSearch (keys) ← InkIndex (façade, store)
//                        Only material any app may ship: the open network, and data whose terms
//                        allow commercial use (each Resources/TERMS.json; ProductResourcesTests).
//                        InkIndexLanguages (the 19 languages other than English; in the InkIndex
//                        product, not in InkIndexEnglish).
//   what a non-commercial app adds:  InkIndexResearchModels (the networks trained on IAM-OnDB).
//   what measures it:    InkTools (benchmarks, evaluation, stand-in recognizers, the demo)
//                        on InkIndex and InkSynthesis (synthetic ink); used by the CLI and tests.
// No library product depends on InkSynthesis or InkTools.
let package = Package(
    name: "InkIndex",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // The library with all 20 languages' decoding data; InkIndexEnglish is the same library
        // with English's alone, 10.1 MB smaller (ShippedLanguageData).
        .library(name: "InkIndex", targets: ["InkIndex", "InkIndexLanguages"]),
        .library(name: "InkIndexEnglish", targets: ["InkIndex"]),
        .library(name: "InkCore", targets: ["InkCore"]),
        // The research networks, trained on IAM-OnDB (non-commercial research only): an app adds
        // this product by name; its bundle is then found beside InkRecognition's.
        .library(name: "InkIndexResearchModels", targets: ["InkIndexResearchModels"]),
        .library(name: "InkServer", targets: ["InkServer"]),
        // libInkIndexC.so / .dylib, installed as libinkindex by bindings/c/install.sh.
        .library(name: "InkIndexC", type: .dynamic, targets: ["InkIndexC"]),
        .executable(name: "inkindex", targets: ["inkindex"]),
        // InkTools is deliberately not a product: it serves this package's CLI and tests.
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
        // libpq, PostgreSQL's client library, for the server's shared store (issue 19); no library
        // product links it.
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
                       providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),

        // Ink model, geometry, formats and rendering: the record.
        .target(name: "InkCore", dependencies: ["CZlib"]),
        // Synthetic ink from single-stroke Hershey glyphs, for tests, fixtures and the demo.
        .target(name: "InkSynthesis", dependencies: ["InkCore"], resources: [.copy("Resources")]),
        // Page layout: writing vs. marks, lines, words, clusters, relations.
        .target(name: "InkLayout", dependencies: ["InkCore"]),
        // The neural recognizer: features, network, CTC decoding, language model.
        .target(name: "InkRecognition", dependencies: ["InkCore"], resources: [.copy("Resources")]),
        // The research models' weights (`ShippedModel.research`, `.researchAlternate`), which no
        // commercial app may ship: a product of their own, registered with InkRecognition.
        .target(name: "InkIndexResearchModels", dependencies: ["InkRecognition"], resources: [.copy("Resources")]),
        // The character models and word priors of the 19 languages other than English, found
        // beside InkRecognition's bundle where linked (the InkIndex product links them).
        .target(name: "InkIndexLanguages", dependencies: ["InkRecognition"], resources: [.copy("Resources")]),
        // Normalization, confusion classes, scripture references, word tokens, matching.
        // Where each word stands (cluster, marks, relations: `PageMarkup`) comes from the layout.
        .target(name: "InkSearch", dependencies: ["InkCore", "InkLayout", "InkRecognition"], resources: [.copy("Resources")]),
        // The public façade: StrokeRecognizer, NoteLibrary (SQLite), scheduling.
        .target(name: "InkIndex", dependencies: ["InkCore", "InkLayout", "InkRecognition", "InkSearch", "CSQLite"]),
        // The JSON shapes of drawings, readings, layouts and hits that the HTTP API and the C
        // library share (Codable values and their conversions; no networking).
        .target(name: "InkWire", dependencies: ["InkIndex"]),
        // The HTTP API and the playground page over a NoteLibrary (swift-nio), for servers that
        // sync notes and for `inkindex serve`.
        .target(name: "InkServer", dependencies: [
            "InkIndex", "InkWire", "InkPostgres",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], resources: [.copy("Resources")]),
        // libinkindex: the C interface (bindings/c/include/inkindex.h) over StrokeRecognizer and
        // NoteLibrary, for C, C++, Rust, Go, Dart, Kotlin and Python (bindings/python).
        .target(name: "InkIndexC", dependencies: ["InkIndex", "InkIndexLanguages", "InkWire"]),
        // PostgreSQL through libpq: connections, statements, typed errors (Client/), and
        // NoteLibrary's store on a database that several servers share (Library/).
        .target(name: "InkPostgres", dependencies: ["CLibPQ", "InkIndex"]),
        // Measurement, demos and test support, kept out of what apps link: search, library,
        // layout and server-load benchmarks, recognition evaluation and held-out writers, noisy
        // and transcript stand-in recognizers, the demo's notes.
        .target(name: "InkTools", dependencies: [
            "InkIndex", "InkIndexLanguages", "InkIndexResearchModels", "InkSynthesis", "InkServer", "InkPostgres",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // The command line: one ParsableCommand per subcommand, in a folder per concept.
        .executableTarget(name: "inkindex", dependencies: [
            "InkIndex", "InkIndexLanguages", "InkIndexResearchModels", "InkServer", "InkWire", "InkPostgres", "InkTools", "InkSynthesis",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "InkCoreTests", dependencies: ["InkCore", "InkSynthesis"], resources: [.copy("Fixtures")]),
        .testTarget(name: "InkSynthesisTests", dependencies: ["InkSynthesis"]),
        .testTarget(name: "InkLayoutTests", dependencies: ["InkLayout", "InkSynthesis", "InkTools"]),
        .testTarget(name: "InkRecognitionTests", dependencies: ["InkRecognition", "InkSynthesis", "InkTools"], resources: [.copy("Fixtures")]),
        .testTarget(name: "InkSearchTests", dependencies: ["InkSearch", "InkLayout", "InkSynthesis"]),
        // What several test targets share: finding the built `inkindex`.
        .target(name: "InkTestSupport", dependencies: ["InkPostgres"], path: "Tests/InkTestSupport"),
        .testTarget(name: "InkIndexTests", dependencies: ["InkIndex", "InkTools", "InkSynthesis", "InkTestSupport"]),
        .testTarget(name: "InkToolsTests", dependencies: ["InkTools", "InkIndex", "InkSynthesis"]),
        .testTarget(name: "InkServerTests", dependencies: [
            "InkServer", "InkIndex", "InkPostgres", "InkTools", "InkSynthesis", "InkTestSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // Against a throwaway PostgreSQL cluster (skipped where its binaries are absent).
        .testTarget(name: "InkPostgresTests", dependencies: ["InkPostgres", "InkIndex", "InkTools", "InkTestSupport"]),
        // Parses command lines with the CLI's own declarations and runs the built binary.
        .testTarget(name: "InkIndexCLITests", dependencies: ["inkindex", "InkTestSupport", "InkIndex", "InkPostgres", "InkTools"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer harnesses (Fuzz/README.md): an executable that only `Fuzz/run.sh` builds, by setting
// INKINDEX_FUZZ=1 with `-sanitize=fuzzer,address`; ordinary builds and tests never see it.
if Context.environment["INKINDEX_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "inkindex-fuzz",
        dependencies: [
            "InkCore", "InkSearch", "InkIndex", "InkServer", "InkWire",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ],
        path: "Fuzz/Harnesses",
        // libFuzzer supplies `main`; the harnesses only export its entry points.
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
