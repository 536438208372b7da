import Testing

@testable import FerryCore

@Suite struct ResponseHeadCollectorTests {
    private func feed(_ collector: inout ResponseHeadCollector, _ lines: [String], url: String) {
        for line in lines { collector.consume(line: line + "\r\n", requestURL: url) }
    }

    @Test func recordsEachRedirectHopAndKeepsTheFinalHead() {
        var collector = ResponseHeadCollector()
        feed(&collector, ["HTTP/1.1 302 Found", "Location: /b", "Content-Length: 0", ""], url: "http://h/a")
        feed(&collector, ["HTTP/1.1 301 Moved Permanently", "location: https://h/c", ""], url: "http://h/b")
        feed(&collector, ["HTTP/2 200", "content-type: text/plain", "x-a: 1", "x-a: 2", ""], url: "https://h/c")
        #expect(
            collector.redirects == [
                RedirectHop(url: "http://h/a", status: 302, location: "/b"),
                RedirectHop(url: "http://h/b", status: 301, location: "https://h/c"),
            ])
        #expect(collector.status?.code == 200)
        #expect(collector.status?.version == "HTTP/2")
        #expect(collector.status?.reason == "")
        #expect(collector.headers.values(for: "X-A") == ["1", "2"])
    }

    @Test func dropsInterimResponses() {
        var collector = ResponseHeadCollector()
        feed(&collector, ["HTTP/1.1 100 Continue", ""], url: "http://h/")
        feed(&collector, ["HTTP/1.1 201 Created", "Content-Length: 12", ""], url: "http://h/")
        #expect(collector.redirects.isEmpty)
        #expect(collector.status?.reason == "Created")
        #expect(collector.contentLength == 12)
    }

    @Test func parsesHeaderLinesLeniently() {
        #expect(HeaderLine.parse("Name:  value with spaces  ") == HTTPHeader(name: "Name", value: "value with spaces"))
        #expect(HeaderLine.parse("Empty:") == HTTPHeader(name: "Empty", value: ""))
        #expect(HeaderLine.parse("no colon") == nil)
        #expect(HeaderLine.parse(": no name") == nil)
        #expect(HeaderLine.parse("Tabs:\t naïve — ünïcode \t\r\n") == HTTPHeader(name: "Tabs", value: "naïve — ünïcode"))
        #expect(HeaderLine.parse("Spaces:   \r\n") == HTTPHeader(name: "Spaces", value: ""))
        #expect(HeaderLine.parseStatus("HTTP/1.1 2000 Nope") == nil)
        #expect(
            HeaderLine.parseStatus("HTTP/1.1 404 Not Found\r\n") == HeaderLine.Status(version: "HTTP/1.1", code: 404, reason: "Not Found"))
        #expect(HeaderLine.parseStatus("HTTP/2 200\r\n") == HeaderLine.Status(version: "HTTP/2", code: 200, reason: ""))
        #expect(HeaderLine.parseStatus("HTTP/1.1 20x OK") == nil)
        #expect(HeaderLine.parseStatus("HTTP/1.1") == nil)
        #expect(HeaderLine.parseStatus("Content-Type: text/plain") == nil)
    }

    @Test func parsesARequestHeadAsSent() {
        let sent = SentRequest(rawHead: "POST /anything HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\n", bodyBytes: 3)
        #expect(sent.requestLine == "POST /anything HTTP/1.1")
        #expect(sent.headers.map(\.name) == ["Host", "Content-Length"])
    }

    /// A raw head is parsed when read: it equals (and hashes as) the same head given in parts, and a
    /// field changed is kept with the line.
    @Test func aRawHeadReadsAsTheSameHeadInParts() {
        var raw = SentRequest(rawHead: "\r\nGET /get HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n", bodyBytes: 0)
        let parts = SentRequest(requestLine: "GET /get HTTP/1.1", headers: ["Host": "h", "Accept": "*/*"], bodyBytes: 0)
        #expect(raw == parts)
        #expect(Set([raw, parts]).count == 1)
        raw.headers = ["Host": "h"]
        #expect(raw.requestLine == "GET /get HTTP/1.1")
        #expect(raw != parts)
        raw.requestLine = "HEAD / HTTP/1.1"
        #expect(raw.headers == ["Host": "h"])
    }
}
