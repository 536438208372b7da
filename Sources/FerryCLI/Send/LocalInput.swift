import FerryCore
import Foundation

/// A local file or standard input dressed as a response, so `ferry view` runs the very serializers
/// `ferry send` does. A file is memory-mapped when parsed, never read twice; its extension stands
/// in for a Content-Type, and text without one is read as UTF-8, the local norm.
struct LocalInput {
    let response: Response
    let serializer: any ResponseSerializer

    /// Reads `-` (standard input) or opens the file at `argument`; throws `FerryError.localFile`.
    init(argument: String, options: ValueOptions, readStandardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) throws
    {
        let body: ResponseBody
        if argument == "-" {
            let data = readStandardInput()
            body = ResponseBody(storage: .memory(data), count: Int64(data.count))
        } else {
            body = try Self.fileBody(argument)
        }
        var headers = HTTPHeaders()
        let kind = options.kind ?? .auto
        if let type = Self.contentType(forExtension: (argument as NSString).pathExtension)
            ?? (kind == .string ? "text/plain; charset=utf-8" : nil)
        {
            headers.add(name: "Content-Type", value: type)
        }
        serializer = kind.serializer(removeNulls: options.removeNulls)
        let url = argument == "-" ? "-" : URL(fileURLWithPath: argument).absoluteString
        response = Response(
            status: 200, reasonPhrase: "OK", httpVersion: "", headers: headers, body: body, effectiveURL: url,
            remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
    }

    /// An evaluator that only serializes: a local file has no status or content type to reject.
    static func evaluator(_ serializer: any ResponseSerializer) -> ResponseEvaluator {
        ResponseEvaluator(
            validator: ResponseValidator(acceptableStatusCodes: StatusCodeSet([100...599]), acceptableContentTypes: []),
            serializer: serializer)
    }

    /// The Content-Type a file's extension implies, when it is one Ferry's serializers know.
    static func contentType(forExtension pathExtension: String) -> String? {
        switch pathExtension.lowercased() {
        case "json": "application/json"
        case "xml": "application/xml"
        case "plist": "application/x-plist"
        case "txt", "text", "log": "text/plain; charset=utf-8"
        case "html", "htm": "text/html; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "bmp": "image/bmp"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        default: nil
        }
    }

    private static func fileBody(_ path: String) throws -> ResponseBody {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(.ENOENT)))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw FerryError.localFile(reason: .notARegularFile(path: path))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FerryError.localFile(reason: .unreadable(path: path, error: POSIXError(.EACCES)))
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        return size == 0 ? .empty : ResponseBody(storage: .saved(path: path), count: size)
    }
}
