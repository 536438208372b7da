/// What a client asks of the mock in a `Prefer` header, as Prism reads it: `code=404`,
/// `example=NAME`, `dynamic=true`, separated by commas or semicolons.
public struct MockPreference: Sendable, Equatable {
    public var code: Int?
    public var example: String?
    public var dynamic = false

    public init(code: Int? = nil, example: String? = nil, dynamic: Bool = false) {
        self.code = code
        self.example = example
        self.dynamic = dynamic
    }

    /// The preferences in `header`; unknown ones are ignored, as RFC 7240 asks.
    public init(header: String?) {
        guard let header else { return }
        for item in header.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespaceAndNewlines() }
            guard pair.count == 2 else { continue }
            let value =
                pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") && pair[1].count > 1 ? String(pair[1].dropFirst().dropLast()) : pair[1]
            switch pair[0].lowercased() {
            case "code": code = Int(value)
            case "example": example = value
            case "dynamic": dynamic = value.lowercased() == "true"
            default: continue
            }
        }
    }
}
