import Foundation

/// The process's environment variables, read once. Foundation builds `ProcessInfo.environment`
/// anew on each call (a dictionary of every variable: four of them were 3% of a one-request
/// `ferry send`'s instructions), and Ferry never changes its own environment.
public enum ProcessEnvironment {
    public static let variables: [String: String] = ProcessInfo.processInfo.environment
}
