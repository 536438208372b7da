/// Decodes a `application/grpc-web-text` body as it arrives: base64 in groups of four characters,
/// each group decoded alone, so a body made of separately padded pieces (one per message, as
/// servers write them) reads as well as one made in one piece. Line breaks are skipped; any other
/// character outside base64's alphabet is an error at its offset in the body.
public struct GRPCWebTextDecoder: Sendable {
    private var group: [UInt8] = []
    /// Characters of the body read so far.
    private var offset = 0

    public init() {}

    /// Characters received and not yet decoded (a group not yet whole).
    public var pendingCharacters: Int { group.count }

    /// The bytes `characters` complete.
    public mutating func append(_ characters: some Collection<UInt8>) throws(ProtoCodecError) -> [UInt8] {
        var bytes: [UInt8] = []
        for character in characters {
            defer { offset += 1 }
            if character == UInt8(ascii: "\r") || character == UInt8(ascii: "\n") { continue }
            guard character == UInt8(ascii: "=") || Self.value(of: character) != nil else {
                throw ProtoCodecError(
                    "the gRPC-Web text answer is not base64: character \(Self.shown(character)) is not in its alphabet", offset: offset)
            }
            group.append(character)
            guard group.count == 4 else { continue }
            let padding = group.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2, !group.dropLast(padding).contains(UInt8(ascii: "=")) else {
                throw ProtoCodecError("the gRPC-Web text answer is not base64: \"=\" inside a group", offset: offset)
            }
            let value = group.dropLast(padding).reduce(0) { $0 << 6 | Int(Self.value(of: $1)!) } << (6 * padding)
            bytes.append(UInt8(value >> 16 & 0xFF))
            if padding < 2 { bytes.append(UInt8(value >> 8 & 0xFF)) }
            if padding < 1 { bytes.append(UInt8(value & 0xFF)) }
            group.removeAll(keepingCapacity: true)
        }
        return bytes
    }

    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    private static func shown(_ character: UInt8) -> String {
        character >= 0x21 && character < 0x7F ? "\"\(String(UnicodeScalar(character)))\"" : "0x" + String(character, radix: 16)
    }
}
