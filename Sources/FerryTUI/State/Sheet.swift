/// Lines shown over the screen until closed, scrolled with the movement keys: the exact request
/// body as a hex dump, the request as a curl command.
public struct Sheet: Hashable, Sendable {
    public var title: String
    public var lines: [String]
    public var scroll = 0

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }
}
