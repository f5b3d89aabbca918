// swift-tools-version:6.0
// What a commercial app that links InkIndex carries, built as such an app is built: a package of
// its own that names one product, so that its build folder holds only the resource bundles that
// product reaches. `.ci/run` builds and runs it twice: with the InkIndex product (all 20
// languages), and with INKINDEX_APP_PRODUCT=InkIndexEnglish in a build folder of its own. It
// fails when a bundle holds weights trained on non-commercial data or a file whose TERMS.json
// says so, when a research model loads without InkIndexResearchModels, or when the languages
// read are not the product's; it prints the bytes each bundle adds (README, "What an app carries").
import PackageDescription

let product = Context.environment["INKINDEX_APP_PRODUCT"] ?? "InkIndex"

let package = Package(
    name: "AppProduct",
    // InkIndex's own platforms (`.ci/check-platforms` keeps them in step).
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "InkIndex", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "AppProductCheck",
            dependencies: [.product(name: product, package: "InkIndex")],
            swiftSettings: product == "InkIndexEnglish" ? [.define("ENGLISH_ONLY")] : []),
    ]
)
