import FerryCore
import Foundation

/// A message the composer sends on a WebSocket: text (JSON is text, checked first) or a file's bytes
/// as a binary message.
public enum WebSocketOutgoing: Sendable, Equatable {
    case text(String)
    case file(path: String)

    /// What the composer's line sends: `@path` the file as a binary message; a line starting with
    /// `{` or `[` JSON, checked first (the failure names where and why, and nothing is sent); a line
    /// starting with `\` the rest as written; anything else as text.
    public static func composed(_ line: String) -> Result<WebSocketOutgoing, ComposeProblem> {
        if line.hasPrefix("\\") { return .success(.text(String(line.dropFirst()))) }
        if line.hasPrefix("@") {
            let path = String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
            return path.isEmpty ? .failure(ComposeProblem(message: "@ needs a file's path (@data.bin)")) : .success(.file(path: path))
        }
        guard let first = line.first(where: { !$0.isWhitespace }), first == "{" || first == "[" else { return .success(.text(line)) }
        do throws(DocumentParseError) {
            _ = try JSONParser.parse(Data(line.utf8))
            return .success(.text(line))
        } catch {
            return .failure(ComposeProblem(message: "not JSON: \(error.located); nothing was sent (\\ sends it as text)"))
        }
    }
}
