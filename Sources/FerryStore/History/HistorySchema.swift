import FerryCore
import GRDB

/// The history database's schema, as named migrations applied in order (never edited once shipped).
enum HistorySchema {
    /// The full-text table over URL, method, status, headers and text bodies; rowid = exchange id.
    static let searchTable = "exchangeSearch"
    /// The ids of rows written and not yet in `searchTable` (`HistoryStore.indexWaitingRows`).
    static let unindexedTable = "exchangeUnindexed"

    /// The number of migrations below, kept in the database's `user_version` once they are applied.
    static let version = 8

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: exchange table") { db in
            try db.create(table: HistoryEntry.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("time", .double).notNull()
                table.column("method", .text).notNull()
                table.column("url", .text).notNull()
                table.column("host", .text).notNull()
                table.column("status", .integer)
                table.column("statusClass", .text).notNull()
                table.column("durationMs", .double).notNull()
                table.column("requestHeaders", .text).notNull()
                table.column("requestBody", .blob)
                table.column("requestBodySize", .integer)
                table.column("requestBodyTruncated", .boolean).notNull()
                table.column("options", .text).notNull()
                table.column("requestLine", .text)
                table.column("sentHeaders", .text)
                table.column("reason", .text)
                table.column("httpVersion", .text)
                table.column("responseHeaders", .text).notNull()
                table.column("responseBody", .blob)
                table.column("responseBodySize", .integer).notNull()
                table.column("responseBodySHA256", .text)
                table.column("responseBodyTruncated", .boolean).notNull()
                table.column("contentType", .text)
                table.column("effectiveURL", .text)
                table.column("remoteAddress", .text)
                table.column("timeline", .text)
                table.column("redirects", .text).notNull()
                table.column("errorChain", .text)
                table.column("redacted", .boolean).notNull()
                table.column("collection", .text)
                table.column("requestPath", .text)
                table.column("environment", .text)
                table.column("storedBytes", .integer).notNull()
            }
            try db.create(indexOn: HistoryEntry.databaseTableName, columns: ["time"])
            try db.create(indexOn: HistoryEntry.databaseTableName, columns: ["host"])
            try db.create(indexOn: HistoryEntry.databaseTableName, columns: ["statusClass"])
        }
        migrator.registerMigration("v1: full-text search") { db in
            try db.create(virtualTable: searchTable, using: FTS5()) { table in
                table.column("url")
                table.column("method")
                table.column("status")
                table.column("headers")
                table.column("body")
            }
            try db.execute(
                sql: """
                    CREATE TRIGGER exchangeSearchDelete AFTER DELETE ON \(HistoryEntry.databaseTableName)
                    BEGIN DELETE FROM \(searchTable) WHERE rowid = old.id; END
                    """)
        }
        migrator.registerMigration("v2: run id") { db in
            try db.alter(table: HistoryEntry.databaseTableName) { table in table.add(column: "run", .text) }
            try db.create(indexOn: HistoryEntry.databaseTableName, columns: ["run"])
        }
        // Bodies are fingerprinted by XXH3-128 from now on; the rows already written keep their SHA-256.
        migrator.registerMigration("v3: body hash algorithm") { db in
            try db.alter(table: HistoryEntry.databaseTableName) { table in
                table.rename(column: "responseBodySHA256", to: "responseBodyHash")
                table.add(column: "responseBodyHashAlgorithm", .text)
            }
            try db.execute(
                sql: "UPDATE \(HistoryEntry.databaseTableName) SET responseBodyHashAlgorithm = ? WHERE responseBodyHash IS NOT NULL",
                arguments: [BodyFingerprint.Algorithm.sha256.rawValue])
        }
        // The byte retention sums storedBytes every 64 rows: from the index, not the rows and their bodies.
        migrator.registerMigration("v4: stored bytes index") { db in
            try db.create(indexOn: HistoryEntry.databaseTableName, columns: ["storedBytes"])
        }
        // Each exchange's checks (`expect:`, the OpenAPI contract) are recorded with it.
        migrator.registerMigration("v5: checks") { db in
            try db.alter(table: HistoryEntry.databaseTableName) { table in table.add(column: "checks", .text) }
        }
        // The fields after the body (a gRPC call's status and trailing metadata).
        migrator.registerMigration("v6: trailers") { db in
            try db.alter(table: HistoryEntry.databaseTableName) { table in table.add(column: "responseTrailers", .text) }
        }
        // Rows are put in the full-text index by the first search after them, not as they are
        // written: the ids waiting, deleted with their rows (by a build before this one too).
        migrator.registerMigration("v7: rows waiting for the full-text index") { db in
            try db.execute(sql: "CREATE TABLE \(unindexedTable) (id INTEGER PRIMARY KEY)")
            try db.execute(
                sql: """
                    CREATE TRIGGER \(unindexedTable)Delete AFTER DELETE ON \(HistoryEntry.databaseTableName)
                    BEGIN DELETE FROM \(unindexedTable) WHERE id = old.id; END
                    """)
        }
        return migrator
    }
}
