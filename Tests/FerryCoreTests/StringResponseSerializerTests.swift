import FerryCore
import Foundation
import Testing

@Suite struct StringResponseSerializerTests {
    private func input(_ bytes: [UInt8], type: String?, status: Int = 200, method: HTTPMethod = .get) -> ResponseInput {
        var headers = HTTPHeaders()
        if let type { headers.add(name: "Content-Type", value: type) }
        let response = Response(
            status: status, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: headers,
            body: ResponseBody(storage: .memory(Data(bytes)), count: Int64(bytes.count)),
            effectiveURL: "http://h/", remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
        return ResponseInput(method: method, response: response, bytes: Data(bytes))
    }

    private func text(_ value: SerializedValue) -> (String, String)? {
        if case .text(let text, let charset) = value { return (text, charset) }
        return nil
    }

    @Test func charsetComesFromTheBOMThenTheHeaderThenTheType() throws {
        let serializer = StringResponseSerializer()
        let bom = try #require(
            text(try serializer.serialize(input([0xFF, 0xFE, 0x41, 0x00, 0xE9, 0x00], type: "text/plain; charset=utf-8"))))
        #expect(bom == ("Aé", "UTF-16LE"))
        let declared = try #require(
            text(try serializer.serialize(input([0x63, 0x61, 0x66, 0xE9], type: "text/plain; charset=ISO-8859-1"))))
        #expect(declared == ("café", "ISO-8859-1"))
        let json = try #require(text(try serializer.serialize(input(Array("\"é\"".utf8), type: "application/problem+json"))))
        #expect(json == ("\"é\"", "UTF-8"))
        let fallback = try #require(text(try serializer.serialize(input([0xE9], type: "text/plain"))))
        #expect(fallback == ("é", "ISO-8859-1"))
    }

    @Test func undecodableBytesNameTheCharsetAndTheFirstBadOffset() {
        do {
            _ = try StringResponseSerializer().serialize(input(Array("ok ".utf8) + [0xC3, 0x28], type: "text/plain; charset=utf-8"))
            Issue.record("expected an error")
        } catch {
            let link = ErrorChain(error).links[0]
            #expect(link.reason == "stringDecodingFailed")
            #expect(link.details == [.init("charset", "UTF-8"), .init("offset", "3")])
        }
    }

    @Test func unknownCharsetsAreAnError() {
        #expect(throws: FerryError.self) {
            try StringResponseSerializer().serialize(input(Array("x".utf8), type: "text/plain; charset=klingon"))
        }
    }

    @Test func utf8ValidationRejectsOverlongsSurrogatesAndTruncation() {
        #expect(Charset.utf8.decode(Data([0x61, 0xC0, 0xAF])) == .failure(.init(offset: 1)))
        #expect(Charset.utf8.decode(Data([0xED, 0xA0, 0x80])) == .failure(.init(offset: 0)))
        #expect(Charset.utf8.decode(Data([0x61, 0x62, 0xE2, 0x82])) == .failure(.init(offset: 2)))
        #expect(Charset.utf8.decode(Data("⛴ 渡".utf8)) == .success("⛴ 渡"))
    }

    @Test func emptyBodiesAreASuccessOnlyWhereAllowed() throws {
        let serializer = StringResponseSerializer()
        if case .empty = try serializer.serialize(input([], type: nil, status: 204)) {} else { Issue.record("204 should be empty") }
        if case .empty = try serializer.serialize(input([], type: nil, status: 200, method: .head)) {
        } else {
            Issue.record("HEAD should be empty")
        }
        #expect(throws: FerryError.self) { try serializer.serialize(input([], type: nil, status: 200)) }
    }
}
