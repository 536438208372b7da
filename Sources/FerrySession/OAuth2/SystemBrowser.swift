import Foundation

/// Opens a URL in the user's browser: `$BROWSER` (a command; the URL replaces `%s` or is added at
/// the end) when set, else `xdg-open` when it is on the `PATH`. Its output goes to /dev/null so it
/// never draws over the TUI.
public struct SystemBrowser: Sendable {
    /// The command and its first arguments; nil when there is no browser to open.
    let command: [String]?

    public init(environment: [String: String]) {
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map({ $0.split(separator: " ").map { String($0) } }),
            !browser.isEmpty
        {
            command = browser
        } else {
            let path = environment["PATH"] ?? "/usr/bin:/bin"
            command = path.split(separator: ":").map { "\($0)/xdg-open" }.first(where: FileManager.default.isExecutableFile).map { [$0] }
        }
    }

    /// Starts the browser on `url`; false when there is none or it could not be started.
    func open(_ url: URL) -> Bool {
        guard var words = command, let program = words.first else { return false }
        words.removeFirst()
        let arguments = words.contains("%s") ? words.map { $0 == "%s" ? url.absoluteString : $0 } : words + [url.absoluteString]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
