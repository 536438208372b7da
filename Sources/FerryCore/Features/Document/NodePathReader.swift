/// Reads an XML `NodePath` text step by step, walking the document as it goes.
struct NodePathReader {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

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
