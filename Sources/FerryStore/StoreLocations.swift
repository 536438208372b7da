import Foundation

/// Where Ferry keeps the user's files, following the XDG base directory rules.
public struct StoreLocations: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/ferry`, or `~/.config/ferry`: keymap, themes, settings.
    public var configDirectory: String
    /// `$XDG_DATA_HOME/ferry`, or `~/.local/share/ferry`: the history database.
    public var dataDirectory: String
    /// `$XDG_CACHE_HOME/ferry`, or `~/.cache/ferry`: what can be fetched again (GraphQL schemas).
    public var cacheDirectory: String

    /// Locations given one by one; the cache is `cache` inside the data folder unless given.
    public init(configDirectory: String, dataDirectory: String, cacheDirectory: String? = nil) {
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory ?? (dataDirectory as NSString).appendingPathComponent("cache")
    }

    /// The locations for this environment (a process's, or a test's).
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ variable: String, default fallback: String) -> String {
            // The spec says relative paths in these variables are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return (home as NSString).appendingPathComponent(fallback)
        }
        configDirectory = (base("XDG_CONFIG_HOME", default: ".config") as NSString).appendingPathComponent("ferry")
        dataDirectory = (base("XDG_DATA_HOME", default: ".local/share") as NSString).appendingPathComponent("ferry")
        cacheDirectory = (base("XDG_CACHE_HOME", default: ".cache") as NSString).appendingPathComponent("ferry")
    }
}
