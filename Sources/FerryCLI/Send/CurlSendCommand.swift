import ArgumentParser
import FerryCore
import FerryInterop
import FerryTransport
import Foundation

/// `ferry curl ARGS…`: sends exactly the request curl would send for these arguments (read as the
/// curl importer reads a command), shown, checked and recorded as `ferry send` does. Ferry's own flags
/// come first, ended by `--`. An option Ferry cannot send as curl would is named and nothing is sent.
struct CurlSendCommand: AsyncCommand {
    static let configuration = CommandConfiguration(
        commandName: "curl",
        abstract: "Send the request curl would send for these arguments, with Ferry's output and history.",
        discussion: """
            ferry curl -X POST https://api.example.com/items -H 'Content-Type: application/json' -d '{"a": 1}'
            ferry curl --json --no-history -- -u ann:secret https://api.example.com/me

            Ferry's flags (--json, --dry-run, --no-history, --timeline) go before `--`. curl's -o, -O, -i, -v, -w, -f, \
            --fail-with-body and --retry (with its -delay, -max-time, -connrefused, -all-errors) keep their meaning; -s, -S \
            and progress meters change nothing. An option \
            Ferry does not act on is named and nothing is sent (exit 1). Exit codes as for ferry send.
            """)

    @Argument(parsing: .allUnrecognized, help: "Ferry's flags, `--`, then curl's arguments; or curl's arguments alone.")
    var arguments: [String] = []

    /// Ferry's flags that may come before `--`.
    private static let ferryFlags: Set<String> = ["--json", "--dry-run", "--no-history", "--timeline"]

    func execute() async throws {
        let status = await run()
        if status != .success { throw status.exitCode }
    }

    private func run() async -> ExitStatus {
        let printer = ResponsePrinter()
        var own: [String] = []
        var curl = arguments
        if let separator = arguments.firstIndex(of: "--"), arguments[..<separator].allSatisfy(Self.ferryFlags.contains) {
            own = Array(arguments[..<separator])
            curl = Array(arguments[arguments.index(after: separator)...])
        }
        let read: CurlArguments
        do {
            read = try CurlArguments(curl, directory: FileManager.default.currentDirectoryPath)
        } catch {
            printer.stderr.line("ferry: curl: " + TerminalSafeText.escaping(error.description))
            return .usage
        }
        guard read.unsupported.isEmpty else {
            for note in read.unsupported {
                printer.stderr.line("ferry: curl: " + TerminalSafeText.escaping("\(note.place): \(note.message)"))
            }
            printer.stderr.line("ferry: curl: nothing was sent")
            return .usage
        }
        var description = read.description
        // curl's own defaults, where Ferry's would differ: its User-Agent, and no Accept-Language.
        let named = Set(description.headers.map { $0.name.lowercased() })
        if !named.contains("user-agent") {
            description.headers.append(.init(name: "User-Agent", value: "curl/\(CurlTransport.curlVersion)"))
        }
        if !named.contains("accept-language") { description.headers.append(.init(name: "Accept-Language", value: "")) }
        do {
            let options = try SendOptions.parse([description.url] + own + read.sendFlags)
            return await SendCommand.exchange(
                options, given: description, responseOptions: try ResponseOptions.parse([]),
                collection: try CollectionOptions.parse([]), session: try SessionOptions.parse([]),
                transport: CurlTransport(hashesBodies: !options.noHistory))
        } catch {
            printer.stderr.line("ferry: curl: \(error)")
            return .usage
        }
    }
}
