import Foundation

extension FerryError {
    /// Why a multipart body could not be built or streamed (AFNetworking's multipart errors).
    public enum MultipartEncodingReason: Sendable {
        case fileNotFound(path: String, error: any Error)
        case fileNotReadable(path: String, error: any Error)
        case fileIsDirectory(path: String, error: any Error)
        /// A device, FIFO or socket: `kind` says which.
        case fileNotRegular(path: String, kind: String)
        /// The file's size changed between building the body and sending it.
        case fileChangedDuringUpload(path: String, expected: Int64, actual: Int64)
        /// Reading a part's stream failed while sending.
        case inputStreamReadFailed(error: any Error)
        /// Writing the body to a file (`--dump-body`) failed.
        case outputFileWriteFailed(path: String, error: any Error)

        var underlyingError: (any Error)? {
            switch self {
            case .fileNotFound(_, let error), .fileNotReadable(_, let error), .fileIsDirectory(_, let error),
                .inputStreamReadFailed(let error), .outputFileWriteFailed(_, let error):
                error
            case .fileNotRegular, .fileChangedDuringUpload:
                nil
            }
        }

        var link: ErrorLink {
            let stage = "multipart-encoding"
            switch self {
            case .fileNotFound(let path, _):
                return ErrorLink(
                    stage: stage, reason: "fileNotFound", message: "a file part does not exist", details: [.init("path", path)])
            case .fileNotReadable(let path, _):
                return ErrorLink(
                    stage: stage, reason: "fileNotReadable", message: "a file part cannot be read", details: [.init("path", path)])
            case .fileIsDirectory(let path, _):
                return ErrorLink(
                    stage: stage, reason: "fileIsDirectory", message: "a file part is a directory", details: [.init("path", path)])
            case .fileNotRegular(let path, let kind):
                return ErrorLink(
                    stage: stage, reason: "fileNotRegular", message: "a file part is not a regular file",
                    details: [.init("path", path), .init("kind", kind)])
            case .fileChangedDuringUpload(let path, let expected, let actual):
                return ErrorLink(
                    stage: stage, reason: "fileChangedDuringUpload", message: "a file part changed size while it was uploaded",
                    details: [.init("path", path), .init("expected", "\(expected) bytes"), .init("read", "\(actual) bytes")])
            case .inputStreamReadFailed:
                return ErrorLink(stage: stage, reason: "inputStreamReadFailed", message: "reading a part failed while sending")
            case .outputFileWriteFailed(let path, _):
                return ErrorLink(
                    stage: stage, reason: "outputFileWriteFailed", message: "the body could not be written to a file",
                    details: [.init("path", path)])
            }
        }
    }
}
