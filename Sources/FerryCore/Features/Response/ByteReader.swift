import Foundation

/// Bounds-checked little- and big-endian reads from a byte buffer, for parsing binary headers.
struct ByteReader {
    private let bytes: [UInt8]

    init(_ data: Data) { bytes = [UInt8](data.prefix(1 << 20)) }

    var count: Int { bytes.count }

    func starts(with prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset + expected.count <= bytes.count && Array(bytes[offset..<offset + expected.count]) == expected
    }

    func byte(at offset: Int) throws(ImageInfo.Problem) -> UInt8 {
        guard offset >= 0, offset < bytes.count else {
            throw ImageInfo.Problem(message: "header ends at byte \(bytes.count), before \(offset)")
        }
        return bytes[offset]
    }

    func uint16BE(at offset: Int) throws(ImageInfo.Problem) -> UInt16 {
        UInt16(try byte(at: offset)) << 8 | UInt16(try byte(at: offset + 1))
    }
    func uint16LE(at offset: Int) throws(ImageInfo.Problem) -> UInt16 {
        UInt16(try byte(at: offset + 1)) << 8 | UInt16(try byte(at: offset))
    }
    func uint24LE(at offset: Int) throws(ImageInfo.Problem) -> UInt32 {
        UInt32(try uint16LE(at: offset)) | UInt32(try byte(at: offset + 2)) << 16
    }
    func uint32BE(at offset: Int) throws(ImageInfo.Problem) -> UInt32 {
        UInt32(try uint16BE(at: offset)) << 16 | UInt32(try uint16BE(at: offset + 2))
    }
    func uint32LE(at offset: Int) throws(ImageInfo.Problem) -> UInt32 {
        UInt32(try uint16LE(at: offset)) | UInt32(try uint16LE(at: offset + 2)) << 16
    }

    func ascii(at offset: Int, count: Int) throws(ImageInfo.Problem) -> String {
        var text = ""
        for index in 0..<count { text.unicodeScalars.append(Unicode.Scalar(try byte(at: offset + index))) }
        return text
    }

    /// Skips GIF-style data sub-blocks (length byte, data… until a zero length); returns the offset after them.
    func skipSubBlocks(from start: Int) throws(ImageInfo.Problem) -> Int {
        var offset = start
        while true {
            let length = Int(try byte(at: offset))
            offset += 1 + length
            if length == 0 { return offset }
        }
    }
}
