/// Reads a `NodePath` text step by step, walking the document as it goes.
struct NodePathReader {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// `$`, then `.key`, `["key"]` or `[index]` steps.
    mutating func resolveKeyed(in document: Document) throws(NodePath.Failure) -> NodeID {
        try selectKeyed(in: document, strict: true)[0]
    }

    /// The nodes the path selects, where `.*` and `[*]` steps take every member or item. `strict`
    /// throws "no such node" at the first step that selects nothing (a path without wildcards);
    /// otherwise nothing selected is an empty list.
    mutating func selectKeyed(in document: Document, strict: Bool) throws(NodePath.Failure) -> [NodeID] {
        try expect("$")
        var nodes = [document.root]
        while position < scalars.count {
            let stepStart = position
            let step: (NodeID) -> [NodeID]
            if scalars[position] == "." {
                position += 1
                if position < scalars.count, scalars[position] == "*" {
                    position += 1
                    step = { Array(document.children(of: $0)) }
                } else {
                    let key = take { NodePath.isIdentifier(String(String.UnicodeScalarView([$0]))) || ("0"..."9").contains($0) }
                    guard !key.isEmpty else { throw failure("a key after `.`") }
                    step = { node in document.children(of: node).first { document.key(of: $0) == key }.map { [$0] } ?? [] }
                }
            } else {
                try expect("[")
                if position < scalars.count, scalars[position] == "\"" {
                    let key = try quotedKey()
                    step = { node in document.children(of: node).first { document.key(of: $0) == key }.map { [$0] } ?? [] }
                } else if position < scalars.count, scalars[position] == "*" {
                    position += 1
                    step = { Array(document.children(of: $0)) }
                } else {
                    let digits = take { ("0"..."9").contains($0) }
                    guard let index = Int(digits) else { throw failure("an index, `*` or a quoted key") }
                    step = { node in document.child(of: node, at: index).map { [$0] } ?? [] }
                }
                try expect("]")
            }
            nodes = nodes.flatMap(step)
            if nodes.isEmpty {
                if strict { throw NodePath.Failure(position: stepStart, message: "no such node") }
                return []
            }
        }
        return nodes
    }

    /// `/root/item[2]/@id`, `text()`, `comment()`, `processing-instruction()`.
    mutating func resolveXML(in document: Document) throws(NodePath.Failure) -> NodeID {
        var node: NodeID?
        guard position < scalars.count else { throw failure("`/`") }
        while position < scalars.count {
            let stepStart = position
            try expect("/")
            let test = take { $0 != "/" && $0 != "[" }
            guard !test.isEmpty else { throw failure("a name") }
            var wanted = 1
            if position < scalars.count, scalars[position] == "[" {
                position += 1
                guard let number = Int(take { ("0"..."9").contains($0) }), number >= 1 else { throw failure("a position from 1") }
                wanted = number
                try expect("]")
            }
            let candidates: [NodeID]
            if let parent = node {
                candidates = document.children(of: parent).filter { NodePath.xmlTest($0, in: document) == test }
            } else {
                candidates = NodePath.xmlTest(document.root, in: document) == test ? [document.root] : []
            }
            guard wanted <= candidates.count else { throw NodePath.Failure(position: stepStart, message: "no such node") }
            node = candidates[wanted - 1]
        }
        return node!
    }

    // MARK: - Lexing

    private mutating func quotedKey() throws(NodePath.Failure) -> String {
        position += 1
        var key = ""
        while position < scalars.count, scalars[position] != "\"" {
            var scalar = scalars[position]
            if scalar == "\\" {
                position += 1
                guard position < scalars.count else { break }
                switch scalars[position] {
                case "n": scalar = "\n"
                case "t": scalar = "\t"
                case "r": scalar = "\r"
                case "u":
                    let hex = String(String.UnicodeScalarView(scalars[min(position + 1, scalars.count)..<min(position + 5, scalars.count)]))
                    guard hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                        throw failure("4 hex digits after `\\u`")
                    }
                    scalar = decoded
                    position += 4
                default: scalar = scalars[position]
                }
            }
            key.unicodeScalars.append(scalar)
            position += 1
        }
        try expect("\"")
        return key
    }

    private mutating func take(while predicate: (Unicode.Scalar) -> Bool) -> String {
        var text = ""
        while position < scalars.count, predicate(scalars[position]) {
            text.unicodeScalars.append(scalars[position])
            position += 1
        }
        return text
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(NodePath.Failure) {
        guard position < scalars.count, scalars[position] == scalar else { throw failure("`\(scalar)`") }
        position += 1
    }

    private func failure(_ expected: String) -> NodePath.Failure {
        NodePath.Failure(position: position, message: "expected \(expected)")
    }
}
