/// Writes a document (or one node of it) indented, in the document's order, with numbers and
/// strings as written. JSON and property lists print as JSON, XML as XML. Output goes to `emit`
/// in chunks of about `chunkSize` bytes, so a large document never becomes one giant String;
/// the walk uses an explicit stack, never recursion.
public struct DocumentPrettyPrinter: Sendable {
    /// ANSI colours, used only when the caller says the output is a terminal.
    public var colored: Bool
    /// Escape control characters (`TerminalSafeText`) so the output cannot drive a terminal;
    /// off, JSON strings are written byte for byte, as in the body.
    public var terminalSafe: Bool
    public var indent: Int
    public var chunkSize: Int
    /// Bytes of a string shown before it is cut with `…` and its size (nil: every string whole). For
    /// a person at a terminal: a one-line string of hundreds of megabytes is not read there, and
    /// printing it whole took three copies of it in memory.
    public var stringLimit: Int?

    /// The `stringLimit` for a terminal.
    public static let terminalStringLimit = 64 << 10

    public init(colored: Bool = false, terminalSafe: Bool = true, indent: Int = 2, chunkSize: Int = 1 << 16, stringLimit: Int? = nil) {
        self.colored = colored
        self.terminalSafe = terminalSafe
        self.indent = indent
        self.chunkSize = chunkSize
        self.stringLimit = stringLimit
    }

    /// Prints `node` (the whole document when nil) followed by a newline.
    public func print(_ document: Document, node: NodeID? = nil, to emit: (String) throws -> Void) rethrows {
        var output = ChunkedOutput(chunkSize: chunkSize)
        let start = node ?? document.root
        if document.format == .xml, node == nil {
            for top in document.topLevelNodes { try printXML(document, top, into: &output, emit: emit) }
        } else if document.format == .xml {
            try printXML(document, start, into: &output, emit: emit)
        } else {
            try printKeyed(document, start, into: &output, emit: emit)
        }
        if !output.buffer.isEmpty { try emit(output.take()) }
    }

    /// The whole output as one String, for small documents and tests.
    public func string(_ document: Document, node: NodeID? = nil) -> String {
        var text = ""
        print(document, node: node) { text += $0 }
        return text
    }

    // MARK: - JSON and property lists

    private func printKeyed(_ document: Document, _ start: NodeID, into output: inout ChunkedOutput, emit: (String) throws -> Void) rethrows
    {
        var stack: [(iterator: Document.Children.Iterator, closer: String, first: Bool)] = []
        var pending: NodeID? = start
        while true {
            if let node = pending {
                pending = nil
                if let key = document.key(of: node), node != start {
                    output.write(painted(keyText(document, node, key), .key))
                    output.write(": ")
                }
                let kind = document.kind(of: node)
                if kind.isContainer {
                    let isArray = kind == .array
                    output.write(painted(isArray ? "[" : "{", .punctuation))
                    stack.append((document.children(of: node).makeIterator(), isArray ? "]" : "}", true))
                } else {
                    output.write(scalarText(document, node))
                }
            }
            if output.isFull { try emit(output.take()) }
            guard !stack.isEmpty else { break }
            let top = stack.count - 1
            if let child = stack[top].iterator.next() {
                output.write(stack[top].first ? "\n" : ",\n")
                stack[top].first = false
                output.write(String(repeating: " ", count: indent * stack.count))
                pending = child
            } else {
                let frame = stack.removeLast()
                if !frame.first { output.write("\n" + String(repeating: " ", count: indent * stack.count)) }
                output.write(painted(frame.closer, .punctuation))
            }
        }
        output.write("\n")
    }

    private func keyText(_ document: Document, _ node: NodeID, _ key: String) -> String {
        guard document.format == .json, let range = document.jsonKeyRange(of: node.index) else { return safe(JSONStringLiteral.make(key)) }
        return safe(document.text(in: range))
    }

    private func scalarText(_ document: Document, _ node: NodeID) -> String {
        let kind = document.kind(of: node)
        switch kind {
        case .string where document.format == .json:
            let range = document.byteRange(of: node)
            guard let stringLimit, range.count > stringLimit else { return painted(safe(document.literal(of: node)), .string) }
            var shown = document.text(in: range.lowerBound..<(range.lowerBound + stringLimit))
            if shown.last == "\u{FFFD}" { shown.removeLast() }  // a character cut in two
            return painted(safe(shown) + "…\"", .string) + painted(" (a string of \(range.count) bytes, cut for the terminal)", .literal)
        case .string, .date, .data: return painted(safe(JSONStringLiteral.make(document.value(of: node) ?? "")), .string)
        case .number, .integer, .real: return painted(document.value(of: node) ?? "", .number)
        default: return painted(document.value(of: node) ?? "null", .literal)
        }
    }

    // MARK: - XML

    private func printXML(_ document: Document, _ start: NodeID, into output: inout ChunkedOutput, emit: (String) throws -> Void) rethrows {
        var stack: [(element: NodeID, iterator: Document.Children.Iterator)] = []
        var pending: NodeID? = start
        while true {
            if let node = pending {
                pending = nil
                let pad = String(repeating: " ", count: indent * stack.count)
                if document.kind(of: node) == .element {
                    let name = safe(document.name(of: node) ?? "")
                    var tag = painted("<" + name, .key)
                    var iterator = document.children(of: node).makeIterator()
                    var content: [NodeID] = []
                    while let child = iterator.next() {
                        if document.kind(of: child) == .attribute {
                            tag +=
                                " " + painted(safe(document.name(of: child) ?? ""), .punctuation) + "="
                                + painted(safe(attributeLiteral(document, child)), .string)
                        } else {
                            content.append(child)
                            break
                        }
                    }
                    if content.isEmpty {
                        output.write(pad + tag + painted("/>", .key) + "\n")
                    } else if content.count == 1, document.kind(of: content[0]) == .text, iterator.next() == nil {
                        output.write(
                            pad + tag + painted(">", .key) + safe(document.literal(of: content[0])) + painted("</\(name)>", .key) + "\n")
                    } else {
                        output.write(pad + tag + painted(">", .key) + "\n")
                        stack.append((node, document.children(of: node).makeIterator()))
                    }
                } else {
                    output.write(
                        pad
                            + painted(
                                safe(document.literal(of: node).trimmingXMLWhitespace()),
                                document.kind(of: node) == .text ? .string : .literal) + "\n")
                }
            }
            if output.isFull { try emit(output.take()) }
            guard !stack.isEmpty else { break }
            let top = stack.count - 1
            if let child = stack[top].iterator.next() {
                if document.kind(of: child) != .attribute { pending = child }
            } else {
                let frame = stack.removeLast()
                let pad = String(repeating: " ", count: indent * stack.count)
                output.write(pad + painted("</\(safe(document.name(of: frame.element) ?? ""))>", .key) + "\n")
            }
        }
    }

    /// `name="value"` minus the name: the quoted value as written.
    private func attributeLiteral(_ document: Document, _ node: NodeID) -> String {
        let literal = document.literal(of: node)
        guard let quote = literal.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return literal }
        return String(literal[quote...])
    }

    // MARK: - Styling

    private enum Role { case key, string, number, literal, punctuation }

    private func painted(_ text: String, _ role: Role) -> String {
        guard colored else { return text }
        let code =
            switch role {
            case .key: "34;1"
            case .string: "32"
            case .number: "36"
            case .literal: "35"
            case .punctuation: "2"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private func safe(_ text: String) -> String { terminalSafe ? TerminalSafeText.escaping(text) : text }
}

/// Collects small writes until a chunk is full.
private struct ChunkedOutput {
    let chunkSize: Int
    var buffer = ""

    var isFull: Bool { buffer.utf8.count >= chunkSize }

    mutating func write(_ text: String) { buffer += text }

    mutating func take() -> String {
        defer { buffer = "" }
        return buffer
    }
}

extension String {
    fileprivate func trimmingXMLWhitespace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}
