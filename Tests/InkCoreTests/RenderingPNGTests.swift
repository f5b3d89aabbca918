import CZlib
import Foundation
import InkSynthesis
import Testing
@testable import InkCore

@Suite struct RenderingPNGTests {
    /// The chunks of a PNG file, each checked against its CRC.
    struct Chunk { var type: String; var body: [UInt8]; var crcMatches: Bool }

    static func chunks(_ data: Data) -> [Chunk] {
        let bytes = [UInt8](data)
        var chunks: [Chunk] = []
        var i = 8
        func u32(_ at: Int) -> UInt32 { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        while i + 12 <= bytes.count {
            let length = Int(u32(i))
            let typed = Array(bytes[(i + 4)..<(i + 8 + length)])
            let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            chunks.append(Chunk(type: String(decoding: typed.prefix(4), as: UTF8.self), body: Array(typed.dropFirst(4)),
                                crcMatches: crc == u32(i + 8 + length)))
            i += 12 + length
        }
        return chunks
    }

    /// Inflates IDAT with zlib and drops the per-row filter bytes (the encoder writes filter 0).
    static func pixels(_ chunks: [Chunk], width: Int, height: Int) throws -> [UInt8] {
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.body)
        var length = uLong((width * 4 + 1) * height)
        var raw = [UInt8](repeating: 0, count: Int(length))
        let status = uncompress(&raw, &length, compressed, uLong(compressed.count))
        try #require(status == Z_OK && Int(length) == raw.count)
        let stride = width * 4 + 1
        var out: [UInt8] = []
        for y in 0..<height {
            let start = y * stride
            #expect(raw[start] == 0)
            out += raw[(start + 1)..<(start + stride)]
        }
        return out
    }

    @Test func writesAValidPNGWhoseInkedPixelsLieOnTheStrokes() throws {
        let stroke = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 100, y: 0)], ink: Ink(width: 4))
        let options = RenderOptions(margin: 10)  // frame: -10...110 × -10...10 → 240 × 40 px at width 240
        let data = try PNGRenderer(width: 240, options: options).png(for: Drawing(strokes: [stroke]))
        #expect(Array(data.prefix(8)) == PNGEncoder.signature)
        let chunks = Self.chunks(data)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crcMatches })
        let header = chunks[0].body
        #expect(header.count == 13)
        #expect(Array(header[0..<8]) == [0, 0, 0, 240, 0, 0, 0, 40])
        #expect(Array(header[8..<13]) == [8, 6, 0, 0, 0])

        let pixels = try Self.pixels(chunks, width: 240, height: 40)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(4 * (y * 240 + x))..<(4 * (y * 240 + x) + 4)]) }
        #expect(pixel(120, 20) == [0, 0, 0, 255], "on the stroke: black")
        #expect(pixel(30, 20) == [0, 0, 0, 255])
        #expect(pixel(120, 2) == [255, 255, 255, 255], "away from it: paper")
        #expect(pixel(5, 20) == [255, 255, 255, 255], "in the margin")
    }

    @Test func edgesAreAntiAliased() throws {
        let diagonal = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 100, y: 37)], ink: Ink(width: 3))
        let image = try PNGRenderer(width: 200).raster(for: Drawing(strokes: [diagonal]))
        let greys = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 20 && image.pixels[$0] < 235 }
        let blacks = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] <= 20 }
        #expect(greys.count > 100 && blacks.count > 100)
    }

    @Test func synthesizedInkIsInkedWhereItsPointsAre() throws {
        let drawing = InkSynthesizer(seed: 8).drawing(for: "grace")
        let renderer = PNGRenderer(width: 400)
        let image = try renderer.raster(for: drawing)
        let frame = renderer.options.frame(for: drawing)
        let scale = 400 / frame.width
        for point in drawing.strokes.flatMap(\.points).enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
            let x = Int((point.location.x - frame.minX) * scale), y = Int((point.location.y - frame.minY) * scale)
            #expect(image[x, y].red < 128, "ink at \(x),\(y)")
        }
        let inked = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] < 128 }.count
        #expect(Double(inked) / Double(image.width * image.height) < 0.25, "mostly paper")
    }

    @Test func highlightsTintTheirRectangleAndLabelsAreDrawn() throws {
        var options = RenderOptions(margin: 0, viewport: CGRect(x: 0, y: 0, width: 200, height: 100))
        options.highlights = [Highlight(rect: CGRect(x: 50, y: 40, width: 100, height: 50), label: "HIT")]
        let image = try PNGRenderer(width: 200, options: options).raster(for: Drawing())
        let inside = image[100, 70]
        #expect(inside.blue < 200 && inside.red > 200, "yellow tint inside")
        #expect(image[10, 90] == Ink.Color(red: 255, green: 255, blue: 255))
        let labelRow = (50..<80).map { image[$0, 33] }
        #expect(labelRow.contains { $0.red < 200 }, "label text above the box")
    }

    @Test func strokeColorsOverrideTheInk() throws {
        let stroke = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 100, y: 0)], ink: Ink(width: 6))
        var options = RenderOptions(margin: 10)
        options.strokeColors = [stroke.id: Ink.Color(red: 255, green: 0, blue: 0)]
        let image = try PNGRenderer(width: 120, options: options).raster(for: Drawing(strokes: [stroke]))
        #expect(image[60, 10] == Ink.Color(red: 255, green: 0, blue: 0))
    }

    @Test func degenerateOverlaysAndWidthsFinishQuickly() throws {
        var options = RenderOptions(viewport: CGRect(x: 0, y: 0, width: 100, height: 100))
        options.overlays = [
            Overlay(.line(from: .zero, to: CGPoint(x: Double.infinity, y: 0)), dashed: true),
            Overlay(.polyline([.zero, CGPoint(x: 1e300, y: 1e300)], closed: false), dashed: true),
            Overlay(.circle(center: CGPoint(x: Double.nan, y: 0), radius: .nan), fill: .black),
            Overlay(.rect(CGRect(x: 10, y: 10, width: 20, height: 20)), lineWidth: .infinity),
        ]
        let huge = Stroke(points: (0..<50).map { StrokePoint(x: Double($0), y: 50) }, ink: Ink(width: 1e9))
        let image = try PNGRenderer(width: 100, options: options).raster(for: Drawing(strokes: [huge]))
        #expect(image.width == 100 && image.height == 100)
    }

    @Test func refusesSizesItCannotDraw() {
        let far = Stroke(points: [StrokePoint(x: 0, y: 0), StrokePoint(x: 1, y: 1e9)])
        #expect(throws: PNGRenderer.Failure.self) { try PNGRenderer(width: 1000).png(for: Drawing(strokes: [far])) }
        #expect(throws: PNGRenderer.Failure.self) { try PNGRenderer(width: 0).png(for: Drawing()) }
        #expect(throws: PNGEncoder.Failure.emptyImage) { _ = try PNGEncoder.encode(RasterImage(width: 0, height: 0)) }
    }
}
