import Foundation

/// What a request sends after its headers.
public enum RequestBody: Sendable {
    case none
    case bytes(Data)
    /// A file sent from disk as it is read, never loaded whole.
    case file(path: String)
    case stream(BodyStreamSource)

    /// Opens the body for one attempt to send: nil for no body. Throws for an unusable file.
    public func makeSource() throws -> BodyStreamSource? {
        switch self {
        case .none:
            return nil
        case .bytes(let data):
            return BodyStreamSource(length: Int64(data.count)) { DataBodyStream(data) }
        case .file(let path):
            let length = try FileBodyStream.length(of: path)
            return BodyStreamSource(length: length) { try FileBodyStream(path: path, announced: length) }
        case .stream(let source):
            return source
        }
    }
}
