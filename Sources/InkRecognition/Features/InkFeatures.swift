/// The network's input for one line: a row of features per resampled point, and for each row
/// the input stroke it came from (so that recognized characters map back to strokes).
public struct InkFeatures: Sendable, Equatable {
    /// `rowCount × columnCount`, row-major.
    public var values: [Float]
    public var rowCount: Int
    public var columnCount: Int
    /// For each row, the index of its stroke in the array given to the extractor.
    public var strokeIndices: [Int]

    public var isEmpty: Bool { rowCount == 0 }
}
