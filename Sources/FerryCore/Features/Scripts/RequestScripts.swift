/// The JavaScript a request file, a folder's `_folder.ferry.yaml` or the collection's root gives a
/// request (`scripts:`): run before it is resolved and sent, after its response, and as its tests.
public struct RequestScripts: Sendable, Hashable {
    /// When a script runs, as the file names it.
    public enum Phase: String, Sendable, CaseIterable {
        /// Before the request is resolved from its variables (it may change the request and the variables).
        case preRequest = "pre-request"
        /// After the response is concluded (it may set variables for the requests after it).
        case postResponse = "post-response"
        /// After the post-response script: its `pm.test`/`test` results are the request's checks.
        case tests
    }

    public var preRequest: ScriptSource?
    public var postResponse: ScriptSource?
    public var tests: ScriptSource?

    public init(preRequest: ScriptSource? = nil, postResponse: ScriptSource? = nil, tests: ScriptSource? = nil) {
        self.preRequest = preRequest
        self.postResponse = postResponse
        self.tests = tests
    }

    public subscript(phase: Phase) -> ScriptSource? {
        get {
            switch phase {
            case .preRequest: preRequest
            case .postResponse: postResponse
            case .tests: tests
            }
        }
        set {
            switch phase {
            case .preRequest: preRequest = newValue
            case .postResponse: postResponse = newValue
            case .tests: tests = newValue
            }
        }
    }

    public var isEmpty: Bool { preRequest == nil && postResponse == nil && tests == nil }
}
