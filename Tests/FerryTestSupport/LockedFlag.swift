import Foundation

/// A flag one thread raises and another reads.
public final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    public init() {}

    public func set() { lock.withLock { raised = true } }
    public var isSet: Bool { lock.withLock { raised } }
}
