/// The name proposed for a response body saved to a file: `response.EXT`, its extension the one
/// `ferry view` reads as the body's Content-Type (`.json`, `.xml`, `.plist`, `.html`, `.txt`, an
/// image's), `.bin` for anything else (sniffed when viewed).
enum ResponseFileName {
    static func proposed(contentType: String?) -> String {
        let type = (contentType ?? "").lowercased().split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return "response." + (Self.images[type] ?? Self.documentExtension(of: type))
    }

    private static let images = ["image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp"]

    private static func documentExtension(of type: String) -> String {
        if type.contains("json") { return "json" }
        if type.contains("plist") { return "plist" }
        if type.contains("xml") { return "xml" }
        if type == "text/html" { return "html" }
        return type.hasPrefix("text/") ? "txt" : "bin"
    }
}
