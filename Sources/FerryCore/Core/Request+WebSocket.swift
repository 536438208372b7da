extension Request {
    /// True for `ws://` and `wss://` URLs, which `Transport.openWebSocket` opens.
    public var isWebSocket: Bool { ["ws", "wss"].contains(url.scheme?.lowercased() ?? "") }
}
