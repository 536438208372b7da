import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// The README's and the guides' ```` ```console ```` examples, run with the real `ferry` against a
/// demo server, so an example that stops working fails the tests (Documentation/ARCHITECTURE.md).
@Suite struct DocumentationExampleTests {
    /// The repository's top folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and the guides, relative to the top folder.
    static let guides: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Documentation").path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/" + $0 }
    }()

    static func examples(in guide: String) throws -> [ConsoleExample] {
        ConsoleExample.examples(inMarkdown: try String(contentsOf: root.appendingPathComponent(guide), encoding: .utf8), file: guide)
    }

    /// Every guide shows commands that run, but the contributors' and the TUI's (which needs a
    /// terminal; the tmux tests drive it).
    @Test func everyUserGuideHasExamplesThatRun() throws {
        let exempt = ["Documentation/ARCHITECTURE.md", "Documentation/DECISIONS.md", "Documentation/TESTING.md", "Documentation/tui.md"]
        let userGuides = Self.guides.filter { !exempt.contains($0) }
        #expect(userGuides.count >= 8)
        for guide in userGuides {
            #expect(try !Self.examples(in: guide).isEmpty, "\(guide) has no ```console example")
        }
    }

    /// Each guide's examples run in order in a folder of their own (with a copy of `Examples`) and
    /// with a history of their own, so `ferry history show 1` is the guide's first exchange.
    @Test(arguments: DocumentationExampleTests.guides)
    func examplesExitZeroAndPrintWhatTheGuideShows(guide: String) async throws {
        let examples = try Self.examples(in: guide)
        guard !examples.isEmpty else { return }
        try await withDemoServer { server in
            let authority = server.baseURL.replacingOccurrences(of: "http://", with: "")
            let folder = try Self.scratchFolder(serverAuthority: authority)
            defer { try? FileManager.default.removeItem(at: folder) }
            for example in examples.map({ $0.replacing("127.0.0.1:8080", with: authority) }) {
                let (status, output) = await Self.shell(example.command, in: folder)
                #expect(status == 0, "\(example) exited \(status):\n\(output)")
                if let missing = example.missingLine(in: output) {
                    Issue.record("\(example) did not print \(missing.debugDescription); it printed:\n\(output)")
                }
            }
        }
    }

    /// The README's Quick start is `make demo` and `make test`, and `make test` is what CI runs.
    @Test func quickStartIsWhatCIRuns() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let quickStart = try #require(
            readme.components(separatedBy: "## Quick start\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        let commands = quickStart.split(separator: "\n").filter { $0.hasPrefix("make ") }.map {
            $0.split(separator: " ").prefix(2).joined(separator: " ")
        }
        #expect(commands == ["make demo", "make test"])
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.split(separator: "\n").contains("make test"))
    }

    @Test func shownOutputMustBeThere() throws {
        let markdown = "```console\n$ ferry send URL -i\nHTTP/1.1 200 OK\n…\nContent-Type: …json…\n```\n```sh\n$ not an example\n```\n"
        let examples = ConsoleExample.examples(inMarkdown: markdown, file: "guide.md")
        #expect(examples.map(\.command) == ["ferry send URL -i"])
        #expect(examples.first?.line == 2)
        let example = try #require(examples.first)
        #expect(example.missingLine(in: "HTTP/1.1 200 OK\nDate: today\nContent-Type: application/json; charset=utf-8\n") == nil)
        #expect(example.missingLine(in: "HTTP/1.1 404 Not Found\nContent-Type: application/json\n") == "HTTP/1.1 200 OK")
        #expect(example.missingLine(in: "Content-Type: application/json\nHTTP/1.1 200 OK\n") == "Content-Type: …json…")
    }

    /// A fresh folder holding a copy of `Examples` whose demo environment points at the test server,
    /// and empty `home`, `config` and `data` folders.
    static func scratchFolder(serverAuthority: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-docs-\(UUID().uuidString)")
        let examples = folder.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/FerryCLI/Examples"), to: examples)
        let environment = examples.appendingPathComponent("environments/demo.yaml")
        let text = try String(contentsOf: environment, encoding: .utf8)
        try text.replacingOccurrences(of: "127.0.0.1:8080", with: serverAuthority).write(to: environment, atomically: true, encoding: .utf8)
        for name in ["home", "config", "data"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        return folder
    }

    /// Runs `command` with `sh -c` in `folder`, the built `ferry` first on the PATH; its exit status
    /// and its standard output and error together.
    static func shell(_ command: String, in folder: URL) async -> (status: Int32, output: String) {
        await withCheckedContinuation { continuation in
            Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", command]
                process.currentDirectoryURL = folder
                var environment = ProcessInfo.processInfo.environment
                environment["PATH"] =
                    URL(fileURLWithPath: FerryBinary.path).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
                environment["HOME"] = folder.appendingPathComponent("home").path
                environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
                environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
                process.environment = environment
                let pipe = Pipe()
                process.standardInput = FileHandle.nullDevice
                process.standardOutput = pipe
                process.standardError = pipe
                do {
                    try process.run()
                } catch {
                    continuation.resume(returning: (-1, "\(error)"))
                    return
                }
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }.start()
        }
    }
}
