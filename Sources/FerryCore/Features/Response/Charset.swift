import Foundation

/// A text encoding a body can be declared in, with decoding that reports the first bad byte.
public enum Charset: String, Sendable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16BigEndian = "UTF-16BE"
    case utf16LittleEndian = "UTF-16LE"
    case utf32BigEndian = "UTF-32BE"
    case utf32LittleEndian = "UTF-32LE"
    case isoLatin1 = "ISO-8859-1"
    case ascii = "US-ASCII"
    case windows1252 = "windows-1252"

    /// The charset named by a `charset=` parameter (IANA names and common aliases), or nil.
    public init?(label: String) {
        switch label.lowercased().trimmingCharacters(in: .whitespaces) {
        case "utf-8", "utf8", "unicode-1-1-utf-8": self = .utf8
        case "utf-16be": self = .utf16BigEndian
        case "utf-16le", "utf-16": self = .utf16LittleEndian
        case "utf-32be": self = .utf32BigEndian
        case "utf-32le", "utf-32": self = .utf32LittleEndian
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "iso_8859-1": self = .isoLatin1
        case "us-ascii", "ascii": self = .ascii
        case "windows-1252", "cp1252": self = .windows1252
        default: return nil
        }
    }

    /// The charset announced by a byte-order mark, and the mark's length.
    public static func byteOrderMark(in bytes: Data) -> (Charset, Int)? {
        let prefix = [UInt8](bytes.prefix(4))
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if prefix.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if prefix.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if prefix.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if prefix.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        return nil
    }

    /// Decodes `bytes`, or returns the offset of the first byte that is not valid in this charset.
    public func decode(_ bytes: Data) -> Result<String, DecodingFailure> {
        switch self {
        case .utf8:
            if let offset = Self.firstInvalidUTF8Offset(bytes) { return .failure(DecodingFailure(offset: offset)) }
            return .success(String(decoding: bytes, as: UTF8.self))
        case .ascii:
            if let offset = bytes.firstIndex(where: { $0 > 0x7F }) { return .failure(DecodingFailure(offset: offset - bytes.startIndex)) }
            return .success(String(decoding: bytes, as: UTF8.self))
        case .isoLatin1:
            return .success(String(bytes.map { Character(Unicode.Scalar($0)) }))
        case .windows1252:
            return String(data: bytes, encoding: .windowsCP1252).map { .success($0) } ?? .failure(DecodingFailure(offset: 0))
        case .utf16BigEndian, .utf16LittleEndian:
            return Self.decodeUTF16(bytes, bigEndian: self == .utf16BigEndian)
        case .utf32BigEndian, .utf32LittleEndian:
            return Self.decodeUTF32(bytes, bigEndian: self == .utf32BigEndian)
        }
    }

    /// The offset of the first byte that starts an invalid UTF-8 sequence.
    public struct DecodingFailure: Error, Hashable, Sendable {
        public var offset: Int
        public init(offset: Int) { self.offset = offset }
    }

    static func firstInvalidUTF8Offset(_ bytes: Data) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            let buffer = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < buffer.count {
                let lead = buffer[index]
                if lead < 0x80 { index += 1; continue }
                let length: Int
                var minimum: UInt32
                var scalar: UInt32
                switch lead {
                case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
                case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
                case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
                default: return index
                }
                guard index + length <= buffer.count else { return index }
                for continuation in 1..<length {
                    let byte = buffer[index + continuation]
                    guard byte & 0xC0 == 0x80 else { return index }
                    scalar = scalar << 6 | UInt32(byte & 0x3F)
                }
                if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
                index += length
            }
            return nil
        }
    }

    private static func decodeUTF16(_ bytes: Data, bigEndian: Bool) -> Result<String, DecodingFailure> {
        let data = [UInt8](bytes)
        var units: [UInt16] = []
        units.reserveCapacity(data.count / 2)
        var offset = 0
        while offset + 1 < data.count {
            units.append(
                bigEndian ? UInt16(data[offset]) << 8 | UInt16(data[offset + 1]) : UInt16(data[offset + 1]) << 8 | UInt16(data[offset]))
            offset += 2
        }
        var text = ""
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var position = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                text.unicodeScalars.append(scalar)
                position += scalar.value > 0xFFFF ? 4 : 2
            case .emptyInput:
                return data.count % 2 == 0 ? .success(text) : .failure(DecodingFailure(offset: data.count - 1))
            case .error:
                return .failure(DecodingFailure(offset: position))
            }
        }
    }

    private static func decodeUTF32(_ bytes: Data, bigEndian: Bool) -> Result<String, DecodingFailure> {
        let data = [UInt8](bytes)
        var text = ""
        var offset = 0
        while offset + 3 < data.count {
            let quad = data[offset..<offset + 4].map(UInt32.init)
            let value =
                bigEndian ? quad[0] << 24 | quad[1] << 16 | quad[2] << 8 | quad[3] : quad[3] << 24 | quad[2] << 16 | quad[1] << 8 | quad[0]
            guard let scalar = Unicode.Scalar(value) else { return .failure(DecodingFailure(offset: offset)) }
            text.unicodeScalars.append(scalar)
            offset += 4
        }
        return offset == data.count ? .success(text) : .failure(DecodingFailure(offset: offset))
    }
}
