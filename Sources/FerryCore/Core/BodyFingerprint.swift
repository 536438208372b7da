/// A hash of a whole response body, recorded in the history so two exchanges' bodies can be told
/// equal without keeping them: which function made it, and its lower-case hex digits.
public struct BodyFingerprint: Sendable, Equatable, CustomStringConvertible {
    public enum Algorithm: String, Sendable, Codable, CaseIterable {
        /// XXH3-128 (libxxhash), as `xxhsum -H2` prints it: every body recorded since 2026-11-27.
        case xxh3_128 = "xxh3-128"
        /// SHA-256: the history's rows written before then.
        case sha256
    }

    public var algorithm: Algorithm
    public var hex: String

    public init(algorithm: Algorithm, hex: String) {
        self.algorithm = algorithm
        self.hex = hex
    }

    /// `algorithm:hex`, as `ferry history show` prints it.
    public var description: String { "\(algorithm.rawValue):\(hex)" }
}
