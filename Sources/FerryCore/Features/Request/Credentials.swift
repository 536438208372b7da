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

    /// The credentials with their variables filled in; an unresolved variable throws, naming the
    /// auth part it is in.
    public func resolved(_ resolver: VariableResolver) throws -> Authentication {
        switch self {
        case .basic(let username, let password):
            .basic(username: try resolver.render(username, place: "auth username"), password: try resolver.render(password, place: "auth password"))
        case .bearer(let token):
            .bearer(token: try resolver.render(token, place: "auth token"))
        }
    }

    /// Gives `request` these credentials, applied when it is sent, and adds a redaction rule to
    /// `redaction` when they hold a secret (the scheme stays readable: `Bearer {{secret}}`).
    public func apply(to request: inout Request, redaction: inout Redaction, resolver: VariableResolver) throws {
        let authentication = try resolved(resolver)
        request.authentication = authentication
        let secrets = resolver.redaction
        let holdsSecret: Bool
        switch authentication {
        case .basic(let username, let password): holdsSecret = secrets.redact("\(username):\(password)") != "\(username):\(password)"
        case .bearer(let token): holdsSecret = secrets.redact(token) != token
        }
        if holdsSecret {
            let value = authentication.authorization
            redaction.add([Redaction.Rule(secret: value, replacement: value.prefix { $0 != " " } + " {{secret}}")])
        }
    }
}
