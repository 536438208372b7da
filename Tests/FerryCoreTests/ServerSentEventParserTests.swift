import FerryCore
import Foundation
import Testing

/// The WHATWG rules for `text/event-stream`: the standard's own example streams (Fixtures/sse), then
/// the edge cases it spells out — line ends split between reads, the BOM, `retry`, NUL in `id`, bounds.
@Suite struct ServerSentEventParserTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sse")

    private func events(_ bytes: [UInt8], pieceSize: Int = .max) -> [StreamEvent] {
        var parser = ServerSentEventParser()
        var events: [StreamEvent] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + pieceSize, bytes.count)
            events += parser.feed(Data(bytes[offset..<end]))
            offset = end
        }
        parser.finish()
        return events
    }

    private func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    @Test func multiLineDataIsJoinedWithLineFeeds() throws {
        let fired = events(try fixture("whatwg-1-multiline.txt"))
        #expect(fired.map(\.data) == ["YHOO\n+2\n10"])
        #expect(fired.map(\.type) == ["message"])
        #expect(fired.first?.id == nil)
    }

    @Test func commentsAreSkippedAndAnEmptyIDResetsTheLastEventID() throws {
        let fired = events(try fixture("whatwg-2-comment-ids.txt"))
        #expect(fired.map(\.data) == ["first event", "second event", " third event"])
        #expect(fired.map(\.id) == ["1", "", ""])
        #expect(fired.map(\.number) == [1, 2, 3])
    }

    @Test func emptyDataFiresAndAnUnfinishedEventIsDropped() throws {
        #expect(events(try fixture("whatwg-3-empty-data.txt")).map(\.data) == ["", "\n"])
    }

    @Test func oneSpaceAfterTheColonIsIgnored() throws {
        #expect(events(try fixture("whatwg-4-space.txt")).map(\.data) == ["test", "test"])
    }

    @Test func everyFixtureGivesTheSameEventsWhateverTheReadSize() throws {
        for name in ["whatwg-1-multiline.txt", "whatwg-2-comment-ids.txt", "whatwg-3-empty-data.txt", "whatwg-4-space.txt"] {
            let bytes = try fixture(name)
            let whole = events(bytes)
            for size in [1, 2, 3, 7] {
                #expect(events(bytes, pieceSize: size).map(\.data) == whole.map(\.data), "\(name) read \(size) bytes at a time")
            }
        }
    }

    @Test func crLfAndCrlfAllEndLinesEvenWhenSplitBetweenReads() {
        let text = Array("data: a\r\rdata: b\n\ndata: c\r\n\r\nid: 9\rdata: d\r\n\r".utf8)
        for size in [1, 2, 5, .max] {
            let fired = events(text, pieceSize: size)
            #expect(fired.map(\.data) == ["a", "b", "c", "d"], "read \(size) bytes at a time")
            #expect(fired.last?.id == "9")
            #expect(fired.map(\.size).reduce(0, +) == text.count)
        }
    }

    @Test func aLeadingBOMIsSkippedOnlyAtTheStart() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let fired = events(bom + Array("data: x\n\n".utf8) + bom + Array("data: y\n\n".utf8), pieceSize: 2)
        // The second BOM starts a line whose field name is "\u{FEFF}data", which is ignored.
        #expect(fired.map(\.data) == ["x"])
    }

    @Test func eventTypesRetryAndIDsFollowTheRules() {
        let text =
            "event: add\ndata: 1\nretry: 2500\n\nevent: ignored\n\ndata: 2\nretry: 12a\n\nid: a\u{0}b\ndata: 3\n\nid: 7\nevent\ndata: 4\n\n"
        var parser = ServerSentEventParser()
        let fired = parser.feed(Data(text.utf8))
        #expect(fired.map(\.type) == ["add", "message", "message", "message"])
        #expect(fired.map(\.retry) == [2500, nil, nil, nil])
        #expect(fired.map(\.id) == [nil, nil, nil, "7"])  // an id with NUL is ignored
        #expect(parser.reconnectionTime == 2500)
        #expect(parser.lastEventID == "7")
    }

    @Test func fieldNamesAreCaseSensitiveAndUnknownOnesIgnored() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Data("Data: no\nfoo: bar\ndata\n\n".utf8)).map(\.data) == [""])
    }

    @Test func longLinesAreCutAndMarkedSoMemoryStaysBounded() {
        var parser = ServerSentEventParser(maximumLineLength: 64, maximumDataLength: 100)
        let long = String(repeating: "x", count: 10_000)
        let fired = parser.feed(Data("data: \(long)\ndata: \(long)\n\ndata: short\n\n".utf8))
        #expect(fired.count == 2)
        #expect(fired[0].truncated)
        #expect(fired[0].data.utf8.count <= 100)
        #expect(fired[0].size == 2 * (6 + 10_000 + 1) + 1)
        #expect(fired[1] == StreamEvent(number: 2, type: "message", id: nil, data: "short", size: 13, time: 0))
    }
}
