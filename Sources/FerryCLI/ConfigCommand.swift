import ArgumentParser
import FerryApp
import FerryCore
import FerryStore
import FerryTransport
import Foundation

/// `ferry config`: the effective configuration and every path Ferry reads or writes.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective configuration and the paths Ferry uses (config, keymap, themes, data, history, TUI layout).",
        discussion: "Settings come from $XDG_CONFIG_HOME/ferry/config.yaml (~/.config/ferry by default); a missing file gives the defaults."
    )

    @Flag(name: .long, help: "Print one JSON document instead.")
    var json = false

    /// What `ferry config` reports; `--json` prints it as it is.
    struct Report: Encodable {
        var ferryVersion = FerryInfo.version
        var curl = CurlLibrary.current
        /// The settings in force: `config.yaml`'s, else the defaults.
        var settings: [String: String]
        /// Where each setting came from: `config.yaml` or `default`.
        var sources: [String: String]
        var paths: [String: String]
        /// Which of `paths` exist.
        var present: [String: Bool]
        var themes: [String]
        /// Problems with the user's files, as the TUI reports them; the defaults are used instead.
        var problems: [String]
    }

    func run() throws {
        let report = Self.report(environment: ProcessEnvironment.variables)
        let out = OutputStream.standardOutput
        if json {
            out.write(try ExchangeReport.encode(report))
            out.write("\n")
        } else {
            out.write(Self.text(report))
        }
    }

    static func report(environment: [String: String]) -> Report {
        let locations = StoreLocations(environment: environment)
        let config = locations.configDirectory as NSString
        var paths = [
            "config": config.appendingPathComponent("config.yaml"),
            "keymap": config.appendingPathComponent("keymap.yaml"),
            "themes": config.appendingPathComponent("themes"),
            "data": locations.dataDirectory,
            "history": (locations.dataDirectory as NSString).appendingPathComponent(HistoryStore.fileName),
            "layout": RememberedLayout.path(in: locations),
        ]
        let themes = ThemeLoader(userDirectory: paths["themes"]!)
        paths["builtinThemes"] = themes.builtinDirectory
        paths["examples"] = DemoExamples.directory

        let settings = Settings.load(path: paths["config"]!)
        let theme = themes.load(settings.settings.theme)
        let keymap = KeymapLoader.load(path: paths["keymap"]!)
        var problems = (settings.problems + theme.problems + keymap.problems).map(\.description)
        if environment["NO_COLOR"].map({ !$0.isEmpty }) == true { problems.append("NO_COLOR is set: the TUI uses monochrome") }
        let themeName = theme.problems.isEmpty ? settings.settings.theme ?? ThemeLoader.defaultName : ThemeLoader.defaultName
        return Report(
            settings: ["theme": themeName],
            sources: ["theme": settings.settings.theme != nil && theme.problems.isEmpty ? "config.yaml" : "default"],
            paths: paths, present: paths.mapValues { FileManager.default.fileExists(atPath: $0) },
            themes: themes.availableNames, problems: problems)
    }

    /// One line a path or setting, names aligned.
    static func text(_ report: Report) -> String {
        func row(_ name: String, _ value: String) -> String { name.padding(toLength: 13, withPad: " ", startingAt: 0) + value + "\n" }
        func path(_ key: String, missing: String) -> String {
            guard let value = report.paths[key] else { return "(none)" }
            return report.present[key] == true ? value : "\(value) (\(missing))"
        }
        var text = "ferry \(report.ferryVersion) on libcurl \(report.curl.version)\n\n"
        text += row("config", path("config", missing: "none: the defaults"))
        text += row("  theme", "\(report.settings["theme"] ?? "") (\(report.sources["theme"] ?? "default"))")
        text += row("keymap", path("keymap", missing: "none: the default keys"))
        text += row("themes", path("themes", missing: "none"))
        text += row("built-in", path("builtinThemes", missing: "missing"))
        text += row("  available", report.themes.joined(separator: ", "))
        text += row("data", path("data", missing: "not yet made"))
        text += row("history", path("history", missing: "not yet made"))
        text += row("tui layout", path("layout", missing: "none: the sidebar a fifth of the terminal"))
        text += row("examples", path("examples", missing: "missing"))
        for problem in report.problems { text += row("problem", problem) }
        return text
    }
}
