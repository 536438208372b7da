import FerryCore
@testable import FerryStore
import Foundation
import GRDB
import Testing

/// The hand-written row of `HistoryEntry` is the row GRDB's `Codable` encoding made before it:
/// every column, the same values (a property added without its column fails here).
@Suite struct HistoryEntryPersistenceTests {
    /// An entry through GRDB's generic `Encodable` path.
    private struct CodableRow: Encodable, EncodableRecord {
        var entry: HistoryEntry
        static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .timeIntervalSince1970 }
        func encode(to encoder: any Encoder) throws { try entry.encode(to: encoder) }
    }

    private func expectSameRow(_ entry: HistoryEntry) throws {
        let written = try entry.databaseDictionary
        let generic = try CodableRow(entry: entry).databaseDictionary
        #expect(Set(written.keys) == Set(generic.keys))
        for (column, value) in generic { #expect(written[column] == value, "\(column)") }
    }

    @Test func aFullExchangeIsTheSameRow() throws {
        let request = HistoryFixtures.request("http://api.example.com/items?q=1", method: .post,
                                              headers: ["Content-Type": "application/json", "Authorization": "Bearer abc"],
                                              body: .bytes(Data(#"{"name":"ferry"}"#.utf8)))
        var response = HistoryFixtures.response(status: 201, body: #"{"id": 7}"#, headers: [("Set-Cookie", "a=1")])
        response.redirects = [RedirectHop(url: "http://api.example.com/old", status: 301, location: "/items", setCookies: ["b=2"])]
        var entry = try HistoryEntry(request: request, response: response, error: nil, started: Date(timeIntervalSince1970: 1_790_000_000.25),
                                     origin: HistoryOrigin(collection: "shop", requestPath: "items/create.ferry.yaml", environment: "dev", run: "r-1"),
                                     redaction: Redaction([.init(secret: "abc", replacement: "{{token}}")]))
        try expectSameRow(entry)
        entry.id = 42
        try expectSameRow(entry)
    }

    @Test func aFailedExchangeIsTheSameRow() throws {
        let failure = FerryError.transportFailed(reason: .init(kind: .connectionRefused, code: 7, codeText: "Couldn't connect to server", detail: "refused"))
        try expectSameRow(try HistoryEntry(request: HistoryFixtures.request(), response: nil, error: failure, started: Date()))
    }
}
