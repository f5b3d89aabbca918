import Foundation
import Testing

/// What an app that links a product carries: every resource reachable from the `InkIndex` and
/// `InkCore` products, found from the package's own description (`swift package dump-package`),
/// read file by file against the `TERMS.json` beside it and, for weights, against the training
/// recipe written into the file itself. A file whose sources do not allow commercial use, a
/// file no manifest accounts for, or weights trained by another recipe than the open one fail.
@Suite struct ProductResourcesTests {
    /// The products any app may ship.
    static let commercialProducts = ["InkIndex", "InkIndexEnglish", "InkCore"]

    @Test func theProductsAnyAppMayShipReachOnlyCommercialMaterial() throws {
        guard let package = try PackageGraph.load() else { return }
        var checked = 0, weights = 0
        for product in Self.commercialProducts {
            for folder in try package.resourceFolders(reachableFrom: product) {
                let terms = try TermsManifest(folder: folder)
                for file in try folder.files() {
                    guard let entry = terms.entry(for: file.relativePath) else {
                        Issue.record("\(product) reaches \(file.relativePath) in \(folder.target), which its TERMS.json does not list")
                        continue
                    }
                    for source in entry.sources {
                        guard let declared = terms.sources[source] else {
                            Issue.record("\(folder.target)/TERMS.json: unknown source '\(source)'")
                            continue
                        }
                        #expect(declared.commercialUse,
                                "\(product) reaches \(file.relativePath) (\(folder.target)), made from \(source): \(declared.terms)")
                    }
                    if file.relativePath.hasSuffix(".weights") {
                        #expect(try WeightsRecipe.read(file.url) == "open",
                                "\(product) reaches \(file.relativePath), weights trained by another recipe than the open one")
                        weights += 1
                    }
                    checked += 1
                }
            }
        }
        // Not vacuous: the open network and the language data are there.
        #expect(weights >= 1 && checked >= 40, "checked \(checked) files, \(weights) weights")
    }

    /// Every resource folder of the package, whatever product links it, accounts for every file,
    /// and its manifest tells the truth about the weights it holds.
    @Test func everyResourceIsAccountedForAndWeightsSayWhatTheyWereTrainedOn() throws {
        guard let package = try PackageGraph.load() else { return }
        var nonCommercial: [String] = []
        for folder in package.allResourceFolders {
            let terms = try TermsManifest(folder: folder)
            for file in try folder.files() {
                guard let entry = terms.entry(for: file.relativePath) else {
                    Issue.record("\(folder.target)/Resources: \(file.relativePath) is not listed in its TERMS.json")
                    continue
                }
                #expect(entry.sources.allSatisfy { terms.sources[$0] != nil }, "\(folder.target)/TERMS.json: an unknown source for \(file.relativePath)")
                let restricted = entry.sources.contains { terms.sources[$0]?.commercialUse == false }
                if restricted { nonCommercial.append("\(folder.target)/\(file.relativePath)") }
                if file.relativePath.hasSuffix(".weights") {
                    let recipe = try WeightsRecipe.read(file.url)
                    #expect(entry.recipe == recipe, "\(file.relativePath): TERMS.json says recipe \(entry.recipe ?? "none"), the file \(recipe)")
                    #expect((recipe == "open") != restricted, "\(file.relativePath): recipe \(recipe) but sources \(entry.sources)")
                }
            }
        }
        // The research networks exist, and only the research product reaches them.
        #expect(nonCommercial.sorted() == ["InkIndexResearchModels/inkrec-research-alternate.weights",
                                           "InkIndexResearchModels/inkrec.weights"])
        let research = try package.resourceFolders(reachableFrom: "InkIndexResearchModels").map(\.target)
        #expect(research.contains("InkIndexResearchModels"))
    }

    /// The bundles the build copied beside the tests hold what the source folders hold, so the
    /// check above is the check of what ships.
    @Test func theBuiltBundlesHoldTheCheckedFiles() throws {
        guard let package = try PackageGraph.load() else { return }
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var compared = 0
        for folder in try package.resourceFolders(reachableFrom: "InkIndex") {
            let candidates = ["\(package.name)_\(folder.target).resources", "\(package.name)_\(folder.target).bundle"]
            guard let bundle = candidates.map({ buildFolder.appendingPathComponent($0) })
                .first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { continue }
            let built = try ResourceFolder(target: folder.target, url: bundle.appendingPathComponent(folder.resourcePath)).files()
            #expect(Set(built.map(\.relativePath)) == Set(try folder.files().map(\.relativePath)), "\(bundle.lastPathComponent)")
            compared += 1
        }
        if compared == 0 { print("ProductResourcesTests: no built resource bundle beside \(buildFolder.path); compared the sources only") }
    }
}

/// The package's targets and products, as `swift package dump-package` describes them.
private struct PackageGraph {
    var root: URL
    var name: String
    var products: [String: [String]]
    var targets: [String: Target]

    struct Target {
        var path: String
        var dependencies: [String]
        var resources: [String]
        var isTest: Bool
    }

    /// The package this test file belongs to; nil (said once) where `swift` is not on the PATH.
    static func load() throws -> PackageGraph? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        guard let swift = path.split(separator: ":").map({ URL(fileURLWithPath: String($0)).appendingPathComponent("swift") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            print("ProductResourcesTests: no 'swift' on the PATH to describe the package; skipping")
            return nil
        }
        // A scratch folder of its own, so that describing the package never waits on the build's lock.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("inkindex-describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = swift
        process.arguments = ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var products: [String: [String]] = [:]
        for product in json["products"] as? [[String: Any]] ?? [] {
            products[product["name"] as? String ?? ""] = product["targets"] as? [String] ?? []
        }
        var targets: [String: Target] = [:]
        for target in json["targets"] as? [[String: Any]] ?? [] {
            let name = target["name"] as? String ?? ""
            let type = target["type"] as? String ?? "regular"
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                // Local targets are named "byName" or "target"; "product" names another package's.
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            let resources = (target["resources"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            let path = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            targets[name] = Target(path: path, dependencies: dependencies, resources: resources, isTest: type == "test")
        }
        return PackageGraph(root: root, name: json["name"] as? String ?? "", products: products, targets: targets)
    }

    /// The resource folders of every target a product links, directly or not. O(targets).
    func resourceFolders(reachableFrom product: String) throws -> [ResourceFolder] {
        var pending = try #require(products[product], "no product \(product)")
        var seen = Set<String>()
        while let name = pending.popLast() {
            guard let target = targets[name], seen.insert(name).inserted else { continue }
            pending += target.dependencies
        }
        return seen.sorted().flatMap(folders(of:))
    }

    /// The resource folders of every target that is not a test (tests' fixtures ship nowhere).
    var allResourceFolders: [ResourceFolder] {
        targets.filter { !$0.value.isTest }.keys.sorted().flatMap(folders(of:))
    }

    private func folders(of name: String) -> [ResourceFolder] {
        guard let target = targets[name] else { return [] }
        return target.resources.map {
            ResourceFolder(target: name, url: root.appendingPathComponent(target.path).appendingPathComponent($0), resourcePath: $0)
        }
    }
}

/// One target's resource folder (copied whole into its bundle).
private struct ResourceFolder {
    var target: String
    var url: URL
    var resourcePath = "Resources"

    struct File {
        var url: URL
        var relativePath: String
    }

    /// Every regular file under the folder but its `TERMS.json`, by path relative to it.
    func files() throws -> [File] {
        let base = url.resolvingSymlinksInPath().path + "/"
        let enumerator = try #require(FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]))
        return try enumerator.compactMap { item -> File? in
            guard let file = item as? URL, try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { return nil }
            let relative = String(file.resolvingSymlinksInPath().path.dropFirst(base.count))
            return relative == "TERMS.json" ? nil : File(url: file, relativePath: relative)
        }
    }
}

/// A resource folder's `TERMS.json`: its files' sources, and each source's terms.
private struct TermsManifest: Decodable {
    struct Source: Decodable {
        var terms: String
        var commercialUse: Bool
    }
    struct Entry: Decodable {
        var sources: [String]
        var recipe: String?
    }
    var sources: [String: Source]
    var files: [String: Entry]

    init(folder: ResourceFolder) throws {
        let url = folder.url.appendingPathComponent("TERMS.json")
        let data = try #require(try? Data(contentsOf: url), "\(folder.target) has resources but no \(folder.resourcePath)/TERMS.json")
        self = try JSONDecoder().decode(TermsManifest.self, from: data)
    }

    /// The entry whose pattern (`*` matches any run of characters) matches `path`.
    func entry(for path: String) -> Entry? {
        files[path] ?? files.first { Self.matches(pattern: Substring($0.key), path[...]) }?.value
    }

    private static func matches(pattern: Substring, _ text: Substring) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            return text.indices.contains { matches(pattern: pattern.dropFirst(), text[$0...]) } || matches(pattern: pattern.dropFirst(), "")
        }
        return text.first == first && matches(pattern: pattern.dropFirst(), text.dropFirst())
    }
}

/// The training recipe a weights file's header records (`metadata.training.recipe`, written by
/// `Training/export.py` from the checkpoint): what it was trained on, read from the file itself.
private enum WeightsRecipe {
    static func read(_ url: URL) throws -> String {
        let data = try Data(contentsOf: url)
        try #require(data.count >= 16 && data.prefix(4) == Data("INKW".utf8), "\(url.lastPathComponent) is not a weights file")
        let length = data[8..<16].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        try #require(16 + length <= data.count, "\(url.lastPathComponent): header runs past the file")
        let header = try #require(try JSONSerialization.jsonObject(with: data[16..<(16 + length)]) as? [String: Any])
        let training = (header["metadata"] as? [String: Any])?["training"] as? [String: Any]
        return try #require(training?["recipe"] as? String, "\(url.lastPathComponent) records no training recipe")
    }
}
