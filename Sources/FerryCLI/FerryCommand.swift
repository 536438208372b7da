import ArgumentParser
import FerryCore

/// The `ferry` command and its subcommands.
public struct FerryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ferry",
        abstract: "A terminal API explorer: compose, send, inspect and replay HTTP requests.",
        version: FerryInfo.version,
        subcommands: [SendCommand.self, DemoCommand.self, ServeDemoCommand.self])

    public init() {}

    /// Parses the command line and runs the chosen command, exiting with its status.
    public static func run(arguments: [String]? = nil) async {
        do {
            var command = try parseAsRoot(arguments)
            if let asyncCommand = command as? any AsyncCommand {
                try await asyncCommand.execute()
            } else {
                try command.run()
            }
        } catch {
            // Usage errors exit 1 like every other input error (ArgumentParser's own code is 64).
            var code = exitCode(for: error)
            if code == .validationFailure { code = ExitStatus.usage.exitCode }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = code == .success ? OutputStream.standardOutput : OutputStream.standardError
                stream.line(message)
            }
            exit(withError: code)
        }
    }
}
