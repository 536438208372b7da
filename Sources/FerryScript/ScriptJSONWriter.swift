import FerryCore

/// Compact JSON written as UTF-8 bytes into one buffer (`ScriptInput.json`): a script's input
/// crosses once a script, and appending it to a `String` piece by piece was most of its cost.
struct ScriptJSONWriter {
    private var bytes: [UInt8] = []

    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// What was written.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// JSON's punctuation and keys, as written.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Whether a UTF-8 byte stands in a JSON string as it is: not a control, `"`, `\`, DEL, nor a
    /// C2 byte (which may begin a C1 control).
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xC2
    }

    /// `text` as a string literal: quoted as it is when all its bytes are plain (`isPlain`; the common
    /// case: names, URLs, header values), else through `JSONStringLiteral`, which escapes scalar by scalar.
    mutating func string(_ text: String) {
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.allSatisfy(Self.isPlain) else { return false }
            bytes.append(0x22)
            bytes.append(contentsOf: utf8)
            bytes.append(0x22)
            return true
        }
        if plain != true { bytes.append(contentsOf: JSONStringLiteral.make(text).utf8) }
    }
}
