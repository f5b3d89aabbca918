@_exported import InkCore
@_exported import InkLayout
@_exported import InkRecognition
@_exported import InkSearch

/// Facts about this build of InkIndex.
public enum InkIndexInfo {
    public static let version = "0.3.0"
}
