import FerryCore
import FerryInterop
import Testing

/// HAR files written by Chrome and Firefox (Fixtures/har), imported: one request per entry in the
/// capture's order, the headers the browser sent, the response as an example.
@Suite struct HARImporterTests {
    let importer = HARImporter()

    @Test func aChromeCaptureKeepsItsOrderHeadersAndResponses() throws {
        let imported = try Fixture.imported(importer, "har", "run.sitespeed.io.har")
        #expect(imported.requests.count == 10)
        #expect(imported.requests.map(\.path) == imported.requests.map(\.path).sorted(), "file names sort in the capture's order")
        #expect(imported.requests.first?.path == "001-get-run-sitespeed-io.ferry.yaml")
        #expect(imported.requests.last?.path == "010-get-www-google-analytics-com-collect.ferry.yaml")

        let page = try #require(imported.requests.first).description
        #expect(page.method == .get)
        #expect(page.url == "https://run.sitespeed.io/")
        #expect(page.options.defaultHeaders == false, "the browser's headers are all there")
        #expect(
            page.headers.map(\.name) == [
                "pragma", "dnt", "accept-encoding", "accept-language", "upgrade-insecure-requests", "user-agent", "accept", "cache-control",
                "cookie",
            ])
        #expect(
            imported.report.notes(.dropped).contains {
                $0.place == "log.entries[0].request.headers" && $0.message.hasPrefix(":path, :authority, :scheme, :method")
            })

        let example = try #require(page.examples.first)
        #expect(example.status == 200)
        #expect(example.body?.contains("<html") == true)
        #expect(example.headers.contains { $0.name.lowercased() == "content-type" })

        let svg = try #require(imported.requests[4].description.examples.first)
        #expect(svg.body?.hasPrefix("<svg") == true || svg.body?.hasPrefix("<?xml") == true, "base64 text is decoded")
        let png = try #require(imported.requests[2].description.examples.first)
        #expect(png.body == nil)
        #expect(
            imported.report.notes(.dropped).contains {
                $0.place == "log.entries[2].response.content.text" && $0.message.contains("image/png")
            })
    }

    @Test func pseudoHeadersAndHostAreLeftOut() throws {
        let chrome = try Fixture.imported(importer, "har", "http2-chrome.har")
        #expect(chrome.requests.count == 11)
        #expect(chrome.requests.allSatisfy { request in !request.description.headers.contains { $0.name.hasPrefix(":") } })

        let firefox = try Fixture.imported(importer, "har", "http2-firefox.har")
        #expect(firefox.requests.count == 10)
        let first = try #require(firefox.requests.first).description
        #expect(first.url == "https://run.sitespeed.io/")
        #expect(first.headers.map(\.name) == ["User-Agent", "Accept", "Accept-Language", "Accept-Encoding"])
        #expect(
            firefox.report.notes(.dropped).contains {
                $0.place == "log.entries[0].request.headers" && $0.message.hasPrefix("Host, Connection")
            })
    }

    @Test func postDataTextIsTheBodyAndParamsAFormOrParts() throws {
        let text = #"""
            {"log": {"version": "1.2", "entries": [
              {"request": {"method": "POST", "url": "https://api.example/v1/items?x=1", "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Content-Length", "value": "9"}],
                           "postData": {"mimeType": "application/json", "text": "{\"a\": 1}"}}, "response": {"status": 0}},
              {"request": {"method": "POST", "url": "https://api.example/form", "headers": [], "cookies": [{"name": "sid", "value": "1"}, {"name": "theme", "value": "dark"}],
                           "postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "q", "value": "a%20b"}]}}},
              {"request": {"method": "POST", "url": "https://api.example/upload", "headers": [{"name": "Content-Type", "value": "multipart/form-data; boundary=x"}],
                           "postData": {"mimeType": "multipart/form-data; boundary=x", "params": [{"name": "note", "value": "hi"}, {"name": "f", "fileName": "a.png", "contentType": "image/png"}]}}}
            ]}}
            """#
        let imported = try importer.importCollection(text, source: "t.har", directory: "/")
        let json = imported.requests[0].description
        #expect(json.url == "https://api.example/v1/items?x=1")
        #expect(json.headers == [.init(name: "Content-Type", value: "application/json")])
        #expect(json.body == .raw(#"{"a": 1}"#, contentType: nil))
        #expect(json.examples.isEmpty)
        #expect(imported.report.notes(.dropped).contains { $0.place == "log.entries[0].response" })
        #expect(imported.requests[1].description.body == .form(.object([("q", .string("a b"))])))
        #expect(
            imported.requests[1].description.headers == [.init(name: "Cookie", value: "sid=1; theme=dark")],
            "cookies without a Cookie header become one")
        let upload = imported.requests[2].description
        #expect(upload.headers.isEmpty, "the old boundary is not kept")
        #expect(
            upload.body
                == .multipart([
                    .init(name: "note", value: .text("hi")), .init(name: "f", value: .file(path: "a.png"), contentType: "image/png"),
                ]))
    }

    @Test(arguments: [
        (#"{"log": {"version": "2.0", "entries": []}}"#, "/log/version"),
        (#"{"log": {"version": "1.2", "entries": {}}}"#, "/log/entries"),
        (#"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET"}}]}}"#, "/log/entries/0/request/url"),
        (
            #"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "https://x", "headers": [{"value": "v"}]}}]}}"#,
            "/log/entries/0/request/headers/0"
        ),
        (#"{"entries": []}"#, "/log"),
    ])
    func malformedCapturesAreProblemsAtTheirPlace(text: String, place: String) {
        #expect {
            try importer.importCollection(text, source: "bad.har", directory: "/")
        } throws: { error in
            (error as? ImportProblem)?.place == place
        }
    }
}
