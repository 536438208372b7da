import Foundation

/// Reads protobuf's wire format from bytes, never past their end: every read is bounds-checked,
/// and a length prefix larger than what is left is an error, not an allocation.
struct ProtoWireReader {
    let bytes: [UInt8]
    /// Where the message being read starts and ends in `bytes`.
    private(set) var offset: Int
    let end: Int

    init(bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        offset = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { offset >= end }

    mutating func varint() throws(ProtoCodecError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        let start = offset
        while offset < end {
            let byte = bytes[offset]
            offset += 1
            if shift == 63, byte > 1 { throw ProtoCodecError("a varint overflows 64 bits", offset: start) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
            if shift > 63 { throw ProtoCodecError("a varint is longer than 10 bytes", offset: start) }
        }
        throw ProtoCodecError("the message ends inside a varint", offset: start)
    }

    mutating func fixed32() throws(ProtoCodecError) -> UInt32 {
        guard end - offset >= 4 else { throw ProtoCodecError("the message ends inside a 32-bit value", offset: offset) }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
        offset += 4
        return value
    }

    mutating func fixed64() throws(ProtoCodecError) -> UInt64 {
        guard end - offset >= 8 else { throw ProtoCodecError("the message ends inside a 64-bit value", offset: offset) }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += 8
        return value
    }

    /// A length-delimited value's range in `bytes`.
    mutating func lengthDelimited() throws(ProtoCodecError) -> Range<Int> {
        let start = offset
        let length = try varint()
        guard length <= UInt64(end - offset) else {
            throw ProtoCodecError("a length of \(length) bytes runs past the end of the message (\(end - offset) left)", offset: start)
        }
        let range = offset..<(offset + Int(length))
        offset = range.upperBound
        return range
    }

    /// A field's tag: its number and wire type.
    mutating func tag() throws(ProtoCodecError) -> (number: Int, wireType: WireType) {
        let start = offset
        let tag = try varint()
        let number = tag >> 3
        guard let wireType = WireType(rawValue: Int(tag & 7)) else {
            throw ProtoCodecError("wire type \(tag & 7) does not exist", offset: start)
        }
        guard number > 0, number < (1 << 29) else { throw ProtoCodecError("field number \(number) is out of range", offset: start) }
        return (Int(number), wireType)
    }

    /// Skips a value of `wireType` (a group up to its end, nested at most `depth` deep).
    mutating func skip(_ wireType: WireType, number: Int, depth: Int = 0) throws(ProtoCodecError) {
        switch wireType {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try lengthDelimited()
        case .endGroup: throw ProtoCodecError("an end-group tag without its start", offset: offset)
        case .startGroup:
            guard depth < ProtoJSONWriter.maximumDepth else { throw ProtoCodecError("groups nest too deep", offset: offset) }
            while true {
                guard !isAtEnd else { throw ProtoCodecError("the message ends inside group \(number)", offset: offset) }
                let inner = try tag()
                if inner.wireType == .endGroup {
                    guard inner.number == number else { throw ProtoCodecError("group \(number) ends with \(inner.number)", offset: offset) }
                    return
                }
                try skip(inner.wireType, number: inner.number, depth: depth + 1)
            }
        }
    }
}
