extension Sequence where Element == UInt8 {
    /// Lower-case hexadecimal, two digits a byte (for SHA-256 digests).
    var hexString: String {
        map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
