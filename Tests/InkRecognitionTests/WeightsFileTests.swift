import Foundation
import Testing
@testable import InkRecognition

@Suite struct WeightsFileTests {
    /// A valid file with one tensor, as Training/export.py writes it.
    static func file(header: String, data: [UInt8], magic: String = "INKW", format: UInt32 = 1) -> Data {
        var bytes = Array(magic.utf8)
        withUnsafeBytes(of: format.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt64(header.utf8.count).littleEndian) { bytes += $0 }
        return Data(bytes + Array(header.utf8) + data)
    }

    static let metadata = """
        {"modelVersion":1,"alphabet":"ab","features":{"version":1,"step":0.1,"clipDelta":8,"clipY":4,\
        "lowQuantile":0.1,"midQuantile":0.5,"highQuantile":0.9,"minScaleFraction":0.01,"names":["dx"]},\
        "model":{"convChannels":[],"convKernels":[],"convStrides":[],"hidden":1,"layers":1,"inputFeatures":1}}
        """

    static func header(dtype: String = "f16", length: Int = 4) -> String {
        #"{"format":1,"tensors":[{"name":"t","dtype":"\#(dtype)","shape":[2],"offset":0,"length":\#(length)}],"metadata":\#(metadata)}"#
    }

    @Test func readsFloat16Tensor() throws {
        // 1.0 = 0x3C00, -2.5 = 0xC100
        let file = try WeightsFile(data: Self.file(header: Self.header(), data: [0x00, 0x3C, 0x00, 0xC1]))
        #expect(try file.tensor("t", shape: [2]) == [1.0, -2.5])
        #expect(file.metadata.alphabet == "ab")
        #expect(throws: WeightsError.shapeMismatch(tensor: "t", expected: [3], found: [2])) { try file.tensor("t", shape: [3]) }
        #expect(throws: WeightsError.missingTensor("u")) { try file.tensor("u", shape: [2]) }
    }

    @Test func halfPrecisionEdgeCases() {
        #expect(Float(halfBits: 0x0000) == 0)
        #expect(Float(halfBits: 0x0001) == Float.leastNonzeroMagnitude * 0 + 5.9604645e-08)
        #expect(Float(halfBits: 0x7BFF) == 65504)
        #expect(Float(halfBits: 0x7C00) == .infinity)
        #expect(Float(halfBits: 0x3555) == 0.33325195)
    }

    @Test func rejectsBadFilesWithTypedErrors() {
        #expect(throws: WeightsError.truncated("3 bytes, fewer than the 16-byte preamble")) { try WeightsFile(data: Data([1, 2, 3])) }
        #expect(throws: WeightsError.badMagic) { try WeightsFile(data: Self.file(header: Self.header(), data: [0, 0, 0, 0], magic: "ONNX")) }
        #expect(throws: WeightsError.unsupportedFormat(2)) { try WeightsFile(data: Self.file(header: Self.header(), data: [], format: 2)) }
        #expect(throws: WeightsError.tensorOutOfBounds(tensor: "t")) { try WeightsFile(data: Self.file(header: Self.header(), data: [0, 0])) }
        #expect(throws: WeightsError.unsupportedDType(tensor: "t", dtype: "bf16")) {
            try WeightsFile(data: Self.file(header: Self.header(dtype: "bf16"), data: [0, 0, 0, 0]))
        }
        #expect(throws: WeightsError.self) { try WeightsFile(data: Self.file(header: "{not json", data: [])) }
    }

    @Test func shippedWeightsDescribeTheNetwork() throws {
        let weights = try ShippedRecognizer.weights()
        #expect(weights.metadata.modelVersion == ShippedRecognizer.expectedModelVersion)
        let alphabet = Set(weights.metadata.alphabet)
        for character in " !\"#&'()*+,-./0123456789:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" {
            #expect(alphabet.contains(character), "alphabet lacks \(character)")
        }
        _ = try InkNetwork(weights: weights)
    }

    /// Both shipped models load, declare their own model versions and say whose data they are.
    @Test(arguments: ShippedModel.allCases)
    func everyShippedModelLoads(model: ShippedModel) throws {
        let weights = try ShippedRecognizer.weights(model)
        #expect(weights.metadata.modelVersion == model.expectedModelVersion)
        let recognizer = try ShippedRecognizer.load(model, decoding: .shipped)
        #expect(recognizer.recognitionModel == model.identifier)
        #expect(recognizer.recognitionVersion == ShippedRecognizer.recognitionVersion)
        #expect(recognizer.alphabet.classCount == recognizer.network.classCount)
    }

    /// The open model's alphabet holds the letters of its 20 languages; its preprocessing uses a
    /// reference pitch of its own (measured on UNIPEN), not IAM-OnDB's.
    @Test func theOpenModelReadsTheLatinAlphabet() throws {
        let open = try ShippedRecognizer.weights(.open), research = try ShippedRecognizer.weights(.research)
        let alphabet = Set(open.metadata.alphabet)
        for character in "áàâäãåæçéèêëíìîïñóòôöõøœúùûüÿßąćęłńśźżčďěňřšťůžășțőűğışİ¿¡«»„“”‘’–—ÁÉÑÖÜ" {
            #expect(alphabet.contains(character), "the open model's alphabet lacks \(character)")
        }
        #expect(Set(research.metadata.alphabet).isSubset(of: alphabet))
        #expect(open.metadata.features.width.referencePitch != research.metadata.features.width.referencePitch)
        #expect(ShippedModel.open.terms.contains("commercial"))
        #expect(ShippedModel.research.terms.contains("non-commercial"))
    }
}
