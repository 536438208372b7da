import FerryCore
import FerrySession
import FerryStore
import Foundation

/// How `ferry send` records its exchange: into the user's history, never failing the exchange.
enum HistoryRecording {
    /// Records a finished exchange; a problem is one `ferry: history: …` line on stderr.
    static func record(
        _ request: Request, response: Response?, error: FerryError?, started: Date,
        origin: HistoryOrigin, redaction: Redaction, stderr: OutputStream
    ) {
        let recorder = HistoryRecorder(locations: StoreLocations(environment: ProcessInfo.processInfo.environment))
        if case .failure(let warning) = recorder.record(
            request: request, response: response, error: error, started: started,
            origin: origin, redaction: redaction)
        {
            stderr.line("ferry: " + TerminalSafeText.escaping(warning.message))
        }
    }

    /// Says on stderr which request was sent for a chained variable and how it answered, and records
    /// the exchange unless `noHistory`.
    static func chainSent(_ sent: VariableChainer.Sent, noHistory: Bool, stderr: OutputStream) {
        let exchange = sent.exchange
        let answer = exchange.response.map { "\($0.status) \($0.reasonPhrase)".trimmingCharacters(in: .whitespaces) } ?? "no answer"
        stderr.line("ferry: sent \(TerminalSafeText.escaping(sent.chain.request)) for {{\(sent.chain.name)}} (\(answer))")
        guard !noHistory else { return }
        record(
            exchange.request, response: exchange.response, error: exchange.error, started: exchange.started,
            origin: exchange.origin, redaction: exchange.redaction, stderr: stderr)
    }
}
