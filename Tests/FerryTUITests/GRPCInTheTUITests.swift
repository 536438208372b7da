import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// Issue 33: gRPC in the TUI, in-process against grpcio (Tests/Fixtures/grpc/server.py): a server
/// stream's messages in the Events tab as they arrive, Esc keeping what arrived; methods completed in
/// the URL and fields in the message from the server's reflection.
@Suite(.enabled(if: PythonGRPCServer.isAvailable, "needs grpcio (scripts/install-deps)"))
struct GRPCInTheTUITests {
    /// Runs `body` with a TUI (150×34) on a collection holding `files` (name → YAML) and a grpcio server.
    private func withTUI(
        _ files: (PythonGRPCServer) -> [String: String], _ body: (InProcessTUI, PythonGRPCServer) async throws -> Void
    ) async throws {
        let server = try await PythonGRPCServer()
        defer { server.stop() }
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file("c"), withIntermediateDirectories: true)
        for (name, text) in files(server) { _ = try home.write("c/" + name, Data(text.utf8)) }
        let tui = InProcessTUI(home: home, width: 150, height: 34, collection: home.file("c"))
        defer { tui.hangUp() }
        try await body(tui, server)
    }

    /// A ListFeatures call of the fixture's long stream: `repeats` messages (0: endless), `interval` seconds apart.
    private func features(_ server: PythonGRPCServer, repeats: Int, interval: Double) -> String {
        """
        name: features
        url: \(server.url("routeguide.RouteGuide/ListFeatures"))
        headers:
        - x-repeat: "\(repeats)"
        - x-interval: "\(interval)"
        body:
          grpc:
            message: {}
        """
    }

    /// Opens the collection's only file and sends it.
    private func send(_ tui: InProcessTUI) async throws {
        try await tui.waitForScreen { $0.text.contains("features") }
        tui.press(.control("b"), .character("/"))
        tui.type("features")
        tui.press(.enter, .enter)
        try await tui.waitForScreen { $0.text.contains("opened features.ferry.yaml") }
        tui.press(.escape)  // the sidebar's filter, so that the next Esc stops the call
        try await tui.waitForScreen { !$0.text.contains("/ features") }
        tui.press(.control("r"))
    }

    @Test func aServerStreamsMessagesShowInTheEventsTabAsTheyArriveAndEscKeepsThem() async throws {
        try await withTUI({ ["features.ferry.yaml": features($0, repeats: 0, interval: 30)] }) { tui, _ in
            try await send(tui)
            var screen = try await tui.waitForScreen { $0.text.contains("1 event ·") }
            #expect(screen.text.contains("│ Events │"), "\(screen)")
            #expect(screen.text.contains("following"), "\(screen)")
            #expect(screen.text.contains("event 1 · message"), "\(screen)")
            #expect(screen.text.contains("name: Patriots Path"), "the message's JSON as a tree: \(screen)")

            tui.press(.escape)
            screen = try await tui.waitForScreen { $0.text.contains("ended") }
            #expect(screen.text.contains("event 1 · message"), "\(screen)")
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func aStreamOfThousandsOfMessagesIsCountedWhole() async throws {
        try await withTUI({ ["features.ferry.yaml": features($0, repeats: 3000, interval: 0)] }) { tui, _ in
            try await send(tui)
            let screen = try await tui.waitForScreen(timeout: .seconds(60)) { $0.text.contains("3000 events") && $0.text.contains("ended") }
            #expect(screen.text.contains("event 3000 · message"), "the selection follows to the last: \(screen)")
            #expect(try await tui.quit() == 0)
        }
    }

    @Test func methodsCompleteInTheURLAndFieldsInTheMessageFromReflection() async throws {
        let server = try await PythonGRPCServer()
        defer { server.stop() }
        let home = try TemporaryDirectory()
        let tui = InProcessTUI(home: home, width: 120, height: 34)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
        tui.type(server.url("routeguide.RouteGuide/Get"))
        tui.press(.control("n"))
        var screen = try await tui.waitForScreen { $0.text.contains("gRPC schema of grpc://127.0.0.1:\(server.port): 6 methods") }
        #expect(screen.text.contains(" routeguide.RouteGuide/GetFeature "), "offered under the URL: \(screen)")
        #expect(!screen.text.contains("ListFeatures"), "only the methods that start with what is typed: \(screen)")
        tui.press(.control("n"))
        screen = try await tui.waitForScreen { $0.text.contains("/routeguide.RouteGuide/GetFeature ") }
        let urlLine = screen.text.split(separator: "\n").first { $0.contains("127.0.0.1:\(server.port)") }
        #expect(urlLine?.contains("RouteGuide/GetFeature") == true, "\(screen)")

        // The message: fields of routeguide.Point, the method's input type, and of nested messages.
        tui.press(.tab, .character("l"), .enter)
        tui.type(#"{"lat"#)
        screen = try await tui.waitForScreen { $0.text.contains(#"{"lat"#) && $0.text.contains(" latitude ") }
        #expect(!screen.text.contains(" longitude "), "\(screen)")
        tui.press(.control("n"))
        tui.type("1, ")
        screen = try await tui.waitForScreen { $0.text.contains(#"{"latitude": 1, "#) && $0.text.contains(" longitude ") }
        tui.press(.control("n"))
        tui.type("2}")
        tui.press(.escape)
        screen = try await tui.waitForScreen { $0.text.contains(#"{"latitude": 1, "longitude": 2}"#) }
        tui.press(.control("r"))
        try await tui.waitForScreen { $0.text.contains("location") }  // the answer, a routeguide.Feature
        #expect(try await tui.quit() == 0)
    }

    @Test func enumValuesMapsAndNestedMessagesCompleteInTheMessage() async throws {
        let server = try await PythonGRPCServer(["--kinds"])
        defer { server.stop() }
        let home = try TemporaryDirectory()
        let tui = InProcessTUI(home: home, width: 150, height: 34)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("Nothing sent yet") }
        tui.type(server.url("ferry.kinds.KindsEcho/Echo"))
        tui.press(.control("n"))
        try await tui.waitForScreen { $0.text.contains("gRPC schema of grpc://127.0.0.1:\(server.port)") }
        tui.press(.tab, .character("l"), .enter)

        // An enum field's value: its names, completed in quotes.
        tui.type(#"{"fEnum": "G"#)
        var screen = try await tui.waitForScreen { $0.text.contains(#"{"fEnum": "G"#) && $0.text.contains(" GREEN ") }
        #expect(!screen.text.contains(" RED "), "only the names that start with what is typed: \(screen)")
        tui.press(.control("n"))
        try await tui.waitForScreen { $0.text.contains(#"{"fEnum": "GREEN""#) }

        // A map of messages: its keys are the map's own, its values' fields complete.
        tui.type(#", "mapBoolInner": {"true": {"la"#)
        try await tui.waitForScreen { $0.text.contains(#"{"true": {"la"#) && $0.text.contains(" label ") }
        tui.press(.control("n"))
        tui.type(#""x"}}, "inners": [{"count": 1}, {"c"#)
        try await tui.waitForScreen { $0.text.contains(#"{"count": 1}, {"c"#) && $0.text.contains(" count ") }
        tui.type(#"ount": 2}], "mapStringColour": {"k": "R"#)
        screen = try await tui.waitForScreen { $0.text.contains(#"{"k": "R"#) && $0.text.contains(" RED ") }
        tui.press(.control("n"))
        tui.type("}}")
        tui.press(.escape)
        try await tui.waitForScreen { $0.text.contains(#""mapStringColour": {"k": "RED"}}"#) }
        tui.press(.control("r"))
        screen = try await tui.waitForScreen { $0.text.contains("fEnum: GREEN") }  // the echoed message, as a tree
        #expect(try await tui.quit() == 0)
    }
}
