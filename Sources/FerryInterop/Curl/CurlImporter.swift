/// curl commands, as shells and browsers' "Copy as cURL" write them: each command becomes a request
/// that sends what curl sends (`CurlRequestBuilder`).
public struct CurlImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let curls = try Self.curlCommands(in: text, source: source)
        guard !curls.isEmpty else { throw ImportProblem(source: source, "no curl command found") }
        var collection = ImportedCollection()
        for (number, command) in curls.enumerated() {
            let place = curls.count == 1 ? "line \(command.line)" : "command \(number + 1), line \(command.line)"
            var builder = CurlRequestBuilder(
                command: CurlCommand(arguments: command.words), place: place, source: source, directory: directory,
                standardInput: command.standardInput, inputFile: command.inputFile)
            let requests = try builder.build()
            collection.report.notes += builder.report.notes
            for name in command.variables {
                collection.report.approximated(
                    place, "$\(name) is a shell variable: the request reads {{\(name)}}, which needs a value (an environment or --var)")
            }
            for (index, request) in requests.enumerated() {
                collection.add(
                    request.description, title: request.title, folder: "",
                    source: requests.count == 1 ? place : "\(place), URL \(index + 1)")
            }
        }
        return collection
    }

    /// The curl commands in `text` (a `$ ` prompt allowed), each with the words after `curl`;
    /// other commands of a pipeline or a script are passed over.
    static func curlCommands(in text: String, source: String) throws(ImportProblem) -> [ShellWords.Command] {
        let commands = try ShellWords.commands(in: text, source: source)
        return commands.compactMap { command in
            var words = command.words
            if words.first == "$" { words.removeFirst() }
            guard let program = words.first, program == "curl" || program.hasSuffix("/curl") else { return nil }
            return ShellWords.Command(
                words: Array(words.dropFirst()), line: command.line,
                standardInput: command.standardInput, inputFile: command.inputFile, variables: command.variables)
        }
    }
}
