import FerryCore
import FerrySession
import FerryStore
import FerryTUI
import FerryTerminal
import FerryTransport
import Foundation

/// Opens the terminal UI: reads the user's theme and keymap, takes over the terminal, runs the loop.
public enum TUILauncher {
    /// Runs the TUI until the user quits (0) or a signal or a lost terminal ends it (the status
    /// `Termination` gives). Throws `TerminalError` when there is no usable terminal (nothing has been drawn then). With a `collection` folder the sidebar shows its tree, read
    /// off the UI thread once the first frame is drawn; `variables` are laid over every environment; new requests are saved
    /// below the collection, or the working folder without one.
    public static func run(
        theme themeName: String?, examples: [RequestSource] = [], collection: String? = nil,
        variables: [Variable] = [], variablesOnlyFor: String? = nil, environmentName: String? = nil,
        environment: [String: String] = ProcessEnvironment.variables
    ) throws -> Int32 {
        run(
            on: try CursesTerminal(environment: environment), theme: themeName, examples: examples, collection: collection,
            variables: variables, variablesOnlyFor: variablesOnlyFor, environmentName: environmentName, environment: environment)
    }

    /// `run` on a terminal the caller made: a `MemoryTerminal` runs the whole TUI in-process for tests.
    public static func run(
        on terminal: any Terminal, theme themeName: String?, examples: [RequestSource] = [], collection: String? = nil,
        variables: [Variable] = [], variablesOnlyFor: String? = nil, environmentName: String? = nil,
        environment: [String: String] = ProcessEnvironment.variables
    ) -> Int32 {
        let workspace = CollectionWorkspace(
            root: collection ?? FileManager.default.currentDirectoryPath, overrides: variables,
            overridesOnly: variablesOnlyFor)
        return open(terminal, theme: themeName, environment: environment, workspace: workspace, cookieCollection: collection) {
            size, keymap, theme in
            var state = AppState(width: size.width, height: size.height, keymap: keymap, theme: theme)
            state.editor = RequestEditor(root: workspace.root)
            if collection != nil {
                state.collection.sidebar = Sidebar(isLoaded: false)
                state.collection.sidebar!.chosenWidth =
                    RememberedLayout.load(path: RememberedLayout.path(in: StoreLocations(environment: environment))).sidebarWidth
                state.collection.fileAccess = FileAccessPolicy(
                    collection: workspace.root, allowing: Settings.load(environment: environment).trust)
            }
            _ = state.update(workspace.environment(environmentName))
            state.collection.examples = examples
            if let first = examples.first {
                state.load(first, file: nil)
                state.collection.exampleIndex = 0
                state.notice = "example 1/\(examples.count): \(first.title) (F2 next, F3 previous)"
            }
            return state
        }
    }

    /// Browses `response` (a local file or standard input dressed as one) in the response tabs until
    /// the user quits (exit status as `run`); keys come from `/dev/tty` when standard input held the body. `path`, when
    /// given, is revealed in the Tree first.
    public static func view(
        _ response: Response, title: String, path: String?, theme themeName: String?,
        environment: [String: String] = ProcessEnvironment.variables
    ) throws -> Int32 {
        let summary = ResponseSummary(response, method: .get, accept: nil)
        Thread { summary.raw.prepare() }.start()  // the Raw tab's lines, beside the first screen
        return open(try CursesTerminal(environment: environment, keysFromTerminal: true), theme: themeName, environment: environment) {
            size, keymap, theme in
            var state = AppState.viewer(summary, title: title, width: size.width, height: size.height, keymap: keymap, theme: theme)
            if let path { state.reveal(path: path) }
            return state
        }
    }

    /// Loads the theme and keymap, makes the first state and runs the loop on `terminal`;
    /// problems with the user's files show in the status line. Exchanges keep their cookies in the
    /// jar of `cookieCollection` (nil: the ad-hoc jar) and the environment they were sent with.
    private static func open(
        _ terminal: any Terminal, theme themeName: String?, environment: [String: String],
        workspace: CollectionWorkspace? = nil, cookieCollection: String? = nil,
        state makeState: ((width: Int, height: Int), Keymap, Theme) -> AppState
    ) -> Int32 {
        let ready = ContinuousClock.now  // for `ferry view`, the body is parsed: the trace times the first screen from here
        let config = StoreLocations(environment: environment).configDirectory
        let settings = Settings.load(path: (config as NSString).appendingPathComponent("config.yaml"))
        let loader = ThemeLoader(userDirectory: (config as NSString).appendingPathComponent("themes"))
        var (theme, themeProblems) = loader.load(themeName ?? settings.settings.theme)
        // Without colours (NO_COLOR, or a terminal that has none) only the monochrome theme reads well.
        if terminal.colorCount < 8 { theme = loader.load("monochrome").theme }
        let keys = KeymapLoader.load(path: (config as NSString).appendingPathComponent("keymap.yaml"))
        let problems = settings.problems + themeProblems + keys.problems

        var state = makeState(terminal.size, keys.keymap, theme)
        state.themeNames = loader.availableNames
        if !problems.isEmpty {
            let home = environment["HOME"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "\u{0}"
            state.notice =
                problems.map { $0.description.replacingOccurrences(of: home, with: "~/") }.joined(separator: "; ") + " (using the default)"
        }
        let locations = StoreLocations(environment: environment)
        return TUIRuntime(
            state: state, terminal: terminal, transport: CurlTransport(), locations: locations, cookieCollection: cookieCollection,
            browser: SystemBrowser(environment: environment), tracePath: environment["FERRY_TRACE_FILE"], ready: ready,
            recordsHistory: true, themes: loader, workspace: workspace,
            historyBrowser: HistoryBrowser(locations: locations, collection: workspace?.root) { workspace?.value(of: "baseURL", in: $0) },
            schemaCache: GraphQLSchemaCache(locations: locations)
        ).run()
    }
}
