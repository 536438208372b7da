/// "Unsaved edits to X: s saves, d drops them, any other key keeps them": asked before the editor's
/// request is replaced or Ferry quits while the open file has unsaved edits. What the user was
/// doing is kept here and carried out once the edits are saved or dropped.
public struct UnsavedEditsQuestion: Sendable {
    /// What waits for the answer.
    public enum Then: Sendable {
        /// A key's action (quit, step to another example).
        case action(Action)
        /// Opening a collection file from the sidebar.
        case open(path: String)
        /// A message that would load another request (a pasted curl command, a history entry).
        case message(Message)
    }

    /// The open file whose edits are at stake.
    public var path: String
    public var then: Then

    public init(path: String, then: Then) {
        self.path = path
        self.then = then
    }

    /// The line the status bar shows while the question waits.
    public var prompt: String { "unsaved edits to \(path): s saves them, d drops them, any other key keeps them" }
}
