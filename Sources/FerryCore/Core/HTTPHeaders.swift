/// One header field as written: the name keeps its case.
public struct HTTPHeader: Hashable, Sendable, Codable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of header fields: repeated names are kept, lookup ignores case.
public struct HTTPHeaders: Hashable, Sendable, Codable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [HTTPHeader] = []

    /// The headers (lower-case) that Ferry or libcurl add to a request by themselves: an empty value
    /// leaves one of these out; any other header with an empty value is sent empty.
    public static let generated: Set<String> = [
        "host", "user-agent", "accept", "accept-encoding", "accept-language", "content-type", "content-length", "expect",
        "transfer-encoding", "connection", "authorization", "proxy-authorization", "proxy-connection", "cookie", "referer", "te",
    ]

    public init() {}
    public init(_ fields: [HTTPHeader]) { self.fields = fields }
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPHeader(name: $0.0, value: $0.1) }
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }
    public func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }

    /// The first value for `name`, ignoring case.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Appends a field, keeping any earlier ones with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPHeader(name: name, value: value))
    }

    /// Replaces every field named `name` with one field, at the position of the first.
    public mutating func set(name: String, value: String) {
        guard let first = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) else {
            add(name: name, value: value)
            return
        }
        var kept: [HTTPHeader] = []
        for (position, field) in fields.enumerated() {
            if position == first {
                kept.append(HTTPHeader(name: name, value: value))
            } else if !field.name.caseInsensitiveEquals(name) {
                kept.append(field)
            }
        }
        fields = kept
    }

    public mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }
}

extension String {
    /// ASCII case-insensitive comparison, as header names need.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count
            && zip(utf8, other.utf8).allSatisfy { a, b in
                a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
            }
    }
}
