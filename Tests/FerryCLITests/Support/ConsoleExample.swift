import Foundation

/// One `$ command` line of a guide's ```` ```console ```` block, with the output lines shown under it.
///
/// The shown lines must appear in the command's output in order, not necessarily next to each
/// other; in a shown line `…` stands for any text, and a line that is only `…` stands for lines
/// left out.
struct ConsoleExample: Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var command: String
    var shownOutput: [String]

    var description: String { "\(file):\(line): $ \(command)" }

    /// Every example in the ```` ```console ```` blocks of `markdown`; other blocks are not examples.
    static func examples(inMarkdown markdown: String, file: String) -> [ConsoleExample] {
        var examples: [ConsoleExample] = []
        var inConsole = false
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            if text.hasPrefix("```") {
                inConsole = !inConsole && text == "```console"
            } else if inConsole, text.hasPrefix("$ ") {
                examples.append(ConsoleExample(file: file, line: index + 1, command: String(text.dropFirst(2)), shownOutput: []))
            } else if inConsole, !examples.isEmpty {
                examples[examples.count - 1].shownOutput.append(text)
            }
        }
        return examples
    }

    /// The example with `find` replaced by `replacement` in the command and the shown output.
    func replacing(_ find: String, with replacement: String) -> ConsoleExample {
        ConsoleExample(
            file: file, line: line, command: command.replacingOccurrences(of: find, with: replacement),
            shownOutput: shownOutput.map { $0.replacingOccurrences(of: find, with: replacement) })
    }

    /// The first shown line that `output` does not hold where it should, or nil when all are there.
    func missingLine(in output: String) -> String? {
        var remaining = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        for shown in shownOutput where shown.trimmingCharacters(in: .whitespaces) != "…" {
            guard let found = remaining.firstIndex(where: { Self.line($0, matches: shown) }) else { return shown }
            remaining = remaining[(found + 1)...]
        }
        return nil
    }

    /// Whether `line` is `pattern`, where each `…` in the pattern stands for any text.
    static func line(_ line: String, matches pattern: String) -> Bool {
        let pieces = pattern.trimmingCharacters(in: .whitespaces).components(separatedBy: "…")
        let line = line.trimmingCharacters(in: .whitespaces)
        guard pieces.count > 1 else { return line == pieces[0] }
        guard line.hasPrefix(pieces[0]) else { return false }
        var rest = line.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }
}
