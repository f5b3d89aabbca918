import Foundation
import InkIndex
import InkWire

@_cdecl("inkindex_recognition_version")
public func inkindex_recognition_version(_ model: UnsafePointer<CChar>?) -> Int32 {
    guard let model else { return Int32(ShippedModel.default.recognitionVersion) }
    guard let name = String(validatingCString: model), let shipped = ShippedModel(rawValue: name) else { return -1 }
    return Int32(shipped.recognitionVersion)
}

/// `inkindex_models`' answer.
private struct ModelsAnswer: Encodable {
    struct Model: Encodable {
        var name: String
        var available: Bool
        var languages: [String]
        var recognitionVersion: Int
        var product: String
        var terms: String
    }
    var `default`: String
    var models: [Model]
}

@_cdecl("inkindex_models")
public func inkindex_models() -> UnsafeMutablePointer<CChar>? {
    let available = (try? LibrarySetup.requireResources()) != nil
    let models = ShippedModel.allCases.map { model in
        let usable = available && model.isAvailable
        return ModelsAnswer.Model(name: model.identifier, available: usable, languages: usable ? model.supportedLanguages.map(\.code) : [],
                                  recognitionVersion: model.recognitionVersion, product: model.product, terms: model.terms)
    }
    return try? CStrings.json(ModelsAnswer(default: ShippedModel.default.identifier, models: models))
}

/// `inkindex_drawing_read_file`'s answer.
private struct PagesAnswer: Encodable {
    struct Page: Encodable {
        var id: UUID
        var number: Int
        var title: String
        var strokes: [WireStroke]
    }
    var pages: [Page]
    var warnings: [String]
}

@_cdecl("inkindex_drawing_read_file")
public func inkindex_drawing_read_file(_ path: UnsafePointer<CChar>?, _ error: CErrorOut) -> UnsafeMutablePointer<CChar>? {
    cValue(error) {
        let path = try CStrings.required(path, "path")
        let read = try CInput.pages(path: path)
        return try CStrings.json(PagesAnswer(pages: read.pages.map {
            PagesAnswer.Page(id: $0.id, number: $0.number, title: $0.title, strokes: $0.drawing.strokes.map(WireStroke.init))
        }, warnings: read.warnings))
    }
}
