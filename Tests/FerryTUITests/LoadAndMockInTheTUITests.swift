import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The Load view and the Mock view end to end: the real TUI in-process on a `MemoryTerminal`, a
/// load against the demo server on loopback, and a mock of a collection answering the TUI's request.
@Suite struct LoadAndMockInTheTUITests {
    @Test func aLoadOfTheEditorsRequestEndsInItsSummaryAndAHistoryRow() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = InProcessTUI(home: home)
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
            tui.type("\(server.baseURL)/json")
            tui.press(.function(7))
            try await tui.waitForScreen { $0.text.contains("Connections  10") }
            // A count instead of the 10 s: Duration emptied, 300 Requests.
            tui.press(.down, .control("u"), .down)
            tui.type("300")
            tui.press(.enter)
            let screen = try await tui.waitForScreen { $0.text.contains("finished in") }
            #expect(screen.text.contains("300 requests · 300 answered · 0 failed"), "\(screen)")
            #expect(screen.text.contains("Statuses 200 ×300"), "\(screen)")
            #expect(screen.text.contains("p99.9"), "\(screen)")
            #expect(screen.text.contains("recorded in the history as run load-"), "\(screen)")
            // Esc closes the summary; the history lists the load's row.
            tui.press(.escape, .function(5))
            try await tui.waitForScreen { $0.text.contains("History:") && $0.text.contains("GET    200 \(server.baseURL)/json") }
            tui.press(.escape)
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func aLoadOfTheCollectionSharesTheRequestsByTheirWeights() async throws {
        let server = try CountingServer()
        defer { server.stop() }
        let home = try TemporaryDirectory()
        let folder = home.file("api")
        try FileManager.default.createDirectory(atPath: folder + "/orders", withIntermediateDirectories: true)
        try "url: \(server.url)/heavy\nexpect:\n  status: 200\n".write(
            toFile: folder + "/orders/heavy.ferry.yaml", atomically: true, encoding: .utf8)
        try "url: \(server.url)/light\n".write(toFile: folder + "/orders/light.ferry.yaml", atomically: true, encoding: .utf8)
        try "url: \(server.url)/elsewhere\n".write(toFile: folder + "/other.ferry.yaml", atomically: true, encoding: .utf8)
        let tui = InProcessTUI(home: home, collection: folder)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("▾ orders/") }
        tui.press(.function(7))
        try await tui.waitForScreen { $0.text.contains("Connections  10") }
        // 40 requests of the orders folder, heavy.ferry.yaml three times as often as light.
        tui.press(.down, .control("u"), .down)
        tui.type("40")
        tui.press(.down, .down)
        tui.type("orders")
        tui.press(.down)
        tui.type("heavy.ferry.yaml=3")
        tui.press(.enter)
        let screen = try await tui.waitForScreen { $0.text.contains("finished in") }
        #expect(screen.text.contains("the request files of orders/"), "\(screen)")
        #expect(screen.text.contains("40 requests · 40 answered · 0 failed"), "\(screen)")
        #expect(server.count(of: "/heavy") == 30 && server.count(of: "/light") == 10 && server.count(of: "/elsewhere") == 0)
        tui.press(.escape)
        #expect(try await tui.quit() == 0)
    }

    @Test func aMockOfTheCollectionAnswersTheRequestSentFromTheTUIAndCountsTheHit() async throws {
        let home = try TemporaryDirectory()
        let folder = home.file("api")
        try FileManager.default.createDirectory(atPath: folder + "/pets", withIntermediateDirectories: true)
        try """
        method: GET
        url: "https://api.example.com/pets/1"
        examples:
          - name: rex
            status: 200
            headers:
              - Content-Type: application/json
            body: "{\\"id\\": 1, \\"name\\": \\"Rex from the mock\\"}"
        """.write(toFile: folder + "/pets/get.ferry.yaml", atomically: true, encoding: .utf8)
        // The OpenAPI document the collection names is served too.
        try "openapi: openapi.yaml\n".write(toFile: folder + "/_folder.ferry.yaml", atomically: true, encoding: .utf8)
        try """
        openapi: 3.0.3
        info: {title: health, version: "1"}
        paths:
          /health:
            get:
              responses:
                "200":
                  description: up
                  content:
                    application/json:
                      example: {status: up}
        """.write(toFile: folder + "/openapi.yaml", atomically: true, encoding: .utf8)
        let tui = InProcessTUI(home: home, collection: folder)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("▾ pets/") }
        tui.press(.control("b"), .character("/"))
        tui.type("get")
        tui.press(.enter, .character("j"), .enter)
        try await tui.waitForScreen { $0.text.contains("opened pets/get.ferry.yaml") }

        tui.press(.function(8))
        try await tui.waitForScreen { $0.text.contains("Port") }
        tui.press(.control("u"))
        tui.type("0")  // a free port
        tui.press(.enter)
        var screen = try await tui.waitForScreen { $0.text.contains("listening on http://127.0.0.1:") }
        #expect(screen.text.contains("GET /pets/1"), "\(screen)")
        // The route's source is named inside the collection.
        #expect(screen.text.contains("GET /pets/1  0 hits      pets/get.ferry.yaml"), "\(screen)")
        #expect(screen.text.contains("GET /health  0 hits      openapi.yaml#/paths/~1health/get"), "\(screen)")
        // u points the request at the mock; Esc leaves the mock running; Ctrl-R sends.
        tui.press(.character("u"), .escape, .control("r"))
        screen = try await tui.waitForScreen { $0.text.contains("200 OK") && $0.text.contains("Rex from the mock") }
        tui.press(.function(8))
        screen = try await tui.waitForScreen { $0.text.contains("1 hits") }
        #expect(screen.text.contains("last: GET /pets/1 200"), "\(screen)")
        // Enter: the request the mock received, with its headers.
        tui.press(.enter)
        screen = try await tui.waitForScreen { $0.text.contains("Mock hit") }
        #expect(screen.text.contains("GET /pets/1  → 200"), "\(screen)")
        #expect(screen.text.contains("Accept: */*"), "\(screen)")
        tui.press(.escape, .escape)
        #expect(try await tui.quit() == 0)
    }

    @Test func aStatefulMockFromTheFormKeepsWhatIsPostedAndTheViewSaysWhichReplyAnswered() async throws {
        let home = try TemporaryDirectory()
        let folder = home.file("api")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "openapi: openapi.yaml\n".write(toFile: folder + "/_folder.ferry.yaml", atomically: true, encoding: .utf8)
        try """
        openapi: 3.0.3
        info: {title: pets, version: "1"}
        paths:
          /pets:
            get:
              responses:
                "200": {description: all, content: {application/json: {schema: {type: array, items: {type: object}}}}}
            post:
              responses:
                "201": {description: made, content: {application/json: {schema: {type: object}}}}
          /pets/{id}:
            get:
              responses:
                "200": {description: one, content: {application/json: {examples: {rex: {value: {name: Rex}}}}}}
        """.write(toFile: folder + "/openapi.yaml", atomically: true, encoding: .utf8)
        let tui = InProcessTUI(home: home, collection: folder)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("no requests yet") }
        tui.press(.function(8))
        try await tui.waitForScreen { $0.text.contains("Stateful") }
        tui.press(.control("u"))
        tui.type("0")
        tui.press(.down)
        tui.type("y")
        tui.press(.enter)
        var screen = try await tui.waitForScreen { $0.text.contains("listening on http://127.0.0.1:") }
        #expect(screen.text.contains("stateful"), "\(screen)")
        let url = try #require(
            screen.text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression).map { String(screen.text[$0]) })
        let made = await ChildProcess.run(
            "/usr/bin/curl", ["-s", "-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"name": "Tom"}"#, url + "/pets"])
        #expect(made.text.contains(#""name":"Tom""#), "\(made.text)")
        let read = await ChildProcess.run("/usr/bin/curl", ["-s", url + "/pets/1"])
        #expect(read.text.contains(#""name":"Tom""#), "\(read.text)")
        let stored = await ChildProcess.run("/usr/bin/curl", ["-s", url + "/pets"])
        #expect(stored.text.contains("Tom"), "\(stored.text)")
        // The selected route (the first: GET /pets/{id}, more specific than /pets) lists its replies.
        screen = try await tui.waitForScreen { $0.text.contains("replies:") }
        #expect(screen.text.contains("200 rex"), "\(screen)")
        tui.press(.escape)
        #expect(try await tui.quit() == 0)
    }
}
