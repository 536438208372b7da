import Synchronization

/// A place in a line of requests that go on the wire one after another (`ferry run`). A request
/// sent in a turn that follows another may be handed to the transport while that one is still on
/// the wire: the transport configures its transfer at once and starts it the moment the one before
/// ends, with no task hop in between — if that one ended with a response that left the cookie jar
/// as both requests were given it. Otherwise nothing is sent (`declined`), and the sender sends the
/// request again in its own time, with the jar as the previous response left it.
///
/// The first transfer of a task whose `current` turn this is takes it. A transport that does not
/// keep turns (`CurlTransport` does, and `GRPCTransport` by passing it to its call's transfer) must
/// not be given requests ahead of time.
public final class TransferTurn: @unchecked Sendable {
    /// The turn the transfers of the task take.
    @TaskLocal public static var current: TransferTurn?

    /// The turn whose transfer must end before this one's starts; nil: it starts at once. The
    /// transport lets go of it once it has decided (a run's turns are not kept in a chain).
    public var previous: TransferTurn?
    /// True when the transport did not start the transfer (the turn before failed, changed the jar,
    /// or sent nothing): no byte was sent. Known once the turn before has ended.
    public var declined: Bool {
        get { refused.load(ordering: .acquiring) }
        set { refused.store(newValue, ordering: .releasing) }
    }
    private let refused = Atomic(false)

    // The transport's bookkeeping, touched on its own thread only:
    /// The transfer that took this turn, while it is on the wire.
    public var transfer: AnyObject?
    /// The transfer waiting for this turn's to end.
    public var waiting: AnyObject?
    /// How this turn's transfer ended; nil until it has.
    public var ending: Ending?

    /// How a turn's transfer ended, as far as the next one cares.
    public enum Ending: Sendable {
        /// A response came: the jar the request was given and the one it brought back (nil: none).
        case answered(jarGiven: CookieJar?, jarAfter: CookieJar?)
        /// No response (a failure, a cancellation): the next request waits for its sender's decision.
        case failed
    }

    public init(after previous: TransferTurn?) {
        self.previous = previous
    }

    /// Whether a request given `cookies` may start now that the turn before ended as `ending`: the
    /// previous exchange was answered, left its jar as it was, and this request was given that jar.
    public static func mayStart(with cookies: RequestCookies?, after ending: Ending?) -> Bool {
        guard case .answered(let given, let after)? = ending else { return false }
        return given == after && cookies?.jar == given
    }
}
