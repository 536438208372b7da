import Foundation

/// Runs blocking work (waiting for a server to start, a process to end) on a thread of its own, so
/// the test's task does not hold one of the few threads every other test's tasks run on.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
