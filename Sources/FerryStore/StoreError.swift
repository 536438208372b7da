import Foundation

/// Why the store would not do what was asked: carried as the underlying error of a `FerryError`.
public enum StoreError: LocalizedError, Sendable, CustomStringConvertible {
    /// The file to be replaced does not parse: saving over it could lose the user's hand edits.
    case refusedOverwrite(ConfigProblem)
    /// Files an import would write are in the way; nothing was written.
    case refusedImport(paths: [String], problem: String)

    public var description: String {
        switch self {
        case .refusedOverwrite(let problem):
            "refusing to overwrite a file that does not parse (fix it or save with --force): \(problem)"
        case .refusedImport(let paths, let problem):
            "nothing was written: \(paths.joined(separator: ", ")) \(problem)"
        }
    }

    public var errorDescription: String? { description }
}
