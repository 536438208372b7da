import FerryApp
import FerryCore
import FerryTUI
import FerryTerminal
import FerryTestSupport
import Foundation
import Synchronization

/// The real TUI — `TUILauncher`, the runtime loop, the curl transport, the history — running in
/// this process on a `MemoryTerminal`, on a thread of its own, with its files under `home`.
///
/// Tests press keys and wait for screens; every wait has a deadline and throws, showing the last
/// screen, when it passes. `hangUp()` ends a loop the test did not quit (call it in a `defer`).
final class InProcessTUI: Sendable {
    let terminal: MemoryTerminal
    /// The theme the TUI paints with (the default one), to read styles back as roles.
    let theme: Theme
    private let exitStatus = Mutex<Int32?>(nil)

    /// Starts the TUI as `ferry [--collection collection] [--env environmentName]` would, with
    /// `variables` laid over every environment and `extraEnvironment` added to its process
    /// environment (`BROWSER`); `onDraw` sees every frame as painted.
    init(
        home: TemporaryDirectory, width: Int = 100, height: Int = 30, collection: String? = nil, variables: [Variable] = [],
        environmentName: String? = nil, extraEnvironment: [String: String] = [:], onDraw: (@Sendable (Canvas) -> Void)? = nil
    ) {
        let terminal = MemoryTerminal(width: width, height: height, onDraw: onDraw)
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.file("config"), "XDG_DATA_HOME": home.file("data"), "LANG": "C.UTF-8",
        ]
        .merging(extraEnvironment) { $1 }
        self.terminal = terminal
        theme = ThemeLoader(userDirectory: home.file("config/ferry/themes")).load(ThemeLoader.defaultName).theme
        let thread = Thread { [self] in
            let status = TUILauncher.run(
                on: terminal, theme: ThemeLoader.defaultName, collection: collection, variables: variables,
                environmentName: environmentName, environment: environment)
            exitStatus.withLock { $0 = status }
        }
        thread.name = "ferry-tui-test"
        thread.start()
    }

    func press(_ keys: Key...) {
        terminal.press(keys)
    }

    /// Types `text` one key per character.
    func type(_ text: String) {
        terminal.type(text)
    }

    /// The screen now.
    var screen: StyledScreen {
        StyledScreen(canvas: terminal.screen, theme: theme)
    }

    /// Reads the screen until `condition` holds and returns that screen; throws `TimedOut` (which
    /// shows the last screen) when `timeout` passes first, failing the test.
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(60), _ condition: (StyledScreen) -> Bool,
        fileID: String = #fileID, line: Int = #line
    ) async throws -> StyledScreen {
        let deadline = ContinuousClock.now + timeout
        var screen = self.screen
        while !condition(screen) {
            guard ContinuousClock.now < deadline else {
                throw TimedOut(place: "\(fileID):\(line)", what: "the screen did not show what the test waited for", screen: screen.text)
            }
            try await Task.sleep(for: .milliseconds(10))
            screen = self.screen
        }
        return screen
    }

    /// Focuses the pane numbered `key` and steps its tabs with `l`, each step awaited, until `tab`
    /// is the active one; returns that screen.
    @discardableResult
    func showTab(_ tab: String, inPane key: Character, fileID: String = #fileID, line: Int = #line) async throws -> StyledScreen {
        let active = { (screen: StyledScreen) in screen.runs(.tabActive, row: screen.row(containing: "┌ \(key) ") ?? 0) }
        press(.character(key))
        for _ in 0..<8 {
            let before = active(screen)
            if before == [" \(tab) "] { return screen }
            press(.character("l"))
            try await waitForScreen({ active($0) != before }, fileID: fileID, line: line)
        }
        return try await waitForScreen({ active($0) == [" \(tab) "] }, fileID: fileID, line: line)
    }

    /// Imports `path` through the palette's `importFile`: waits for its prompt, types the path, presses Enter.
    func importFile(_ path: String, fileID: String = #fileID, line: Int = #line) async throws {
        press(.control("p"))
        type("importFile")
        press(.enter)
        try await waitForScreen(
            { $0.text.contains("import (a file or collection folder of another tool):") }, fileID: fileID, line: line)
        type(path)
        press(.enter)
    }

    /// Presses Ctrl-C (and `d` when Ferry asks about unsaved edits) and returns the loop's exit
    /// status once it has ended and restored the terminal; throws `TimedOut` when it has not by `timeout`.
    func quit(timeout: Duration = .seconds(10), fileID: String = #fileID, line: Int = #line) async throws -> Int32 {
        press(.control("c"))
        let deadline = ContinuousClock.now + timeout
        var answered = false
        while true {
            if let status = exitStatus.withLock({ $0 }), terminal.stopped { return status }
            if !answered, screen.text.contains("unsaved edits to") {
                answered = true
                press(.character("d"))
            }
            guard ContinuousClock.now < deadline else {
                throw TimedOut(
                    place: "\(fileID):\(line)", what: "the loop did not end and stop the terminal after Ctrl-C", screen: screen.text)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Closes the terminal's input, which ends the loop if it is still running.
    func hangUp() {
        terminal.hangUp()
    }

    /// A wait that reached its deadline: the test fails showing the last screen.
    struct TimedOut: Error, CustomStringConvertible {
        var place: String
        var what: String
        var screen: String

        var description: String { "\(place): \(what) in time; the last screen was:\n\(screen)" }
    }
}
