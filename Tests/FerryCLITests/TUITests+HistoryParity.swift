import FerryServer
import FerryTestSupport
import Foundation
import GRDB
import Testing

/// Issue 27: one request file sent by `ferry send`, `ferry run` and the TUI leaves the same history
/// row, column by column, but for what differs by nature (the row's id and time, the durations, the
/// run's id, the server's Date header and connection).
extension TUITests {
    @Test func sendRunAndTheTUIRecordTheSameRowForOneRequestFile() async throws {
        try await withDemoServer { server in
            let home = try TemporaryDirectory()
            let collection = home.file("c")
            try FileManager.default.createDirectory(atPath: collection + "/environments", withIntermediateDirectories: true)
            _ = try home.write(
                "c/environments/test.yaml",
                Data(
                    """
                    baseURL: \(server.baseURL)
                    token: { value: s3cret-token-value, secret: true }
                    """.utf8))
            _ = try home.write(
                "c/echo.ferry.yaml",
                Data(
                    """
                    name: echo with a secret
                    method: POST
                    url: "{{baseURL}}/anything?page=2"
                    headers:
                      - Authorization: "Bearer {{token}}"
                    body:
                      json: { name: ferry }
                    expect:
                      status: 200
                    """.utf8))
            let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "LANG": "C.UTF-8"]
            let sent = await FerryBinary.run(["send", collection + "/echo.ferry.yaml", "--env", "test"], environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            let ran = await FerryBinary.run(["run", collection + "/echo.ferry.yaml", "--env", "test"], environment: environment)
            #expect(ran.status == 0, "\(ran.text)\(ran.stderr)")

            let session = try startFerry("--collection \(collection) --env test", home: home)
            defer {
                session.close()
                withExtendedLifetime(home) {}
            }
            try await session.waitForScreen { $0.contains("echo with a secret") }
            try session.send("C-b", "Enter")
            try await session.waitForScreen { $0.contains("opened echo.ferry.yaml") }
            try session.send("C-r")
            try await session.waitForScreen { $0.contains("200 OK") }
            let database = home.file(".local/share/ferry/history.sqlite")
            let deadline = ContinuousClock.now + .seconds(15)
            var rows: [Row] = []
            while rows.count < 3, ContinuousClock.now < deadline {
                rows =
                    (try? await DatabaseQueue(path: database).read { try Row.fetchAll($0, sql: "SELECT * FROM exchange ORDER BY id") })
                    ?? []
                if rows.count < 3 { try await Task.sleep(for: .milliseconds(50)) }
            }
            try #require(rows.count == 3, "three exchanges recorded: \(rows.count)")
            let differByNature: Set<String> = [
                "id", "time", "durationMs", "timeline", "run", "responseHeaders", "remoteAddress", "storedBytes",
            ]
            for column in rows[0].columnNames where !differByNature.contains(column) {
                var values = rows.map { $0[column] as DatabaseValue }
                if column == "options", let run = String.fromDatabaseValue(values[1]) {
                    // ferry run puts its time limit on a request whose file sets none (issue 31): that alone differs.
                    values[1] = run.replacingOccurrences(of: #","totalTimeout":300"#, with: "").databaseValue
                }
                #expect(values[1] == values[0], "ferry run's \(column) differs from ferry send's: \(values[1]) vs \(values[0])")
                #expect(values[2] == values[0], "the TUI's \(column) differs from ferry send's: \(values[2]) vs \(values[0])")
            }
            #expect(!rows.contains { "\($0)".contains("s3cret-token-value") }, "the secret is stored by its name only")
        }
    }
}
