/// A request a script sends (`pm.sendRequest`, `bru.sendRequest`, `ferry.send`), its variables
/// filled in: Ferry sends it through its own pipeline and hands the response back to the script.
public struct ScriptSentRequest: Sendable, Decodable, Equatable {
    public var method: String
    public var url: String
    public var headers: [ScriptInput.Request.Header]
    public var body: String?
}

/// Sends a script's request; the response, or why none came.
public typealias ScriptRequestSender = @Sendable (ScriptSentRequest) async -> Result<ScriptInput.Response, ScriptSendFailure>

/// Why a script's request got no response.
public struct ScriptSendFailure: Error, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
