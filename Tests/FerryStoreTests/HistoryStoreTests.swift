import FerryCore
import FerryTestSupport
import Foundation
import GRDB
import Synchronization
import Testing

@testable import FerryStore

/// The history in a real SQLite file: recording, reading back, searching, retention.
@Suite struct HistoryStoreTests {
    private func store(_ directory: TemporaryDirectory, retention: HistoryRetention = .unlimited) throws -> HistoryStore {
        try HistoryStore(path: directory.file("history.sqlite"), retention: retention)
    }

    @Test func aNewHistoryIsReadableByItsOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("data/ferry/history.sqlite")
        let history = try HistoryStore(path: path)
        _ = try history.record(
            try HistoryEntry(
                request: HistoryFixtures.request(), response: HistoryFixtures.response(body: "{}"), error: nil, started: Date()))
        let mode = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue }
        #expect(try mode(path) == 0o600)
        #expect(try mode(directory.file("data/ferry")) == 0o700)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            #expect(try mode(path + suffix) == 0o600, "\(suffix)")
        }
    }

    @Test func recordsAnExchangeAndReadsItBackWhole() async throws {
        let directory = try TemporaryDirectory()
        let history = try store(directory)
        let body = #"{"id": 7, "name": "ferry"}"#
        let request = HistoryFixtures.request(
            method: .post, headers: ["Content-Type": "application/json"], body: .bytes(Data(#"{"q":1}"#.utf8)))
        let entry = try HistoryEntry(
            request: request, response: HistoryFixtures.response(body: body), error: nil, started: Date(),
            origin: HistoryOrigin(collection: "shop", requestPath: "items/create", environment: "staging"))
        let id = try history.record(entry)
        let stored = try history.entry(id: id)
        #expect(stored.method == "POST")
        #expect(stored.host == "api.example.com")
        #expect(stored.status == 200 && stored.statusClass == "2xx")
        #expect(stored.responseBody == Data(body.utf8))
        #expect(stored.responseBodyFingerprint == BodyFingerprint(algorithm: .xxh3_128, hex: try await xxhsum128(Data(body.utf8))))
        #expect(stored.requestBody == Data(#"{"q":1}"#.utf8))
        #expect(stored.requestLine == "GET /items HTTP/1.1")
        #expect(stored.timeline?[.wait] == 5000)
        #expect(stored.durationMs == 8.5)
        #expect(stored.collection == "shop" && stored.requestPath == "items/create" && stored.environment == "staging")
        #expect(stored.options == RequestOptions())
        #expect(throws: HistoryError.notFound(id: id + 1)) { try history.entry(id: id + 1) }
        // A second process opening the same file sees the same entry (migrations already applied).
        #expect(try HistoryStore(path: history.path).entry(id: id) == stored)
    }

    @Test func anExchangeThatFailedOnItsBodyFileIsRecordedWithoutTheBody() throws {
        let directory = try TemporaryDirectory()
        let request = HistoryFixtures.request(method: .post, body: .file(path: directory.path))  // a folder: unreadable as a body
        let failure = FerryError.localFile(reason: .notARegularFile(path: directory.path))
        let entry = try HistoryEntry(request: request, response: nil, error: failure, started: Date())
        #expect(entry.requestBody == nil)
        #expect(throws: (any Error).self, "an exchange that did not fail still needs its body") {
            try HistoryEntry(request: request, response: nil, error: nil, started: Date())
        }
    }

    @Test func aFailedExchangeKeepsItsErrorChain() throws {
        let directory = try TemporaryDirectory()
        let history = try store(directory)
        let failure = FerryError.localFile(reason: .unreadable(path: "/nope", error: POSIXError(.ENOENT)))
        let request = HistoryFixtures.request(headers: ["X-Fruit": "quince"])
        let id = try history.record(try HistoryEntry(request: request, response: nil, error: failure, started: Date()))
        let stored = try history.entry(id: id)
        #expect(stored.status == nil && stored.statusClass == "error")
        #expect(stored.errorChain == ErrorChain(failure).links)
        #expect(try history.search(HistoryQuery(status: "error")).map(\.id) == [id])
        // Indexed without a sent head or a status: its status word is `error`, its header is found.
        #expect(try history.search(HistoryQuery(text: "error x-fruit quince")).map(\.id) == [id])
    }

    @Test func secretsNeverReachTheFile() throws {
        let directory = try TemporaryDirectory()
        let history = try store(directory)
        let secret = "s3cr3t-T0KEN-value"
        let request = HistoryFixtures.request(
            "http://api.example.com/items?key=\(secret)", headers: ["Authorization": "Bearer \(secret)"],
            body: .bytes(Data("password=\(secret)&user=ann".utf8)))
        let response = HistoryFixtures.response(body: #"{"echo": "Bearer \#(secret)"}"#, headers: [("X-Echo", secret)])
        let id = try history.record(
            try HistoryEntry(
                request: request, response: response, error: nil, started: Date(),
                redaction: Redaction([.init(secret: secret, replacement: "{{token}}"), .init(secret: "", replacement: "{{empty}}")])))
        let stored = try history.entry(id: id)
        #expect(stored.redacted)
        #expect(stored.url == "http://api.example.com/items?key={{token}}")
        #expect(stored.requestHeaders.first { $0.name == "Authorization" }?.value == "Bearer {{token}}")
        #expect(stored.requestBody == Data("password={{token}}&user=ann".utf8))
        #expect(stored.responseBody == Data(#"{"echo": "Bearer {{token}}"}"#.utf8))
        // Not in the database, its WAL, or the full-text index.
        for file in ["history.sqlite", "history.sqlite-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: directory.file(file)))) ?? Data()
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds the secret")
        }
        #expect(try history.search(HistoryQuery(text: "s3cr3t")).isEmpty)
        #expect(try history.search(HistoryQuery(text: "token")).map(\.id) == [id])
    }

    @Test func theWriterRedactsTheSecretsItIsGivenAndNeverThrows() throws {
        let directory = try TemporaryDirectory()
        let writer = HistoryWriter(locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path))
        writer.append(
            FinishedExchange(
                request: HistoryFixtures.request("http://api.example.com/x?token=abc123&user=ann"),
                response: HistoryFixtures.response(body: #"{"user": "ann"}"#), error: nil, started: Date(), origin: .adHoc,
                redaction: Redaction([.init(secret: "abc123", replacement: "{{apiToken}}"), .init(secret: "ann", replacement: "{{user}}")]))
        )
        #expect(writer.finish() == nil)
        let history = try HistoryStore(path: directory.file("history.sqlite"))
        let stored = try history.entry(id: try #require(try history.list(limit: 1).first).id)
        #expect(stored.url == "http://api.example.com/x?token={{apiToken}}&user={{user}}")
        #expect(stored.responseBody == Data(#"{"user": "{{user}}"}"#.utf8))
        // A data directory that is a file: a one-line warning, not an error.
        let file = try directory.write("not-a-folder", Data())
        let broken = HistoryWriter(locations: StoreLocations(configDirectory: file, dataDirectory: file))
        broken.append(
            FinishedExchange(
                request: HistoryFixtures.request(), response: nil, error: nil, started: Date(), origin: .adHoc, redaction: Redaction()))
        let warning = try #require(broken.finish())
        #expect(warning.message == "the exchange was not recorded in the history: \(file) is not a folder (\(file)/history.sqlite)")
        #expect(!warning.message.contains("\n"))
    }

    /// With someone to tell (the TUI's status line), each problem is told as it happens and the
    /// writer tries again with the next exchange.
    @Test func aWriterThatTellsProblemsAtOnceTriesAgainWithTheNextExchange() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("data")
        try Data().write(to: URL(fileURLWithPath: data))  // a file where the folder should be
        let told = Mutex<[String]>([])
        let writer = HistoryWriter(
            locations: StoreLocations(configDirectory: directory.path, dataDirectory: data), delay: .seconds(0),
            onProblem: { warning in told.withLock { $0.append(warning.message) } })
        let exchange = FinishedExchange(
            request: HistoryFixtures.request(), response: HistoryFixtures.response(body: "{}"), error: nil, started: Date(), origin: .adHoc,
            redaction: Redaction())
        writer.append(exchange)
        try await Deadline.within(30, "the first problem told") {
            while told.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(told.withLock { $0 } == ["the exchange was not recorded in the history: \(data) is not a folder (\(data)/history.sqlite)"])
        try FileManager.default.removeItem(atPath: data)
        writer.append(exchange)
        #expect(writer.finish() == nil)
        #expect(try HistoryStore(path: data + "/history.sqlite").list(limit: 5).count == 1)
        #expect(told.withLock { $0.count } == 1)
    }

    @Test func largeBodiesAreCappedWithSizeAndHashKept() async throws {
        let directory = try TemporaryDirectory()
        let history = try store(directory)
        let body = String(repeating: "0123456789", count: 300)
        let entry = try HistoryEntry(
            request: HistoryFixtures.request(), response: HistoryFixtures.response(body: body, contentType: "text/plain"),
            error: nil, started: Date(), bodyLimit: 1000)
        let stored = try history.entry(id: try history.record(entry))
        #expect(stored.responseBody == Data(body.utf8).prefix(1000))
        #expect(stored.responseBodySize == 3000)
        #expect(stored.responseBodyTruncated)
        #expect(stored.responseBodyFingerprint == BodyFingerprint(algorithm: .xxh3_128, hex: try await xxhsum128(Data(body.utf8))))
    }

    @Test func searchesFullTextAndFilters() throws {
        let directory = try TemporaryDirectory()
        let history = try store(directory)
        let now = Date()
        let old = try history.record(
            try HistoryFixtures.entry(
                "http://shop.example.com/orders", status: 200, body: #"{"product": "kayak"}"#,
                started: now.addingTimeInterval(-3 * 86400)))
        let missing = try history.record(
            try HistoryFixtures.entry(
                "http://api.example.com/orders/9", status: 404, body: "no such order",
                contentType: "text/plain", started: now.addingTimeInterval(-3600)))
        let created = try history.record(
            try HistoryFixtures.entry(
                "http://other.test/orders", method: .post, status: 201,
                body: #"{"product": "paddle"}"#, started: now))
        #expect(try history.list(limit: 10).map(\.id) == [created, missing, old])
        #expect(try history.list(limit: 2).map(\.id) == [created, missing])
        #expect(try history.search(HistoryQuery(text: "orders")).map(\.id) == [created, missing, old])
        #expect(try history.search(HistoryQuery(text: "kay")).map(\.id) == [old])
        #expect(try history.search(HistoryQuery(text: "404")).map(\.id) == [missing])
        #expect(try history.search(HistoryQuery(text: "content-type text/plain")).map(\.id) == [missing])
        #expect(try history.search(HistoryQuery(text: "product", status: "2xx")).map(\.id) == [created, old])
        #expect(try history.search(HistoryQuery(status: "404")).map(\.id) == [missing])
        #expect(try history.search(HistoryQuery(method: "post")).map(\.id) == [created])
        #expect(try history.search(HistoryQuery(host: "example.com")).map(\.id) == [missing, old])
        #expect(try history.search(HistoryQuery(host: "shop.example.com")).map(\.id) == [old])
        #expect(try history.search(HistoryQuery(since: now.addingTimeInterval(-7200))).map(\.id) == [created, missing])
        #expect(try history.search(HistoryQuery(until: now.addingTimeInterval(-7200))).map(\.id) == [old])
        #expect(throws: HistoryError.self) { try history.search(HistoryQuery(status: "4x")) }
        #expect(throws: HistoryError.self) { try history.search(HistoryQuery(text: "/// ...")) }
    }

    @Test func timesParseAsAgesOrISO8601() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try HistoryQuery.parseTime("2h", name: "--since", now: now) == now.addingTimeInterval(-7200))
        #expect(try HistoryQuery.parseTime("1w", name: "--since", now: now) == now.addingTimeInterval(-604_800))
        #expect(try HistoryQuery.parseTime("2026-11-23T18:00:00Z", name: "--since", now: now).timeIntervalSince1970 == 1_795_456_800)
        #expect(try HistoryQuery.parseTime("2026-11-23", name: "--since", now: now).timeIntervalSince1970 == 1_795_392_000)
        #expect(throws: HistoryError.self) { try HistoryQuery.parseTime("yesterday", name: "--since", now: now) }
    }

    @Test func pruneKeepsTheNewestWithinCountAndSize() throws {
        let directory = try TemporaryDirectory()
        let history = try store(directory)
        var ids: [Int64] = []
        for index in 0..<20 {
            ids.append(try history.record(try HistoryFixtures.entry(body: #"{"n": \#(index)}"#)))
            if index == 9 { #expect(try history.search(HistoryQuery(text: "n")).count == 10) }  // the first ten indexed
        }
        #expect(try history.prune(to: HistoryRetention(maxEntries: 15, maxBytes: nil)) == 5)
        #expect(try history.list(limit: 100).map(\.id) == Array(ids.suffix(15).reversed()))
        // The full-text rows and the ids waiting for the index went with their entries.
        #expect(try indexRows(history) == (Array(ids[5..<10]), Array(ids[10...])))
        #expect(try history.search(HistoryQuery(text: "n", limit: 100)).map(\.id) == Array(ids.suffix(15).reversed()))
        #expect(try indexRows(history) == (Array(ids.suffix(15)), []))
        let perEntry = try history.entry(id: ids[19]).storedBytes
        #expect(try history.prune(to: HistoryRetention(maxEntries: nil, maxBytes: perEntry * 4 + perEntry / 2), compact: true) == 11)
        #expect(try history.list(limit: 100).map(\.id) == Array(ids.suffix(4).reversed()))
        #expect(try indexRows(history) == (Array(ids.suffix(4)), []))
    }

    /// The ids of the full-text rows, and of the rows waiting for the index.
    private func indexRows(_ history: HistoryStore) throws -> (indexed: [Int64], waiting: [Int64]) {
        try DatabaseQueue(path: history.path).read { db in
            (
                try Int64.fetchAll(db, sql: "SELECT rowid FROM exchangeSearch ORDER BY rowid"),
                try Int64.fetchAll(db, sql: "SELECT id FROM exchangeUnindexed ORDER BY id")
            )
        }
    }

    @Test func retentionAppliesWhileRecording() throws {
        let directory = try TemporaryDirectory()
        let history = try store(directory, retention: HistoryRetention(maxEntries: 10, maxBytes: nil))
        for _ in 0..<130 { try history.record(try HistoryFixtures.entry()) }
        // Checked every 64th entry: after the 128th only 10 remained, then two more came.
        #expect(try history.count() == 12)
    }

    @Test func byteRetentionAppliesWhileRecording() throws {
        let directory = try TemporaryDirectory()
        let probe = try store(directory)
        let size = try probe.entry(id: try probe.record(try HistoryFixtures.entry())).storedBytes
        let other = try TemporaryDirectory()
        let history = try store(other, retention: HistoryRetention(maxEntries: nil, maxBytes: size * 10))
        for _ in 0..<130 { try history.record(try HistoryFixtures.entry()) }
        // Checked every 64th entry (bounded first by the ids' span times the largest entry): after
        // the 128th only 10 remained, then two more came.
        #expect(try history.count() == 12)
    }

    /// The header's `user_version` says the schema is current once every migration is applied; a
    /// history an older Ferry marked (or never marked) is checked and migrated, a newer one's number kept.
    @Test func theSchemasVersionIsMarkedInTheHeader() throws {
        #expect(HistorySchema.version == HistorySchema.migrator.migrations.count)
        let directory = try TemporaryDirectory()
        let path = directory.file("history.sqlite")
        let userVersion = { try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } }
        let older = try DatabaseQueue(path: path)
        try HistorySchema.migrator.migrate(older, upTo: "v2: run id")
        try older.close()
        #expect(try userVersion() == 0)
        for recordingOnly in [true, false] {  // the writer's single connection, then a reader's pool
            _ = try HistoryStore(path: path, recordingOnly: recordingOnly)
            #expect(try userVersion() == HistorySchema.version)
            #expect(try DatabaseQueue(path: path).read(HistorySchema.migrator.hasCompletedMigrations))
        }
        try DatabaseQueue(path: path).writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
        _ = try HistoryStore(path: path)
        #expect(try userVersion() == 99)
    }

    /// A run's id: its start time in base 36, a dash, four random hex digits (zero-padded).
    @Test func aRunsIDIsItsTimeAndFourHexDigits() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for _ in 0..<200 {
            let id = HistoryOrigin.newRunID(now: now)
            let parts = id.split(separator: "-")
            #expect(parts.count == 2 && Int(parts[0], radix: 36) == 1_790_000_000, "\(id)")
            #expect(parts.last?.count == 4 && parts.last.flatMap { Int($0, radix: 16) } != nil, "\(id)")
        }
    }

    @Test func anUnusableFileIsAClearError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("history.sqlite", Data(String(repeating: "not a database ", count: 100).utf8))
        #expect { try HistoryStore(path: path) } throws: { error in
            guard case HistoryError.unavailable(let failedPath, _) = error else { return false }
            return failedPath == path
        }
    }
}
