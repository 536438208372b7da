import FerryCore
import FerryTestSupport
import Foundation
import Testing

@testable import FerryStore

/// A run's history written on the writer's own queue, in batches, into a real SQLite file.
@Suite struct HistoryWriterTests {
    private func exchange(_ index: Int, redaction: Redaction = Redaction()) -> FinishedExchange {
        FinishedExchange(
            request: HistoryFixtures.request("http://api.example.com/items/\(index)?token=abc123"),
            response: HistoryFixtures.response(body: #"{"n": \#(index)}"#), error: nil, started: Date(),
            origin: HistoryOrigin(collection: "shop", requestPath: "items/\(index).ferry.yaml", environment: nil, run: "run-1"),
            redaction: redaction)
    }

    @Test func recordsEveryExchangeInOrderAcrossBatches() throws {
        let directory = try TemporaryDirectory()
        let writer = HistoryWriter(locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path))
        let count = HistoryWriter.batchSize * 2 + 5
        for index in 0..<count { writer.append(exchange(index, redaction: Redaction([.init(secret: "abc123", replacement: "{{token}}")]))) }
        #expect(writer.finish() == nil)
        let history = try HistoryStore(path: directory.file("history.sqlite"))
        var query = HistoryQuery(limit: count + 10)
        query.run = "run-1"
        let entries = try history.search(query)
        #expect(entries.count == count)
        #expect(entries.reversed().map(\.url) == (0..<count).map { "http://api.example.com/items/\($0)?token={{token}}" })
    }

    /// Rows are written without their full-text rows; a search made as soon as a run ends — by a
    /// store opened before it (the TUI's) or after it — finds every row by a word of a body and of a header.
    @Test func aSearchRightAfterARunFindsItsRowsByABodyWordAndAHeader() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("history.sqlite")
        let count = HistoryWriter.batchSize + 3
        /// A run of `count` exchanges whose bodies hold `fruit`; every other one's request has the header `X-Basket: rattan`.
        func run(_ fruit: String) {
            let writer = HistoryWriter(locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path))
            for index in 0..<count {
                var exchange = exchange(index)
                exchange.request.headers.add(name: "X-Basket", value: index % 2 == 0 ? "wicker" : "rattan")
                exchange.response = HistoryFixtures.response(body: #"{"fruit": "\#(fruit)", "n": \#(index)}"#)
                writer.append(exchange)
            }
            #expect(writer.finish() == nil)
        }
        let before = try HistoryStore(path: path)
        #expect(try before.search(HistoryQuery(text: "kumquat")).isEmpty)
        run("kumquat")
        let first = try before.list(limit: count).map(\.id)
        #expect(first.count == count)
        #expect(try before.search(HistoryQuery(text: "kumquat", limit: count)).map(\.id) == first)
        #expect(try before.search(HistoryQuery(text: "x-basket rattan", limit: count)).count == count / 2)
        run("loquat")
        let after = try HistoryStore(path: path)
        let second = try after.entries(HistoryQuery(text: "loquat", limit: 2 * count)).map(\.id)
        #expect(second.count == count && Set(second).isDisjoint(with: first))
        #expect(try after.search(HistoryQuery(text: "rattan", limit: 2 * count)).count == 2 * (count / 2))
    }

    @Test func aBatchIsCommittedWithoutWaitingForTheEnd() async throws {
        let directory = try TemporaryDirectory()
        let writer = HistoryWriter(locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path))
        writer.append(exchange(1))
        let path = directory.file("history.sqlite")
        try await Deadline.within(30, "the first batch's commit") {
            while !FileManager.default.fileExists(atPath: path) || (try? HistoryStore(path: path).list(limit: 5).count) != 1 {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        writer.append(exchange(2))
        #expect(writer.finish() == nil)
        #expect(
            try HistoryStore(path: path).list(limit: 5).map(\.url) == [
                "http://api.example.com/items/2?token=abc123", "http://api.example.com/items/1?token=abc123",
            ])
    }

    @Test func anUnusableHistoryIsOneWarningAndNothingElse() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("not-a-folder", Data())
        let writer = HistoryWriter(locations: StoreLocations(configDirectory: file, dataDirectory: file))
        for index in 0..<3 { writer.append(exchange(index)) }
        let warning = try #require(writer.finish())
        #expect(
            warning.message
                == "3 of the 3 exchanges were not recorded in the history: \(file) is not a folder (\(file)/history.sqlite)")
        #expect(writer.finish() == warning)
    }

    /// A secret first met after a row was written (a later request's secret capture) is redacted in
    /// that row too, and in the full-text index, once the writer finishes with the run's secrets.
    @Test func aSecretMetLaterIsRedactedInTheRowsWrittenBefore() async throws {
        let directory = try TemporaryDirectory()
        let writer = HistoryWriter(locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path))
        let token = Redaction.Rule(secret: "tok-5f2e91", replacement: "{{token}}")
        var early = exchange(1)
        early.response = HistoryFixtures.response(body: #"{"session": "tok-5f2e91"}"#)
        writer.append(early)
        let path = directory.file("history.sqlite")
        try await Deadline.within(30, "the first row's commit") {
            while !FileManager.default.fileExists(atPath: path) || (try? HistoryStore(path: path).list(limit: 5).count) != 1 {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(try HistoryStore(path: path).search(HistoryQuery(text: "5f2e91")).count == 1, "written before the secret was known")
        writer.append(exchange(2, redaction: Redaction([token])))
        #expect(writer.finish(redaction: Redaction([token])) == nil)
        let history = try HistoryStore(path: path)
        let rows = try history.list(limit: 5)
        #expect(rows.count == 2)
        let first = try history.entry(id: try #require(rows.last).id)
        #expect(first.responseBody == Data(#"{"session": "{{token}}"}"#.utf8))
        #expect(first.redacted)
        #expect(try history.search(HistoryQuery(text: "5f2e91")).isEmpty)
        #expect(try history.search(HistoryQuery(text: "session")).map(\.id) == [first.id])
    }

    /// A run's memory does not grow with its length: once rows are committed the writer keeps none
    /// of their exchanges, only runs of ids written with the same secrets — and a secret met at the
    /// end is still taken out of all of them.
    @Test func keepsNoExchangeOnceWrittenAndStillRedactsLateSecrets() throws {
        let directory = try TemporaryDirectory()
        let writer = HistoryWriter(locations: StoreLocations(configDirectory: directory.path, dataDirectory: directory.path))
        let early = Redaction([Redaction.Rule(secret: "pw-0c8d", replacement: "{{password}}")])
        let late = Redaction.Rule(secret: "abc123", replacement: "{{token}}")  // in every row's URL
        for index in 1...300 { writer.append(exchange(index, redaction: index <= 150 ? Redaction() : early)) }
        #expect(writer.finish(redaction: Redaction(early.rules + [late])) == nil)
        #expect(writer.held.exchanges == 0)
        #expect(writer.held.spans == 2)
        let history = try HistoryStore(path: directory.file("history.sqlite"))
        #expect(try history.count() == 300)
        #expect(try history.search(HistoryQuery(text: "abc123", limit: 500)).isEmpty)
        let rows = try history.entries(HistoryQuery(limit: 500))
        #expect(rows.allSatisfy { $0.url.hasSuffix("?token={{token}}") && $0.redacted })
    }
}
