import Foundation

/// Bounds a wait in a test: `try await Deadline.within(30, "the echo") { … }` throws `Passed` after
/// 30 s instead of hanging. The body's task is then cancelled and left behind (a NIO future that
/// never completes does not end on cancellation).
public enum Deadline {
    public struct Passed: Error, CustomStringConvertible {
        public let what: String
        public let seconds: Double
        public var description: String { "\(what) did not end within \(seconds) s" }
    }

    public static func within<T: Sendable>(
        _ seconds: Double, _ what: String,
        _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let first = FirstAnswer(continuation)
            let work = Task {
                do { _ = first.resume(with: .success(try await body())) } catch { _ = first.resume(with: .failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                if first.resume(with: .failure(Passed(what: what, seconds: seconds))) { work.cancel() }
            }
        }
    }

    /// Resumes a continuation with the first result given; false for every later one.
    private final class FirstAnswer<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?

        init(_ continuation: CheckedContinuation<T, any Error>) { self.continuation = continuation }

        func resume(with result: Result<T, any Error>) -> Bool {
            let waiting = lock.withLock { () -> CheckedContinuation<T, any Error>? in
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(with: result)
            return waiting != nil
        }
    }
}
