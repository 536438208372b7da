import Foundation

extension WebSocketMessage {
    /// One message as `ferry send ws://… --json` writes it and the history's transcript keeps it.
    private struct Line: Encodable {
        var direction: String
        var kind: String
        var timeMs: Double
        var size: Int
        var text: String?
        var base64: String?
        var truncated: Bool?
        var closeCode: Int?
        var closeReason: String?
    }

    /// The message as one line of JSON (no line end): `direction`, `kind`, `timeMs`, `size`, the data
    /// as `text` (or `base64` for binary data and text that is not UTF-8), `closeCode` and
    /// `closeReason`; data past `dataLimit` bytes is left out and the line says `truncated`.
    public func jsonLine(dataLimit: Int = .max) -> Data {
        let kept = data.count > dataLimit ? data.prefix(dataLimit) : data
        let text = kind == .binary ? nil : String(data: kept, encoding: .utf8)
        let line = Line(
            direction: direction.rawValue, kind: kind.rawValue, timeMs: Double(time) / 1000, size: data.count,
            text: text, base64: text == nil ? kept.base64EncodedString() : nil, truncated: kept.count < data.count ? true : nil,
            closeCode: closeCode, closeReason: closeReason)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(line)) ?? Data("{}".utf8)
    }
}
