import FerryCore

/// A prepared request the user can load into the editor (the demo's examples).
public struct NamedRequest: Hashable, Sendable {
    public var title: String
    public var method: HTTPMethod
    public var url: String
    public var headers: [HeaderRow]
    public var body: String

    public init(title: String, method: HTTPMethod, url: String, headers: [HeaderRow] = [], body: String = "") {
        self.title = title
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
