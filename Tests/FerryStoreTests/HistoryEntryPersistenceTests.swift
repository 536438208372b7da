import FerryCore
import FerryTestSupport
import Foundation
import GRDB
import Testing

@testable import FerryStore

/// The hand-written row of `HistoryEntry` (`columnNames`, `databaseValues`) is the row GRDB's
/// `Codable` encoding made before it:
/// every column, the same values (a property added without its column fails here).
@Suite struct HistoryEntryPersistenceTests {
    /// An entry through GRDB's generic `Encodable` path.
    private struct CodableRow: Encodable, EncodableRecord {
        var entry: HistoryEntry
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .timeIntervalSince1970 }
        func encode(to encoder: any Encoder) throws { try entry.encode(to: encoder) }
    }

    private func expectSameRow(_ entry: HistoryEntry) throws {
        let values = try entry.databaseValues(json: HistoryJSONColumns())
        let written = Dictionary(uniqueKeysWithValues: zip(HistoryEntry.columnNames, values))
        #expect(HistoryEntry.columnNames.count == values.count)
        let generic = try CodableRow(entry: entry).databaseDictionary
        #expect(Set(written.keys) == Set(generic.keys))
        for (column, value) in generic { #expect(written[column] == value, "\(column)") }
    }

    @Test func aFullExchangeIsTheSameRow() throws {
        let request = HistoryFixtures.request(
            "http://api.example.com/items?q=1", method: .post,
            headers: ["Content-Type": "application/json", "Authorization": "Bearer abc"],
            body: .bytes(Data(#"{"name":"ferry"}"#.utf8)))
        var response = HistoryFixtures.response(status: 201, body: #"{"id": 7}"#, headers: [("Set-Cookie", "a=1")])
        response.redirects = [RedirectHop(url: "http://api.example.com/old", status: 301, location: "/items", setCookies: ["b=2"])]
        var entry = try HistoryEntry(
            request: request, response: response, error: nil, started: Date(timeIntervalSince1970: 1_790_000_000.25),
            origin: HistoryOrigin(collection: "shop", requestPath: "items/create.ferry.yaml", environment: "dev", run: "r-1"),
            redaction: Redaction([.init(secret: "abc", replacement: "{{token}}")]))
        try expectSameRow(entry)
        entry.id = 42
        try expectSameRow(entry)
    }

    /// The texts remembered from the start are the encoder's, and a changed value is encoded again.
    @Test func theRememberedDefaultsAreTheEncodersText() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let columns = HistoryJSONColumns()
        #expect(try columns.text(RequestOptions()) == String(decoding: try encoder.encode(RequestOptions()), as: UTF8.self))
        #expect(try columns.text([RedirectHop]()) == String(decoding: try encoder.encode([RedirectHop]()), as: UTF8.self))
        var changed = RequestOptions()
        changed.maxRedirects = 3
        #expect(try columns.text(changed) == String(decoding: try encoder.encode(changed), as: UTF8.self))
    }

    @Test func aFailedExchangeIsTheSameRow() throws {
        let failure = FerryError.transportFailed(
            reason: .init(kind: .connectionRefused, code: 7, codeText: "Couldn't connect to server", detail: "refused"))
        try expectSameRow(try HistoryEntry(request: HistoryFixtures.request(), response: nil, error: failure, started: Date()))
    }

    /// Header values with every byte JSON escapes (and some it does not) are written as GRDB's encoder wrote them.
    @Test func headersWithEveryEscapeAreTheSameRow() throws {
        var awkward = String((1..<0x80).map { Character(Unicode.Scalar(UInt8($0))) })
        awkward += "é ⛴ \u{2028} \u{85} 渡し船"
        var response = HistoryFixtures.response(body: "{}", headers: [("X-Every-Byte", awkward), ("X-\"Quoted/Name\\", "a/b")])
        response.headers.add(name: "X-Empty", value: "")
        let request = HistoryFixtures.request(headers: ["Accept": "*/*", "X-Tab": "a\tb"])
        try expectSameRow(try HistoryEntry(request: request, response: response, error: nil, started: Date()))
    }

    /// Timelines of every shape (no phases, all of them, redirects, starts with and without fractions
    /// of a millisecond) are written as GRDB's encoder wrote them.
    @Test func timelinesAreTheSameRow() throws {
        let starts = [0, 1_764_262_353, 1_764_262_353.123_456_7, 1_790_000_000.25, 4_102_444_800.999_999, 12.000_5]
        for (index, start) in starts.enumerated() {
            var response = HistoryFixtures.response(body: "{}")
            let durations = Dictionary(
                uniqueKeysWithValues: Timeline.Phase.allCases.prefix(index * 2).map { ($0, Int64(index * 1000 + 7)) })
            response.timeline = Timeline(start: Date(timeIntervalSince1970: start), durations: durations, redirect: Int64(index * 3))
            try expectSameRow(try HistoryEntry(request: HistoryFixtures.request(), response: response, error: nil, started: Date()))
        }
    }

    /// Rows of one batch share the JSON of equal values and never a stale one: each reads back as it was.
    @Test func aBatchOfAlikeAndDifferentRowsReadsBackWhole() throws {
        let directory = try TemporaryDirectory()
        let history = try HistoryStore(path: directory.file("history.sqlite"))
        var entries: [HistoryEntry] = []
        for index in 0..<6 {
            let headers: HTTPHeaders = index % 3 == 0 ? ["Accept": "*/*"] : ["Accept": "application/json", "X-Index": "\(index / 2)"]
            var request = HistoryFixtures.request("http://api.example.com/items/\(index)", headers: headers)
            request.options.totalTimeout = index < 3 ? 30 : 5
            entries.append(
                try HistoryEntry(
                    request: request, response: index == 4 ? nil : HistoryFixtures.response(body: "{\"n\": \(index)}"),
                    error: index == 4 ? FerryError.explicitlyCancelled : nil, started: Date()))
        }
        let ids = try history.record(entries)
        for (id, written) in zip(ids, entries) {
            var stored = try history.entry(id: id)
            #expect(abs(stored.time.timeIntervalSince(written.time)) < 0.001)
            stored.id = nil
            stored.time = written.time  // seconds as a Double, and the timeline's start in milliseconds, as ever
            stored.timeline?.start = written.timeline?.start ?? Date()
            #expect(stored == written)
        }
    }
}
