import Foundation

/// Writes the nested values of history rows as JSON text, as GRDB's `Codable` encoding does
/// (sorted keys, base64 data, dates in milliseconds), remembering each column's last value and
/// text: the exchanges of a run mostly share their options and headers, and encoding them again
/// was much of the cost of recording a run. One per batch of rows; not for concurrent use.
final class HistoryJSONColumns {
    private let encoder: JSONEncoder
    private var last: [String: (value: AnyHashable, text: String)] = [:]

    init() {
        encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
    }

    /// The JSON text of `value` for `column`, nil for nil.
    func text<Value: Encodable & Hashable>(_ value: Value?, column: String) throws -> String? {
        guard let value else { return nil }
        let key = AnyHashable(value)
        if let remembered = last[column], remembered.value == key { return remembered.text }
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        last[column] = (key, text)
        return text
    }
}
