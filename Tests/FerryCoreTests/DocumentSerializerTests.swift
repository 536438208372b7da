import Foundation
import Testing

@testable import FerryCore

@Suite struct DocumentSerializerTests {
    private func input(_ bytes: [UInt8], type: String?, status: Int = 200, validationError: FerryError? = nil) -> ResponseInput {
        var headers = HTTPHeaders()
        if let type { headers.add(name: "Content-Type", value: type) }
        let response = Response(
            status: status, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: headers,
            body: ResponseBody(storage: .memory(Data(bytes)), count: Int64(bytes.count)),
            effectiveURL: "http://h/", remoteAddress: nil, redirects: [], timeline: Timeline(start: Date()), sent: nil)
        return ResponseInput(method: .get, response: response, bytes: Data(bytes), validationError: validationError)
    }

    private func input(
        _ text: String, type: String? = "application/json", status: Int = 200, validationError: FerryError? = nil
    ) -> ResponseInput {
        input(Array(text.utf8), type: type, status: status, validationError: validationError)
    }

    private func parsed(_ value: SerializedValue) -> Document? {
        if case .document(let document) = value { return document }
        return nil
    }

    private func chain(_ body: () throws -> SerializedValue) -> ErrorChain? {
        do {
            _ = try body()
            return nil
        } catch {
            return ErrorChain(error)
        }
    }

    @Test func removesNullMembersAtEveryDepthButKeepsNullElements() throws {
        let serializer = JSONResponseSerializer(removeNullValues: true)
        let document = try #require(
            parsed(try serializer.serialize(input(#"{"a": null, "b": [null, {"c": null, "d": 1}], "e": {"f": null}}"#))))
        #expect(
            DocumentPrettyPrinter().string(document) == """
                {
                  "b": [
                    null,
                    {
                      "d": 1
                    }
                  ],
                  "e": {}
                }

                """)
        #expect(document.nodeCount == 6)
        let d = try NodePath.resolve("$.b[1].d", in: document)
        #expect(document.key(of: d) == "d")
        #expect(document.parent(of: d) == (try NodePath.resolve("$.b[1]", in: document)))
    }

    @Test func fragmentsAreAllowedUnlessTurnedOff() throws {
        #expect(parsed(try JSONResponseSerializer().serialize(input(" \"ok\" "))) != nil)
        let links = try #require(chain { try JSONResponseSerializer(allowFragments: false).serialize(input(" \"ok\" ")) }).links
        #expect(links.map(\.reason) == ["parseFailed"])
        #expect(links[0].message == "invalid JSON: a string at the top (fragments are not allowed)")
        #expect(links[0].details.first == .init("offset", "1"))
    }

    @Test func aSingleSpaceIsEmptyAsRailsHeadOK() throws {
        if case .empty = try JSONResponseSerializer().serialize(input(" ")) {} else { Issue.record("a single space should be empty") }
        #expect(chain { try JSONResponseSerializer().serialize(input("  ")) }?.links.map(\.reason) == ["parseFailed"])
    }

    @Test func parseFailuresWrapTheValidationError() throws {
        let validation = FerryError.responseValidationFailed(
            reason: .unacceptableStatusCode(code: 500, reason: "Internal Server Error", acceptable: "200-299", underlying: nil))
        let links = try #require(
            chain { try XMLResponseSerializer().serialize(input("<a>", type: "application/xml", status: 500, validationError: validation)) }
        ).links
        #expect(links.map(\.reason) == ["parseFailed", "unacceptableStatusCode"])
        #expect(links[0].message == "invalid XML: unexpected end of input: `<a>` is not closed")
        #expect(
            links[0].details == [
                .init("offset", "3"), .init("line", "1"), .init("column", "4"), .init("expected", "`</a>`"), .init("excerpt", "<a>"),
            ])
    }

    @Test(
        arguments: [
            ("application/json", "{}", "json"), ("application/vnd.api+json", "{}", "json"), ("text/javascript", "[]", "json"),
            ("application/atom+xml", "<a/>", "xml"), ("application/x-plist", "<plist><true/></plist>", "plist"),
            ("text/html", "<p>", "string"), (nil, " [1]", "json"), ("application/octet-stream", "<a/>", "xml"),
            ("text/plain", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>", "plist"), (nil, "bplist00", "plist"),
            (nil, "hello", "string"),
        ] as [(String?, String, String)])
    func autoChoosesByTypeThenByContent(type: String?, body: String, expected: String) {
        #expect(AutoResponseSerializer().chosen(for: input(body, type: type)).name == expected)
    }

    @Test func autoSniffsBinaryAsData() {
        #expect(AutoResponseSerializer().chosen(for: input([0x00, 0x01, 0xFF], type: nil)).name == "data")
    }

    /// A type's choice is remembered, not its sniff: each body of a type that names no serializer is
    /// looked at (a gRPC call's JSON answer, a gRPC body as it came over plain HTTP).
    @Test func autoRemembersTheTypeButSniffsEachBody() {
        #expect(AutoResponseSerializer.choice(for: "application/grpc") == .sniff)
        #expect(AutoResponseSerializer.choice(for: "Application/JSON; charset=utf-8") == .json)
        for _ in 0..<2 {
            #expect(AutoResponseSerializer().chosen(for: input("{\"messages\":[]}", type: "application/grpc")).name == "json")
            #expect(
                AutoResponseSerializer().chosen(for: input([0x00, 0x00, 0x00, 0x00, 0x02, 0x08, 0x01], type: "application/grpc")).name
                    == "data")
            #expect(AutoResponseSerializer().chosen(for: input("<a/>", type: "Application/JSON; charset=utf-8")).name == "json")
        }
    }

    @Test func binaryPropertyListCorruptionIsAnErrorWithTheOffset() throws {
        var bytes = Array("bplist00".utf8) + [0x08]  // one object: false
        bytes += [0x08]  // offset table: object 0 at byte 8
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 9]
        let document = try PropertyListParser.parse(Data(bytes))
        #expect(document.kind(of: document.root) == .bool)
        #expect(document.value(of: document.root) == "false")
        var outside = bytes
        outside[9] = 0x30  // object 0 now points into the trailer
        let links = try #require(chain { try PropertyListResponseSerializer().serialize(input(outside, type: "application/x-plist")) })
            .links
        #expect(links[0].message == "invalid property list: object 0 at offset 48, outside the object area")
        #expect(links[0].details.first == .init("offset", "9"))
        var cyclic = Array("bplist00".utf8) + [0xA1, 0x00]  // an array holding itself
        cyclic += [0x08] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
        #expect(throws: DocumentParseError.self) { try PropertyListParser.parse(Data(cyclic)) }
        for cut in 0..<bytes.count { _ = try? PropertyListParser.parse(Data(bytes.prefix(cut))) }
    }

    @Test func xmlPropertyListsKeepOrderAndByteRanges() throws {
        let text =
            #"<?xml version="1.0"?><plist version="1.0"><dict><key>z</key><integer>-5</integer><key>a</key><array><real>1.5</real><date>2024-01-02T03:04:05Z</date><data>AAE=</data></array></dict></plist>"#
        let document = try PropertyListParser.parse(Data(text.utf8))
        #expect(document.kind(of: document.root) == .dictionary)
        #expect(document.children(of: document.root).map { document.key(of: $0) } == ["z", "a"])
        let list = try NodePath.resolve("$.a", in: document)
        #expect(document.children(of: list).map { document.kind(of: $0) } == [.real, .date, .data])
        #expect(document.literal(of: try NodePath.resolve("$.z", in: document)) == "<integer>-5</integer>")
        #expect(document.literal(of: list).hasPrefix("<array>") && document.literal(of: list).hasSuffix("</array>"))
        #expect(
            DocumentPrettyPrinter().string(document) == """
                {
                  "z": -5,
                  "a": [
                    1.5,
                    "2024-01-02T03:04:05Z",
                    "AAE="
                  ]
                }

                """)
    }
}
