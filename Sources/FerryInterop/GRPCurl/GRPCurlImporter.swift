import FerryCore

/// grpcurl commands (`grpcurl -plaintext -d '{…}' host:port pkg.Service/Method`): each becomes a
/// gRPC request file that makes the same call — its server and method in a `grpc://` URL
/// (`grpcs://` without `-plaintext`), its messages, metadata, descriptor sets, deadline and TLS options.
public struct GRPCurlImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let commands = try ShellWords.commands(in: text, source: source)
        let calls = commands.compactMap { command -> ShellWords.Command? in
            var command = command
            if command.words.first == "$" { command.words.removeFirst() }
            guard let program = command.words.first, program == "grpcurl" || program.hasSuffix("/grpcurl") else { return nil }
            command.words.removeFirst()
            return command
        }
        guard !calls.isEmpty else { throw ImportProblem(source: source, "no grpcurl command found") }
        var collection = ImportedCollection()
        for (number, call) in calls.enumerated() {
            let place = calls.count == 1 ? "line \(call.line)" : "command \(number + 1), line \(call.line)"
            let (description, title) = try Self.request(call, place: place, source: source, report: &collection.report)
            collection.add(description, title: title, folder: "", source: place)
        }
        return collection
    }

    /// The request one command makes.
    static func request(
        _ call: ShellWords.Command, place: String, source: String, report: inout ImportReport
    ) throws(ImportProblem) -> (RequestDescription, String) {
        let command: GRPCurlCommand
        var messages: [Parameters] = []
        do {
            command = try GRPCurlCommand(words: call.words)
            if let data = command.data {
                // `-d @` reads the messages from standard input: a here-document's text when the command has one.
                guard data != "@" || call.standardInput != nil else {
                    throw GRPCurlProblem(word: "-d @", "reads standard input, which the command does not give (a here-document would)")
                }
                messages = try GRPCurlMessages.split(data == "@" ? call.standardInput ?? "" : data)
            }
        } catch let error as GRPCurlProblem {
            throw ImportProblem(source: source, place: place, "`\(error.word)` \(error.message)")
        } catch {
            throw ImportProblem(source: source, place: place, "\(error)")
        }
        guard let address = command.address, !address.isEmpty, let method = command.method, !method.isEmpty else {
            throw ImportProblem(source: source, place: place, "expected grpcurl [flags] ADDRESS SERVICE/METHOD")
        }
        guard !address.contains("/"), !address.contains(" ") else {
            throw ImportProblem(source: source, place: place, "`\(address)` is not host:port")
        }
        // grpcurl names a method `pkg.Service/Method` or `pkg.Service.Method`.
        var path = method.hasPrefix("/") ? String(method.dropFirst()) : method
        if !path.contains("/"), let dot = path.lastIndex(of: ".") { path.replaceSubrange(dot...dot, with: "/") }
        var description = RequestDescription(url: (command.plaintext ? "grpc://" : "grpcs://") + address + "/" + path)
        description.body = .grpc(GRPCBody(messages: messages, protosets: command.protosets))
        for header in command.headers {
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                throw ImportProblem(source: source, place: place, "`-H \(header)` is not `name: value`")
            }
            description.headers.append(
                RequestDescription.HeaderEntry(
                    name: header[..<colon].trimmingWhitespace(), value: header[header.index(after: colon)...].trimmingWhitespace()))
        }
        description.options.totalTimeout = command.maxTime
        description.options.connectTimeout = command.connectTimeout
        description.options.tls.caFile = command.caFile
        if command.insecure { description.options.tls.verifyPeer = false }
        for flag in command.ignored { report.dropped(place, "\(flag): not carried over") }
        for name in call.variables {
            report.approximated(
                place, "$\(name) is a shell variable: the request reads {{\(name)}}, which needs a value (an environment or --var)")
        }
        return (description, String(path.split(separator: "/").last ?? Substring(path)))
    }
}
