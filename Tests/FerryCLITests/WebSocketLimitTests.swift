import FerryTestSupport
import Foundation
import Testing

/// Issue 31: `ferry send ws://… --keep-open` against servers that try to fill its memory — pings
/// while reading nothing, a frame announcing 2^63 bytes, a message past `--max-message-size`. That
/// the memory stays bounded shows in the outcome: the connection is closed for a named reason and
/// `ferry` ends (before, it grew past 2 GB, or said only that the connection was dropped).
@Suite struct WebSocketLimitTests {
    @Test func aServerThatPingsAndReadsNothingIsLeftWithTheBytesWaitingNamed() async throws {
        let server = try HostileServer { connection in
            guard connection.acceptWebSocket() else { return }
            let ping = HostileConnection.webSocketFrame(opcode: 0x9, payload: Array(repeating: 0x70, count: 125))
            let pings = Array([[UInt8]](repeating: ping, count: 512).joined())
            while connection.send(pings) {}
        }
        defer { server.stop() }
        let outcome = await FerryBinary.run(["send", "ws://127.0.0.1:\(server.port)/", "--keep-open", "--no-history"], timeout: 120)
        #expect(outcome.status == 2, "\(outcome.stderr.suffix(500))")
        let close = try #require(
            outcome.stderr.split(separator: "\n").last { $0.hasPrefix("ferry: closed") }, "\(outcome.stderr.suffix(500))")
        #expect(close.hasPrefix("ferry: closed 1006 (the server reads nothing: "), "\(close)")
        #expect(close.hasSuffix(" bytes waiting to be written)"), "\(close)")
        let waiting = Int(close.split(separator: ": ").last?.split(separator: " ").first ?? "")
        #expect((waiting ?? 0) > 1 << 20, "more than the limit of waiting pongs: \(close)")
    }

    @Test func aFrameAnnouncingTwoToTheSixtyThreeBytesIsClosedAsTooBig() async throws {
        let server = try HostileServer { connection in
            guard connection.acceptWebSocket() else { return }
            connection.send(HostileConnection.webSocketFrame(opcode: 0x2, length: 1 << 63))
            connection.waitForClose(timeout: 60)
        }
        defer { server.stop() }
        let outcome = await FerryBinary.run(["send", "ws://127.0.0.1:\(server.port)/", "--keep-open", "--no-history"])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "ferry: closed 1009 (message too big: the server sent a frame over the limit of 64 MiB (--max-message-size))"),
            "\(outcome.stderr)")
    }

    /// One frame past `--max-message-size`, or two fragments within it whose message is past it.
    @Test(arguments: [[1500], [600, 600]])
    func aMessagePastMaxMessageSizeIsClosedWith1009(fragments: [Int]) async throws {
        let server = try HostileServer { connection in
            guard connection.acceptWebSocket() else { return }
            for (index, size) in fragments.enumerated() {
                connection.send(
                    HostileConnection.webSocketFrame(
                        opcode: index == 0 ? 0x1 : 0x0, fin: index == fragments.count - 1,
                        payload: Array(repeating: 0x61, count: size)))
            }
            connection.waitForClose(timeout: 60)
        }
        defer { server.stop() }
        let outcome = await FerryBinary.run([
            "send", "ws://127.0.0.1:\(server.port)/", "--keep-open", "--no-history", "--max-message-size", "1K",
            "--json",
        ])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        let last = try #require(outcome.text.split(separator: "\n").last)
        let connection = try #require(
            (try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["websocket"] as? [String: Any])
        #expect(connection["closeCode"] as? Int == 1009, "\(outcome.text)")
        let kind = fragments.count == 1 ? "frame" : "message"
        #expect(
            connection["closeReason"] as? String
                == "message too big: the server sent a \(kind) over the limit of 1 KiB (--max-message-size)")
        #expect(connection["received"] as? Int == 1, "only the close: nothing of the message is passed on")
    }
}
