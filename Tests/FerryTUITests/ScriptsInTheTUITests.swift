import FerryCore
import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// A request file's scripts in the TUI, in-process against the demo server (issue 30): its tests
/// are checks in the Errors tab beside `expect:`'s, a failed one is counted; its pre-request script
/// runs before the request is resolved, setting the variables it names.
@Suite struct ScriptsInTheTUITests {
    @Test func aPreRequestScriptSetsWhatTheRequestNamesBeforeItIsSent() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = try await Self.open(
                "before",
                """
                url: "{{baseURL}}/anything/{{who}}"
                headers:
                  - X-Who: "{{who}}"
                scripts:
                  pre-request: |
                    pm.variables.set("who", "set-by-the-script");
                    pm.request.headers.add({key: "X-Added", value: "by-pre-request"});
                    console.log("printed before the request");
                  tests: |
                    pm.test("the script's header went out", () => pm.expect(pm.response.json().headers["X-Added"]).to.equal("by-pre-request"));

                """, home: home, server: server)
            defer { tui.hangUp() }
            tui.press(.control("r"))
            let screen = try await tui.waitForScreen { $0.text.contains("/anything/set-by-the-script") }
            #expect(screen.text.contains("X-Who: set-by-the-script"), "\(screen)")
            #expect(screen.text.contains("X-Added: by-pre-request"), "\(screen)")
            #expect(screen.text.contains("captured {{who}}"), "\(screen)")
            try await Self.openErrorsTab(tui)
            let errors = try await tui.waitForScreen { $0.text.contains("printed before the request") }
            #expect(errors.text.contains("✓ test \"the script's header went out\""), "\(errors)")
            #expect(!screen.text.contains("check(s) failed"), "\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func aFilesTestsScriptRunsAndItsTestsAreChecks() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = try await Self.open(
                "scripted",
                """
                url: "{{baseURL}}/anything/scripted"
                expect:
                  status: 200
                scripts:
                  tests: |
                    pm.test("the url came back", () => pm.expect(pm.response.json().url).to.include("/anything/scripted"));
                    pm.test("fails on purpose", () => pm.expect(1).to.equal(2));

                """, home: home, server: server)
            defer { tui.hangUp() }
            tui.press(.control("r"))
            let screen = try await tui.waitForScreen { $0.text.contains("1 check(s) failed") }
            try await Self.openErrorsTab(tui)
            let errors = try await tui.waitForScreen { $0.text.contains("fails on purpose") }
            #expect(errors.text.contains("✓ test \"the url came back\""), "\(errors)")
            #expect(errors.text.contains("✓ status == 200"), "\(errors)")
            #expect(errors.text.contains("expected 1 to equal 2"), "\(errors)\n\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func aTestsScriptRunsAnotherRequestFileAndSendsARequest() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let tui = try await Self.open(
                "runner",
                """
                url: "{{baseURL}}/anything/runner"
                scripts:
                  tests: |
                    bru.setVar("who", "set-in-the-tui");
                    const other = await bru.runRequest("echo");
                    const sent = await pm.sendRequest(pm.variables.get("baseURL") + "/anything/sent");
                    test("bru.runRequest", () => expect(other.data.args.who).to.equal("set-in-the-tui"));
                    test("its pre-request script ran", () => expect(other.data.headers["X-Echo"]).to.equal("echoed"));
                    pm.test("pm.sendRequest", () => pm.expect(sent.json().url).to.include("/anything/sent"));

                """, home: home, server: server,
                others: [
                    "echo": """
                    url: "{{baseURL}}/anything/echo?who={{who}}"
                    scripts:
                      pre-request: |
                        req.setHeader("X-Echo", "echoed");

                    """
                ])
            defer { tui.hangUp() }
            tui.press(.control("r"))
            try await tui.waitForScreen { $0.text.contains("200 OK") }
            try await Self.openErrorsTab(tui)
            let errors = try await tui.waitForScreen { $0.text.contains("pm.sendRequest") }
            #expect(errors.text.contains("✓ test \"bru.runRequest\""), "\(errors)")
            #expect(errors.text.contains("✓ test \"its pre-request script ran\""), "\(errors)")
            #expect(errors.text.contains("✓ test \"pm.sendRequest\""), "\(errors)")
            #expect(try await tui.quit() == 0)
        }
    }

    /// A collection holding the request file `NAME.ferry.yaml` of `yaml` (and `others`, by name), in
    /// an in-process TUI with the demo server's base URL, the file opened from the sidebar.
    private static func open(
        _ name: String, _ yaml: String, home: TemporaryDirectory, server: DemoServer, others: [String: String] = [:]
    ) async throws -> InProcessTUI {
        let collection = home.file("api")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        _ = try home.write("api/\(name).ferry.yaml", Data(yaml.utf8))
        for (other, text) in others { _ = try home.write("api/\(other).ferry.yaml", Data(text.utf8)) }
        let tui = InProcessTUI(
            home: home, width: 120, height: 34, collection: collection, variables: [Variable(name: "baseURL", value: server.baseURL)])
        try await tui.waitForScreen { $0.text.contains(name) }
        tui.press(.control("b"), .character("/"), .control("u"))
        tui.type(name)
        tui.press(.enter, .character("j"), .enter)
        try await tui.waitForScreen { $0.text.contains("opened \(name).ferry.yaml") }
        return tui
    }

    /// Focuses the response pane and steps to its Errors tab (which lists the checks).
    private static func openErrorsTab(_ tui: InProcessTUI) async throws {
        tui.press(.control("b"), .escape)
        try await tui.showTab("Errors", inPane: "4")
    }
}
