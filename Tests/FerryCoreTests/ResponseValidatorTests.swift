import FerryCore
import Foundation
import Testing

@Suite struct ResponseValidatorTests {
    private func response(_ status: Int, type: String?, body: String = "{}") -> Response {
        var headers = HTTPHeaders()
        if let type { headers.add(name: "Content-Type", value: type) }
        return Response(
            status: status, reasonPhrase: HTTPStatus.standardReason(for: status), httpVersion: "HTTP/1.1", headers: headers,
            body: ResponseBody(storage: .memory(Data(body.utf8)), count: Int64(body.utf8.count)),
            effectiveURL: "http://h/", remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
    }

    @Test func mediaTypesMatchWildcardsAndSuffixesIgnoringParameters() throws {
        let type = try #require(MediaType("Application/VND.api+JSON; charset=\"utf-8\""))
        #expect(type.essence == "application/vnd.api+json")
        #expect(type.parameter("CHARSET") == "utf-8")
        #expect(type.isMatched(by: "*/*+json"))
        #expect(type.isMatched(by: "application/*"))
        #expect(type.isMatched(by: "*/*"))
        #expect(!type.isMatched(by: "application/json"))
        #expect(!type.isMatched(by: "text/*"))
        #expect(MediaType("nonsense") == nil)
    }

    @Test func statusCodeSetsParseRangesAndCodes() throws {
        let set = try #require(StatusCodeSet(parsing: "200-299, 304"))
        #expect(set.contains(204) && set.contains(304) && !set.contains(301))
        #expect(set.description == "200-299,304")
        #expect(StatusCodeSet(parsing: "299-200") == nil)
        #expect(StatusCodeSet(parsing: "abc") == nil)
        #expect(StatusCodeSet(parsing: "700") == nil)
    }

    @Test func aStatusFailureWrapsAContentTypeFailure() {
        let validator = ResponseValidator()
        let outcome = validator.validate(response(404, type: "text/html"), serializerTypes: ["application/json", "*/*+json"])
        #expect(outcome.contentTypeRejected)
        let chain = ErrorChain(outcome.error!)
        #expect(chain.links.map(\.reason) == ["unacceptableStatusCode", "unacceptableContentType"])
        #expect(chain.links[0].details.contains(.init("status", "404 Not Found")))
        #expect(chain.links[1].details.contains(.init("received", "text/html")))
        #expect(chain.links[1].details.contains(.init("acceptable", "application/json, */*+json")))
    }

    @Test func acceptableResponsesPassAndEmptyBodiesNeedNoType() {
        let validator = ResponseValidator(acceptableStatusCodes: StatusCodeSet(parsing: "200-299,304")!)
        #expect(
            validator.validate(response(200, type: "application/json; charset=utf-8"), serializerTypes: ["application/json"]).error == nil)
        #expect(validator.validate(response(304, type: nil, body: ""), serializerTypes: ["application/json"]).error == nil)
        let missing = validator.validate(response(200, type: nil), serializerTypes: ["application/json"])
        #expect(missing.contentTypeRejected)
    }

    /// httpbin's `/status/204` says `Content-Type: text/html` and sends nothing: there is no content to type-check.
    @Test func aResponseWithoutABodyHasNoContentTypeToCheck() {
        let validator = ResponseValidator()
        #expect(validator.validate(response(204, type: "text/html", body: ""), serializerTypes: ["application/json"]).error == nil)
        #expect(validator.validate(response(200, type: "text/html", body: ""), serializerTypes: ["application/json"]).error == nil)
        let notModified = ResponseValidator(acceptableStatusCodes: StatusCodeSet(parsing: "304")!)
        #expect(notModified.validate(response(304, type: "text/html", body: ""), serializerTypes: ["application/json"]).error == nil)
        #expect(
            validator.validate(response(200, type: "text/html", body: "<p>"), serializerTypes: ["application/json"]).contentTypeRejected)
    }

    @Test func explicitTypesAndAcceptHeadersOverrideTheSerializer() {
        let fromAccept = ResponseValidator.contentTypes(fromAccept: "text/html;q=0.9, application/xml, image/png;q=0")
        #expect(fromAccept == ["text/html", "application/xml"])
        let validator = ResponseValidator(acceptableContentTypes: fromAccept)
        #expect(validator.validate(response(200, type: "text/html"), serializerTypes: ["application/json"]).error == nil)
        #expect(ResponseValidator.contentTypes(fromAccept: nil) == nil)
    }

    @Test func expectationsValidateAndTheSerializerReadsTheBodyOnce() {
        let html = response(404, type: "text/html", body: "<html></html>")
        let byDefault = ResponseExpectations().evaluator(accept: "application/json", fallback: .auto).evaluate(html, method: .get)
        guard case .responseValidationFailed(.unacceptableStatusCode(404, _, _, let underlying?))? = byDefault.error,
            case .responseValidationFailed(.unacceptableContentType("text/html", ["application/json"])) = underlying
        else {
            Issue.record("expected the status to wrap the type: \(String(describing: byDefault.error))")
            return
        }
        let lenient = ResponseExpectations(statusCodes: StatusCodeSet(parsing: "200-299,404")!, contentTypes: ["text/*"])
        #expect(lenient.evaluator(accept: "application/json", fallback: .auto).evaluate(html, method: .get).error == nil)

        let broken = response(200, type: "application/json", body: "{\"a\": ")
        #expect(
            ResponseExpectations().evaluator(accept: nil, fallback: .data).evaluate(broken, method: .get).error == nil,
            "ferry send without --as passes the body through")
        for expectations in [ResponseExpectations(), ResponseExpectations(serializer: .json)] {
            let evaluation = expectations.evaluator(accept: nil, fallback: .auto).evaluate(broken, method: .get)
            guard case .responseSerializationFailed? = evaluation.error else {
                Issue.record("the serializer reads the body and says why it failed: \(String(describing: evaluation.error))")
                return
            }
        }
        let good = response(200, type: "application/json", body: "{\"a\": 1}")
        guard case .document? = ResponseExpectations().evaluator(accept: nil, fallback: .auto).evaluate(good, method: .get).value else {
            Issue.record("auto's document is what the Tree shows")
            return
        }
    }

    /// As Alamofire's: a body that names no type passes only a wildcard.
    @Test func aMissingContentTypePassesOnlyAWildcard() {
        let validator = ResponseValidator()
        #expect(validator.validate(response(200, type: nil), serializerTypes: ["*/*"]).error == nil)
        #expect(validator.validate(response(200, type: nil), serializerTypes: ["application/json"]).contentTypeRejected)
    }
}
