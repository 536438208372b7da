import ArgumentParser
import FerryApp
import FerryCore
import Foundation

/// The `ferry` command and its subcommands; with none it opens the terminal UI.
public struct FerryCommand: AsyncCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ferry",
        abstract: "A terminal API explorer: compose, send, inspect and replay HTTP requests.",
        version: FerryVersion.text,
        subcommands: [
            SendCommand.self, CurlSendCommand.self, ViewCommand.self, RunCommand.self, CollectionCommand.self, HistoryCommand.self,
            CookiesCommand.self, LoadCommand.self, MockCommand.self,
            ImportCommand.self, ExportCommand.self, GraphQLCommand.self, GRPCCommand.self, DemoCommand.self, ServeDemoCommand.self,
            ConfigCommand.self,
        ])

    @OptionGroup var themeOption: ThemeOption

    /// `--collection` and `--env` for the TUI's sidebar. The same group as `ferry send`'s (and `ferry
    /// demo`'s): ArgumentParser lets a parent's options follow a subcommand, and shares a group's values
    /// with a subcommand holding the same group, so `ferry send --env` still reaches `send`.
    @OptionGroup var collectionOptions: CollectionOptions

    public init() {}

    /// `ferry` alone opens the TUI, with the collection given or found in the current folder.
    public func execute() async throws {
        guard collectionOptions.variables.isEmpty, !collectionOptions.hostEnvironment, collectionOptions.save == nil,
            !collectionOptions.force
        else {
            throw ValidationError("--var, --host-env, --save and --force are ferry send's; the TUI takes --collection and --env")
        }
        try TUIEntry.open(
            theme: themeOption.theme, collection: collectionOptions.collection ?? Self.collectionHere(),
            environmentName: collectionOptions.environment)
    }

    /// The current folder when it looks like a collection (request files or `environments/` at its top).
    static func collectionHere() -> String? {
        let here = FileManager.default.currentDirectoryPath
        let names = (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? []
        return names.contains { $0.hasSuffix(".ferry.yaml") || $0 == "environments" } ? here : nil
    }

    /// Parses the command line and runs the chosen command, exiting with its status.
    public static func run(arguments: [String]? = nil) async {
        // `ferry --version` is answered before the parser: building the command tree (its protocol
        // conformance look-ups) costs as much as the rest of start-up (Benchmarks/README.md).
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        if given == ["--version"] { return OutputStream.standardOutput.line(FerryVersion.text) }
        do {
            // An everyday `ferry send` or `ferry run` line skips the parser's reflection (EverydaySendLine, EverydayRunLine).
            if let send = EverydaySendLine(given)?.command { return try await send.execute() }
            if let run = EverydayRunLine(given)?.command { return try await run.execute() }
            var command = try parseAsRoot(given)
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
