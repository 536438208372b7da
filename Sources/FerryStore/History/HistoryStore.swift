import FerryCore
import Foundation
import GRDB
import Synchronization

/// The history of exchanges in one SQLite file (WAL), safe to share between Ferry processes.
public final class HistoryStore: Sendable {
    /// Bytes of each body kept by default; the rest is summarised by size and fingerprint.
    public static let defaultBodyLimit = 1 << 20
    public static let fileName = "history.sqlite"
    /// How long a write waits for another process's write before failing: a second, so a database
    /// another program holds costs a send no more than that (the exchange then goes unrecorded).
    static let busyTimeout: TimeInterval = 1
    /// Retention is checked after every this many recorded entries, so recording stays cheap.
    static let retentionInterval: Int64 = 64
    /// The size of WAL that `truncateWAL` empties.
    static let walTruncationBytes: off_t = 512 << 10
    /// The most KiB of pages the recording connection caches.
    static let recordingCacheKiB = 32 << 10
    /// Bytes of a text body put in the full-text index.
    static let indexedBodyLimit = 256 << 10

    public let path: String
    /// A pool (concurrent reads) or, for a process that only records, one connection.
    let pool: any DatabaseWriter
    let retention: HistoryRetention
    /// The nested columns' writer, kept from one batch to the next: the options, redirects and checks
    /// a run's rows share are then encoded once a run, not once a batch.
    private let json = Mutex(HistoryJSONColumns())

    /// Opens (creating and migrating as needed) the history at `path`. A new history is readable by
    /// its owner only: its folder is created 0700 and the file 0600 before SQLite opens it (the WAL
    /// and shared-memory files take the database file's mode), as it holds requests and responses.
    ///
    /// `recordingOnly` opens one connection instead of a pool, for the history writer: GRDB's pool
    /// writes a table and drops it to make sure a `-wal` file exists for its readers, a fifth of a
    /// one-request `ferry send`'s instructions; the database is put in WAL mode, which the file keeps.
    public init(path: String, retention: HistoryRetention = .standard, recordingOnly: Bool = false) throws {
        self.path = path
        self.retention = retention
        do {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if created >= 0 { close(created) }
            var configuration = Configuration()
            configuration.busyMode = .timeout(Self.busyTimeout)
            configuration.label = "ferry.history"
            // In WAL mode NORMAL is safe against crashes and kills (a power cut may lose the last
            // entries, never the file's integrity) and spares an fsync per recorded exchange.
            configuration.prepareDatabase { db in
                if recordingOnly, try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                    try db.execute(sql: "PRAGMA journal_mode = WAL")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // A writer at the retention's limit deletes as many old rows as it adds, and their
                // full-text segments are merged: in SQLite's default 2 MiB cache that read the same
                // pages again and again (55,000 reads for a run of 1,000 into a 10,000-row history,
                // 4,800 with this cache). A bound, not an allocation: pages are cached as they are read.
                if recordingOnly { try db.execute(sql: "PRAGMA cache_size = -\(Self.recordingCacheKiB)") }
            }
            pool =
                try recordingOnly
                ? DatabaseQueue(path: path, configuration: configuration) : DatabasePool(path: path, configuration: configuration)
            try Self.migrate(pool)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError.unavailable(path: path, problem: Self.describe(error, path: path))
        }
    }

    /// The history in the user's data directory (`$XDG_DATA_HOME/ferry/history.sqlite`).
    public convenience init(locations: StoreLocations, retention: HistoryRetention = .standard, recordingOnly: Bool = false) throws {
        try self.init(
            path: (locations.dataDirectory as NSString).appendingPathComponent(Self.fileName), retention: retention,
            recordingOnly: recordingOnly)
    }

    /// Runs the migrations; when another process migrated first (both saw an old schema), its
    /// work is what counts. The check is made on the writer's connection, which recording opens
    /// anyway: a reader's would be a second connection (and schema parse) for a one-request process.
    ///
    /// A history at this schema says so in its header (`PRAGMA user_version`, raised to it once it
    /// is): one read, where the migrator's own check builds every migration and reads its table (2%
    /// of a one-request `ferry send`'s instructions). A newer Ferry's history keeps its higher number.
    private static func migrate(_ pool: any DatabaseWriter) throws {
        let marked = try pool.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA user_version") } ?? 0
        if marked == HistorySchema.version { return }
        let migrator = HistorySchema.migrator
        if try !pool.writeWithoutTransaction(migrator.hasCompletedMigrations) { try migrate(pool, with: migrator) }
        if marked < HistorySchema.version {
            try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = \(HistorySchema.version)") }
        }
    }

    /// Applies `migrator`'s migrations, or waits for another process applying them.
    private static func migrate(_ pool: any DatabaseWriter, with migrator: DatabaseMigrator) throws {
        do {
            try migrator.migrate(pool)
        } catch {
            // The other process may be between two of its migrations (each is a transaction of its
            // own): wait for it to finish, or take over where it stopped, for a few seconds at most.
            let deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline {
                if try pool.read(migrator.hasCompletedMigrations) { return }
                if (try? migrator.migrate(pool)) != nil { return }
                Thread.sleep(forTimeInterval: 0.02)  // polling another process's progress, not a test's wait
            }
            throw error
        }
    }

    // MARK: - Writing

    /// Stores an entry; returns its id. Applies the retention now and then. Its full-text row is made
    /// by the first search after it (`indexWaitingRows`).
    @discardableResult
    public func record(_ entry: HistoryEntry) throws -> Int64 {
        try record([entry])[0]
    }

    /// Stores entries in one transaction (a batch of a run's exchanges); returns their ids in order.
    /// Rows go in through prepared statements, their nested values written by one `HistoryJSONColumns`,
    /// each id into the rows waiting for the full-text index: tokenising a row's heads and bodies was
    /// a third of a run's writer, and most rows are never searched before retention deletes them.
    @discardableResult
    public func record(_ entries: [HistoryEntry]) throws -> [Int64] {
        try perform("record the exchange") {
            try pool.write { db in
                let insert = try db.cachedStatement(sql: Self.insertSQL)
                let waiting = try db.cachedStatement(sql: Self.waitingInsertSQL)
                return try json.withLock { json in
                    try entries.map { entry throws -> Int64 in
                        // The id is SQLite's.
                        try Self.execute(insert, try entry.databaseValues(json: json).dropFirst())
                        let id = db.lastInsertedRowID
                        try Self.execute(waiting, CollectionOfOne(id.databaseValue))
                        if id % Self.retentionInterval == 0 { _ = try Self.prune(db, to: retention) }
                        return id
                    }
                }
            }
        }
    }

    /// Rewrites entries in place (the same ids), in one transaction; their full-text rows are made
    /// again by the next search.
    public func replace(_ rows: [(id: Int64, entry: HistoryEntry)]) throws {
        try perform("record the exchange") {
            try pool.write { db in
                let update = try db.cachedStatement(sql: Self.updateSQL)
                let unindex = try db.cachedStatement(sql: Self.searchDeleteSQL)
                let waiting = try db.cachedStatement(sql: "INSERT OR IGNORE INTO \(HistorySchema.unindexedTable) (id) VALUES (?)")
                try json.withLock { json in
                    for (id, entry) in rows {
                        try Self.execute(update, try entry.databaseValues(json: json).dropFirst() + CollectionOfOne(id.databaseValue))
                        try unindex.execute(arguments: [id])
                        try waiting.execute(arguments: [id])
                    }
                }
            }
        }
    }

    /// Puts the rows waiting for the full-text index into it, in one transaction, so that a search
    /// finds every row as if each had been indexed when it was written (a run's rows, searched the
    /// moment it ends, by this process or another). Bounded by the rows the history holds; a read
    /// of one page when none waits. A history this user may not write is searched as it is indexed.
    func indexWaitingRows() throws {
        let unindexed = HistorySchema.unindexedTable
        guard try pool.read({ try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM \(unindexed))") }) == true else { return }
        do {
            try pool.write { db in
                let unindex = try db.cachedStatement(sql: Self.searchDeleteSQL)
                let index = try db.cachedStatement(sql: Self.searchInsertSQL)
                let rows = try Row.fetchCursor(db, sql: Self.waitingRowsSQL)
                while let row = try rows.next() {
                    let id: Int64 = row[0]
                    try unindex.execute(arguments: [id])  // none, unless a build before this one wrote it again
                    try Self.execute(
                        index,
                        [
                            id.databaseValue, row[1] as DatabaseValue, row[2] as DatabaseValue,
                            ((row[3] as Int?).map { String($0) } ?? "error").databaseValue, (row[4] as String? ?? "").databaseValue,
                            Self.bodyText(row[5], row[6]).databaseValue,
                        ])
                }
                try db.execute(sql: "DELETE FROM \(unindexed)")
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            return
        }
    }

    /// Replaces `redaction`'s secrets in the rows `ids` that hold one (and in their full-text rows),
    /// a chunk of rows at a time: what a run met late is taken out of the rows written before.
    /// Returns how many rows changed.
    @discardableResult
    public func redact(_ ids: ClosedRange<Int64>, with redaction: Redaction) throws -> Int {
        var changed = 0
        var low = ids.lowerBound
        while low <= ids.upperBound {
            let high = min(ids.upperBound, low + Self.redactionChunk - 1)
            let entries = try perform("read the history") {
                try pool.read {
                    try HistoryEntry.fetchAll(
                        $0, sql: "SELECT * FROM \(HistoryEntry.databaseTableName) WHERE id BETWEEN ? AND ?", arguments: [low, high])
                }
            }
            let rows = entries.compactMap { entry -> (id: Int64, entry: HistoryEntry)? in
                var entry = entry
                guard let id = entry.id, entry.redact(with: redaction) else { return nil }
                return (id, entry)
            }
            if !rows.isEmpty { try replace(rows) }
            changed += rows.count
            low = high + 1
        }
        return changed
    }

    /// Rows read at a time by `redact`.
    static let redactionChunk: Int64 = 128

    /// Runs one of the prepared writes above with `values`, one for each of its parameters in order
    /// (the columns' test checks the count), bound one by one: GRDB's `StatementArguments` maps its
    /// values through a generic key path on each call (its initialisers are not inlinable), which
    /// cost a run's writer more than SQLite's own work on the row did.
    private static func execute(_ statement: Statement, _ values: some Sequence<DatabaseValue>) throws {
        statement.setUncheckedArguments(StatementArguments())  // GRDB binds nothing and keeps what is bound below
        for (index, value) in zip(CInt(1)..., values) {
            let code = ResultCode(rawValue: value.bind(to: statement.sqliteStatement, at: index))
            guard code == .SQLITE_OK else { throw DatabaseError(resultCode: code, sql: statement.sql) }
        }
        try statement.execute()
    }

    /// The full-text columns of the rows waiting for the index: id, URL, method, status, every
    /// header of the request as composed, as sent and of the response as `name: value` lines (made
    /// from their JSON by SQLite: decoding whole entries was two thirds of a first search's time),
    /// and the two bodies as stored.
    private static let waitingRowsSQL = """
        SELECT e.id, e.url, e.method, e.status,
        (SELECT group_concat(json_extract(h.value, '$.name') || ': ' || json_extract(h.value, '$.value'), char(10))
         FROM (SELECT value FROM json_each(e.requestHeaders) UNION ALL SELECT value FROM json_each(coalesce(e.sentHeaders, '[]'))
         UNION ALL SELECT value FROM json_each(e.responseHeaders)) h),
        e.requestBody, e.responseBody
        FROM \(HistorySchema.unindexedTable) u JOIN \(HistoryEntry.databaseTableName) e ON e.id = u.id
        """

    private static let searchInsertSQL =
        "INSERT INTO \(HistorySchema.searchTable) (rowid, url, method, status, headers, body) VALUES (?, ?, ?, ?, ?, ?)"

    private static let searchDeleteSQL = "DELETE FROM \(HistorySchema.searchTable) WHERE rowid = ?"

    private static let waitingInsertSQL = "INSERT INTO \(HistorySchema.unindexedTable) (id) VALUES (?)"

    /// Sets an entry's columns but its id, by id.
    private static let updateSQL =
        "UPDATE \(HistoryEntry.databaseTableName) SET \(HistoryEntry.columnNames.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"

    /// Inserts an entry's columns but its id.
    private static let insertSQL =
        "INSERT INTO \(HistoryEntry.databaseTableName) (\(HistoryEntry.columnNames.dropFirst().joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: HistoryEntry.columnNames.count - 1)))"

    /// Copies the WAL into the file and empties it, once it holds more than `walTruncationBytes`.
    /// A process that records and exits leaves its WAL behind (closing would copy it: four syncs for
    /// a one-request `ferry send`), and the next process reads all of it back; worse, SQLite then
    /// counts none of it as copied, so the WAL is never started over: it grew by some 70 KB a send
    /// and every later process read and copied all of it. The writer empties it when it opens the
    /// history (`HistoryWriter`), which keeps both small. A reader holding it (the TUI) makes this a
    /// no-op until next time.
    public func truncateWAL() {
        var status = stat()
        guard stat(path + "-wal", &status) == 0, status.st_size > Self.walTruncationBytes else { return }
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    }

    /// Deletes the oldest entries beyond `retention`; returns how many went. With `compact`, the
    /// file is then rewritten to give the space back.
    @discardableResult
    public func prune(to retention: HistoryRetention, compact: Bool = false) throws -> Int {
        try perform("prune the history") {
            let deleted = try pool.write { try Self.prune($0, to: retention) }
            if compact && deleted > 0 { try pool.vacuum() }
            return deleted
        }
    }

    private static func prune(_ db: Database, to retention: HistoryRetention) throws -> Int {
        var deleted = 0
        let table = HistoryEntry.databaseTableName
        // Bounds read from the two indexes' ends (a few pages), not from a walk over every row: the
        // ids' span bounds the count, and the span times the largest entry the total. Recording checks
        // every 64th row, and walks that grow with the history made a long run slower per request.
        // (One MIN or MAX per SELECT: SQLite reads those from an index's end, two in one SELECT from every row.)
        let span = try Int64.fetchOne(db, sql: "SELECT (SELECT MAX(id) FROM \(table)) - (SELECT MIN(id) FROM \(table)) + 1") ?? 0
        if let maxEntries = retention.maxEntries, span > Int64(maxEntries) {
            try db.execute(
                sql: "DELETE FROM \(table) WHERE id <= (SELECT id FROM \(table) ORDER BY id DESC LIMIT 1 OFFSET ?)",
                arguments: [max(0, maxEntries)])
            deleted += db.changesCount
        }
        // The total first (read from the storedBytes index alone): the window over every row runs
        // only when something must go.
        if let maxBytes = retention.maxBytes,
            try mayHoldMore(than: maxBytes, rows: span, db),
            try Int64.fetchOne(db, sql: "SELECT TOTAL(storedBytes) FROM \(table)").map({ $0 > maxBytes }) ?? false
        {
            try db.execute(
                sql: """
                    DELETE FROM \(table) WHERE id <= (SELECT id FROM (SELECT id, SUM(storedBytes) OVER (ORDER BY id DESC) AS kept FROM \(table))
                    WHERE kept > ? ORDER BY id DESC LIMIT 1)
                    """, arguments: [max(0, maxBytes)])
            deleted += db.changesCount
        }
        return deleted
    }

    /// False when `rows` entries of the largest size stored stay within `maxBytes` (nothing to add up).
    private static func mayHoldMore(than maxBytes: Int64, rows: Int64, _ db: Database) throws -> Bool {
        let largest = try Int64.fetchOne(db, sql: "SELECT MAX(storedBytes) FROM \(HistoryEntry.databaseTableName)") ?? 0
        let (bound, overflow) = rows.multipliedReportingOverflow(by: largest)
        return overflow || bound > maxBytes
    }

    // MARK: - Reading

    /// The entry with this id, or `HistoryError.notFound`.
    public func entry(id: Int64) throws -> HistoryEntry {
        let entry = try perform("read the history") { try pool.read { try HistoryEntry.fetchOne($0, key: id) } }
        guard let entry else { throw HistoryError.notFound(id: id) }
        return entry
    }

    /// The newest entries first.
    public func list(limit: Int) throws -> [HistorySummary] {
        try search(HistoryQuery(limit: limit))
    }

    /// The newest entries matching `query` first.
    public func search(_ query: HistoryQuery) throws -> [HistorySummary] {
        let (sql, arguments) = try select(HistorySummary.columns.map { "e." + $0 }.joined(separator: ", "), query)
        return try perform("search the history") { try pool.read { try HistorySummary.fetchAll($0, sql: sql, arguments: arguments) } }
    }

    /// Whole entries matching `query`, newest first.
    public func entries(_ query: HistoryQuery) throws -> [HistoryEntry] {
        let (sql, arguments) = try select("e.*", query)
        return try perform("read the history") { try pool.read { try HistoryEntry.fetchAll($0, sql: sql, arguments: arguments) } }
    }

    /// Hands the newest `query.limit` entries matching `query` to `body` oldest first, one row in
    /// memory at a time (for exports of the whole history). Errors `body` throws pass through.
    public func forEachEntry(_ query: HistoryQuery, _ body: (HistoryEntry) throws -> Void) throws {
        let (sql, arguments) = try select("e.*", query)
        var failure: (any Error)?
        try perform("read the history") {
            try pool.read { db in
                let entries = try HistoryEntry.fetchCursor(db, sql: "SELECT * FROM (\(sql)) ORDER BY id", arguments: arguments)
                while failure == nil, let entry = try entries.next() {
                    do { try body(entry) } catch { failure = error }
                }
            }
        }
        if let failure { throw failure }
    }

    public func count() throws -> Int {
        try perform("read the history") { try pool.read { try HistoryEntry.fetchCount($0) } }
    }

    /// The query's statement; a text search first indexes the rows waiting for it.
    private func select(_ columns: String, _ query: HistoryQuery) throws -> (String, StatementArguments) {
        var (conditions, values) = try query.conditions()
        var from = "\(HistoryEntry.databaseTableName) e"
        var order = "e.id"
        if let text = query.text, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let pattern = FTS5Pattern(matchingAllPrefixesIn: text) else {
                throw HistoryError.invalidArgument(name: "search", problem: "`\(text)` has no words to search for")
            }
            try perform("search the history") { try indexWaitingRows() }
            from = "\(HistorySchema.searchTable) s JOIN \(HistoryEntry.databaseTableName) e ON e.id = s.rowid"
            order = "s.rowid"
            conditions.insert("\(HistorySchema.searchTable) MATCH ?", at: 0)
            values.insert(pattern.rawPattern, at: 0)
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        values.append(max(0, query.limit))
        return ("SELECT \(columns) FROM \(from)\(filter) ORDER BY \(order) DESC LIMIT ?", StatementArguments(values))
    }

    // MARK: - Helpers

    /// Runs a database operation, turning GRDB's errors into `HistoryError.failed`.
    private func perform<T>(_ operation: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError.failed(operation: operation, problem: Self.describe(error, path: path) + " (\(path))")
        }
    }

    /// What a database error means for the history at `path`, in a person's words (SQLite's own
    /// message for the rare ones).
    static func describe(_ error: any Error, path: String) -> String {
        guard let error = error as? DatabaseError else { return error.localizedDescription }
        let folder = (path as NSString).deletingLastPathComponent
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return "another program holds its database"
        case .SQLITE_FULL: return "the disk is full"
        case .SQLITE_IOERR: return "its file could not be written or read (is the disk full?)"
        case .SQLITE_READONLY, .SQLITE_PERM: return "its file may not be written"
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return "the file is not a history database, or it is damaged"
        case .SQLITE_CANTOPEN:
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                return "\(folder) is not a folder"
            }
            return access(folder, R_OK | W_OK | X_OK) == 0
                ? "its file cannot be opened" : "Ferry may not read or write its folder \(folder)"
        default: return error.message ?? error.description
        }
    }

    /// The text bodies of an entry (binary ones are left out), for the full-text index.
    static func bodyText(_ bodies: Data?...) -> String {
        bodies.compactMap { body -> String? in
            guard let body, !body.isEmpty else { return nil }
            let prefix = Array(body.prefix(indexedBodyLimit))
            guard TerminalSafeText.looksLikeText(prefix, isPrefix: true) else { return nil }
            return String(decoding: prefix, as: UTF8.self)
        }.joined(separator: "\n")
    }
}
