import FerryCore
import FerryServer
import FerryStore
import FerryTestSupport
import Foundation
import GRDB
import Testing

/// `ferry history` and recording by `ferry send`, end to end: the real binary, the demo server,
/// a real SQLite file in a temporary XDG_DATA_HOME.
@Suite struct HistoryCommandTests {
    /// A data folder of its own, and `ferry` run with it.
    struct Home {
        let directory: TemporaryDirectory
        var environment: [String: String] {
            ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": directory.path, "HOME": directory.path]) { $1 }
        }
        var database: String { directory.path + "/ferry/history.sqlite" }

        init() throws { directory = try TemporaryDirectory() }

        func run(_ arguments: [String]) async -> FerryBinary.Outcome {
            await FerryBinary.run(arguments, environment: environment)
        }

        func json(_ arguments: [String]) async throws -> Any {
            let outcome = await run(arguments + ["--json"])
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            return try JSONSerialization.jsonObject(with: outcome.stdout)
        }
    }

    @Test func sendRecordsAndHistoryListsShowsAndSearches() async throws {
        let home = try Home()
        try await withDemoServer { server in
            #expect(await home.run(["send", "\(server.baseURL)/get?fruit=kiwi"]).status == 0)
            #expect(await home.run(["send", "\(server.baseURL)/status/404"]).status == 0)
            #expect(await home.run(["send", "-d", "name=ferry", "\(server.baseURL)/anything"]).status == 0)
            #expect(await home.run(["send", "--no-history", "\(server.baseURL)/get?unrecorded=1"]).status == 0)

            let list = try #require(try await home.json(["history", "list"]) as? [[String: Any]])
            #expect(list.map { $0["method"] as? String } == ["POST", "GET", "GET"])
            #expect(list.map { $0["status"] as? Int } == [200, 404, 200])
            #expect(!list.contains { ($0["url"] as? String)?.contains("unrecorded") == true })
            let firstID = try #require(list.last?["id"] as? Int)

            let shown = try #require(try await home.json(["history", "show", "\(firstID)"]) as? [String: Any])
            let exchange = try #require(shown["exchange"] as? [String: Any])
            let body = try #require((exchange["response"] as? [String: Any])?["body"] as? [String: Any])
            #expect((body["text"] as? String)?.contains("kiwi") == true)
            #expect((shown["bodyHash"] as? String)?.count == 32)
            #expect(shown["bodyHashAlgorithm"] as? String == "xxh3-128")
            #expect((exchange["request"] as? [String: Any])?["requestLine"] as? String == "GET /get?fruit=kiwi HTTP/1.1")

            let human = await home.run(["history", "show", "\(firstID)"])
            #expect(human.text.contains("> GET /get?fruit=kiwi HTTP/1.1"))
            #expect(human.text.contains("< HTTP/1.1 200 OK"))
            #expect(human.text.contains("bytes, xxh3-128:\(shown["bodyHash"] as? String ?? "?"))"))

            let table = await home.run(["history", "list"])
            #expect(table.text.contains("/status/404"))
            #expect(table.text.split(separator: "\n").count == 4)

            let found = try #require(try await home.json(["history", "search", "ferry", "--method", "post"]) as? [[String: Any]])
            #expect(found.count == 1 && found[0]["method"] as? String == "POST")
            let errors = try #require(
                try await home.json(["history", "search", "--status", "4xx", "--host", "127.0.0.1", "--since", "1h"]) as? [[String: Any]])
            #expect(errors.map { $0["status"] as? Int } == [404])
            let none = try #require(try await home.json(["history", "search", "kiwi", "--until", "2h"]) as? [[String: Any]])
            #expect(none.isEmpty)
        }
    }

    /// A run's rows go in without their full-text rows; `ferry history search`, a new process started
    /// the moment the run ends, finds them by a word of a URL and a body (the demo server's echo of the query)
    /// and of a header, as it did when rows were indexed as they were written.
    @Test func aSearchRightAfterARunFindsTheRunsRows() async throws {
        let home = try Home()
        let suite = try TemporaryDirectory()
        for index in 0..<6 {
            let basket = index % 2 == 0 ? "wicker" : "rattan"
            _ = try suite.write(
                "r\(index).ferry.yaml", Data("url: \"{{baseURL}}/get?fruit=kumquat\(index)\"\nheaders:\n  - X-Basket: \(basket)\n".utf8))
        }
        try await withDemoServer { server in
            let run = await home.run(["run", suite.path, "--var", "baseURL=\(server.baseURL)"])
            #expect(run.status == 0, "\(run.text)\(run.stderr)")
            let byBody = try #require(try await home.json(["history", "search", "kumquat3"]) as? [[String: Any]])
            #expect(byBody.map { $0["url"] as? String } == ["\(server.baseURL)/get?fruit=kumquat3"])
            let byHeader = try #require(try await home.json(["history", "search", "x-basket rattan"]) as? [[String: Any]])
            #expect(Set(byHeader.compactMap { $0["url"] as? String }) == Set([1, 3, 5].map { "\(server.baseURL)/get?fruit=kumquat\($0)" }))
        }
    }

    @Test func theTUIRecordsEachExchange() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let environment = "TERM=tmux-256color HOME=\(home.directory.path) XDG_DATA_HOME=\(home.directory.path) LANG=C.UTF-8"
            let session = try TmuxSession(command: "env \(environment) \(FerryBinary.path); sleep 60", width: 100, height: 30)
            defer { session.close() }
            _ = try await session.waitForScreen { $0.contains("Nothing sent yet") }
            try session.send("\(server.baseURL)/json?from=tui", literal: true)
            try session.send("Enter")
            _ = try await session.waitForScreen { $0.contains("200 OK") }
            // Recorded from the transfer's task, just after the answer is shown.
            var entries: [HistoryEntry] = []
            for _ in 0..<100 where entries.isEmpty {
                if FileManager.default.fileExists(atPath: home.database) {
                    entries = try HistoryStore(path: home.database).entries(HistoryQuery(limit: 10))
                }
                if entries.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(entries.map(\.url) == ["\(server.baseURL)/json?from=tui"])
            #expect(entries.first?.status == 200)
            #expect(entries.first?.responseBody.map { String(decoding: $0, as: UTF8.self).contains("slideshow") } == true)
        }
    }

    @Test func badInputIsAClearErrorWithExitCode1() async throws {
        let home = try Home()
        let missing = await home.run(["history", "show", "42"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no history entry has id 42"))
        let badStatus = await home.run(["history", "search", "--status", "6xx"])
        #expect(badStatus.status == 1)
        #expect(badStatus.stderr.contains("--status"))
        let badTime = await home.run(["history", "search", "x", "--since", "last tuesday"])
        #expect(badTime.status == 1 && badTime.stderr.contains("--since"))
        // A file that is not a database: exit 4, the path named, the file left as it was.
        try FileManager.default.createDirectory(atPath: home.directory.path + "/ferry", withIntermediateDirectories: true)
        let garbage = Data(String(repeating: "garbage ", count: 512).utf8)
        try garbage.write(to: URL(fileURLWithPath: home.database))
        let broken = await home.run(["history", "list"])
        #expect(broken.status == 4)
        #expect(broken.stderr.contains("cannot open the history at \(home.database)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.database)) == garbage)
        // Recording into it fails with one warning line; the exchange's own exit code is unchanged.
        try await withDemoServer { server in
            let sent = await home.run(["send", "\(server.baseURL)/get"])
            #expect(sent.status == 0)
            #expect(
                sent.stderr.hasPrefix(
                    "ferry: the exchange was not recorded in the history: the file is not a history database, or it is damaged (\(home.database))"
                ),
                "\(sent.stderr)")
            #expect(sent.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func replayRecordsANewExchangeAndDiffComparesThem() async throws {
        let home = try Home()
        try await withDemoServer { server in
            #expect(
                await home.run([
                    "send", "-X", "PUT", "--data-binary", #"{"size": 3}"#, "-H", "Content-Type: application/json",
                    "\(server.baseURL)/anything/boat",
                ]).status == 0)
            #expect(
                await home.run([
                    "send", "-X", "PUT", "--data-binary", #"{"size": 4}"#, "-H", "Content-Type: application/json",
                    "\(server.baseURL)/anything/boat",
                ]).status == 0)
            let replayed = try #require(try await home.json(["history", "replay", "1"]) as? [String: Any])
            #expect(replayed["id"] as? Int == 3)
            let echo = try #require(((replayed["exchange"] as? [String: Any])?["response"] as? [String: Any])?["body"] as? [String: Any])
            #expect((echo["text"] as? String)?.contains(#""data" : "{\"size\": 3}""#) == true)

            let diff = try #require(try await home.json(["history", "diff", "1", "2"]) as? [String: Any])
            let body = try #require(diff["body"] as? [String: Any])
            let paths = (body["changes"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
            #expect(paths.contains("$.data"))
            #expect(paths.contains("$.json.size"))
            #expect(paths.contains("$.bodySHA256"))
            let same = await home.run(["history", "diff", "1", "3"])
            #expect(same.text.contains("status: same"))
            #expect(same.text.contains("body fingerprints: xxh3-128:"))

            let gone = try await withDemoServer { other in
                await home.run(["send", "\(other.baseURL)/get"])
            }
            #expect(gone.status == 0)
            // The server is gone now: the replay fails like `ferry send` would, and is recorded.
            let failed = await home.run(["history", "replay", "4"])
            #expect(failed.status == 2)
            let newest = try #require(try await home.json(["history", "list", "--limit", "1"]) as? [[String: Any]])
            #expect(newest.first?["statusClass"] as? String == "error")
        }
    }

    /// A request whose secrets were redacted cannot be replayed from the history; the refusal
    /// names the request file and environment that send it again.
    @Test func aRedactedEntryPointsBackToItsRequestFile() async throws {
        let home = try Home()
        let collection = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: collection.file("environments"), withIntermediateDirectories: true)
        _ = try collection.write("environments/local.yaml", Data("token:\n  value: t0ps3cret\n  secret: true\n".utf8))
        try await withDemoServer { server in
            _ = try collection.write(
                "me.ferry.yaml", Data("url: \(server.baseURL)/headers\nheaders:\n  - Authorization: Bearer {{token}}\n".utf8))
            let sent = await home.run(["send", collection.file("me.ferry.yaml"), "--env", "local"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let refused = await home.run(["history", "replay", "1"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("secrets were replaced"))
            #expect(refused.stderr.contains("ferry send '\(collection.file("me.ferry.yaml"))' --env 'local'"), "\(refused.stderr)")
            let shown = await home.run(["history", "show", "1"])
            #expect(shown.text.contains("Bearer {{token}}"))
            #expect(!shown.text.contains("t0ps3cret"))
        }
    }

    /// `ferry send ws://…` is one entry: the upgrade request and its 101, the messages both ways as
    /// JSON Lines; a secret is redacted in the head and in the messages alike.
    @Test func aWebSocketSessionIsOneEntryWithItsTranscriptAndNoSecret() async throws {
        let home = try Home()
        let collection = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: collection.file("environments"), withIntermediateDirectories: true)
        _ = try collection.write("environments/local.yaml", Data("token:\n  value: t0ps3cret\n  secret: true\n".utf8))
        try await withDemoServer { server in
            let url = server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + "/ws"
            _ = try collection.write("ws.ferry.yaml", Data("url: \(url)\nheaders:\n  - Authorization: Bearer {{token}}\n".utf8))
            let input = try collection.write("input.txt", Data("hello\nmy token is t0ps3cret\n".utf8))
            let sent = await FerryBinary.run(
                ["send", collection.file("ws.ferry.yaml"), "--env", "local"],
                standardInput: input, environment: home.environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.text.contains("my token is {{token}}"), "\(sent.text)")

            let store = try HistoryStore(path: home.database)
            let entries = try store.entries(HistoryQuery())
            try #require(entries.count == 1, "\(entries.map(\.url))")
            let entry = entries[0]
            #expect(entry.status == 101 && entry.url == url && entry.redacted)
            #expect(
                entry.sentHeaders?.contains(HTTPHeader(name: "Authorization", value: "Bearer {{token}}")) == true,
                "\(entry.sentHeaders ?? [])")
            let transcript = String(decoding: entry.responseBody ?? Data(), as: UTF8.self)
            let kinds = try transcript.split(separator: "\n").map { line in
                let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return "\(object["direction"] ?? "") \(object["kind"] ?? "")"
            }
            #expect(
                kinds.filter { $0.hasSuffix("text") }.sorted() == ["received text", "received text", "sent text", "sent text"], "\(kinds)")
            #expect(kinds.suffix(2) == ["sent close", "received close"], "\(kinds)")
            #expect(transcript.contains("my token is {{token}}"))
            #expect(!transcript.contains("t0ps3cret"))
            let shown = await home.run(["history", "show", "1"])
            #expect(shown.text.contains("101 Switching Protocols") && !shown.text.contains("t0ps3cret"), "\(shown.text)")
            #expect(await home.run(["send", "--no-history", url]).status == 0)
            #expect(try store.count() == 1, "--no-history records nothing")
        }
    }

    @Test func exportWritesHARAtomicallyAndPruneKeepsTheNewest() async throws {
        let home = try Home()
        try await withDemoServer { server in
            for path in ["/get?n=1", "/status/500", "/bytes/100000?seed=3"] {
                #expect(await home.run(["send", "\(server.baseURL)\(path)"]).status == 0)
            }
        }
        let target = home.directory.file("history.har")
        let exported = await home.run(["history", "export", "-o", target])
        #expect(exported.status == 0, "\(exported.stderr)")
        let har = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: target))) as? [String: Any])
        let log = try #require(har["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.compactMap { ($0["response"] as? [String: Any])?["status"] as? Int } == [200, 500, 200])
        let content = try #require((entries[2]["response"] as? [String: Any])?["content"] as? [String: Any])
        #expect(content["size"] as? Int == 100_000)
        #expect(content["encoding"] as? String == "base64")
        #expect(((entries[0]["request"] as? [String: Any])?["queryString"] as? [[String: Any]])?.first?["value"] as? String == "1")

        let json = try #require(
            try JSONSerialization.jsonObject(with: await home.run(["history", "export", "--format", "json"]).stdout) as? [[String: Any]])
        #expect(json.count == 3)
        let refused = await home.run(["history", "export", "-o", home.directory.path + "/missing/dir/out.har"])
        #expect(refused.status == 4)

        let pruned = try #require(try await home.json(["history", "prune", "--keep", "1"]) as? [String: Any])
        #expect(pruned["deleted"] as? Int == 2 && pruned["remaining"] as? Int == 1)
        let left = try #require(try await home.json(["history", "list"]) as? [[String: Any]])
        #expect(left.map { $0["id"] as? Int } == [3])
        #expect(await home.run(["history", "prune", "--max-size", "lots"]).status == 1)
    }

    @Test func twoProcessesRecordingAtOnceLoseNothing() async throws {
        let home = try Home()
        let perLoop = 25
        try await withDemoServer { server in
            async let first = sendLoop(home, "\(server.baseURL)/get?loop=alpha", count: perLoop)
            async let second = sendLoop(home, "\(server.baseURL)/get?loop=bravo", count: perLoop)
            let outcomes = await first + second
            #expect(outcomes.allSatisfy { $0.status == 0 })
            #expect(outcomes.allSatisfy { $0.stderr.isEmpty }, "\(outcomes.map(\.stderr).filter { !$0.isEmpty })")
        }
        let store = try HistoryStore(path: home.database)
        #expect(try store.count() == 2 * perLoop)
        #expect(try store.search(HistoryQuery(text: "loop alpha", limit: 100)).count == perLoop)
        #expect(try store.search(HistoryQuery(text: "loop bravo", limit: 100)).count == perLoop)
        let (integrity, journal) = try await DatabaseQueue(path: home.database).read { db in
            (try String.fetchOne(db, sql: "PRAGMA integrity_check"), try String.fetchOne(db, sql: "PRAGMA journal_mode"))
        }
        #expect(integrity == "ok")
        #expect(journal == "wal")
    }

    private func sendLoop(_ home: Home, _ url: String, count: Int) async -> [FerryBinary.Outcome] {
        var outcomes: [FerryBinary.Outcome] = []
        for _ in 0..<count { outcomes.append(await home.run(["send", url])) }
        return outcomes
    }

    /// Each `ferry send` exits with its WAL left for the next (closing would sync it into the file);
    /// the WAL is still emptied every few sends, so it stays small and every row stays readable.
    @Test func theWALLeftBySendsStaysSmall() async throws {
        let home = try Home()
        try await withDemoServer { server in
            for index in 1...40 {
                let outcome = await home.run(["send", "\(server.baseURL)/anything?send=\(index)", "-o", "/dev/null"])
                #expect(outcome.status == 0, "\(outcome.stderr)")
            }
        }
        let wal = (try? FileManager.default.attributesOfItem(atPath: home.database + "-wal")[.size] as? Int) ?? 0
        #expect(wal < 1 << 20, "the WAL holds \(wal) bytes after 40 sends")
        #expect(try HistoryStore(path: home.database).count() == 40)
    }

    /// A run leaves its WAL as it is (emptying it syncs the file: 5–130 ms on a run's way out), and
    /// the next process that records empties it when it opens the history, beside its exchanges.
    @Test func theWALLeftByARunIsEmptiedByTheNextProcessThatRecords() async throws {
        let home = try Home()
        let walSize = { (try? FileManager.default.attributesOfItem(atPath: home.database + "-wal")[.size] as? Int) ?? 0 }
        try await withDemoServer { server in
            let file = try TemporaryDirectory()
            let request = try file.write("get.ferry.yaml", Data("url: \(server.baseURL)/anything?run=1\n".utf8))
            let run = await home.run(["run", request, "--repeat", "600"])
            #expect(run.status == 0, "\(run.text)\(run.stderr)")
            let left = walSize()
            #expect(left > 512 << 10, "the run left its WAL (more than the 512 KB a writer empties): \(left) bytes")
            let sent = await home.run(["send", "\(server.baseURL)/anything?send=1", "-o", "/dev/null"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(walSize() < left / 4, "the send emptied it first: \(walSize()) bytes, from \(left)")
        }
        #expect(try HistoryStore(path: home.database).count() == 601)
    }

    /// The fingerprint recorded for a body is `xxhsum -H2`'s XXH3-128 of the bytes: a download to `-o`, a
    /// body kept in a temporary file, a small one kept in memory, and one that came after a redirect
    /// (whose own body is not part of it); the bodies come from `curl` for the ones Ferry keeps no file of.
    @Test func recordedFingerprintIsXxhsumOfTheBody() async throws {
        let home = try Home()
        try await withDemoServer { server in
            let download = home.directory.file("download.bin")
            let urls = [
                "\(server.baseURL)/bytes/3000000?seed=7", "\(server.baseURL)/bytes/9000000?seed=8",
                "\(server.baseURL)/bytes/100?seed=9", "\(server.baseURL)/redirect-to?url=/bytes/70000%3Fseed%3D10",
            ]
            #expect(await home.run(["send", urls[0], "-o", download]).status == 0)
            for url in urls.dropFirst() { #expect(await home.run(["send", url]).status == 0) }
            let entries = try HistoryStore(path: home.database).entries(HistoryQuery(limit: 10))
            #expect(entries.allSatisfy { $0.responseBodyHashAlgorithm == .xxh3_128 })
            let recorded = Dictionary(entries.map { ($0.url, $0.responseBodyHash) }) { first, _ in first }
            #expect(recorded[urls[0]] == (try await xxhsum128(file: download)))
            for url in urls.dropFirst() {
                let curled = home.directory.file("curl.bin")
                #expect(await ChildProcess.run("/usr/bin/curl", ["-sL", "-o", curled, url]).status == 0)
                #expect(recorded[url] == (try await xxhsum128(file: curled)), "\(url)")
            }
        }
    }

    @Test func killedMidWriteLeavesAnIntactHistory() async throws {
        let home = try Home()
        try await withDemoServer { server in
            // Warm up: the database exists, so kills land in sending and recording, not in creating it.
            #expect(await home.run(["send", "\(server.baseURL)/bytes/10?seed=1"]).status == 0)
            var killed = 0
            for round in 0..<40 {
                let process = FerryBinary.start(
                    ["send", "-o", home.directory.file("body-\(round)"), "\(server.baseURL)/bytes/\(600_000 + round)?seed=\(round)"],
                    environment: home.environment)
                try await Task.sleep(for: .milliseconds(5 + (round * 13) % 200))
                if process.isRunning {
                    kill(process.processIdentifier, SIGKILL)
                    killed += 1
                }
                await FerryBinary.waitForExit(process)
            }
            #expect(killed > 0)
        }
        // Every entry that made it is whole: integrity holds, bodies match their recorded hashes,
        // and every entry has its full-text row or waits for it (and has it once searched).
        let (integrity, indexedOrWaiting, recorded) = try await DatabaseQueue(path: home.database).read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA integrity_check"),
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM exchange WHERE (id IN (SELECT rowid FROM exchangeSearch))
                        + (id IN (SELECT id FROM exchangeUnindexed)) = 1
                        """), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exchange")
            )
        }
        #expect(integrity == "ok")
        #expect(indexedOrWaiting == recorded)
        let store = try HistoryStore(path: home.database)
        #expect(try store.search(HistoryQuery(text: "bytes", limit: 1000)).count == recorded)
        let entries = try store.entries(HistoryQuery(limit: 1000))
        #expect(!entries.isEmpty)
        for entry in entries where entry.status != nil {
            let body = try #require(entry.responseBody)
            #expect(Int64(body.count) == min(entry.responseBodySize, Int64(HistoryStore.defaultBodyLimit)))
            if !entry.responseBodyTruncated { #expect(try await xxhsum128(body) == entry.responseBodyHash) }
        }
    }
}
