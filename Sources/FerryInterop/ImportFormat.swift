import FerryCore
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
        if let format = jsonObjectFormat(text) { return format }
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

    /// The format a JSON object names by its top-level members, `.some(nil)` for an object that
    /// names none, nil when `text` is not a JSON object. Read with Ferry's own parser, which keeps
    /// no values: detection used to cost a fifth of a large collection's import.
    private static func jsonObjectFormat(_ text: String) -> ImportFormat?? {
        guard let document = try? JSONParser.parse(Data(text.utf8)), document.kind(of: document.root) == .object else { return nil }
        func member(_ key: String, of node: NodeID?) -> NodeID? {
            guard let node, document.kind(of: node) == .object else { return nil }
            return document.children(of: node).first { document.key(of: $0) == key }
        }
        let root = document.root
        if member("entries", of: member("log", of: root)) != nil { return .har }
        if let info = member("info", of: root) {
            let schema = member("schema", of: info).flatMap { document.kind(of: $0) == .string ? document.value(of: $0) : nil }
            if schema?.contains("getpostman.com") == true || member("_postman_id", of: info) != nil { return .postman }
        }
        if member("_postman_variable_scope", of: root) != nil { return .postman }
        // A collection without `info` (newman's own test collections): its `item` list.
        if let item = member("item", of: root), document.kind(of: item) == .array, member("log", of: root) == nil { return .postman }
        if member("openapi", of: root) != nil || member("swagger", of: root) != nil { return .openapi }
        if let type = member("_type", of: root), document.value(of: type) == "export", document.kind(of: type) == .string,
            member("__export_format", of: root) != nil
        {
            return .insomnia
        }
        return .some(nil)
    }
}
