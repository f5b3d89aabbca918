import Foundation

/// Decodes stream data (ISO 32000-1, 7.4): no filter, or `/FlateDecode` (zlib) with the PNG and
/// TIFF predictors of `/DecodeParms`. Any other filter is `.unsupported`, so the caller can skip
/// the stream with a warning (or refuse the file where the stream is its cross-reference).
///
/// ```swift
/// let entries = try PDFFilters.decode(stream, in: fileBytes, limit: limits.maximumBytes)
/// ```
enum PDFFilters {
    /// The stream's decoded bytes, at most `limit` of them. The filter and its parameters must be
    /// direct objects here (they are in the streams this reader decodes: cross-reference and
    /// object streams).
    static func decode(_ stream: PDFStream, in bytes: [UInt8], limit: Int) throws(NotebookError) -> [UInt8] {
        let range = stream.data.clamped(to: 0..<bytes.count)
        let filters: [String]
        switch stream.dictionary["Filter"] {
        case nil, .null?: filters = []
        case .name(let name)?: filters = [name]
        case .array(let items)?:
            filters = items.compactMap(\.name)
            guard filters.count == items.count else { throw unsupported("a /Filter array with entries that are not names") }
        default:
            throw unsupported("a /Filter that is neither a name nor an array")
        }
        let parameters: [PDFDictionary?]
        switch stream.dictionary["DecodeParms"] {
        case .array(let items)?: parameters = items.map(\.dictionary)
        case .dictionary(let dictionary)?: parameters = [dictionary]
        default: parameters = []
        }
        guard !filters.isEmpty else {
            guard range.count <= limit else { throw tooLarge(limit) }
            return Array(bytes[range])
        }
        var data: [UInt8] = []
        for (index, filter) in filters.enumerated() {
            guard filter == "FlateDecode" || filter == "Fl" else { throw unsupported("the /\(filter) filter") }
            let input: [UInt8] = index == 0 ? Array(bytes[range]) : data
            data = try inflate(input, limit: limit)
            if index < parameters.count, let parameters = parameters[index] {
                data = try unpredict(data, parameters: parameters)
            }
        }
        return data
    }

    private static func inflate(_ input: [UInt8], limit: Int) throws(NotebookError) -> [UInt8] {
        let result = input.withUnsafeBytes { raw in Inflater.decompress(raw, wrapper: .zlib, limit: limit, expectedSize: raw.count * 4) }
        switch result {
        case .success(let bytes):
            return bytes
        case .failure(.tooLarge(let limit)):
            throw tooLarge(limit)
        case .failure(.truncated):
            throw NotebookError(.pdf, .damaged, "compressed stream data ends early")
        case .failure(.damaged(let message)):
            throw NotebookError(.pdf, .damaged, "compressed stream data is damaged (\(message))")
        }
    }

    /// Undoes `/Predictor` (7.4.4.4): 1 none, 2 TIFF (8-bit components), 10–15 PNG, each row
    /// of `/Columns` × `/Colors` × `/BitsPerComponent` bits led by its PNG filter-type byte.
    static func unpredict(_ data: [UInt8], parameters: PDFDictionary) throws(NotebookError) -> [UInt8] {
        let predictor = parameters["Predictor"]?.integer ?? 1
        guard predictor > 1 else { return data }
        let colors = parameters["Colors"]?.integer ?? 1
        let bitsPerComponent = parameters["BitsPerComponent"]?.integer ?? 8
        let columns = parameters["Columns"]?.integer ?? 1
        guard (1...32).contains(colors), [1, 2, 4, 8, 16].contains(bitsPerComponent), (1...(1 << 24)).contains(columns) else {
            throw NotebookError(.pdf, .damaged, "predictor parameters out of range (/Colors \(colors), /BitsPerComponent \(bitsPerComponent), /Columns \(columns))")
        }
        let bitsPerPixel = colors * bitsPerComponent
        let pixelBytes = max(1, bitsPerPixel / 8)
        // A row longer than the data is one partial row: the buffers need not be longer.
        let rowBytes = min((bitsPerPixel * columns + 7) / 8, max(1, data.count))
        if predictor == 2 {
            guard bitsPerComponent == 8 else { throw NotebookError(.pdf, .unsupported, "the TIFF predictor with \(bitsPerComponent)-bit components is not read") }
            var output = data
            var rowStart = 0
            while rowStart < output.count {
                let rowEnd = min(rowStart + rowBytes, output.count)
                var index = rowStart + pixelBytes
                while index < rowEnd {
                    output[index] = output[index] &+ output[index - pixelBytes]
                    index += 1
                }
                rowStart = rowEnd
            }
            return output
        }
        guard (10...15).contains(predictor) else { throw NotebookError(.pdf, .unsupported, "predictor \(predictor) is not read") }
        var output: [UInt8] = []
        output.reserveCapacity(data.count / (rowBytes + 1) * rowBytes + rowBytes)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var row = [UInt8](repeating: 0, count: rowBytes)
        var offset = 0
        while offset < data.count {
            let type = data[offset]
            offset += 1
            // A short last row is decoded as far as it goes.
            let available = min(rowBytes, data.count - offset)
            for index in 0..<available {
                let raw = data[offset + index]
                let left = index >= pixelBytes ? row[index - pixelBytes] : 0
                let up = previous[index]
                let upLeft = index >= pixelBytes ? previous[index - pixelBytes] : 0
                switch type {
                case 0: row[index] = raw
                case 1: row[index] = raw &+ left
                case 2: row[index] = raw &+ up
                case 3: row[index] = raw &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: row[index] = raw &+ paeth(left, up, upLeft)
                default:
                    throw NotebookError(.pdf, .damaged, "PNG row filter type \(type) is not 0–4")
                }
            }
            output.append(contentsOf: row[0..<available])
            offset += available
            swap(&previous, &row)
        }
        return output
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let estimate = Int(a) + Int(b) - Int(c)
        let da = abs(estimate - Int(a)), db = abs(estimate - Int(b)), dc = abs(estimate - Int(c))
        if da <= db && da <= dc { return a }
        return db <= dc ? b : c
    }

    private static func unsupported(_ what: String) -> NotebookError {
        NotebookError(.pdf, .unsupported, "\(what) is not read (only /FlateDecode is)")
    }

    private static func tooLarge(_ limit: Int) -> NotebookError {
        NotebookError(.pdf, .tooLarge, "a stream decodes to more than \(limit) bytes")
    }
}
