import FerryCore
import FerryStore
import Foundation

/// How `ferry send` records its exchange: into the user's history, never failing the exchange.
enum HistoryRecording {
    /// Records a finished exchange; a problem is one `ferry: history: …` line on stderr.
    static func record(_ request: Request, response: Response?, error: FerryError?, started: Date,
                       origin: HistoryOrigin, redaction: Redaction, stderr: OutputStream) {
        let recorder = HistoryRecorder(locations: StoreLocations(environment: ProcessInfo.processInfo.environment))
        if case .failure(let warning) = recorder.record(request: request, response: response, error: error, started: started,
                                                         origin: origin, redaction: redaction) {
            stderr.line("ferry: " + TerminalSafeText.escaping(warning.message))
        }
    }
}
