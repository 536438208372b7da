import FerryCore
import Foundation

/// Records finished exchanges without ever failing them: a problem becomes one warning line.
public struct HistoryRecorder: Sendable {
    private let store: Result<HistoryStore, HistoryError>

    /// Opens the history in the user's data directory now; a failure is reported at each `record`.
    public init(locations: StoreLocations) {
        store = Result { try HistoryStore(locations: locations) }.mapError {
            $0 as? HistoryError ?? .unavailable(path: locations.dataDirectory, problem: "\($0)")
        }
    }

    /// Stores the exchange; returns the new entry's id, or a warning (`the exchange was not recorded …`) when it could not.
    public func record(
        request: Request, response: Response?, error: (any Error)?, started: Date,
        origin: HistoryOrigin = .adHoc, redaction: Redaction = Redaction()
    ) -> Result<Int64, HistoryWarning> {
        do {
            let store = try store.get()
            let entry = try HistoryEntry(
                request: request, response: response, error: error, started: started,
                origin: origin, redaction: redaction)
            return .success(try store.record(entry))
        } catch {
            return .failure(HistoryWarning(unrecorded: "the exchange was", error))
        }
    }
}

extension HistoryRecorder {
    /// One finished exchange to record.
    public struct Exchange: Sendable {
        public var request: Request
        public var response: Response?
        public var error: FerryError?
        public var started: Date
        public var origin: HistoryOrigin
        public var redaction: Redaction

        public init(request: Request, response: Response?, error: FerryError?, started: Date, origin: HistoryOrigin, redaction: Redaction) {
            self.request = request
            self.response = response
            self.error = error
            self.started = started
            self.origin = origin
            self.redaction = redaction
        }
    }
}

/// Why an exchange was not recorded, as the one line shown on stderr or in the status bar.
public struct HistoryWarning: Error, Sendable, Equatable {
    public var message: String

    /// `<what> not recorded in the history: <why>`, e.g. `the exchange was not recorded in the history:
    /// another program holds its database (/home/ann/.local/share/ferry/history.sqlite)`.
    init(unrecorded what: String, _ error: any Error) {
        message = "\(what) not recorded in the history: " + Self.reason(error)
    }

    init(message: String) { self.message = message }

    /// The error's words, naming the database's file when it is the history's.
    static func reason(_ error: any Error) -> String { (error as? HistoryError)?.reason ?? "\(error)" }
}
