import FerryCore
import Foundation
import Testing

@Suite struct LineEventSplitterTests {
    @Test func eachNonEmptyLineIsAnEventAndTheLastLineCountsAtTheEnd() {
        var splitter = LineEventSplitter()
        var fired: [StreamEvent] = []
        for piece in ["{\"a\":1}\n{\"a\"", ":2}\r\n\n{\"a\":3}"] {
            fired += Data(piece.utf8).withUnsafeBytes { splitter.feed($0, time: 5) }
        }
        #expect(fired.map(\.data) == [#"{"a":1}"#, #"{"a":2}"#])
        let last = splitter.finish(time: 9)
        #expect(last?.data == #"{"a":3}"#)
        #expect(last?.number == 3)
        #expect(last?.time == 9)
        #expect(fired.map(\.size) + [last?.size ?? 0] == [8, 9, 8])  // the empty line counts in the next event
        #expect(fired.allSatisfy { $0.type == "line" })
    }

    @Test func framingFollowsTheContentType() {
        #expect(StreamFraming(contentType: "text/event-stream; charset=utf-8") == .serverSentEvents)
        #expect(StreamFraming(contentType: "application/x-ndjson") == .jsonLines)
        #expect(StreamFraming(contentType: "application/jsonl") == .jsonLines)
        #expect(StreamFraming(contentType: "application/json") == nil)
        #expect(StreamFraming(contentType: nil) == nil)
    }
}
