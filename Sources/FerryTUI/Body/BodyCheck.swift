import FerryCore
import Foundation

/// The Body tab's JSON check, for a body that looks like JSON or whose Content-Type row says it is.
enum BodyCheck {
    /// Bodies larger than this are not parsed on every frame.
    static let limit = 1 << 20

    /// The line under the body: valid, or where and why not; nil when the body is not meant as JSON.
    static func line(_ state: AppState) -> Span? {
        let text = state.editor.body.text
        let declared = state.editor.headers.contains {
            $0.enabled && $0.name.lowercased() == "content-type" && $0.value.lowercased().contains("json")
        }
        let looksLikeJSON = text.first { !$0.isWhitespace }.map { $0 == "{" || $0 == "[" } ?? false
        guard !state.editor.body.isEmpty, declared || looksLikeJSON else { return nil }
        guard text.utf8.count <= limit else { return Span("JSON not checked: the body is over 1 MiB", .muted) }
        do throws(DocumentParseError) {
            _ = try JSONParser.parse(Data(text.utf8))
            return Span("✓ valid JSON (p pretty-prints)", .success)
        } catch {
            return Span("✗ not JSON: " + error.located, .error)
        }
    }
}
