import FerryCore
import Foundation

/// A `.bru` file as Bruno writes it: named blocks at the start of a line (`meta {`, `post {`,
/// `body:json {`, `vars:secret [`) closed by `}` or `]` alone on a line, their lines indented by
/// two spaces. Text blocks (bodies, scripts, tests, docs) keep their text; the others are
/// `key: value` entries (`~key` for one switched off), annotations (`@description(…)`) skipped.
struct BruDocument {
    /// One `key: value` line of a block.
    struct Entry {
        var key: String
        var value: String
        var enabled: Bool
        /// 1-based.
        var line: Int
    }

    /// One block with its entries, or its text.
    struct Block {
        var name: String
        /// 1-based, of the `name {` line.
        var line: Int
        var entries: [Entry] = []
        var text = ""

        /// The enabled value of `key`; nil when missing.
        func value(_ key: String) -> String? { entries.first { $0.key == key && $0.enabled }?.value }
    }

    private(set) var blocks: [Block] = []

    /// A document of blocks made elsewhere (from Bruno's YAML format: `OpenCollectionItem`).
    init(blocks: [Block]) { self.blocks = blocks }

    /// True for blocks that hold text, not entries.
    static func holdsText(_ name: String) -> Bool {
        name.hasPrefix("script:") || name == "tests" || name == "docs"
            || (name.hasPrefix("body:") && !["body:form-urlencoded", "body:multipart-form", "body:file"].contains(name))
    }

    /// Parses `text`; a line outside any block, or a block never closed, is a problem at its line.
    init(_ text: String, source: String) throws(ImportProblem) {
        let lines = text.splitLines().map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard let last = line.last, last == "{" || last == "[", !line.hasPrefix(" ") else {
                throw ImportProblem(source: source, place: "line \(index), column 1", "expected a block: name { … }")
            }
            let close = last == "{" ? "}" : "]"
            var block = Block(name: line.dropLast().trimmingCharacters(in: .whitespaces), line: index)
            var body: [(number: Int, text: String)] = []
            while index < lines.count, lines[index] != close {
                body.append((index + 1, lines[index].hasPrefix("  ") ? String(lines[index].dropFirst(2)) : lines[index]))
                index += 1
            }
            guard index < lines.count else {
                throw ImportProblem(
                    source: source, place: "line \(block.line), column 1", "the block \(block.name) is not closed with \(close)")
            }
            index += 1
            if Self.holdsText(block.name) {
                block.text = body.map(\.text).joined(separator: "\n")
            } else {
                block.entries = Self.entries(body, list: close == "]")
            }
            blocks.append(block)
        }
    }

    /// The first block named `name`.
    func block(_ name: String) -> Block? { blocks.first { $0.name == name } }

    /// Entries of a dictionary block (`key: value`), or the items of a list block (`name,`);
    /// annotations and the `'''` text they hold are skipped, a `'''` value is read whole.
    private static func entries(_ lines: [(number: Int, text: String)], list: Bool) -> [Entry] {
        var entries: [Entry] = []
        var index = 0
        while index < lines.count {
            let (number, raw) = lines[index]
            index += 1
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            if text.hasPrefix("@") {  // an annotation, perhaps over several lines
                if text.contains("('''"), !text.hasSuffix("''')") {
                    while index < lines.count, !lines[index].text.contains("''')") { index += 1 }
                    index += 1
                }
                continue
            }
            if list {
                let item = text.hasSuffix(",") ? String(text.dropLast()) : text
                entries.append(Entry(key: item, value: "", enabled: true, line: number))
                continue
            }
            let enabled = !text.hasPrefix("~")
            let body = enabled ? Substring(text) : text.dropFirst()
            guard let colon = body.firstIndex(of: ":") else { continue }
            var value = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value == "'''" {  // a multiline value up to the closing '''
                var parts: [String] = []
                while index < lines.count, lines[index].text.trimmingCharacters(in: .whitespaces) != "'''" {
                    parts.append(lines[index].text.hasPrefix("  ") ? String(lines[index].text.dropFirst(2)) : lines[index].text)
                    index += 1
                }
                index += 1
                value = parts.joined(separator: "\n")
            }
            entries.append(Entry(key: body[..<colon].trimmingCharacters(in: .whitespaces), value: value, enabled: enabled, line: number))
        }
        return entries
    }
}
