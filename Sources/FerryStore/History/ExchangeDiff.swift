import FerryCore
import Foundation

/// How two recorded exchanges differ: status, response headers, and the bodies as trees.
public struct ExchangeDiff: Sendable, Equatable, Codable {
    public struct StatusChange: Sendable, Equatable, Codable {
        public var old: Int?
        public var new: Int?

        public init(old: Int?, new: Int?) {
            self.old = old
            self.new = new
        }
    }

    /// A response header added, removed or changed (repeated fields compared as one joined value).
    public struct HeaderChange: Sendable, Equatable, Codable {
        public var kind: DocumentDiff.Change.Kind
        public var name: String
        public var old: String?
        public var new: String?

        public init(kind: DocumentDiff.Change.Kind, name: String, old: String?, new: String?) {
            self.kind = kind
            self.name = name
            self.old = old
            self.new = new
        }
    }

    public struct BodyChange: Sendable, Equatable, Codable {
        /// Byte-for-byte equal: by the whole bodies' fingerprints when both were made by the same
        /// function, else by the recorded bytes when neither body was capped.
        public var identical: Bool
        /// Each side's fingerprint as `algorithm:hex` (`xxh3-128:…`, or `sha256:…` for older rows).
        public var fingerprints: [String?]
        /// The format both bodies were parsed as, when they were compared as trees.
        public var format: String?
        public var changes: [DocumentDiff.Change]
        /// Why the bodies were not compared as trees, when they differ and were not.
        public var note: String?
    }

    public var old: Int64
    public var new: Int64
    /// Nil when both have the same status.
    public var status: StatusChange?
    public var headers: [HeaderChange]
    public var body: BodyChange

    public var isEmpty: Bool { status == nil && headers.isEmpty && body.identical }

    public init(_ old: HistoryEntry, _ new: HistoryEntry) {
        self.old = old.id ?? 0
        self.new = new.id ?? 0
        status = old.status == new.status ? nil : StatusChange(old: old.status, new: new.status)
        headers = Self.compare(old.responseHeaders + (old.responseTrailers ?? []), new.responseHeaders + (new.responseTrailers ?? []))
        body = Self.compareBodies(old, new)
    }

    private static func compare(_ old: [HTTPHeader], _ new: [HTTPHeader]) -> [HeaderChange] {
        KeyedDiff.compare(joined(old), joined(new), key: \.key, differs: { $0.value != $1.value })
            .map { HeaderChange(kind: $0.kind, name: ($0.old ?? $0.new)!.name, old: $0.old?.value, new: $0.new?.value) }
    }

    /// Header fields grouped by name (ignoring case), values joined with `, `, in first-seen order.
    private static func joined(_ headers: [HTTPHeader]) -> [(key: String, name: String, value: String)] {
        var order: [String] = []
        var fields: [String: (name: String, values: [String])] = [:]
        for header in headers {
            let key = header.name.lowercased()
            if fields[key] == nil { order.append(key) }
            fields[key, default: (header.name, [])].values.append(header.value)
        }
        return order.map { (key: $0, name: fields[$0]!.name, value: fields[$0]!.values.joined(separator: ", ")) }
    }

    private static func compareBodies(_ old: HistoryEntry, _ new: HistoryEntry) -> BodyChange {
        let left = old.responseBody ?? Data()
        let right = new.responseBody ?? Data()
        let fingerprints = [old.responseBodyFingerprint, new.responseBodyFingerprint]
        let printed = fingerprints.map { $0?.description }
        let sameAlgorithm = fingerprints[0] != nil && fingerprints[0]?.algorithm == fingerprints[1]?.algorithm
        let whole = !old.responseBodyTruncated && !new.responseBodyTruncated
        if old.responseBodySize == new.responseBodySize && left == right && (sameAlgorithm ? fingerprints[0] == fingerprints[1] : whole) {
            return BodyChange(identical: true, fingerprints: printed, format: nil, changes: [], note: nil)
        }
        guard let parse = parser(for: old.contentType, left), let before = try? parse(left), let after = try? parse(right) else {
            let truncated = old.responseBodyTruncated || new.responseBodyTruncated ? " (a body was capped when recorded)" : ""
            return BodyChange(
                identical: false, fingerprints: printed, format: nil, changes: [],
                note:
                    "the bodies differ (\(old.responseBodySize) and \(new.responseBodySize) bytes) and are not both JSON, XML or a property list\(truncated)"
            )
        }
        return BodyChange(
            identical: false, fingerprints: printed, format: before.format.rawValue, changes: DocumentDiff.compare(before, after), note: nil
        )
    }

    /// The parser for a body: by its media type, else by its first bytes.
    private static func parser(for contentType: String?, _ body: Data) -> ((Data) throws -> Document)? {
        let type = contentType?.lowercased() ?? ""
        let start = body.prefix(64)
        if start.starts(with: Data("bplist".utf8)) || type.contains("plist")
            || String(decoding: body.prefix(512), as: UTF8.self).contains("<!DOCTYPE plist")
        {
            return { try PropertyListParser.parse($0) }
        }
        if type.contains("xml") { return { try XMLDocumentParser.parse($0) } }
        if type.contains("json") { return { try JSONParser.parse($0) } }
        let first = start.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        switch first {
        case UInt8(ascii: "<"): return { try XMLDocumentParser.parse($0) }
        case UInt8(ascii: "{"), UInt8(ascii: "["): return { try JSONParser.parse($0) }
        default: return nil
        }
    }
}
