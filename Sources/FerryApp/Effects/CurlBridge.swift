import FerryCore
import FerryInterop
import FerryTUI

/// A pasted curl command read into a request, what came across and what did not said in one line
/// (the other way, `ClipWriter` writes the request as a command).
enum CurlBridge {
    /// The message a pasted curl command makes: the request it describes, or why it could not be read.
    static func importing(_ text: String, root: String) -> Message {
        let imported: ImportedCollection
        do {
            imported = try CurlImporter().importCollection(text, source: "the pasted command", directory: root)
        } catch {
            return .notice("✗ \(error)")
        }
        guard let first = imported.requests.first else { return .notice("✗ the pasted command holds no request") }
        let missing = imported.report.notes.filter { $0.kind != .imported }.map {
            "\($0.place.split(separator: ":").dropFirst().joined(separator: ":").trimmingCharacters(in: .whitespaces)): \($0.message)"
        }
        var summary = "curl command taken over: \(first.description.method.rawValue) \(first.description.url)"
        if imported.requests.count > 1 { summary += " (the first of \(imported.requests.count) requests)" }
        if !missing.isEmpty { summary += "; not taken: " + missing.joined(separator: "; ") }
        return .curlImported(RequestSource(title: "pasted curl command", description: first.description, root: root), summary: summary)
    }
}
