import Foundation

/// A hex dump of a body in `hexdump -C` layout: rows of offset, 16 bytes and their ASCII. It pages
/// over a `ByteSource`, reading only the rows asked for, and can search for bytes and jump to offsets.
public struct HexDump: Sendable {
    public static let bytesPerRow = 16

    public let source: ByteSource

    public init(source: ByteSource) { self.source = source }

    /// One row: its offset, up to 16 bytes, and their text forms.
    public struct Row: Hashable, Sendable {
        public var offset: Int64
        public var bytes: [UInt8]

        /// Two hex digits a byte, a space between, an extra space after the eighth byte, padded to full width.
        public var hex: String {
            var text = ""
            for index in 0..<HexDump.bytesPerRow {
                if index == 8 { text += " " }
                text += index < bytes.count ? HexDump.hexByte(bytes[index]) : "  "
                if index < HexDump.bytesPerRow - 1 { text += " " }
            }
            return text
        }

        /// Printable ASCII as is, every other byte as `.`.
        public var ascii: String {
            String(decoding: bytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
        }

        /// `00000010  7b 0a 20 20 …  |{.  …|`, as `hexdump -C` prints it.
        public var rendered: String {
            "\(HexDump.offsetText(offset))  \(hex)  |\(ascii)|"
        }
    }

    /// How many rows the whole body takes.
    public var rowCount: Int64 { (source.count + Int64(Self.bytesPerRow) - 1) / Int64(Self.bytesPerRow) }

    /// The row that holds byte `offset` (clamped to the body), for jumping to an offset.
    public func row(containing offset: Int64) -> Int64 {
        guard rowCount > 0 else { return 0 }
        return min(max(0, offset), source.count - 1) / Int64(Self.bytesPerRow)
    }

    /// Up to `count` rows starting at row `first`, read with one positioned read.
    public func rows(from first: Int64, count: Int) throws -> [Row] {
        let start = max(0, first) * Int64(Self.bytesPerRow)
        let bytes = [UInt8](try source.read(at: start, count: max(0, count) * Self.bytesPerRow))
        return stride(from: 0, to: bytes.count, by: Self.bytesPerRow).map { index in
            Row(offset: start + Int64(index), bytes: Array(bytes[index..<min(index + Self.bytesPerRow, bytes.count)]))
        }
    }

    /// The closing line `hexdump -C` prints after the rows: the body's length as an offset.
    public var endLine: String { Self.offsetText(source.count) }

    /// The offset of the first occurrence of `needle` at or after `start`, or nil. Reads in 1 MiB
    /// windows that overlap by the needle's length, so a match across windows is found.
    public func firstOffset(of needle: [UInt8], from start: Int64 = 0) throws -> Int64? {
        guard !needle.isEmpty else { return nil }
        let window = max(1 << 20, needle.count * 2)
        var position = max(0, start)
        while position + Int64(needle.count) <= source.count {
            let chunk = [UInt8](try source.read(at: position, count: window))
            if let index = Self.firstIndex(of: needle, in: chunk) { return position + Int64(index) }
            guard chunk.count == window else { return nil }
            position += Int64(window - needle.count + 1)
        }
        return nil
    }

    // MARK: - Formatting

    private static let digits = Array("0123456789abcdef".utf8)

    static func hexByte(_ byte: UInt8) -> String {
        String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    /// At least eight hex digits, more for offsets past 4 GiB.
    static func offsetText(_ offset: Int64) -> String {
        String(offset, radix: 16).leftPadded(to: 8, with: "0")
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        let first = needle[0]
        var index = 0
        while index <= haystack.count - needle.count {
            guard let candidate = haystack[index...(haystack.count - needle.count)].firstIndex(of: first) else { return nil }
            if haystack[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
