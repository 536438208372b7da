import FerryStore
import Foundation

/// The user's `config.yaml` (`$XDG_CONFIG_HOME/ferry/config.yaml`): the TUI's defaults.
public struct Settings: Sendable, Equatable {
    /// The theme used when `--theme` is not given.
    public var theme: String?

    public init(theme: String? = nil) { self.theme = theme }

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
            default:
                throw file.problem(at: entry.keyNode, key: entry.key, "unknown setting (known: theme)")
            }
        }
        return settings
    }
}
