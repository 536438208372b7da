import Foundation

/// What went wrong with the history database, in words a user can act on.
public enum HistoryError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The database could not be opened, created or migrated.
    case unavailable(path: String, problem: String)
    /// A read or write failed.
    case failed(operation: String, problem: String)
    /// No entry has this id.
    case notFound(id: Int64)
    /// A filter or limit was malformed.
    case invalidArgument(name: String, problem: String)
    /// The entry cannot be sent again as recorded.
    case notReplayable(id: Int64, problem: String)

    /// What went wrong, naming the database's file (for the warning that an exchange went unrecorded).
    public var reason: String {
        switch self {
        case .unavailable(let path, let problem): "\(problem) (\(path))"
        case .failed(_, let problem): problem
        default: description
        }
    }

    public var description: String {
        switch self {
        case .unavailable(let path, let problem): "cannot open the history at \(path): \(problem)"
        case .failed(let operation, let problem): "could not \(operation): \(problem)"
        case .notFound(let id): "no history entry has id \(id) (see `ferry history list`)"
        case .invalidArgument(let name, let problem): "\(name): \(problem)"
        case .notReplayable(let id, let problem): "entry \(id) cannot be replayed: \(problem)"
        }
    }
}
