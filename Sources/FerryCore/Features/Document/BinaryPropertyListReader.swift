import Foundation

/// Reads a binary property list (`bplist00`): the trailer, the offset table, then the object
/// graph from the top object, with an explicit stack. Every offset, length and reference is
/// checked against the body, cycles are refused and shared objects may not expand past
/// `PropertyListBuilder.maximumNodes`: corrupt input is an error, never a crash.
struct BinaryPropertyListReader {
    var builder = PropertyListBuilder()
    private var p = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var tableOffset = 0

    /// An object's payload: where it starts, what it is, its count and where its contents begin.
    private struct Header {
        let offset: Int
        let type: UInt8
        let count: Int
        let contents: Int
    }

    private struct Frame {
        let opening: Int
        let end: Int
        let references: [Int]
        let keys: [Int]
        var position = 0
        let object: Int
    }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(DocumentParseError) {
        p = bytes
        guard p.count >= 40, Array(p[0..<7]) == Array("bplist0".utf8) else {
            throw failure(0, "not a binary property list", expected: "`bplist00` and a 32-byte trailer")
        }
        let trailer = p.count - 32
        offsetSize = Int(p[trailer + 6])
        referenceSize = Int(p[trailer + 7])
        let count = try integer(at: trailer + 8, size: 8)
        let top = try integer(at: trailer + 16, size: 8)
        let table = try integer(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw failure(
                trailer + 6, "offset size \(offsetSize) or reference size \(referenceSize) out of range", expected: "1 to 8 bytes")
        }
        guard count > 0, top < count, table >= 8, count <= (trailer - table) / offsetSize else {
            throw failure(trailer + 8, "the trailer's object count, top object or offset table do not fit the file", expected: nil)
        }
        objectCount = count
        tableOffset = table
        try walk(from: top)
    }

    private mutating func walk(from top: Int) throws(DocumentParseError) {
        var stack: [Frame] = []
        var active: Set<Int> = []
        try add(top, key: nil, stack: &stack, active: &active)
        while !stack.isEmpty {
            let last = stack.count - 1
            let frame = stack[last]
            guard frame.position < frame.references.count else {
                builder.close(frame.opening, end: frame.end)
                active.remove(frame.object)
                stack.removeLast()
                continue
            }
            stack[last].position += 1
            let key = frame.keys.isEmpty ? nil : try keyString(frame.keys[frame.position])
            try add(frame.references[frame.position], key: key, stack: &stack, active: &active)
        }
    }

    /// Adds object `reference`; containers are pushed for `walk` to fill.
    private mutating func add(_ reference: Int, key: String?, stack: inout [Frame], active: inout Set<Int>) throws(DocumentParseError) {
        guard builder.nodeCount < PropertyListBuilder.maximumNodes else {
            throw failure(0, "the property list expands to more than \(PropertyListBuilder.maximumNodes) nodes", expected: nil)
        }
        let header = try self.header(of: reference)
        let start = header.offset
        switch header.type {
        case 0x0:
            switch p[start] {
            case 0x08, 0x09: builder.scalar(.bool, key: key, value: p[start] == 0x09 ? "true" : "false", range: start..<start + 1)
            default: throw failure(start, "unsupported object marker 0x\(ByteScanning.hex(p[start]))", expected: nil)
            }
        case 0x1, 0x8:
            let size = header.type == 0x1 ? 1 << (Int(p[start]) & 0x0F) : (Int(p[start]) & 0x0F) + 1
            builder.scalar(.integer, key: key, value: try integerText(at: start + 1, size: size), range: start..<start + 1 + size)
        case 0x2:
            let size = 1 << (Int(p[start]) & 0x0F)
            guard size == 4 || size == 8 else { throw failure(start, "a real of \(size) bytes", expected: "4 or 8 bytes") }
            let bits = try integer(at: start + 1, size: size)
            let value = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: UInt64(bitPattern: Int64(bits)))
            builder.scalar(.real, key: key, value: "\(value)", range: start..<start + 1 + size)
        case 0x3:
            let seconds = Double(bitPattern: UInt64(bitPattern: Int64(try integer(at: start + 1, size: 8))))
            guard abs(seconds) < 1e11 else { throw failure(start, "a date more than 3000 years from 2001", expected: nil) }
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            builder.scalar(.date, key: key, value: date.formatted(.iso8601), range: start..<start + 9)
        case 0x4:
            let end = try span(header, unit: 1)
            builder.scalar(
                .data, key: key, value: Data(UnsafeBufferPointer(rebasing: p[header.contents..<end])).base64EncodedString(),
                range: start..<end)
        case 0x5, 0x6:
            builder.scalar(
                .string, key: key, value: try string(header), range: start..<(try span(header, unit: header.type == 0x5 ? 1 : 2)))
        case 0xA, 0xC, 0xD:
            guard stack.count < JSONParser.maximumDepth else {
                throw failure(start, "nesting deeper than \(JSONParser.maximumDepth) levels", expected: nil)
            }
            guard active.insert(reference).inserted else { throw failure(start, "object \(reference) contains itself", expected: nil) }
            let isDictionary = header.type == 0xD
            let end = try span(header, unit: referenceSize * (isDictionary ? 2 : 1))
            var keys: [Int] = [], values: [Int] = []
            for index in 0..<header.count {
                let keyOrValue = try integer(at: header.contents + index * referenceSize, size: referenceSize)
                if isDictionary { keys.append(keyOrValue) } else { values.append(keyOrValue) }
                if isDictionary {
                    values.append(try integer(at: header.contents + (header.count + index) * referenceSize, size: referenceSize))
                }
            }
            let opening = builder.open(isDictionary ? .dictionary : .array, key: key, start: start)
            stack.append(Frame(opening: opening, end: end, references: values, keys: keys, object: reference))
        default:
            throw failure(start, "unsupported object marker 0x\(ByteScanning.hex(p[start]))", expected: nil)
        }
    }

    // MARK: - Objects

    private func header(of reference: Int) throws(DocumentParseError) -> Header {
        guard reference >= 0, reference < objectCount else {
            throw failure(tableOffset, "reference to object \(reference) of \(objectCount)", expected: nil)
        }
        let offset = try integer(at: tableOffset + reference * offsetSize, size: offsetSize)
        guard offset >= 8, offset < tableOffset else {
            throw failure(
                tableOffset + reference * offsetSize, "object \(reference) at offset \(offset), outside the object area", expected: nil)
        }
        let marker = p[offset]
        let type = marker >> 4
        var count = Int(marker & 0x0F), contents = offset + 1
        if [0x4, 0x5, 0x6, 0xA, 0xC, 0xD].contains(type), count == 0x0F {
            guard contents < p.count, p[contents] >> 4 == 0x1 else {
                throw failure(contents, "a length that is not an integer object", expected: nil)
            }
            let size = 1 << Int(p[contents] & 0x0F)
            count = try integer(at: contents + 1, size: size)
            guard count >= 0 else { throw failure(contents, "a negative length", expected: nil) }
            contents += 1 + size
        }
        return Header(offset: offset, type: type, count: count, contents: contents)
    }

    /// The end of an object whose contents are `count` units of `unit` bytes, checked against the object area.
    private func span(_ header: Header, unit: Int) throws(DocumentParseError) -> Int {
        let (length, overflow) = header.count.multipliedReportingOverflow(by: unit)
        guard !overflow, length <= tableOffset - header.contents else {
            throw failure(header.offset, "an object of \(header.count) items runs past the object area", expected: nil)
        }
        return header.contents + length
    }

    private func string(_ header: Header) throws(DocumentParseError) -> String {
        if header.type == 0x5 {
            let end = try span(header, unit: 1)
            return String(p[header.contents..<end].map { Character(Unicode.Scalar($0)) })
        }
        let end = try span(header, unit: 2)
        let units = stride(from: header.contents, to: end, by: 2).map { UInt16(p[$0]) << 8 | UInt16(p[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }

    private func keyString(_ reference: Int) throws(DocumentParseError) -> String {
        let header = try self.header(of: reference)
        guard header.type == 0x5 || header.type == 0x6 else {
            throw failure(header.offset, "a dictionary key that is not a string", expected: "a string")
        }
        return try string(header)
    }

    /// A big-endian integer of `size` bytes; 8 bytes are read as signed.
    private func integer(at offset: Int, size: Int) throws(DocumentParseError) -> Int {
        guard offset >= 0, size <= 8, offset + size <= p.count else {
            throw failure(min(offset, p.count), "truncated at byte \(p.count)", expected: "\(size) more bytes")
        }
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(p[offset + index]) }
        return Int(truncatingIfNeeded: value)
    }

    /// An integer object's value as text: 1, 2 and 4 bytes unsigned, 8 signed, 16 as written by plistlib.
    private func integerText(at offset: Int, size: Int) throws(DocumentParseError) -> String {
        switch size {
        case 1, 2, 4: return String(try integer(at: offset, size: size))
        case 8: return String(try integer(at: offset, size: 8))
        case 16:
            let high = try integer(at: offset, size: 8), low = UInt64(bitPattern: Int64(try integer(at: offset + 8, size: 8)))
            if high == 0 { return String(low) }
            if high == -1 { return String(Int64(bitPattern: low)) }
            throw failure(offset, "an integer wider than 64 bits", expected: nil)
        default:
            throw failure(offset - 1, "an integer of \(size) bytes", expected: "1, 2, 4, 8 or 16 bytes")
        }
    }

    private func failure(_ offset: Int, _ message: String, expected: String?) -> DocumentParseError {
        let offset = min(max(offset, 0), p.count)
        let excerpt = p[offset..<min(offset + 8, p.count)].map { ByteScanning.hex($0) }.joined(separator: " ")
        return DocumentParseError(offset: offset, line: 1, column: offset + 1, message: message, expected: expected, excerpt: excerpt)
    }
}
