import FerryServer
import FerryStore
import FerryTestSupport
import Foundation
import GRDB
import Testing

/// The "durability and privacy" rows of the hostile matrix (issue 13): the history survives
/// `kill -9` and concurrent writers, the files holding it and cookies are private, and secrets never
/// reach it.
@Suite struct HostileDurabilityTests {
    /// A data folder of its own, with one request file that the runs repeat.
    struct Home {
        let directory: TemporaryDirectory
        var environment: [String: String] {
            ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": directory.file("data"), "HOME": directory.path]) { $1 }
        }
        var database: String { directory.file("data/ferry/history.sqlite") }

        init(url: String) throws {
            directory = try TemporaryDirectory()
            _ = try directory.write("get.ferry.yaml", Data("url: \(url)\n".utf8))
        }

        func run(_ arguments: [String]) async -> FerryBinary.Outcome {
            await FerryBinary.run(arguments, environment: environment)
        }
    }

    private func integrityAndCount(_ path: String) async throws -> (String?, Int?) {
        try await DatabaseQueue(path: path).read { db in
            (try String.fetchOne(db, sql: "PRAGMA integrity_check"), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM exchange"))
        }
    }

    @Test func twoProcessesOfFiveHundredSendsLeaveAThousandEntries() async throws {
        try await withDemoServer { server in
            let home = try Home(url: "\(server.baseURL)/get")
            let file = home.directory.file("get.ferry.yaml")
            async let first = home.run(["run", "--repeat", "500", "--jobs", "4", file])
            async let second = home.run(["run", "--repeat", "500", "--jobs", "4", file])
            let outcomes = await [first, second]
            for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.stderr)") }
            let (integrity, count) = try await integrityAndCount(home.database)
            #expect(integrity == "ok")
            #expect(count == 1000, "\(outcomes.map(\.stderr))")
        }
    }

    @Test func killMinusNineDuringAThousandWritesLeavesAHistoryThatOpens() async throws {
        try await withDemoServer { server in
            let home = try Home(url: "\(server.baseURL)/get")
            // One entry reported saved before the run.
            #expect(await home.run(["send", "\(server.baseURL)/get?saved=before"]).status == 0)
            let process = FerryBinary.start(
                ["run", "--repeat", "1000", "--jobs", "4", home.directory.file("get.ferry.yaml")],
                environment: home.environment)
            // Killed once a few hundred requests are done: in the middle of the run, before or while it records.
            let output = process.standardOutput as! Pipe
            let sawProgress = try await onOwnThread {
                var lines = 0
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline, case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
                    lines += chunk.count(where: { $0 == UInt8(ascii: "\n") })
                    if lines >= 300 { return true }
                }
                return false
            }
            kill(process.processIdentifier, SIGKILL)
            await FerryBinary.waitForExit(process)
            #expect(sawProgress, "the run printed fewer than 300 lines")
            let (integrity, count) = try await integrityAndCount(home.database)
            #expect(integrity == "ok")
            // The run records in batches, one transaction each: whole batches at most, and the entry saved before stays.
            #expect((1...1001).contains(count ?? -1), "\(count ?? -1) entries")
            let listed = await home.run(["history", "list", "--json", "--limit", "2000"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.text.contains("saved=before"))
        }
    }

    @Test func historyAndCookieJarsArePrivateAndSecretsNeverReachTheHistory() async throws {
        try await withDemoServer { server in
            let home = try Home(url: "\(server.baseURL)/get")
            let secret = "hostile-s3cret-token-\(UUID().uuidString)"
            // A collection whose environment holds the token as a secret, sent in a header, a query and a body.
            let collection = home.directory.file("collection")
            try FileManager.default.createDirectory(atPath: collection + "/environments", withIntermediateDirectories: true)
            try "description: hostile\n".write(toFile: collection + "/_folder.ferry.yaml", atomically: true, encoding: .utf8)
            try "baseURL: \(server.baseURL)\ntoken:\n  value: \(secret)\n  secret: true\n"
                .write(toFile: collection + "/environments/test.yaml", atomically: true, encoding: .utf8)
            try """
            method: POST
            url: "{{baseURL}}/cookies/set?flavour=oat&key={{token}}"
            headers:
              - Authorization: "Bearer {{token}}"
            body:
              form:
                token: "{{token}}"

            """.write(toFile: collection + "/secret.ferry.yaml", atomically: true, encoding: .utf8)
            let sent = await home.run(["send", collection + "/secret.ferry.yaml", "--env", "test"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let mode = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1 }
            #expect(try mode(home.database) == 0o600)
            #expect(try mode(home.directory.file("data/ferry")) == 0o700)
            let cookies = home.directory.file("data/ferry/cookies")
            let jars = try #require(FileManager.default.enumerator(atPath: cookies)?.allObjects as? [String]).filter {
                $0.hasSuffix(".txt")
            }
            #expect(!jars.isEmpty, "no cookie jar was written")
            for jar in jars {
                #expect(try mode(cookies + "/" + jar) == 0o600, "\(jar)")
                #expect(try mode(cookies + "/" + (jar as NSString).deletingLastPathComponent) == 0o700, "\(jar)")
            }
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: home.database + suffix) {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: home.database + suffix))
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "the secret is in history.sqlite\(suffix)")
            }
            let exported = await home.run(["history", "export", "--format", "har"])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(!exported.text.contains(secret) && !exported.stderr.contains(secret))
            let shown = await home.run(["history", "show", "1", "--json"])
            #expect(shown.status == 0 && !shown.text.isEmpty, "\(shown.stderr)")
            #expect(!shown.text.contains(secret))
        }
    }
}
