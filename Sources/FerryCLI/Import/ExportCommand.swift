import ArgumentParser
import FerryCore
import FerryInterop
import FerryStore
import Foundation

/// `ferry export FORMAT (FILE.ferry.yaml | DIR | --history ID)`: takes requests out of Ferry. Each
/// format is one case of `Format` and one branch of `run`; `-o` writes all or nothing.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Take requests out as curl, grpcurl or HTTPie commands, HAR, a Postman or Insomnia collection, a .http or a Hurl file.",
        discussion: """
            SOURCE is a request file or a collection folder; --history ID exports a recorded exchange instead. \
            curl: one command per request that sends what ferry send sends, quoted for a POSIX shell, variables filled \
            from --env and --var. \
            grpcurl: one command per gRPC request, as curl's. \
            httpie: the same as HTTPie (http) commands. \
            har: one entry per request, variables filled from --env and --var (a recorded exchange keeps its response). \
            postman: a v2.1 collection on standard output, or with -o DIR the collection and one Postman environment \
            file per environment. \
            insomnia: an Insomnia export (format 4) with the environments, on standard output or into the file -o names. \
            http: a .http file (JetBrains HTTP Client, VS Code REST Client) on standard output, or with -o DIR the file \
            with http-client.env.json and http-client.private.env.json beside it. \
            hurl: a Hurl file on standard output, or with -o DIR the file and a variables file per environment. Secrets are written as {{name}} (HAR) or \
            left empty (Postman and Insomnia environments, http-client.private.env.json) or left out (Hurl variables files) unless --reveal. What a format cannot hold is listed on standard error. Exit codes: 0 exported, 1 the source \
            cannot be read or a variable is missing (nothing written), 4 the output could not be written.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case curl, grpcurl, httpie, har, postman, insomnia, http, hurl
    }

    @Argument(help: ArgumentHelp("\(Format.allCases.map(\.rawValue).joined(separator: " or ")).", valueName: "format"))
    var format: Format

    @Argument(help: ArgumentHelp("A request file (.ferry.yaml) or a collection folder.", valueName: "source"))
    var source: String?

    @Option(
        name: .long, help: ArgumentHelp("Export this recorded exchange (an id from `ferry history list`).", valueName: "id"),
        completion: ShellCompletions.historyIDs)
    var history: String?

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write to this file (har, insomnia) or folder (postman, http, hurl), whole or not at all.", valueName: "path"))
    var output: String?

    /// `--env`, `--var`, `--host-env` fill variables (har); `--collection` names a request file's
    /// collection. The root command's group, shared, as its options follow a subcommand.
    @OptionGroup(title: "Request files and collections") var collectionOptions: CollectionOptions

    @Flag(name: .long, help: "Write secret values instead of {{name}} or an empty value.")
    var reveal = false

    func validate() throws {
        guard (source == nil) != (history == nil) else {
            throw ValidationError("give a request file or collection folder, or --history ID")
        }
        guard collectionOptions.save == nil, !collectionOptions.force else { throw ValidationError("--save and --force are not export's") }
    }

    /// What an export writes.
    private enum Output {
        /// One document: to standard output, or the file `-o` names.
        case document(Data)
        /// Files in the folder `-o` names, all or nothing.
        case folder([CollectionWriter.File])
    }

    func run() throws {
        let stderr = OutputStream.standardError
        let result: Output
        var notes: ImportReport
        do {
            let input = try history.map { try ExportSource(historyID: $0) } ?? ExportSource(path: source!, options: collectionOptions)
            switch format {
            case .curl: (result, notes) = try curl(input)
            case .grpcurl: (result, notes) = try grpcurl(input)
            case .httpie: (result, notes) = try httpie(input)
            case .har: (result, notes) = try har(input)
            case .postman: (result, notes) = try postman(input)
            case .insomnia: (result, notes) = try insomnia(input)
            case .http: (result, notes) = try http(input)
            case .hurl: (result, notes) = try hurl(input)
            }
            // Formats that keep {{variables}} lose these; curl, HTTPie and HAR carry resolved values.
            if ![.curl, .grpcurl, .httpie, .har].contains(format) {
                for (place, reason) in input.leftOut { notes.dropped(place, reason) }
            }
        } catch let error as HistoryError {
            stderr.line("ferry: export: history: \(error.description)")
            throw ExitStatus.usage.exitCode
        } catch {
            stderr.line("ferry: export: \(Self.message(error))")
            throw ExitStatus.usage.exitCode
        }
        do {
            try write(result)
        } catch {
            stderr.line("ferry: export: \(Self.message(error))")
            throw ExitStatus.localFile.exitCode
        }
        for line in notes.lines { stderr.line(line) }
    }

    /// One curl command per request, a blank line between them; a recorded exchange keeps its `{{name}}`s.
    private func curl(_ input: ExportSource) throws -> (Output, ImportReport) {
        let resolver = input.entry == nil ? try collectionOptions.resolver(root: input.root) : VariableResolver.literal
        let exporter = CurlExporter(reveal: reveal)
        let commands = try input.collection.requests.map { request in
            try exporter.command(
                for: request.description, resolver: resolver,
                defaults: input.collection.defaults(forFolder: (request.path as NSString).deletingLastPathComponent), directory: input.root)
        }
        return (.document(Data((commands.joined(separator: "\n\n") + "\n").utf8)), ImportReport())
    }

    /// One grpcurl command per gRPC request, a blank line between them, variables filled as for curl.
    private func grpcurl(_ input: ExportSource) throws -> (Output, ImportReport) {
        let resolver = input.entry == nil ? try collectionOptions.resolver(root: input.root) : VariableResolver.literal
        let exporter = GRPCurlExporter(reveal: reveal)
        var report = ImportReport()
        var commands: [String] = []
        for request in input.collection.requests {
            guard request.description.isGRPC || input.collection.requests.count == 1 else {
                report.dropped(request.path, "not a gRPC request (export it as curl)")
                continue
            }
            commands.append(
                try exporter.command(
                    for: request.description, resolver: resolver,
                    defaults: input.collection.defaults(forFolder: (request.path as NSString).deletingLastPathComponent),
                    directory: input.root))
        }
        return (.document(Data((commands.joined(separator: "\n\n") + "\n").utf8)), report)
    }

    /// One HTTPie command per request, a blank line between them, variables filled as for curl.
    private func httpie(_ input: ExportSource) throws -> (Output, ImportReport) {
        let resolver = input.entry == nil ? try collectionOptions.resolver(root: input.root) : VariableResolver.literal
        var exporter = HTTPieExporter(reveal: reveal)
        let commands = try input.collection.requests.map { request in
            try exporter.command(
                for: request.description, place: request.path, resolver: resolver,
                defaults: input.collection.defaults(forFolder: (request.path as NSString).deletingLastPathComponent), directory: input.root)
        }
        return (.document(Data((commands.joined(separator: "\n\n") + "\n").utf8)), exporter.report)
    }

    /// One HAR log: each request as it would be sent, or the recorded exchange with its response.
    private func har(_ input: ExportSource) throws -> (Output, ImportReport) {
        let creator = HARExporter.Creator(name: "Ferry", version: FerryInfo.version)
        if let entry = input.entry {
            return (.document(try HARExporter.document([HistoryHAR.entry(entry)], creator: creator)), ImportReport())
        }
        var exporter = HARExporter(reveal: reveal)
        let resolver = try collectionOptions.resolver(root: input.root)
        let now = HistoryReport.timestamp(Date())
        let entries = try input.collection.requests.map { request in
            let folder = (request.path as NSString).deletingLastPathComponent
            return try exporter.entry(
                for: request.description, place: request.path, resolver: resolver,
                defaults: input.collection.defaults(forFolder: folder), directory: input.root, startedDateTime: now)
        }
        return (.document(try HARExporter.document(entries, creator: creator)), exporter.report)
    }

    /// A Postman collection, and with `-o DIR` one environment file per environment.
    private func postman(_ input: ExportSource) throws -> (Output, ImportReport) {
        var exporter = PostmanExporter(reveal: reveal)
        let collection = try exporter.collection(input.collection, name: input.name)
        if let alone = document(collection, of: input, report: exporter.report) { return alone }
        var files = [CollectionWriter.File(path: "\(RequestFileName.slug(input.name)).postman_collection.json", contents: collection)]
        for environment in input.collection.environments {
            files.append(
                .init(
                    path: "\(RequestFileName.slug(environment.name)).postman_environment.json",
                    contents: try exporter.environment(environment),
                    isPrivate: reveal && environment.variables.contains(where: \.isSecret)))
        }
        return (.folder(files), exporter.report)
    }

    /// An Insomnia export (format 4): requests, folders and environments in one document.
    private func insomnia(_ input: ExportSource) throws -> (Output, ImportReport) {
        var exporter = InsomniaExporter(reveal: reveal)
        return (.document(try exporter.document(input.collection, name: input.name)), exporter.report)
    }

    /// A `.http` file, and with `-o DIR` the environments as `http-client.env.json` (and
    /// `http-client.private.env.json` for secret values) beside it.
    private func http(_ input: ExportSource) throws -> (Output, ImportReport) {
        var exporter = HTTPFileExporter(reveal: reveal)
        let file = Data(try exporter.file(input.collection).utf8)
        if let alone = document(file, of: input, report: exporter.report) { return alone }
        var files = [CollectionWriter.File(path: "\(RequestFileName.slug(input.name)).http", contents: file)]
        if !input.collection.environments.isEmpty {
            let (shared, secret) = try exporter.environments(input.collection.environments)
            files.append(.init(path: HTTPFileImporter.environmentFile, contents: shared))
            if let secret { files.append(.init(path: HTTPFileImporter.privateEnvironmentFile, contents: secret, isPrivate: reveal)) }
        }
        return (.folder(files), exporter.report)
    }

    /// A Hurl file, and with `-o DIR` a variables file per environment (`hurl --variables-file`).
    private func hurl(_ input: ExportSource) throws -> (Output, ImportReport) {
        var exporter = HurlExporter(reveal: reveal)
        let file = Data(try exporter.file(input.collection).utf8)
        if let alone = document(file, of: input, report: exporter.report) { return alone }
        var files = [CollectionWriter.File(path: "\(RequestFileName.slug(input.name)).hurl", contents: file)]
        for environment in input.collection.environments {
            files.append(
                .init(
                    path: "\(RequestFileName.slug(environment.name)).env", contents: Data(exporter.variables(environment).utf8),
                    isPrivate: reveal && environment.variables.contains(where: \.isSecret)))
        }
        return (.folder(files), exporter.report)
    }

    /// Without `-o`: the document alone on standard output (saying that the environments are left
    /// out when there are some); nil with `-o`, where the caller writes a folder.
    private func document(_ data: Data, of input: ExportSource, report: ImportReport) -> (Output, ImportReport)? {
        guard output == nil else { return nil }
        if !input.collection.environments.isEmpty { OutputStream.standardError.line("ferry: export: environments are written with -o DIR") }
        return (.document(data), report)
    }

    private func write(_ result: Output) throws {
        switch result {
        case .document(let data):
            if let output {  // revealed secrets: readable by the owner only
                return try AtomicFile.write(to: output, permissions: reveal ? 0o600 : 0o644) {
                    try AtomicFile.writeAll(data, to: $0, path: output)
                }
            }
            let out = OutputStream.standardOutput
            try out.writeAll(out.isTerminal ? Data(TerminalSafeText.escaping(String(decoding: data, as: UTF8.self)).utf8) : data)
        case .folder(let files):
            let folder = output ?? FileManager.default.currentDirectoryPath
            try CollectionWriter(root: folder).write(files, force: true)
            for file in files {
                OutputStream.standardError.line("ferry: exported \((folder as NSString).appendingPathComponent(file.path))")
            }
        }
    }

    private static func message(_ error: any Error) -> String {
        if let problem = error as? ExportSource.Problem { return problem.description }
        return ErrorChain(error).line
    }
}
