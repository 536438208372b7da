import FerryCore
import FerryTestSupport
import Foundation
import Testing

/// The hex-dump model: `hexdump -C` rows, paging that reads only what is shown, search and jumps.
@Suite struct HexDumpTests {
    @Test func rowsHaveOffsetSixteenBytesAndASCII() throws {
        let dump = HexDump(source: ByteSource(data: Data("hello world, this is 20\u{01}\u{7F}".utf8)))
        let rows = try dump.rows(from: 0, count: 10)
        #expect(
            rows.map(\.rendered) == [
                "00000000  68 65 6c 6c 6f 20 77 6f  72 6c 64 2c 20 74 68 69  |hello world, thi|",
                "00000010  73 20 69 73 20 32 30 01  7f                       |s is 20..|",
            ])
        #expect(dump.rowCount == 2)
        #expect(dump.endLine == "00000019")
        #expect(try dump.rows(from: 2, count: 10).isEmpty)
    }

    @Test func aFileBackedDumpReadsOnlyThePagesAskedFor() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("large.bin")
        let size: Int64 = 150 << 20
        let mark = Array("FERRY-MARK".utf8)
        let markOffset: Int64 = 123_456_789
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.seek(toOffset: UInt64(markOffset))
        try handle.write(contentsOf: Data(mark))
        try handle.close()

        let source = try ByteSource(path: path)
        let dump = HexDump(source: source)
        #expect(source.count == size)
        #expect(dump.rowCount == size / 16)
        let row = dump.row(containing: markOffset)
        #expect(row == markOffset / 16)
        let page = try dump.rows(from: row, count: 2)
        #expect(page.first?.offset == row * 16)
        #expect(Array(page.flatMap(\.bytes)[Int(markOffset % 16)...].prefix(mark.count)) == mark)
        #expect(source.bytesRead == 32)

        let last = try dump.rows(from: dump.rowCount - 1, count: 100)
        #expect(last.count == 1 && last[0].bytes.count == 16)
        #expect(source.bytesRead == 48)

        let start: Int64 = 120_000_000
        #expect(try dump.firstOffset(of: mark, from: start) == markOffset)
        #expect(source.bytesRead - 48 <= markOffset - start + (1 << 20))
    }

    @Test func searchFindsMatchesAcrossReadWindowsAndNothingPastTheEnd() throws {
        var bytes = [UInt8](repeating: 0x2E, count: 3 << 20)
        let needle = Array("needle".utf8)
        let straddling = (1 << 20) - 3
        bytes.replaceSubrange(straddling..<straddling + needle.count, with: needle)
        bytes.replaceSubrange(bytes.count - needle.count..<bytes.count, with: needle)
        let dump = HexDump(source: ByteSource(data: Data(bytes)))
        #expect(try dump.firstOffset(of: needle) == Int64(straddling))
        #expect(try dump.firstOffset(of: needle, from: Int64(straddling + 1)) == Int64(bytes.count - needle.count))
        #expect(try dump.firstOffset(of: needle, from: Int64(bytes.count - needle.count + 1)) == nil)
        #expect(try dump.firstOffset(of: Array("absent".utf8)) == nil)
        #expect(try dump.firstOffset(of: []) == nil)
    }

    @Test func memorySpooledAndSavedBodiesDumpAlike() throws {
        let directory = try TemporaryDirectory()
        let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let path = try directory.write("body.bin", data)
        let memory = try HexDump(source: ByteSource(body: ResponseBody(storage: .memory(data), count: 1000))).rows(from: 3, count: 20)
        let saved = try HexDump(source: ByteSource(body: ResponseBody(storage: .saved(path: path), count: 1000))).rows(from: 3, count: 20)
        let spooled = try HexDump(source: ByteSource(body: ResponseBody(storage: .spooled(SpoolFile(path: path)), count: 1000))).rows(
            from: 3, count: 20)
        #expect(memory == saved)
        #expect(memory == spooled)
        #expect(memory.count == 20 && memory[0].offset == 48)
        #expect(memory[0].bytes == Array(data[48..<64]))
    }

    @Test func jumpsAreClampedToTheBody() {
        let dump = HexDump(source: ByteSource(data: Data(count: 40)))
        #expect(dump.row(containing: -5) == 0)
        #expect(dump.row(containing: 17) == 1)
        #expect(dump.row(containing: 1000) == 2)
        #expect(HexDump(source: ByteSource(data: Data())).row(containing: 10) == 0)
    }

    @Test func unreadableSourcesAreFileErrors() throws {
        let directory = try TemporaryDirectory()
        #expect {
            try ByteSource(path: directory.file("missing.bin"))
        } throws: { error in
            guard case .localFile(.unreadable(let path, _)) = error as? FerryError else { return false }
            return path.hasSuffix("missing.bin")
        }
        #expect {
            try ByteSource(path: directory.path)
        } throws: { error in
            guard case .localFile(.notARegularFile) = error as? FerryError else { return false }
            return true
        }
    }
}
