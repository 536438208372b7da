import Foundation

/// The formats `ferry import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    case curl, grpcurl, postman, har, openapi, http, hurl, insomnia, bruno, posting

    /// The importer for this format.
    public var importer: any Importer {
        switch self {
        case .curl: CurlImporter()
        case .grpcurl: GRPCurlImporter()
        case .postman: PostmanImporter()
        case .har: HARImporter()
        case .openapi: OpenAPIImporter()
        case .http: HTTPFileImporter()
        case .hurl: HurlImporter()
        case .insomnia: InsomniaImporter()
        case .bruno: BrunoImporter()
        case .posting: PostingImporter()
        }
    }

    /// The file to read for `path`: a folder's `bruno.json` (or `opencollection.yml`, Bruno's YAML
    /// format) when it is a Bruno collection, else `path` (a Posting collection is read as the folder it is).
    public static func document(at path: String) -> String {
        guard isFolder(path) else { return path }
        return ["bruno.json", "opencollection.yml"].map { (path as NSString).appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0) } ?? path
    }

    /// True when `path` is a folder.
    public static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The formats as a list for messages (`curl, postman, …`).
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Recognises a document by its file name (`.http`, `.rest`, `.hurl`, `bruno.json`, a folder of
    /// `*.posting.yaml` files) or its content: a
    /// command starting with `curl`, HAR's `log.entries`, a Postman collection's `info.schema` or
    /// an environment's `_postman_variable_scope`, an `openapi:` or `swagger:` key, an Insomnia
    /// export's `__export_format`, Hurl's `HTTP 200` lines, `###` separators; nil when none fits.
    public static func detect(_ text: String, path: String? = nil) -> ImportFormat? {
        switch path.map({ ($0 as NSString).pathExtension.lowercased() }) {
        case "http", "rest": return .http
        case "hurl": return .hurl
        default:
            if let name = path.map({ ($0 as NSString).lastPathComponent }), ["bruno.json", "opencollection.yml"].contains(name) {
                return .bruno
            }
            if let path, isFolder(path) { return PostingImporter.isCollection(path) ? .posting : nil }
        }
        let firstLine =
            text.split(whereSeparator: \.isNewline).lazy
            .map { $0.drop { $0.isWhitespace || $0 == "\u{FEFF}" } }
            .first { !$0.isEmpty && !$0.hasPrefix("#") } ?? ""
        if firstLine.hasPrefix("curl ") || firstLine.hasPrefix("curl\t") || firstLine.hasPrefix("$ curl ") { return .curl }
        if firstLine.hasPrefix("grpcurl ") || firstLine.hasPrefix("$ grpcurl ") { return .grpcurl }
        if firstLine.hasPrefix("opencollection:") { return .bruno }
        if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            if (object["log"] as? [String: Any])?["entries"] != nil { return .har }
            if let info = object["info"] as? [String: Any],
                (info["schema"] as? String)?.contains("getpostman.com") == true || info["_postman_id"] != nil
            {
                return .postman
            }
            if object["_postman_variable_scope"] != nil { return .postman }
            // A collection without `info` (newman's own test collections): its `item` list.
            if object["item"] is [Any], object["log"] == nil { return .postman }
            if object["openapi"] != nil || object["swagger"] != nil { return .openapi }
            if object["_type"] as? String == "export", object["__export_format"] != nil { return .insomnia }
            return nil
        }
        // A top-level key, wherever it is: generated documents often put `openapi:` after `components:`.
        for key in ["openapi:", "swagger:"] where text.hasPrefix(key) || text.contains("\n" + key) {
            return .openapi
        }
        if text.contains("__export_format:")
            || text.range(of: #"(^|\n)type: (collection|spec)\.insomnia\.rest/"#, options: .regularExpression) != nil
        {
            return .insomnia
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.contains(where: { $0.range(of: #"^HTTP(/[0-9.]+)? ([0-9]{3}|\*)$"#, options: .regularExpression) != nil }) { return .hurl }
        if text.hasPrefix("###") || text.contains("\n###") { return .http }
        return nil
    }
}
