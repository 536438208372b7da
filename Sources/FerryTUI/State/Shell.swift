/// What the rooms share: where the focus is, the status line's notice, and the exchange in flight
/// (or the last one's outcome). A room's methods take it `inout` when they must touch it; the rest
/// of another room's state they are given as values, never reach for.
public struct Shell: Sendable {
    public var focus = Pane.url
    public var notice: String?
    /// The request in flight or the last one's outcome.
    public var exchange = Exchange.idle

    public init() {}

    /// Changes the Tree tab's state of the finished response.
    mutating func editTree(_ change: (inout DocumentTree) -> Void) {
        guard case .finished(var summary) = exchange else { return }
        // Let go of the stored copy first, so the rows are changed in place rather than copied.
        exchange = .idle
        change(&summary.tree)
        exchange = .finished(summary)
    }
}
