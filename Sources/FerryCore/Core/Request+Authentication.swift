/// The request adapter step: what a request's `authentication` adds when it is sent.
extension Request {
    /// The request as it goes on the wire: its authentication applied (an `Authorization` header,
    /// unless the request sets one itself). The transport calls it when it sends; the history and
    /// `--dry-run` call it to show what was (or would be) sent.
    public func authenticated() -> Request {
        guard let authentication, !headers.contains("Authorization") else { return self }
        var adapted = self
        adapted.headers.add(name: "Authorization", value: authentication.authorization)
        return adapted
    }
}
