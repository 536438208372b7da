extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal, two digits a byte (digests in history rows, file names and headers).
    /// Written directly into the string's storage: `String(format:)` per byte cost a history record
    /// more than hashing its body.
    public var hexString: String {
        let bytes = Array(self)
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            digits.withUTF8Buffer { digits in
                for (index, byte) in bytes.enumerated() {
                    buffer[2 * index] = digits[Int(byte >> 4)]
                    buffer[2 * index + 1] = digits[Int(byte & 0x0F)]
                }
            }
            return bytes.count * 2
        }
    }
}
