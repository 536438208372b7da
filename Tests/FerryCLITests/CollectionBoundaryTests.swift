import FerryTestSupport
import Foundation
import Testing

/// A collection is a trust boundary: what its request files, folder defaults, environments and chained
/// values name is read only inside its folder unless the user allows more (`--allow-outside`,
/// `trust:` in config.yaml, `--allow-proxy`). Each refusal is checked against a loopback server that
/// records every byte it receives: nothing of the private file may arrive.
@Suite struct CollectionBoundaryTests {
    /// A collection `c/` beside a private file, with the user's own config and data folders.
    private struct Setup {
        let folder: TemporaryDirectory
        let home: TemporaryDirectory
        let server: HostileServer
        let received = ReceivedRequests()
        static let secret = "PRIVATE-\(UUID().uuidString)"

        init(files: [String: String], config: String? = nil) throws {
            folder = try TemporaryDirectory()
            home = try TemporaryDirectory()
            let received = received
            server = try HostileServer { connection in
                guard let request = connection.readRequestAndBody() else { return }
                received.append(request.head + "\r\n\r\n" + String(decoding: request.body, as: UTF8.self))
                _ = connection.send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
            }
            _ = try folder.write("private.txt", Data(Self.secret.utf8))
            for (path, text) in files {
                let target = folder.file("c/" + path)
                let parent = (target as NSString).deletingLastPathComponent
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                let filled = text.replacingOccurrences(of: "URL", with: server.url)
                    .replacingOccurrences(of: "PRIVATE", with: folder.file("private.txt"))
                try filled.write(toFile: target, atomically: true, encoding: .utf8)
            }
            if let config {
                try FileManager.default.createDirectory(atPath: home.file("config/ferry"), withIntermediateDirectories: true)
                try config.replacingOccurrences(of: "FOLDER", with: folder.path)
                    .write(toFile: home.file("config/ferry/config.yaml"), atomically: true, encoding: .utf8)
            }
        }

        var privateFile: String { folder.file("private.txt") }

        func ferry(_ arguments: [String]) async -> FerryBinary.Outcome {
            let environment = ProcessInfo.processInfo.environment.merging(
                ["XDG_CONFIG_HOME": home.file("config"), "XDG_DATA_HOME": home.file("data")]) { $1 }
            return await FerryBinary.run(
                arguments.map { $0.replacingOccurrences(of: "COLLECTION", with: folder.file("c")) },
                environment: environment)
        }
    }

    /// The requests a `HostileServer` read, in order.
    private final class ReceivedRequests: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [String] = []
        func append(_ request: String) { lock.withLock { requests.append(request) } }
        var all: String { lock.withLock { requests.joined(separator: "\n") } }
    }

    static let refusedFiles: [(name: String, files: [String: String], field: String)] = [
        ("an absolute body file", ["x.ferry.yaml": "url: URL/anything\nmethod: POST\nbody:\n  file: PRIVATE\n"], "body file"),
        ("a body file up with ..", ["x.ferry.yaml": "url: URL/anything\nmethod: POST\nbody:\n  file: ../private.txt\n"], "body file"),
        (
            "a multipart file part",
            ["x.ferry.yaml": "url: URL/anything\nmethod: POST\nbody:\n  multipart:\n    - name: key\n      file: PRIVATE\n"],
            "part key file"
        ),
        ("a client certificate", ["x.ferry.yaml": "url: URL/anything\noptions:\n  clientCert: PRIVATE\n"], "options.clientCert"),
        ("a CA file", ["x.ferry.yaml": "url: URL/anything\noptions:\n  caFile: PRIVATE\n"], "options.caFile"),
        (
            "a folder default's client key",
            ["x.ferry.yaml": "url: URL/anything\n", "_folder.ferry.yaml": "options:\n  clientKey: PRIVATE\n"],
            "options.clientKey"
        ),
    ]

    @Test(arguments: refusedFiles.indices)
    func aFileOutsideTheCollectionIsRefusedNamingTheFileFieldAndPath(_ index: Int) async throws {
        let (name, files, field) = Self.refusedFiles[index]
        let setup = try Setup(files: files)
        let sent = await setup.ferry(["send", "COLLECTION/x.ferry.yaml"])
        #expect(sent.status == 1, "\(name): \(sent.stderr)")
        #expect(sent.stderr.contains("x.ferry.yaml: \(field) "), "\(name): \(sent.stderr)")
        #expect(sent.stderr.contains("is outside the collection \(setup.folder.file("c"))"), "\(name): \(sent.stderr)")
        #expect(sent.stderr.contains("--allow-outside \(setup.privateFile)"), "\(name): \(sent.stderr)")
        #expect(setup.server.bytesReceived == 0, "\(name): nothing is sent")
    }

    @Test func aSymlinkOutOfTheCollectionIsRefusedAndTheAllowanceLetsItThrough() async throws {
        let setup = try Setup(files: ["x.ferry.yaml": "url: URL/anything\nmethod: POST\nbody:\n  file: link.txt\n"])
        try FileManager.default.createSymbolicLink(atPath: setup.folder.file("c/link.txt"), withDestinationPath: setup.privateFile)
        let refused = await setup.ferry(["send", "COLLECTION/x.ferry.yaml"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("body file link.txt (\(setup.privateFile)) is outside the collection"), "\(refused.stderr)")
        #expect(setup.server.bytesReceived == 0)

        let allowed = await setup.ferry(["send", "COLLECTION/x.ferry.yaml", "--allow-outside", setup.privateFile])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(setup.received.all.contains(Setup.secret), "the allowed file is sent")
    }

    @Test func theUsersTrustListAllowsAFolderAndDryRunNamesTheFile() async throws {
        let files = ["x.ferry.yaml": "url: URL/anything\nmethod: POST\nbody:\n  file: ../private.txt\n"]
        let setup = try Setup(files: files, config: "trust:\n  - FOLDER\n")
        let planned = await setup.ferry(["send", "COLLECTION/x.ferry.yaml", "--dry-run"])
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(planned.text.contains("reads the local file \(setup.folder.file("c"))/../private.txt"), "\(planned.text)")
        let json = await setup.ferry(["send", "COLLECTION/x.ferry.yaml", "--dry-run", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any], "\(json.stderr)")
        let request = try #require(report["request"] as? [String: Any])
        #expect(request["localFiles"] as? [String] == ["\(setup.folder.file("c"))/../private.txt"], "--json names it too: \(request)")
        let sent = await setup.ferry(["send", "COLLECTION/x.ferry.yaml"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(setup.received.all.contains(Setup.secret))
    }

    @Test func whatTheUserTypesIsTheirOwn() async throws {
        let setup = try Setup(files: ["x.ferry.yaml": "url: URL/anything\nmethod: POST\n"])
        let adHoc = await setup.ferry(["send", "\(setup.server.url)/anything", "--data-binary", "@" + setup.privateFile])
        #expect(adHoc.status == 0, "\(adHoc.stderr)")
        let overFile = await setup.ferry(["send", "COLLECTION/x.ferry.yaml", "-F", "key=@" + setup.privateFile])
        #expect(overFile.status == 0, "\(overFile.stderr)")
        #expect(setup.received.all.components(separatedBy: Setup.secret).count == 3, "both were sent")
    }

    @Test func aChainFromARequestFileOutsideTheCollectionIsNotSent() async throws {
        let setup = try Setup(files: [
            "x.ferry.yaml": "url: URL/anything\nauth:\n  bearer: \"{{token}}\"\n",
            "environments/test.yaml": "token:\n  from: ../outside.ferry.yaml\n  path: $.token\n",
        ])
        try "url: \(setup.server.url)/login\n".write(toFile: setup.folder.file("outside.ferry.yaml"), atomically: true, encoding: .utf8)
        let sent = await setup.ferry(["send", "COLLECTION/x.ferry.yaml", "--env", "test"])
        #expect(sent.status == 1, "\(sent.stderr)")
        let outside = setup.folder.file("outside.ferry.yaml")
        #expect(sent.stderr.contains("chain token from ../outside.ferry.yaml (\(outside)) is outside the collection"), "\(sent.stderr)")
        #expect(setup.server.bytesReceived == 0)
    }

    @Test func aProxyTheCollectionNamesNeedsTheUsersAllowance() async throws {
        let setup = try Setup(files: [
            "x.ferry.yaml": "url: URL/anything\n",
            "environments/test.yaml": "$options:\n  proxy: http://127.0.0.1:9\n",
        ])
        let refused = await setup.ferry(["send", "COLLECTION/x.ferry.yaml", "--env", "test"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("x.ferry.yaml: options.proxy http://127.0.0.1:9 would send the request through a proxy"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-proxy"))
        let allowed = await setup.ferry(["send", "COLLECTION/x.ferry.yaml", "--env", "test", "--allow-proxy", "--dry-run"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test func anImportedOutsideFileIsReportedAndNotSentByRun() async throws {
        let setup = try Setup(files: [:])
        let postman = """
            {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "key", "request": {"method": "POST", "url": "\(setup.server.url)/anything",
                       "body": {"mode": "file", "file": {"src": "\(setup.privateFile)"}}}}]}
            """
        let source = try setup.folder.write("c.postman_collection.json", Data(postman.utf8))
        let imported = await setup.ferry(["import", source, "--into", "COLLECTION"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            (imported.text + imported.stderr).contains(
                "the body reads \(setup.privateFile), outside the collection: it will not be sent unless you allow it with --allow-outside"),
            "\(imported.text)\(imported.stderr)")
        let run = await setup.ferry(["run", "COLLECTION"])
        #expect(run.status != 0)
        #expect(setup.server.bytesReceived == 0, "the imported key file is not sent")
    }

    /// `options.output` (Hurl's `[Options] output:`) writes the body inside the collection or to
    /// standard output; a path outside it is refused before anything is sent.
    @Test func aBodyIsWrittenWhereOutputSaysOnlyInsideTheCollection() async throws {
        let setup = try Setup(files: [
            "a.ferry.yaml": "url: URL/anything\noptions:\n  output: bodies/{{name}}.txt\n",
            "b.ferry.yaml": "url: URL/anything\noptions:\n  output: '-'\n",
            "_folder.ferry.yaml": "order: [a.ferry.yaml, b.ferry.yaml]\n",
        ])
        try FileManager.default.createDirectory(atPath: setup.folder.file("c/bodies"), withIntermediateDirectories: true)
        let run = await setup.ferry(["run", "COLLECTION", "--var", "name=first", "--no-history"])
        #expect(run.status == 0, "\(run.text)\(run.stderr)")
        #expect(try String(contentsOfFile: setup.folder.file("c/bodies/first.txt"), encoding: .utf8) == "ok")
        let body = try #require(run.text.range(of: "ok✓ b.ferry.yaml"), "b's body on standard output, before b's line: \(run.text)")
        #expect(run.text[..<body.lowerBound].contains("✓ a.ferry.yaml"), "a's body went to its file, not to standard output")

        let outside = try Setup(files: ["x.ferry.yaml": "url: URL/anything\noptions:\n  output: ../stolen.txt\n"])
        let refused = await outside.ferry(["run", "COLLECTION", "--no-history"])
        #expect(refused.status != 0)
        #expect(
            (refused.text + refused.stderr).contains(
                "options.output ../stolen.txt (\(outside.folder.file("stolen.txt"))) is outside the collection"),
            "\(refused.text)\(refused.stderr)")
        #expect((refused.text + refused.stderr).contains("Ferry writes no file outside a collection"))
        #expect(outside.server.bytesReceived == 0)
        #expect(!FileManager.default.fileExists(atPath: outside.folder.file("stolen.txt")))
        let sent = await outside.ferry(["send", "COLLECTION/x.ferry.yaml"])
        #expect(sent.status == 1 && outside.server.bytesReceived == 0, "ferry send refuses it too: \(sent.stderr)")
    }

    @Test func runRefusesTheFileAndSendsNothingOfIt() async throws {
        let setup = try Setup(files: ["x.ferry.yaml": "url: URL/anything\nmethod: POST\nbody:\n  file: ../private.txt\n"])
        let refused = await setup.ferry(["run", "COLLECTION"])
        #expect(refused.status != 0)
        #expect((refused.text + refused.stderr).contains("is outside the collection"), "\(refused.text)\(refused.stderr)")
        #expect(setup.server.bytesReceived == 0)
        let allowed = await setup.ferry(["run", "COLLECTION", "--allow-outside", setup.privateFile])
        #expect(allowed.status == 0, "\(allowed.text)\(allowed.stderr)")
        #expect(setup.received.all.contains(Setup.secret))
    }
}
