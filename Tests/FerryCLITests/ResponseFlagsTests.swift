import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry send`'s response flags end to end: serializers, validation, the AF-shaped error chain,
/// the `--json` value part and `--hex`, with the real binary against the demo server.
@Suite struct ResponseFlagsTests {
    private func json(_ outcome: FerryBinary.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
    }

    private func chain(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require((document["error"] as? [String: Any])?["chain"] as? [[String: Any]])
    }

    private func details(_ link: [String: Any]) -> [String: String] {
        Dictionary((link["details"] as? [[String: String]] ?? []).map { ($0["name"] ?? "", $0["value"] ?? "") }) { first, _ in first }
    }

    @Test func aNotFoundPageForAJSONRequestIsRejectedWithTheStatusWrappingTheType() async throws {
        try await withDemoServer { server throws in
            for flags in [["--as", "json"], ["-H", "Accept: application/json", "--expect-status", "200-299"]] {
                let outcome = await FerryBinary.run(["send", "\(server.baseURL)/no-such-page", "--json"] + flags)
                #expect(outcome.status == 3)
                let document = try json(outcome)
                #expect(document["exitCode"] as? Int == 3)
                #expect(document["value"] == nil)
                let links = try chain(document)
                #expect(links.map { $0["stage"] as? String } == ["validation", "validation"])
                #expect(links.map { $0["reason"] as? String } == ["unacceptableStatusCode", "unacceptableContentType"])
                #expect(details(links[0]) == ["status": "404 Not Found", "acceptable": "200-299"])
                #expect(details(links[1])["received"] == "text/plain; charset=utf-8")
                #expect(details(links[1])["acceptable"]?.contains("application/json") == true)
            }
            let human = await FerryBinary.run(["send", "\(server.baseURL)/no-such-page", "--as", "json"])
            #expect(human.status == 3)
            #expect(human.stdout.isEmpty)
            let lines = human.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(
                lines.first
                    == "ferry: validation: the response's status code is not acceptable (status: 404 Not Found, acceptable: 200-299)")
            #expect(
                lines.last?.hasPrefix(
                    "  ↳ validation: the response's content type is not acceptable (received: text/plain; charset=utf-8, acceptable: ")
                    == true)
        }
    }

    @Test func asJSONParsesTheBodyIntoADocument() async throws {
        try await withDemoServer { server throws in
            let human = await FerryBinary.run(["send", "\(server.baseURL)/json", "--as", "json"])
            #expect(human.status == 0)
            #expect(human.text.contains("\"big\": 12345678901234567890123"))
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/json", "--as", "json", "--json"])
            #expect(outcome.status == 0)
            let value = try #require(try json(outcome)["value"] as? [String: Any])
            #expect(value["kind"] as? String == "document")
            #expect(value["serializer"] as? String == "json")
            #expect(value["format"] as? String == "JSON")
            #expect(value["root"] as? String == "object")
            #expect(value["nodes"] as? Int == 22)
            #expect(value["nodesByKind"] as? [String: Int] == ["object": 4, "array": 3, "string": 10, "number": 2, "bool": 2, "null": 1])
            #expect(value["bytes"] as? Int == 476)

            let withoutNulls = try #require(
                try json(await FerryBinary.run(["send", "\(server.baseURL)/json", "--remove-nulls", "--json"]))["value"] as? [String: Any])
            #expect(withoutNulls["serializer"] as? String == "json")
            #expect(withoutNulls["nodes"] as? Int == 21)
            #expect((withoutNulls["nodesByKind"] as? [String: Int])?["null"] == nil)
        }
    }

    @Test func autoChoosesByContentTypeAndOtherSerializersRejectWhatTheyCannotRead() async throws {
        try await withDemoServer { server throws in
            let xml = try #require(
                try json(await FerryBinary.run(["send", "\(server.baseURL)/xml", "--as", "xml", "--json"]))["value"] as? [String: Any])
            #expect(xml["format"] as? String == "XML")
            #expect(xml["root"] as? String == "element")
            #expect(xml["nodesByKind"] as? [String: Int] == ["element": 10, "attribute": 5, "text": 8])
            #expect(xml["chosenBy"] == nil)

            for (path, serializer) in [("json", "json"), ("xml", "xml"), ("image/png", "image"), ("html", "string")] {
                let value =
                    try json(await FerryBinary.run(["send", "\(server.baseURL)/\(path)", "--as", "auto", "--json"]))["value"]
                    as? [String: Any]
                #expect(value?["serializer"] as? String == serializer, "\(path)")
                #expect(value?["chosenBy"] as? String == "auto", "\(path)")
            }

            let wrongType = await FerryBinary.run(["send", "\(server.baseURL)/xml", "--as", "json", "--json"])
            #expect(wrongType.status == 3)
            let links = try chain(json(wrongType))
            #expect(links.map { $0["reason"] as? String } == ["unacceptableContentType"])
            #expect(
                details(links[0]) == [
                    "received": "application/xml", "acceptable": "application/json, text/json, text/javascript, */*+json",
                ])
        }
    }

    @Test func malformedJSONGivesAParseChainWithItsPosition() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/misbehave/bad-json", "--as", "json", "--json"])
            #expect(outcome.status == 3)
            let document = try json(outcome)
            let size = try #require(((document["response"] as? [String: Any])?["body"] as? [String: Any])?["size"] as? Int)
            let links = try chain(document)
            #expect(links.count == 1)
            #expect(links[0]["stage"] as? String == "serialization")
            #expect(links[0]["reason"] as? String == "parseFailed")
            let found = details(links[0])
            #expect(found["offset"] == "\(size)")
            #expect(found["line"] == "1")
            #expect(found["column"] == "\(size + 1)")
            #expect(found["excerpt"]?.hasSuffix("[1, 2,") == true)
            #expect(document["value"] == nil)

            let human = await FerryBinary.run(["send", "\(server.baseURL)/misbehave/bad-json", "--as", "json"])
            #expect(human.status == 3)
            #expect(
                human.stderr.hasPrefix(
                    "ferry: serialization: invalid JSON: unexpected end of input (offset: \(size), line: 1, column: \(size + 1)"))
        }
    }

    @Test func aStatusFailureAloneKeepsTheValueAndASerializationFailureWrapsValidation() async throws {
        try await withDemoServer { server throws in
            let denied = await FerryBinary.run(["send", "\(server.baseURL)/basic-auth/ann/secret", "--as", "json", "--json"])
            #expect(denied.status == 3)
            let document = try json(denied)
            #expect(try chain(document).map { $0["reason"] as? String } == ["unacceptableStatusCode"])
            #expect((document["value"] as? [String: Any])?["nodesByKind"] as? [String: Int] == ["object": 1, "bool": 1])
            let deniedHuman = await FerryBinary.run(["send", "\(server.baseURL)/basic-auth/ann/secret", "--as", "json"])
            #expect(deniedHuman.text.contains("\"authenticated\""))

            let html = await FerryBinary.run([
                "send", "\(server.baseURL)/html", "--as", "json", "--expect-type", "text/html", "--expect-status", "300", "--json",
            ])
            #expect(html.status == 3)
            let links = try chain(json(html))
            #expect(links.map { $0["reason"] as? String } == ["parseFailed", "unacceptableStatusCode"])
            #expect(details(links[0])["offset"] == "0")
            #expect(details(links[1])["status"] == "200 OK")
        }
    }

    @Test func expectStatusTakesRangesAndCodes() async throws {
        try await withDemoServer { server throws in
            for (code, status) in [(200, 0), (304, 0), (299, 0), (404, 3), (500, 3)] {
                let outcome = await FerryBinary.run([
                    "send", "\(server.baseURL)/status/\(code)", "--expect-status", "200-299,304", "--no-follow", "--json",
                ])
                #expect(outcome.status == Int32(status), "status \(code)")
                if status == 3 {
                    let links = try chain(json(outcome))
                    #expect(links.count == 1)
                    #expect(links.first?["reason"] as? String == "unacceptableStatusCode")
                    #expect(details(try #require(links.first))["acceptable"] == "200-299,304")
                }
            }
            let plain = await FerryBinary.run(["send", "\(server.baseURL)/status/404"])
            #expect(plain.status == 0)
            for bad in ["99", "200-", "abc", "300-200", ""] {
                let outcome = await FerryBinary.run(["send", "\(server.baseURL)/get", "--expect-status", bad])
                #expect(outcome.status == 1, "--expect-status \(bad)")
                #expect(outcome.stderr.contains("--expect-status"))
            }
        }
    }

    @Test func expectTypeAcceptsWildcardsAndRejectsOthers() async throws {
        try await withDemoServer { server throws in
            let accepted = await FerryBinary.run(["send", "\(server.baseURL)/xml", "--expect-type", "text/*, application/*"])
            #expect(accepted.status == 0)
            #expect(accepted.text.hasPrefix("<?xml"))
            let rejected = await FerryBinary.run(["send", "\(server.baseURL)/xml", "--expect-type", "application/json", "--json"])
            #expect(rejected.status == 3)
            let links = try chain(json(rejected))
            #expect(links.map { $0["reason"] as? String } == ["unacceptableContentType"])
            #expect(details(links[0]) == ["received": "application/xml", "acceptable": "application/json"])
            #expect(await FerryBinary.run(["send", "\(server.baseURL)/xml", "--expect-type", "json"]).status == 1)
        }
    }

    @Test func valuesAreShownAndSummarisedInJSON() async throws {
        try await withDemoServer { server throws in
            let image = await FerryBinary.run(["send", "\(server.baseURL)/image/png", "--as", "image"])
            #expect(image.status == 0)
            #expect(image.text == "PNG, 32×24 pixels, 24 bits per pixel, 1 frame\n")

            let text = await FerryBinary.run(["send", "\(server.baseURL)/html", "--as", "string", "--json"])
            #expect(text.status == 0)
            let value = try #require(try json(text)["value"] as? [String: Any])
            #expect(value["kind"] as? String == "text")
            #expect(value["serializer"] as? String == "string")
            #expect(value["charset"] as? String == "UTF-8")
            #expect(
                value["bytes"] as? Int
                    == (try json(text)["response"] as? [String: Any]).flatMap { ($0["body"] as? [String: Any])?["size"] as? Int })
            #expect((value["parseMs"] as? Double ?? -1) >= 0)

            let notImage = await FerryBinary.run(["send", "\(server.baseURL)/bytes/64", "--as", "image", "--expect-type", "*/*", "--json"])
            #expect(notImage.status == 3)
            #expect(try chain(json(notImage)).map { $0["reason"] as? String } == ["unrecognizedImage"])
        }
    }

    @Test func hexPrintsTheBodyAsHexdumpDoes() async throws {
        let directory = try TemporaryDirectory()
        let bytes = Data(SeededBytes(seed: 3).bytes(from: 0, count: 1000))
        let reference = try Hexdump.canonical(of: directory.write("body.bin", bytes))
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/bytes/1000?seed=3", "--hex"])
            #expect(outcome.status == 0)
            #expect(outcome.text == reference)
        }
    }
}
