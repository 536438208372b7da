import FerryCore
import FerryTestSupport
import Foundation
import GRDB
import Testing

@testable import FerryStore

/// Bodies are fingerprinted by XXH3-128; a history written before keeps its SHA-256 rows, which say so.
@Suite struct HistoryFingerprintTests {
    private static let body = #"{"boat": "ferry", "crossings": [1, 2, 3]}"#

    /// A history file at the schema before the fingerprint's algorithm was recorded, holding one row
    /// for `body` with its SHA-256 in `responseBodySHA256`, as the previous release wrote it.
    private func historyBeforeTheAlgorithm(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try HistorySchema.migrator.migrate(queue, upTo: "v2: run id")
        let entry = try HistoryFixtures.entry(body: Self.body)
        var row = Dictionary(uniqueKeysWithValues: zip(HistoryEntry.columnNames, try entry.databaseValues(json: HistoryJSONColumns())))
        row["responseBodyHashAlgorithm"] = nil
        row["responseBodyHash"] = nil
        row["checks"] = nil  // a column of v5
        row["responseTrailers"] = nil  // a column of v6
        row["responseBodySHA256"] = sha256Hex(Data(Self.body.utf8)).databaseValue
        let columns = Array(row.keys)
        try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO exchange (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                arguments: StatementArguments(columns.map { row[$0]! }))
        }
    }

    @Test func oldRowsKeepTheirSHA256AndNewRowsAreXXH3() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("history.sqlite")
        try historyBeforeTheAlgorithm(at: path)
        let history = try HistoryStore(path: path)
        let old = try history.entry(id: 1)
        #expect(old.responseBodyHashAlgorithm == .sha256)
        #expect(old.responseBodyFingerprint == BodyFingerprint(algorithm: .sha256, hex: sha256Hex(Data(Self.body.utf8))))
        let new = try history.entry(id: try history.record(try HistoryFixtures.entry(body: Self.body)))
        #expect(new.responseBodyFingerprint == BodyFingerprint(algorithm: .xxh3_128, hex: try await xxhsum128(Data(Self.body.utf8))))
        let failed = try history.entry(
            id: try history.record(
                try HistoryEntry(request: HistoryFixtures.request(), response: nil, error: FerryError.explicitlyCancelled, started: Date()))
        )
        #expect(failed.responseBodyHash == nil && failed.responseBodyHashAlgorithm == nil)
    }

    /// Fingerprints by different functions cannot be compared: whole recorded bodies are compared byte
    /// for byte instead, and the diff names both.
    @Test func aDiffAcrossAlgorithmsComparesTheRecordedBytes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("history.sqlite")
        try historyBeforeTheAlgorithm(at: path)
        let history = try HistoryStore(path: path)
        let old = try history.entry(id: 1)
        let same = try history.entry(id: try history.record(try HistoryFixtures.entry(body: Self.body)))
        let diff = ExchangeDiff(old, same)
        #expect(diff.body.identical)
        #expect(diff.body.fingerprints == ["sha256:\(sha256Hex(Data(Self.body.utf8)))", same.responseBodyFingerprint?.description])
        #expect(diff.lines.last?.hasPrefix("body fingerprints: sha256:") == true)

        var capped = same
        capped.responseBodyTruncated = true
        #expect(!ExchangeDiff(old, capped).body.identical, "a capped body's recorded bytes do not stand for the whole")
        let other = try history.entry(id: try history.record(try HistoryFixtures.entry(body: #"{"boat": "kayak"}"#)))
        #expect(!ExchangeDiff(same, other).body.identical)
        #expect(ExchangeDiff(same, same).body.identical)
    }
}
