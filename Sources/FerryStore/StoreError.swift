import Foundation

/// Why the store would not do what was asked: carried as the underlying error of a `FerryError`.
public enum StoreError: LocalizedError, Sendable, CustomStringConvertible {
    /// The file to be replaced does not parse: saving over it could lose the user's hand edits.
    case refusedOverwrite(ConfigProblem)

    public var description: String {
        switch self {
        case .refusedOverwrite(let problem):
            "refusing to overwrite a file that does not parse (fix it or save with --force): \(problem)"
        }
    }

    public var errorDescription: String? { description }
}
