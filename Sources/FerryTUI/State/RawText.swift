import Foundation
import Synchronization

/// The Raw tab's lines of a body, made from its first bytes once, when first needed. A response's
/// are made off the UI thread just after its tree is shown (`prepare()`), so a large body's lines
/// never hold back the tree; a Raw tab shown before then waits for them.
public final class RawText: Hashable, Sendable {
    private enum Content: Sendable {
        case bytes(Data, total: Int64, type: String?)
        case lines([String])
    }

    private let content: Mutex<Content>

    /// Lines already made.
    public init(lines: [String]) {
        content = Mutex(.lines(lines))
    }

    /// The lines of `bytes`, the first of a `total`-byte body of Content-Type `type`, made later.
    public init(bytes: Data, total: Int64, type: String?) {
        content = Mutex(.bytes(bytes, total: total, type: type))
    }

    /// The lines (see `ResponseSummary.lines(of:total:type:)`), made now if they were not yet.
    public var lines: [String] {
        content.withLock { content in
            switch content {
            case .lines(let lines):
                return lines
            case .bytes(let bytes, let total, let type):
                let lines = ResponseSummary.lines(of: bytes, total: total, type: type)
                content = .lines(lines)
                return lines
            }
        }
    }

    /// Makes the lines now (call it off the UI thread).
    public func prepare() { _ = lines }

    public static func == (lhs: RawText, rhs: RawText) -> Bool { lhs === rhs || lhs.lines == rhs.lines }

    public func hash(into hasher: inout Hasher) { hasher.combine(lines) }
}
