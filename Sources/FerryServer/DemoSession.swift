import FerryDigest
import Foundation

/// A log-in for trying request chaining offline: `POST /login` with `{"user": …, "password": …}`
/// answers a bearer token (the password must be `s3cret-demo`), and `GET /me` answers who the
/// token belongs to. Stateless: the token is the user's name and a keyed hash of it.
enum DemoSession {
    static let password = "s3cret-demo"
    private static let key = Data("ferry-demo-session".utf8)

    static func login(_ request: DemoRequest) -> DemoReply {
        guard request.head.method == .POST else { return DemoRoutes.jsonReply(["error": "use POST"], status: .methodNotAllowed) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
            let user = object["user"] as? String, !user.isEmpty, let given = object["password"] as? String
        else {
            return DemoRoutes.jsonReply(["error": #"expected {"user": "…", "password": "…"}"#], status: .badRequest)
        }
        guard given == password else { return DemoRoutes.jsonReply(["error": "wrong password"], status: .unauthorized) }
        return DemoRoutes.jsonReply(["token": token(for: user), "user": user, "expiresIn": 900])
    }

    static func me(_ request: DemoRequest) -> DemoReply {
        let header = request.head.headers.first(name: "Authorization") ?? ""
        guard header.hasPrefix("Bearer "), let user = user(of: String(header.dropFirst(7))) else {
            var reply = DemoRoutes.jsonReply(["error": "a bearer token from POST /login is needed"], status: .unauthorized)
            reply.headers.add(name: "WWW-Authenticate", value: #"Bearer realm="Ferry demo""#)
            return reply
        }
        return DemoRoutes.jsonReply(["user": user, "authenticated": true])
    }

    static func token(for user: String) -> String {
        let name = Data(user.utf8).base64EncodedString()
        let mac = MessageDigest.hmacSHA256(key: key, data: Data(name.utf8))
        return name + "." + mac.prefix(12).hexString
    }

    /// The user a token was made for, when it is one of ours.
    private static func user(of token: String) -> String? {
        guard let dot = token.firstIndex(of: "."), let name = Data(base64Encoded: String(token[..<dot])) else { return nil }
        let user = String(decoding: name, as: UTF8.self)
        return token == self.token(for: user) ? user : nil
    }
}
