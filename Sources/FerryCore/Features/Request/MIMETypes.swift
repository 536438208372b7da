import Foundation

/// MIME types by file extension, from Debian's maintained `/etc/mime.types` (package
/// `media-types`), read once on first use.
public enum MIMETypes {
    public static let fallback = "application/octet-stream"

    /// The type for `path`'s extension (case-insensitive), or `application/octet-stream`.
    public static func type(forPath path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        return table[ext] ?? fallback
    }

    private static let table: [String: String] = {
        guard let text = try? String(contentsOfFile: "/etc/mime.types", encoding: .utf8) else { return [:] }
        return parse(text)
    }()

    /// Parses mime.types text: `type ext ext…` per line, `#` comments; the first type given for an extension wins.
    public static func parse(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let type = fields.first else { continue }
            for ext in fields.dropFirst() where table[ext.lowercased()] == nil {
                table[ext.lowercased()] = String(type)
            }
        }
        return table
    }
}
