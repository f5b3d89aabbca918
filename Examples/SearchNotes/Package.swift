// swift-tools-version:6.0
// An app's first five minutes with InkIndex: read an InkML file, search it, print the hits.
// It depends on InkIndex by path, as an app in this repository would; an app elsewhere names
// the repository's URL instead (README, "Add it to your package").
import PackageDescription

let package = Package(
    name: "SearchNotes",
    platforms: [.macOS(.v13), .iOS(.v16)],
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
