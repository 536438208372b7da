/// Writes protobuf's wire format.
struct ProtoWireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func tag(_ number: Int, _ wireType: WireType) { varint(UInt64(number) << 3 | UInt64(wireType.rawValue)) }

    mutating func fixed32(_ value: UInt32) { for index in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) } }
    mutating func fixed64(_ value: UInt64) { for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) } }

    mutating func lengthDelimited(_ number: Int, _ payload: [UInt8]) {
        tag(number, .lengthDelimited)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    static func zigZag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
    static func unZigZag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
