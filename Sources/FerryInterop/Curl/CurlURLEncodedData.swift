import FerryCore
import Foundation

/// One `--data-urlencode` value as curl sends it: `content`, `=content`, `name=content`, `@file` and
/// `name@file` (the file's contents), the content encoded as curl 7.88's tool does: letters, digits
/// and `-._~` kept, a space as `+`, every other byte `%` and two lowercase hex digits.
public struct CurlURLEncodedData: Sendable {
    /// What goes on the wire, e.g. `q=a%20b`.
    public var text: String

    /// `text` encoded as curl encodes `--data-urlencode` content.
    static func encoded(_ text: String) -> String { encoded(bytes: text.utf8) }

    /// `bytes` encoded as curl encodes `--data-urlencode` content (a file's bytes need not be UTF-8).
    static func encoded(bytes: some Sequence<UInt8>) -> String {
        var result = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): result += "+"
            default: result += "%" + String(byte, radix: 16).leftPadded(to: 2, with: "0")
            }
        }
        return result
    }

    /// Reads `value`; `readFile` gives the bytes of a file named with `@`.
    public init(_ value: String, readFile: (String) throws -> Data) rethrows {
        if let equals = value.firstIndex(of: "=") {
            let name = String(value[..<equals])
            let encoded = Self.encoded(String(value[value.index(after: equals)...]))
            text = name.isEmpty ? encoded : name + "=" + encoded
        } else if let at = value.firstIndex(of: "@") {
            let name = String(value[..<at])
            let encoded = Self.encoded(bytes: try readFile(String(value[value.index(after: at)...])))
            text = name.isEmpty ? encoded : name + "=" + encoded
        } else {
            text = Self.encoded(value)
        }
    }
}
