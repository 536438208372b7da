import FerryCore
import FerryStore
import Foundation
import Testing

/// Comparing two exchanges: status, headers, and the bodies as ordered trees.
@Suite struct HistoryDiffTests {
    private func json(_ text: String) throws -> Document { try JSONParser.parse(Data(text.utf8)) }

    @Test func jsonTreesDiffByPathInDocumentOrder() throws {
        let old = try json(
            #"{"id": 1, "name": "kayak", "tags": ["a", "b", "c"], "price": {"amount": 10, "currency": "EUR"}, "odd key": true}"#)
        let new = try json(#"{"id": 1, "name": "canoe", "tags": ["a", "b"], "price": 12, "stock": {"count": 3}, "odd key": true}"#)
        let changes = DocumentDiff.compare(old, new)
        #expect(
            changes == [
                .init(kind: .changed, path: "$.name", old: #""kayak""#, new: #""canoe""#),
                .init(kind: .removed, path: "$.tags[2]", old: #""c""#, new: nil),
                .init(kind: .changed, path: "$.price", old: "{…}", new: "12"),
                .init(kind: .removed, path: "$.price.amount", old: "10", new: nil),
                .init(kind: .removed, path: "$.price.currency", old: #""EUR""#, new: nil),
                .init(kind: .added, path: "$.stock", old: nil, new: "{…}"),
            ])
        #expect(DocumentDiff.compare(old, old).isEmpty)
    }

    @Test func numbersAndStringsAreNotConfused() throws {
        let changes = DocumentDiff.compare(try json(#"{"a": 1, "b c": "x"}"#), try json(#"{"a": "1", "b c": "x"}"#))
        #expect(changes == [.init(kind: .changed, path: "$.a", old: "1", new: #""1""#)])
    }

    @Test func xmlTreesDiffByElementPaths() throws {
        let old = try XMLDocumentParser.parse(Data(#"<shop><item id="1">kayak</item><item id="2">paddle</item></shop>"#.utf8))
        let new = try XMLDocumentParser.parse(
            Data(#"<shop><item id="1">kayak</item><item id="3">paddle</item><note>new</note></shop>"#.utf8))
        let changes = DocumentDiff.compare(old, new)
        #expect(
            changes == [
                .init(kind: .changed, path: "/shop/item[2]/@id", old: "2", new: "3"),
                .init(kind: .added, path: "/shop/note", old: nil, new: "<note>"),
            ])
    }

    @Test func exchangesDiffStatusHeadersAndBody() throws {
        let old = try HistoryEntry(
            request: HistoryFixtures.request(),
            response: HistoryFixtures.response(
                body: #"{"n": 1}"#, headers: [("ETag", "a"), ("X-Old", "1"), ("Vary", "Accept"), ("Vary", "Origin")]),
            error: nil, started: Date())
        let new = try HistoryEntry(
            request: HistoryFixtures.request(),
            response: HistoryFixtures.response(
                status: 404, body: #"{"n": 2}"#, headers: [("ETag", "b"), ("Vary", "Accept, Origin"), ("X-New", "2")]),
            error: nil, started: Date())
        let diff = ExchangeDiff(old, new)
        #expect(diff.status == .init(old: 200, new: 404))
        #expect(
            diff.headers == [
                .init(kind: .changed, name: "ETag", old: "a", new: "b"),
                .init(kind: .removed, name: "X-Old", old: "1", new: nil),
                .init(kind: .added, name: "X-New", old: nil, new: "2"),
            ])
        #expect(!diff.body.identical)
        #expect(diff.body.format == "JSON")
        #expect(diff.body.changes == [.init(kind: .changed, path: "$.n", old: "1", new: "2")])
        #expect(ExchangeDiff(old, old).isEmpty)
    }

    @Test func bodiesThatAreNotTreesAreComparedByBytes() throws {
        let old = try HistoryFixtures.entry(body: "plain one", contentType: "text/plain")
        let new = try HistoryFixtures.entry(body: "plain two", contentType: "text/plain")
        let diff = ExchangeDiff(old, new)
        #expect(!diff.body.identical && diff.body.changes.isEmpty)
        #expect(diff.body.note?.contains("not both JSON, XML or a property list") == true)
    }
}
