import Foundation

/// What a response serializer produced.
public enum SerializedValue: Sendable {
    /// An empty body that the serializer accepts as a success (204, 205, 304, HEAD; AF's Empty).
    case empty
    case data(Data)
    case text(String, charset: String)
    case image(ImageInfo)
    /// A parsed JSON, XML or property-list document.
    case document(Document)
}
