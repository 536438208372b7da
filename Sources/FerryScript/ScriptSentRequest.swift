/// A request a script sends (`pm.sendRequest`, `bru.sendRequest`, `ferry.send`), its variables
/// filled in, or a request file of the collection it runs (`bru.runRequest`): Ferry sends it
/// through its own pipeline and hands the response back to the script.
public struct ScriptSentRequest: Sendable, Decodable, Equatable {
    public var method: String
    public var url: String
    public var headers: [ScriptInput.Request.Header]
    public var body: String?
    /// A request file of the collection to run instead (`bru.runRequest`): its path below the collection's root.
    public var path: String?
    /// With `path`: the script's variables when it asked, which the file is resolved with.
    public var variables: [String: String]?
}

/// Sends a script's request; the response, or why none came.
public typealias ScriptRequestSender = @Sendable (ScriptSentRequest) async -> Result<ScriptInput.Response, ScriptSendFailure>

/// Runs a request file of the collection for a script (`bru.runRequest`): its path, the script's variables.
public typealias ScriptFileRunner =
    @Sendable (_ path: String, _ variables: [String: String]) async -> Result<
        ScriptInput.Response, ScriptSendFailure
    >

/// Why a script's request got no response.
public struct ScriptSendFailure: Error, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
