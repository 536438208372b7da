import Foundation

/// The formats `ferry import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    case curl, postman, har, openapi

    /// The importer for this format.
    public var importer: any Importer {
        switch self {
        case .curl: CurlImporter()
        case .postman: PostmanImporter()
        case .har: HARImporter()
        case .openapi: OpenAPIImporter()
        }
    }

    /// Recognises a document by its content: a command starting with `curl`, HAR's `log.entries`,
    /// a Postman collection's `info.schema` or an environment's `_postman_variable_scope`, an
    /// `openapi:` or `swagger:` key; nil when none fits.
    public static func detect(_ text: String) -> ImportFormat? {
        let firstLine = text.split(whereSeparator: \.isNewline).lazy
            .map { $0.drop { $0.isWhitespace || $0 == "\u{FEFF}" } }
            .first { !$0.isEmpty && !$0.hasPrefix("#") } ?? ""
        if firstLine.hasPrefix("curl ") || firstLine.hasPrefix("curl\t") || firstLine.hasPrefix("$ curl ") { return .curl }
        if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            if (object["log"] as? [String: Any])?["entries"] != nil { return .har }
            if let info = object["info"] as? [String: Any], (info["schema"] as? String)?.contains("getpostman.com") == true || info["_postman_id"] != nil {
                return .postman
            }
            if object["_postman_variable_scope"] != nil { return .postman }
            if object["openapi"] != nil || object["swagger"] != nil { return .openapi }
            return nil
        }
        // A top-level key, wherever it is: generated documents often put `openapi:` after `components:`.
        for key in ["openapi:", "swagger:"] where text.hasPrefix(key) || text.contains("\n" + key) {
            return .openapi
        }
        return nil
    }
}
