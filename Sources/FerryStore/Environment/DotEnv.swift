import FerryCore
import Foundation

/// A `.env` file: `NAME=value` lines (optionally `export NAME=value`, values optionally in single or
/// double quotes), `#` comments and blank lines. Its values are secret: such files hold credentials.
public struct DotEnv: Sendable, Equatable {
    public var variables: [Variable]

    /// Parses the text of a `.env` file; `path` is only used in problems.
    public init(text: String, path: String) throws(ConfigProblem) {
        variables = []
        for (index, rawLine) in text.splitLines().enumerated() {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\r") { line.removeLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst(7)).trimmingCharacters(in: .whitespaces) }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigProblem(file: path, line: index + 1, column: 1, key: nil, message: "expected NAME=value")
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) else {
                throw ConfigProblem(file: path, line: index + 1, column: 1, key: nil, message: "`\(name)` is not a variable name")
            }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = String(value.dropFirst().dropLast())
                if quote == "\"" { value = value.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"") }
            }
            variables.append(Variable(name: name, value: value, isSecret: true))
        }
    }

    /// Reads and parses the file at `path`.
    public init(contentsOf path: String) throws(ConfigProblem) {
        try self.init(text: try YAMLFile.text(of: path), path: path)
    }
}
