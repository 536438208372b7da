import FerryCore

/// The request curl sends for one command line's arguments (`ferry curl ARGS…`): read as the
/// importer reads a curl command, files relative to the folder the command runs in.
public struct CurlArguments {
    /// The one request the arguments describe.
    public var description: RequestDescription
    /// What the arguments hold that Ferry does not send as curl would (`dropped` notes), and the
    /// options that only change how curl prints (`-s`, `-v`, `-w`…), which Ferry's output replaces.
    public var report: ImportReport
    /// curl's options about its output and retries that `ferry send` has too, as `ferry send`
    /// flags (`-o`, `-O`, `-i`, `-v`, `-w`, `-f`, `--fail-with-body`, `--retry`…); the others (`-s`,
    /// `-S`, progress meters) change nothing in Ferry's output.
    public var sendFlags: [String]

    /// Reads `arguments` (the words after `curl`); one URL only (`ferry curl` sends one request).
    public init(_ arguments: [String], directory: String) throws(ImportProblem) {
        let command = CurlCommand(arguments: arguments)
        var builder = CurlRequestBuilder(command: command, place: "command line", source: "curl", directory: directory)
        let requests = try builder.build()
        guard requests.count == 1 else {
            throw ImportProblem(source: "curl", "the arguments name \(requests.count) URLs; ferry curl sends one request")
        }
        description = requests[0].description
        report = builder.report
        sendFlags = command.settings.flatMap { setting -> [String] in
            guard Self.sendFlagOptions.contains(setting.option) else { return [] }
            return ["--" + setting.option.rawValue] + (setting.value.map { [$0] } ?? [])
        }
    }

    /// The options of `sendFlags`, which `ferry send` takes under curl's long names.
    private static let sendFlagOptions: Set<CurlOption> = [
        .output, .remoteName, .include, .verbose, .writeOut, .fail, .failWithBody, .retry, .retryDelay, .retryMaxTime,
        .retryConnectionRefused, .retryAllErrors,
    ]

    /// The report's lines for what Ferry cannot send as curl would: every dropped note but those
    /// about curl's own output.
    public var unsupported: [ImportReport.Note] {
        report.notes(.dropped).filter { $0.message != CurlRequestBuilder.outputNote }
    }
}
