import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry import` end to end with the real binary: a collection written all or nothing, a report,
/// and requests that send.
@Suite struct ImportCommandTests {
    private func files(in directory: TemporaryDirectory) throws -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func curlCommandsBecomeACollectionThatSends() async throws {
        try await withDemoServer { server in
            let scratch = try TemporaryDirectory()
            let into = try TemporaryDirectory()
            let source = try scratch.write(
                "commands.sh",
                Data(
                    """
                    # copied from a browser
                    curl '\(server.baseURL)/anything?page=2' -H 'Accept: application/json' --compressed
                    curl -X POST \(server.baseURL)/anything -d 'name=Ferry' --resolve example.test:80:127.0.0.1
                    """.utf8))
            let imported = await FerryBinary.run(["import", source, "--into", into.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.text.contains("written get-127-0-0-1-anything.ferry.yaml"))
            #expect(imported.text.contains("report: 2 imported, 0 approximated, 1 dropped"))
            #expect(
                imported.text.contains("dropped: command 2, line 3: --resolve example.test:80:127.0.0.1: --resolve are not supported yet"))
            #expect(try files(in: into) == ["get-127-0-0-1-anything.ferry.yaml", "post-127-0-0-1-anything.ferry.yaml"])
            #expect(await FerryBinary.run(["collection", "list", into.path]).status == 0)

            let sent = await FerryBinary.run(["send", into.file("post-127-0-0-1-anything.ferry.yaml"), "--json", "--no-history"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: sent.stdout) as? [String: Any])
            let headers = try #require((report["request"] as? [String: Any])?["headers"] as? [[String: Any]])
            #expect(
                !headers.contains { ($0["name"] as? String) == "Accept-Language" }, "no Ferry default header the command did not ask for")
            let text = try #require(((report["response"] as? [String: Any])?["body"] as? [String: Any])?["text"] as? String)
            #expect(text.contains("\"name\" : \"Ferry\""))
        }
    }

    @Test func aDryRunWritesNothingAndExistingFilesNeedForce() async throws {
        let scratch = try TemporaryDirectory()
        let into = try TemporaryDirectory()
        let source = try scratch.write("one.sh", Data("curl http://127.0.0.1:9/x -H 'X-A: 1'\n".utf8))
        let dry = await FerryBinary.run(["import", "curl", source, "--into", into.path, "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.text.contains("would write get-127-0-0-1-x.ferry.yaml"))
        #expect(try files(in: into).isEmpty)

        #expect(await FerryBinary.run(["import", "curl", source, "--into", into.path]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: into.file("get-127-0-0-1-x.ferry.yaml")))
        try Data("hand edits\n".utf8).write(to: URL(fileURLWithPath: into.file("get-127-0-0-1-x.ferry.yaml")))
        let again = await FerryBinary.run(["import", "curl", source, "--into", into.path])
        #expect(again.status == 4)
        #expect(again.stderr.contains("already exist (--force replaces them)"), "\(again.stderr)")
        #expect(try String(contentsOfFile: into.file("get-127-0-0-1-x.ferry.yaml"), encoding: .utf8) == "hand edits\n", "nothing replaced")
        let forced = await FerryBinary.run(["import", "curl", source, "--into", into.path, "--force"])
        #expect(forced.status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: into.file("get-127-0-0-1-x.ferry.yaml"))) == first,
            "a re-import writes the same bytes")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: into.path).filter { $0.hasPrefix(".") }.isEmpty, "no staging folder left")
    }

    @Test func aCurlCommandsFilesAreReadWhereTheImportRunsAsCurlReadsThem() async throws {
        let commands = try TemporaryDirectory()
        let work = try TemporaryDirectory()
        let into = try TemporaryDirectory()
        let source = try commands.write("post.sh", Data("curl http://127.0.0.1:9/x -d @body.txt\n".utf8))
        _ = try commands.write("body.txt", Data("beside the commands".utf8))
        _ = try work.write("body.txt", Data("where curl runs".utf8))
        let imported = await ChildProcess.run(FerryBinary.path, ["import", "curl", source, "--into", into.path], directory: work.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let written = try String(contentsOfFile: into.file("post-127-0-0-1-x.ferry.yaml"), encoding: .utf8)
        #expect(written.contains("where curl runs"), "\(written)")
    }

    @Test func badInputIsNamedAndNothingIsWritten() async throws {
        let scratch = try TemporaryDirectory()
        let into = try TemporaryDirectory()
        let open = try scratch.write("open.sh", Data("curl http://h/ok\ncurl -H 'X: never closed http://h/\n".utf8))
        let malformed = await FerryBinary.run(["import", open, "--into", into.path])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("open.sh: line 2, column 9: the ' quote opened here is never closed"), "\(malformed.stderr)")
        let unknown = try scratch.write("notes.txt", Data("just some notes\n".utf8))
        let undetected = await FerryBinary.run(["import", unknown, "--into", into.path])
        #expect(undetected.status == 1)
        #expect(undetected.stderr.contains("cannot tell the format"))
        #expect(await FerryBinary.run(["import", "yaml", unknown]).status == 1)
        let missing = await FerryBinary.run(["import", "curl", scratch.file("nope.sh")])
        #expect(missing.status == 4)
        #expect(try files(in: into).isEmpty)
    }

    @Test func standardInputAndJSON() async throws {
        let scratch = try TemporaryDirectory()
        let into = try TemporaryDirectory()
        let input = try scratch.write("stdin", Data("curl -u ann:pw http://127.0.0.1:9/a --digest\n".utf8))
        let outcome = await FerryBinary.run(["import", "-", "--into", into.path, "--json"], standardInput: input)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String } == ["written"])
        let notes = try #require((document["report"] as? [String: Any])?["notes"] as? [[String: Any]])
        #expect(!notes.contains { ($0["kind"] as? String) == "dropped" }, "--digest is imported: \(notes)")
        let written = try String(contentsOfFile: into.file("get-127-0-0-1-a.ferry.yaml"), encoding: .utf8)
        #expect(written.contains("digest"), "\(written)")
    }
}
