import ArgumentParser
import FerryApp
import FerryCore
import FerryStore
import Foundation

/// `ferry view FILE|-`: reads a saved response or a pipe with the same serializers as `ferry send`.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Read a local file or standard input with Ferry's response serializers.",
        discussion:
            "Exit codes: 0 success, 1 usage error (a schema Ferry cannot use), 3 the body could not be read as asked (parse failure) "
            + "or breaks the --schema, 4 the file is unreadable."
    )

    @Argument(help: ArgumentHelp("The file to read, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var value: ValueOptions

    @Flag(name: .customLong("json"), help: "Print one JSON document: the file, a summary of the value, or the error chain.")
    var json = false

    @Flag(name: .customLong("summary"), help: "Print a summary (kind, size, parse time, MB/s) instead of the value.")
    var summary = false

    @Option(
        name: .customLong("path"),
        help: ArgumentHelp(
            "Print only the node at this path: `$.records[3].tags[0]` (JSON, property lists), `/root/item[2]/@id` (XML).", valueName: "path"
        ))
    var path: String?

    @Option(
        name: .customLong("schema"),
        help: ArgumentHelp(
            "Check the JSON against this JSON Schema (a JSON or YAML file; `openapi.yaml#/components/schemas/Pet` names one "
                + "schema of a document) and list what breaks it: exit 0 valid, 3 invalid.", valueName: "schema"))
    var schema: String?

    @Flag(name: .customLong("schema-formats"), help: "With --schema, check `format` (date-time, email, uuid…) instead of only noting it.")
    var schemaFormats = false

    @Flag(
        name: .customLong("print"), help: "Print the value even when standard output is a terminal (there, Ferry opens its response views)."
    )
    var print = false

    @OptionGroup var themeOption: ThemeOption

    /// True when the file opens in the TUI's response views: a terminal, and no flag asking for printed output.
    private var opensViews: Bool {
        isatty(STDOUT_FILENO) == 1 && !print && !json && !summary && !value.hex && value.kind == nil && !value.removeNulls && schema == nil
    }

    func run() throws {
        let status = view(printer: ResponsePrinter())
        if status != .success { throw status.exitCode }
    }

    private func view(printer: ResponsePrinter) -> ExitStatus {
        if schema != nil, json || summary || value.hex || path != nil {
            printer.stderr.line("ferry: --schema prints its own report: it goes with neither --json, --summary, --hex nor --path")
            return .usage
        }
        let input: LocalInput
        do {
            input = try LocalInput(argument: file, options: value)
        } catch {
            return finish(error: error, printer: printer)
        }
        if opensViews {
            do {
                let status = try TUILauncher.view(
                    input.response, title: file == "-" ? "standard input" : file, path: path, theme: themeOption.theme)
                return status == 0 ? .success : status == ExitStatus.cancelled.rawValue ? .cancelled : .usage
            } catch {
                printer.stderr.line("ferry: \(error)")
                return .usage
            }
        }
        if value.hex {
            do {
                try printer.printHexDump(HexDump(source: ByteSource(body: input.response.body)))
                return .success
            } catch {
                return finish(error: error, printer: printer)
            }
        }
        let serializer = input.serializer
        let evaluation = LocalInput.evaluator(serializer).evaluate(input.response, method: .get)
        let summary = evaluation.value.map {
            ValueSummary(
                $0, serializer: serializer.name, bytes: input.response.body.count,
                parseMicroseconds: evaluation.response.timeline[.serialize])
        }
        let status = evaluation.error.map(ExitStatus.init(for:)) ?? .success
        if json {
            return printReport(
                ViewReport(
                    path: file, size: input.response.body.count, value: summary,
                    error: evaluation.error, exitCode: status), printer: printer)
        }
        guard let result = evaluation.value, let summary else { return finish(error: evaluation.error, printer: printer) }
        if let schema { return check(result, against: schema, printer: printer) }
        do {
            if self.summary {
                printer.stdout.write((["file: \(file)"] + summary.lines).map { $0 + "\n" }.joined())
            } else {
                try printer.printValue(
                    result, body: input.response.body, contentType: input.response.headers["Content-Type"],
                    node: try path.map { try Self.node(at: $0, in: result) })
            }
            return .success
        } catch {
            return finish(error: error, printer: printer)
        }
    }

    /// Validates the value against the schema file and lists the violations: 0 valid, 3 invalid, 1 when the schema cannot be used.
    private func check(_ value: SerializedValue, against reference: String, printer: ResponsePrinter) -> ExitStatus {
        guard case .document(let document) = value, document.format == .json else {
            printer.stderr.line("ferry: --schema checks JSON, and \(file) is not JSON")
            return .usage
        }
        let compiled: SchemaValidator
        do {
            compiled = try SchemaFile.compile(
                reference, access: .unbounded(directory: FileManager.default.currentDirectoryPath), field: "--schema",
                options: SchemaOptions(formatAssertion: schemaFormats))
        } catch {
            printer.stderr.line("ferry: the schema \(reference) cannot be used: \(error)")
            return .usage
        }
        let violations = compiled.violations(of: document)
        guard !violations.isEmpty else {
            printer.stdout.write("✓ \(file) is valid against \(reference)\n")
            return .success
        }
        for violation in violations { printer.stdout.write(SchemaViolationText.line(violation, in: document) + "\n") }
        let count = violations.count == 1 ? "1 violation" : "\(violations.count) violations"
        printer.stdout.write("✗ \(file) breaks \(reference): \(count)\n")
        return .rejected
    }

    /// The node `path` leads to; a usage error when it leads nowhere or the value is no document.
    private static func node(at path: String, in value: SerializedValue) throws -> NodeID {
        guard case .document(let document) = value else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "--path", problem: "the input is not a document (JSON, XML or property list)"))
        }
        do {
            return try NodePath.resolve(path, in: document)
        } catch {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "--path", problem: "\(error.message) (at character \(error.position + 1) of \(path))"))
        }
    }

    /// Prints `error` (if any) as a chain on stderr and returns its exit status.
    private func finish(error: (any Error)?, printer: ResponsePrinter) -> ExitStatus {
        guard let error else { return .success }
        let failure = error as? FerryError ?? .localFile(reason: .unreadable(path: file, error: POSIXError(.EIO)))
        if json {
            return printReport(
                ViewReport(path: file, size: 0, value: nil, error: failure, exitCode: ExitStatus(for: failure)), printer: printer)
        }
        printer.printError(failure)
        return ExitStatus(for: failure)
    }

    private func printReport(_ report: ViewReport, printer: ResponsePrinter) -> ExitStatus {
        do {
            printer.stdout.write(try ExchangeReport.encode(report))
            printer.stdout.write("\n")
        } catch {
            printer.stderr.line("ferry: could not encode the report: \(error)")
            return .localFile
        }
        return ExitStatus(rawValue: report.exitCode) ?? .localFile
    }
}
