import FerryCore
import FerryTestSupport
import FerryTransport
import Foundation
import Testing

/// The document serializers against real responses from the demo server, through CurlTransport.
@Suite struct DocumentSerializerServerTests {
    private func evaluate(
        _ path: String, with serializer: any ResponseSerializer, validator: ResponseValidator = ResponseValidator()
    ) async throws -> ResponseEvaluator.Evaluation {
        try await withDemoServer { server in
            let response = try await CurlTransport().send(
                Request(url: try Request.parseURL("\(server.baseURL)\(path)")), receivingInto: .default, progress: nil)
            return ResponseEvaluator(validator: validator, serializer: serializer).evaluate(response, method: .get)
        }
    }

    private func parsed(_ value: SerializedValue?) -> Document? {
        if case .document(let document) = value { return document }
        return nil
    }

    @Test func jsonKeepsOrderAndNumbersAsWritten() async throws {
        let evaluation = try await evaluate("/json", with: JSONResponseSerializer())
        #expect(evaluation.error == nil)
        let document = try #require(parsed(evaluation.value))
        let slideshow = try NodePath.resolve("$.slideshow", in: document)
        #expect(document.children(of: slideshow).prefix(5).map { document.key(of: $0) } == ["title", "author", "date", "slides", "big"])
        #expect(document.value(of: try NodePath.resolve("$.slideshow.big", in: document)) == "12345678901234567890123")
        #expect(document.value(of: try NodePath.resolve("$.slideshow.ratio", in: document)) == "1e400")
        let item = try NodePath.resolve("$.slideshow.slides[1].items[0]", in: document)
        #expect(document.value(of: item) == "Why <em>WonderWidgets</em> are great")
        #expect(evaluation.response.timeline[.serialize] >= 0)
    }

    /// `/records/:n`, the demo's large document: valid JSON to Foundation's parser as well as Ferry's,
    /// about n bytes, the same for the same seed.
    @Test func recordsIsAJSONDocumentOfTheSizeAsked() async throws {
        try await withDemoServer { server in
            let transport = CurlTransport()
            func fetch(_ path: String) async throws -> Response {
                try await transport.send(
                    Request(url: try Request.parseURL("\(server.baseURL)\(path)")), receivingInto: .default, progress: nil)
            }
            let body = try await fetch("/records/1048576").body.data()
            #expect((1_048_576..<1_049_600).contains(body.count))
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            let records = try #require(object["records"] as? [[String: Any]])
            #expect(records.count > 3000)
            #expect(records[7]["id"] as? Int == 7)
            let evaluation = ResponseEvaluator(validator: ResponseValidator(), serializer: JSONResponseSerializer())
                .evaluate(try await fetch("/records/4096?seed=3"), method: .get)
            #expect(evaluation.error == nil)
            #expect(try await fetch("/records/4096?seed=3").body.data() != (try await fetch("/records/4096").body.data()))
            #expect(try await fetch("/records/4096").body.data() == (try await fetch("/records/4096").body.data()))
            #expect(try await fetch("/records/-1").status == 400)
        }
    }

    @Test func xmlBuildsTheTreeWithPaths() async throws {
        let evaluation = try await evaluate("/xml", with: XMLResponseSerializer())
        #expect(evaluation.error == nil)
        let document = try #require(parsed(evaluation.value))
        #expect(document.name(of: document.root) == "slideshow")
        let author = try NodePath.resolve("/slideshow/@author", in: document)
        #expect(document.value(of: author) == "Yours Truly")
        let empty = try NodePath.resolve("/slideshow/slide[2]/item[2]", in: document)
        #expect(document.literal(of: empty) == "<item/>")
        #expect(NodePath.path(of: empty, in: document) == "/slideshow/slide[2]/item[2]")
    }

    @Test func truncatedJSONIsAParseErrorWithItsPosition() async throws {
        let evaluation = try await evaluate("/misbehave/bad-json", with: JSONResponseSerializer())
        #expect(evaluation.value == nil)
        let chain = ErrorChain(try #require(evaluation.error))
        #expect(chain.links.map(\.reason) == ["parseFailed"])
        #expect(chain.links[0].stage == "serialization")
        #expect(chain.links[0].message == "invalid JSON: unexpected end of input")
        #expect(
            chain.links[0].details == [
                .init("offset", "33"), .init("line", "1"), .init("column", "34"), .init("expected", "a value"),
                .init("excerpt", #""Ferry", "items": [1, 2,"#),
            ])
    }

    @Test func anUnacceptableTypeIsNotParsed() async throws {
        let evaluation = try await evaluate("/xml", with: JSONResponseSerializer())
        #expect(evaluation.value == nil)
        #expect(ErrorChain(try #require(evaluation.error)).links.map(\.reason) == ["unacceptableContentType"])
    }

    @Test func aSerializationFailureWrapsTheStatusFailure() async throws {
        let validator = ResponseValidator(acceptableContentTypes: ["*/*"])
        let evaluation = try await evaluate("/status/418", with: XMLResponseSerializer(), validator: validator)
        let chain = ErrorChain(try #require(evaluation.error))
        #expect(chain.links.map(\.reason) == ["inputEmpty", "unacceptableStatusCode"])
        #expect(chain.links.map(\.stage) == ["serialization", "validation"])
    }

    @Test func autoPicksBySniffingAndByType() async throws {
        #expect(parsed(try await evaluate("/json", with: AutoResponseSerializer()).value)?.format == .json)
        #expect(parsed(try await evaluate("/xml", with: AutoResponseSerializer()).value)?.format == .xml)
        if case .image(let info) = try await evaluate("/image/png", with: AutoResponseSerializer()).value {
            #expect(info.format == .png)
        } else {
            Issue.record("expected an image")
        }
    }
}
