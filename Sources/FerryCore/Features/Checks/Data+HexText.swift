import Foundation

extension Data {
    /// The bytes as lower-case hex, as a byte value compares with a string (`sha256 == "e3b0…"`).
    public var hexText: String { map { String(format: "%02x", $0) }.joined() }
}
