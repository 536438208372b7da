import FerryCore
import FerryStore
import FerryTerminal
import FerryTransport
import FerryTUI
import Foundation

/// Opens the terminal UI: reads the user's theme and keymap, takes over the terminal, runs the loop.
public enum TUILauncher {
    /// Runs the TUI until the user quits. Throws `TerminalError` when there is no usable terminal
    /// (nothing has been drawn then).
    public static func run(theme themeName: String?, examples: [NamedRequest] = [], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let terminal = try CursesTerminal(environment: environment)
        let config = StoreLocations(environment: environment).configDirectory
        let loader = ThemeLoader(userDirectory: (config as NSString).appendingPathComponent("themes"))
        var (theme, themeProblems) = loader.load(themeName)
        // Without colours (NO_COLOR, or a terminal that has none) only the monochrome theme reads well.
        if terminal.colorCount < 8 { theme = loader.load("monochrome").theme }
        let keys = KeymapLoader.load(path: (config as NSString).appendingPathComponent("keymap.yaml"))
        let problems = themeProblems + keys.problems

        let size = terminal.size
        var state = AppState(width: size.width, height: size.height, keymap: keys.keymap, theme: theme)
        state.examples = examples
        state.themeNames = loader.availableNames
        if let first = examples.first {
            state.load(first)
            state.exampleIndex = 0
            state.notice = "example 1/\(examples.count): \(first.title) (F2 next, F3 previous)"
        }
        if !problems.isEmpty {
            let home = environment["HOME"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "\u{0}"
            state.notice = problems.map { $0.description.replacingOccurrences(of: home, with: "~/") }.joined(separator: "; ") + " (using the default)"
        }
        TUIRuntime(state: state, terminal: terminal, transport: CurlTransport(), tracePath: environment["FERRY_TRACE_FILE"], themes: loader).run()
    }
}
