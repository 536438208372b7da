import FerryCore
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

    /// Header fields as `encoder` writes them (`[{"name":…,"value":…}]`, `/` escaped as `\/`), written
    /// directly: a run's response headers differ on every row, and encoding them was half of building
    /// a row's values.
    func text(_ headers: [HTTPHeader]?, column: String) -> String? {
        guard let headers else { return nil }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(headers.reduce(2) { $0 + $1.name.utf8.count + $1.value.utf8.count + 24 })
        for header in headers {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"name":"#.utf8)
            Self.append(header.name, to: &bytes)
            bytes.append(contentsOf: #","value":"#.utf8)
            Self.append(header.value, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A timeline as `encoder` writes it (`{"durations":{…},"redirect":…,"start":…}`, keys sorted, the
    /// start in milliseconds as `Double.description` without a trailing `.0`), written directly: each
    /// row's timeline differs, and encoding it cost more than the rest of the row's values together.
    func text(_ timeline: Timeline?, column: String) -> String? {
        guard let timeline else { return nil }
        let durations = timeline.durations.map { (key: $0.key.rawValue, value: $0.value) }.sorted { $0.key < $1.key }
        var start = (timeline.start.timeIntervalSince1970 * 1000).description
        if start.hasSuffix(".0") { start.removeLast(2) }
        return #"{"durations":{"# + durations.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",")
            + #"},"redirect":\#(timeline.redirect),"start":\#(start)}"#
    }

    /// `text` as a JSON string literal, escaped as swift-foundation's `JSONEncoder` escapes it.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20:
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                hex.withUTF8Buffer { bytes += [$0[Int(byte >> 4)], $0[Int(byte & 0x0F)]] }
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
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
