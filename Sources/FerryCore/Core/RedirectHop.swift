/// One response in a redirect chain that led to the final response.
public struct RedirectHop: Sendable, Hashable, Codable {
    /// The URL that was requested.
    public var url: String
    public var status: Int
    /// The `Location` header, as the server wrote it.
    public var location: String

    public init(url: String, status: Int, location: String) {
        self.url = url
        self.status = status
        self.location = location
    }
}
