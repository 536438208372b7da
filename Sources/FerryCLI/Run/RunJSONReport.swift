import FerryCore
import FerrySession
import Foundation

/// `ferry run --reporter json`: every exchange as `ferry send --json` records it, with the run's
/// results around it. Fields are only ever added.
struct RunJSONReport: Encodable {
    var ferryVersion = FerryInfo.version
    var run: String
    var passed: Int
    var failed: Int
    var errors: Int
    var skipped: Int
    var cancelled: Bool
    var results: [Entry]
    /// Request files that could not be read, none sent.
    var unread: [Unread]
    /// With `--coverage`: the operations and declared responses of the OpenAPI document the run exercised.
    var coverage: Coverage?

    struct Coverage: Encodable {
        var document: String
        var operations: [ContractCoverage.Operation]
        var exercisedOperations: Int
        var declaredResponses: Int
        var exercisedResponses: Int
        var unmatched: Int

        init(_ coverage: ContractCoverage) {
            document = coverage.document
            operations = coverage.operations
            exercisedOperations = coverage.exercisedOperations
            declaredResponses = coverage.declaredResponses
            exercisedResponses = coverage.exercisedResponses
            unmatched = coverage.unmatched
        }
    }

    struct Unread: Encodable {
        var file: String
        var line: Int?
        var column: Int?
        var message: String
    }

    struct Entry: Encodable {
        var path: String
        var name: String
        var iteration: Int
        var status: String
        var durationMs: Int
        var attempts: Int
        var skipReason: String?
        var exchange: ExchangeReport?
        var assertions: [ExchangeReport.AssertionPart]
        var captured: [String]
        var captureProblems: [String]
        /// What its scripts printed (`console.log`…), one line each.
        var console: [String]?
        /// How the request broke its OpenAPI contract when it was sent all the same.
        var contractWarnings: [String]?
    }

    init(_ summary: RunSummary, bodyLimit: Int, coverage: ContractCoverage? = nil) throws {
        self.coverage = coverage.map(Coverage.init)
        run = summary.id
        passed = summary.count(.passed)
        failed = summary.count(.failed)
        errors = summary.count(.error)
        skipped = summary.count(.skipped)
        cancelled = summary.cancelled
        unread = summary.unread.map { Unread(file: $0.file, line: $0.line, column: $0.column, message: $0.summary) }
        results = try summary.results.map { result in
            let exchange = try result.request.map { request in
                try ExchangeReport(
                    request: ExchangeReport.RequestPart(request: request.authenticated(), sent: result.response?.sent),
                    response: result.response,
                    error: result.error, bodyLimit: bodyLimit, exitCode: RunCommand.exitStatus(for: [result]))
            }
            return Entry(
                path: result.item.path, name: result.item.title, iteration: result.iteration, status: result.status.rawValue,
                durationMs: result.durationMilliseconds, attempts: result.attempts, skipReason: result.skipReason, exchange: exchange,
                assertions: result.checks.results.map(ExchangeReport.AssertionPart.init),
                captured: result.checks.captured.map(\.name), captureProblems: result.checks.captureProblems,
                console: result.checks.console.isEmpty ? nil : result.checks.console.map(\.line),
                contractWarnings: result.contractWarnings.isEmpty ? nil : result.contractWarnings)
        }
    }

    /// The report's text, secrets redacted.
    func text(redaction: Redaction) throws -> String {
        redaction.redact(String(decoding: try ExchangeReport.encode(self), as: UTF8.self)) + "\n"
    }
}
