import FerryCore

/// The request curl sends for one command line's arguments (`ferry curl ARGS…`): read as the
/// importer reads a curl command, files relative to the folder the command runs in.
public struct CurlArguments {
    /// The one request the arguments describe.
    public var description: RequestDescription
    /// What the arguments hold that Ferry does not send as curl would (`dropped` notes), and the
    /// options that only change how curl prints (`-s`, `-v`, `-w`…), which Ferry's output replaces.
    public var report: ImportReport
    /// `-o FILE`: where curl writes the body.
    public var output: String?
    /// `-i`: the response head printed before the body.
    public var includesHead: Bool

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
        output = command.values(.output).last
        includesHead = command.has(.include)
    }

    /// The report's lines for what Ferry cannot send as curl would: every dropped note but those
    /// about curl's own output.
    public var unsupported: [ImportReport.Note] {
        report.notes(.dropped).filter { $0.message != CurlRequestBuilder.outputNote }
    }
}
