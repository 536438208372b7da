import FerryCore
import Foundation

/// Writes the nested values of history rows as JSON text, as GRDB's `Codable` encoding does
/// (sorted keys, base64 data, dates in milliseconds), remembering each column's last value and
/// text: the exchanges of a run mostly share their options and checks, and encoding them again
/// was much of the cost of recording a run. One per history store, used under its lock.
final class HistoryJSONColumns: @unchecked Sendable {
    /// A column's last value and its text.
    private struct Remembered<Value: Equatable> {
        var value: Value
        var text: String
    }

    /// The phases in the order of their names (the encoder's sorted keys).
    private static let phasesByName = Timeline.Phase.allCases.sorted { $0.rawValue < $1.rawValue }

    /// The default options' text, as `encoder` writes it (`HistoryEntryPersistenceTests` holds them to
    /// it): most requests have them, and the encoder's first use in a process — a one-request `ferry
    /// send` — cost about as many instructions as the rest of the row.
    static let defaultOptionsText =
        #"{"decompress":true,"followRedirects":true,"httpVersion":"automatic","maxRedirects":10,"tls":{"verifyPeer":true}}"#

    private let encoder: JSONEncoder
    // Compared as themselves: an `AnyHashable` of each was a box and a dynamic comparison a row.
    // The values most rows have are remembered from the start (no redirect: `[]`).
    private var options: Remembered<RequestOptions>? = Remembered(value: RequestOptions(), text: defaultOptionsText)
    private var redirects: Remembered<[RedirectHop]>? = Remembered(value: [], text: "[]")
    private var errorChain: Remembered<[ErrorLink]>?
    private var checks: Remembered<[RecordedCheck]>?

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
    func text(_ headers: [HTTPHeader]?) -> String? {
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
    func text(_ timeline: Timeline?) -> String? {
        guard let timeline else { return nil }
        var text = #"{"durations":{"#
        text.reserveCapacity(192)
        for phase in Self.phasesByName {
            guard let value = timeline.duration(phase) else { continue }
            if text.utf8.last != UInt8(ascii: "{") { text.append(",") }
            text.append("\"")
            text.append(phase.rawValue)
            text.append("\":")
            text.append(String(value))
        }
        var start = (timeline.start.timeIntervalSince1970 * 1000).description
        if start.hasSuffix(".0") { start.removeLast(2) }
        text.append(#"},"redirect":"#)
        text.append(String(timeline.redirect))
        text.append(#","start":"#)
        text.append(start)
        text.append("}")
        return text
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

    func text(_ options: RequestOptions) throws -> String { try text(options, remembered: &self.options) }
    func text(_ redirects: [RedirectHop]) throws -> String { try text(redirects, remembered: &self.redirects) }

    func text(_ errorChain: [ErrorLink]?) throws -> String? {
        try errorChain.map { try text($0, remembered: &self.errorChain) }
    }

    func text(_ checks: [RecordedCheck]?) throws -> String? {
        try checks.map { try text($0, remembered: &self.checks) }
    }

    /// The JSON text of `value`: the one remembered when `value` is the same, else `encoder`'s.
    private func text<Value: Encodable & Equatable>(_ value: Value, remembered: inout Remembered<Value>?) throws -> String {
        if let remembered, remembered.value == value { return remembered.text }
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        remembered = Remembered(value: value, text: text)
        return text
    }
}
