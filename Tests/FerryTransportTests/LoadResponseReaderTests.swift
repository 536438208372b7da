import FerryCore
import Foundation
import Testing

@testable import FerryTransport

/// The load's own response reader on bytes handed over whole and one at a time: framing by length,
/// chunks and close, 1xx heads skipped, bounded heads, and failures by cause.
@Suite struct LoadResponseReaderTests {
    /// Reads `text` as one response in pieces of `piece` bytes: the outcome and the reader after it.
    private func read(
        _ text: String, piece: Int = .max, head: Bool = false, sample: Int = 1 << 20, close: Bool = false
    ) -> (
        outcome: LoadResponseReader.Outcome, reader: LoadResponseReader
    ) {
        var reader = LoadResponseReader()
        reader.begin(headRequest: head, sampleLimit: sample)
        let bytes = Array(text.utf8)
        var offset = 0
        var outcome = LoadResponseReader.Outcome.needMore
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            outcome = bytes[offset..<end].withUnsafeBytes { reader.consume($0) }
            if case .complete(let consumed) = outcome { return (.complete(consumed: offset + consumed), reader) }
            if case .failed = outcome { return (outcome, reader) }
            offset = end
        }
        if close { return (reader.endOfStream().map { .failed($0) } ?? .complete(consumed: bytes.count), reader) }
        return (outcome, reader)
    }

    @Test(arguments: [1, 2, 7, 1 << 20])
    func aLengthFramedResponseEndsAtItsLength(piece: Int) {
        let text = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ok\":true}HTTP/1.1"
        let (outcome, reader) = read(text, piece: piece)
        #expect(outcome == .complete(consumed: text.utf8.count - 8))
        #expect(reader.head.status == 200 && reader.head.reason == "OK" && !reader.head.closes)
        #expect(String(decoding: reader.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(reader.received == Int64(text.utf8.count - 8))
        #expect(reader.head.headers.map(\.name) == ["Content-Type", "Content-Length"])
    }

    @Test(arguments: [1, 3, 1 << 20])
    func chunksAreDecodedWithExtensionsAndTrailers(piece: Int) {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=x\r\nhello\r\nA\r\n, 01234567\r\n0\r\nX-Sum: 1\r\n\r\n"
        let (outcome, reader) = read(text, piece: piece)
        #expect(outcome == .complete(consumed: text.utf8.count))
        #expect(String(decoding: reader.body, as: UTF8.self) == "hello, 01234567")
    }

    @Test func aBodyWithoutLengthIsReadUntilTheConnectionCloses() {
        let (outcome, reader) = read("HTTP/1.0 200 OK\r\n\r\nuntil the end", piece: 4, close: true)
        #expect(outcome == .complete(consumed: 32))
        #expect(reader.head.closes && reader.head.version == "HTTP/1.0")
        #expect(String(decoding: reader.body, as: UTF8.self) == "until the end")
    }

    @Test func headsAnswerWithoutBodies() {
        #expect(read("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n", head: true).outcome == .complete(consumed: 40))
        #expect(read("HTTP/1.1 204 No Content\r\n\r\n").outcome == .complete(consumed: 27))
        let continued = read(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", piece: 5)
        #expect(continued.outcome == .complete(consumed: 87))
        #expect(continued.reader.head.status == 201 && continued.reader.head.closes)
        #expect(read("HTTP/1.1 200 OK\nContent-Length: 2\n\nok").outcome == .complete(consumed: 37))
        #expect(read("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n").reader.head.closes == false)
    }

    @Test func badInputFailsByCause() {
        func kind(_ text: String, close: Bool = false) -> FerryError.TransportFailureReason.Kind? {
            if case .failed(let failure) = read(text, close: close).outcome { return failure.kind }
            return nil
        }
        #expect(kind("SSH-2.0-OpenSSH\r\n\r\n") == .notHTTP)
        #expect(kind("HTTP/2 200\r\n\r\n") == .notHTTP)
        #expect(kind("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n") == .receiveFailed)
        #expect(kind("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n") == .receiveFailed)
        #expect(kind("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") == .receiveFailed)
        #expect(kind("HTTP/1.1 200 OK\r\nno colon\r\n\r\n") == .receiveFailed)
        #expect(kind("", close: true) == .emptyReply)
        #expect(kind("HTTP/1.1 200 OK\r\nContent", close: true) == .receiveFailed)
        #expect(kind("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf", close: true) == .connectionClosedMidBody)
    }

    @Test func aHeadOver100KiBIsRefusedWithoutKeepingIt() {
        let huge = "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 100 * 1024) + "\r\n\r\n"
        for piece in [1000, 1 << 20] {
            guard case .failed(let failure) = read(huge, piece: piece).outcome else {
                Issue.record("a 100 KiB head was accepted")
                continue
            }
            #expect(failure.kind == .receiveFailed && failure.message.contains("larger than 100 KiB"))
        }
        let longChunkLine = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "x", count: 10_000)
        #expect(read(longChunkLine, piece: 100).outcome != .needMore)
    }

    @Test func theFuzzEntryCountsResponsesOneAfterTheOther() {
        let two = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        for piece in [1, 5, 1000] {
            #expect(Array(two.utf8).withUnsafeBytes { LoadResponseReader.responses(in: $0, piece: piece) } == 2)
        }
    }
}
