// swift-tools-version:6.0
// An app's first five minutes with InkIndex: read an InkML file, search it, print the hits.
// It depends on InkIndex by path, as an app in this repository would; an app elsewhere names
// the repository's URL instead (README, "Add it to your package").
import PackageDescription

let package = Package(
    name: "SearchNotes",
    // At least InkIndex's own (../../Package.swift): SwiftPM refuses a dependency whose platforms
    // are newer than the package that uses it. `.ci/check-platforms` keeps the two in step.
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "InkIndex", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SearchNotes",
            dependencies: [.product(name: "InkIndex", package: "InkIndex")],
            resources: [.copy("sermon.inkml")]),
    ]
)
