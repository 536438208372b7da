import FerryStore
import Foundation

/// The user's `config.yaml` (`$XDG_CONFIG_HOME/ferry/config.yaml`): the TUI's defaults, and the
/// paths the user trusts collections to read.
public struct Settings: Sendable, Equatable {
    /// The theme used when `--theme` is not given.
    public var theme: String?
    /// Files and folders (`~` allowed) requests from a collection may read outside it; a collection
    /// inside one of them is trusted whole (`FileAccessPolicy`). Read only from the user's own config.
    public var trust: [String] = []

    public init(theme: String? = nil, trust: [String] = []) {
        self.theme = theme
        self.trust = trust
    }

    /// The settings in the user's config folder; a missing or broken file gives the defaults.
    public static func load(environment: [String: String]) -> Settings {
        load(path: (StoreLocations(environment: environment).configDirectory as NSString).appendingPathComponent("config.yaml")).settings
    }

    /// Reads `path`: a missing file gives the defaults, a broken one the defaults and its problem.
    public static func load(path: String) -> (settings: Settings, problems: [ConfigProblem]) {
        guard FileManager.default.fileExists(atPath: path) else { return (Settings(), []) }
        do {
            return (try read(path), [])
        } catch {
            return (Settings(), [error])
        }
    }

    static func read(_ path: String) throws(ConfigProblem) -> Settings {
        let file = try YAMLFile(path: path)
        var settings = Settings()
        for entry in try file.entries(of: file.root, key: "") {
            switch entry.key {
            case "theme":
                guard let name = entry.value.string, !name.isEmpty else {
                    throw file.problem(at: entry.value, key: "theme", "expected a theme name")
                }
                settings.theme = name
            case "trust":
                guard let paths = entry.value.sequence?.compactMap(\.string), paths.count == entry.value.sequence?.count else {
                    throw file.problem(at: entry.value, key: "trust", "expected a list of paths")
                }
                settings.trust = paths
            default:
                throw file.problem(at: entry.keyNode, key: entry.key, "unknown setting (known: theme, trust)")
            }
        }
        return settings
    }
}
