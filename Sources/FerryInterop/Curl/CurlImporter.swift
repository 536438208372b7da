/// curl commands, as shells and browsers' "Copy as cURL" write them: each command becomes a request
/// that sends what curl sends (`CurlRequestBuilder`).
public struct CurlImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let commands: [ShellWords.Command]
        do {
            commands = try ShellWords.commands(in: text)
        } catch {
            throw ImportProblem(source: source, place: "line \(error.line), column \(error.column)", "the \(error.quote) quote opened here is never closed")
        }
        let curls = commands.compactMap { command -> ShellWords.Command? in
            var words = command.words
            if words.first == "$" { words.removeFirst() }
            guard let program = words.first, program == "curl" || program.hasSuffix("/curl") else { return nil }
            return ShellWords.Command(words: Array(words.dropFirst()), line: command.line)
        }
        guard !curls.isEmpty else { throw ImportProblem(source: source, "no curl command found") }
        var collection = ImportedCollection()
        for (number, command) in curls.enumerated() {
            let place = curls.count == 1 ? "line \(command.line)" : "command \(number + 1), line \(command.line)"
            var builder = CurlRequestBuilder(command: CurlCommand(arguments: command.words), place: place, source: source, directory: directory)
            let (description, title) = try builder.build()
            collection.report.notes += builder.report.notes
            collection.add(description, title: title, folder: "", source: place)
        }
        return collection
    }
}
