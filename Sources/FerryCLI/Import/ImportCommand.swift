import ArgumentParser
import FerryApp
import FerryCore
import FerryInterop
import FerryStore
import Foundation

/// `ferry import [FORMAT] SOURCE`: brings curl commands, Postman collections, HAR captures,
/// OpenAPI documents, `.http`, Hurl and Insomnia files, Bruno and Posting collections into a Ferry collection, all or nothing, with a report of what came across.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Bring requests in from curl, grpcurl, Postman, HAR, OpenAPI, .http, Hurl, Insomnia, Bruno or Posting as a Ferry collection.",
        discussion: """
            FORMAT is one of \(ImportFormat.names); without it Ferry recognises the \
            format from the content or the name. SOURCE is a file (or, for curl and grpcurl, the command itself), a Bruno or Posting collection's folder, or - for standard input. Prints one line per file written, then \
            what was imported, approximated and dropped, each with where in the source it came from. Existing files \
            are never replaced without --force, and the write is all or nothing. An OpenAPI document imported again into \
            its collection is merged three-way with the user's edits (the last import is kept in .ferry/openapi-base.yaml); \
            --check writes nothing and exits 3 when the collection and the document have drifted. Exit codes: 0 imported, \
            1 the source is malformed or of an unknown format (nothing written), 3 drift (--check), 4 a file could not be read or written.
            """)

    @Argument(help: ArgumentHelp("FORMAT SOURCE, or SOURCE alone.", valueName: "format-and-source"))
    var arguments: [String]

    @Option(name: .long, help: ArgumentHelp("The collection folder to write into (default: the current folder).", valueName: "dir"))
    var into: String?

    @Flag(name: .long, help: "Write nothing; print what would be written and the report.")
    var dryRun = false

    /// `--force` (replace request and environment files that exist already): the root command's
    /// group, shared, as its options follow a subcommand.
    @OptionGroup(title: "Collections") var collectionOptions: CollectionOptions

    @Flag(name: .long, help: "Print the files and the report as one JSON document.")
    var json = false

    @Flag(
        name: .long,
        help: "OpenAPI into a collection imported from it before: write nothing; exit 3 when the document brings changes (for CI).")
    var check = false

    func validate() throws {
        guard (1...2).contains(arguments.count) else { throw ValidationError("expected FORMAT SOURCE or SOURCE") }
        guard !collectionOptions.usesVariables, collectionOptions.save == nil, collectionOptions.collection == nil else {
            throw ValidationError(
                "ferry import takes --into DIR and --force; --env, --var, --host-env, --save and --collection are ferry send's")
        }
        if arguments.count == 2, ImportFormat(rawValue: arguments[0]) == nil {
            throw ValidationError("unknown format `\(arguments[0])` (expected \(ImportFormat.names))")
        }
    }

    func run() throws {
        if let command = givenCommand {
            try importText(command, source: "the command line", format: ImportFormat(rawValue: arguments[0])!, folder: false)
            return
        }
        let source = arguments.last! == "-" ? "-" : ImportFormat.document(at: arguments.last!)  // Bruno and Posting collections are folders
        let folder = source != "-" && ImportFormat.isFolder(source)
        let stderr = OutputStream.standardError
        let text: String
        do {
            let data =
                source == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : folder ? Data() : try Data(contentsOf: URL(fileURLWithPath: source))
            guard let decoded = String(data: data, encoding: .utf8) else {
                stderr.line("ferry: import: \(source) is not UTF-8 text")
                throw ExitStatus.usage.exitCode
            }
            text = decoded
        } catch let exit as ExitCode {
            throw exit
        } catch {
            stderr.line("ferry: import: cannot read \(source): \(error.localizedDescription)")
            throw ExitStatus.localFile.exitCode
        }
        guard let format = arguments.count == 2 ? ImportFormat(rawValue: arguments[0]) : ImportFormat.detect(text, path: source) else {
            stderr.line(
                "ferry: import: cannot tell the format of \(source); name it: ferry import FORMAT \(source) (\(ImportFormat.names))")
            throw ExitStatus.usage.exitCode
        }
        try importText(text, source: source, format: format, folder: folder)
    }

    /// A curl or grpcurl command given as SOURCE itself (`ferry import grpcurl 'grpcurl -plaintext …'`)
    /// rather than a file holding it.
    private var givenCommand: String? {
        guard arguments.count == 2, let format = ImportFormat(rawValue: arguments[0]), [.curl, .grpcurl].contains(format),
            arguments[1].hasPrefix(format.rawValue + " "), !FileManager.default.fileExists(atPath: arguments[1])
        else { return nil }
        return arguments[1]
    }

    private func importText(_ text: String, source: String, format: ImportFormat, folder: Bool) throws {
        let stderr = OutputStream.standardError
        let name = source == "-" ? "standard input" : source
        // curl reads `@file` from the folder it runs in, so a curl command's files are looked for
        // there; other formats name files beside themselves.
        let directory =
            source == "-" || source == "the command line" || format == .curl
            ? FileManager.default.currentDirectoryPath : folder ? source : (URL(fileURLWithPath: source).deletingLastPathComponent().path)
        let imported: ImportedCollection
        do {
            imported = try format.importer.importCollection(text, source: name, directory: directory)
        } catch {
            stderr.line("ferry: import: \(error)")
            throw ExitStatus.usage.exitCode
        }
        let files: [CollectionWriter.File]
        do {
            files = try imported.files(attachmentsFrom: directory)
        } catch {
            stderr.line("ferry: import: \(ErrorChain(error).line)")
            throw ExitStatus.usage.exitCode
        }
        let writer = CollectionWriter(root: into ?? FileManager.default.currentDirectoryPath)
        let sync = OpenAPISync(root: writer.root, source: text)
        if format == .openapi, source != "-", sync.hasBase, !collectionOptions.force {
            try merge(sync, imported: imported, files: files, importer: format.importer, source: name, directory: directory)
            return
        }
        if check {
            stderr.line("ferry: import: --check needs a collection imported from an OpenAPI document (its \(OpenAPISync.basePath))")
            throw ExitStatus.usage.exitCode
        }
        let written = format == .openapi && source != "-" ? files + [sync.baseFile] : files
        if !dryRun {
            do {
                try writer.write(written, force: collectionOptions.force)
            } catch {
                stderr.line("ferry: import: \(ErrorChain(error).line)")
                throw ExitStatus.localFile.exitCode
            }
        }
        let taken = dryRun ? Set(writer.existing(written)) : []
        print(ImportSummary(files: written, imported: imported, dryRun: dryRun, taken: taken), json: json)
    }

    /// The document imported again into its collection: merged with the user's edits against the
    /// last import, reported, and written (unless `--check` or `--dry-run`), the document kept as the next base.
    private func merge(
        _ sync: OpenAPISync, imported: ImportedCollection, files: [CollectionWriter.File], importer: any Importer, source: String,
        directory: String
    ) throws {
        let stderr = OutputStream.standardError
        let merge: CollectionMerge
        do {
            merge = try sync.merge(imported: imported, files: files, importer: importer, source: source, directory: directory)
        } catch {
            stderr.line("ferry: import: \(OpenAPISync.basePath): \(error)")
            throw ExitStatus.usage.exitCode
        }
        let out = OutputStream.standardOutput
        let lines = merge.lines.isEmpty ? ["the collection is in step with \(source)"] : merge.lines
        if json {
            out.write((try? ExchangeReport.encode(OpenAPISync.Summary(merge, checked: check || dryRun))) ?? Data())
            out.write("\n")
        } else {
            for line in lines { out.line(out.isTerminal ? TerminalSafeText.escaping(line) : line) }
        }
        if check {
            if merge.drifted { throw ExitStatus.rejected.exitCode }
            return
        }
        guard !dryRun else { return }
        do {
            try sync.apply(merge)
        } catch {
            stderr.line("ferry: import: \(ErrorChain(error).line)")
            throw ExitStatus.localFile.exitCode
        }
    }

    private func print(_ summary: ImportSummary, json: Bool) {
        let out = OutputStream.standardOutput
        if json {
            out.write((try? ExchangeReport.encode(summary)) ?? Data())
            out.write("\n")
        } else {
            let text = summary.lines.joined(separator: "\n") + "\n"
            out.write(out.isTerminal ? TerminalSafeText.escaping(text) : text)
        }
    }
}
