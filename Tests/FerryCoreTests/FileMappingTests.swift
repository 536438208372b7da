import FerryTestSupport
import Foundation
import Testing

@testable import FerryCore

/// A body's file is mapped, not read, and the JSON parse gives back the mapping's pages behind it:
/// a 96 MiB body, one string or many values, is parsed without all of it being resident at once,
/// and every byte can still be read afterwards (the kernel reads given-back pages again).
@Suite struct FileMappingTests {
    static let size = 96 << 20

    /// The resident bytes of the mapping that holds `bytes` (its `Rss` in /proc/self/smaps): other
    /// tests running beside this one do not count.
    private func residentBytes(of bytes: Data) throws -> Int {
        let base = bytes.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        // Read to its end: a /proc file has no size, and it is long in a test process.
        let smaps = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps")).readDataToEndOfFile()
        let lines = String(decoding: smaps, as: UTF8.self).split(separator: "\n")
        let header = try #require(
            lines.firstIndex { line in
                let range = line.split(separator: " ").first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
                return range.count == 2 && range[0] <= base && base < range[1]
            }, "no mapping holds the bytes")
        let rss = try #require(lines[header...].first { $0.hasPrefix("Rss:") })
        return try #require(Int(rss.split(separator: " ")[1])) * 1024
    }

    /// The mapping's resident bytes once `bytes` is parsed, and the document.
    private func parse(_ bytes: Data, releasingPages: Bool) throws -> (resident: Int, document: Document) {
        let document = try JSONParser.parse(bytes, releasingPages: releasingPages)
        return (try residentBytes(of: bytes), document)
    }

    private func mapped(_ text: (Int) -> Data) throws -> (TemporaryDirectory, Data) {
        let directory = try TemporaryDirectory()
        let path = try directory.write("body.json", text(Self.size))
        let (data, isMapping) = try FileMapping.contents(atPath: path)
        #expect(isMapping)
        return (directory, data)
    }

    @Test func aLongStringIsParsedWithItsPagesGivenBack() throws {
        let (directory, bytes) = try mapped { size in Data("\"".utf8) + Data(repeating: UInt8(ascii: "a"), count: size) + Data("\"".utf8) }
        defer { withExtendedLifetime(directory) {} }
        let kept = try parse(bytes, releasingPages: false)
        // The kernel may reclaim mapped pages under memory pressure (a loaded test run), so the bound is loose.
        #expect(kept.resident > 64 << 20, "without giving back, the body is resident: \(kept.resident >> 20) MiB")
        FileMapping.releasePages(bytes.withUnsafeBytes { $0.baseAddress! }, length: bytes.count)
        let released = try parse(bytes, releasingPages: true)
        #expect(released.resident <= 40 << 20, "given back behind the scan: \(released.resident >> 20) MiB")
        #expect(released.document.kind(of: released.document.root) == .string)
        #expect(released.document.byteRange(of: released.document.root) == 0..<(Self.size + 2))
        #expect(bytes.last == UInt8(ascii: "\"") && bytes[bytes.count / 2] == UInt8(ascii: "a"), "the bytes are read again")
    }

    @Test func manyValuesAreParsedWithTheirPagesGivenBack() throws {
        let item = Data(#"{"id": 12345, "name": "a value of some length", "ok": true},"#.utf8)
        let (directory, bytes) = try mapped { size in
            var data = Data("[".utf8)
            data.reserveCapacity(size + item.count)
            while data.count < size { data.append(item) }
            data.append(Data("null]".utf8))
            return data
        }
        defer { withExtendedLifetime(directory) {} }
        let released = try parse(bytes, releasingPages: true)
        #expect(released.resident <= 40 << 20, "given back behind the scan: \(released.resident >> 20) MiB")
        let document = released.document
        #expect(document.childCount(of: document.root) == (bytes.count - 6) / item.count + 1)
        let first = try #require(document.child(of: document.root, at: 0))
        let name = try #require(document.child(of: first, at: 1))
        #expect(document.jsonKey(of: name.index) == "name", "keys are read from given-back pages")
    }
}
