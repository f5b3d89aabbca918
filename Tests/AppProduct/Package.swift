// swift-tools-version:6.0
// What a commercial app that links the InkIndex product carries, built as such an app is built:
// a package of its own that names only that product, so that its build folder holds only the
// resource bundles the product reaches. `.ci/run` builds and runs it: it fails when one of those
// bundles holds weights trained on non-commercial data or a file whose TERMS.json says so, or when
// a research model can be loaded without `InkIndexResearchModels`; it prints the bytes each
// bundle adds (README, "What an app carries").
import PackageDescription

let package = Package(
    name: "AppProduct",
    // InkIndex's own platforms (`.ci/check-platforms` keeps them in step).
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "InkIndex", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "AppProductCheck", dependencies: [.product(name: "InkIndex", package: "InkIndex")]),
    ]
)
