import FerryTestSupport
import Foundation
import Testing

/// The collection sidebar in the real TUI: `ferry demo` on a copy of the bundled examples.
extension TUITests {
    /// A copy of the bundled Examples collection in `home`, so a test never writes into the bundle.
    func copyOfTheExamples(in home: TemporaryDirectory) throws -> String {
        let collection = home.file("examples")
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FerryCLI/Examples").path
        try FileManager.default.copyItem(atPath: examples, toPath: collection)
        return collection
    }

    @Test func demoWithACollectionStepsThroughItsRequests() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("mine")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        _ = try home.write("mine/first.ferry.yaml", Data("name: my first request\nurl: \"{{baseURL}}/json\"\n".utf8))
        _ = try home.write("mine/second.ferry.yaml", Data("name: my second request\nmethod: POST\nurl: \"{{baseURL}}/anything\"\n".utf8))
        let session = try startFerry("demo --collection \(collection)", home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        var screen = try await session.waitForScreen { $0.contains("example 1/2: my first request") }
        #expect(screen.contains("{{baseURL}}/json"))
        try session.send("F2")
        screen = try await session.waitForScreen { $0.contains("example 2/2: my second request") }
        #expect(screen.contains("POST"))
        try session.send("C-r")
        screen = try await session.waitForScreen { $0.contains("200 OK") }
    }

    @Test func demoSidebarLoadsSendsEditsSavesAndSwitchesEnvironments() async throws {
        let home = try TemporaryDirectory()
        let collection = try copyOfTheExamples(in: home)
        let session = try startFerry("demo --collection \(collection)", home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        var screen = try await session.waitForScreen { $0.contains("┌ Collection") && $0.contains("env demo") && $0.contains("▾ echo/") }
        #expect(screen.contains("✗") == false)
        #expect(screen.contains("▾ echo/"))

        // Filter, load the JSON request (its URL keeps the variable) and send it through the demo environment.
        try session.send("C-b", "/")
        try session.send("a JSON", literal: true)
        screen = try await session.waitForScreen { !$0.contains("▾ echo/") }
        try session.send("Enter", "Enter")
        screen = try await session.waitForScreen { $0.contains("opened json.ferry.yaml") }
        #expect(screen.contains("{{baseURL}}/json"))
        try session.send("C-r")
        screen = try await session.waitForScreen { $0.contains("200 OK") }

        // Edit the URL: the unsaved marker shows; ctrl-s writes the file and the marker goes.
        try session.send("2")
        try session.send("?v=2", literal: true)
        screen = try await session.waitForScreen { $0.contains("●") }
        try session.send("C-s")
        screen = try await session.waitForScreen { $0.contains("saved json.ferry.yaml") }
        #expect(!screen.contains("●"))
        let text = try String(contentsOfFile: (collection as NSString).appendingPathComponent("json.ferry.yaml"), encoding: .utf8)
        #expect(text.contains("url: '{{baseURL}}/json?v=2'"))
        #expect(text.contains("serializer: json"))
        let listing = await FerryBinary.run(["collection", "list", collection])
        #expect(listing.status == 0)
        #expect(listing.text.contains("json.ferry.yaml"))

        // F4 cycles the environments. (`ferry demo` gives {{baseURL}} over every environment, so the
        // request still resolves with none; an unresolved variable stopping a send is SidebarTests'.)
        try session.send("F4")
        screen = try await session.waitForScreen { $0.contains("env none") }
        try session.send("F4")
        screen = try await session.waitForScreen { $0.contains("env demo") }
        try session.send("C-r")
        screen = try await session.waitForScreen { $0.contains("200 OK") }

        // Another program edits the open file: the editor follows it.
        try Data(text.replacingOccurrences(of: "?v=2", with: "?v=3").utf8)
            .write(to: URL(fileURLWithPath: (collection as NSString).appendingPathComponent("json.ferry.yaml")))
        screen = try await session.waitForScreen { $0.contains("changed on disk: reloaded") }
        #expect(screen.contains("{{baseURL}}/json?v=3"))

        // The history lists the exchanges newest first; a search narrows it; Enter shows one.
        try session.send("F5")
        screen = try await session.waitForScreen { $0.contains("History:") && $0.contains("/json?v=2") }
        #expect(screen.contains("GET    200 http://127.0.0.1:"))
        try session.send("/")
        try session.send("v", literal: true)
        try session.send("Enter", "Enter")
        screen = try await session.waitForScreen { $0.contains("recorded exchange: #") }
        #expect(screen.contains("200 OK"))
        #expect(!screen.contains("History:"))
        try session.send("C-c")
        _ = try await session.waitForScreen { $0.contains("EXITED 0") }

        // The history knows where the first exchange came from.
        let shown = await FerryBinary.run(
            ["history", "show", "1", "--json"],
            environment: ["HOME": home.path, "XDG_DATA_HOME": home.file(".local/share")])
        let entry = try #require(try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any], "\(shown.stderr)")
        #expect(entry["requestPath"] as? String == "json.ferry.yaml")
        #expect(entry["environment"] as? String == "demo")
        #expect(entry["collection"] as? String == collection)
    }

    /// Issue 32's data loss: a file opened from the sidebar, then F3 to an example, then Ctrl-S wrote the
    /// example over the file. Now the example belongs to no file: Ctrl-S asks for a path, and the file
    /// keeps its bytes; `q` over unsaved edits asks before quitting.
    @Test func ctrlSAfterSteppingToAnExampleAsksForAPathAndQuitAsksAboutEdits() async throws {
        let home = try TemporaryDirectory()
        let collection = try copyOfTheExamples(in: home)
        let login = (collection as NSString).appendingPathComponent("checks/login.ferry.yaml")
        let before = try Data(contentsOf: URL(fileURLWithPath: login))
        let session = try startFerry("demo --collection \(collection)", home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        _ = try await session.waitForScreen { $0.contains("┌ Collection") && $0.contains("▾ echo/") }
        try session.send("C-b", "/")
        try session.send("log in", literal: true)
        _ = try await session.waitForScreen { !$0.contains("▾ echo/") }
        try session.send("Enter", "j", "Enter")
        _ = try await session.waitForScreen { $0.contains("opened checks/login.ferry.yaml") }
        try session.send("F3")
        _ = try await session.waitForScreen { $0.contains("example ") }
        try session.send("C-s")
        let screen = try await session.waitForScreen { $0.contains("save as (below the collection)") }
        #expect(!screen.contains("saved checks/login.ferry.yaml"))
        try session.send("Escape")
        _ = try await session.waitForScreen { !$0.contains("save as (below the collection)") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: login)) == before)

        // Open the file again (the sidebar kept the focus), edit it, and quit: Ferry asks; `x` keeps
        // the edits, `d` drops them and quits.
        try session.send("Enter")
        _ = try await session.waitForScreen { $0.contains("opened checks/login.ferry.yaml") }
        try session.send("2")
        try session.send("?edited", literal: true)
        _ = try await session.waitForScreen { $0.contains("●") }
        try session.send("Escape")
        _ = try await session.waitForScreen { $0.contains("q quit") }
        try session.send("q")
        _ = try await session.waitForScreen { $0.contains("unsaved edits to checks/login.ferry.yaml") }
        try session.send("x")
        _ = try await session.waitForScreen { $0.contains("kept your edits to checks/login.ferry.yaml") }
        try session.send("q", "d")
        _ = try await session.waitForScreen { $0.contains("EXITED 0") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: login)) == before)
    }

    @Test func demoFilesWithPartsParamsAndAuthAreSentFromTheEditorAsFerrySendSendsThem() async throws {
        let home = try TemporaryDirectory()
        let session = try startFerry("demo --collection \(try copyOfTheExamples(in: home))", home: home)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        _ = try await session.waitForScreen { $0.contains("┌ Collection") && $0.contains("env demo") && $0.contains("▾ echo/") }

        // The multipart example: its parts fill the Multipart tab, its file path made absolute.
        try session.send("C-b", "/")
        try session.send("multipart", literal: true)
        try session.send("Enter", "j", "Enter")
        var screen = try await session.waitForScreen { $0.contains("opened echo/multipart.ferry.yaml") }
        try session.send("3", "l", "l")
        screen = try await session.waitForScreen { $0.contains("title=Ferry's logo") && $0.contains("Content-Length:") }
        #expect(screen.contains("notes=@/"), "the file part's path is absolute: \(screen)")
        try session.send("C-r")
        screen = try await session.waitForScreen { $0.contains("200 OK") }
        #expect(screen.contains("200 OK"), "\(screen)")

        // The basic-auth example: its auth is in the Auth tab and the demo server accepts it.
        try session.send("C-b", "/", "C-u")
        try session.send("basic", literal: true)
        try session.send("Enter", "j", "Enter")
        screen = try await session.waitForScreen { $0.contains("opened auth/basic-auth.ferry.yaml") }
        #expect(screen.contains("opened auth/basic-auth.ferry.yaml"), "\(screen)")
        try session.send("3", "l", "l", "l")
        screen = try await session.waitForScreen { $0.contains("‹ basic ›") && $0.contains("Password  {{password}}") }
        #expect(screen.contains("Username  {{user}}"), "the Auth tab shows the variables, not the secret: \(screen)")
        try session.send("C-r")
        screen = try await session.waitForScreen { $0.contains("200 OK  49 B") }
        #expect(screen.contains("200 OK  49 B"), "the demo server took the credentials: \(screen)")

        // The response's Headers tab shows the request as sent with the secrets replaced.
        try session.send("4", "l", "l", "l")
        screen = try await session.waitForScreen { $0.contains("Basic {{secret}}") }
        #expect(screen.contains("Basic {{secret}}") && screen.contains("/basic-auth/ferry/{{password}}"), "\(screen)")
        #expect(!screen.contains("s3cret-demo"))
        try session.send("C-c")
        _ = try await session.waitForScreen { $0.contains("EXITED 0") }

        // What was sent, as the history recorded it: the folder's header, the parts, the auth redacted.
        let environment = ["HOME": home.path, "XDG_DATA_HOME": home.file(".local/share")]
        let listing = await FerryBinary.run(["history", "list", "--json"], environment: environment)
        let rows = try #require(try JSONSerialization.jsonObject(with: listing.stdout) as? [[String: Any]], "\(listing.text)")
        let id = { (path: String) in rows.first { ($0["url"] as? String)?.contains(path) == true }?["id"] as? Int }
        let upload = await FerryBinary.run(["history", "show", "\(try #require(id("/anything")))", "--json"], environment: environment)
        #expect(upload.text.contains("X-Client") && upload.text.contains("multipart/form-data"), "\(upload.text.prefix(2000))")
        let auth = await FerryBinary.run(["history", "show", "\(try #require(id("/basic-auth/")))", "--json"], environment: environment)
        #expect(auth.text.contains("Basic {{secret}}"), "\(auth.text.prefix(3000))")
        #expect(!auth.text.contains("s3cret-demo"))
    }

    @Test func ferryInACollectionFolderShowsItsTree() async throws {
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file("api/users"), withIntermediateDirectories: true)
        _ = try home.write("api/users/list.ferry.yaml", Data("url: http://127.0.0.1:9/users\n".utf8))
        _ = try home.write("api/ping.ferry.yaml", Data("method: HEAD\nurl: http://127.0.0.1:9/ping\n".utf8))
        let session = try TmuxSession(
            command: "cd \(home.file("api")) && env TERM=tmux-256color HOME=\(home.path) LANG=C.UTF-8 \(FerryBinary.path); sleep 60",
            width: 100, height: 30)
        defer {
            session.close()
            withExtendedLifetime(home) {}
        }
        let screen = try await session.waitForScreen {
            $0.contains("┌ Collection") && $0.contains("env none") && $0.contains("HEAD   ping")
        }
        #expect(screen.contains("HEAD   ping"))
        #expect(screen.contains("▾ users/"))
        #expect(screen.contains("GET    list"))
        try session.send("C-c")
    }

    @Test func theTUIRefusesSendOnlyCollectionFlags() async throws {
        let outcome = await FerryBinary.run(["--var", "a=1"], timeout: 10)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("the TUI takes --collection and --env"))
    }
}
