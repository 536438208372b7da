import Foundation

/// A variable whose value comes from another request's response, as Slumber's chains do: in an
/// environment or a request file's `vars:`,
/// `token: { from: login.ferry.yaml, path: $.json.token, ttl: 15m, secret: true }`. When a request
/// needs it and it has no value (or its value is older than `ttl`), that request is sent first.
public struct VariableChain: Sendable, Hashable {
    /// The variable's name, where its value comes from in the response, and whether it is secret.
    public var capture: Capture
    /// The request file that answers it, relative to the collection folder.
    public var request: String
    /// How long a value is good for, in seconds; nil keeps it for the session (never on disk).
    public var ttl: Int?

    public init(capture: Capture, request: String, ttl: Int? = nil) {
        self.capture = capture
        self.request = request
        self.ttl = ttl
    }

    public var name: String { capture.name }

    /// Seconds from `30s`, `15m`, `2h`, `1d` or a bare number of seconds; nil for anything else.
    public static func seconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(suffix: String, seconds: Int)] = [("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
        if let count = Int(trimmed), count >= 0 { return count }
        guard let unit = units.first(where: { trimmed.hasSuffix($0.suffix) }),
            let count = Int(trimmed.dropLast()), count >= 0
        else { return nil }
        let (total, overflow) = count.multipliedReportingOverflow(by: unit.seconds)
        return overflow ? nil : total
    }

    /// The `ttl` as written back: the largest unit that divides it.
    public static func ttlText(_ seconds: Int) -> String {
        for (suffix, size) in [("d", 86_400), ("h", 3600), ("m", 60)] where seconds > 0 && seconds % size == 0 {
            return "\(seconds / size)\(suffix)"
        }
        return "\(seconds)s"
    }
}
