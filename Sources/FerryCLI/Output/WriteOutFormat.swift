import Foundation

/// curl's `-w`/`--write-out` format: text with `%{variable}`, `%header{name}`, `%%` and the escapes
/// `\n`, `\r`, `\t`, `\\`. `%{stdout}` and `%{stderr}` switch where the rest goes, as in curl. An unknown
/// variable is named in a warning and writes nothing, as curl does.
struct WriteOutFormat: Equatable, Sendable {
    enum Piece: Equatable, Sendable {
        case text(String)
        case variable(String)
        case header(String)
        case toStandardOutput, toStandardError
    }

    /// Where a rendered piece goes.
    enum Stream: Equatable { case standardOutput, standardError }

    let pieces: [Piece]

    /// Reads `format`; `@file` reads the format from a file and `@-` from standard input, as curl does.
    init(argument: String, readFile: (String) throws -> Data) throws {
        let format = argument.hasPrefix("@") ? String(decoding: try readFile(String(argument.dropFirst())), as: UTF8.self) : argument
        self.init(format)
    }

    init(_ format: String) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(format)
        func flush() {
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
        }
        while let character = rest.popFirst() {
            switch character {
            case "\\":
                guard let next = rest.first else {
                    text.append("\\")
                    continue
                }
                let escaped: Character? = ["n": "\n", "r": "\r", "t": "\t", "\\": "\\"][next]
                if let escaped {
                    rest.removeFirst()
                    text.append(escaped)
                } else {
                    text.append("\\")
                }
            case "%":
                if rest.first == "%" {
                    rest.removeFirst()
                    text.append("%")
                } else if rest.hasPrefix("{"), let close = rest.firstIndex(of: "}") {
                    flush()
                    let name = String(rest[rest.index(after: rest.startIndex)..<close])
                    pieces.append(name == "stdout" ? .toStandardOutput : name == "stderr" ? .toStandardError : .variable(name))
                    rest = rest[rest.index(after: close)...]
                } else if rest.hasPrefix("header{"), let close = rest.firstIndex(of: "}") {
                    flush()
                    pieces.append(.header(String(rest[rest.index(rest.startIndex, offsetBy: 7)..<close])))
                    rest = rest[rest.index(after: close)...]
                } else {
                    text.append("%")
                }
            default:
                text.append(character)
            }
        }
        flush()
        self.pieces = pieces
    }

    /// The variables the format names that `known` does not hold, for the warning.
    func unknownVariables(known: Set<String>) -> [String] {
        pieces.compactMap { piece in
            guard case .variable(let name) = piece, !known.contains(name) else { return nil }
            return name
        }
    }

    /// The text in order, each part with the stream it goes to; `value` gives a variable's text
    /// (nil: unknown, nothing written), `header` a response header's values joined with ", ".
    func rendered(value: (String) -> String?, header: (String) -> String?) -> [(Stream, String)] {
        var stream = Stream.standardOutput
        var parts: [(Stream, String)] = []
        for piece in pieces {
            let text: String?
            switch piece {
            case .text(let literal): text = literal
            case .variable(let name): text = value(name)
            case .header(let name): text = header(name)
            case .toStandardOutput:
                stream = .standardOutput
                text = nil
            case .toStandardError:
                stream = .standardError
                text = nil
            }
            if let text, !text.isEmpty { parts.append((stream, text)) }
        }
        return parts
    }
}
