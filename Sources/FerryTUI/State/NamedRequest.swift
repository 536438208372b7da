import FerryCore

/// A prepared request the user can load into the editor (the demo's examples).
public struct NamedRequest: Hashable, Sendable {
    public var title: String
    public var method: HTTPMethod
    public var url: String
    public var headers: [HeaderRow]
    public var body: String
    /// What the request file holds that the editor cannot show yet ("params", "auth", "multipart
    /// body"…): such a request is not sent from the editor, so nothing is silently left out.
    public var omitted: [String]

    public init(title: String, method: HTTPMethod, url: String, headers: [HeaderRow] = [], body: String = "", omitted: [String] = []) {
        self.title = title
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.omitted = omitted
    }
}
