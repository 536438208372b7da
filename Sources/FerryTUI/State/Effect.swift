import FerryCore

/// Work the runtime does for the pure core; results come back as `Message`s.
public enum Effect: Sendable {
    case send(id: Int, Request)
    case cancel(id: Int)
    /// Suspend the UI and edit `body` in `$EDITOR`; answers with `.editorClosed`.
    case editBody(String)
    /// Search the Tree or Hex tab off the UI thread (cancelling an older search); answers with `.searchFinished`.
    case search(ViewSearch)
    case suspend
    case quit
}
