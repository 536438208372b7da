/// `Accept` against a media type: `*/*`, `application/*` and exact types, parameters ignored.
enum MediaRange {
    /// True when `accept` takes `mediaType`; a response without one is taken by any.
    static func accepts(_ accept: String, _ mediaType: String?) -> Bool {
        guard let mediaType else { return true }
        let type = essence(mediaType)
        return accept.split(separator: ",").contains { range in
            let wanted = essence(range)
            if wanted == "*/*" || wanted == type { return true }
            guard wanted.hasSuffix("/*") else { return false }
            return type.hasPrefix(wanted.dropLast())
        }
    }

    /// `application/json` of `Application/JSON; charset=utf-8`.
    static func essence<Text: StringProtocol>(_ text: Text) -> String {
        (text.split(separator: ";").first.map { $0.trimmingWhitespaceAndNewlines() } ?? "").lowercased()
    }

    /// True for JSON media types: `application/json`, `application/problem+json`, `…+json`.
    static func isJSON(_ mediaType: String) -> Bool {
        let type = essence(mediaType)
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }
}
