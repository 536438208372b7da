import FerryCore
import Foundation

/// An `application/problem+json` answer (RFC 9457): what the mock says when it cannot answer as asked.
public struct MockProblem: Error, Sendable {
    public var status: Int
    public var title: String
    public var detail: String
    /// More members after the standard ones (`closest`, `pointer`).
    public var extra: [(key: String, value: Parameters)] = []
    /// Extra headers (`Allow` of a 405).
    public var headers: [(name: String, value: String)] = []

    public init(status: Int, title: String, detail: String, extra: [(key: String, value: Parameters)] = []) {
        self.status = status
        self.title = title
        self.detail = detail
        self.extra = extra
    }

    /// The problem as a reply.
    public var reply: MockReply {
        let members: [(key: String, value: Parameters)] =
            [("type", .string("about:blank")), ("title", .string(title)), ("status", .number(status)), ("detail", .string(detail))] + extra
        var body = [UInt8]((try? JSONRequestSerializer(pretty: true).serialize(.object(members))) ?? Data())
        body.append(0x0A)
        return MockReply(status: status, headers: [("Content-Type", "application/problem+json")] + headers, body: body)
    }
}
