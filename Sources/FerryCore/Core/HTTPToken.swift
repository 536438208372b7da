/// Character classes from RFC 9110 used to validate methods, header names and values.
package enum HTTPToken {
    /// `tchar`: the bytes allowed in a method or a header name.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Field values may hold any byte but NUL, CR and LF (obs-text included).
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte != 0 && byte != 0x0D && byte != 0x0A
    }
}
