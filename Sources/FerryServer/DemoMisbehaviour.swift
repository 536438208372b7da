import NIOHTTP1

/// Replies that break the rules on purpose, so clients (and Ferry's tests) can see how they cope.
enum DemoMisbehaviour {
    static func reply(for name: String) -> DemoReply {
        switch name {
        case "close-mid-body":
            // Chunked, 100 KB promised by the pattern, the connection closed after 50 KB.
            return generated(length: 100_000, announced: nil, ending: .close(after: 50_000))
        case "wrong-length":
            // Content-Length says 4000; 2000 bytes come, then the connection closes.
            return generated(length: 4000, announced: 4000, ending: .close(after: 2000))
        case "stall":
            return DemoReply(status: .ok, headers: [:], body: .stallBeforeHead)
        case "stall-body":
            return generated(length: 4096, announced: 4096, ending: .stall(after: 1024))
        case "empty-reply":
            return DemoReply(status: .ok, headers: [:], body: .closeWithoutReply)
        case "escapes":
            return .text(DemoPayloads.escapes)
        case "bad-json":
            return .text(DemoPayloads.invalidJSON, type: "application/json")
        case "huge-headers":
            var reply = DemoReply.text("100 KB of headers came before this line\n")
            let filler = String(repeating: "x", count: 1000)
            for index in 0..<100 { reply.headers.add(name: "X-Filler-\(index)", value: filler) }
            return reply
        default:
            return .text("unknown misbehaviour: \(name)\n", status: .notFound)
        }
    }

    private static func generated(length: Int, announced: Int?, ending: DemoReply.Ending) -> DemoReply {
        var body = DemoReply.GeneratedBody(source: SeededBytes(seed: 7), length: length, announcedLength: announced)
        body.chunkSize = 1000
        body.ending = ending
        return DemoReply(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .generated(body))
    }
}
