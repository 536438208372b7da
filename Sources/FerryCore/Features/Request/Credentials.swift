import Foundation

/// How a request proves who sends it: HTTP Basic or a bearer token, `{{variables}}` allowed in
/// each part. Written on one line as `basic USER:PASSWORD` or `bearer TOKEN` (the TUI's Auth row).
public enum Credentials: Sendable, Hashable {
    case basic(username: String, password: String)
    case bearer(token: String)

    /// Reads the one-line form; an empty line is no credentials (nil).
    public init?(line: String) throws {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let scheme = text.prefix { !$0.isWhitespace }
        let rest = text.dropFirst(scheme.count).trimmingCharacters(in: .whitespaces)
        switch scheme.lowercased() {
        case "bearer" where !rest.isEmpty:
            self = .bearer(token: rest)
        case "basic" where rest.contains(":"):
            let colon = rest.firstIndex(of: ":")!
            self = .basic(username: String(rest[..<colon]), password: String(rest[rest.index(after: colon)...]))
        default:
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "Auth", problem: "expected `bearer TOKEN` or `basic USER:PASSWORD`"))
        }
    }

    /// The one-line form.
    public var line: String {
        switch self {
        case .basic(let username, let password): "basic \(username):\(password)"
        case .bearer(let token): "bearer \(token)"
        }
    }

    /// The `Authorization` header value with the variables filled in, and whether it holds a secret
    /// (so the caller redacts it); an unresolved variable throws, naming the auth part it is in.
    public func authorization(_ resolver: VariableResolver) throws -> (value: String, isSecret: Bool) {
        let secrets = resolver.redaction
        switch self {
        case .basic(let username, let password):
            let pair = try resolver.render(username, place: "auth username") + ":" + resolver.render(password, place: "auth password")
            return ("Basic " + Data(pair.utf8).base64EncodedString(), secrets.redact(pair) != pair)
        case .bearer(let token):
            let value = try resolver.render(token, place: "auth token")
            return ("Bearer " + value, secrets.redact(value) != value)
        }
    }

    /// Adds the `Authorization` header to `request` unless it has one, and a redaction rule to
    /// `redaction` when the credential holds a secret (the scheme stays readable: `Bearer {{secret}}`).
    public func apply(to request: inout Request, redaction: inout Redaction, resolver: VariableResolver) throws {
        guard !request.headers.contains("Authorization") else { return }
        let credential = try authorization(resolver)
        request.headers.add(name: "Authorization", value: credential.value)
        if credential.isSecret {
            redaction.add([Redaction.Rule(secret: credential.value, replacement: credential.value.prefix { $0 != " " } + " {{secret}}")])
        }
    }
}
