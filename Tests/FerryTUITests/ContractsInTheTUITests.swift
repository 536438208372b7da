import FerryCore
import FerryTestSupport
import Foundation
import Testing

/// A collection's OpenAPI document in the TUI, in-process against the demo server (issue 34): the
/// contract's failures are checks in the Errors tab beside `expect:`'s, and counted.
@Suite struct ContractsInTheTUITests {
    @Test func theCollectionsContractIsCheckedBesideExpect() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let collection = home.file("api")
            try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
            _ = try home.write("api/_folder.ferry.yaml", Data("openapi: spec.yaml\n".utf8))
            _ = try home.write(
                "api/spec.yaml",
                Data(
                    """
                    openapi: 3.0.3
                    info: {title: Demo, version: "1"}
                    paths:
                      /json:
                        get:
                          responses:
                            "200":
                              description: a slide show
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties: {slideshow: {type: object, properties: {title: {type: integer}}}}

                    """.utf8))
            _ = try home.write("api/slides.ferry.yaml", Data("url: \"{{baseURL}}/json\"\nexpect:\n  status: 200\n".utf8))
            let tui = InProcessTUI(
                home: home, width: 140, height: 34, collection: collection, variables: [Variable(name: "baseURL", value: server.baseURL)])
            defer { tui.hangUp() }
            try await tui.waitForScreen { $0.text.contains("slides") }
            tui.press(.control("b"), .character("/"), .control("u"))
            tui.type("slides")
            tui.press(.enter, .character("j"), .enter)
            try await tui.waitForScreen { $0.text.contains("opened slides.ferry.yaml") }
            tui.press(.control("r"))
            let screen = try await tui.waitForScreen { $0.text.contains("1 check(s) failed") }
            tui.press(.control("b"), .escape)
            try await tui.showTab("Errors", inPane: "4")
            let errors = try await tui.waitForScreen { $0.text.contains("contract GET /json: body") }
            #expect(errors.text.contains("✓ status == 200"), "\(errors)")
            #expect(errors.text.contains("/slideshow/title"), "\(errors)\n\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }
}
