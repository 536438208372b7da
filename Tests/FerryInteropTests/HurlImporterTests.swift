import FerryCore
import FerryInterop
import FerryTestSupport
import Foundation
import Testing

/// Hurl's own integration-test files imported: sections, bodies, and the response checks named.
@Suite struct HurlImporterTests {
    @Test func formParamsComeInAsAFormWithTheirEscapes() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "form_params.hurl")
        #expect(imported.requests.count == 3)
        let first = imported.requests[0].description
        #expect(first.method == .post && first.url == "http://localhost:8000/form-params")
        #expect(
            first.body
                == .form(
                    .object([
                        ("param1", .string("value1")), ("param2", .string("")), ("param3", .string("a=b")),
                        ("param4", .string("a%3db")), ("values[0]", .string("0")), ("values[1]", .string("1")),
                    ])))
        #expect(imported.requests[1].description.body == first.body, "[Form] is [FormParams]")
        let raw = imported.requests[2].description
        #expect(raw.name == "same version as raw")
        #expect(raw.body == .raw("param1=value1&param2=&param3=a%3db&param4=a%253db&values[0]=0&values[1]=1", contentType: nil))
        #expect(raw.options.followRedirects == false, "Hurl follows redirects only with location: true")
        #expect(
            imported.requests.allSatisfy { $0.description.assertions == [Assertion(.status, .compare(.equal, .number("200")))] },
            "HTTP 200 is an assertion of the status")
    }

    @Test func theFormSendsTheBytesOfTheRawVersion() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "form_params.hurl")
        let form = try imported.requests[0].description.resolved(with: VariableResolver(), directory: "/").request
        guard case .bytes(let data) = form.body else { Issue.record("expected a byte body"); return }
        #expect(
            String(decoding: data, as: UTF8.self) == "param1=value1&param2=&param3=a%3Db&param4=a%253db&values%5B0%5D=0&values%5B1%5D=1")
        #expect(form.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test func assertsAndCapturesBecomeChecksOrAreNamedWithTheirText() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "captures.hurl")
        #expect(imported.requests.count == 6)
        let first = imported.requests[0].description
        #expect(first.captures.first == Capture(name: "param1", source: .header("header1")))
        #expect(first.assertions.contains(Assertion(.header("header1"), .compare(.equal, .string("{{param1}}")))))
        #expect(
            first.captures.dropFirst().prefix(4) == [
                Capture(name: "param2", source: .header("header2"), filters: [.regex("Hello (.*)!")]),
                Capture(name: "param3", source: .header("header2"), filters: [.regex("Hello (.*)!")]),
                Capture(name: "data1", source: .query(.body)),
                Capture(name: "data2", source: .query(.variable("data1"))),
            ], "a filter, a /regex/ literal, body and variable queries are kept")
        #expect(first.assertions.contains(Assertion(.query(.variable("param1")), .compare(.equal, .string("value1")))))
        let dropped = imported.report.notes(.dropped)
        #expect(!dropped.contains { [4, 5, 6, 9, 10, 12, 13].map { "line \($0)" }.contains($0.place) }, "\(dropped)")
        let check = imported.requests[1].description
        #expect(check.params == .object([("param1", .string("{{param1}}")), ("param2", .string("{{param2}}"))]))
        #expect(imported.requests[2].description.params == check.params, "[Query] is [QueryStringParams]")
    }

    @Test func jsonPathAssertsAndCapturesAreKeptWhenTheQueryIsRFC9535() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "jsonpath.hurl")
        let request = try #require(imported.requests.first).description
        #expect(
            request.captures == [
                Capture(name: "first_id", source: .body(path: "$.errors[0]['id']")),
                Capture(name: "cheap", source: .body(path: "$.items[?(@.price < 10)]")),
            ])
        #expect(
            request.assertions.map(\.subject).dropFirst() == [
                .body(path: "$..id"), .body(path: "$.items[?(@.price < 10)].name"), .body(path: #"$.items[?@.name == "ink"].price"#),
                .body(path: "$.items[1:3]"), .body(path: "$.items[-1].name"), .body(path: "$[?length(@) > 2]"),
                .body(path: "$.items[?match(@.name, 'p.n')]"),
            ])
        #expect(request.assertions[2] == Assertion(.body(path: "$.items[?(@.price < 10)].name"), .compare(.equal, .string("pen"))))
        let dropped = imported.report.notes(.dropped)
        #expect(dropped.map(\.place) == ["line 14"], "only the malformed path is dropped: \(dropped)")
    }

    @Test func xpathAssertsAndCapturesAreKeptWhenLibxml2CompilesThem() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "xpath.hurl")
        let request = try #require(imported.requests.first).description
        #expect(request.captures == [Capture(name: "title", source: .xpath("string(//_:book/_:title)"))])
        #expect(
            Array(request.assertions.dropFirst()) == [
                Assertion(.xpath("string(//_:book/_:title)"), .compare(.equal, .string("Cheaper by the Dozen"))),
                Assertion(.xpath("//*[local-name()='book']/*[local-name()='notes']"), .count(.compare(.equal, .number("1")))),
                Assertion(.xpath("//toto"), .exists(false)),
                Assertion(.xpath("boolean(//_:book)"), .compare(.equal, .bool(true))),
            ])
        let dropped = imported.report.notes(.dropped)
        #expect(dropped.map(\.place) == ["line 10"], "only the malformed expression is dropped: \(dropped)")
    }

    @Test func queriesFiltersAndPredicatesAreKeptWordForWord() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "filters.hurl")
        let request = try #require(imported.requests.first).description
        #expect(
            request.captures == [
                Capture(name: "who", source: .body(path: "$.message"), filters: [.regex("Hello (.*)!")]),
                Capture(name: "sid", source: .query(.cookie("LSID")), filters: [.urlDecode]),
            ])
        #expect(
            request.assertions.map(\.text) == [
                "status == 200", #"$.file base64Decode == "d188d0b5d0bbd0bbd18b""#, "$.list nth -1 == 3", #"$.ips split ", " count == 3"#,
                #"$.id replaceRegex "\\d" "x" == "xxx""#, #"$.date toDate "%Y-%m-%dT%H:%M:%S%.fZ" format "%A" == "Monday""#,
                #"$.text htmlEscape == "a &gt; b""#, "header Set-Cookie count == 2", #"cookie "LSID[Secure]" exists"#,
                #"variable "who" == "Bob""#, #"sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855""#,
                "$.uuid isUuid", "$.list not isEmpty", "$.list contains 2", #"body not contains "error""#, #"url endsWith "/filter""#,
                #"$ == {"message": "Hello Bob!", "list": [1, 2, 3]}"#,
            ])
        let dropped = imported.report.notes(.dropped)
        #expect(dropped.map(\.place) == ["line 22"], "only the certificate query is dropped: \(dropped)")
    }

    @Test func typedVariablesOneLineStringsRepeatedPredicatesAndTheFilesOrder() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "typed.hurl")
        #expect(imported.folders[""]?.order == imported.requests.map(\.path), "the entries run in the file's order")
        let first = try #require(imported.requests.first).description
        #expect(
            first.assertions.dropFirst().map(\.text) == [
                "$.count == {{five}}", #"$.message == "Bob says \"Hello\"""#, #"$.tags contains "a""#, #"$.tags contains "b""#,
                "$.errors[0] isCollection",
            ])
        let second = imported.requests[1].description
        #expect(
            second.assertions.map(\.text).dropFirst() == [#"$.errors[{{index}}].id == "error2""#, #"$.dates[0] toDate "%+" < {{ date }}"#])
        #expect(imported.report.notes(.dropped).isEmpty, "\(imported.report.notes(.dropped))")
    }

    /// Hurl writes a header with an empty value `Name;`.
    @Test func anEmptyHeaderValueIsAHeader() throws {
        let imported = try HurlImporter().importCollection(
            "GET http://localhost:8000/empty\nEmpty-Header;\nX: 1\nHTTP 200\n", source: "empty.hurl", directory: "/")
        #expect(imported.requests.first?.description.headers == [.init(name: "Empty-Header", value: ""), .init(name: "X", value: "1")])
    }

    @Test func multilineStringsKeepTheirEscapesAndRawOnesTheirBraces() throws {
        let imported = try HurlImporter().importCollection(
            "POST http://h/a\n```json\n{\"c\": \"\\u{1D11E}\", \"n\": {{n}}}\n```\nHTTP 200\n\n"
                + "POST http://h/b\n```raw\nbob,{{age}}\n```\nHTTP 200\n",
            source: "multi.hurl", directory: "/")
        #expect(imported.requests[0].description.body == .raw("{\"c\": \"\\u{1D11E}\", \"n\": {{n}}}\n", contentType: nil))
        #expect(imported.requests[1].description.body == .bytes(Data("bob,{{age}}\n".utf8), contentType: nil), "never templated")
    }

    @Test func hurlsGeneratorsBecomeFerrysBuiltIns() throws {
        let imported = try HurlImporter().importCollection(
            "GET http://h/a\nX-Random: {{randomInt 10 99}} {{randomString 32}} {{randomBool}} {{randomFullName}} {{randomWord}}\nHTTP 200\n",
            source: "random.hurl", directory: "/")
        #expect(
            try #require(imported.requests.first).description.headers.first?.value
                == "{{$randomInt 10 99}} {{$randomString 32}} {{$randomBoolean}} {{$randomFullName}} {{$randomWord}}")
        let resolver = VariableResolver([])
        let filled = try resolver.render("{{$randomInt 10 99}}|{{$randomString 32}}|{{$randomFullName}}|{{$randomWord}}", place: "test")
        let parts = filled.split(separator: "|").map(String.init)
        #expect((10...99).contains(Int(parts[0]) ?? 0), "\(filled)")
        #expect(parts[1].count == 32 && parts[1].allSatisfy { $0.isLetter || $0.isNumber }, "\(filled)")
        #expect(parts[2].split(separator: " ").count == 2 && !parts[3].isEmpty, "\(filled)")
        #expect(throws: (any Error).self) { try resolver.render("{{$randomInt 99 10}}", place: "test") }
    }

    @Test func retryOptionsBecomeTheRequestsRetry() throws {
        let imported = try HurlImporter().importCollection(
            "GET http://h/a\n[Options]\nretry-interval: 2s\nretry: 10\nHTTP 200\n\nGET http://h/b\n[Options]\nretry: 3\nHTTP 200\n\n"
                + "GET http://h/c\n[Options]\nretry-interval: 10ms\nHTTP 200\n\nGET http://h/d\n[Options]\nretry: -1\nHTTP 200\n",
            source: "retry.hurl", directory: "/")
        #expect(imported.requests.map(\.description.retry) == [RetryPolicy(count: 10, interval: 2000), RetryPolicy(count: 3), nil, nil])
        #expect(
            imported.report.notes.contains { $0.kind == .dropped && $0.message.contains("retry: -1") },
            "Hurl's endless retry is named, not dropped silently")
    }

    @Test func cookiesBasicAuthAndOptions() throws {
        let cookies = try Fixture.imported(HurlImporter(), "hurl", "cookies.hurl")
        #expect(cookies.requests[2].description.headers.isEmpty, "[Cookies] are the request's own cookies, not a Cookie header")
        #expect(
            cookies.requests[2].description.cookies == [
                .init(name: "user1", value: "Bob"), .init(name: "user2", value: "Bill"), .init(name: "user3", value: "{{name}}"),
            ])
        let auth = try Fixture.imported(HurlImporter(), "hurl", "basic_authentication_per_request.hurl")
        #expect(auth.requests.count == 5)
        let credentials = Authentication.basic(username: "bob@email.com", password: "secret")
        #expect(auth.requests[1].description.auth == credentials, "Authorization: Basic base64")
        #expect(auth.requests[2].description.auth == credentials, "[BasicAuth]")
        #expect(auth.requests[3].description.auth == credentials, "[Options] user:")
        #expect(auth.requests[4].description.auth == .basic(username: "{{user}}", password: "{{password}}"))
        #expect(
            auth.environments == [
                .init(
                    name: "basic_authentication_per_request",
                    variables: [Variable(name: "user", value: "bob@email.com"), Variable(name: "password", value: "secret")])
            ])
        #expect(auth.requests[0].description.url == "http://bob%40email.com:secret@localhost:8000/basic-authentication-per-request")
    }

    @Test func requestOptionsOfHurlComeInAsTheRequestFilesOptions() throws {
        let imported = try HurlImporter().importCollection(
            "GET http://h/a\n[Options]\nlocation-trusted: true\ndelay: 2s\noutput: -\ncompressed: true\nHTTP 200\n\n"
                + "GET http://h/b\nbaz: BAZ\nUser-Agent: mine\n[Options]\nheader: bar:BAR\nno-header: baz\nno-header: user-agent\n"
                + "digest: true\nuser: u:p\noutput: out/b.json\nHTTP 200\n",
            source: "options.hurl", directory: "/")
        let first = imported.requests[0].description
        #expect(first.options.followRedirects && first.options.keepsCredentialsOnRedirect == true)
        #expect(first.delay == 2000 && first.output == "-" && first.options.decompress)
        #expect(first.options.defaultHeaders == false, "Hurl sends its own few headers, not Ferry's defaults")
        let second = imported.requests[1].description
        #expect(!second.options.decompress, "Hurl asks for no compression unless told")
        #expect(
            second.headers == [.init(name: "bar", value: "BAR"), .init(name: "user-agent", value: "")],
            "no-header leaves out the file's own header, and one the sender adds by an empty value")
        #expect(second.auth == .digest(username: "u", password: "p"))
        #expect(second.output == "out/b.json")
        #expect(imported.report.notes.contains { $0.kind == .approximated && $0.message.contains("out/b.json") })
    }

    @Test func aVariablesFileJoinsTheEnvironmentInTheOrderOfTheOptions() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("vars.env", Data("country=Spain\nplanet=The Earth\n".utf8))
        let imported = try HurlImporter().importCollection(
            "GET http://h/a\n[Options]\nvariable: country=France\nvariables-file: vars.env\nvariable: planet=Mars\n"
                + "variables-file: missing.env\nHTTP 200\n",
            source: directory.file("vars.hurl"), directory: directory.path)
        #expect(
            imported.environments.first?.variables == [Variable(name: "country", value: "Spain"), Variable(name: "planet", value: "Mars")])
        #expect(imported.report.notes.contains { $0.kind == .dropped && $0.message.contains("missing.env") })
    }

    @Test func multipartPartsAndHandBuiltBodies() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "multipart_form_data.hurl")
        #expect(imported.requests.count == 3)
        #expect(
            imported.requests[0].description.body
                == .multipart([
                    .init(name: "key1", value: .text("value1")), .init(name: "upload1", value: .file(path: "data.txt")),
                    .init(name: "upload2", value: .file(path: "data.html")),
                    .init(name: "upload3", value: .file(path: "data.txt"), contentType: "text/html"),
                ]))
        guard case .raw(let text, _) = imported.requests[2].description.body else { Issue.record("expected the multiline body"); return }
        #expect(text.hasPrefix("--boundary\nContent-Disposition: form-data; name=\"key1\"\n\nvalue1\n"))
        #expect(text.hasSuffix("--boundary--\n"), "a multiline string ends with its last newline")
    }

    @Test func jsonBodiesAreSentAsWrittenWithTheirContentType() throws {
        let imported = try Fixture.imported(HurlImporter(), "hurl", "post_json.hurl")
        #expect(imported.requests.count == 9)
        let first = imported.requests[0].description
        #expect(first.headers == [.init(name: "Content-Type", value: "application/json")])
        guard case .raw(let text, nil) = first.body else { Issue.record("expected a raw body"); return }
        #expect(text.hasPrefix("{\n    \"name\": \"Bob\",") && text.hasSuffix("\"{{key}}\": \"dynamic_key\"\n}"))
        #expect(imported.requests[1].description.body == .raw("[1,2,3]", contentType: nil))
        #expect(imported.requests[6].description.body == .raw("true", contentType: nil))
        #expect(imported.requests[7].description.name == "Use variable in your input json")
    }

    /// Found by Hurl's cases (issue 29): bodies are typed as Hurl types them, a GraphQL string's
    /// `variables {…}` are its variables, and asking for compression by header has the answer decoded.
    @Test func bodiesAreTypedAsHurlTypesThemAndGraphQLCarriesItsVariables() throws {
        let text = """
            POST https://a.example/xml
            <note>hi</note>

            POST https://a.example/json
            ```json
            {"a": 1}
            ```

            POST https://a.example/graphql
            ```graphql
            query Person($id: ID!) {
              person(id: $id) { name }
            }

            variables {
              "id": "{{id}}"
            }
            ```

            GET https://a.example/gzip
            Accept-Encoding: gzip

            """
        let requests = try HurlImporter().importCollection(text, source: "t.hurl", directory: "/").requests.map(\.description)
        #expect(requests[0].headers == [.init(name: "Content-Type", value: "application/xml")])
        #expect(requests[1].headers == [.init(name: "Content-Type", value: "application/json")])
        #expect(
            requests[2].body
                == .json(
                    .object([
                        ("query", .string("query Person($id: ID!) {\n  person(id: $id) { name }\n}")),
                        ("variables", .object([("id", .string("{{id}}"))])),
                    ])))
        #expect(requests[3].options.decompress && !requests[0].options.decompress)
    }

    @Test(arguments: [
        ("GET https://a.example\nAccept application/json\n", "line 2, column 1"),
        ("POST https://a.example\n```\nnot closed\n", "line 2, column 1"),
        ("get https://a.example\n", "line 1, column 1"),
        ("GET https://a.example\n[Nope]\nx: y\n", "line 2, column 1"),
        ("POST https://a.example\nbase64,not base64!;\n", "line 2, column 1"),
    ])
    func malformedLinesAreProblemsAtTheirPlace(text: String, place: String) {
        do {
            _ = try HurlImporter().importCollection(text, source: "bad.hurl", directory: "/")
            Issue.record("expected a problem at \(place)")
        } catch {
            #expect(error.place == place, "\(error)")
        }
    }

    @Test func hurlFilesAreRecognised() {
        #expect(ImportFormat.detect("GET https://a.example\n", path: "t.hurl") == .hurl)
        #expect(ImportFormat.detect("GET https://a.example\nHTTP 200\n") == .hurl)
        #expect(ImportFormat.detect("GET https://a.example\nHTTP/1.1 *\n") == .hurl)
    }
}
